#pragma once

// The members of a ZIP archive (PKWARE APPNOTE 6.3.x: central directory §4.3.12, local header
// §4.3.7), each inflated with zlib, independently of the exporters' ZipStream. Two workbooks
// with the same members in the same order hold the same cells, whichever deflate wrote them
// (ISA-L's igzip picks its code by CPU, so its bytes may differ between machines).

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cw::test {

inline std::uint32_t zipLe(const std::string &bytes, std::size_t at, int size)
{
    std::uint32_t value = 0;
    for (int i = size - 1; i >= 0; --i)
        value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
    return value;
}

/// Raw deflate (method 8) or stored (method 0) data, expanded; nullopt if it does not expand
/// to `size` bytes.
inline std::optional<std::string> zipExpand(const std::string &data, std::uint32_t method,
                                            std::size_t size)
{
    if (method == 0)
        return data.size() == size ? std::optional(data) : std::nullopt;
    if (method != 8)
        return std::nullopt;
    std::string out(size + 1, '\0'); // one spare byte: a longer stream shows as too long
    z_stream stream {};
    if (inflateInit2(&stream, -15) != Z_OK)
        return std::nullopt;
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = static_cast<uInt>(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int status = inflate(&stream, Z_FINISH);
    const std::size_t produced = stream.total_out;
    inflateEnd(&stream);
    if (status != Z_STREAM_END || produced != size)
        return std::nullopt;
    out.resize(size);
    return out;
}

using ZipMember = std::pair<std::string, std::string>; // name, contents

/// Every member in directory order, or nullopt if `bytes` is not a well-formed archive or a
/// member's data does not expand to its recorded size.
inline std::optional<std::vector<ZipMember>> zipMembers(const std::string &bytes)
{
    constexpr std::uint32_t kEndOfDirectory = 0x06054b50;
    constexpr std::uint32_t kDirectoryEntry = 0x02014b50;
    constexpr std::uint32_t kLocalHeader = 0x04034b50;
    constexpr std::size_t kEndSize = 22, kEntrySize = 46, kLocalSize = 30;
    if (bytes.size() < kEndSize)
        return std::nullopt;
    std::size_t end = bytes.size() - kEndSize;
    while (zipLe(bytes, end, 4) != kEndOfDirectory) {
        if (end == 0)
            return std::nullopt;
        --end;
    }
    const std::uint32_t count = zipLe(bytes, end + 10, 2);
    std::size_t at = zipLe(bytes, end + 16, 4);
    std::vector<ZipMember> members;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (at + kEntrySize > bytes.size() || zipLe(bytes, at, 4) != kDirectoryEntry)
            return std::nullopt;
        const std::uint32_t method = zipLe(bytes, at + 10, 2);
        const std::size_t compressed = zipLe(bytes, at + 20, 4);
        const std::size_t size = zipLe(bytes, at + 24, 4);
        const std::size_t nameLength = zipLe(bytes, at + 28, 2);
        const std::size_t extraLength = zipLe(bytes, at + 30, 2);
        const std::size_t commentLength = zipLe(bytes, at + 32, 2);
        const std::size_t local = zipLe(bytes, at + 42, 4);
        if (at + kEntrySize + nameLength > bytes.size() || local + kLocalSize > bytes.size()
            || zipLe(bytes, local, 4) != kLocalHeader)
            return std::nullopt;
        const std::size_t data
            = local + kLocalSize + zipLe(bytes, local + 26, 2) + zipLe(bytes, local + 28, 2);
        if (data + compressed > bytes.size())
            return std::nullopt;
        auto contents = zipExpand(bytes.substr(data, compressed), method, size);
        if (!contents)
            return std::nullopt;
        members.emplace_back(bytes.substr(at + kEntrySize, nameLength), std::move(*contents));
        at += kEntrySize + nameLength + extraLength + commentLength;
    }
    return members;
}

} // namespace cw::test
