#include "views/canvas/FabricLayout.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace cw::canvas {
namespace {

/// Boxes in a row that a usual window shows with the band's title readable (see
/// FabricGeometry::withHeaderFor): 12 boxes of 170 + 26 units.
constexpr double kHeaderReferenceWidth = 2400;

/// Where a device sits on the floor, for ordering boxes the way the racks stand.
struct Placement
{
    int rowRank = -1;
    RowId row;
    int position = 0;
    int u = 0;
};

class FloorOrder
{
public:
    explicit FloorOrder(const Design &design)
        : m_design(design)
    {
        std::vector<const Row *> rows;
        for (const Row &row : design.rows())
            rows.push_back(&row);
        std::stable_sort(rows.begin(), rows.end(),
                         [](const Row *a, const Row *b) { return a->index < b->index; });
        for (std::size_t i = 0; i < rows.size(); ++i)
            m_rank[rows[i]->id.value] = static_cast<int>(i);
    }

    Placement of(const Device &device) const
    {
        Placement p;
        p.u = device.uPosition;
        if (const Rack *rack = m_design.rack(device.rack)) {
            p.row = rack->row;
            p.position = rack->position;
            auto it = m_rank.find(rack->row.value);
            p.rowRank = it == m_rank.end() ? -1 : it->second;
        }
        return p;
    }

private:
    const Design &m_design;
    std::unordered_map<std::uint64_t, int> m_rank;
};

struct Entry
{
    const Device *device = nullptr;
    FabricLayer layer = FabricLayer::Nodes;
    StorageTierId tier;
    Placement place;
};

bool entryBefore(const Entry &a, const Entry &b)
{
    // Compute nodes first, storage tiers' servers after them (their block goes underneath).
    return std::tuple(static_cast<int>(a.layer), a.tier.value, a.place.rowRank, a.place.position,
                      a.place.u, a.device->id.value)
        < std::tuple(static_cast<int>(b.layer), b.tier.value, b.place.rowRank, b.place.position,
                     b.place.u, b.device->id.value);
}

const char *nounOf(FabricLayer layer, bool storage)
{
    if (storage)
        return "storage server";
    switch (layer) {
    case FabricLayer::Nodes:
        return "node";
    case FabricLayer::Leaf:
        return "leaf switch";
    case FabricLayer::Spine:
        return "spine switch";
    case FabricLayer::Core:
        return "core switch";
    }
    return "device";
}

std::string pluralNoun(int count, const char *noun)
{
    std::string text = std::to_string(count) + " " + noun;
    if (count != 1)
        text += text.back() == 'h' ? "es" : "s"; // "switches"
    return text;
}

std::string rowName(const Design &design, RowId row)
{
    const Row *r = design.row(row);
    return r ? r->name : std::string("no row");
}

/// Boxes: one per device, or per (layer, group) when aggregated.
void buildBoxes(const Design &design, std::vector<Entry> &entries, bool aggregated,
                const AggregationOptions &options, FabricBand &band,
                std::unordered_map<std::uint64_t, int> &boxOf)
{
    std::sort(entries.begin(), entries.end(), entryBefore);
    if (!aggregated) {
        for (const Entry &entry : entries) {
            FabricBox box;
            box.layer = entry.layer;
            box.devices = { entry.device->id };
            box.label = entry.device->name;
            box.detail = entry.device->catalogType;
            box.storageTier = entry.tier;
            boxOf[entry.device->id.value] = static_cast<int>(band.boxes.size());
            band.boxes.push_back(std::move(box));
        }
        return;
    }
    // First and last row of each aggregated box (entries come in floor order).
    std::vector<std::pair<RowId, RowId>> rowRange;
    // Aggregated: a layer's devices grouped by row (a pod or scalable unit in the generated
    // designs), neighbouring rows merged until the layer has few enough boxes; a storage
    // tier's servers form one box.
    std::size_t begin = 0;
    while (begin < entries.size()) {
        const FabricLayer layer = entries[begin].layer;
        std::size_t end = begin;
        while (end < entries.size() && entries[end].layer == layer)
            ++end;
        std::vector<int> rowRanks;
        for (std::size_t i = begin; i < end; ++i)
            if (!entries[i].tier.isValid())
                rowRanks.push_back(entries[i].place.rowRank);
        std::sort(rowRanks.begin(), rowRanks.end());
        rowRanks.erase(std::unique(rowRanks.begin(), rowRanks.end()), rowRanks.end());
        const int maxBoxes = std::max(options.maxBoxesPerLayer, 1);
        const std::size_t chunk
            = std::max<std::size_t>(1,
                                    (rowRanks.size() + static_cast<std::size_t>(maxBoxes) - 1)
                                        / static_cast<std::size_t>(maxBoxes));
        std::map<std::pair<std::uint64_t, std::size_t>, int> groupBox; // (tier, chunk) -> box
        for (std::size_t i = begin; i < end; ++i) {
            const Entry &entry = entries[i];
            std::size_t group = 0;
            if (!entry.tier.isValid()) {
                const auto rank
                    = std::lower_bound(rowRanks.begin(), rowRanks.end(), entry.place.rowRank);
                group = static_cast<std::size_t>(rank - rowRanks.begin()) / chunk;
            }
            const auto key = std::pair(entry.tier.value, group);
            auto it = groupBox.find(key);
            if (it == groupBox.end()) {
                it = groupBox.emplace(key, static_cast<int>(band.boxes.size())).first;
                FabricBox box;
                box.layer = layer;
                box.storageTier = entry.tier;
                band.boxes.push_back(std::move(box));
                rowRange.resize(band.boxes.size(), { entry.place.row, entry.place.row });
            }
            band.boxes[static_cast<std::size_t>(it->second)].devices.push_back(entry.device->id);
            rowRange[static_cast<std::size_t>(it->second)].second = entry.place.row;
            boxOf[entry.device->id.value] = it->second;
        }
        begin = end;
    }
    for (std::size_t i = 0; i < band.boxes.size(); ++i) {
        FabricBox &box = band.boxes[i];
        const int count = static_cast<int>(box.devices.size());
        box.label = pluralNoun(count, nounOf(box.layer, box.storageTier.isValid()));
        if (box.storageTier.isValid()) {
            if (const StorageTier *tier = design.storageTier(box.storageTier))
                box.detail = tier->name;
        } else {
            const auto [first, last] = rowRange[i];
            box.detail = first == last
                ? "row " + rowName(design, first)
                : "rows " + rowName(design, first) + " - " + rowName(design, last);
        }
    }
}

/// Positions boxes layer by layer (core on top), centred on the widest layer, and the
/// storage blocks under their servers.
void place(FabricBand &band, const std::vector<StorageTierId> &tiers)
{
    const FabricGeometry &g = band.geometry;
    std::map<FabricLayer, std::vector<int>> layers;
    for (std::size_t i = 0; i < band.boxes.size(); ++i)
        layers[band.boxes[i].layer].push_back(static_cast<int>(i));
    // Storage tiers with no server on the fabric still get a block, after the nodes.
    std::vector<StorageTierId> lonely;
    for (StorageTierId tier : tiers) {
        const bool hasBox
            = std::any_of(band.boxes.begin(), band.boxes.end(),
                          [tier](const FabricBox &b) { return b.storageTier == tier; });
        if (!hasBox)
            lonely.push_back(tier);
    }
    if (!lonely.empty())
        layers[FabricLayer::Nodes];
    const double step = g.boxWidth + g.gapX;
    std::map<FabricLayer, double> widths;
    double widest = 0;
    for (const auto &[layer, boxes] : layers) {
        std::size_t count = boxes.size();
        if (layer == FabricLayer::Nodes)
            count += lonely.size();
        const double width = count == 0 ? 0 : static_cast<double>(count) * step - g.gapX;
        widths[layer] = width;
        widest = std::max(widest, width);
    }
    band.layers.clear();
    for (auto it = layers.rbegin(); it != layers.rend(); ++it)
        band.layers.push_back(it->first);
    double y = g.titleHeight;
    for (FabricLayer layer : band.layers) {
        band.layerY[layer] = y;
        const double x0 = g.gutter + (widest - widths[layer]) / 2;
        double x = x0;
        for (int index : layers[layer]) {
            band.boxes[static_cast<std::size_t>(index)].x = x;
            band.boxes[static_cast<std::size_t>(index)].y = y;
            x += step;
        }
        if (layer == FabricLayer::Nodes) {
            for (StorageTierId tier : lonely) {
                band.storage.push_back(
                    { tier, x, y + g.boxHeight + g.storageGap, g.boxWidth, g.storageHeight });
                x += step;
            }
        }
        y += g.layerPitch();
    }
    // Blocks under the servers of each tier.
    for (StorageTierId tier : tiers) {
        double left = 0;
        double right = 0;
        double top = 0;
        bool any = false;
        for (const FabricBox &box : band.boxes)
            if (box.storageTier == tier) {
                left = any ? std::min(left, box.x) : box.x;
                right = any ? std::max(right, box.x + g.boxWidth) : box.x + g.boxWidth;
                top = box.y + g.boxHeight + g.storageGap;
                any = true;
            }
        if (any)
            band.storage.push_back({ tier, left, top, right - left, g.storageHeight });
    }
    const bool hasStorage = !band.storage.empty();
    const double last
        = band.layers.empty() ? g.titleHeight : band.layerY[band.layers.back()] + g.boxHeight;
    band.height = last + (hasStorage ? g.storageGap + g.storageHeight : 0) + g.padding;
    band.boxesWidth = widest;
    band.width = g.gutter + std::max(widest, g.minTitleWidth()) + g.padding;
}

} // namespace

