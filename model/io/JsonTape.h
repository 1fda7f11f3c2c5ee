#pragma once

// Header-only because one translation unit of cw_model (DesignReader.cpp) uses it.

#include "model/common/HugePages.h"
#include "model/common/JsonLimits.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

/// A parsed JSON document as one flat array of nodes (a "tape", as in simdjson): a value's
/// children follow it and `next` skips its whole subtree. Strings without escapes point into
/// the source text, so loading a design allocates one node array instead of a tree of maps
/// and strings (nlohmann's DOM took 4 s on a 138 MB design; this takes a fraction of a
/// second). Grammar and number rules are nlohmann's (RFC 8259, UTF-8 checked, integers that
/// overflow become doubles, a leading BOM is skipped); a document this parser rejects is
/// handed to nlohmann for the error message, so messages are unchanged.
class JsonTape
{
public:
    enum class Type : std::uint8_t {
        Null,
        False,
        True,
        Signed,
        Unsigned,
        Float,
        String,
        Array,
        Object
    };

    /// 16 bytes: the node array of a 138 MB design is ~190 MB, and first touching its pages
    /// is a good part of the parse time.
    struct Node
    {
        std::uint32_t next = 0; ///< index just past this value and everything inside it
        Type type = Type::Null;
        bool escaped = false; ///< string lives in the unescaped store
        union
        {
            struct
            {
                std::uint32_t offset; ///< string: first byte (text or unescaped store)
                std::uint32_t size; ///< string: bytes; array: elements; object: members
            } span;
            std::int64_t i;
            std::uint64_t u;
            double d;
        } v {};
        std::uint32_t size() const { return v.span.size; }
    };

    static constexpr std::uint32_t npos = 0xffffffffu;

    /// An array member of the root object that another parser reads instead of the tape (the
    /// design's links: 95 % of a design's text, a tape node per key, value and object, 190 MB
    /// of nodes at 16,384 nodes). `parse` gets the text from the array's '[' on and returns
    /// the byte just past its ']', or null to make the whole parse fail. The tape then holds
    /// an empty array there, and deferredNode() is its index.
    struct Deferral
    {
        std::string_view key;
        std::function<const char *(const char *begin, const char *end)> parse;
    };

    /// Parses `text`, which must outlive the tape. False for anything that is not one valid
    /// JSON value (or a text of 4 GB or more). With `limits`, also false as soon as the text
    /// breaks one of them (nesting, string bytes, keys per object, a duplicate key: what
    /// checkJsonLimits refuses, found on the way instead of by a second pass over the text);
    /// limitExceeded() then says so, and checkJsonLimits has the message.
    bool parse(std::string_view text, const JsonLimits *limits = nullptr,
               const Deferral *deferral = nullptr);

    /// The index of the empty array standing for the deferred member, or npos.
    std::uint32_t deferredNode() const { return m_deferredNode; }

    /// Where parsing stopped when parse() returned false (a byte offset in the text).
    std::size_t errorOffset() const { return m_errorOffset; }
    /// Whether the last parse() stopped on a limit rather than on the grammar.
    bool limitExceeded() const { return m_limitExceeded; }

    const Node &node(std::uint32_t index) const { return m_nodes[index]; }
    std::size_t nodeCount() const { return m_nodes.size(); }

    std::string_view string(std::uint32_t index) const
    {
        const Node &n = m_nodes[index];
        return n.escaped ? std::string_view(m_unescaped).substr(n.v.span.offset, n.v.span.size)
                         : m_text.substr(n.v.span.offset, n.v.span.size);
    }

    /// The value of the last member called `key` (the last one wins, as in nlohmann), or npos
    /// (also when `object` is not an object).
    std::uint32_t find(std::uint32_t object, std::string_view key) const
    {
        std::uint32_t found = npos;
        if (m_nodes[object].type != Type::Object)
            return found;
        const std::uint32_t end = m_nodes[object].next;
        for (std::uint32_t k = object + 1; k < end; k = m_nodes[k + 1].next) {
            if (m_nodes[k].v.span.size == key.size() && sameKey(string(k), key))
                found = k + 1;
        }
        return found;
    }

    /// Keys are short ("id", "port"): a loop beats a call to memcmp, a good part of the
    /// reader's time when every lookup compared through it.
    static bool sameKey(std::string_view a, std::string_view b)
    {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }

    /// Calls f(keyIndex, valueIndex) for each member of an object (which it must be), in
    /// text order.
    template<typename F>
    void forEachMember(std::uint32_t object, F &&f) const
    {
        const std::uint32_t end = m_nodes[object].next;
        for (std::uint32_t k = object + 1; k < end; k = m_nodes[k + 1].next)
            f(k, k + 1);
    }

