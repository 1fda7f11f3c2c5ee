#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cw {

/// The code points a name or a one-line text must never carry, whatever file or terminal it
/// reaches: C0 controls (NUL, CR, LF, TAB, ESC ...), DEL, C1 controls, the Unicode line and
/// paragraph separators, the bidirectional controls that reorder what a reader sees
/// (Trojan Source, ref:boucher-trojan-source-2021), BOM/zero-width no-break space and the
/// noncharacters U+FFFE/U+FFFF (not allowed in XML 1.0).
bool isInvisibleCodePoint(char32_t codePoint);

/// Decodes one UTF-8 sequence at `text[at]`. Returns the number of bytes (1-4) and stores the
/// code point, or returns 0 for a malformed, overlong or surrogate sequence.
std::size_t decodeUtf8(std::string_view text, std::size_t at, char32_t &codePoint);

/// True when `text` is well-formed UTF-8.
bool isValidUtf8(std::string_view text);

/// `text` made safe to show on one line of a terminal, a comment or a log: every invisible
/// code point is written as `\u{XXXX}` (ASCII controls as `\xNN`), every malformed UTF-8 byte as
/// `\xNN`. Anything else is kept. The result never holds a line break, an escape sequence
/// or a reordering mark, so it cannot end a comment line or repaint a terminal.
std::string visibleText(std::string_view text);

/// visibleText() cut to at most `maxBytes` bytes of output (a whole escape or character is
/// never split) with "..." appended when cut: error messages quote at most this much of a
/// user's string.
std::string visibleExcerpt(std::string_view text, std::size_t maxBytes = 80);

} // namespace cw
