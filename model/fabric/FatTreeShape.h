#pragma once

#include "model/common/Result.h"
#include "model/fabric/FatTreePlan.h"

#include <functional>
#include <string>
#include <vector>

namespace cw {
struct Part;
}

namespace cw::fattree {

/// Building blocks of the fat-tree generator (internal to model/fabric).

/// One endpoint port on a leaf. `owner` >= 0 is a node index, -1 the UFM, <= -2 storage
/// server (-2 - index).
struct Endpoint
{
    int owner = 0;
    int port = 0;
    int leafPort = 0; ///< index into the leaf's downlink ports
};

struct Leaf
{
    int plane = 0;
    int homeSu = -1; ///< -1: placed in the network area
    int device = -1;
    std::vector<Endpoint> endpoints;
};

/// One fat tree (all its planes) ready to place and cable.
struct Tree
{
    int radix = 0;
    LeafSplit split;
    int tiers = 0;
    int planes = 1;
    double speedGbps = 0;
    const Part *switchPart = nullptr; ///< every switch of the tree is this part
    std::vector<int> switchPorts; ///< the switch part's port indices, first `radix`
    std::vector<Leaf> leaves;
    std::vector<std::vector<int>> planeLeaves; ///< plane -> leaf indices in order
    std::vector<UpperTierPlan> upper; ///< per plane
    std::vector<std::vector<int>> spineDevices; ///< per plane
    std::vector<std::vector<int>> coreDevices;
};

/// The divisors of n, ascending.
std::vector<int> divisors(int n);

/// Picks tiers and planes: the fewest planes first (one tree joins everything when it can),
/// then the fewest tiers; fills tree.leaves, planeLeaves and upper. When nothing fits, the
/// error names the leaves needed, the most the largest shape joins, and ends with `hint`
/// (what the caller's parameters can still change).
Result<void> shapeTree(Tree &tree, int requestedTiers, const std::vector<int> &planeOptions,
                       const std::function<std::vector<Leaf>(int planes)> &makeLeaves,
                       const std::string &what, const std::string &hint);

/// Chunks `endpoints` into leaves of `down` ports, in order.
void chunkLeaves(const std::vector<Endpoint> &endpoints, int down, int plane, int homeSu,
                 std::vector<Leaf> &leaves);

/// Leaves of `down` ports for owners with several ports each (dual-homed storage), so that no
/// owner has two ports on one leaf: losing any one leaf then cuts no owner off. In-order chunks
/// are kept where they already do that (a full scalable unit sorted port by port); otherwise
/// owner k's j-th port goes to leaf (k + j) mod L, with L the fewest leaves (at least the
/// widest owner's port count) that keeps every leaf within `down`.
void spreadLeaves(const std::vector<Endpoint> &endpoints, int down, int plane, int homeSu,
                  std::vector<Leaf> &leaves);

} // namespace cw::fattree
