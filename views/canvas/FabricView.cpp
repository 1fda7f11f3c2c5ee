#include "views/canvas/FabricView.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/canvas/BandFlow.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/FabricChips.h"
#include "views/canvas/FabricItems.h"
#include "views/document/Document.h"

#include <QGraphicsLineItem>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace cw::canvas {
namespace {

constexpr double kBandGap = 80;
constexpr std::uint64_t kUnconnected = 0; ///< band key of the devices on no link

QString technologyName(Technology technology)
{
    switch (technology) {
    case Technology::InfiniBand:
        return QStringLiteral("InfiniBand");
    case Technology::RoCEv2:
        return QStringLiteral("RoCEv2");
    case Technology::Ethernet:
        return QStringLiteral("Ethernet");
    }
    return {};
}

} // namespace

FabricView::FabricView(Document *document, QWidget *parent, SceneBuild build)
    : CanvasView(document, parent)
{
    setObjectName(QStringLiteral("fabricView"));
    // Items are placed once per band build and never move: the BSP tree pays off.
    canvasScene()->setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    startScene(build);
}

FabricView::~FabricView() = default;

void FabricView::buildScene()
{
    rebuild();
    reapplyMarkers(); // the design may open with violations already
    zoomToFit();
}

void FabricView::setAggregation(const AggregationOptions &options)
{
    m_options = options;
    if (!isSceneComplete())
        return; // built with these options when first shown
    rebuild();
    reapplyMarkers();
    reapplySelection();
}

QColor FabricView::colourOf(FabricId id) const
{
    const Design &design = document()->design();
    const Fabric *fabric = design.fabric(id);
    if (!fabric)
        return QColor(0x90, 0x90, 0x90);
    int ordinal = 0;
    for (const Fabric &other : design.fabrics()) {
        if (other.id == id)
            break;
        if (other.purpose == fabric->purpose)
            ++ordinal;
    }
    return fabricColor(fabric->purpose, ordinal);
}

void FabricView::presentationChanged()
{
    // Boxes, header and gutter grow with the text: lay the bands out again.
    rebuild();
    reapplyMarkers();
    reapplySelection();
    if (isFitMode())
        zoomToFit();
}

void FabricView::rebuild()
{
    clearScene();
    m_bands.clear();
    m_rubber = nullptr;
    m_linkFrom = nullptr;
    const Design &design = document()->design();
    m_linkFabric.clear();
    m_linkFabric.reserve(design.links().size());
    for (const Link &link : design.links())
        m_linkFabric[link.id.value] = link.fabric.value;
    m_tierFabric.clear();
    for (const StorageTier &tier : design.storageTiers())
        m_tierFabric[tier.id.value] = tier.fabric.value;
    m_geometry = FabricGeometry::forScale(canvasScene()->labelScale());
    const auto buckets = linksByFabric(design);
    std::vector<std::pair<std::uint64_t, FabricBand>> layouts;
    for (const Fabric &fabric : design.fabrics())
        if (auto layout = layoutBand(fabric.id.value, buckets.at(fabric.id.value)))
            layouts.emplace_back(fabric.id.value, std::move(*layout));
    if (auto layout = layoutBand(kUnconnected, {}))
        layouts.emplace_back(kUnconnected, std::move(*layout));
    // One header size for every band, from the drawing they make: fitted, the view is as
    // small as the bands' lines make it, and every title must still be read.
    double widest = 0;
    std::vector<QSizeF> sizes;
    for (const auto &[key, layout] : layouts) {
        widest = std::max(widest, layout.boxesWidth);
        sizes.emplace_back(layout.width, layout.height);
    }
    // Wrapped wider than the widest band only where its lines, with the header its boxes
    // need, would make a tower (BandFlow).
    const double towerScale = m_geometry.withHeaderFor(widest).headerScale;
    std::vector<QSizeF> tower;
    double widestBand = 0;
    for (const QSizeF &size : sizes) {
        tower.push_back(grownBand(size, headerGrowth(), towerScale));
        widestBand = std::max(widestBand, tower.back().width());
    }
    m_wrapWide = flowBands(tower, kBandGap, targetAspect()).lineWidth > widestBand;
    // A hundred bands in a block: a narrow band's title shrinks to its width rather than
    // the band widening with the header (which left the boxes a strip under empty headers).
    m_geometry.titleWidthGrows = !m_wrapWide;
    m_geometry = m_geometry.withHeaderScale(headerScaleFor(sizes, widest));
    for (auto &[key, layout] : layouts) {
        setBandHeader(layout, m_geometry);
        addBand(key, layout);
    }
    stackBands();
    updateSceneRect();
}

