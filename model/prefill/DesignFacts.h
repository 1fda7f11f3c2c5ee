#pragma once

#include "model/core/Facility.h"
#include "model/core/Network.h"
#include "model/core/Settings.h"

#include <optional>
#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Part;
} // namespace cw

namespace cw::calc {

/// What a design knows that the calculators ask for, gathered once (copies, not pointers into
/// the design; the catalog parts are pointers into the catalog, which outlives a calculation).
struct DesignFacts
{
    std::string designName;
    int gpus = 0; ///< GPUs of every server in the design
    double itKw = 0; ///< sum of the devices' maximum power (the figure feeds are sized on)
    int devicesWithPower = 0;
    /// The IT load split by what carries its heat away: liquid for liquid-cooled parts and
    /// hybrid parts in liquid-cooled racks, air for the rest (the validation rules' split).
    double liquidHeatKw = 0;
    double airHeatKw = 0;
    Site site;
    Workload workload;

    /// The GPU server the design has most GPUs in, and its GPU part (nullptr when none).
    const Part *node = nullptr;
    int nodes = 0; ///< devices of that server part
    const Part *gpu = nullptr;
    int gpusPerNode = 0;
    bool mixedGpus = false; ///< more than one GPU part in the design

    /// The parallel-filesystem tier with the largest write bandwidth.
    std::optional<StorageTier> parallelFs;
    /// The first compute fabric, its switch part (a leaf when tiers are known) and longest link.
    std::optional<Fabric> computeFabric;
    const Part *fabricSwitch = nullptr;
    double longestComputeLinkM = 0;
    /// The first RoCEv2 fabric (PFC applies) and its longest link.
    std::optional<Fabric> roceFabric;
    double longestRoceLinkM = 0;

    /// Compute (rail) ports of the node on the compute fabric, at the fabric's link speed,
    /// shared by the node's GPUs: GB/s per GPU per direction. 0 when unknown.
    double nicGBpsPerGpu() const;
};

DesignFacts gatherDesignFacts(const Design &design, const Catalog &catalog);

} // namespace cw::calc
