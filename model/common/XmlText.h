#pragma once

#include <string>
#include <string_view>

namespace cw {

/// XML 1.0 (ref:xml-1-0) character data or attribute value (either quote style): & < > " ' as
/// entities, characters XML 1.0 forbids (controls, U+FFFE/FFFF) and malformed UTF-8 as visible
/// escapes (visibleText). The one XML escape of the project: the GraphML of model/fabric and
/// every XML, SVG and draw.io exporter use it.
std::string xmlText(std::string_view text);

/// Appends xmlText(text) to `out`.
void appendXmlText(std::string &out, std::string_view text);

} // namespace cw
