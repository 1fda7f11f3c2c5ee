#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cw::calc {

/// One input of a calculator as the CLI and the GUI dock present it.
struct ParamSpec
{
    std::string key; // CLI key, kebab-case ("weight-bytes")
    std::string unit; // "bytes", "GB/s", "Gb/s", "kW", "" for counts/choices
    std::string help; // one line: meaning and accepted values
    std::optional<std::string> defaultValue; // textual default, parsed like user input
    bool required = false; // missing and no default -> error
    /// The accepted values when the input is a choice ("ring", "tree"; "true", "false");
    /// empty for numbers and for lists only known at run time (model presets, GPU parts).
    std::vector<std::string> choices = {};
    /// Former names still accepted for one release, each with a warning (docs/calculators.md,
    /// "Units in names").
    std::vector<std::string> aliases = {};
};

/// Name, summary and inputs of one calculator.
struct CalculatorInfo
{
    std::string name;
    std::string summary;
    std::vector<ParamSpec> params;
    /// Output keys renamed for their unit: former name -> current name. The JSON result
    /// carries both for one release and lists the pair under "warnings".
    std::vector<std::pair<std::string, std::string>> renamedOutputs = {};
};

} // namespace cw::calc
