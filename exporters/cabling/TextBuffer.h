#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace cw::cabling {

/// An append-only byte buffer for the cell writers: a cell reserves its worst case once and
/// copies its pieces with inline memcpy. std::string::append is an out-of-line call per piece
/// (four or five per cell, twelve million cells at 16,384 nodes).
class TextBuffer
{
public:
    explicit TextBuffer(std::size_t capacity)
        : m_data(new char[capacity])
        , m_capacity(capacity)
    { }

    std::size_t size() const { return m_size; }
    std::string_view view() const { return { m_data.get(), m_size }; }
    void clear() { m_size = 0; }

    /// Where the next `bytes` bytes go (at least that much room); commit() says how many
    /// were written.
    char *tail(std::size_t bytes)
    {
        if (m_capacity - m_size < bytes)
            grow(bytes);
        return m_data.get() + m_size;
    }
    void commit(const char *end) { m_size = static_cast<std::size_t>(end - m_data.get()); }

    void append(std::string_view text)
    {
        std::memcpy(tail(text.size()), text.data(), text.size());
        m_size += text.size();
    }
    void append(char c)
    {
        *tail(1) = c;
        ++m_size;
    }

    /// Copies `text` to `at` (room reserved by tail()) and returns the end.
    static char *put(char *at, std::string_view text)
    {
        std::memcpy(at, text.data(), text.size());
        return at + text.size();
    }

private:
    void grow(std::size_t bytes)
    {
        std::size_t capacity = m_capacity > 0 ? m_capacity * 2 : 64;
        while (capacity - m_size < bytes)
            capacity *= 2;
        std::unique_ptr<char[]> data(new char[capacity]);
        std::memcpy(data.get(), m_data.get(), m_size);
        m_data = std::move(data);
        m_capacity = capacity;
    }

    std::unique_ptr<char[]> m_data;
    std::size_t m_size = 0;
    std::size_t m_capacity;
};

} // namespace cw::cabling
