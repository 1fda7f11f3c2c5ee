#include "exporters/common/ByteSink.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace cw::exporters {

ByteSink::ByteSink(std::size_t bufferBytes)
    : m_limit(bufferBytes)
{
    m_buffer.reserve(bufferBytes + 4096);
}

bool ByteSink::flush()
{
    if (!m_error.empty()) {
        m_buffer.clear();
        return false;
    }
    if (m_buffer.empty())
        return true;
    std::string error = drain(m_buffer);
    m_written += m_buffer.size();
    m_buffer.clear();
    if (!error.empty())
        fail(std::move(error));
    return m_error.empty();
}

void ByteSink::fail(std::string message)
{
    if (m_error.empty())
        m_error = message.empty() ? std::string("write failed") : std::move(message);
}

const std::string &StringSink::text()
{
    flush();
    return m_text;
}

std::string StringSink::take()
{
    flush();
    return std::move(m_text);
}

std::string StringSink::drain(std::string_view bytes)
{
    m_text.append(bytes);
    return {};
}

FileDescriptorSink::FileDescriptorSink(int fd, std::string path)
    : m_fd(fd)
    , m_path(std::move(path))
{ }

std::string FileDescriptorSink::drain(std::string_view bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(m_fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return m_path + ": write failed (" + std::strerror(errno) + ")";
        }
        done += static_cast<std::size_t>(n);
    }
    return {};
}

} // namespace cw::exporters