std::optional<FabricBand> FabricView::layoutBand(std::uint64_t key,
                                                 const std::vector<const Link *> &links) const
{
    const Design &design = document()->design();
    if (key == kUnconnected) {
        FabricBand layout = layoutUnconnected(design, m_options, m_geometry);
        if (layout.boxes.empty() && layout.storage.empty())
            return std::nullopt;
        return layout;
    }
    if (!design.fabric(FabricId { key }))
        return std::nullopt;
    return layoutFabric(design, FabricId { key }, links, m_options, m_geometry);
}

void FabricView::addBand(std::uint64_t key, const FabricBand &layout)
{
    Band band;
    band.aggregated = layout.aggregated;
    band.links = layout.linkCount;
    band.boxesWidth = layout.boxesWidth;
    if (key == kUnconnected) {
        band.item = new FabricBandItem(FabricId {}, QColor(0x9e, 0x9e, 0x9e), layout);
        band.item->setTitle(tr("Not connected"),
                            tr("%1 devices on no link yet (drag from one device to another to "
                               "link them), storage on no fabric")
                                .arg(layout.deviceCount));
        canvasScene()->addItem(band.item);
    } else {
        const Fabric *fabric = document()->design().fabric(FabricId { key });
        if (!fabric)
            return;
        band.item = new FabricBandItem(fabric->id, colourOf(fabric->id), layout);
        QString subtitle = tr("%1 · %2 Gb/s · %3 · %4 devices, %5 links")
                               .arg(technologyName(fabric->technology))
                               .arg(fabric->linkSpeedGbps)
                               .arg(QString::fromLatin1(toString(fabric->topology.kind)))
                               .arg(layout.deviceCount)
                               .arg(layout.linkCount);
        if (layout.aggregated)
            subtitle += tr(" · aggregated by row");
        band.item->setTitle(
            QString::fromStdString(fabric->name), subtitle,
            tr("%1 devices, %2 links").arg(layout.deviceCount).arg(layout.linkCount));
        canvasScene()->addItem(band.item);
        registerItem(band.item);
    }
    createBandItems(band, layout);
    m_bands[key] = std::move(band);
}

void FabricView::createBandItems(Band &band, const FabricBand &layout)
{
    const FabricId fabric = layout.fabric;
    const QColor colour = colourOf(fabric);
    band.boxes.reserve(layout.boxes.size());
    for (const FabricBox &box : layout.boxes) {
        auto *item = new FabricBoxItem(box, fabric, layout.aggregated, colour, layout.geometry);
        item->setParentItem(band.item);
        registerItem(item);
        band.boxes.push_back(item);
        for (DeviceId device : box.devices)
            band.boxOf[device.value] = item;
    }
    for (const FabricEdge &edge : layout.edges) {
        const FabricBoxItem *a = band.boxes[static_cast<std::size_t>(edge.a)];
        const FabricBoxItem *b = band.boxes[static_cast<std::size_t>(edge.b)];
        auto *item
            = new FabricLinkItem(edge.link, a, b, edge.links, colour, layout.geometry.layerPitch());
        item->setParentItem(band.item);
        if (edge.link.isValid())
            registerItem(item);
        else
            band.bundles[std::minmax(a, b)] = item;
    }
    if (layout.aggregated) {
        std::vector<FabricLinkItem *> bundles;
        bundles.reserve(band.bundles.size());
        for (const auto &[ends, item] : band.bundles)
            bundles.push_back(item);
        band.item->setBundles(std::move(bundles));
    }
    addChips(band, layout);
    const Design &design = document()->design();
    for (const StorageBlock &block : layout.storage)
        if (const StorageTier *tier = design.storageTier(block.tier)) {
            auto *item = new StorageBlockItem(*tier, block, colour);
            item->setParentItem(band.item);
            registerItem(item);
        }
}

