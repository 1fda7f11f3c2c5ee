#pragma once

#include "model/common/Result.h"
#include "model/core/Enums.h"
#include "model/core/Ids.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Design;

/// What can fail together. Derived from the design, never stored in it.
enum class DomainKind { Feed, Pdu, Row, Rack, Switch, Link, Device };

/// One failure domain: the thing that fails, as `whatif --fail` names it ("feed:A",
/// "pdu:A01/A1", "row:R2", "rack:A01", "switch:spine0003", "link:42", "device:dgx01").
struct FailureDomain
{
    DomainKind kind = DomainKind::Device;
    std::string label; ///< the canonical spelling, "kind:name"
    Feed feed = Feed::A; ///< Feed
    RackId rack; ///< Pdu, Rack
    std::string pdu; ///< Pdu: the PDU's name in its rack
    RowId row; ///< Row
    DeviceId device; ///< Switch, Device
    LinkId link; ///< Link
};

std::string_view toString(DomainKind kind);

/// Parses "kind:name" against the design. The error names what was written and what exists.
Result<FailureDomain> parseFailureDomain(const Design &design, std::string_view text);

/// Every domain of the given kinds in the design, in a stable order (kind, then design order).
std::vector<FailureDomain> enumerateDomains(const Design &design,
                                            const std::set<DomainKind> &kinds);

/// "feed", "pdu"... back to a kind; false when the word is not one.
bool parseDomainKind(std::string_view word, DomainKind &kind);

} // namespace cw
