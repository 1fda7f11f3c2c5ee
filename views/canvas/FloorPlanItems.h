#pragma once

#include "views/canvas/CanvasItem.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/FittedLabel.h"
#include "views/canvas/FloorLayout.h"

namespace cw::canvas {

class FloorRackLayer;

/// A rack seen from above, filled with its load colour and labelled with its name and kW.
class FloorRackItem : public CanvasItem
{
public:
    enum { Type = UserType + 40 };

    FloorRackItem(RackId rack, const QSizeF &sizeCm);
    int type() const override { return Type; }

    RackId rackId() const { return RackId { ref().id }; }
    void setSize(const QSizeF &sizeCm);
    void setName(const QString &name);
    void setPower(const RackPower &power);
    const RackPower &power() const { return m_power; }
    /// Which edge is the rack's front: the bottom edge (towards the next row) or the top.
    void setFrontDown(bool down);
    bool isFrontDown() const { return m_frontDown; }
    /// A coolant distribution unit standing in the row (a catalog part with a CDU spec):
    /// drawn in the CDU colour with its capacity instead of a load. 0: an ordinary rack.
    void setCduCapacityKw(double kw);
    bool isCdu() const { return m_cduKw > 0; }
    /// The fill colour (the load level's, or the CDU colour).
    QColor fillColor() const;
    /// The front edge's strip, in item coordinates.
    QRectF frontRect() const;

    QSizeF size() const { return m_size; }
    /// The hall layer this rack is a child of (FloorRackLayer), or null (being dragged).
    FloorRackLayer *layer() const;
    /// Whether the rack draws itself now (not while its layer draws it).
    bool drawsItself() const { return !(flags() & ItemHasNoContents); }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;
    /// What paint() draws, with the rack's top left corner at `origin` (item units): the
    /// layer draws its racks with this, so both drawings are the same by construction.
    void paintAt(QPainter *painter, const QPointF &origin, double lod);

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;
    void stateChanged() override;

private:
    friend class FloorRackLayer;
    /// Draws itself unless its layer draws it; the layer learns of every change.
    void syncWithLayer(bool geometry);

    QSizeF m_size;
    RackPower m_power;
    bool m_frontDown = true;
    double m_cduKw = 0;
    CachedLabel m_name;
    CachedLabel m_load;
};

/// A row: a band behind its racks and its name on the left: whole, shrunk as far as the
/// readable minimum, else without its hall's prefix ("H33-R12" -> "R12": the hall's strip
/// names the hall), and cut only when even that does not fit.
class FloorRowItem : public CanvasItem
{
public:
    FloorRowItem(RowId row, double labelWidthCm);

    RowId rowId() const { return RowId { ref().id }; }
    void setName(const QString &name);
    QString name() const { return m_cut.text(); }
    /// The band's extent right of the label, in scene units.
    void setBand(double widthCm, double depthCm);
    /// Room for the name left of the band (wider in presentation mode).
    void setLabelWidth(double widthCm);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    double m_labelWidth;
    double m_width = 0;
    double m_depth = 0;
    FittedLabel m_name; ///< the name, then the name without its hall
    CachedLabel m_cut; ///< the name cut at the minimum size, when no form fits
};

/// A hall's outline with its name in the clear strip above its rows, never over them (not an
/// entity: FloorLayout groups rows by their site hall or their names). The name is drawn
/// whole, shrunk to the strip's width as far as the readable minimum; only a name too long
/// even then is cut ("Hall of the..."), and the hall's tooltip always gives it in full.
class FloorHallItem : public QGraphicsItem
{
public:
    explicit FloorHallItem(const FloorHall &hall, const QString &name);

    QString name() const { return m_name.forms().value(0); }
    QRectF titleRect() const { return m_hall.titleRect; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    FloorHall m_hall;
    FittedLabel m_name; ///< whole, at the largest size the strip allows
    CachedLabel m_cut; ///< the name cut at the minimum size, when even that is too wide
};

/// A hot or cold aisle between two facing rows: tinted, and named where the name fits.
class FloorAisleItem : public QGraphicsItem
{
public:
    explicit FloorAisleItem(const FloorAisle &aisle);

    const FloorAisle &aisle() const { return m_aisle; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    FloorAisle m_aisle;
    CachedLabel m_label;
};

/// One power feed (A or B) of a hall, in the hall's power strip: the PDUs of its racks on
/// that feed and what they carry after derating, against the hall's load.
class FloorFeedItem : public QGraphicsItem
{
public:
    FloorFeedItem(Feed feed, int hall, const QRectF &rect);

    Feed feed() const { return m_feed; }
    int hall() const { return m_hall; }
    int pduCount() const { return m_pdus; }
    double capacityW() const { return m_capacityW; }
    QRectF rect() const { return m_rect; }
    void setFigures(int pdus, double capacityW, double loadW);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    void measureText();

    Feed m_feed;
    int m_hall;
    QRectF m_rect;
    int m_pdus = 0;
    double m_capacityW = 0;
    CachedLabel m_title;
    FittedLabel m_titleAlone; ///< "Feed A", or "A" in a narrow strip (never "Feed...")
    CachedLabel m_figures;
    /// Width of the title and figures per pixel of text size, measured when they are set
    /// (measuring text in every frame cost the 200 feeds of a campus two QFontMetrics each).
    double m_widthPerPx = 0;
};

/// Floor-plan colours shared by the items and the legend.
QColor cduColor();
QColor aisleColor(bool hot);
QColor feedColor(Feed feed);

} // namespace cw::canvas
