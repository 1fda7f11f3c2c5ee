#include "model/io/AtomicFile.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace cw {
namespace {

std::string temporaryPrefix(const std::filesystem::path &path)
{
    return "." + path.filename().string() + ".cw-";
}

std::filesystem::path folderOf(const std::filesystem::path &path)
{
    return path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
}

/// "<folder>/.<name>.cw-<our pid>-XXXXXX", ready for mkstemp/mkdtemp.
std::string temporaryPattern(const std::filesystem::path &path)
{
    return (folderOf(path) / (temporaryPrefix(path) + std::to_string(::getpid()) + "-XXXXXX"))
        .string();
}

bool processRuns(long pid)
{
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

/// fsync of a folder, so a rename inside it survives a power cut.
void syncFolder(const std::filesystem::path &folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

void removeStaleTemporaries(const std::filesystem::path &path)
{
    const std::string prefix = temporaryPrefix(path);
    std::error_code error;
    for (std::filesystem::directory_iterator it(folderOf(path), error), end; !error && it != end;
         it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (!name.starts_with(prefix))
            continue;
        // ".<name>.cw-<pid>-XXXXXX": the writer's pid, then mkstemp's six characters.
        const std::string rest = name.substr(prefix.size());
        const std::size_t dash = rest.find('-');
        if (dash == std::string::npos || dash == 0 || rest.size() != dash + 7)
            continue;
        char *stop = nullptr;
        const long pid = std::strtol(rest.c_str(), &stop, 10);
        if (stop != rest.c_str() + dash || processRuns(pid))
            continue;
        std::error_code ignored;
        std::filesystem::remove_all(it->path(), ignored);
    }
}

Result<std::filesystem::path> makeTemporaryFolderBeside(const std::filesystem::path &target)
{
    removeStaleTemporaries(target);
    std::string pattern = temporaryPattern(target);
    if (!::mkdtemp(pattern.data()))
        return Error { target.string() + ": cannot create a temporary folder in "
                       + folderOf(target).string() + " (" + std::strerror(errno) + ")" };
    ::chmod(pattern.c_str(), 0755); // mkdtemp makes it 0700; an export folder is ordinary
    return std::filesystem::path(pattern);
}

Result<void> swapFolderIn(const std::filesystem::path &prepared,
                          const std::filesystem::path &target)
{
    std::error_code error;
    const bool exists = std::filesystem::exists(std::filesystem::symlink_status(target, error));
    if (!exists) {
        if (::rename(prepared.c_str(), target.c_str()) != 0)
            return Error { target.string() + ": cannot move the new files in place ("
                           + std::strerror(errno) + ")" };
        syncFolder(folderOf(target));
        return {};
    }
    if (!std::filesystem::is_directory(std::filesystem::symlink_status(target, error)))
        return Error { target.string() + ": exists and is not a folder" };
    if (::renameat2(AT_FDCWD, prepared.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0)
        return Error { target.string() + ": cannot swap the new files in (" + std::strerror(errno)
                       + ")" };
    syncFolder(folderOf(target));
    // `prepared` now names the old folder; a kill before this ends leaves it for the next run.
    std::filesystem::remove_all(prepared, error);
    return {};
}

Result<void> writeFileAtomically(const std::filesystem::path &path, std::string_view contents)
{
    const std::filesystem::path folder = folderOf(path);
    removeStaleTemporaries(path);
    std::string pattern = temporaryPattern(path);
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0)
        return Error { path.string() + ": cannot create a temporary file in " + folder.string()
                       + " (" + std::strerror(errno) + ")" };
    auto fail = [&](const char *what) {
        const std::string reason = std::strerror(errno);
        ::close(fd);
        ::unlink(pattern.c_str());
        return Error { path.string() + ": " + what + " failed (" + reason + ")" };
    };
    std::size_t written = 0;
    while (written < contents.size()) {
        const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail("write");
        }
        written += static_cast<std::size_t>(n);
    }
    // mkstemp creates 0600; a design file is an ordinary document.
    if (::fchmod(fd, 0644) != 0)
        return fail("chmod");
    if (::fsync(fd) != 0)
        return fail("fsync");
    if (::close(fd) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(pattern.c_str());
        return Error { path.string() + ": close failed (" + reason + ")" };
    }
    if (::rename(pattern.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(pattern.c_str());
        return Error { path.string() + ": cannot replace the file (" + reason + ")" };
    }
    syncFolder(folder);
    return {};
}

Result<std::string> readWholeFile(const std::filesystem::path &path, std::size_t maxBytes)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        return Error { path.string() + ": is a folder, expected a file" };
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return Error { path.string() + ": cannot be opened (" + std::strerror(errno) + ")" };
    const auto tooLarge = [&] {
        return Error { path.string() + ": larger than the limit of "
                       + std::to_string(maxBytes / (std::size_t { 1024 } * 1024)) + " MiB" };
    };
    // One read into a string of the file's size: a 138 MB design is not copied through a
    // stringstream. Whatever the size does not cover (a pipe, /dev/zero, a file still
    // growing) is read in chunks after it, never beyond maxBytes.
    std::string text;
    const std::streamoff size = in.tellg();
    in.seekg(0);
    if (size > 0) {
        if (static_cast<std::uintmax_t>(size) > maxBytes)
            return tooLarge();
        text.resize(static_cast<std::size_t>(size));
        in.read(text.data(), size);
        text.resize(static_cast<std::size_t>(in.gcount()));
        if (in.bad())
            return Error { path.string() + ": read failed" };
    }
    char chunk[64 * 1024];
    while (in.good()) {
        in.read(chunk, sizeof chunk);
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > maxBytes)
            return tooLarge();
    }
    if (in.bad())
        return Error { path.string() + ": read failed" };
    return text;
}

} // namespace cw
