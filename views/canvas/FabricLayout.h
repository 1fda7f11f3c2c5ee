#pragma once

#include "model/core/Design.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cw::canvas {

/// Layers of a fabric drawn bottom to top.
enum class FabricLayer { Nodes = 0, Leaf = 1, Spine = 2, Core = 3 };
inline constexpr int kFabricLayerCount = 4;

/// The layer a device sits in: switches by tier (0 leaf, 1 spine, 2+ core; no tier = leaf),
/// everything else with the nodes.
FabricLayer layerOf(const Device &device);
const char *layerName(FabricLayer layer);

/// Layout units. The parts that hold text (boxes, the band header, the layer-name gutter,
/// storage blocks) grow with the label scale (presentation mode), so the larger labels fit;
/// the space between boxes and layers does not. The header and gutter also grow with the
/// widest band (`headerScale`), so a band's title stays readable when a very wide fabric is
/// fitted into the window.
struct FabricGeometry
{
    double boxWidth = 170;
    double boxHeight = 60;
    double gapX = 26;
    double linkSpace = 170; ///< between a layer's boxes and the boxes of the layer above
    double titleHeight = 90;
    double gutter = 170; ///< layer names left of the boxes ("spine" at 22 units, bold)
    double storageGap = 40;
    double storageHeight = 80;
    double padding = 30;
    double textScale = 1; ///< the label scale the boxes are sized for
    double headerScale = 1; ///< title and layer-name sizes x this (wide bands)
    /// Whether a narrow band widens with the header to hold its title at full size; off
    /// where many bands wrap into a block (FabricView): the title shrinks to fit instead.
    bool titleWidthGrows = true;

    /// The least width of a band's boxes area, so that its title fits.
    double minTitleWidth() const { return 600.0 * textScale * (titleWidthGrows ? headerScale : 1); }

    double layerPitch() const { return boxHeight + linkSpace; }
    /// The geometry for labels `textScale` times larger (1.8 in presentation mode).
    static FabricGeometry forScale(double textScale);
    /// This geometry with a header and gutter grown for a view whose widest layer of boxes
    /// is `widestBoxesWidth` wide: about 2,400 units (a dozen boxes) fit a usual window with
    /// the title readable; a band of 48 boxes fitted is four times smaller on screen, so
    /// its header is four times larger.
    FabricGeometry withHeaderFor(double widestBoxesWidth) const;
    /// This geometry with the header and gutter at `headerScale` x their size at this text
    /// scale.
    FabricGeometry withHeaderScale(double headerScale) const;
};

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
    double height = 0;
};

/// The layered graph of one fabric (or, with no fabric, the devices on no link yet and the
/// node-local storage tiers), laid out in layout units (FabricGeometry).
struct FabricBand
{
    FabricGeometry geometry; ///< what the band was laid out with
    FabricId fabric; ///< invalid: the "not connected" band
    bool aggregated = false;
    std::vector<FabricBox> boxes;
    std::vector<FabricEdge> edges;
    std::vector<StorageBlock> storage;
    std::vector<FabricLayer> layers; ///< layers present, top (core) first
    std::map<FabricLayer, double> layerY;
    int deviceCount = 0;
    int linkCount = 0;
    double boxesWidth = 0; ///< the widest layer's boxes, without the gutter
    double width = 0;
    double height = 0;
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
                        const std::vector<const Link *> &links, const AggregationOptions &options,
                        const FabricGeometry &geometry = {});
/// The band of devices with no link at all, and of storage tiers on no fabric.
FabricBand layoutUnconnected(const Design &design, const AggregationOptions &options,
                             const FabricGeometry &geometry = {});
/// Moves a laid-out band's content to `geometry`'s header and gutter (the other sizes must
/// be the band's own): cheaper than laying the band out again when only the header grows.
void setBandHeader(FabricBand &band, const FabricGeometry &geometry);

} // namespace cw::canvas
