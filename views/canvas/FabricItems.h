#pragma once

#include "views/canvas/CanvasItem.h"
#include "views/canvas/FabricLayout.h"
#include "views/canvas/FittedLabel.h"

#include <QColor>
#include <QPainterPath>

namespace cw::canvas {

/// A band title's font size in band units at header scale 1 (FabricGeometry::headerScale).
inline constexpr double kBandTitlePx = 34;

/// A fabric's band: background, title with the fabric's figures, layer names. Boxes, links
/// and storage blocks are its children (band coordinates = layout units).
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

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    QColor m_colour;
    QSizeF m_size;
    FabricGeometry m_geometry;
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
    std::vector<DeviceId> m_devices;
    FabricId m_fabric;
    FabricLayer m_layer;
    bool m_aggregate;
    QColor m_colour;
    QSizeF m_size;
    double m_textScale;
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

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    QPainterPath m_path;
    QPointF m_middle;
    double m_layerPitch;
    int m_count;
    QColor m_colour;
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
