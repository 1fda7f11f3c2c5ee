#pragma once

#include "model/common/Result.h"
#include "model/core/Enums.h"
#include "model/core/Ids.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// What can fail together. Derived from the design, never stored in it.
enum class DomainKind { Feed, Pdu, Cdu, Hall, Row, Rack, Switch, Link, Device };

/// One failure domain: the thing that fails, as `whatif --fail` names it ("feed:A",
/// "pdu:A01/A1", "cdu:CDU002", "hall:H1", "row:R2", "rack:A01", "switch:spine0003", "link:42",
/// "device:dgx01").
struct FailureDomain
{
    DomainKind kind = DomainKind::Device;
    std::string label; ///< the canonical spelling, "kind:name"
    Feed feed = Feed::A; ///< Feed
    RackId rack; ///< Pdu, Rack; Cdu when the CDU is a floor-standing unit (a rack position)
    std::string pdu; ///< Pdu: the PDU's name in its rack
    std::string hall; ///< Hall: the site hall's name
    RowId row; ///< Row
    DeviceId device; ///< Switch, Device; Cdu when the CDU is an in-rack unit (a device)
    LinkId link; ///< Link
};

std::string_view toString(DomainKind kind);

/// Parses "kind:name" against the design. The error names what was written and what exists.
/// `cdu:` needs the catalog (which racks and devices are CDUs).
Result<FailureDomain> parseFailureDomain(const Design &design, std::string_view text,
                                         const Catalog *catalog = nullptr);

/// Every domain of the given kinds in the design, in a stable order (kind, then design order).
/// CDUs are listed only with the catalog.
std::vector<FailureDomain> enumerateDomains(const Design &design, const std::set<DomainKind> &kinds,
                                            const Catalog *catalog = nullptr);

/// "feed", "pdu"... back to a kind; false when the word is not one.
bool parseDomainKind(std::string_view word, DomainKind &kind);

} // namespace cw
