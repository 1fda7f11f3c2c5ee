#pragma once

// Header-only because one translation unit of cw_model (DesignReader.cpp) uses it.

#include "model/common/HugePages.h"
#include "model/common/JsonLimits.h"
#include "model/common/JsonReader.h"
#include "model/common/MapAhead.h"
#include "model/core/Equipment.h"
#include "model/io/JsonTape.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace cw {

/// Checks a cable part's name against the catalog and gives its pooled name: false for a
/// name that is not a cable or transceiver part (the load then declines to the tape, whose
/// reader words the error). Called once per run of links with the same cable.
using CableLookup = std::function<bool(std::string_view name, CableName &pooled)>;

/// The text offset of a scanned link end's port name, kept in PortRef::port until the reader
/// resolves it (the devices' parts are read after the scan): the name runs from there to the
/// next '"', since the scanner passed only names without escapes. Design files are below
/// 4 GB (kMaxDesignBytes), so the offset fits 32 bits.
inline std::uint32_t scannedPortOffset(const PortRef &end)
{
    return static_cast<std::uint32_t>(end.port);
}

/// Reads a design's "links" array straight from the text into the Link table the design will
/// own: the fast path of the load (model/io/DesignReader.cpp). Ids, fabric, device ids,
/// cable and length are final; each end's port holds its name's offset in the text
/// (scannedPortOffset) for the reader to resolve against the device's part, so no second
/// array of records is written and read back (25 MB at 16,384 nodes). It accepts only links in the
/// shape this program writes them, keys in any order: ids, fabric and devices as plain whole
/// numbers below 2^32, port and cable names of printable ASCII without escapes, a length >= 0 of at
/// most 1e15 and no other key. Anything else (an error, an unknown key, a repeated key, an escape,
/// a negative zero) makes scan() return null; the loader then reads the whole file through the
/// tape, whose reader words every error and warning. So this parser never needs a message of its
/// own: it only has to agree with the tape on what it accepts.
class LinkScanner
{
public:
    LinkScanner(std::string_view text, const JsonLimits *limits, std::vector<Link> &out,
                CableLookup cableLookup)
        : m_text(text)
        , m_limits(limits)
        , m_out(out)
        , m_cableLookup(std::move(cableLookup))
        , m_maxString(limits ? limits->maxStringBytes : 0xffff)
        // Root, links array, link, end: four levels, at most six keys an object.
        , m_fits(!limits || (limits->maxDepth >= 4 && limits->maxKeysPerObject >= 6))
    {
        if (m_maxString > 0xffff)
            m_maxString = 0xffff;
    }

    /// `p` is at the array's '['; returns the byte after its ']', or null. With `second`, a
    /// large array in the writer's layout is read by two threads: this one up to a link
    /// boundary near the middle, another from there into `second`, which the caller appends.
    const char *scan(const char *p, const char *end, std::vector<Link> *second = nullptr)
    {
        if (!m_fits || p >= end || *p != '[' || cancelled())
            return nullptr;
        m_end = end;
        // A written link takes about 260 bytes: reserve for all of them at once (pages never
        // written cost nothing), the second thread's too, so appending them never moves these.
        m_out.reserve(m_out.size() + static_cast<std::size_t>(end - p) / 160);
        adviseHugePages(m_out.data(), m_out.capacity() * sizeof(Link));
        ++p;
        skip(p);
        if (p < end && *p == ']')
            return p + 1;
        if (second)
            if (const char *split = splitPoint(p, end))
                return scanInTwo(p, split, *second);
        mapAhead(p, static_cast<std::size_t>(end - p));
        return elements(p, nullptr);
    }

private:
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    /// The links from `p` (a link's '{') up to the array's ']', whose next byte is returned,
    /// or with `stop` up to the link that starts exactly there (`stop` returned); else null.
    const char *elements(const char *p, const char *stop)
    {
        for (std::size_t count = 1;; ++count) {
            // An abandoned scan stops soon (checked every 4,096 links: a relaxed load).
            if (count % 4096 == 0 && cancelled())
                return nullptr;
            Link &record = m_out.emplace_back();
            if (!link(p, record))
                return nullptr;
            skip(p);
            if (p >= m_end)
                return nullptr;
            if (*p == ']')
                return stop ? nullptr : p + 1;
            if (*p != ',')
                return nullptr;
            ++p;
            literal(p, "\n    "); // the writer's layout: the general skip from there
            skip(p);
            if (stop && p >= stop)
                return p == stop ? stop : nullptr; // past it: not a boundary after all
        }
    }

