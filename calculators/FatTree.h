#pragma once

#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of fatTree(): largest folded-Clos fabric from identical radix-k switches.
struct FatTreeInput
{
    long long radix = 0; // k, ports per switch, same speed everywhere
    int tiers = 2; // 2 (leaf/spine) or 3 (leaf/spine/core)
    long long oversubscription = 1; // r in "r:1" = leaf downlink : uplink ports
};

/// Endpoint, switch and link counts per tier of a maximum-size fat tree.
struct FatTreeResult
{
    long long maxEndpoints = 0;
    long long leafSwitches = 0;
    long long spineSwitches = 0;
    long long coreSwitches = 0;
    long long switches = 0;
    long long hostLeafLinks = 0;
    long long leafSpineLinks = 0;
    long long spineCoreLinks = 0;
    long long leafDownPorts = 0; // d
    long long leafUpPorts = 0; // u
    std::vector<std::string> assumptions;
};

/// Closed-form switch and link counts. Throws InputError when the ports do not divide evenly.
FatTreeResult fatTree(const FatTreeInput &input);

/// Parses "r:1" (r a whole number >= 1); returns 0 when malformed.
long long parseOversubscription(const std::string &text);

} // namespace cw::calc
