#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/Violation.h"

#include <QFont>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QStaticText>

#include <optional>
#include <vector>

class QStyleOptionGraphicsItem;

namespace cw::canvas {

/// The scene of a canvas view: carries the label scale (1, or larger in presentation mode)
/// every item reads when it paints.
class CanvasScene : public QGraphicsScene
{
public:
    using QGraphicsScene::QGraphicsScene;

    double labelScale() const { return m_labelScale; }
    void setLabelScale(double scale);

private:
    double m_labelScale = 1.0;
};

/// A line of text laid out once (QStaticText) and re-laid out only when the text, its size
/// or the width it is elided to changes: painting thousands of racks must not shape text.
class CachedLabel
{
public:
    void setText(const QString &text);
    const QString &text() const { return m_text; }
    /// Draws at `topLeft` with a pixel size in scene units, elided to `maxWidth`; with
    /// `shrink` the font gets smaller instead, so a figure ("20.4 kW") is never cut.
    void draw(QPainter *painter, const QPointF &topLeft, int pixelSize, double maxWidth,
              bool bold = false, bool shrink = false);

private:
    QString m_text;
    QStaticText m_static;
    int m_pixelSize = 0;
    int m_drawPixelSize = 0;
    double m_maxWidth = 0;
    bool m_bold = false;
    bool m_dirty = true;
};

/// Base of the items that stand for model entities: the entity (or, for an aggregate, the
/// entities) it shows, its violation marker, and level-of-detail helpers.
class CanvasItem : public QGraphicsItem
{
public:
    explicit CanvasItem(EntityRef ref, QGraphicsItem *parent = nullptr);

    EntityRef ref() const { return m_ref; }
    /// The entities this item stands for: itself, or an aggregate's members.
    virtual std::vector<EntityRef> entities() const { return { m_ref }; }

    std::optional<Severity> marker() const { return m_marker; }
    void setMarker(std::optional<Severity> severity);

protected:
    /// Scene pixels per item unit at the current zoom (QStyleOptionGraphicsItem).
    static double levelOfDetail(const QStyleOptionGraphicsItem *option, const QPainter *painter);
    double labelScale() const;
    int labelPixels(double base) const;
    /// The marker badge in the top-right corner of `rect`, at least a few pixels wide at
    /// any zoom so a violation never disappears when zoomed out.
    void paintMarker(QPainter *painter, const QRectF &rect, double lod) const;
    /// Selection outline drawn the same in every view.
    static void paintSelection(QPainter *painter, const QRectF &rect, double lod);

private:
    EntityRef m_ref;
    std::optional<Severity> m_marker;
};

} // namespace cw::canvas
