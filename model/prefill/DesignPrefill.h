#pragma once

#include "model/prefill/DesignFacts.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// One calculator input taken from the design, with where it came from in words.
struct PrefilledInput
{
    std::string key; ///< the calculator's parameter key
    std::string value; ///< textual, as a user would type it ("120", "1:1")
    std::string source; ///< "storage tier 'lustre' (parallel-filesystem) write bandwidth"
    /// True when the design does not say and the value is an assumption (with its reason and
    /// published source in `source`): shown as "assumed", never as a design figure.
    bool assumed = false;
};

/// The inputs a design gives one calculator, and what it could not give.
struct Prefill
{
    std::vector<PrefilledInput> inputs;
    std::vector<std::string> notes; ///< inputs the design does not know, and why

    /// `given` plus the prefilled inputs; a given key always wins.
    std::map<std::string, std::string>
    merged(const std::map<std::string, std::string> &given) const;
    const PrefilledInput *find(const std::string &key) const;
};

/// Figures too costly to gather for every calculator (the bill of materials counts every
/// cable, model/quantities): the caller computes them (capexFromBom) and passes them in.
struct PrefillExtras
{
    std::optional<double> capexUsd;
    int unpricedLines = 0; ///< BOM lines with no catalog price (counted at $0)
    std::string capexSource; ///< "bill of materials: 123 lines incl. spares"
    std::string capexNote; ///< why there is no capex (BOM failed or unavailable)
};

/// The inputs of calculator `name` that the design knows and the user did not give (`given`
/// holds the user's keys; some prefills depend on them, e.g. dp = GPUs / (tp x pp)). Unknown
/// calculator names give an empty Prefill: the registry reports them.
Prefill prefillFromDesign(const std::string &name, const DesignFacts &facts,
                          const std::map<std::string, std::string> &given,
                          const PrefillExtras &extras = {});

} // namespace cw::calc
