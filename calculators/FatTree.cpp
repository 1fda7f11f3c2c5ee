#include "calculators/FatTree.h"

#include "calculators/InputError.h"
#include "calculators/ParamParser.h"

namespace cw::calc {

long long parseOversubscription(const std::string &text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos || text.substr(colon + 1) != "1")
        return 0;
    const auto down = parseNumber(text.substr(0, colon));
    if (!down || *down < 1.0 || *down > 1e6
        || *down != static_cast<double>(static_cast<long long>(*down)))
        return 0;
    return static_cast<long long>(*down);
}

FatTreeResult fatTree(const FatTreeInput &input)
{
    requireAtLeast("radix", input.radix, 4);
    if (input.radix % 2 != 0)
        throw InputError("radix",
                         "expected an even whole number, got " + std::to_string(input.radix));
    if (input.tiers != 2 && input.tiers != 3)
        throw InputError("tiers", "expected 2 or 3, got " + std::to_string(input.tiers));
    requireAtLeast("oversubscription", input.oversubscription, 1);

    const long long k = input.radix;
    const long long r = input.oversubscription;
    // Leaf split for r:1 = downlink:uplink capacity (ref:al-fares-2008): d = k r/(r+1), u =
    // k/(r+1).
    if (k % (r + 1) != 0) {
        throw InputError("oversubscription",
                         "expected a ratio r:1 with radix divisible by r+1 (" + std::to_string(k)
                             + " ports cannot split " + std::to_string(r) + ":1 into whole ports)");
    }
    FatTreeResult t;
    t.leafUpPorts = k / (r + 1);
    t.leafDownPorts = k - t.leafUpPorts;
    const long long d = t.leafDownPorts;
    const long long u = t.leafUpPorts;

    if (input.tiers == 2) {
        // Two-tier folded Clos: every leaf has one uplink to each spine, and every spine port
        // goes to a distinct leaf. So spines = u and leaves = k (a spine's k ports).
        // Non-blocking (r = 1): k leaves, k/2 spines, k^2/2 hosts (ref:al-fares-2008; NVIDIA
        // DGX SuperPOD B200 RA, ref:nvidia-superpod-b200-ra: 64 leaf + 32 spine QM9700 for 2048
        // GPUs).
        t.leafSwitches = k;
        t.spineSwitches = u;
        t.coreSwitches = 0;
        t.maxEndpoints = k * d;
        t.hostLeafLinks = t.maxEndpoints;
        t.leafSpineLinks = t.leafSwitches * u; // == spines x k
        t.spineCoreLinks = 0;
        t.assumptions.push_back("2 tiers: each leaf has one uplink to each of u spines; each spine "
                                "port reaches a distinct leaf, so leaves = k and spines = u");
    } else {
        // Three-tier k-ary fat tree (Al-Fares, Loukissas & Vahdat, SIGCOMM 2008): k pods; a pod
        // is a complete bipartite graph of leaves (edge) and spines (aggregation). Spines keep
        // k/2 down and k/2 up (non-blocking above the leaf), so a pod has k/2 leaves and, with
        // u uplinks per leaf, u spines. Each core has one port per pod, so k pods and
        // cores = (spine uplinks per pod) = u k/2. r = 1 gives k^3/4 hosts, k^2/2 + k^2/2 + k^2/4.
        const long long pods = k;
        const long long leavesPerPod = k / 2;
        const long long spinesPerPod = u;
        t.leafSwitches = pods * leavesPerPod;
        t.spineSwitches = pods * spinesPerPod;
        t.coreSwitches = spinesPerPod * (k / 2);
        t.maxEndpoints = t.leafSwitches * d;
        t.hostLeafLinks = t.maxEndpoints;
        t.leafSpineLinks = t.leafSwitches * u; // == spines x k/2
        t.spineCoreLinks = t.spineSwitches * (k / 2); // == cores x k
        t.assumptions.push_back("3 tiers: k pods of k/2 leaves and u spines (ref:al-fares-2008 "
                                "with u = k/(r+1)); spines and cores non-blocking");
    }
    t.switches = t.leafSwitches + t.spineSwitches + t.coreSwitches;

    t.assumptions.push_back("oversubscription r:1 = leaf downlink:uplink ports; leaf uses d = "
                            + std::to_string(d) + " down, u = " + std::to_string(u) + " up");
    t.assumptions.push_back("all ports one speed, one link per port (no breakout), "
                            "maximum-size build (no partial pods or spare ports)");
    return t;
}

} // namespace cw::calc