    /// A link's '{' just after the middle of [p, end), found by the writer's layout between
    /// two links, or null (a small array, one processor, another layout). A newline is never
    /// inside a name this scanner accepts, so the first half, read from the start, lands on
    /// it exactly when it is a boundary; otherwise the scan declines.
    static const char *splitPoint(const char *p, const char *end)
    {
        constexpr std::ptrdiff_t kBytesForTwoThreads = std::ptrdiff_t { 16 } << 20;
        if (end - p < kBytesForTwoThreads || std::thread::hardware_concurrency() < 2)
            return nullptr;
        constexpr std::string_view kBoundary = "\n    },\n    {";
        const char *middle = p + (end - p) / 2;
        const std::string_view rest(middle, static_cast<std::size_t>(end - middle));
        const std::size_t at = rest.find(kBoundary);
        return at == std::string_view::npos ? nullptr : middle + at + kBoundary.size() - 1;
    }

    const char *scanInTwo(const char *p, const char *split, std::vector<Link> &second)
    {
        LinkScanner other(m_text, m_limits, second, m_cableLookup);
        other.m_cancel = m_cancel;
        other.m_end = m_end;
        second.reserve(static_cast<std::size_t>(m_end - split) / 160);
        adviseHugePages(second.data(), second.capacity() * sizeof(Link));
        const char *secondEnd = nullptr;
        std::thread thread([&] {
            try {
                mapAhead(split, static_cast<std::size_t>(m_end - split));
                secondEnd = other.elements(split, nullptr);
            } catch (...) {
                secondEnd = nullptr; // out of memory: the load declines to the tape
            }
        });
        const char *firstEnd = nullptr;
        try {
            mapAhead(p, static_cast<std::size_t>(split - p));
            firstEnd = elements(p, split);
        } catch (...) {
            thread.join();
            throw;
        }
        thread.join();
        return firstEnd && secondEnd ? secondEnd : nullptr;
    }

    enum Key : unsigned { Id = 1, Fabric = 2, A = 4, B = 8, Cable = 16, Length = 32 };

    void skip(const char *&p) const { p = jsontape_detail::skipWhitespace(p, m_end); }

    /// Whether `name` is `known` (a literal): a fixed-size comparison the compiler inlines.
    template<std::size_t N>
    static bool is(std::string_view name, const char (&known)[N])
    {
        return name.size() == N - 1 && std::memcmp(name.data(), known, N - 1) == 0;
    }

    /// A string of printable ASCII without escapes; p passes its closing quote.
    bool string(const char *&p, std::uint32_t &offset, std::uint16_t &size) const
    {
        if (p >= m_end || *p != '"')
            return false;
        const char *start = ++p;
        while (p < m_end) {
            const auto c = static_cast<unsigned char>(*p);
            if (c == '"') {
                const auto length = static_cast<std::size_t>(p - start);
                if (length > m_maxString)
                    return false;
                offset = static_cast<std::uint32_t>(start - m_text.data());
                size = static_cast<std::uint16_t>(length);
                ++p;
                return true;
            }
            if (c < 0x20 || c >= 0x80 || c == '\\')
                return false;
            ++p;
        }
        return false;
    }

    /// A key and its colon; `key` is its text.
    bool key(const char *&p, std::string_view &key) const
    {
        std::uint32_t offset = 0;
        std::uint16_t size = 0;
        if (!string(p, offset, size))
            return false;
        key = m_text.substr(offset, size);
        skip(p);
        if (p >= m_end || *p != ':')
            return false;
        ++p;
        skip(p);
        return true;
    }

    /// A positive whole number below 2^32 without sign, fraction or exponent (the tape reads
    /// such a number as Unsigned, the reader as that integer).
    bool id(const char *&p, std::uint32_t &value) const
    {
        if (p >= m_end || *p < '1' || *p > '9')
            return false;
        std::uint64_t result = 0;
        const char *start = p;
        while (p < m_end && *p >= '0' && *p <= '9' && p - start < 10) {
            result = result * 10 + static_cast<std::uint64_t>(*p - '0');
            ++p;
        }
        if (result > 0xffffffffu || (p < m_end && (*p == '.' || *p == 'e' || *p == 'E')))
            return false;
        value = static_cast<std::uint32_t>(result);
        return true; // a digit left over is caught by the caller's ',' or '}' check
    }

    /// A number >= 0 as the reader's nonNegative() gives it: the tape's number, as a double.
    bool length(const char *&p, double &value) const
    {
        if (p >= m_end || *p == '-')
            return false; // negative numbers and -0 go through the tape
        JsonTape::Node node;
        if (!JsonTape::parseNumber(p, m_end, node))
            return false;
        if (node.type == JsonTape::Type::Unsigned)
            value = static_cast<double>(node.v.u);
        else if (node.type == JsonTape::Type::Float)
            value = node.v.d;
        else
            return false;
        return value <= kMaxJsonMagnitude;
    }

