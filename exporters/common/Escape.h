#pragma once

#include "model/common/XmlText.h"

#include "model/common/Result.h"

#include <string>
#include <string_view>

/// The one escaping layer of the exporters: every piece of user or catalog text that reaches
/// an exported file goes through the function for that file's language. Names are already
/// held to the name policy (model/core/NamePolicy.h) at load and edit time; these functions
/// are the second wall, so that free text (design name, descriptions, waiver reasons) and
/// catalog strings are safe too. None of them drops or merges text silently: what cannot be
/// shown is written as a visible escape (visibleText), what a format cannot quote is refused.
namespace cw::exporters::esc {

/// Text for a line comment of any format ("# ...", "! ...", "// ..."): one line, no control
/// or reordering character (visibleText). A comment line cannot be ended early by it.
std::string commentText(std::string_view text);

/// A POSIX shell word: commentText(text) in single quotes, each ' written as '\'' (POSIX
/// 2.2.2, ref:posix-shell-quoting: nothing is special inside single quotes). Used for NVUE command
/// arguments.
std::string shellWord(std::string_view text);

/// A POSIX shell word in double quotes: commentText(text) with $ ` " and \\ preceded by a
/// backslash (POSIX 2.2.3: the only characters special inside double quotes; history expansion
/// of '!' is off in a script). Text without them reads unchanged, "to gpu01 p1".
std::string shellDoubleQuoted(std::string_view text);

/// Text for the rest of an Arista EOS CLI line (description, comment): one line of printable
/// ASCII; anything else as a visible escape. EOS takes the rest of the line verbatim.
std::string eosLineText(std::string_view text);

/// Well-formed UTF-8 for a JSON string (SONiC config_db.json, GraphML data): malformed bytes
/// become U+FFFD so the JSON writer cannot fail; nlohmann then escapes quotes and controls.
std::string jsonText(std::string_view text);

/// True when `text` is one Slurm configuration word (slurm.conf, gres.conf, topology.conf):
/// 1+ bytes of printable ASCII with no space, '"', '#' (comment start, even mid-line, in
/// Slurm's parser), '\\', '=' or ','. Such a word needs no quoting.
bool isSlurmWord(std::string_view text);

/// `text` as a Slurm value, or an error naming `what` when it is not a Slurm word: Slurm's
/// parser has no escape for a quote or a line break, so such text is refused, never written.
Result<std::string> slurmWord(std::string_view what, std::string_view text);

/// XML character data and attribute values: model/common/XmlText.h, shared with the model's
/// GraphML writer, so that there is one XML escape.
using cw::xmlText;

/// Text for inside <!-- --> (XML, SVG, HTML in Markdown): xmlText's character rules (no
/// control characters), no "--" (XML 1.0 section 2.5) and no trailing '-', so the comment
/// cannot be closed early. Markup characters are literal inside a comment and stay.
std::string xmlComment(std::string_view text);

/// True when a spreadsheet would read `cell` as a formula: it starts with = + - @, TAB or CR
/// (or their full-width forms) and is not a plain number (OWASP "CSV Injection",
/// ref:owasp-csv-injection).
bool looksLikeFormula(std::string_view cell);

/// One CSV field (RFC 4180, ref:rfc-4180): a formula-looking cell gets a leading ' and is
/// quoted; a field holding , " CR or LF is quoted with its quotes doubled; controls other than
/// CR/LF are written as visible escapes.
std::string csvField(std::string_view text);

/// Text for Markdown prose or a table cell: one line (commentText), the characters that
/// open inline markup (\\ ` * _ [ ] | ~) escaped with '\\' (ref:commonmark-0-30, 2.4), '<'
/// '>' '&' as entities so no HTML reaches a renderer, and a block marker at the start
/// (# + - = > ! or "1." / "1)") escaped. "gpu-01 (HDR 200G)" reads unchanged.
std::string markdownText(std::string_view text);

/// Text drawn on a page (PDF/SVG through QPainter): commentText's rules, so no reordering
/// mark changes what the reader sees.
std::string displayText(std::string_view text);

} // namespace cw::exporters::esc
