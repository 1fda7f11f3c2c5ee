#include "calculators/Registry.h"

#include "calculators/InputError.h"
#include "calculators/ParamParser.h"
#include "calculators/RegistryEntries.h"

namespace cw::calc {

namespace {

using detail::Entry;

const std::vector<Entry> &entries()
{
    // The order `calc --list` and the GUI dock show.
    static const std::vector<Entry> table = [] {
        std::vector<Entry> all = detail::trainingEntries();
        for (Entry &entry : detail::infrastructureEntries())
            all.push_back(std::move(entry));
        return all;
    }();
    return table;
}

std::vector<ModelPreset> &registeredPresets()
{
    static std::vector<ModelPreset> presets;
    return presets;
}

} // namespace

const std::vector<CalculatorInfo> &calculators()
{
    static const std::vector<CalculatorInfo> infos = [] {
        std::vector<CalculatorInfo> list;
        for (const Entry &e : entries())
            list.push_back(e.info);
        return list;
    }();
    return infos;
}

CalcOutcome runCalculator(const std::string &name, const std::map<std::string, std::string> &params)
{
    return runCalculator(name, params, registeredPresets());
}

CalcOutcome runCalculator(const std::string &name, const std::map<std::string, std::string> &params,
                          const std::vector<ModelPreset> &presets)
{
    CalcOutcome outcome;
    for (const Entry &e : entries()) {
        if (e.info.name != name)
            continue;
        try {
            const ParamReader reader(e.info, params);
            outcome.result = e.run(reader, presets);
        } catch (const InputError &error) {
            outcome.result = nullptr;
            outcome.error = error.what();
        }
        return outcome;
    }
    std::string names;
    for (const Entry &e : entries())
        names += (names.empty() ? "" : ", ") + e.info.name;
    outcome.error = "unknown calculator '" + name + "'; expected one of: " + names;
    return outcome;
}

void setModelPresets(std::vector<ModelPreset> presets)
{
    registeredPresets() = std::move(presets);
}

const std::vector<ModelPreset> &modelPresets()
{
    return registeredPresets();
}

} // namespace cw::calc
