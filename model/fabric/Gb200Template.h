#pragma once

#include "model/common/Result.h"
#include "model/fabric/FatTreeGenerator.h"

#include <map>
#include <string>
#include <vector>

namespace cw {

class Catalog;
struct TemplateParameter;

/// Parameters of the `gb200-nvl72` template (racks, switch-type, storage, storage-nodes).
const std::vector<TemplateParameter> &gb200Nvl72Parameters();

/// A DGX SuperPOD GB200-style cluster (ref:nvidia-superpod-gb200-ra): `racks` GB200 NVL72
/// rack-scale systems (gb200-nvl72-rack filled with its 18 compute trays and 9 NVLink switch
/// trays, one 72-GPU NVLink domain each), 8 racks per scalable unit in one row with its leaf
/// rack, the trays' 4 x 400G ConnectX-7 ports on an InfiniBand NDR fat tree (QM9700 by
/// default; an XDR switch is refused: its 800G ports need ConnectX-8 trays), storage and
/// out-of-band networks as fat-tree. The spec of the requested size; `racks` receives it.
/// The generator (generateDesign) places it into the site and resizes it with gb200Nvl72At.
Result<FatTreeSpec> gb200Nvl72Spec(const std::map<std::string, std::string> &values,
                                   const Catalog &catalog, int &racks);

/// `spec` (from gb200Nvl72Spec) at `racks` racks.
FatTreeSpec gb200Nvl72At(FatTreeSpec spec, int racks);

} // namespace cw
