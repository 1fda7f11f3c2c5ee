#include "exporters/common/ExportWriter.h"

#include "exporters/common/ByteSink.h"
#include "model/io/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <string_view>
#include <unistd.h>

namespace cw::exporters {

namespace {

testing::SetFlush g_setFlush = nullptr;

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
        return Error { "export path \"" + relativePath + "\" is not a relative file path" };
    std::size_t start = 0;
    while (start <= relativePath.size()) {
        const std::size_t end = std::min(relativePath.find('/', start), relativePath.size());
        const std::string component = relativePath.substr(start, end - start);
        if (component.empty() || component == "." || component == ".." || component.front() == '.')
            return Error { "export path \"" + relativePath
                           + "\" has an empty, hidden or parent component" };
        for (char c : component)
            if (!keptCharacter(c))
                return Error { "export path \"" + relativePath
                               + "\" has a character outside [A-Za-z0-9._-]" };
        start = end + 1;
    }
    return {};
}

namespace {

namespace fs = std::filesystem;

/// Longest file-name component Linux file systems take (NAME_MAX), and a path length well
/// inside PATH_MAX: checked before anything is written.
constexpr std::size_t kMaxComponentBytes = 255;
constexpr std::size_t kMaxPathBytes = 4000;
/// Files of a folder that an export keeps beside its own (someone's notes, an older export's
/// other files). A folder with more is not an export folder: refuse rather than copy a tree.
constexpr std::size_t kMaxCarriedEntries = 10000;

/// The entries of `from` that the new set does not replace, hard-linked (copied when a link
/// is impossible) into `to`, so the swap keeps them.
Result<void> carryOver(const fs::path &from, const fs::path &to,
                       const std::set<std::string> &newFiles)
{
    std::error_code error;
    std::size_t count = 0;
    fs::recursive_directory_iterator it(from, error), end;
    for (; !error && it != end; it.increment(error)) {
        const fs::path relative = it->path().lexically_relative(from);
        if (newFiles.count(relative.generic_string()))
            continue;
        if (++count > kMaxCarriedEntries)
            return Error { from.string() + " holds more than " + std::to_string(kMaxCarriedEntries)
                           + " other files: export into an empty or new folder" };
        const fs::path destination = to / relative;
        const fs::file_status status = it->symlink_status();
        std::error_code step;
        if (fs::is_symlink(status)) {
            fs::copy_symlink(it->path(), destination, step);
        } else if (fs::is_directory(status)) {
            fs::create_directories(destination, step);
        } else if (fs::is_regular_file(status)) {
            fs::create_hard_link(it->path(), destination, step);
            if (step)
                fs::copy_file(it->path(), destination, step);
        } // sockets, fifos, devices: not something an export folder keeps
        if (step)
            return Error { "cannot keep " + it->path().string()
                           + " in the new export: " + step.message() };
    }
    if (error)
        return Error { "cannot read " + from.string() + ": " + error.message() };
    return {};
}

/// The folder the swap replaces: absolute, symlinks resolved, no trailing separator.
fs::path swapTarget(const fs::path &folder)
{
    std::error_code error;
    fs::path target = fs::weakly_canonical(fs::absolute(folder, error), error);
    if (error)
        target = fs::absolute(folder).lexically_normal();
    if (!target.has_filename())
        target = target.parent_path();
    return target;
}

/// Creates `path` (which must not exist) and writes the file's bytes (or streams them from its
/// producer through a buffer). No temporary file of its own: the folder it is in is private
/// until swapFolderIn renames it into place, which is the atomic step. (A temporary per file
/// also scanned the folder for stale ones each time: quadratic in the 4,819 rack SVGs of a
/// 16,384-node report.) No fsync either: flushSet flushes the whole set once before the swap
/// (an fsync per file waited for each file's writes in turn). Returns the bytes written.
Result<std::uint64_t> writeNewFile(const fs::path &path, const ExportedFile &file)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return Error { path.string() + ": cannot create (" + std::strerror(errno) + ")" };
    std::uint64_t size = 0;
    {
        FileDescriptorSink sink(fd, path.string());
        if (file.stream) {
            if (auto produced = file.stream(sink); !produced) {
                ::close(fd);
                return Error { path.string() + ": " + produced.error().message };
            }
        } else {
            sink.write(file.bytes);
        }
        sink.flush();
        if (sink.failed()) {
            ::close(fd);
            return Error { sink.error() };
        }
        size = sink.bytesWritten();
    }
    if (::close(fd) != 0)
        return Error { path.string() + ": close failed (" + std::strerror(errno) + ")" };
    return size;
}

/// fsync of one folder: its entries (names of the files in it) reach the disk.
Result<void> syncFolderEntries(const fs::path &folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return Error { folder.string() + ": cannot open to flush (" + std::strerror(errno) + ")" };
    const int synced = ::fsync(fd);
    const std::string reason = synced != 0 ? std::strerror(errno) : "";
    ::close(fd);
    if (synced != 0)
        return Error { folder.string() + ": fsync failed (" + reason + ")" };
    return {};
}

/// Flushes the finished set in `temporary` to disk in one call before the swap: syncfs of
/// its file system writes every file's data and metadata and reports a writeback error seen
/// since `folderFd` was opened (Linux 5.8 and later), so it is opened before the first file
/// is written; then each folder of the set is fsynced for its entries. (An fsync per file
/// waits for that file's writes, one after the other, and for a journal commit each where
/// the file system has a journal; syncfs lets the block layer take all of them at once.
/// fdatasync of every file after all were written was slower still: docs/performance.md,
/// "Report, session 7".) Any failure names the folder and abandons the set: the target
/// keeps its old files.
Result<void> flushSet(const fs::path &temporary, int folderFd, const std::set<fs::path> &folders)
{
    const int flushed = g_setFlush ? g_setFlush(folderFd) : ::syncfs(folderFd);
    if (flushed != 0)
        return Error { "cannot flush the exported files in " + temporary.string() + " to disk ("
                       + std::strerror(errno)
                       + "); the set is abandoned, the export folder is unchanged" };
    // Every folder between a file and `temporary` (create_directories made them all).
    std::set<fs::path> made;
    for (fs::path folder : folders)
        for (; folder != temporary && folder.has_relative_path(); folder = folder.parent_path())
            made.insert(folder);
    for (auto it = made.rbegin(); it != made.rend(); ++it)
        if (auto synced = syncFolderEntries(*it); !synced)
            return synced.error();
    if (::fsync(folderFd) != 0)
        return Error { temporary.string() + ": fsync failed (" + std::strerror(errno) + ")" };
    return {};
}

/// Writes every file under `temporary`; `folders` receives the folders made for them (each
/// created once, not once per file).
Result<void> writeInto(const fs::path &temporary, const std::vector<ExportedFile> &files,
                       std::vector<std::uint64_t> *sizes, std::set<fs::path> &folders)
{
    for (const ExportedFile &file : files) {
        const fs::path path = temporary / fs::path(file.path);
        if (folders.insert(path.parent_path()).second) {
            std::error_code error;
            fs::create_directories(path.parent_path(), error);
            if (error)
                return Error { "cannot create " + path.parent_path().string() + ": "
                               + error.message() };
        }
        // A file carried over from the old folder (hard-linked) is replaced, not written
        // through: the link would change the old set's copy too.
        std::error_code ignored;
        fs::remove(path, ignored);
        auto written = writeNewFile(path, file);
        if (!written)
            return written.error();
        if (sizes)
            sizes->push_back(*written);
    }
    return {};
}

} // namespace

