#pragma once

#include "model/core/Ids.h"

#include <string>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// One multi-node NVLink domain: the compute trays of one rack-scale system (a GB200 NVL72
/// rack: 18 trays x 4 GPUs = 72 GPUs, ref:nvidia-dgx-gb200-ug). GPUs of a domain reach each
/// other over NVLink through the rack's NVLink switch trays, not over the network; Slurm's
/// topology/block makes each domain a block and NCCL uses it as MNNVL.
struct NvlinkDomain
{
    std::string name; ///< the rack's name
    RackId rack;
    std::vector<DeviceId> nodes; ///< compute trays, by hostname
    std::vector<std::string> nodeNames; ///< sorted
    int gpus = 0; ///< GPUs of the trays present
    int gpusPerNode = 0; ///< fewest GPUs of a tray
    int fullGpus = 0; ///< GPUs of a complete domain (the part's nvlinkDomainGpus)
    int nvlinkSwitches = 0; ///< NVLink switch trays in the rack
    int fullNvlinkSwitches = 0; ///< switch trays the rack-scale rack type holds; 0 = unknown
    bool rackScaleRack = false; ///< the rack's type is a rack-scale system
    double nvlinkGBpsPerGpu = 0; ///< GPU NVLink bandwidth (bidirectional, as NVIDIA quotes)

    bool complete() const
    {
        return gpus == fullGpus && rackScaleRack && nvlinkSwitches >= fullNvlinkSwitches;
    }
};

/// The design's multi-node NVLink domains: compute devices whose server part declares
/// `nvlinkDomainGpus`, grouped by rack (the NVLink spine does not leave the rack), ordered by
/// their first hostname. Servers whose domain is the server itself (HGX 8-GPU) are not listed.
std::vector<NvlinkDomain> multiNodeNvlinkDomains(const Design &design, const Catalog &catalog);

} // namespace cw
