#pragma once

// What a load gives, in comparable form, for the tests that hold the load's paths (the tape,
// the links scanned from the text, on one thread or more) against each other.

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"

#include <string>

namespace cw::test {

/// The error's words, or the saved bytes and the warnings.
inline std::string loadOutcome(const Result<LoadedDesign> &loaded, const Catalog &catalog)
{
    if (!loaded)
        return "error: " + loaded.error().message;
    std::string outcome = serializeDesign(loaded->design, catalog);
    for (const std::string &warning : loaded->warnings)
        outcome += "\nwarning: " + warning;
    return outcome;
}

} // namespace cw::test
