#pragma once

// The reader of one design document, shared by the files that implement it: DesignReader.cpp
// (entities, links, the fast path) and DesignReaderSettings.cpp (scheduler, NCCL, workload,
// QoS). Internal to model/io: include DesignFile.h to load a design.

#include "model/core/Design.h"
#include "model/io/LinkScan.h"
#include "model/io/ReaderTables.h"
#include "model/io/TapeReader.h"

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cw {

class Catalog;

namespace reader_detail {

using Reader = TapeReader;

/// The fast path met something only the tape's reader words (an error, a warning): the load
/// starts over on the tape. Never leaves this file.
struct FastPathDeclined
{
};

/// The links the fast path read from the text (LinkScanner), in place of the tape's.
struct ScannedLinks
{
    std::string_view text;
    std::vector<Link> &links; ///< ends' ports still name offsets (scannedPortOffset)
    std::vector<Link> &more; ///< the links a second thread scanned, which follow `links`
    LinkScanAhead &scan; ///< finish() before the links are read: the scan may be under way
};

/// A bound on the ids a text can hold, for the id table's size while the links are still being
/// scanned: an id takes at least 4 bytes of text (`"id":1` takes 6), so a table of 4-byte
/// owners never outgrows the document, whatever nextId claims.
constexpr std::uint64_t kFewestBytesPerId = 4;

/// Reads the entities of one document into a Design, checking ids and references as it
/// goes so that every problem is reported with the pointer of the value that causes it.
class DesignReader
{
public:
    DesignReader(const Catalog &catalog, std::vector<std::string> &warnings,
                 const ScannedLinks *scanned = nullptr)
        : m_warnings(warnings)
        , m_tables(catalog)
        , m_scanned(scanned)
    { }

    Design read(const Reader &root);

private:
    template<typename IdType>
    IdType claim(const Reader &entity)
    {
        return claim<IdType>(entity, entity.integer("id"));
    }
    /// The same with the value of "id" already read.
    template<typename IdType>
    IdType claim(const Reader &entity, long long value)
    {
        if (value <= 0)
            entity.fail("id", "a positive whole number");
        // The owner is kept as a tape index: its pointer text is only needed for the error.
        const auto owner = m_idOwners.claim(static_cast<std::uint64_t>(value), entity.index());
        if (owner == IdOwners::untaped)
            throw FastPathDeclined {}; // the message names the link's pointer
        if (owner != IdOwners::none)
            entity.fail("id",
                        "an id not used elsewhere (" + std::to_string(value)
                            + " is already the id of " + entity.tape().pointerOf(owner) + ")");
        return IdType { static_cast<std::uint64_t>(value) };
    }

    template<typename IdType, typename Table>
    IdType reference(const Reader &entity, const char *key, const Table &table, const char *what)
    {
        return reference<IdType>(entity, key, entity.integer(key), table, what);
    }
    template<typename IdType, typename Table>
    IdType reference(const Reader &entity, const char *key, long long value, const Table &table,
                     const char *what)
    {
        const IdType id { static_cast<std::uint64_t>(value < 0 ? 0 : value) };
        if (value <= 0 || !table.contains(id))
            entity.fail(key, std::string("the id of a ") + what + " in this design");
        return id;
    }

    const Part &part(const Reader &entity, const char *key, std::initializer_list<PartKind> kinds,
                     const char *what)
    {
        return part(entity, key, entity.stringView(key), kinds, what);
    }
    /// The same with the value of `key` already read.
    const Part &part(const Reader &entity, const char *key, std::string_view id,
                     std::initializer_list<PartKind> kinds, const char *what);
    void warnUnknown(const Reader &reader, std::initializer_list<std::string_view> known)
    {
        warnUnknown(reader, std::span<const std::string_view>(known.begin(), known.size()));
    }
    void warnUnknown(const Reader &reader, std::span<const std::string_view> known);
    int portIndex(const Reader &end, std::string_view name, const Part &part);
    /// One end of a link (the object at `key` of `link`, or the error for what is there) and
    /// its port slot in m_tables.
    std::pair<PortRef, std::size_t> linkEnd(const Reader &link, const char *key,
                                            Reader::Index value, const Design &design);
    void readLink(const Reader &entry, Design &design);
    /// The fast path's links: the checks of readLink, any failure declined to the tape.
    void readScannedLinks(Design &design);

    void readSite(const Reader &reader, Design &design);
    void readRows(const Reader &root, Design &design);
    void readRacks(const Reader &root, Design &design);
    Pdu readPdu(const Reader &entry);
    void readDevices(const Reader &root, Design &design);
    void readFabrics(const Reader &root, Design &design);
    void readQos(const Reader &q, QosProfile &qos);
    void readLinks(const Reader &root, Design &design);
    void readStorageTiers(const Reader &root, Design &design);
    void readSettings(const Reader &root, Design &design);

    std::vector<std::string> &m_warnings;
    std::size_t m_suppressedWarnings = 0;
    IdOwners m_idOwners;
    ReaderTables m_tables;
    const ScannedLinks *m_scanned;
};

} // namespace reader_detail
} // namespace cw
