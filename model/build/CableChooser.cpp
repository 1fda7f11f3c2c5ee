#include "model/build/CableChooser.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cw {
namespace {

constexpr double kRackUnitM = 0.04445; // EIA-310: 1U = 1.75 in = 44.45 mm

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

bool sameSpeed(const Part &part, double speedGbps)
{
    // Match on the speed of each logical link: a twin-port 800G part carries 2 x 400G.
    return part.cable && (part.kind == PartKind::Cable || part.kind == PartKind::Transceiver)
        && part.cable->linkSpeedGbps == speedGbps;
}

/// Best part by medium rank, then shortest reach, among the parts of the speed whose ends
/// fit both cages and that reach `lengthM`. `longest` is set to the longest-reach part of the
/// speed that fits the cages (to explain a refusal).
const Part *bestPart(const Catalog &catalog, double speedGbps, double lengthM,
                     const std::string &formFactorA, const std::string &formFactorB,
                     const Part *&longest)
{
    const Part *best = nullptr;
    int bestRank = 1 << 20;
    double bestReach = 0;
    for (const auto &part : catalog.parts()) {
        if (!sameSpeed(*part, speedGbps) || !cableFitsCages(*part->cable, formFactorA, formFactorB))
            continue;
        if (!longest || part->cable->reachM > longest->cable->reachM)
            longest = part.get();
        if (part->cable->reachM < lengthM)
            continue;
        const int rank = mediumRank(*part);
        // At equal rank the shorter-reach part is the cheaper one (DAC before ACC lengths).
        if (rank < bestRank || (rank == bestRank && part->cable->reachM < bestReach)) {
            best = part.get();
            bestRank = rank;
            bestReach = part->cable->reachM;
        }
    }
    return best;
}

std::string cage(const std::string &formFactor)
{
    return formFactor.empty() ? std::string("any") : formFactor;
}

} // namespace

CableChoice chooseCable(const Catalog &catalog, double speedGbps, double lengthM,
                        const std::string &formFactorA, const std::string &formFactorB)
{
    CableChoice best;
    const Part *longest = nullptr;
    best.part = bestPart(catalog, speedGbps, lengthM, formFactorA, formFactorB, longest);
    best.longestFittingReachM = longest ? longest->cable->reachM : 0;
    if (!best.part) {
        const std::string what = std::to_string(static_cast<int>(speedGbps)) + " Gb/s between "
            + cage(formFactorA) + " and " + cage(formFactorB) + " cages";
        best.note = longest ? "the longest catalog part for " + what + " is " + longest->id + " ("
                + longest->cable->medium + ", " + metres(longest->cable->reachM)
                + " m); the link needs " + metres(lengthM) + " m"
                            : "no catalog cable or module carries " + what;
        return best;
    }
    best.orderedLengthM = lengthM;
    const auto &lengths = best.part->cable->lengthsM;
    if (!lengths.empty()) {
        auto sorted = lengths;
        std::sort(sorted.begin(), sorted.end());
        auto it = std::lower_bound(sorted.begin(), sorted.end(), lengthM - 1e-9);
        best.orderedLengthM = it != sorted.end() ? *it : sorted.back();
    } else {
        best.orderedLengthM = std::ceil(lengthM); // fibre is cut to whole metres
    }
    return best;
}

double estimateCableLengthM(int rowA, int positionA, int uA, int rowB, int positionB, int uB,
                            int rackUnits, double rackWidthM, double rowPitchM, double trayHeightM,
                            double slackM)
{
    if (rowA == rowB && positionA == positionB)
        return std::abs(uA - uB) * kRackUnitM + slackM;
    const double upA = (rackUnits - uA) * kRackUnitM + trayHeightM;
    const double upB = (rackUnits - uB) * kRackUnitM + trayHeightM;
    const double along
        = std::abs(positionA - positionB) * rackWidthM + std::abs(rowA - rowB) * rowPitchM;
    return upA + along + upB + slackM;
}

} // namespace cw
