#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/Violation.h"
#include "views/canvas/CompareState.h"
#include "views/canvas/FailureState.h"

#include <QColor>
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

/// A label as the user sees it: the text drawn (after eliding) and where, in device pixels
/// (the viewport's, when a view is rendered).
struct DrawnLabel
{
    QString text;
    QRectF deviceRect;
    double pixelSize = 0; ///< on-screen font pixel size
};

/// While one is alive, every CachedLabel drawn on this thread is recorded in it: the GUI tests
/// check what is drawn (texts, on-screen sizes, overlaps) instead of counting colours.
class LabelRecorder
{
public:
    LabelRecorder();
    ~LabelRecorder();
    LabelRecorder(const LabelRecorder &) = delete;
    LabelRecorder &operator=(const LabelRecorder &) = delete;

    const std::vector<DrawnLabel> &labels() const { return m_labels; }
    void clear() { m_labels.clear(); }
    /// The first label whose text starts with `text`, or null.
    const DrawnLabel *find(const QString &text) const;
    static void record(const QPainter *painter, const QString &text, const QRectF &rect,
                       double pixelSize);

    /// Records nothing while alive (the overview's thumbnail is not what the user reads).
    class Suspend
    {
    public:
        Suspend();
        ~Suspend();

    private:
        LabelRecorder *m_saved;
    };

private:
    std::vector<DrawnLabel> m_labels;
    LabelRecorder *m_previous;
};

/// A line of text laid out once (QStaticText) and re-laid out only when the text, its size
/// or the width it is elided to changes: painting thousands of racks must not shape text.
class CachedLabel
{
public:
    void setText(const QString &text);
    const QString &text() const { return m_text; }
    /// Draws at `topLeft` with a pixel size in scene units, elided to `maxWidth`; with
    /// `shrink` the font gets smaller instead (down to `minPixelSize`, then it is elided), so
    /// a figure ("20.4 kW") is not cut while it can be read.
    void draw(QPainter *painter, const QPointF &topLeft, int pixelSize, double maxWidth,
              bool bold = false, bool shrink = false, int minPixelSize = 1);
    /// Width of the text at `pixelSize` (for fitting decisions before drawing).
    double widthAt(int pixelSize, bool bold = false) const;

private:
    QString m_text;
    QStaticText m_static;
    int m_pixelSize = 0;
    int m_drawPixelSize = 0;
    int m_minPixelSize = 1;
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

    /// The blast-radius overlay: drawn over the item by paintMarker (every item that can carry
    /// a marker shows it; the items' own painting is untouched).
    FailureState failureState() const { return m_failure; }
    void setFailureState(FailureState state);
    /// The Compare with... overlay (CanvasCompare.cpp): drawn by paintMarker after the failure
    /// overlay, just outside the item's rectangle so both stay visible.
    CompareState compareState() const { return m_compare; }
    void setCompareState(CompareState state);

protected:
    /// The marker, failure or comparison state changed: repaints the item (a floor rack also
    /// tells the hall layer that may draw it in its stead, FloorRackLayer).
    virtual void stateChanged() { update(); }
    /// Scene pixels per item unit at the current zoom (QStyleOptionGraphicsItem).
    static double levelOfDetail(const QStyleOptionGraphicsItem *option, const QPainter *painter);
    double labelScale() const;
    int labelPixels(double base) const;
    /// The font size in item units for a label designed at `base` item units, never smaller
    /// than kMinLabelPx on screen (times the presentation scale). The caller draws it only
    /// where it fits: that is the level-of-detail policy.
    int readablePixels(double base, double lod) const;
    /// The marker badge in the top-right corner of `rect`, at least a few pixels wide at
    /// any zoom so a violation never disappears when zoomed out. First the failure overlay
    /// over `rect` (paintFailureState), so the badge stays on top.
    void paintMarker(QPainter *painter, const QRectF &rect, double lod) const;
    /// Lost: hatched grey over `rect` with a dark grey outline; capped: an amber outline;
    /// degraded: a dashed violet outline. Outlines stay a few pixels wide at any zoom.
    void paintFailureState(QPainter *painter, const QRectF &rect, double lod) const;
    /// Added: green outline; removed: red dashed outline over a faint red wash (a ghost of
    /// what goes); changed: amber outline; moved: blue outline. A few pixels wide at any zoom.
    void paintCompareState(QPainter *painter, const QRectF &rect, double lod) const;
    /// Selection outline drawn the same in every view.
    static void paintSelection(QPainter *painter, const QRectF &rect, double lod);

private:
    EntityRef m_ref;
    std::optional<Severity> m_marker;
    FailureState m_failure = FailureState::None;
    CompareState m_compare = CompareState::None;
};

/// The colours of the failure overlay, shared by the items and the legend.
QColor failureColor(FailureState state);
/// The colours of the comparison overlay, shared by the items and the legend.
QColor compareColor(CompareState state);

} // namespace cw::canvas
