#include "model/fabric/FatTreePlan.h"

#include <algorithm>
#include <string>

namespace cw {
namespace {

int ceilDiv(int a, int b)
{
    return (a + b - 1) / b;
}

/// The smallest divisor of `n` that is >= `atLeast`, or 0 if there is none.
int smallestDivisorAtLeast(int n, int atLeast)
{
    for (int d = std::max(atLeast, 1); d <= n; ++d)
        if (n % d == 0)
            return d;
    return 0;
}

} // namespace

Result<LeafSplit> leafSplit(int radix, int ratio)
{
    if (radix <= 0 || ratio <= 0)
        return Error { "radix and oversubscription must be positive" };
    // u = floor(k/(r+1)) up and d = r·u down keep the ratio exact; the k - (r+1)·u ports left
    // over stay unused (2:1 on 64 ports: 21 up, 42 down, 1 unused).
    const int up = radix / (ratio + 1);
    if (up < 1)
        return Error { "oversubscription " + std::to_string(ratio) + ":1 needs at least "
                       + std::to_string(ratio + 1) + " ports per leaf (" + std::to_string(ratio)
                       + " down, 1 up); the switch has " + std::to_string(radix) };
    return LeafSplit { ratio * up, up };
}

int maxLeaves(int radix, int tiers)
{
    if (tiers == 2)
        return radix;
    if (tiers == 3)
        return radix * (radix / 2);
    return 0;
}

Result<UpperTierPlan> planUpperTiers(int leaves, int radix, int up, int tiers)
{
    UpperTierPlan plan;
    if (leaves <= 0)
        return plan;
    if (leaves > maxLeaves(radix, tiers))
        return Error { std::to_string(leaves) + " leaves do not fit a " + std::to_string(tiers)
                       + "-tier fat tree of radix " + std::to_string(radix) + " (at most "
                       + std::to_string(maxLeaves(radix, tiers)) + ")" };
    if (tiers == 2) {
        plan.spines = smallestDivisorAtLeast(up, ceilDiv(leaves * up, radix));
        const int perSpine = up / plan.spines;
        for (int leaf = 0; leaf < leaves; ++leaf)
            for (int spine = 0; spine < plan.spines; ++spine)
                plan.wires.push_back(UpperWire { 0, leaf, spine, perSpine });
        return plan;
    }
    if (radix % 2 != 0)
        return Error { "a 3-tier fat tree needs an even radix (pods of k/2 leaves)" };
    const int podLeaves = radix / 2;
    const int pods = ceilDiv(leaves, podLeaves);
    const int groupCores = smallestDivisorAtLeast(podLeaves, ceilDiv(pods, 2));
    plan.spines = pods * up;
    plan.cores = up * groupCores;
    for (int pod = 0; pod < pods; ++pod) {
        const int first = pod * podLeaves;
        const int inPod = std::min(podLeaves, leaves - first);
        for (int leaf = first; leaf < first + inPod; ++leaf)
            for (int j = 0; j < up; ++j)
                plan.wires.push_back(UpperWire { 0, leaf, pod * up + j, 1 });
        // A spine is non-blocking: as many uplinks as leaves below it, round-robin over its
        // core group.
        for (int j = 0; j < up; ++j)
            for (int c = 0; c < groupCores; ++c) {
                const int links = inPod / groupCores + (c < inPod % groupCores ? 1 : 0);
                if (links > 0)
                    plan.wires.push_back(UpperWire { 1, pod * up + j, j * groupCores + c, links });
            }
    }
    return plan;
}

} // namespace cw
