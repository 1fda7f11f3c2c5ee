#include "model/fabric/FatTreeShape.h"

#include <algorithm>
#include <map>

namespace cw::fattree {

std::vector<int> divisors(int n)
{
    std::vector<int> result;
    for (int d = 1; d <= n; ++d)
        if (n % d == 0)
            result.push_back(d);
    return result;
}

Result<void> shapeTree(Tree &tree, int requestedTiers, const std::vector<int> &planeOptions,
                       const std::function<std::vector<Leaf>(int planes)> &makeLeaves,
                       const std::string &what, const std::string &hint)
{
    const std::vector<int> tierOptions
        = requestedTiers ? std::vector<int> { requestedTiers } : std::vector<int> { 2, 3 };
    int neededLeaves = 0;
    for (int planes : planeOptions) {
        std::vector<Leaf> leaves = makeLeaves(planes);
        std::vector<std::vector<int>> perPlane(static_cast<std::size_t>(planes));
        for (std::size_t i = 0; i < leaves.size(); ++i)
            perPlane[static_cast<std::size_t>(leaves[i].plane)].push_back(static_cast<int>(i));
        int largest = 0;
        for (const auto &plane : perPlane)
            largest = std::max(largest, static_cast<int>(plane.size()));
        if (planes == planeOptions.front())
            neededLeaves = largest;
        for (int tiers : tierOptions) {
            if (largest > maxLeaves(tree.radix, tiers))
                continue;
            tree.tiers = tiers;
            tree.planes = planes;
            tree.leaves = std::move(leaves);
            tree.planeLeaves = std::move(perPlane);
            for (const auto &plane : tree.planeLeaves) {
                auto upper = planUpperTiers(static_cast<int>(plane.size()), tree.radix,
                                            tree.split.up, tiers);
                if (!upper)
                    return Error { what + ": " + upper.error().message };
                tree.upper.push_back(*upper);
            }
            return {};
        }
    }
    const int most = maxLeaves(tree.radix, tierOptions.back());
    const int planes = planeOptions.back();
    int largest = 0; // leaves of the fullest plane at the most planes tried
    {
        std::vector<int> perPlane(static_cast<std::size_t>(planes), 0);
        for (const Leaf &leaf : makeLeaves(planes))
            ++perPlane[static_cast<std::size_t>(leaf.plane)];
        largest = *std::max_element(perPlane.begin(), perPlane.end());
    }
    const std::string planesText
        = planes > 1 ? " per plane in " + std::to_string(planes) + " planes" : std::string();
    return Error { what + " needs " + std::to_string(planes > 1 ? largest : neededLeaves)
                   + " leaf switches of " + std::to_string(tree.split.down) + " downlinks"
                   + planesText + ", but a " + std::to_string(tierOptions.back())
                   + "-tier fat tree of radix " + std::to_string(tree.radix) + " joins at most "
                   + std::to_string(most) + " leaves (" + std::to_string(most * tree.split.down)
                   + " endpoints); " + hint };
}

void chunkLeaves(const std::vector<Endpoint> &endpoints, int down, int plane, int homeSu,
                 std::vector<Leaf> &leaves)
{
    for (std::size_t first = 0; first < endpoints.size(); first += static_cast<std::size_t>(down)) {
        Leaf leaf;
        leaf.plane = plane;
        leaf.homeSu = homeSu;
        for (std::size_t i = first;
             i < std::min(endpoints.size(), first + static_cast<std::size_t>(down)); ++i) {
            Endpoint endpoint = endpoints[i];
            endpoint.leafPort = static_cast<int>(i - first);
            leaf.endpoints.push_back(endpoint);
        }
        leaves.push_back(std::move(leaf));
    }
}

namespace {

/// Whether in-order chunks of `down` put no owner twice on one leaf.
bool chunksKeepOwnersApart(const std::vector<Endpoint> &endpoints, std::size_t down)
{
    for (std::size_t first = 0; first < endpoints.size(); first += down) {
        std::vector<int> owners;
        for (std::size_t i = first; i < std::min(endpoints.size(), first + down); ++i)
            owners.push_back(endpoints[i].owner);
        std::sort(owners.begin(), owners.end());
        if (std::adjacent_find(owners.begin(), owners.end()) != owners.end())
            return false;
    }
    return true;
}

} // namespace

void spreadLeaves(const std::vector<Endpoint> &endpoints, int down, int plane, int homeSu,
                  std::vector<Leaf> &leaves)
{
    const auto width = static_cast<std::size_t>(down);
    if (endpoints.empty() || down <= 0 || chunksKeepOwnersApart(endpoints, width)) {
        chunkLeaves(endpoints, down, plane, homeSu, leaves);
        return;
    }
    // Owners in first-seen order, each with its ports in order.
    std::vector<std::vector<Endpoint>> owners;
    std::map<int, std::size_t> ownerIndex;
    for (const Endpoint &endpoint : endpoints) {
        auto [it, added] = ownerIndex.try_emplace(endpoint.owner, owners.size());
        if (added)
            owners.emplace_back();
        owners[it->second].push_back(endpoint);
    }
    std::size_t widest = 0;
    for (const auto &ports : owners)
        widest = std::max(widest, ports.size());
    std::size_t count = std::max((endpoints.size() + width - 1) / width, widest);
    for (;; ++count) {
        std::vector<std::vector<Endpoint>> bins(count);
        for (std::size_t k = 0; k < owners.size(); ++k)
            for (std::size_t j = 0; j < owners[k].size(); ++j)
                bins[(k + j) % count].push_back(owners[k][j]);
        const bool fits = std::all_of(bins.begin(), bins.end(),
                                      [&](const auto &bin) { return bin.size() <= width; });
        if (!fits)
            continue;
        for (auto &bin : bins) {
            if (bin.empty())
                continue;
            for (std::size_t i = 0; i < bin.size(); ++i)
                bin[i].leafPort = static_cast<int>(i);
            leaves.push_back(Leaf { plane, homeSu, -1, std::move(bin) });
        }
        return;
    }
}

} // namespace cw::fattree
