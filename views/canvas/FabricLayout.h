#pragma once

#include "model/core/Design.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cw::canvas {

class DesignCache;

/// Layers of a fabric drawn bottom to top.
enum class FabricLayer { Nodes = 0, Leaf = 1, Spine = 2, Core = 3 };
inline constexpr int kFabricLayerCount = 4;

/// The layer a device sits in: switches by tier (0 leaf, 1 spine, 2+ core; no tier = leaf),
/// everything else with the nodes.
FabricLayer layerOf(const Device &device);
const char *layerName(FabricLayer layer);

/// One box of a fabric's layered graph: a device, or an aggregate of many (a pod's nodes,
/// a row's leaves, a storage tier's servers).
struct FabricBox
{
    FabricLayer layer = FabricLayer::Nodes;
    std::vector<DeviceId> devices;
    std::string label; ///< device name, or "64 nodes"
    std::string detail; ///< part, or "rows R01-R04"
    StorageTierId storageTier; ///< set when the box holds a storage tier's members
    double x = 0; ///< layout position of the box's top-left, in layout units
    double y = 0;
};

/// Links between two boxes: one link when not aggregated, a count when aggregated.
struct FabricEdge
{
    int a = -1; ///< box indices
    int b = -1;
    int links = 0;
    LinkId link; ///< the link when the band is not aggregated
};

/// A storage tier drawn as a block under its members (or at the end of the nodes layer).
struct StorageBlock
{
    StorageTierId tier;
    double x = 0;
    double y = 0;
    double width = 0;
};

/// The layered graph of one fabric (or, with no fabric, the devices on no link yet and the
/// node-local storage tiers), laid out in layout units (FabricGeometry).
struct FabricBand
{
    FabricId fabric; ///< invalid: the "not connected" band
    bool aggregated = false;
    std::vector<FabricBox> boxes;
    std::vector<FabricEdge> edges;
    std::vector<StorageBlock> storage;
    std::vector<FabricLayer> layers; ///< layers present, top (core) first
    std::map<FabricLayer, double> layerY;
    int deviceCount = 0;
    int linkCount = 0;
    double width = 0;
    double height = 0;
};

/// Layout units.
struct FabricGeometry
{
    static constexpr double boxWidth = 170;
    static constexpr double boxHeight = 60;
    static constexpr double gapX = 26;
    static constexpr double layerPitch = 230;
    static constexpr double titleHeight = 90;
    static constexpr double gutter = 150; ///< layer names left of the boxes
    static constexpr double storageGap = 40;
    static constexpr double storageHeight = 80;
    static constexpr double padding = 30;
};

/// Aggregation limits.
struct AggregationOptions
{
    int aggregateAboveDevices = 96; ///< a fabric with more devices is drawn aggregated
    int maxBoxesPerLayer = 48; ///< rows are merged until a layer has at most this many
};

/// The links of every fabric, bucketed once (fabric id -> its links in id order).
std::map<std::uint64_t, std::vector<const Link *>> linksByFabric(const Design &design);

/// Lays out one fabric's band from its links.
FabricBand layoutFabric(const Design &design, FabricId fabric,
                        const std::vector<const Link *> &links, const AggregationOptions &options);
/// The band of devices with no link at all, and of storage tiers on no fabric.
FabricBand layoutUnconnected(const Design &design, const DesignCache &cache,
                             const AggregationOptions &options);

} // namespace cw::canvas
