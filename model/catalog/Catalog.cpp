#include "model/catalog/Catalog.h"

#include "model/catalog/CatalogReader.h"
#include "model/common/JsonLimits.h"
#include "model/common/JsonReader.h"
#include "model/io/AtomicFile.h"
#include "resources/EmbeddedResources.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <stdexcept>

namespace cw {
namespace {

constexpr const char *kCatalogFormat = "clusterwright-catalog";
constexpr int kCatalogVersion = 1;

/// A rack-scale rack's device slots name rack-mounted parts, and all its slots fit its units.
Result<void> checkRackContents(const Catalog &catalog, const Part &rack)
{
    int units = 0;
    for (const RackSlot &slot : rack.rack->contents) {
        if (slot.part.empty()) {
            units += slot.units * slot.count;
            continue;
        }
        const Part *device = catalog.find(slot.part);
        if (!device
            || (device->kind != PartKind::Server && device->kind != PartKind::Switch
                && device->kind != PartKind::Storage)
            || device->uHeight <= 0)
            return Error {
                rack.origin + ": part \"" + rack.id + "\": contents part \"" + slot.part
                + "\" is not a rack-mounted server, switch or storage part in the catalog"
            };
        units += device->uHeight * slot.count;
    }
    if (units > rack.rack->rackUnits)
        return Error { rack.origin + ": part \"" + rack.id + "\": contents take "
                       + std::to_string(units) + " U; the rack has "
                       + std::to_string(rack.rack->rackUnits) };
    return {};
}

Result<void> checkReferences(const Catalog &catalog)
{
    for (const auto &part : catalog.parts()) {
        if (part->rack && part->rack->rackScale())
            if (auto checked = checkRackContents(catalog, *part); !checked)
                return checked;
        if (!part->server || part->server->gpuPart.empty())
            continue;
        const Part *gpu = catalog.find(part->server->gpuPart);
        if (!gpu || gpu->kind != PartKind::Gpu)
            return Error { part->origin + ": part \"" + part->id + "\": gpu.part \""
                           + part->server->gpuPart + "\" is not a gpu in the catalog" };
    }
    return {};
}

} // namespace

Result<void> Catalog::addFile(std::string_view fileName, std::string_view text)
{
    const std::string file(fileName);
    if (auto limited = checkJsonLimits(text, catalogLimits()); !limited)
        return Error { file + ": " + limited.error().message };
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &error) {
        return Error { file + ": not valid JSON at " + describeTextPosition(text, error.byte) + " ("
                       + error.what() + ")" };
    } catch (const nlohmann::json::exception &error) {
        // A number out of range and the like (found by fuzz_catalog_reader): still an error
        // naming the file, never an exception out of the reader.
        return Error { file + ": not valid JSON (" + error.what() + ")" };
    }
    std::vector<std::unique_ptr<Part>> parts;
    try {
        const JsonReader root(document, "");
        if (root.string("format", "") != kCatalogFormat)
            root.fail("format", std::string("\"") + kCatalogFormat + "\"");
        root.integerInRange("version", kCatalogVersion, kCatalogVersion);
        std::set<std::string> seen;
        for (const JsonReader &entry : root.requiredObjects("parts")) {
            auto part = readPart(entry);
            if (!seen.insert(part->id).second)
                entry.fail("id",
                           "an id not used earlier in this file (\"" + part->id + "\" repeats)");
            part->origin = file;
            parts.push_back(std::move(part));
        }
    } catch (const JsonInputError &error) {
        return Error { file + ": " + error.what() };
    }
    for (auto &part : parts)
        put(std::move(part));
    return {};
}

void Catalog::put(std::unique_ptr<Part> part)
{
    auto it = m_byId.find(part->id);
    if (it != m_byId.end()) {
        m_notes.push_back("part \"" + part->id + "\" from " + part->origin
                          + " replaces the one from " + it->second->origin);
        for (auto &existing : m_parts)
            if (existing.get() == it->second) {
                existing = std::move(part);
                it->second = existing.get();
                return;
            }
    }
    m_byId[part->id] = part.get();
    m_parts.push_back(std::move(part));
}

