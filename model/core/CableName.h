#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace cw {

/// A link's cable or transceiver part id: an index into a process-wide pool of the names met
/// so far (a few dozen, the catalog's cable parts), 4 bytes where a std::string took 32, so a
/// `Link` is 64 bytes instead of 88 (a 16k-node design holds half a million of them). It
/// reads as the `const std::string &` of its name, so code written for the string keeps
/// working; equal names have equal indices, so comparing two is one integer compare. The
/// pool never forgets a name and may be used from any thread.
class CableName
{
public:
    CableName() = default;
    CableName(std::string_view name)
        : m_index(intern(name))
    { }
    CableName(const std::string &name)
        : CableName(std::string_view(name))
    { }
    CableName(const char *name)
        : CableName(std::string_view(name))
    { }

    const std::string &str() const { return nameAt(m_index); }
    operator const std::string &() const { return str(); }
    operator std::string_view() const { return str(); }

    bool empty() const { return m_index == 0; }
    void clear() { m_index = 0; }
    /// The name's place in the pool: 0 for the empty name, otherwise in first-met order.
    std::uint32_t index() const { return m_index; }

    bool operator==(const CableName &) const = default;
    friend bool operator==(const CableName &a, std::string_view b) { return a.str() == b; }
    friend bool operator==(const CableName &a, const std::string &b) { return a.str() == b; }
    friend bool operator==(const CableName &a, const char *b) { return a.str() == b; }
    // Text joins as with the std::string it replaced (std::string's own operator+ is a
    // template, which an implicit conversion cannot reach).
    friend std::string operator+(const std::string &a, const CableName &b) { return a + b.str(); }
    friend std::string operator+(std::string &&a, const CableName &b)
    {
        return std::move(a) + b.str();
    }
    friend std::string operator+(const char *a, const CableName &b) { return a + b.str(); }
    friend std::string operator+(const CableName &a, const std::string &b) { return a.str() + b; }
    friend std::string operator+(const CableName &a, const char *b) { return a.str() + b; }
    /// By name, as the std::string it replaced compared.
    friend std::strong_ordering operator<=>(const CableName &a, const CableName &b)
    {
        return a.m_index == b.m_index ? std::strong_ordering::equal
                                      : a.str().compare(b.str()) <=> 0;
    }

private:
    static std::uint32_t intern(std::string_view name);
    static const std::string &nameAt(std::uint32_t index);

    std::uint32_t m_index = 0;
};

} // namespace cw
