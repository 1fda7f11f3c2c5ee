#include "model/io/SchemaVersion.h"

#include "model/common/Version.h"

#include <nlohmann/json.hpp>

namespace cw {

std::string generatorName()
{
    return std::string("Clusterwright ") + clusterwrightVersion();
}

const std::vector<Migration> &designMigrations()
{
    // Version 1 is the first published format: nothing to migrate from yet. A change to the
    // format adds {N, "what changed", fn} here, bumps kDesignSchemaVersion and the log in
    // docs/file-format.md, and a fixture of version N under tests/data/migrations/.
    static const std::vector<Migration> migrations;
    return migrations;
}

} // namespace cw
