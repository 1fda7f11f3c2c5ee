#include "exporters/common/ExportWriter.h"

#include "model/io/AtomicFile.h"

#include <set>

namespace cw::exporters {

namespace {

bool keptCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
           || c == '_' || c == '-';
}

} // namespace

std::string safeFileName(const std::string &name, const std::string &fallback)
{
    std::string result;
    for (char c : name)
        result += keptCharacter(c) ? c : '_';
    for (std::size_t i = 0; i < result.size() && result[i] == '.'; ++i)
        result[i] = '_';
    return result.empty() ? fallback : result;
}

Result<void> checkRelativePath(const std::string &relativePath)
{
    if (relativePath.empty() || relativePath.front() == '/' || relativePath.back() == '/')
        return Error{"export path \"" + relativePath + "\" is not a relative file path"};
    std::size_t start = 0;
    while (start <= relativePath.size()) {
        const std::size_t end = std::min(relativePath.find('/', start), relativePath.size());
        const std::string component = relativePath.substr(start, end - start);
        if (component.empty() || component == "." || component == ".." || component.front() == '.')
            return Error{"export path \"" + relativePath + "\" has an empty, hidden or parent component"};
        for (char c : component)
            if (!keptCharacter(c))
                return Error{"export path \"" + relativePath + "\" has a character outside [A-Za-z0-9._-]"};
        start = end + 1;
    }
    return {};
}

Result<std::vector<std::filesystem::path>> writeExport(const std::vector<ExportedFile> &files,
                                                        const std::filesystem::path &folder,
                                                        bool force)
{
    std::set<std::string> seen;
    std::vector<std::filesystem::path> targets;
    for (const ExportedFile &file : files) {
        if (auto checked = checkRelativePath(file.path); !checked)
            return checked.error();
        if (!seen.insert(file.path).second)
            return Error{"two exported files share the path \"" + file.path + "\""};
        targets.push_back(folder / std::filesystem::path(file.path));
    }
    if (!force)
        for (const auto &target : targets)
            if (std::filesystem::exists(target))
                return Error{target.string() + " exists; pass --force to overwrite"};
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::error_code error;
        std::filesystem::create_directories(targets[i].parent_path(), error);
        if (error)
            return Error{"cannot create " + targets[i].parent_path().string() + ": " + error.message()};
        if (auto written = writeFileAtomically(targets[i], files[i].bytes); !written)
            return written.error();
    }
    return targets;
}

} // namespace cw::exporters
