#pragma once

#include "model/common/Result.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/failure/FailureDomain.h"
#include "model/failure/PowerChain.h"

#include <memory>
#include <string>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// Why a device runs below its maximum draw.
enum class CapCause { Power, Cooling };

/// A device left running below its maximum draw: on fewer PSUs than that needs (power), or in a
/// row whose CDUs left carry less than the row's liquid heat (cooling).
struct CappedDevice
{
    DeviceId device;
    std::string name;
    int psusUp = 0;
    int psus = 0;
    double availableW = 0; ///< power: psusUp x the PSU rating; cooling: its share of the CDUs
    double maxPowerW = 0;
    CapCause cause = CapCause::Power;
};

/// A row that lost CDUs: what is left against the liquid heat of the devices still on in it.
struct RowCoolingImpact
{
    std::string row;
    int cdus = 0;
    int cdusUp = 0;
    double liquidW = 0; ///< the liquid heat of the row's devices still on (their maximum draw)
    double capacityBeforeW = 0; ///< every CDU of the row
    double capacityW = 0; ///< the CDUs left
    int devicesOff = 0; ///< no CDU left: the liquid-cooled devices shut down
    int devicesCapped = 0; ///< short but some left: capped to their share of what is left

    bool isShort() const { return liquidW > capacityW + 1e-6; }
};

/// A PDU that carries more than its derated capacity once the failed PDUs' load moves to it.
struct OverloadedPdu
{
    std::string rack;
    std::string pdu;
    double loadW = 0;
    double capacityW = 0; ///< pduCapacityW: after the 80 % continuous-load derating
    bool overloadedBefore = false; ///< already over before the failure
};

/// One fabric after the failure.
struct FabricImpact
{
    std::string name;
    FabricPurpose purpose = FabricPurpose::Compute;
    double bisectionBeforeGbps = 0;
    double bisectionGbps = 0; ///< minimum over the standard partitions of the survivors
    std::string worstPartition; ///< the partition that gave bisectionGbps
    int switchesLost = 0;
    int linksLost = 0;
    int nodesDisconnected = 0; ///< nodes still on with no link left on this fabric
    int nodesDegraded = 0; ///< nodes on with some but not all of their links on this fabric
    int leaves = 0; ///< leaf (tier 0) switches before the failure
    int leavesWhole = 0; ///< leaves up with every node below them usable
};

struct StorageImpact
{
    std::string tier;
    int servers = 0;
    int serversLost = 0;
    bool reachable = true; ///< at least one server on
};

/// What a set of simultaneous failures does to the cluster, layer by layer.
struct WhatIfReport
{
    std::vector<std::string> failures; ///< the domains, as written
    // power
    std::vector<std::string> devicesOff; ///< names, design order
    std::vector<CappedDevice> devicesCapped;
    std::vector<OverloadedPdu> pdusOverloaded;
    // cooling
    std::vector<std::string> cdusLost; ///< names, design order
    std::vector<RowCoolingImpact> coolingRows; ///< rows that lost a CDU, design order
    // fabric
    std::vector<FabricImpact> fabrics;
    // workload
    int nodes = 0; ///< compute nodes (role compute with GPUs or on a compute fabric)
    int gpus = 0;
    int nodesLost = 0; ///< off, or on with no link left on a compute fabric
    int gpusLost = 0;
    int nodesUsable = 0; ///< on, not capped... see usable in docs/failure-domains.md
    int largestJobNodes = 0; ///< usable nodes in one connected piece of the compute fabric
    int largestJobGpus = 0;
    std::vector<DeviceId> nodesCutOff; ///< on, but with no link left on a compute fabric
    std::vector<DeviceId> nodesDegraded; ///< on and connected, with some links lost
    std::vector<StorageImpact> storage;
    std::vector<std::string> notes; ///< what the model assumed or could not judge
    std::string verdict; ///< one sentence a facilities engineer can read aloud
};

struct WhatIfOptions
{
    AnalysisOptions analysis; ///< partitions for the bisection after the failure
    /// Failures that leave every node up start their max-flow from the unfailed flow
    /// (WarmFlow); false solves each from zero (the same values: tests compare the two).
    bool warmStart = true;
};

/// How much of the fabric a simulation works out.
enum class FabricDetail {
    Full, ///< connectivity and the bisection after the failure (max-flows)
    /// connectivity only: a touched fabric's bisectionGbps is NaN (not computed); GPUs lost,
    /// nodes cut off and the largest job are as with Full. An N-1 sweep ranks by GPUs lost
    /// first, so it solves the max-flows only for the domains that can rank at the top.
    NoBisection,
};

/// The design's failure-domain model: PSU placement and the unfailed fabric graphs, built once
/// and reused for every simulation (an N-1 sweep runs thousands). The design and catalog must
/// outlive it.
class FailureModel
{
public:
    static Result<FailureModel> build(const Design &design, const Catalog &catalog,
                                      const WhatIfOptions &options = {});

    /// Fails every domain in `domains` at once.
    WhatIfReport simulate(const std::vector<FailureDomain> &domains,
                          FabricDetail detail = FabricDetail::Full) const;

    /// simulate(domains).gpusLost, without the rest of the report: the power and cooling
    /// passes, then only which compute nodes lose every link of a compute fabric (no
    /// connectivity pieces, names, verdict or max-flow). An N-1 sweep ranks every domain by it.
    int gpusLost(const std::vector<FailureDomain> &domains) const;

    const Design &design() const;

    struct Data;

private:
    explicit FailureModel(std::shared_ptr<const Data> data);
    std::shared_ptr<const Data> m_data;
};

} // namespace cw
