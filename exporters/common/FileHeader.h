#pragma once

#include <string>
#include <string_view>

namespace cw {
class Design;
}

namespace cw::exporters {

/// The comment block every exported text file starts with: the design's name, the schema
/// version and the generator, each line prefixed with `commentPrefix` ("#", "//", "!").
/// No date, so the same design gives the same bytes.
std::string fileHeader(const Design &design, std::string_view commentPrefix, std::string_view what);

/// The same facts as one line, for formats whose comments are a field (CSV) or an XML comment.
/// The design name and `what` pass through esc::commentText (one line, no control or
/// direction characters); an XML caller still applies esc::xmlComment.
std::string headerLine(const Design &design, std::string_view what);

} // namespace cw::exporters
