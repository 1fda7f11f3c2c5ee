#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::underlay {

struct UnderlayPlan;

/// The addressing plan as CSV (RFC 4180, '#' comment line first, one row per address:
/// loopbacks, management, switch links, host links, rail blocks), sorted by kind, device,
/// port, so a design edit shows as a small diff.
std::string addressTableCsv(const Design &design, const UnderlayPlan &plan);

/// The same plan as a Markdown document: pools and rules, ASN plan, then the tables.
std::string addressTableMarkdown(const Design &design, const UnderlayPlan &plan);

} // namespace cw::exporters::underlay
