#pragma once

// The design file's text before the reader sees it: the message for text that is not JSON,
// and the forward schema migrations. Both work through nlohmann, kept out of the reader.

#include "model/common/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

/// The message for text that is not JSON, in nlohmann's words (its parser is the reference
/// the tape parser follows). nullopt when nlohmann accepts the text after all; `canonical`
/// then holds its re-serialization for the tape to read.
std::optional<Error> malformedJsonError(std::string_view text, std::size_t tapeErrorOffset,
                                        std::string &canonical);

/// The document after the forward migrations from `version`; empty when none applies. The
/// migrations work on a nlohmann DOM; their output is serialized for the tape to read.
std::optional<std::string> migrateDesignText(std::string_view text, long long version,
                                             std::vector<std::string> &warnings);

} // namespace cw
