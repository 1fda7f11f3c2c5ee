#pragma once

#include "exporters/common/ByteSink.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cw::exporters {

/// A ZIP archive (APPNOTE 6.3.x, no ZIP64) written front to back into a sink: small members
/// whole through zlib at its best level, one large member at a time streamed through ISA-L's
/// level-1 raw deflate (igzip) with its sizes and CRC in a data descriptor. Every timestamp is
/// 1980-01-01 00:00, so the same members give the same bytes on one machine (igzip picks its
/// code by CPU, so another machine may deflate differently; the unzipped members are the
/// same). At 16,384 nodes the cabling sheet is 357 MB of XML, which igzip level 1 compresses
/// at about 5 GB/s to under 4 % of its size (zlib's level 1: 1 GB/s, its default level 6
/// twice as long again).
class ZipStream
{
public:
    explicit ZipStream(ByteSink &out);
    ~ZipStream();
    ZipStream(const ZipStream &) = delete;
    ZipStream &operator=(const ZipStream &) = delete;

    void addMember(const std::string &name, std::string_view contents);

    /// Starts a streamed member; write() appends to it until endMember().
    void beginMember(const std::string &name);
    void write(std::string_view bytes);
    void endMember();

    /// Writes the central directory. Fails if a member or the archive passed 4 GiB (no ZIP64)
    /// or the compressor failed.
    Result<void> finish();

private:
    struct Entry
    {
        std::string name;
        std::uint32_t crc = 0;
        std::uint64_t compressed = 0;
        std::uint64_t size = 0;
        std::uint64_t offset = 0;
        bool descriptor = false;
    };
    struct Deflater;

    void localHeader(const Entry &entry);
    void deflateInto(std::string_view bytes, bool last);

    ByteSink &m_out;
    std::uint64_t m_base;
    std::vector<Entry> m_entries;
    std::unique_ptr<Deflater> m_deflater;
    std::string m_error;
};

} // namespace cw::exporters