    /// Calls f(elementIndex) for each element of an array (which it must be), in order.
    template<typename F>
    void forEachElement(std::uint32_t array, F &&f) const
    {
        const std::uint32_t end = m_nodes[array].next;
        for (std::uint32_t e = array + 1; e < end; e = m_nodes[e].next)
            f(e);
    }

    /// The RFC 6901 pointer of a value ("" for the root). Walks down from the root, so it is
    /// only for error messages and warnings, never the per-value path.
    std::string pointerOf(std::uint32_t target) const;

    static std::string escapePointerKey(std::string_view key);

    /// One JSON number at p (which it passes), as parse() types it: Unsigned, Signed, or
    /// Float when it has a fraction or an exponent or does not fit 64 bits. False when the
    /// text is not a number or it overflows a double.
    static bool parseNumber(const char *&p, const char *end, Node &node);

private:
    bool parseString(const char *&p, const char *end, Node &node);
    /// Whether the object whose members end the tape (at `object`) has a key twice.
    bool hasDuplicateKey(std::uint32_t object) const;
    std::uint32_t offsetOf(const char *p) const
    {
        return static_cast<std::uint32_t>(p - m_text.data());
    }

    std::string_view m_text;
    std::vector<Node> m_nodes;
    std::string m_unescaped;
    std::size_t m_errorOffset = 0;
    std::uint32_t m_deferredNode = npos;
    bool m_limitExceeded = false;
};

} // namespace cw

// The scalar parsers parse() uses (whitespace, strings, numbers): defined after the class.
#include "model/io/JsonTapeScalars.h"

