#include "exporters/cabling/ZipStream.h"

#include <zlib.h>

#include <limits>

namespace cw::exporters {
namespace {

constexpr std::uint16_t kVersion = 20; // 2.0: deflate
constexpr std::uint16_t kDeflated = 8;
constexpr std::uint16_t kDescriptorFlag = 1 << 3;
constexpr std::uint16_t kDosDate1980 = (0 << 9) | (1 << 5) | 1; // 1980-01-01
constexpr std::uint64_t kMax32 = std::numeric_limits<std::uint32_t>::max();
constexpr int kLevel = 1;
constexpr std::size_t kChunkBytes = std::size_t(1) << 18;

void put16(std::string &out, std::uint16_t value)
{
    out.push_back(static_cast<char>(value & 0xff));
    out.push_back(static_cast<char>(value >> 8));
}

void put32(std::string &out, std::uint64_t value)
{
    for (int shift = 0; shift < 32; shift += 8)
        out.push_back(static_cast<char>((value >> shift) & 0xff));
}

} // namespace

struct ZipStream::Deflater
{
    z_stream stream {};
    bool open = false;
    std::uint32_t crc = 0;
    std::uint64_t in = 0;
    std::uint64_t out = 0;
    std::string buffer = std::string(kChunkBytes, '\0');

    ~Deflater()
    {
        if (open)
            deflateEnd(&stream);
    }
};

ZipStream::ZipStream(ByteSink &out)
    : m_out(out)
    , m_base(out.bytesWritten())
{ }

ZipStream::~ZipStream() = default;

void ZipStream::localHeader(const Entry &entry)
{
    std::string header;
    put32(header, 0x04034b50);
    put16(header, kVersion);
    put16(header, entry.descriptor ? kDescriptorFlag : 0);
    put16(header, kDeflated);
    put16(header, 0); // time 00:00
    put16(header, kDosDate1980);
    put32(header, entry.descriptor ? 0 : entry.crc);
    put32(header, entry.descriptor ? 0 : entry.compressed);
    put32(header, entry.descriptor ? 0 : entry.size);
    put16(header, static_cast<std::uint16_t>(entry.name.size()));
    put16(header, 0);
    header += entry.name;
    m_out.write(header);
}

void ZipStream::addMember(const std::string &name, std::string_view contents)
{
    Entry entry;
    entry.name = name;
    entry.offset = m_out.bytesWritten() - m_base;
    entry.size = contents.size();
    entry.crc = static_cast<std::uint32_t>(crc32(
        0, reinterpret_cast<const Bytef *>(contents.data()), static_cast<uInt>(contents.size())));
    z_stream stream {};
    std::string compressed(compressBound(static_cast<uLong>(contents.size())) + 16, '\0');
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        m_error = "zlib: deflateInit2 failed";
        return;
    }
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(contents.data()));
    stream.avail_in = static_cast<uInt>(contents.size());
    stream.next_out = reinterpret_cast<Bytef *>(compressed.data());
    stream.avail_out = static_cast<uInt>(compressed.size());
    const int status = deflate(&stream, Z_FINISH);
    compressed.resize(stream.total_out);
    deflateEnd(&stream);
    if (status != Z_STREAM_END) {
        m_error = "zlib: deflate of " + name + " failed";
        return;
    }
    entry.compressed = compressed.size();
    localHeader(entry);
    m_out.write(compressed);
    m_entries.push_back(std::move(entry));
}