Result<void> Catalog::addFolder(const std::filesystem::path &folder)
{
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error))
        return Error { folder.string() + ": catalog folder does not exist" };
    std::vector<std::filesystem::path> files;
    std::filesystem::directory_iterator it(folder, error);
    for (const std::filesystem::directory_iterator end; !error && it != end; it.increment(error)) {
        // The error_code forms: a symlink loop or a dangling link is an error naming the
        // file, not an exception that surfaces as "internal error".
        std::error_code statusError;
        const bool regular = it->is_regular_file(statusError);
        if (it->path().extension() != ".json")
            continue;
        if (statusError)
            return Error { it->path().string() + ": cannot be read (" + statusError.message()
                           + ")" };
        if (regular)
            files.push_back(it->path());
    }
    if (error)
        return Error { folder.string() + ": cannot list the catalog folder (" + error.message()
                       + ")" };
    std::sort(files.begin(), files.end());
    for (const auto &path : files) {
        auto text = readWholeFile(path, kMaxCatalogBytes);
        if (!text)
            return text.error();
        if (auto added = addFile(path.string(), *text); !added)
            return added;
    }
    return {};
}

const Part *Catalog::find(std::string_view id) const
{
    auto it = m_byId.find(std::string(id));
    return it == m_byId.end() ? nullptr : it->second;
}

std::vector<const Part *> Catalog::partsOfKind(PartKind kind) const
{
    std::vector<const Part *> result;
    for (const auto &part : m_parts)
        if (part->kind == kind)
            result.push_back(part.get());
    return result;
}

namespace {

Catalog loadBuiltin()
{
    Catalog catalog;
    for (const auto &file : resources::catalogFiles()) {
        if (auto added = catalog.addFile("resources/catalog/" + std::string(file.name), file.text);
            !added)
            throw std::runtime_error("built-in catalog: " + added.error().message);
    }
    if (auto checked = checkReferences(catalog); !checked)
        throw std::runtime_error("built-in catalog: " + checked.error().message);
    return catalog;
}

} // namespace

const Catalog &Catalog::builtin()
{
    static const Catalog catalog = loadBuiltin();
    return catalog;
}

std::vector<std::filesystem::path> Catalog::userFolders()
{
    std::vector<std::filesystem::path> folders;
    if (const char *path = std::getenv("CLUSTERWRIGHT_CATALOG_PATH"); path && *path) {
        std::string list(path);
        std::size_t start = 0;
        while (start <= list.size()) {
            const std::size_t end = std::min(list.find(':', start), list.size());
            if (end > start)
                folders.emplace_back(list.substr(start, end - start));
            start = end + 1;
        }
        return folders;
    }
    std::filesystem::path base;
    if (const char *xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        base = xdg;
    else if (const char *home = std::getenv("HOME"); home && *home)
        base = std::filesystem::path(home) / ".local" / "share";
    if (!base.empty()) {
        std::error_code error;
        const auto folder = base / "clusterwright" / "catalog";
        if (std::filesystem::is_directory(folder, error))
            folders.push_back(folder);
    }
    return folders;
}

Result<std::shared_ptr<const Catalog>>
Catalog::withUserFolders(const std::vector<std::filesystem::path> &extraFolders)
{
    auto catalog = std::make_shared<Catalog>(loadBuiltin());
    std::vector<std::filesystem::path> folders = userFolders();
    folders.insert(folders.end(), extraFolders.begin(), extraFolders.end());
    for (const auto &folder : folders)
        if (auto added = catalog->addFolder(folder); !added)
            return added.error();
    if (auto checked = checkReferences(*catalog); !checked)
        return checked.error();
    return std::shared_ptr<const Catalog>(std::move(catalog));
}

} // namespace cw
