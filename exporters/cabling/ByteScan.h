#pragma once

#include <cstdint>
#include <cstring>

namespace cw::cabling::bytescan {

// Eight bytes at a time (one 64-bit word, "SWAR"): whether any byte of a word is one a CSV
// field or XML text must not copy as is. Exact for presence (the bit tricks of
// ref:anderson-bit-hacks, "determine if a word has a zero byte / a byte less than n"). The
// cell writers copy clean words whole and look at the others byte by byte: most cells (names,
// numbers, part ids) are clean, 144 MB of them at 16,384 nodes.

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighs = 0x8080808080808080ull;

constexpr std::uint64_t zeroByte(std::uint64_t word)
{
    return (word - kOnes) & ~word & kHighs;
}

constexpr std::uint64_t byteEqual(std::uint64_t word, unsigned char value)
{
    return zeroByte(word ^ (kOnes * value));
}

/// A byte outside printable ASCII: below 0x20 (controls), 0x7f (DEL) or 0x80 and above.
constexpr std::uint64_t notPrintable(std::uint64_t word)
{
    return ((word - kOnes * 0x20) & ~word & kHighs) | (word & kHighs) | byteEqual(word, 0x7f);
}

/// No byte needs csvField's work: printable ASCII without ',' or '"'.
constexpr bool csvClean(std::uint64_t word)
{
    return !(notPrintable(word) | byteEqual(word, ',') | byteEqual(word, '"'));
}

/// No byte needs an entity or visibleText: printable ASCII without '&', '<' or '>'.
constexpr bool xmlClean(std::uint64_t word)
{
    return !(notPrintable(word) | byteEqual(word, '&') | byteEqual(word, '<')
             | byteEqual(word, '>'));
}

inline std::uint64_t load(const char *at)
{
    std::uint64_t word;
    std::memcpy(&word, at, sizeof word);
    return word;
}

} // namespace cw::cabling::bytescan