Result<std::vector<std::filesystem::path>> writeExport(const std::vector<ExportedFile> &files,
                                                       const std::filesystem::path &folder,
                                                       bool force,
                                                       std::vector<std::uint64_t> *sizes)
{
    std::set<std::string> seen;
    std::vector<std::filesystem::path> targets;
    const fs::path target = swapTarget(folder);
    for (const ExportedFile &file : files) {
        if (auto checked = checkRelativePath(file.path); !checked)
            return checked.error();
        if (!seen.insert(file.path).second)
            return Error { "two exported files share the path \"" + file.path + "\"" };
        for (const fs::path &component : fs::path(file.path))
            if (component.string().size() > kMaxComponentBytes)
                return Error { "export file name \"" + component.string().substr(0, 40)
                               + "...\" is longer than " + std::to_string(kMaxComponentBytes)
                               + " bytes" };
        if ((target / file.path).string().size() > kMaxPathBytes)
            return Error { "export path " + (target / file.path).string().substr(0, 80)
                           + "... is longer than " + std::to_string(kMaxPathBytes) + " bytes" };
        targets.push_back(folder / std::filesystem::path(file.path));
    }
    if (!force)
        for (const auto &path : targets)
            if (std::filesystem::exists(path))
                return Error { path.string() + " exists; pass --force to overwrite" };
    std::error_code error;
    const bool exists = fs::exists(target, error);
    if (exists && !fs::is_directory(target, error))
        return Error { target.string() + " exists and is not a folder" };
    if (!fs::is_directory(target.parent_path(), error)) {
        fs::create_directories(target.parent_path(), error);
        if (error)
            return Error { "cannot create " + target.parent_path().string() + ": "
                           + error.message() };
    }

    // The whole set goes into a temporary folder beside the target, then replaces it in one
    // rename: a failure or a kill before the swap leaves the target as it was.
    auto temporary = makeTemporaryFolderBeside(target);
    if (!temporary)
        return temporary.error();
    auto abandon = [&](Error reason) {
        std::error_code ignored;
        fs::remove_all(*temporary, ignored);
        return reason;
    };
    if (exists) {
        fs::permissions(*temporary, fs::status(target, error).permissions(), error);
        if (auto carried = carryOver(target, *temporary, seen); !carried)
            return abandon(carried.error());
    }
    if (sizes)
        sizes->clear();
    // Opened before the first file is written, so syncfs reports every writeback error since.
    const int folderFd = ::open(temporary->c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folderFd < 0)
        return abandon(
            Error { temporary->string() + ": cannot open (" + std::strerror(errno) + ")" });
    std::set<fs::path> folders;
    auto written = writeInto(*temporary, files, sizes, folders);
    if (written)
        written = flushSet(*temporary, folderFd, folders);
    ::close(folderFd);
    if (!written)
        return abandon(written.error());
    if (auto swapped = swapFolderIn(*temporary, target); !swapped)
        return abandon(swapped.error());
    return targets;
}

namespace testing {

void setSetFlushForTesting(SetFlush flush)
{
    g_setFlush = flush;
}

} // namespace testing

} // namespace cw::exporters