void FabricView::addChips(Band &band, const FabricBand &layout)
{
    std::vector<QRectF> boxes;
    boxes.reserve(band.boxes.size());
    for (const FabricBoxItem *box : band.boxes)
        boxes.push_back(box->mapRectToParent(box->boundingRect()));
    const FabricGeometry &g = layout.geometry;
    const QRectF area(g.gutter, g.titleHeight, layout.width - g.gutter,
                      layout.height - g.titleHeight);
    auto chips = std::make_unique<FabricChipsItem>(area, std::move(boxes), g.textScale);
    for (const auto &[ends, link] : band.bundles)
        if (link->count() > 1)
            chips->addBundle(link->path(), link->count());
    if (chips->bundleCount() == 0)
        return;
    band.chips = chips.release();
    band.chips->setParentItem(band.item);
}

FabricChipsItem *FabricView::chipsItem(FabricId fabric) const
{
    auto it = m_bands.find(fabric.value);
    return it == m_bands.end() ? nullptr : it->second.chips;
}

void FabricView::destroyBand(std::uint64_t key)
{
    auto it = m_bands.find(key);
    if (it == m_bands.end())
        return;
    if (m_linkFrom && m_linkFrom->parentItem() == it->second.item)
        m_linkFrom = nullptr;
    destroyItem(it->second.item);
    m_bands.erase(it);
}

void FabricView::stackBands()
{
    // Bands flow into lines like words into a paragraph, the lines as wide as gives the
    // drawing a window's shape: the 13 out-of-band trees of a 16,384-node design sit side
    // by side instead of in a tower, and the 100 of a campus in a block instead of a column
    // (BandFlow.h). The "not connected" band last.
    std::vector<Band *> order;
    for (auto &[key, band] : m_bands)
        if (key != kUnconnected)
            order.push_back(&band);
    if (auto it = m_bands.find(kUnconnected); it != m_bands.end())
        order.push_back(&it->second);
    std::vector<QSizeF> sizes;
    sizes.reserve(order.size());
    for (const Band *band : order)
        sizes.emplace_back(band->item->width(), band->item->height());
    double widest = 0;
    for (const QSizeF &size : sizes)
        widest = std::max(widest, size.width());
    // Wrapped wide, the gap grows with the header so that fitted the bands stay a few pixels
    // apart; else lines as wide as the widest band, as the header was sized for.
    const BandFlow flow = m_wrapWide
        ? flowBands(sizes, kBandGap * m_geometry.headerScale, targetAspect())
        : flowBandsInto(sizes, kBandGap, widest);
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i]->item->setPos(flow.positions[i]);
}

void FabricView::drawBackground(QPainter *painter, const QRectF &rect)
{
    CanvasView::drawBackground(painter, rect);
    // A layer's pitch under 64 px on screen: no box's label fits, the bands are a small part
    // of a fitted drawing, and most of their bundles are in view (9,000 at the fitted 131k
    // campus, a scene item's cost each). The bands draw them; zoomed in, the items again, so
    // only those in view are visited.
    constexpr double kBandDrawsBundlesBelowPx = 64;
    const double lod
        = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    const bool small = lod * m_geometry.layerPitch() < kBandDrawsBundlesBelowPx;
    for (auto &[key, band] : m_bands)
        band.item->drawBundles(small);
}

double FabricView::targetAspect() const
{
    // A usual window's canvas beside the legend's strip (1,600 x 1,000 less 260 px: 1.34;
    // 1,100 x 720 less 260: 1.17). Not the window's own shape: the same design is laid out
    // the same in every window (a view built behind a tab, or for a test, matches the one
    // shown), and a resize only refits.
    return 1.3;
}

