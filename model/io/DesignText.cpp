#include "model/io/DesignText.h"

#include "model/common/JsonReader.h"
#include "model/io/SchemaVersion.h"

#include <nlohmann/json.hpp>

namespace cw {

std::optional<Error> malformedJsonError(std::string_view text, std::size_t tapeErrorOffset,
                                        std::string &canonical)
{
    try {
        canonical = nlohmann::json::parse(text).dump();
        return std::nullopt;
    } catch (const nlohmann::json::parse_error &error) {
        const bool truncated = error.byte >= text.size();
        return Error { std::string(truncated ? "the file ends too early (truncated?) at "
                                             : "not valid JSON at ")
                       + describeTextPosition(text, error.byte > 0 ? error.byte - 1 : 0) + ": "
                       + error.what() };
    } catch (const nlohmann::json::exception &error) {
        // A number too large for a double ("1e400"): no byte offset in the exception.
        return Error { "not valid JSON at " + describeTextPosition(text, tapeErrorOffset) + ": "
                       + error.what() };
    }
}

std::optional<std::string> migrateDesignText(std::string_view text, long long version,
                                             std::vector<std::string> &warnings)
{
    std::optional<nlohmann::json> document;
    for (const Migration &migration : designMigrations()) {
        if (migration.from < version)
            continue;
        if (!document)
            document = nlohmann::json::parse(text);
        migration.apply(*document);
        warnings.push_back("migrated from schema version " + std::to_string(migration.from) + " to "
                           + std::to_string(migration.from + 1) + ": " + migration.summary);
    }
    if (!document)
        return std::nullopt;
    return document->dump();
}

} // namespace cw
