#pragma once

#include <string>

namespace cw {

class Catalog;
struct Part;

/// The cable medium for a link: the catalog's cheapest-reach choice in the usual order —
/// passive/active copper where it reaches, then active optical cable, then transceivers and
/// fibre (domain-facts §6: DAC <= 2-3 m, ACC 4-5 m, MMF optics <= 50 m, SMF DR4 <= 100 m).
struct CableChoice
{
    const Part *part = nullptr;  ///< null when nothing in the catalog reaches
    double orderedLengthM = 0;   ///< the length rounded up to what can be ordered
};

/// `formFactorA`/`formFactorB` are the ports' form factors; a part that fits one of them is
/// preferred over one that does not (an IB OSFP link should not get a QSFP-DD Ethernet DAC).
CableChoice chooseCable(const Catalog &catalog, double speedGbps, double lengthM,
                        const std::string &formFactorA = {}, const std::string &formFactorB = {});

/// Distance a cable runs between two U positions in racks `positionA`/`positionB` of rows
/// at `rowA`/`rowB`: up to the overhead tray, along it, and down, plus slack. Same rack: the
/// vertical distance plus slack. Metres; 1U = 44.45 mm (EIA-310).
double estimateCableLengthM(int rowA, int positionA, int uA, int rowB, int positionB, int uB,
                            int rackUnits, double rackWidthM, double rowPitchM,
                            double trayHeightM, double slackM);

} // namespace cw