    /// {"device": id, "port": "name"} in either order: the device id and the name's offset.
    bool end(const char *&p, PortRef &end)
    {
        std::uint32_t device = 0;
        std::uint32_t port = 0;
        std::uint16_t size = 0;
        if (p >= m_end || *p != '{')
            return false;
        ++p;
        skip(p);
        bool haveDevice = false;
        bool havePort = false;
        for (;;) {
            std::string_view name;
            if (!key(p, name))
                return false;
            if (is(name, "device") && !haveDevice) {
                haveDevice = true;
                if (!id(p, device))
                    return false;
            } else if (is(name, "port") && !havePort) {
                havePort = true;
                if (!string(p, port, size))
                    return false;
            } else {
                return false;
            }
            skip(p);
            if (p >= m_end)
                return false;
            if (*p == '}') {
                ++p;
                setEnd(end, device, port);
                return haveDevice && havePort;
            }
            if (*p != ',')
                return false;
            ++p;
            skip(p);
        }
    }

    static void setEnd(PortRef &end, std::uint32_t device, std::uint32_t portOffset)
    {
        end.device = DeviceId { device };
        end.port = static_cast<int>(portOffset); // modular (C++20): scannedPortOffset undoes it
    }

    /// The cable part named at `offset`: the last one looked up, or the catalog's.
    bool cable(std::uint32_t offset, std::uint16_t size, CableName &cable)
    {
        if (size == 0) {
            cable = CableName {}; // absent and empty both mean "no cable"
            return true;
        }
        const std::string_view name = m_text.substr(offset, size);
        if (name != m_lastCable) {
            if (!m_cableLookup || !m_cableLookup(name, m_lastName))
                return false;
            m_lastCable = name;
        }
        cable = m_lastName;
        return true;
    }

    bool id(const char *&p, LinkId &id) const
    {
        std::uint32_t value = 0;
        if (!this->id(p, value))
            return false;
        id = LinkId { value };
        return true;
    }
    bool id(const char *&p, FabricId &id) const
    {
        std::uint32_t value = 0;
        if (!this->id(p, value))
            return false;
        id = FabricId { value };
        return true;
    }

    bool member(const char *&p, std::string_view name, unsigned &seen, Link &record)
    {
        auto once = [&seen](Key key) {
            const bool first = (seen & key) == 0;
            seen |= key;
            return first;
        };
        switch (name.size()) {
        case 1:
            if (name[0] == 'a')
                return once(A) && end(p, record.a);
            if (name[0] == 'b')
                return once(B) && end(p, record.b);
            break;
        case 2:
            if (is(name, "id"))
                return once(Id) && id(p, record.id);
            break;
        case 5:
            if (is(name, "cable")) {
                std::uint32_t offset = 0;
                std::uint16_t size = 0;
                return once(Cable) && string(p, offset, size)
                    && cable(offset, size, record.cableType);
            }
            break;
        case 6:
            if (is(name, "fabric"))
                return once(Fabric) && id(p, record.fabric);
            break;
        case 7:
            if (is(name, "lengthM"))
                return once(Length) && length(p, record.lengthM);
            break;
        default:
            break;
        }
        return false; // an unknown key: the tape's reader warns about it
    }

    /// Past `text` if p is at it (a literal: the comparison is a few word loads).
    template<std::size_t N>
    bool literal(const char *&p, const char (&text)[N]) const
    {
        if (m_end - p < static_cast<std::ptrdiff_t>(N - 1) || std::memcmp(p, text, N - 1) != 0)
            return false;
        p += N - 1;
        return true;
    }

    /// A name's bytes after its opening quote, through the closing one.
    bool nameRest(const char *&p, std::uint32_t &offset, std::uint16_t &size) const
    {
        --p; // string() starts at the quote
        return string(p, offset, size);
    }

