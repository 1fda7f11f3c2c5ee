#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cw {

inline constexpr const char *kDesignFormat = "clusterwright-design";
/// The schema version this build writes. The log of versions is docs/file-format.md.
inline constexpr int kDesignSchemaVersion = 2;
/// The oldest version a migration chain exists for.
inline constexpr int kOldestReadableSchemaVersion = 1;

std::string generatorName();

/// One step of the forward migration chain: turns a document of version `from` into `from + 1`.
struct Migration
{
    int from;
    const char *summary;
    void (*apply)(nlohmann::json &document);
};

/// The chain, ordered by `from`.
const std::vector<Migration> &designMigrations();

} // namespace cw
