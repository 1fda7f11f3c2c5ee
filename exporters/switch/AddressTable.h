#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::underlay {

struct UnderlayPlan;

/// The addressing plan as CSV (RFC 4180, the header row first and nothing before it; one row
/// per address: loopbacks, management, switch links, host links, rail blocks), sorted by kind,
/// device, port, so a design edit shows as a small diff.
std::string addressTableCsv(const UnderlayPlan &plan);

/// address-plan-provenance.txt: the design, schema and generator the CSV was made from.
std::string addressTableProvenance(const Design &design);

/// The same plan as a Markdown document: pools and rules, ASN plan, then the tables.
std::string addressTableMarkdown(const Design &design, const UnderlayPlan &plan);

} // namespace cw::exporters::underlay
