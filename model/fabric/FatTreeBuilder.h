#pragma once

// The fat-tree generator's builder, internal to model/fabric: FatTreeGenerator.cpp runs it,
// FatTreeTrees.cpp plans and cables the compute and storage trees, FatTreePlacement.cpp chooses
// the racks and places the devices.

#include "model/catalog/Part.h"
#include "model/fabric/ClusterAssembler.h"
#include "model/fabric/FatTreeGenerator.h"
#include "model/fabric/FatTreeShape.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class DesignBuilder;
} // namespace cw

namespace cw::fattree {

inline constexpr const char *kMgmtSwitchType = "mgmt-48x1g";
inline constexpr const char *kHeadNodeType = "mgmt-server-1u";

/// Digits of the node names: enough for `n`, at least 3.
int digits(int n);
std::vector<int> portsWithRole(const Part &part, PortRole role);
/// Switch ports that can run a link of `speedGbps` (a faster port runs slower links).
std::vector<int> fabricPortsFor(const Part &part, double speedGbps);
/// The rack type for `uNeeded` U drawing `loadW`: one whose power rating covers the load
/// first, then one whose cooling matches the devices, then the smaller rack.
std::string chooseRackType(const Catalog &catalog, int uNeeded, double loadW, Cooling cooling);

/// buildFatTree's state for one design: the planned trees, the racks and devices placed
/// through the ClusterAssembler, then the fabrics cabled (run() in that order).
class FatTreeBuilder
{
public:
    FatTreeBuilder(const FatTreeSpec &spec, const Catalog &catalog)
        : m_spec(spec)
        , m_catalog(catalog)
        , m_assembler(m_result.design, catalog, spec.site, spec.racksPerRow)
    { }

    Result<GeneratedDesign> run();

private:
    Result<void> planCompute();
    Result<void> planStorage();
    Result<void> chooseDensity();
    Result<void> chooseRackScale();
    Result<GeneratedDesign> refuse();
    std::vector<SiteShortfall> allShortfalls() const
    {
        std::vector<SiteShortfall> all = m_densityShortfalls;
        all.insert(all.end(), m_assembler.shortfalls().begin(), m_assembler.shortfalls().end());
        return all;
    }
    Result<void> placeAll();
    Result<void> fillRackScale(int rack, int width);
    Result<void> placeLeaves(Tree &tree, int su, const char *prefix, int &counter);
    Result<void> placeUpper(Tree &tree, const char *spinePrefix, const char *corePrefix);
    int resolve(const Endpoint &endpoint) const;
    void cableTree(Tree &tree, FabricId fabric);
    /// Adds the compute, storage and out-of-band fabrics and cables them; the storage
    /// tier's fabric (the compute fabric when storage is converged).
    Result<FabricId> cableFabrics(DesignBuilder &builder, const Part *mgmt);
    Result<void> addStorageTier(DesignBuilder &builder, FabricId storageFabric);

    const FatTreeSpec &m_spec;
    const Catalog &m_catalog;
    GeneratedDesign m_result;
    ClusterAssembler m_assembler;
    std::vector<int> m_rails; ///< the node part's compute ports used, rail order
    int m_suSize = 0;
    int m_rackScaleSwitches = 0; ///< NVLink switch trays placed so far
    int m_suCount = 0;
    int m_ufmSlot = -1; ///< global slot index of the UFM, -1 none
    std::vector<const Part *> m_storageParts;
    Tree m_compute;
    Tree m_storage;
    bool m_hasStorageFabric = false;
    std::string m_computeRack;
    std::string m_networkRack;
    int m_nodesPerRack = 1;
    std::vector<SiteShortfall> m_densityShortfalls;
    std::vector<int> m_nodes; ///< local device of node n
    std::vector<int> m_servers; ///< local device of storage server k
    int m_ufm = -1;
};

} // namespace cw::fattree
