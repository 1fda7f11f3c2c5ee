#pragma once

#include "model/core/Equipment.h"
#include "views/canvas/BandFlow.h"
#include "views/canvas/CanvasView.h"
#include "views/canvas/FabricLayout.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

class QGraphicsLineItem;

namespace cw {
struct Part;
}

namespace cw::canvas {

class FabricBandItem;
class FabricBoxItem;
class FabricChipsItem;
class FabricLinkItem;

/// The topology as a layered graph per fabric (nodes, leaf, spine, core, bottom to top),
/// storage tiers as blocks under their servers, links coloured by fabric and flagged when a
/// rule names them. A fabric with many devices is drawn aggregated (a row's nodes or
/// switches as one box with a count, the links between two boxes as one bundle) so a
/// 2,000-rack design stays fluid. Devices on no link yet sit in a last band; dragging from
/// one device to another draws a link (a port picker when a side has several free ports,
/// the cable chosen by auto-cabling).
class FabricView : public CanvasView
{
    Q_OBJECT

public:
    /// Picks one of `candidates` (port indices of `part`) for `device`; -1 cancels.
    using PortPicker = std::function<int(const Device &device, const Part &part,
                                         const std::vector<int> &candidates)>;

    explicit FabricView(Document *document, QWidget *parent = nullptr,
                        SceneBuild build = SceneBuild::Now);
    ~FabricView() override;

    void setAggregation(const AggregationOptions &options);
    const AggregationOptions &aggregation() const { return m_options; }
    /// Replaces the port dialog (tests, scripted use).
    void setPortPicker(PortPicker picker) { m_picker = std::move(picker); }

    /// Links two devices on `fabric` with free ports suited to it, cable by auto-cabling.
    /// Returns Document's refusal or why no port fits; empty on success.
    QString drawLink(DeviceId a, DeviceId b, FabricId fabric);
    /// Free ports of `device` a link on `fabric` may use (by role: compute ports on a
    /// compute fabric...; a switch's fabric ports on any).
    std::vector<int> freePorts(DeviceId device, FabricId fabric) const;

    /// The box showing `device` on `fabric` (invalid fabric: the "not connected" band).
    FabricBoxItem *boxItem(DeviceId device, FabricId fabric) const;
    FabricBandItem *bandItem(FabricId fabric) const;
    /// The link counts of `fabric`'s bundles (null when the band has no bundle).
    FabricChipsItem *chipsItem(FabricId fabric) const;
    /// Boxes and link items now in the scene (for tests and the benchmark).
    int boxCount() const;
    int linkItemCount() const;

    std::vector<CanvasItem *> itemsFor(EntityRef ref) const override;
    std::vector<LegendEntry> legend() const override;
    /// The sizes the bands are laid out with now (boxes grown in presentation mode, header
    /// grown for the widest band).
    const FabricGeometry &geometry() const { return m_geometry; }

protected:
    void buildScene() override;
    void applyChanges(const ChangeSet &changes) override;
    void presentationChanged() override;
    /// An edit lays its band out again: the compute band holds every rail link.
    bool rebuildsWhenShownAgain() const override { return true; }

    /// Before the items: the bands draw their bundles themselves while small on screen.
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    struct Band
    {
        FabricBandItem *item = nullptr;
        bool aggregated = false;
        std::unordered_map<std::uint64_t, FabricBoxItem *> boxOf; ///< device -> box
        std::map<std::pair<const FabricBoxItem *, const FabricBoxItem *>, FabricLinkItem *> bundles;
        std::vector<FabricBoxItem *> boxes;
        FabricChipsItem *chips = nullptr; ///< the bundles' counts (none when not aggregated)
        int links = 0;
        double boxesWidth = 0; ///< FabricBand::boxesWidth
    };

    /// What a change set leaves to redraw: whole fabric bands and the "not connected" band.
    struct DirtyBands
    {
        std::set<std::uint64_t> fabrics;
        bool unconnected = false;
    };

    // applyChanges in steps: mark what each removed, added or modified entity touches (a new
    // link between two drawn boxes is added on the spot), then redraw the marked bands.
    void markRemoved(const EntityRef &ref, DirtyBands &dirty);
    void markAdded(const EntityRef &ref, DirtyBands &dirty);
    void markModified(const EntityRef &ref, DirtyBands &dirty);
    void markTierBand(DirtyBands &dirty, std::uint64_t fabric) const;
    bool inUnconnected(DeviceId device) const;
    void redrawDirty(const DirtyBands &dirty);

    void rebuild();
    /// The band's layout with the current geometry; nullopt for a fabric that is gone or an
    /// empty "not connected" band.
    std::optional<FabricBand> layoutBand(std::uint64_t key,
                                         const std::vector<const Link *> &links) const;
    void addBand(std::uint64_t key, const FabricBand &layout);
    void createBandItems(Band &band, const FabricBand &layout);
    /// The chips with the bundles' link counts, kept apart from each other and the boxes.
    void addChips(Band &band, const FabricBand &layout);
    void destroyBand(std::uint64_t key);
    /// Flows the bands into lines so the drawing has a window's shape (BandFlow.h).
    void stackBands();
    /// The width : height the fitted drawing aims at.
    double targetAspect() const;
    /// The header scale for bands of `sizes` (at scale 1, stacking order): fitted, every
    /// title at least 13 px high, and at least what the widest band's boxes need.
    double headerScaleFor(const std::vector<QSizeF> &sizes, double widestBoxes) const;
    /// How the header grows the bands at the current text scale.
    BandHeaderGrowth headerGrowth() const;
    QColor colourOf(FabricId fabric) const;
    QString defaultPick(const Device &device, const Part &part, const std::vector<int> &candidates,
                        int *chosen);

    AggregationOptions m_options;
    FabricGeometry m_geometry;
    /// Whether the bands wrap into lines wider than the widest band (set by a full layout).
    bool m_wrapWide = false;
    std::map<std::uint64_t, Band> m_bands; ///< fabric id -> band; 0 = not connected
    std::unordered_map<std::uint64_t, std::uint64_t> m_linkFabric; ///< link -> fabric
    std::unordered_map<std::uint64_t, std::uint64_t> m_tierFabric; ///< storage tier -> fabric
    PortPicker m_picker;

    // Link drawing state.
    FabricBoxItem *m_linkFrom = nullptr;
    QGraphicsLineItem *m_rubber = nullptr;
    QPoint m_pressPos;
    bool m_linking = false;
};

} // namespace cw::canvas