namespace cw {

inline bool JsonTape::hasDuplicateKey(std::uint32_t object) const
{
    // Objects have a handful of keys ("id", "a", "b"...): compare them pairwise; a large
    // one is sorted instead.
    constexpr std::uint32_t kPairwiseKeys = 16;
    const std::uint32_t end = static_cast<std::uint32_t>(m_nodes.size());
    if (m_nodes[object].v.span.size <= kPairwiseKeys) {
        for (std::uint32_t k = object + 1; k < end; k = m_nodes[k + 1].next)
            for (std::uint32_t other = m_nodes[k + 1].next; other < end;
                 other = m_nodes[other + 1].next)
                if (m_nodes[k].v.span.size == m_nodes[other].v.span.size
                    && sameKey(string(k), string(other)))
                    return true;
        return false;
    }
    std::vector<std::string_view> keys;
    keys.reserve(m_nodes[object].v.span.size);
    for (std::uint32_t k = object + 1; k < end; k = m_nodes[k + 1].next)
        keys.push_back(string(k));
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

inline bool JsonTape::parse(std::string_view text, const JsonLimits *limits,
                            const Deferral *deferral)
{
    using namespace jsontape_detail;
    m_text = text;
    m_nodes.clear();
    m_unescaped.clear();
    m_errorOffset = 0;
    m_deferredNode = npos;
    m_limitExceeded = false;
    if (text.size() >= npos)
        return false;
    // A pretty-printed design has about one node per 12 bytes, a minified one per 7: pages
    // of the reservation that are never written cost nothing.
    m_nodes.reserve(text.size() / 8 + 16);
    adviseHugePages(m_nodes.data(), m_nodes.capacity() * sizeof(Node));

    const char *p = text.data();
    const char *end = p + text.size();
    if (end - p >= 3 && p[0] == '\xEF' && p[1] == '\xBB' && p[2] == '\xBF')
        p += 3;

    struct Open
    {
        std::uint32_t node;
        std::uint32_t count;
        bool object;
    };
    std::vector<Open> open;
    auto failAt = [this](const char *where) {
        m_errorOffset = static_cast<std::size_t>(where - m_text.data());
        return false;
    };
    auto skipSpace = [&p, end] {
        p = skipWhitespace(p, end);
    };
    auto close = [this, &open, limits] {
        const std::uint32_t index = open.back().node;
        Node &n = m_nodes[index];
        n.next = static_cast<std::uint32_t>(m_nodes.size());
        n.v.span.size = open.back().count;
        const bool object = open.back().object;
        open.pop_back();
        // Checked when the object closes, its keys still in the cache.
        if (limits && object
            && (n.v.span.size > limits->maxKeysPerObject || hasDuplicateKey(index))) {
            m_limitExceeded = true;
            return false;
        }
        return true;
    };
    // The raw bytes between the quotes, as checkJsonLimits counts them (escapes included).
    auto stringTooLong = [limits](const char *quote, const char *after) {
        return limits && static_cast<std::size_t>(after - quote) - 2 > limits->maxStringBytes;
    };
    auto limitAt = [this](const char *where) {
        m_limitExceeded = true;
        m_errorOffset = static_cast<std::size_t>(where - m_text.data());
        return false;
    };

    enum class State { Value, Key, AfterValue };
    State state = State::Value;
    for (;;) {
        switch (state) {
        case State::Value: {
            skipSpace();
            if (p >= end)
                return failAt(p);
            const auto index = static_cast<std::uint32_t>(m_nodes.size());
            Node &n = m_nodes.emplace_back();
            const char c = *p;
            if (c == '{' || c == '[') {
                if (limits && open.size() >= limits->maxDepth)
                    return limitAt(p);
                n.type = c == '{' ? Type::Object : Type::Array;
                open.push_back({ index, 0, c == '{' });
                ++p;
                skipSpace();
                if (p < end && *p == (c == '{' ? '}' : ']')) {
                    ++p;
                    if (!close())
                        return false;
                    state = State::AfterValue;
                } else {
                    state = c == '{' ? State::Key : State::Value;
                }
                continue;
            }
            if (c == '"') {
                const char *quote = p;
                if (!parseString(p, end, n))
                    return failAt(p);
                if (stringTooLong(quote, p))
                    return limitAt(quote);
            } else if (c == '-' || isDigit(c)) {
                if (!parseNumber(p, end, n))
                    return failAt(p);
            } else if (end - p >= 4 && std::memcmp(p, "true", 4) == 0) {
                n.type = Type::True;
                p += 4;
            } else if (end - p >= 5 && std::memcmp(p, "false", 5) == 0) {
                n.type = Type::False;
                p += 5;
            } else if (end - p >= 4 && std::memcmp(p, "null", 4) == 0) {
                n.type = Type::Null;
                p += 4;
            } else {
                return failAt(p);
            }
            n.next = index + 1;
            state = State::AfterValue;
            continue;
        }
        case State::Key: {
            skipSpace();
            if (p >= end || *p != '"')
                return failAt(p);
            const auto index = static_cast<std::uint32_t>(m_nodes.size());
            Node &n = m_nodes.emplace_back();
            const char *quote = p;
            if (!parseString(p, end, n))
                return failAt(p);
            if (stringTooLong(quote, p))
                return limitAt(quote);
            n.next = index + 1;
            skipSpace();
            if (p >= end || *p != ':')
                return failAt(p);
            ++p;
            state = State::Value;
            // A member of the root (node 0, the only open value) that another parser reads.
            if (deferral && open.size() == 1 && string(index) == deferral->key) {
                skipSpace();
                if (p < end && *p == '[') {
                    if (m_deferredNode != npos)
                        return failAt(p); // twice: the full parse reports the repeated key
                    const char *after = deferral->parse(p, end);
                    if (!after)
                        return failAt(p);
                    p = after;
                    m_deferredNode = static_cast<std::uint32_t>(m_nodes.size());
                    Node &array = m_nodes.emplace_back();
                    array.type = Type::Array;
                    array.next = m_deferredNode + 1;
                    state = State::AfterValue;
                }
            }
            continue;
        }
        case State::AfterValue: {
            skipSpace();
            if (open.empty())
                return p == end;
            ++open.back().count;
            if (p >= end)
                return failAt(p);
            const bool object = open.back().object;
            if (*p == ',') {
                ++p;
                state = object ? State::Key : State::Value;
            } else if (*p == (object ? '}' : ']')) {
                ++p;
                if (!close())
                    return false;
            } else {
                return failAt(p);
            }
            continue;
        }
        }
    }
}

inline std::string JsonTape::escapePointerKey(std::string_view key)
{
    std::string escaped;
    escaped.reserve(key.size());
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return escaped;
}

inline std::string JsonTape::pointerOf(std::uint32_t target) const
{
    std::string pointer;
    std::uint32_t current = 0;
    while (current != target && current < m_nodes.size()) {
        const Node &n = m_nodes[current];
        std::uint32_t child = npos;
        if (n.type == Type::Object) {
            for (std::uint32_t k = current + 1; k < n.next; k = m_nodes[k + 1].next)
                if (target >= k + 1 && target < m_nodes[k + 1].next) {
                    pointer += '/';
                    pointer += escapePointerKey(string(k));
                    child = k + 1;
                    break;
                }
        } else if (n.type == Type::Array) {
            std::size_t position = 0;
            for (std::uint32_t e = current + 1; e < n.next; e = m_nodes[e].next, ++position)
                if (target >= e && target < m_nodes[e].next) {
                    pointer += '/';
                    pointer += std::to_string(position);
                    child = e;
                    break;
                }
        }
        if (child == npos)
            break; // a key node, or not in the document: the pointer so far
        current = child;
    }
    return pointer;
}

} // namespace cw
