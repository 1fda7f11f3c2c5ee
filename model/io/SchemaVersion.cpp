#include "model/io/SchemaVersion.h"

#include "model/common/Version.h"

#include <nlohmann/json.hpp>

namespace cw {

std::string generatorName()
{
    return std::string("Clusterwright ") + clusterwrightVersion();
}

namespace {

/// 1 -> 2: the site gains halls, hall distances and the CDU redundancy; rows gain their hall.
/// A version-1 site has no halls (the free floor it always described) and its CDUs, if any,
/// were sized N+1 by habit: the migration writes that assumption down.
void addSiteHalls(nlohmann::json &document)
{
    auto site = document.find("site");
    if (site != document.end() && site->is_object() && !site->contains("cduRedundancy"))
        (*site)["cduRedundancy"] = 1;
}

/// 1 -> 2 as well: a fabric's topology told rail optimization twice (kind "rail-optimized" and
/// the flag). Version 2 has one field for each fact: kind "fat-tree" and railOptimized true.
void splitRailOptimizedKind(nlohmann::json &document)
{
    auto fabrics = document.find("fabrics");
    if (fabrics == document.end() || !fabrics->is_array())
        return;
    for (nlohmann::json &fabric : *fabrics) {
        if (!fabric.is_object())
            continue;
        auto topology = fabric.find("topology");
        if (topology == fabric.end() || !topology->is_object())
            continue;
        auto kind = topology->find("kind");
        if (kind != topology->end() && *kind == "rail-optimized") {
            *kind = "fat-tree";
            (*topology)["railOptimized"] = true;
        }
    }
}

void toVersion2(nlohmann::json &document)
{
    addSiteHalls(document);
    splitRailOptimizedKind(document);
}

} // namespace

const std::vector<Migration> &designMigrations()
{
    // A change to the format adds {N, "what changed", fn} here, bumps kDesignSchemaVersion
    // and the log in docs/file-format.md, and a fixture of version N under
    // tests/data/migrations/.
    static const std::vector<Migration> migrations {
        { 1,
          "site halls, hall distances and CDU redundancy (N+1) added; the site has no halls; "
          "topology kind rail-optimized is a fat tree with railOptimized",
          &toVersion2 },
    };
    return migrations;
}

} // namespace cw