    /// A number >= 0 of up to 15 digits and 22 decimals without exponent ("11.0", "3"): the
    /// digits m are exact in a double, and so is 10^k for k <= 22, so m / 10^k is the
    /// correctly rounded value, what from_chars (the tape) gives too. Others: length().
    bool decimal(const char *&p, double &value) const
    {
        static constexpr double kPowers[]
            = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
        const char *q = p;
        std::uint64_t digits = 0;
        int count = 0;
        int decimals = 0;
        auto isDigit = [this](const char *at) {
            return at < m_end && *at >= '0' && *at <= '9';
        };
        if (!isDigit(q) || (*q == '0' && isDigit(q + 1)))
            return length(p, value);
        for (; isDigit(q); ++q, ++count)
            digits = digits * 10 + static_cast<std::uint64_t>(*q - '0');
        if (q < m_end && *q == '.') {
            ++q;
            if (!isDigit(q))
                return false;
            for (; isDigit(q); ++q, ++count, ++decimals)
                digits = digits * 10 + static_cast<std::uint64_t>(*q - '0');
        }
        if (count > 15 || decimals > 22 || (q < m_end && (*q == 'e' || *q == 'E')))
            return length(p, value);
        value = static_cast<double>(digits) / kPowers[decimals];
        p = q;
        return value <= kMaxJsonMagnitude;
    }

    /// A link exactly as the writer lays it out (two-space indent, the links at depth two,
    /// every key in its order): literals between the values instead of a key search.
    bool writerShaped(const char *&p, Link &record)
    {
        const char *q = p;
        std::uint32_t deviceA = 0;
        std::uint32_t deviceB = 0;
        std::uint32_t portA = 0;
        std::uint32_t portB = 0;
        std::uint32_t cableAt = 0;
        std::uint16_t portASize = 0;
        std::uint16_t portBSize = 0;
        std::uint16_t cableSize = 0;
        if (!literal(q, "{\n      \"id\": ") || !id(q, record.id)
            || !literal(q, ",\n      \"fabric\": ") || !id(q, record.fabric)
            || !literal(q, ",\n      \"a\": {\n        \"device\": ") || !id(q, deviceA)
            || !literal(q, ",\n        \"port\": \"") || !nameRest(q, portA, portASize)
            || !literal(q, "\n      },\n      \"b\": {\n        \"device\": ") || !id(q, deviceB)
            || !literal(q, ",\n        \"port\": \"") || !nameRest(q, portB, portBSize)
            || !literal(q, "\n      },\n      \"cable\": \"") || !nameRest(q, cableAt, cableSize)
            || !literal(q, ",\n      \"lengthM\": ") || !decimal(q, record.lengthM)
            || !literal(q, "\n    }") || !cable(cableAt, cableSize, record.cableType))
            return false;
        setEnd(record.a, deviceA, portA);
        setEnd(record.b, deviceB, portB);
        p = q;
        return true;
    }

    bool link(const char *&p, Link &record)
    {
        if (writerShaped(p, record))
            return true;
        record = Link {};
        if (p >= m_end || *p != '{')
            return false;
        ++p;
        skip(p);
        unsigned seen = 0;
        for (;;) {
            std::string_view name;
            if (!key(p, name) || !member(p, name, seen, record))
                return false;
            skip(p);
            if (p >= m_end)
                return false;
            if (*p == '}') {
                ++p;
                constexpr unsigned kRequired = Id | Fabric | A | B;
                return (seen & kRequired) == kRequired;
            }
            if (*p != ',')
                return false;
            ++p;
            skip(p);
        }
    }

    std::string_view m_text;
    const JsonLimits *m_limits;
    std::vector<Link> &m_out;
    CableLookup m_cableLookup;
    std::string_view m_lastCable; ///< the last cable name looked up, and its pooled name
    CableName m_lastName;
    std::size_t m_maxString;
    bool m_fits;
    const char *m_end = nullptr;
    const std::atomic<bool> *m_cancel = nullptr; ///< set: stop and return null

    friend class LinkScanAhead;
};

/// The link scan run beside the rest of the load. The tape's deferral gets the array's end at
/// once, taken from the writer's layout (the "storageTiers" member follows the links), and
/// goes on with the rest of the text while another thread scans the links; the reader then
/// reads rows, racks and devices, and calls finish() before it needs the links. The guess is
/// checked: the scan must end exactly there (a newline is never inside a name the scanner
/// accepts, and anything else makes it decline), or the load declines to the tape.
///
/// startEarly() goes further: the scan starts before the tape is parsed, at the links found by
/// the writer's layout, so that the scanners map and read the links (nine tenths of a written
/// design) while the tape parses the rest. The tape's deferral then only checks that its links
/// are the ones being scanned; any other start declines the load to the tape.
class LinkScanAhead
{
public:
    LinkScanAhead(LinkScanner &scanner, std::vector<Link> &second)
        : m_scanner(scanner)
        , m_second(second)
    {
        m_scanner.m_cancel = &m_cancelled;
    }
    LinkScanAhead(const LinkScanAhead &) = delete;
    LinkScanAhead &operator=(const LinkScanAhead &) = delete;
    /// A scan nobody will finish() (the tape failed first, say on a syntax error at the top
    /// of a large file) is cancelled rather than waited for to the end.
    ~LinkScanAhead()
    {
        cancel();
        if (m_thread.joinable())
            m_thread.join();
        m_scanner.m_cancel = nullptr;
    }

