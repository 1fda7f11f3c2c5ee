#include "model/io/SchemaVersion.h"

#include <nlohmann/json.hpp>

namespace cw {

std::string generatorName()
{
    return "Clusterwright 0.1.0";
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