FabricGeometry FabricGeometry::forScale(double textScale)
{
    FabricGeometry g;
    g.textScale = textScale;
    g.boxWidth *= textScale;
    g.boxHeight *= textScale;
    g.titleHeight *= textScale;
    g.gutter *= textScale;
    g.storageHeight *= textScale;
    return g;
}

FabricGeometry FabricGeometry::withHeaderFor(double widestBoxesWidth) const
{
    const FabricGeometry base = forScale(textScale);
    FabricGeometry g = *this;
    // Measured against the boxes at text scale 1: a presentation box is wider because its
    // text is, not because the band shows more.
    // In quarter steps, so that an edit that changes the widest band by a box seldom changes
    // the header (which lays every band out again).
    const double ratio = widestBoxesWidth / (kHeaderReferenceWidth * textScale);
    g.headerScale = std::max(1.0, std::ceil(ratio * 4) / 4);
    g.titleHeight = base.titleHeight * g.headerScale;
    g.gutter = base.gutter * g.headerScale;
    return g;
}

FabricGeometry FabricGeometry::withHeaderScale(double scale) const
{
    const FabricGeometry base = forScale(textScale);
    FabricGeometry g = *this;
    g.headerScale = std::max(1.0, scale);
    g.titleHeight = base.titleHeight * g.headerScale;
    g.gutter = base.gutter * g.headerScale;
    return g;
}