    /// Stops the scan where it is: finish() then says it did not read the array.
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }

    /// Starts the scan of the links of `text` (a whole design) on another thread, which first
    /// looks for them where the writer puts them; start() then waits for that search.
    void startEarly(std::string_view text)
    {
        if (text.size() < kBytesWorthAThread || std::thread::hardware_concurrency() < 2)
            return;
        m_early.store(Early::Searching);
        try {
            m_thread = std::thread([this, text] {
                const char *open = layoutOpen(text);
                const char *close = open ? layoutClose(open, text.data() + text.size()) : nullptr;
                if (!close) {
                    publish(Early::NotFound);
                    return;
                }
                m_earlyBegin = open;
                m_expected = close + 1;
                publish(Early::Found);
                try {
                    m_result = m_scanner.scan(open, m_expected, &m_second);
                } catch (...) {
                    m_result = nullptr; // out of memory: the load declines to the tape
                }
            });
        } catch (...) {
            m_early.store(Early::None); // no thread: the tape's deferral starts the scan
        }
    }

    /// The deferral's parse: `begin` at the array's '['. Returns the byte after its ']', as
    /// the layout gives it with the scan under way, or as the scan done here found it.
    const char *start(const char *begin, const char *end)
    {
        if (m_early.load() != Early::None) {
            m_early.wait(Early::Searching);
            if (m_early.load() == Early::Found)
                return begin == m_earlyBegin ? m_expected : nullptr;
            m_thread.join(); // found no links in the layout: scanned from here as without it
        }
        const char *close = layoutClose(begin, end);
        if (!close || std::thread::hardware_concurrency() < 2) {
            m_expected = m_result = m_scanner.scan(begin, end, &m_second);
            return m_result;
        }
        m_expected = close + 1;
        m_thread = std::thread([this, begin] {
            try {
                m_result = m_scanner.scan(begin, m_expected, &m_second);
            } catch (...) {
                m_result = nullptr; // out of memory: the load declines to the tape
            }
        });
        return m_expected;
    }

    /// Waits for the scan: whether it read the array exactly as far as start() said.
    bool finish()
    {
        if (m_thread.joinable())
            m_thread.join();
        return !m_cancelled.load(std::memory_order_relaxed) && m_result && m_result == m_expected;
    }

private:
    enum class Early { None, Searching, Found, NotFound };
    static constexpr std::ptrdiff_t kBytesWorthAThread = std::ptrdiff_t { 1 } << 20;

    void publish(Early state)
    {
        m_early.store(state);
        m_early.notify_all();
    }

    /// The '[' of the root's "links" in the writer's layout (a root member starts a line at
    /// two spaces; a newline is never inside a JSON string), or null. The first such line
    /// is taken: should it belong to another object of a hand-made file, the tape's
    /// deferral finds the links elsewhere and the load declines to the tape.
    static const char *layoutOpen(std::string_view text)
    {
        constexpr std::string_view kLinks = "\n  \"links\": [";
        const void *at = ::memmem(text.data(), text.size(), kLinks.data(), kLinks.size());
        return at ? static_cast<const char *>(at) + kLinks.size() - 1 : nullptr;
    }

    /// The ']' of a large array in the writer's layout, found from the end of the text (the
    /// members after the links are a small part of a written design), or null.
    static const char *layoutClose(const char *begin, const char *end)
    {
        constexpr std::size_t kTailSearched = std::size_t { 8 } << 20;
        constexpr std::string_view kAfterLinks = "\n  ],\n  \"storageTiers\": ";
        if (end - begin < kBytesWorthAThread)
            return nullptr;
        const std::string_view text(begin, static_cast<std::size_t>(end - begin));
        const std::size_t from = text.size() > kTailSearched ? text.size() - kTailSearched : 0;
        const std::size_t at = text.substr(from).rfind(kAfterLinks);
        return at == std::string_view::npos ? nullptr : begin + from + at + 3; // the "]"
    }

    LinkScanner &m_scanner;
    std::vector<Link> &m_second;
    std::thread m_thread;
    std::atomic<Early> m_early { Early::None };
    std::atomic<bool> m_cancelled { false };
    const char *m_earlyBegin = nullptr; ///< written before m_early says Found
    const char *m_expected = nullptr;
    const char *m_result = nullptr;
};

} // namespace cw
