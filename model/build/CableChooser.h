#pragma once

#include <string>

namespace cw {

class Catalog;
struct Part;

/// The cable medium for a link: the catalog's cheapest-reach choice in the usual order —
/// passive/active copper where it reaches, then active optical cable, then transceivers and
/// fibre (ref:nvidia-linkx-specs: DAC <= 2-3 m, ACC 4-5 m, MMF optics <= 50 m, SMF DR4 <= 100 m).
struct CableChoice
{
    const Part *part = nullptr;  ///< null when nothing in the catalog reaches
    double orderedLengthM = 0;   ///< the length rounded up to what can be ordered
    /// Non-empty when no part whose ends fit both cages reaches: `part` is then the best
    /// speed-and-reach match regardless of the cages, and net.cable-connector-mismatch will
    /// flag the link.
    std::string note;
};

/// `formFactorA`/`formFactorB` are the ports' cage form factors. Only parts whose two ends fit
/// the two cages (either orientation, cableFitsCages) are considered; when none reaches, the
/// choice falls back to speed and reach alone (a part fitting one cage first) with a note, so
/// generation still succeeds and validation reports the mismatch.
CableChoice chooseCable(const Catalog &catalog, double speedGbps, double lengthM,
                        const std::string &formFactorA = {}, const std::string &formFactorB = {});

/// Distance a cable runs between two U positions in racks `positionA`/`positionB` of rows
/// at `rowA`/`rowB`: up to the overhead tray, along it, and down, plus slack. Same rack: the
/// vertical distance plus slack. Metres; 1U = 44.45 mm (EIA-310).
double estimateCableLengthM(int rowA, int positionA, int uA, int rowB, int positionB, int uB,
                            int rackUnits, double rackWidthM, double rowPitchM,
                            double trayHeightM, double slackM);

} // namespace cw
