#include "model/build/CableChooser.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cw {
namespace {

constexpr double kRackUnitM = 0.04445;  // EIA-310: 1U = 1.75 in = 44.45 mm

int mediumRank(const Part &part)
{
    // Prefer copper, then AOC, then optics: cheaper and lower power at equal reach.
    if (part.kind == PartKind::Transceiver)
        return 3;
    const std::string &medium = part.cable->medium;
    if (medium == "dac" || medium == "copper-rj45")
        return 0;
    if (medium == "acc" || medium == "aec")
        return 1;
    return 2;
}

std::string metres(double lengthM)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", lengthM);
    return text;
}

/// Best part by medium rank, then shortest reach, among parts of the speed that reach.
/// `cagesMustFit`: only parts whose ends fit both cages; otherwise every part, those
/// fitting neither cage's form factor ranked last (the pre-connector behaviour).
const Part *bestPart(const Catalog &catalog, double speedGbps, double lengthM,
                     const std::string &formFactorA, const std::string &formFactorB,
                     bool cagesMustFit)
{
    const Part *best = nullptr;
    int bestRank = 1 << 20;
    double bestReach = 0;
    for (const auto &part : catalog.parts()) {
        if (!part->cable || (part->kind != PartKind::Cable && part->kind != PartKind::Transceiver))
            continue;
        // Match on the speed of each logical link: a twin-port 800G part carries 2 x 400G.
        if (part->cable->linkSpeedGbps != speedGbps)
            continue;
        if (part->cable->reachM < lengthM)
            continue;
        int rank = mediumRank(*part);
        if (cagesMustFit) {
            if (!cableFitsCages(*part->cable, formFactorA, formFactorB))
                continue;
        } else {
            const std::string &formFactor = part->cable->formFactor;
            const bool fits = formFactor.empty()
                              || (formFactorA.empty() && formFactorB.empty())
                              || formFactor == formFactorA || formFactor == formFactorB;
            rank += fits ? 0 : 10;  // a part that fits neither end ranks after every other
        }
        // At equal rank the shorter-reach part is the cheaper one (DAC before ACC lengths).
        if (rank < bestRank || (rank == bestRank && part->cable->reachM < bestReach)) {
            best = part.get();
            bestRank = rank;
            bestReach = part->cable->reachM;
        }
    }
    return best;
}

} // namespace

CableChoice chooseCable(const Catalog &catalog, double speedGbps, double lengthM,
                        const std::string &formFactorA, const std::string &formFactorB)
{
    CableChoice best;
    best.part = bestPart(catalog, speedGbps, lengthM, formFactorA, formFactorB, true);
    if (!best.part) {
        best.part = bestPart(catalog, speedGbps, lengthM, formFactorA, formFactorB, false);
        if (best.part)
            best.note = "no catalog part with ends for " + formFactorA + " and " + formFactorB
                        + " cages reaches " + metres(lengthM) + " m at "
                        + std::to_string(static_cast<int>(speedGbps)) + " Gb/s; chose "
                        + best.part->id + " by speed and reach only";
    }
    if (!best.part)
        return best;
    best.orderedLengthM = lengthM;
    const auto &lengths = best.part->cable->lengthsM;
    if (!lengths.empty()) {
        auto sorted = lengths;
        std::sort(sorted.begin(), sorted.end());
        auto it = std::lower_bound(sorted.begin(), sorted.end(), lengthM - 1e-9);
        best.orderedLengthM = it != sorted.end() ? *it : sorted.back();
    } else {
        best.orderedLengthM = std::ceil(lengthM);  // fibre is cut to whole metres
    }
    return best;
}

double estimateCableLengthM(int rowA, int positionA, int uA, int rowB, int positionB, int uB,
                            int rackUnits, double rackWidthM, double rowPitchM,
                            double trayHeightM, double slackM)
{
    if (rowA == rowB && positionA == positionB)
        return std::abs(uA - uB) * kRackUnitM + slackM;
    const double upA = (rackUnits - uA) * kRackUnitM + trayHeightM;
    const double upB = (rackUnits - uB) * kRackUnitM + trayHeightM;
    const double along = std::abs(positionA - positionB) * rackWidthM
                         + std::abs(rowA - rowB) * rowPitchM;
    return upA + along + upB + slackM;
}

} // namespace cw
