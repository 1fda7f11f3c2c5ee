#include "calculators/Registry.h"

#include "calculators/InputError.h"
#include "calculators/ParamParser.h"
#include "calculators/RegistryEntries.h"

#include <algorithm>

namespace cw::calc {

namespace {

using detail::Entry;

const std::vector<Entry> &entries()
{
    // The order `calc --list` and the GUI dock show.
    static const std::vector<Entry> table = [] {
        std::vector<Entry> all = detail::trainingEntries();
        for (Entry &entry : detail::modelEntries())
            all.push_back(std::move(entry));
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

const Entry *findEntry(const std::string &name)
{
    for (const Entry &e : entries()) {
        if (e.info.name == name)
            return &e;
    }
    return nullptr;
}

/// Copies each renamed output under its former key too, for one release, and names the pairs
/// under "deprecated_outputs" (no warning: a reader of the new key cannot avoid the old one).
void addFormerOutputs(const CalculatorInfo &info, CalcOutcome &outcome)
{
    nlohmann::json renamed = nlohmann::json::object();
    for (const auto &[former, current] : info.renamedOutputs) {
        if (!outcome.result.contains(current))
            continue;
        outcome.result[former] = outcome.result[current];
        renamed[former] = current;
    }
    if (!renamed.empty())
        outcome.result["deprecated_outputs"] = renamed;
}

} // namespace

std::map<std::string, std::string> canonicalInputs(const std::string &name,
                                                   const std::map<std::string, std::string> &params,
                                                   std::vector<std::string> &warnings)
{
    const Entry *entry = findEntry(name);
    if (!entry)
        return params;
    std::map<std::string, std::string> out;
    for (const auto &[key, value] : params) {
        const ParamSpec *renamed = nullptr;
        for (const ParamSpec &spec : entry->info.params) {
            if (std::find(spec.aliases.begin(), spec.aliases.end(), key) != spec.aliases.end())
                renamed = &spec;
        }
        if (!renamed) {
            out[key] = value;
            continue;
        }
        if (params.contains(renamed->key))
            throw InputError(key,
                             "former name of '" + renamed->key + "'; give one of them, not both");
        warnings.push_back("parameter '" + key
                           + "' is deprecated and will be removed in the next release; use '"
                           + renamed->key + "' [" + renamed->unit + "]");
        out[renamed->key] = value;
    }
    return out;
}

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
    if (const Entry *e = findEntry(name)) {
        try {
            const std::map<std::string, std::string> canonical
                = canonicalInputs(name, params, outcome.warnings);
            const ParamReader reader(e->info, canonical);
            outcome.result = e->run(reader, presets);
        } catch (const InputError &error) {
            outcome.result = nullptr;
            outcome.error = error.what();
            return outcome;
        }
        addFormerOutputs(e->info, outcome);
        // A runner's own warnings (sanity bands) come after the naming ones.
        if (outcome.result.contains("warnings")) {
            for (const auto &w : outcome.result["warnings"])
                outcome.warnings.push_back(w.get<std::string>());
        }
        if (!outcome.warnings.empty())
            outcome.result["warnings"] = outcome.warnings;
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