void setBandHeader(FabricBand &band, const FabricGeometry &geometry)
{
    const double dx = geometry.gutter - band.geometry.gutter;
    const double dy = geometry.titleHeight - band.geometry.titleHeight;
    band.geometry = geometry;
    for (FabricBox &box : band.boxes) {
        box.x += dx;
        box.y += dy;
    }
    for (StorageBlock &block : band.storage) {
        block.x += dx;
        block.y += dy;
    }
    for (auto &[layer, y] : band.layerY)
        y += dy;
    // A narrow band is as wide as its title at the grown header needs.
    band.width
        = std::max(band.width + dx, geometry.gutter + geometry.minTitleWidth() + geometry.padding);
    band.height += dy;
}

FabricLayer layerOf(const Device &device)
{
    if (device.role != DeviceRole::Switch)
        return FabricLayer::Nodes;
    if (device.tier >= 2)
        return FabricLayer::Core;
    if (device.tier == 1)
        return FabricLayer::Spine;
    return FabricLayer::Leaf;
}

const char *layerName(FabricLayer layer)
{
    switch (layer) {
    case FabricLayer::Nodes:
        return "nodes";
    case FabricLayer::Leaf:
        return "leaf";
    case FabricLayer::Spine:
        return "spine";
    case FabricLayer::Core:
        return "core";
    }
    return "";
}

