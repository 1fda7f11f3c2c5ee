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
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{path.string() + ": cannot be opened (" + std::strerror(errno) + ")"};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return Error{path.string() + ": read failed"};
    return text.str();
}

} // namespace cw