BandHeaderGrowth FabricView::headerGrowth() const
{
    const FabricGeometry base = FabricGeometry::forScale(m_geometry.textScale);
    BandHeaderGrowth growth;
    growth.gutter = base.gutter;
    growth.titleHeight = base.titleHeight;
    growth.minTitleWidth = base.minTitleWidth(); // at header scale 1
    growth.titleWidthGrows = m_geometry.titleWidthGrows;
    growth.padding = base.padding;
    growth.gap = kBandGap;
    return growth;
}

double FabricView::headerScaleFor(const std::vector<QSizeF> &sizes, double widestBoxes) const
{
    // A title 10 px high is read (the minimum drawn is 9 px; the header, 90 units for a
    // 34-unit title, keeps titles down to about half the area). About what the former header
    // (hs 1 up to 2,400 units of boxes) gave a 1,000 px drawing.
    constexpr double kTitleScreenPx = 10;
    const FabricGeometry base = FabricGeometry::forScale(m_geometry.textScale);
    const BandHeaderGrowth growth = headerGrowth();
    // A usual drawing area (a 1440 x 900 screen's canvas less the legend: about 1000 x 625
    // px) in the drawing's shape: the same header whatever the window's size, and
    // presentation mode grows it with the text.
    const double aspect = targetAspect();
    const double minimum = base.withHeaderFor(widestBoxes).headerScale;
    // Lines as wide as the widest band: its boxes set the header, as they always did.
    if (!m_wrapWide)
        return minimum;
    constexpr double kAreaPx2 = 1000.0 * 625.0;
    const QSizeF area(std::sqrt(kAreaPx2 * aspect), std::sqrt(kAreaPx2 / aspect));
    return cw::canvas::headerScaleFor(sizes, growth, aspect, area, kBandTitlePx * base.textScale,
                                      kTitleScreenPx * base.textScale, minimum);
}

FabricBoxItem *FabricView::boxItem(DeviceId device, FabricId fabric) const
{
    auto band = m_bands.find(fabric.value);
    if (band == m_bands.end())
        return nullptr;
    auto it = band->second.boxOf.find(device.value);
    return it == band->second.boxOf.end() ? nullptr : it->second;
}

FabricBandItem *FabricView::bandItem(FabricId fabric) const
{
    auto it = m_bands.find(fabric.value);
    return it == m_bands.end() ? nullptr : it->second.item;
}

int FabricView::boxCount() const
{
    int count = 0;
    for (const auto &[key, band] : m_bands)
        count += static_cast<int>(band.boxes.size());
    return count;
}

int FabricView::linkItemCount() const
{
    int count = 0;
    for (const auto &[key, band] : m_bands)
        for (QGraphicsItem *child : band.item->childItems())
            if (dynamic_cast<FabricLinkItem *>(child))
                ++count;
    return count;
}

std::vector<CanvasItem *> FabricView::itemsFor(EntityRef ref) const
{
    std::vector<CanvasItem *> items = CanvasView::itemsFor(ref);
    if (ref.kind != EntityKind::Link || !items.empty())
        return items;
    // A link inside an aggregated fabric is drawn as part of the bundle between two boxes.
    const Link *link = document()->design().link(LinkId { ref.id });
    if (!link)
        return items;
    auto band = m_bands.find(link->fabric.value);
    if (band == m_bands.end() || !band->second.aggregated)
        return items;
    const FabricBoxItem *a = boxItem(link->a.device, link->fabric);
    const FabricBoxItem *b = boxItem(link->b.device, link->fabric);
    if (auto bundle = band->second.bundles.find(std::minmax(a, b));
        a && b && bundle != band->second.bundles.end())
        items.push_back(bundle->second);
    return items;
}

