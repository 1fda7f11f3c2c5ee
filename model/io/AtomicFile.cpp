#include "model/io/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace cw {

Result<void> writeFileAtomically(const std::filesystem::path &path, std::string_view contents)
{
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    std::string pattern = (folder / ("." + path.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0)
        return Error{path.string() + ": cannot create a temporary file in " + folder.string()
                     + " (" + std::strerror(errno) + ")"};
    auto fail = [&](const char *what) {
        const std::string reason = std::strerror(errno);
        ::close(fd);
        ::unlink(pattern.c_str());
        return Error{path.string() + ": " + what + " failed (" + reason + ")"};
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
        return Error{path.string() + ": close failed (" + reason + ")"};
    }
    if (::rename(pattern.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(pattern.c_str());
        return Error{path.string() + ": cannot replace the file (" + reason + ")"};
    }
    return {};
}

Result<std::string> readWholeFile(const std::filesystem::path &path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        return Error{path.string() + ": is a folder, expected a file"};
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return Error{path.string() + ": cannot be opened (" + std::strerror(errno) + ")"};
    // One read into a string of the file's size: a 138 MB design is not copied through a
    // stringstream. Whatever the size does not cover (a pipe, a file still growing) is
    // appended by the stream copy after it.
    std::string text;
    const std::streamoff size = in.tellg();
    in.seekg(0);
    if (size > 0) {
        text.resize(static_cast<std::size_t>(size));
        in.read(text.data(), size);
        text.resize(static_cast<std::size_t>(in.gcount()));
        if (in.bad())
            return Error{path.string() + ": read failed"};
    }
    if (in.good()) {
        std::ostringstream rest;
        rest << in.rdbuf();
        text += rest.str();
    }
    if (in.bad())
        return Error{path.string() + ": read failed"};
    return text;
}

} // namespace cw
