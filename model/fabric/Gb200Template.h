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
/// out-of-band networks as fat-tree.
Result<GeneratedDesign> generateGb200Nvl72(const std::map<std::string, std::string> &values,
                                           const Catalog &catalog);

} // namespace cw
