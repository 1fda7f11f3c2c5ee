#pragma once

// The load's slow path by name, for the tests that compare it with parseDesign (whose fast
// path reads the links straight from the text and hands anything unusual to this one).

#include "model/io/DesignFile.h"

#include <optional>

namespace cw {

/// parseDesign through the tape alone (model/io/JsonTape.h): every error and warning of the
/// reader comes from here, whichever path parseDesign took.
Result<LoadedDesign> parseDesignOnTape(std::string_view text, const Catalog &catalog);

/// parseDesign's fast path: the links read straight from the text (model/io/LinkScan.h),
/// the rest through the tape. Empty when the file is not a current one, has an error or
/// would warn: parseDesign then takes parseDesignOnTape, so messages and warnings have one
/// source. What it accepts, it reads as parseDesignOnTape would (tst_designio compares the
/// two on mutated files).
std::optional<LoadedDesign> parseDesignFast(std::string_view text, const Catalog &catalog);

} // namespace cw
