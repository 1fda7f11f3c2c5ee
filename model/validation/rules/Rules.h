#pragma once

#include "model/validation/Rule.h"

#include <memory>
#include <vector>

namespace cw::rules {

using RuleList = std::vector<std::unique_ptr<Rule>>;

// One family per file under model/validation/rules/; docs/validation.md lists every key.
void addPowerRules(RuleList &rules);
void addCoolingRules(RuleList &rules);
void addCduRules(RuleList &rules); // CDUs of liquid rows, hall positions
void addSpaceRules(RuleList &rules);
void addNetworkRules(RuleList &rules); // per link / per device
void addFabricRules(RuleList &rules); // whole-fabric graph checks
void addRoceRules(RuleList &rules);
void addStorageRules(RuleList &rules);
void addSlurmRules(RuleList &rules);
void addFailureRules(RuleList &rules); // what one lost feed does
void addRackScaleRules(RuleList &rules); // dense racks, NVLink domains

inline void add(RuleList &rules, const RuleInfo &info, FunctionRule::CheckFunction function)
{
    rules.push_back(std::make_unique<FunctionRule>(info, function));
}

} // namespace cw::rules
