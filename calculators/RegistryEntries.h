#pragma once

// Internal to cw_calculators: how Registry.cpp's table is put together. Each calculator is a
// CalculatorInfo (the inputs the CLI and the GUI dock show) and a runner that reads them.

#include "calculators/ModelPresets.h"
#include "calculators/ParamParser.h"
#include "calculators/ParamSpec.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace cw::calc::detail {

using Runner = std::function<nlohmann::json(const ParamReader &, const std::vector<ModelPreset> &)>;

/// One calculator of the registry: its metadata and the function that runs it.
struct Entry
{
    CalculatorInfo info;
    Runner run;
};

inline ParamSpec required(std::string key, std::string unit, std::string help)
{
    return { std::move(key), std::move(unit), std::move(help), std::nullopt, true };
}

inline ParamSpec withDefault(std::string key, std::string unit, std::string help, std::string value)
{
    return { std::move(key), std::move(unit), std::move(help), std::move(value), false };
}

inline ParamSpec optional(std::string key, std::string unit, std::string help)
{
    return { std::move(key), std::move(unit), std::move(help), std::nullopt, false };
}

/// `spec` restricted to `values` (ParamReader::choice(key) checks against them).
inline ParamSpec oneOf(ParamSpec spec, std::vector<std::string> values)
{
    spec.choices = std::move(values);
    return spec;
}

/// `spec`, also accepted under its former name (with a warning) for one release.
inline ParamSpec formerly(std::string former, ParamSpec spec)
{
    spec.aliases.push_back(std::move(former));
    return spec;
}

/// A true/false input with its default.
inline ParamSpec flag(std::string key, std::string help, std::string value)
{
    return oneOf(withDefault(std::move(key), "", std::move(help), std::move(value)),
                 { "true", "false" });
}

// Whole values print as JSON integers (524288, not 524288.0); others as doubles.
inline nlohmann::json number(double value)
{
    constexpr double exactIntegerLimit = 9007199254740992.0; // 2^53
    if (std::floor(value) == value && std::fabs(value) < exactIntegerLimit)
        return static_cast<long long>(value);
    return value;
}

inline nlohmann::json withAssumptions(nlohmann::json result,
                                      const std::vector<std::string> &assumptions)
{
    result["assumptions"] = assumptions;
    return result;
}

/// training-memory, checkpoint, checkpoint-interval, training-time (RegistryTraining.cpp).
std::vector<Entry> trainingEntries();
/// model-params, kv-cache, inference-memory (RegistryModels.cpp).
std::vector<Entry> modelEntries();
/// power, coolant-flow, allreduce, collective, fat-tree, pfc-headroom, cost
/// (RegistryInfrastructure.cpp).
std::vector<Entry> infrastructureEntries();

} // namespace cw::calc::detail