void FabricView::applyChanges(const ChangeSet &changes)
{
    // A change naming most of the design (every rack deleted, or that undone) is drawn
    // afresh in one pass: marking 10^5 links one at a time and then laying out every band
    // anyway (usually twice: the widest band changes the header size) cost twice as much.
    const Design &design = document()->design();
    const std::size_t named
        = changes.added.size() + changes.removed.size() + changes.modified.size();
    if (named > 4096 && 4 * named > design.links().size() + design.devices().size()) {
        rebuild();
        return;
    }
    DirtyBands dirty;
    for (const EntityRef &ref : changes.removed)
        markRemoved(ref, dirty);
    for (const EntityRef &ref : changes.added)
        markAdded(ref, dirty);
    for (const EntityRef &ref : changes.modified)
        markModified(ref, dirty);
    redrawDirty(dirty);
}

bool FabricView::inUnconnected(DeviceId device) const
{
    return boxItem(device, FabricId { kUnconnected }) != nullptr;
}

void FabricView::markTierBand(DirtyBands &dirty, std::uint64_t fabric) const
{
    // A storage tier is drawn in its fabric's band, or in the last band when it has none.
    if (document()->design().fabric(FabricId { fabric }))
        dirty.fabrics.insert(fabric);
    else
        dirty.unconnected = true;
}

void FabricView::markRemoved(const EntityRef &ref, DirtyBands &dirty)
{
    switch (ref.kind) {
    case EntityKind::Link:
        if (auto it = m_linkFabric.find(ref.id); it != m_linkFabric.end()) {
            dirty.fabrics.insert(it->second);
            m_linkFabric.erase(it);
        }
        dirty.unconnected = true; // its ends may have lost their last link
        break;
    case EntityKind::Device:
        dirty.unconnected = dirty.unconnected || inUnconnected(DeviceId { ref.id });
        break;
    case EntityKind::Fabric:
        destroyBand(ref.id);
        dirty.fabrics.erase(ref.id);
        dirty.unconnected = true; // its storage tiers lose their fabric
        break;
    case EntityKind::StorageTier:
        if (auto it = m_tierFabric.find(ref.id); it != m_tierFabric.end()) {
            markTierBand(dirty, it->second);
            m_tierFabric.erase(it);
        }
        break;
    default:
        break;
    }
}

void FabricView::markAdded(const EntityRef &ref, DirtyBands &dirty)
{
    const Design &design = document()->design();
    switch (ref.kind) {
    case EntityKind::Link: {
        const Link *link = design.link(LinkId { ref.id });
        if (!link)
            break;
        m_linkFabric[ref.id] = link->fabric.value;
        auto band = m_bands.find(link->fabric.value);
        FabricBoxItem *a = boxItem(link->a.device, link->fabric);
        FabricBoxItem *b = boxItem(link->b.device, link->fabric);
        if (band != m_bands.end() && !band->second.aggregated && a && b
            && !dirty.fabrics.contains(link->fabric.value)) {
            // Both ends already drawn: one new item, nothing else moves.
            auto *item = new FabricLinkItem(link->id, a, b, 1, colourOf(link->fabric),
                                            m_geometry.layerPitch());
            item->setParentItem(band->second.item);
            registerItem(item);
        } else {
            dirty.fabrics.insert(link->fabric.value);
        }
        dirty.unconnected
            = dirty.unconnected || inUnconnected(link->a.device) || inUnconnected(link->b.device);
        break;
    }
    case EntityKind::Device:
        dirty.unconnected = true;
        break;
    case EntityKind::Fabric:
        dirty.fabrics.insert(ref.id);
        break;
    case EntityKind::StorageTier:
        if (const StorageTier *tier = design.storageTier(StorageTierId { ref.id })) {
            m_tierFabric[ref.id] = tier->fabric.value;
            markTierBand(dirty, tier->fabric.value);
        }
        break;
    default:
        break;
    }
}

