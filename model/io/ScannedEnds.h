#pragma once

// Header-only because one translation unit of cw_model (DesignReader.cpp) uses it.

#include "model/core/Design.h"
#include "model/io/LinkScan.h"
#include "model/io/ReaderTables.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace cw {

/// Resolves the ends of scanned links in place (LinkScanner leaves a device id and the text
/// offset of the port's name): the device must be one of the design's, the name one of its
/// part's ports, the port not taken by an earlier link of the same run, the fabric one of the
/// design's. It only reads the shared tables and keeps its own port-name cache and its own
/// bit per port slot, so two resolvers can take the two halves of the links at once; the
/// caller then checks that no port is taken in both (takenByBoth). A false answer means the
/// load declines to the tape, whose reader words the error.
class ScannedEndResolver
{
public:
    ScannedEndResolver(const ReaderTables &tables, const Design &design, std::string_view text)
        : m_tables(tables)
        , m_design(design)
        , m_text(text)
        , m_taken((tables.portSlotCount() + 63) / 64, 0)
    { }

    bool resolve(std::span<Link> links)
    {
        for (Link &link : links) {
            if (!m_design.fabrics().contains(link.fabric) || !resolveEnd(link.a)
                || !resolveEnd(link.b))
                return false;
            // A port index from the catalog is below 65,536 (Design::checkLinkEnds's range).
            if (link.a == link.b || link.a.port > 0xffff || link.b.port > 0xffff)
                return false;
        }
        return true;
    }

    /// Whether a port slot is taken by links of both runs.
    static bool takenByBoth(const ScannedEndResolver &one, const ScannedEndResolver &other)
    {
        for (std::size_t i = 0; i < one.m_taken.size(); ++i)
            if ((one.m_taken[i] & other.m_taken[i]) != 0)
                return true;
        return false;
    }

private:
    bool resolveEnd(PortRef &end)
    {
        const ReaderTables::DeviceInfo *info
            = m_tables.device(static_cast<long long>(end.device.value));
        if (!info)
            return false;
        // The scanner passed the name and its closing quote, with no escape or quote inside.
        // A name is a few bytes: a loop finds its quote sooner than a call to memchr.
        const char *name = m_text.data() + scannedPortOffset(end);
        const char *quote = name;
        while (*quote != '"')
            ++quote;
        const int index = m_portNames.portIndex(
            *info->part, std::string_view(name, static_cast<std::size_t>(quote - name)));
        if (index < 0)
            return false;
        const std::size_t slot = m_tables.portSlot(*info, index);
        std::uint64_t &word = m_taken[slot / 64];
        const std::uint64_t bit = std::uint64_t { 1 } << (slot % 64);
        if ((word & bit) != 0)
            return false;
        word |= bit;
        end = { DeviceId { info->id }, index };
        return true;
    }

    const ReaderTables &m_tables;
    const Design &m_design;
    std::string_view m_text;
    PortNameCache m_portNames;
    std::vector<std::uint64_t> m_taken;
};

} // namespace cw
