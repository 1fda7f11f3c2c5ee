#pragma once

#include "model/core/ChangeSet.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

/// How bad a violation is. Order matters: a lower value is more severe.
enum class Severity { Error, Warning, Info };

std::string_view toString(Severity severity);
/// Parses "error", "warning", "info"; nullopt for anything else ("off" is not a severity).
std::optional<Severity> parseSeverity(std::string_view text);

/// One finding of one rule: what is wrong, with the objects and the numbers, and what to do.
struct Violation
{
    std::string ruleKey;
    Severity severity = Severity::Error;
    std::string message;
    std::vector<EntityRef> entities; ///< the objects involved, most specific first
    std::vector<std::string> names; ///< their names, in the same order
    std::string fix; ///< suggested fix; empty when none is obvious
    bool waived = false;
    std::string waiverReason; ///< the matching waiver's reason when waived

    bool operator==(const Violation &) const = default;
};

} // namespace cw