void FabricView::markModified(const EntityRef &ref, DirtyBands &dirty)
{
    const Design &design = document()->design();
    switch (ref.kind) {
    case EntityKind::Link: {
        const Link *link = design.link(LinkId { ref.id });
        auto old = m_linkFabric.find(ref.id);
        if (old != m_linkFabric.end())
            dirty.fabrics.insert(old->second);
        if (link) {
            dirty.fabrics.insert(link->fabric.value);
            m_linkFabric[ref.id] = link->fabric.value;
        }
        break;
    }
    case EntityKind::Device: {
        const Device *device = design.device(DeviceId { ref.id });
        if (!device)
            break;
        for (auto &[key, band] : m_bands) {
            auto it = band.boxOf.find(ref.id);
            if (it == band.boxOf.end())
                continue;
            if (it->second->layer() != layerOf(*device)) {
                if (key == kUnconnected)
                    dirty.unconnected = true;
                else
                    dirty.fabrics.insert(key);
            } else if (!it->second->isAggregate())
                it->second->setLabels(QString::fromStdString(device->name),
                                      QString::fromStdString(device->catalogType));
        }
        break;
    }
    case EntityKind::Fabric:
        dirty.fabrics.insert(ref.id);
        break;
    case EntityKind::StorageTier: {
        if (auto it = m_tierFabric.find(ref.id); it != m_tierFabric.end())
            markTierBand(dirty, it->second);
        if (const StorageTier *tier = design.storageTier(StorageTierId { ref.id })) {
            m_tierFabric[ref.id] = tier->fabric.value;
            markTierBand(dirty, tier->fabric.value);
        }
        break;
    }
    default:
        break;
    }
}

void FabricView::redrawDirty(const DirtyBands &dirty)
{
    if (dirty.fabrics.empty() && !dirty.unconnected)
        return;
    const Design &design = document()->design();
    std::map<std::uint64_t, std::vector<const Link *>> links;
    for (std::uint64_t fabric : dirty.fabrics)
        links[fabric];
    if (!dirty.fabrics.empty()) {
        // Collect the dirty fabrics' links in one pass over the design.
        for (const Link &link : design.links())
            if (auto it = links.find(link.fabric.value); it != links.end())
                it->second.push_back(&link);
    }
    if (dirty.unconnected)
        links[kUnconnected];
    std::vector<std::pair<std::uint64_t, FabricBand>> layouts;
    for (const auto &[key, fabricLinks] : links) {
        destroyBand(key);
        if (auto layout = layoutBand(key, fabricLinks))
            layouts.emplace_back(key, std::move(*layout));
    }
    // The header follows the widest band: when the edit changed it, every band is laid out
    // again (rare: a band gained or lost a whole box in its widest layer).
    double widest = 0;
    for (const auto &[key, band] : m_bands)
        widest = std::max(widest, band.boxesWidth);
    for (const auto &[key, layout] : layouts)
        widest = std::max(widest, layout.boxesWidth);
    // The header stays as the last full layout sized it for the whole drawing, unless the
    // widest band now needs a larger one: one more link does not lay every band out again.
    if (m_geometry.withHeaderFor(widest).headerScale > m_geometry.headerScale) {
        rebuild();
        return;
    }
    for (auto &[key, layout] : layouts) {
        setBandHeader(layout, m_geometry);
        addBand(key, layout);
    }
    stackBands();
    updateSceneRect();
}

std::vector<LegendEntry> FabricView::legend() const
{
    // The fabrics' purposes present, in their own colours, then what a marker means.
    std::vector<LegendEntry> entries;
    bool seen[4] = { false, false, false, false };
    for (const Fabric &fabric : document()->design().fabrics()) {
        const auto purpose = static_cast<std::size_t>(fabric.purpose);
        if (purpose >= std::size(seen) || seen[purpose])
            continue;
        seen[purpose] = true;
        const std::string_view name = toString(fabric.purpose);
        entries.push_back(
            { LegendEntry::Line, fabricColor(fabric.purpose, 0),
              tr("%1 fabric link")
                  .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()))) });
    }
    entries.push_back(
        { LegendEntry::DashedLine, severityColor(Severity::Error), tr("link with a finding") });
    entries.push_back({ LegendEntry::Fill, QColor(0xe8, 0xe8, 0xe8),
                        tr("box with a count: devices drawn as one") });
    entries.push_back({ LegendEntry::Marker, severityColor(Severity::Error), tr("error") });
    entries.push_back({ LegendEntry::Marker, severityColor(Severity::Warning), tr("warning") });
    return entries;
}

} // namespace cw::canvas
