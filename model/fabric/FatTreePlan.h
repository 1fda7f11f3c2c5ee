#pragma once

#include "model/common/Result.h"

#include <vector>

namespace cw {

/// How a leaf's ports split for a downlink:uplink ratio r:1 at radix k: u = floor(k/(r+1))
/// up, d = r·u down, so d:u is exactly r:1 and k - (r+1)·u ports stay unused when r+1 does
/// not divide k (2:1 on 64 ports: 42 down, 21 up, 1 unused). Errors when k < r+1.
struct LeafSplit
{
    int down = 0;
    int up = 0;
};
Result<LeafSplit> leafSplit(int radix, int ratio);

/// The largest number of leaves one fat tree of `tiers` switch tiers can join (radix k,
/// u uplinks per leaf): 2 tiers -> k (a spine needs a port per leaf), 3 tiers -> k·k/2
/// (k pods of k/2 leaves; a core has one port group per pod).
int maxLeaves(int radix, int tiers);

/// One bundle of parallel links between a lower and an upper switch of the plan.
struct UpperWire
{
    int lowerTier = 0; ///< 0: leaf -> spine, 1: spine -> core
    int lower = 0; ///< index among the leaves (or spines) of the plane
    int upper = 0; ///< index among the spines (or cores) of the plane
    int count = 0; ///< parallel links
};

/// Spines, cores and the wiring above the leaves of one fat-tree plane (ref:al-fares-2008):
/// 2 tiers: S = the smallest divisor of u with S >= ceil(L·u/k), u/S links from each leaf to
/// each spine. 3 tiers (Al-Fares pods, S25): pods of k/2 leaves, u spines per pod, each leaf
/// one link to each spine of its pod; spine j of every pod goes to core group j of C cores,
/// C = the smallest divisor of k/2 with C >= ceil(pods/2); spine uplinks round-robin over
/// the group. Full 3-tier: k²/2 leaves, k²/2 spines, k²/4 cores.
struct UpperTierPlan
{
    int spines = 0;
    int cores = 0;
    std::vector<UpperWire> wires;
};
Result<UpperTierPlan> planUpperTiers(int leaves, int radix, int up, int tiers);

} // namespace cw