std::map<std::uint64_t, std::vector<const Link *>> linksByFabric(const Design &design)
{
    std::map<std::uint64_t, std::vector<const Link *>> buckets;
    for (const Fabric &fabric : design.fabrics())
        buckets[fabric.id.value];
    for (const Link &link : design.links())
        buckets[link.fabric.value].push_back(&link);
    return buckets;
}

FabricBand layoutFabric(const Design &design, FabricId fabric,
                        const std::vector<const Link *> &links, const AggregationOptions &options,
                        const FabricGeometry &geometry)
{
    FabricBand band;
    band.geometry = geometry;
    band.fabric = fabric;
    band.linkCount = static_cast<int>(links.size());

    std::unordered_map<std::uint64_t, StorageTierId> storageOf;
    std::vector<StorageTierId> tiers;
    for (const StorageTier &tier : design.storageTiers())
        if (tier.fabric == fabric) {
            tiers.push_back(tier.id);
            for (DeviceId member : tier.members)
                storageOf[member.value] = tier.id;
        }

    std::unordered_set<std::uint64_t> seen;
    std::vector<Entry> entries;
    const FloorOrder order(design);
    for (const Link *link : links)
        for (DeviceId end : { link->a.device, link->b.device }) {
            if (!seen.insert(end.value).second)
                continue;
            const Device *device = design.device(end);
            if (!device)
                continue;
            Entry entry;
            entry.device = device;
            entry.layer = layerOf(*device);
            if (auto it = storageOf.find(end.value);
                it != storageOf.end() && entry.layer == FabricLayer::Nodes)
                entry.tier = it->second;
            entry.place = order.of(*device);
            entries.push_back(entry);
        }
    band.deviceCount = static_cast<int>(entries.size());
    band.aggregated = band.deviceCount > options.aggregateAboveDevices;

    std::unordered_map<std::uint64_t, int> boxOf;
    buildBoxes(design, entries, band.aggregated, options, band, boxOf);

    if (!band.aggregated) {
        for (const Link *link : links) {
            auto a = boxOf.find(link->a.device.value);
            auto b = boxOf.find(link->b.device.value);
            if (a != boxOf.end() && b != boxOf.end())
                band.edges.push_back({ a->second, b->second, 1, link->id });
        }
    } else {
        std::map<std::pair<int, int>, int> counts;
        for (const Link *link : links) {
            auto a = boxOf.find(link->a.device.value);
            auto b = boxOf.find(link->b.device.value);
            if (a != boxOf.end() && b != boxOf.end())
                ++counts[std::minmax(a->second, b->second)];
        }
        for (const auto &[pair, count] : counts)
            band.edges.push_back({ pair.first, pair.second, count, {} });
    }
    place(band, tiers);
    return band;
}

FabricBand layoutUnconnected(const Design &design, const AggregationOptions &options,
                             const FabricGeometry &geometry)
{
    FabricBand band;
    band.geometry = geometry;
    const FloorOrder order(design);
    std::vector<Entry> entries;
    for (const Device &device : design.devices()) {
        if (!design.linksOfDevice(device.id).empty())
            continue;
        Entry entry;
        entry.device = &device;
        entry.layer = layerOf(device);
        entry.place = order.of(device);
        entries.push_back(entry);
    }
    std::vector<StorageTierId> tiers;
    for (const StorageTier &tier : design.storageTiers())
        if (!design.fabric(tier.fabric))
            tiers.push_back(tier.id); // node-local NVMe, or a tier whose fabric is gone
    band.deviceCount = static_cast<int>(entries.size());
    band.aggregated = band.deviceCount > options.aggregateAboveDevices;
    std::unordered_map<std::uint64_t, int> boxOf;
    buildBoxes(design, entries, band.aggregated, options, band, boxOf);
    place(band, tiers);
    return band;
}

} // namespace cw::canvas
