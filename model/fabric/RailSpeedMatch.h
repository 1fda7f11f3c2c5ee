#pragma once

#include "model/common/Result.h"

namespace cw {

class Catalog;
struct FatTreeSpec;

/// Refuses a fat-tree whose rail NICs are slower than the switch's fabric ports when no
/// catalog cable or module carries a link of the NICs' speed between the switch's cage and
/// the NICs' cage: such a link is not a slower link on a faster port but no link at all (an
/// XDR 200G-PAM4 cage cannot run a ConnectX-7's 100G-PAM4 lanes). Where the catalog has such a
/// part (an NDR twin-port cage split into HDR links by a splitter cable), the design
/// generates as before. The refusal names both speeds and the node and switch types that match.
Result<void> checkRailSpeedMatch(const FatTreeSpec &spec, const Catalog &catalog);

/// The same for a separate storage fabric: the node's storage NICs need a catalog part into
/// the storage switch's cages (a DGX B300's 400G QSFP112 BlueField-3 has none into an XDR
/// cage); the refusal names the storage-switch-types that reach them.
Result<void> checkStorageSwitch(const FatTreeSpec &spec, const Catalog &catalog);

} // namespace cw
