#include "model/validation/ValidationEngine.h"
#include "model/validation/rules/Rules.h"

namespace cw {

std::vector<std::unique_ptr<Rule>> builtinRules()
{
    rules::RuleList rules;
    rules::addPowerRules(rules);
    rules::addCoolingRules(rules);
    rules::addCduRules(rules);
    rules::addSpaceRules(rules);
    rules::addNetworkRules(rules);
    rules::addFabricRules(rules);
    rules::addRoceRules(rules);
    rules::addStorageRules(rules);
    rules::addSlurmRules(rules);
    rules::addFailureRules(rules);
    rules::addRackScaleRules(rules);
    return rules;
}

} // namespace cw
