#pragma once

#include "model/catalog/Part.h"
#include "model/common/Result.h"

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cw {

/// The parts a design can name: the built-in files compiled into the program plus the files
/// in the user catalog folders. A later file may replace a part of the same id.
class Catalog
{
public:
    /// Adds every part of one catalog file. On error nothing of that file is added and the
    /// error names the file and the JSON pointer.
    Result<void> addFile(std::string_view fileName, std::string_view text);
    /// Adds every *.json in `folder` in name order; stops at the first bad file.
    Result<void> addFolder(const std::filesystem::path &folder);

    const Part *find(std::string_view id) const;
    const std::vector<std::unique_ptr<Part>> &parts() const { return m_parts; }
    std::vector<const Part *> partsOfKind(PartKind kind) const;
    /// Notes about the load (parts replaced by user files).
    const std::vector<std::string> &notes() const { return m_notes; }

    /// The built-in catalog, parsed once. Aborts with a message if a built-in file is bad
    /// (the test suite loads every built-in file, so that cannot ship).
    static const Catalog &builtin();
    /// Built-in plus user folders: $CLUSTERWRIGHT_CATALOG_PATH (':'-separated) or
    /// $XDG_DATA_HOME/clusterwright/catalog (~/.local/share/clusterwright/catalog), plus
    /// `extraFolders`.
    static Result<std::shared_ptr<const Catalog>>
    withUserFolders(const std::vector<std::filesystem::path> &extraFolders = {});
    static std::vector<std::filesystem::path> userFolders();

private:
    void put(std::unique_ptr<Part> part);

    std::vector<std::unique_ptr<Part>> m_parts;
    std::unordered_map<std::string, Part *> m_byId;
    std::vector<std::string> m_notes;
};

} // namespace cw
