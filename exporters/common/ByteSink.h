#pragma once

#include "model/common/Result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace cw::exporters {

/// Where a streamed export file goes: bytes are appended to a buffer that is handed to
/// drain() whenever it fills, so a file of any size costs one buffer of memory. The first
/// failure is kept (error()) and later writes are dropped; the producer checks it at the end.
class ByteSink
{
public:
    explicit ByteSink(std::size_t bufferBytes = std::size_t(1) << 18);
    virtual ~ByteSink() = default;
    ByteSink(const ByteSink &) = delete;
    ByteSink &operator=(const ByteSink &) = delete;

    void write(std::string_view bytes)
    {
        m_buffer.append(bytes);
        if (m_buffer.size() >= m_limit)
            flush();
    }
    void put(char c)
    {
        m_buffer.push_back(c);
        if (m_buffer.size() >= m_limit)
            flush();
    }
    /// The buffer itself, for callers that format into it in place (cheaper than a
    /// temporary string per field); call flushIfFull() after.
    std::string &buffer() { return m_buffer; }
    void flushIfFull()
    {
        if (m_buffer.size() >= m_limit)
            flush();
    }
    /// Hands the buffered bytes to drain(). Returns false once a drain has failed.
    bool flush();

    std::uint64_t bytesWritten() const { return m_written + m_buffer.size(); }
    bool failed() const { return !m_error.empty(); }
    const std::string &error() const { return m_error; }
    /// Records a failure (the first one wins).
    void fail(std::string message);

protected:
    /// Takes `bytes` (the whole buffer); returns an error message, or empty on success.
    virtual std::string drain(std::string_view bytes) = 0;

private:
    std::string m_buffer;
    std::size_t m_limit;
    std::uint64_t m_written = 0;
    std::string m_error;
};

/// A sink that collects the bytes in memory (tests, previews, small files).
class StringSink final : public ByteSink
{
public:
    /// The bytes so far (flushes first).
    const std::string &text();
    std::string take();

protected:
    std::string drain(std::string_view bytes) override;

private:
    std::string m_text;
};

/// A sink that writes to an open file descriptor (not owned); errors name `path`.
class FileDescriptorSink final : public ByteSink
{
public:
    FileDescriptorSink(int fd, std::string path);

protected:
    std::string drain(std::string_view bytes) override;

private:
    int m_fd;
    std::string m_path;
};

} // namespace cw::exporters