void ZipStream::beginMember(const std::string &name)
{
    Entry entry;
    entry.name = name;
    entry.offset = m_out.bytesWritten() - m_base;
    entry.descriptor = true;
    localHeader(entry);
    m_entries.push_back(std::move(entry));
    m_deflater = std::make_unique<Deflater>();
    if (deflateInit2(&m_deflater->stream, kLevel, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        m_error = "zlib: deflateInit2 failed";
    else
        m_deflater->open = true;
}

void ZipStream::deflateInto(std::string_view bytes, bool last)
{
    Deflater &d = *m_deflater;
    if (!d.open)
        return;
    // crc32 with a null buffer returns the initial value: the final empty call must not
    // touch the running CRC.
    if (!bytes.empty())
        d.crc = static_cast<std::uint32_t>(crc32(
            d.crc, reinterpret_cast<const Bytef *>(bytes.data()), static_cast<uInt>(bytes.size())));
    d.in += bytes.size();
    z_stream &stream = d.stream;
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    stream.avail_in = static_cast<uInt>(bytes.size());
    for (;;) {
        stream.next_out = reinterpret_cast<Bytef *>(d.buffer.data());
        stream.avail_out = static_cast<uInt>(d.buffer.size());
        const int status = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
        if (status == Z_STREAM_ERROR) {
            m_error = "zlib: deflate failed";
            return;
        }
        const std::size_t produced = d.buffer.size() - stream.avail_out;
        d.out += produced;
        m_out.write(std::string_view(d.buffer.data(), produced));
        if (last ? status == Z_STREAM_END : (stream.avail_in == 0 && stream.avail_out != 0))
            return;
    }
}

void ZipStream::write(std::string_view bytes)
{
    // zlib takes at most 4 GiB per call (uInt): feed in chunks.
    while (!bytes.empty()) {
        const std::size_t piece = std::min(bytes.size(), std::size_t(1) << 30);
        deflateInto(bytes.substr(0, piece), false);
        bytes.remove_prefix(piece);
    }
}

void ZipStream::endMember()
{
    deflateInto({}, true);
    Entry &entry = m_entries.back();
    entry.crc = m_deflater->crc;
    entry.size = m_deflater->in;
    entry.compressed = m_deflater->out;
    m_deflater.reset();
    std::string descriptor;
    put32(descriptor, 0x08074b50);
    put32(descriptor, entry.crc);
    put32(descriptor, entry.compressed);
    put32(descriptor, entry.size);
    m_out.write(descriptor);
}

Result<void> ZipStream::finish()
{
    if (!m_error.empty())
        return Error { m_error };
    const std::uint64_t directoryOffset = m_out.bytesWritten() - m_base;
    std::string directory;
    for (const Entry &entry : m_entries) {
        if (entry.size > kMax32 || entry.compressed > kMax32 || entry.offset > kMax32)
            return Error { entry.name
                           + " is larger than 4 GiB, which a ZIP without ZIP64 "
                             "cannot hold" };
        put32(directory, 0x02014b50);
        put16(directory, kVersion); // made by: MS-DOS, 2.0
        put16(directory, kVersion);
        put16(directory, entry.descriptor ? kDescriptorFlag : 0);
        put16(directory, kDeflated);
        put16(directory, 0);
        put16(directory, kDosDate1980);
        put32(directory, entry.crc);
        put32(directory, entry.compressed);
        put32(directory, entry.size);
        put16(directory, static_cast<std::uint16_t>(entry.name.size()));
        put16(directory, 0); // extra
        put16(directory, 0); // comment
        put16(directory, 0); // disk
        put16(directory, 0); // internal attributes
        put32(directory, 0); // external attributes
        put32(directory, entry.offset);
        directory += entry.name;
    }
    if (directoryOffset > kMax32)
        return Error { "the archive is larger than 4 GiB, which a ZIP without ZIP64 cannot hold" };
    std::string end;
    put32(end, 0x06054b50);
    put16(end, 0);
    put16(end, 0);
    put16(end, static_cast<std::uint16_t>(m_entries.size()));
    put16(end, static_cast<std::uint16_t>(m_entries.size()));
    put32(end, directory.size());
    put32(end, directoryOffset);
    put16(end, 0);
    m_out.write(directory);
    m_out.write(end);
    return {};
}

} // namespace cw::exporters
