#pragma once

#include <string>

namespace cw {

class Catalog;
struct Part;

/// The cable medium for a link: the catalog's cheapest-reach choice in the usual order —
/// passive/active copper where it reaches, then active optical cable, then transceivers and
/// fibre (ref:nvidia-linkx-100g-pam4: DAC <= 2-3 m, ACC 4-5 m, MMF optics <= 50 m, SMF DR4
/// <= 100 m, FR4 <= 2 km).
struct CableChoice
{
    const Part *part = nullptr; ///< null when no part fits both cages and reaches
    double orderedLengthM = 0; ///< the length rounded up to what can be ordered
    /// Why `part` is null, in words a refusal can quote: no part of the speed joins the two
    /// cages at all, or the longest that does is shorter than the link.
    std::string note;
    /// The longest reach of the parts of the speed that fit both cages (0: none fits): a
    /// link longer than this is a reach limit, not a catalog gap.
    double longestFittingReachM = 0;
};

/// `formFactorA`/`formFactorB` are the ports' cage form factors. Only parts of the link's
/// speed whose two ends fit the two cages (either orientation, cableFitsCages) and whose
/// reach covers `lengthM` are considered. There is no fallback to a part that does not fit:
/// such a link would fail net.cable-connector-mismatch or net.cable-reach, so the choice is
/// null with a note and the caller refuses (generators) or leaves the link uncabled for
/// net.link-without-cable to report (recable).
CableChoice chooseCable(const Catalog &catalog, double speedGbps, double lengthM,
                        const std::string &formFactorA = {}, const std::string &formFactorB = {});

/// Distance a cable runs between two U positions in racks `positionA`/`positionB` of rows
/// at `rowA`/`rowB`: up to the overhead tray, along it, and down, plus slack. Same rack: the
/// vertical distance plus slack. Metres; 1U = 44.45 mm (EIA-310).
double estimateCableLengthM(int rowA, int positionA, int uA, int rowB, int positionB, int uB,
                            int rackUnits, double rackWidthM, double rowPitchM, double trayHeightM,
                            double slackM);

} // namespace cw
