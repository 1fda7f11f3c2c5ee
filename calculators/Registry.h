#pragma once

#include "calculators/ModelPresets.h"
#include "calculators/ParamSpec.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace cw::calc {

/// Result of runCalculator(): either a JSON result or an error message, never both.
struct CalcOutcome
{
    nlohmann::json result; // result keys + "assumptions" (array of strings); null on error
    std::string error; // names the parameter and what was expected; empty on success
    /// Former parameter names used, sanity bands crossed (MFU 0.9): the run still succeeded.
    /// Also in result["warnings"].
    std::vector<std::string> warnings;

    bool ok() const { return error.empty(); }
};

/// All calculators, in the order `calc --list` shows them.
const std::vector<CalculatorInfo> &calculators();

/// `params` with former (alias) keys of calculator `name` replaced by their current names; one
/// warning per alias used. Unknown calculators and keys pass through (runCalculator reports
/// them); a key given under both names is left twice so the run reports the clash.
std::map<std::string, std::string> canonicalInputs(const std::string &name,
                                                   const std::map<std::string, std::string> &params,
                                                   std::vector<std::string> &warnings);

/// Runs calculator `name` with textual parameters (CLI form: key -> "70B", "true", "ring", ...).
/// Defaults from the ParamSpecs fill absent keys. Unknown names, unknown keys, missing or
/// out-of-range values give an error; nothing throws. kv-cache's `model` is looked up in the
/// presets set with setModelPresets().
CalcOutcome runCalculator(const std::string &name,
                          const std::map<std::string, std::string> &params);

/// Same, with an explicit preset list instead of the registered one (tests, GUI previews).
CalcOutcome runCalculator(const std::string &name, const std::map<std::string, std::string> &params,
                          const std::vector<ModelPreset> &presets);

/// Registers the model presets used by runCalculator(name, params). Call once at start-up,
/// before any calculator runs (the registry is not synchronised); the build embeds
/// resources/models/*.json and feeds each document through parseModelPresets().
void setModelPresets(std::vector<ModelPreset> presets);
const std::vector<ModelPreset> &modelPresets();

} // namespace cw::calc
