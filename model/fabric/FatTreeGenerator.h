#pragma once

#include "model/common/Result.h"
#include "model/core/Design.h"
#include "model/fabric/ClusterAssembler.h"

#include <string>
#include <vector>

namespace cw {

class Catalog;
struct Part;

/// A generated design and what the generator noticed (parts missing from the catalog,
/// cables nothing reaches).
struct GeneratedDesign
{
    Design design;
    std::vector<std::string> notes;
};

/// Inputs of the fat-tree generator after the template parameters are parsed and checked
/// against the catalog. `superpod-h100` is this generator with 32-slot scalable units and
/// the UFM slot.
struct FatTreeSpec
{
    std::string designName;
    std::string clusterName = "cluster";
    std::string nodePrefix = "gpu";
    int nodes = 0;
    const Part *nodePart = nullptr;
    int rails = 0; ///< compute ports used per node, in rail order
    Technology technology = Technology::InfiniBand;
    const Part *switchPart = nullptr;
    int tiers = 0; ///< 2, 3, or 0 = auto
    int ratio = 1; ///< leaf oversubscription r:1
    bool railOptimized = true;
    /// Not rail-optimized: leaves take port r of consecutive nodes, rail by rail (a node's
    /// ports on different leaves) instead of all ports of a node in turn.
    bool stripePorts = false;
    int nodesPerRack = 0; ///< 0 = as many as the site's limit per position allows
    int nodesPerRackCap = 0; ///< with nodesPerRack 0: at most this many (0 = rack U)
    int racksPerRow = 16; ///< on a site without halls
    SitePlacement site; ///< the site the racks go into (never changed)
    std::string cduType = "cdu-inrow-750kw"; ///< CDU placed in rows with liquid heat
    bool placementOnly = false; ///< stop after placing and checking the site (no links)
    /// Out: why the design does not fit its site (the Error then says the first).
    std::vector<SiteShortfall> *shortfalls = nullptr;
    int suSlots = 0; ///< node slots per scalable unit; 0 = leaf downlinks
    bool ufmSlot = false; ///< the last slot of SU 1 holds the UFM appliance
    const Part *ufmPart = nullptr; ///< null: the slot stays empty (noted)
    std::string storage = "lustre"; ///< none | lustre | weka | vast
    int storageNodes = 4; ///< data servers (OSS, WEKA hosts, VAST enclosures)
    bool storageConverged = false;
    int storageRatio = 1; ///< leaf oversubscription of a separate storage fabric
    /// The switch of a separate storage fabric; null = switchPart. An XDR compute fabric's
    /// switch has no cage for the storage NICs' 400G (ref:nvidia-linkx-xdr): an NDR one does.
    const Part *storageSwitchPart = nullptr;
    /// A rack-scale system (GB200 NVL72): compute racks are this rack type, filled with its
    /// contents in U order (nodePart trays as the nodes, NVLink switch trays, reserved U for
    /// its power shelves). nodesPerRack must equal its count of nodePart.
    const Part *rackScalePart = nullptr;
};

/// Builds the whole design: racks in the site's rows, devices in U slots, the compute fat tree
/// (rail planes when one tree cannot join every rail), the storage tier and its fabric, the
/// out-of-band management network, every link cabled. The site is the spec's, unchanged; a
/// design that does not fit it is an Error and `spec.shortfalls` says why.
/// Deterministic: the same spec gives the same design, id for id.
Result<GeneratedDesign> buildFatTree(const FatTreeSpec &spec, const Catalog &catalog);

} // namespace cw
