#pragma once

#include "views/canvas/CanvasItem.h"
#include "views/canvas/FabricLayout.h"
#include "views/canvas/FittedLabel.h"
#include "views/canvas/ZoomPicture.h"

#include <QBrush>
#include <QColor>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

namespace cw::canvas {

/// A band title's font size in band units at header scale 1 (FabricGeometry::headerScale).
inline constexpr double kBandTitlePx = 34;

/// The fill of a box in `layer` (nodes blue, leaves green, spines sand, cores rose).
QColor layerFill(FabricLayer layer);

/// A fabric's band: background, title with the fabric's figures, layer names. Boxes, links
/// and storage blocks are its children (band coordinates = layout units).
class FabricLinkItem;

class FabricBandItem : public CanvasItem
{
public:
    FabricBandItem(FabricId fabric, const QColor &colour, const FabricBand &layout);

    FabricId fabricId() const { return FabricId { ref().id }; }
    /// The title is drawn whole (shrunk as far as the readable minimum, cut only below it),
    /// the figures whole or in their `shortSubtitle` form, or not at all.
    void setTitle(const QString &title, const QString &subtitle, const QString &shortSubtitle = {});
    double width() const { return m_size.width(); }
    double height() const { return m_size.height(); }
    const FabricGeometry &geometry() const { return m_geometry; }
    /// The header the title and figures are drawn in, in band coordinates.
    QRectF headerRect() const;
    /// The bundles of an aggregated band (its link items standing for no one link).
    void setBundles(std::vector<FabricLinkItem *> bundles);
    /// While its layers are small on screen (the fitted fabric of a campus: 9,000 bundles
    /// in view) the band draws its plain bundles itself, a pass per pen, their items hidden:
    /// the same lines without a scene item's cost each. A bundle with a finding, a failure
    /// or a comparison state stays an item and draws itself. Called before every frame
    /// (FabricView::drawBackground), so a state set since is honoured at once.
    void drawBundles(bool on);
    bool drawsBundles() const { return m_drawsBundles; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    void paintBackground(QPainter *painter) const;
    /// The hidden bundles' lines, those of one pen in one call.
    void paintBundles(QPainter *painter);
    /// The background and the hidden bundles, from the picture kept for this zoom (made
    /// when the zoom or the bundles drawn change). False where no picture can be kept.
    bool paintKeptPicture(QPainter *painter);

    QColor m_colour;
    QSizeF m_size;
    FabricGeometry m_geometry;
    std::vector<FabricLinkItem *> m_bundles; ///< children, by pen width
    bool m_drawsBundles = false;
    std::vector<QLineF> m_lines; ///< paintBundles' batch, its capacity kept between frames
    /// The background and the hidden bundles, kept for the zoom: a pan by any fraction of a
    /// pixel copies it (at most a pixel off); a pixel's room more right of and below the
    /// bounds.
    ZoomPicture m_picture { ZoomPicture::Reuse::AnyPan, QMargins(0, 0, 1, 1) };
    FittedLabel m_title;
    CachedLabel m_titleCut; ///< the title at the minimum size, cut, when even that is too wide
    FittedLabel m_subtitle;
    std::vector<std::pair<double, CachedLabel>> m_layers;
};

/// A device on a fabric, or an aggregate (a pod's nodes, a row's leaves) with its count.
class FabricBoxItem : public CanvasItem
{
public:
    FabricBoxItem(const FabricBox &box, FabricId fabric, bool aggregate, const QColor &colour,
                  const FabricGeometry &geometry = {});

    std::vector<EntityRef> entities() const override;
    FabricId fabricId() const { return m_fabric; }
    bool isAggregate() const { return m_aggregate; }
    /// The device when the box shows exactly one, else an invalid id.
    DeviceId deviceId() const;
    int deviceCount() const { return static_cast<int>(m_devices.size()); }
    FabricLayer layer() const { return m_layer; }
    void setLabels(const QString &label, const QString &detail);
    /// The forms of the label the box may show, longest first.
    QStringList labelForms() const { return m_label.forms(); }
    /// The forms of the detail line under it ("row R01", the part), longest first.
    QStringList detailForms() const { return m_detail.forms(); }
    /// Where links attach: top or bottom centre, in band coordinates.
    QPointF anchor(bool top) const;
    /// The box's outline in item coordinates (its size grows in presentation mode).
    QRectF rect() const { return QRectF(QPointF(0, 0), m_size); }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    /// The box small on screen (no label fits): the outline and the stack drawn as fills,
    /// not stroked (a stroke of a fraction of a pixel costs a path fill each frame).
    void paintSmall(QPainter *painter, double lod) const;

    std::vector<DeviceId> m_devices;
    FabricId m_fabric;
    FabricLayer m_layer;
    bool m_aggregate;
    QColor m_colour;
    QSizeF m_size;
    double m_textScale;
    // Made once, not per frame: a QPen or QBrush built from a colour allocates.
    QPen m_pen; ///< the outline
    QPen m_stackPen; ///< an aggregate's stack behind it
    QBrush m_fill; ///< the layer's colour
    QBrush m_stackFill;
    FittedLabel m_label; ///< an aggregate's "72 nodes", or just "72" where that does not fit
    FittedLabel m_detail;
};

/// A link between two boxes (one link), or the bundle between two aggregates (a count).
/// Coloured by fabric; red and dashed when a violation names it (the marker).
class FabricLinkItem : public CanvasItem
{
public:
    /// `link` invalid for an aggregate bundle (not selectable, not indexed by id).
    FabricLinkItem(LinkId link, const FabricBoxItem *a, const FabricBoxItem *b, int count,
                   const QColor &colour, double layerPitch = FabricGeometry().layerPitch());

    std::vector<EntityRef> entities() const override;
    int count() const { return m_count; }
    /// The line in band coordinates.
    const QPainterPath &path() const { return m_path; }
    /// No marker, failure or comparison state, not selected: drawn as every other bundle.
    bool isPlain() const;
    /// A straight line between two layers (line()), or an arc over one (flattened()).
    bool isStraight() const { return m_straight; }
    QLineF line() const { return m_line; }
    const QPolygonF &flattened() const { return m_flat; }
    /// The pen for the item's state now (a finding, selected), made when the state changes.
    const QPen &pen();

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    QPainterPath m_path;
    QRectF m_bounds; ///< the path's bounding rectangle with room for the pen and the marker
    QPointF m_middle;
    double m_layerPitch;
    int m_count;
    QColor m_colour;
    /// A bundle between two layers is a straight line, drawn as one (no path to convert);
    /// an arc over a layer is also kept flattened, drawn as a polyline while small on screen.
    bool m_straight = false;
    QLineF m_line;
    QPolygonF m_flat;
    QPen m_pen;
    int m_penState = -1; ///< (flagged severity + 1) * 2 + selected, of m_pen
};

/// A storage tier as a block: kind, capacity and read/write bandwidth.
class StorageBlockItem : public CanvasItem
{
public:
    StorageBlockItem(const StorageTier &tier, const StorageBlock &block, const QColor &colour);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    QRectF m_rect;
    QColor m_colour;
    FittedLabel m_title;
    FittedLabel m_capacity;
    FittedLabel m_bandwidth;
};

} // namespace cw::canvas
