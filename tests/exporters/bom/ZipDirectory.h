#pragma once

// Reads the central directory of a zip archive (PKWARE APPNOTE 6.3.x, §4.3.12 and §4.3.16)
// to list its entry names, independently of libxlsxwriter's minizip.

#include <cstdint>
#include <string>
#include <vector>

namespace cw::test {

inline std::uint32_t readLe(const std::string &bytes, std::size_t at, int size)
{
    std::uint32_t value = 0;
    for (int i = size - 1; i >= 0; --i)
        value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
    return value;
}

/// The entry names, or an empty list if `bytes` is not a well-formed zip.
inline std::vector<std::string> zipEntries(const std::string &bytes)
{
    constexpr std::uint32_t kEndOfDirectory = 0x06054b50;
    constexpr std::uint32_t kDirectoryEntry = 0x02014b50;
    constexpr std::size_t kEndSize = 22;
    constexpr std::size_t kEntrySize = 46;
    if (bytes.size() < kEndSize)
        return {};
    std::size_t end = bytes.size() - kEndSize;
    while (readLe(bytes, end, 4) != kEndOfDirectory) {
        if (end == 0)
            return {};
        --end;
    }
    const std::uint32_t count = readLe(bytes, end + 10, 2);
    std::size_t at = readLe(bytes, end + 16, 4);
    std::vector<std::string> names;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (at + kEntrySize > bytes.size() || readLe(bytes, at, 4) != kDirectoryEntry)
            return {};
        const std::size_t nameLength = readLe(bytes, at + 28, 2);
        const std::size_t extraLength = readLe(bytes, at + 30, 2);
        const std::size_t commentLength = readLe(bytes, at + 32, 2);
        if (at + kEntrySize + nameLength > bytes.size())
            return {};
        names.push_back(bytes.substr(at + kEntrySize, nameLength));
        at += kEntrySize + nameLength + extraLength + commentLength;
    }
    return names;
}

} // namespace cw::test
