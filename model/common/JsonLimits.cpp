#include "model/common/JsonLimits.h"

#include "model/common/JsonReader.h"
#include "model/common/VisibleText.h"

#include <nlohmann/json.hpp>

#include <array>
#include <deque>
#include <string>
#include <unordered_set>
#include <vector>

namespace cw {

JsonLimits designLimits()
{
    JsonLimits limits;
    limits.maxBytes = kMaxDesignBytes;
    return limits;
}

JsonLimits catalogLimits()
{
    JsonLimits limits;
    limits.maxBytes = kMaxCatalogBytes;
    return limits;
}

namespace {

/// Small objects (almost all) compare keys linearly; large ones switch to a hash set.
constexpr std::size_t kLinearKeys = 16;

struct Frame
{
    bool object = false;
    bool expectKey = false;
    std::size_t index = 0; ///< array: the element being read
    std::string_view key; ///< object: the member being read
    std::vector<std::string_view> keys;
    std::unordered_set<std::string_view> keySet;

    void reset(bool isObject)
    {
        object = isObject;
        expectKey = isObject;
        index = 0;
        key = {};
        keys.clear();
        keySet.clear();
    }
    /// False when `name` is already a key of this object.
    bool addKey(std::string_view name)
    {
        if (keySet.empty()) {
            for (std::string_view known : keys)
                if (known == name)
                    return false;
            keys.push_back(name);
            if (keys.size() > kLinearKeys)
                keySet.insert(keys.begin(), keys.end());
            return true;
        }
        keys.push_back(name);
        return keySet.insert(name).second;
    }
};

class LimitScanner
{
public:
    LimitScanner(std::string_view text, const JsonLimits &limits)
        : m_text(text)
        , m_limits(limits)
    { }

    Result<void> run();

private:
    Error error(std::size_t at, const std::string &what) const
    {
        return Error { pointer() + " (" + describeTextPosition(m_text, at) + "): " + what };
    }
    std::string pointer() const
    {
        std::string out;
        for (std::size_t i = 0; i < m_depth; ++i) {
            const Frame &frame = m_frames[i];
            out += '/';
            out += frame.object ? JsonReader::escapeKey(visibleExcerpt(frame.key, 80))
                                : std::to_string(frame.index);
        }
        return out.empty() ? "/" : out;
    }
    /// The decoded key of the string ending at `end` (exclusive, before the quote).
    std::string_view keyText(std::size_t start, std::size_t end, bool escaped)
    {
        const std::string_view raw = m_text.substr(start, end - start);
        if (!escaped)
            return raw;
        try {
            m_decoded.push_back(
                nlohmann::json::parse("\"" + std::string(raw) + "\"").get<std::string>());
        } catch (const nlohmann::json::exception &) {
            m_decoded.emplace_back(raw); // malformed: the parser reports it
        }
        return m_decoded.back();
    }

    std::string_view m_text;
    const JsonLimits &m_limits;
    std::vector<Frame> m_frames; // reused: m_depth of them are live
    std::size_t m_depth = 0;
    std::deque<std::string> m_decoded;
};

Result<void> LimitScanner::run()
{
    if (m_limits.maxBytes > 0 && m_text.size() > m_limits.maxBytes)
        return Error { "the text has " + std::to_string(m_text.size()) + " bytes, more than the "
                       + std::to_string(m_limits.maxBytes / (std::size_t { 1024 } * 1024))
                       + " MiB limit" };
    // Only quotes, brackets and commas matter; indentation, numbers and literals are
    // skipped through a table (most of a pretty-printed design's bytes).
    static constexpr auto kStructural = [] {
        std::array<bool, 256> table {};
        for (unsigned char c : std::string_view("\"{}[],"))
            table[c] = true;
        return table;
    }();
    for (std::size_t at = 0; at < m_text.size(); ++at) {
        if (!kStructural[static_cast<unsigned char>(m_text[at])])
            continue;
        const char c = m_text[at];
        if (c == '"') {
            const std::size_t start = at + 1;
            bool escaped = false;
            std::size_t end = start;
            while (end < m_text.size() && m_text[end] != '"') {
                if (m_text[end] == '\\') {
                    escaped = true;
                    ++end;
                }
                ++end;
            }
            if (end - start > m_limits.maxStringBytes)
                return error(at,
                             "a string of " + std::to_string(end - start)
                                 + " bytes, more than the limit of "
                                 + std::to_string(m_limits.maxStringBytes));
            if (m_depth > 0 && m_frames[m_depth - 1].object && m_frames[m_depth - 1].expectKey) {
                Frame &frame = m_frames[m_depth - 1];
                frame.expectKey = false;
                const std::string_view key = keyText(start, std::min(end, m_text.size()), escaped);
                if (!frame.addKey(key)) {
                    frame.key = key;
                    return error(at,
                                 "duplicate key \"" + visibleExcerpt(key)
                                     + "\" (each key may appear once in an object)");
                }
                frame.key = key;
                if (frame.keys.size() > m_limits.maxKeysPerObject)
                    return error(at,
                                 "an object with more than "
                                     + std::to_string(m_limits.maxKeysPerObject) + " keys");
            }
            at = end;
        } else if (c == '{' || c == '[') {
            if (m_depth >= m_limits.maxDepth)
                return error(
                    at, "nesting deeper than " + std::to_string(m_limits.maxDepth) + " levels");
            if (m_frames.size() <= m_depth)
                m_frames.emplace_back();
            m_frames[m_depth++].reset(c == '{');
        } else if (c == '}' || c == ']') {
            if (m_depth > 0)
                --m_depth;
        } else if (c == ',' && m_depth > 0) {
            Frame &frame = m_frames[m_depth - 1];
            if (frame.object)
                frame.expectKey = true;
            else
                ++frame.index;
        }
    }
    return {};
}

} // namespace

Result<void> checkJsonLimits(std::string_view text, const JsonLimits &limits)
{
    return LimitScanner(text, limits).run();
}

} // namespace cw
