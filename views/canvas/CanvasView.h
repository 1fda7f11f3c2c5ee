#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/Violation.h"
#include "views/canvas/CompareState.h"
#include "views/canvas/FailureState.h"

#include <QGraphicsView>
#include <QImage>
#include <QStringList>
#include <QTransform>

#include <memory>
#include <unordered_map>
#include <vector>

class QMenu;

namespace cw {
class Document;
struct ViolationDelta;
} // namespace cw

namespace cw::canvas {

class CanvasItem;
class CanvasScene;
class DesignCache;
class MessageItem;
class ViolationMarkers;

/// One line of a view's legend: a swatch (fill, marker dot, line) and what it means.
struct LegendEntry
{
    enum Kind { Fill, Marker, Line, DashedLine, Hatched, Outline, DashedOutline };
    Kind kind = Fill;
    QColor colour;
    QString text;
};

/// What the three canvas views share: a scene of CanvasItems indexed by entity id, zoom and
/// pan (wheel, middle button), presentation mode, two-way selection with the Document,
/// violation markers, and incremental updates from Document::changed.
class CanvasView : public QGraphicsView
{
    Q_OBJECT

public:
    /// When a view builds its scene: at once, or when first shown (the workbench builds only
    /// the shown tab's scene at open; the others wait until the architect switches to them).
    enum class SceneBuild { Now, WhenShown };

    CanvasView(Document *document, QWidget *parent = nullptr);
    ~CanvasView() override;

    /// False while the scene waits to be built (SceneBuild::WhenShown, not yet shown).
    bool isSceneComplete() const { return !m_sceneDeferred; }
    /// Builds a scene that waits to be shown now (a caller about to read the items).
    void ensureScene();
    /// The view is going (its window closes or opens another design): a scene still waiting
    /// is never built, even if the view is shown on the way out (a tab removed before it
    /// makes it current).
    void dropDeferredScene() { m_sceneDropped = true; }

    Document *document() const { return m_document; }
    CanvasScene *canvasScene() const { return m_scene; }

    void zoomIn();
    void zoomOut();
    /// Fits everything into the viewport and stays in fit mode (refit when the viewport's
    /// size changes, no scroll bars) until the user zooms, pans to an item or focuses.
    void zoomToFit();
    /// Whether the view refits itself on resize (set by zoomToFit, cleared by any zoom).
    bool isFitMode() const { return m_fitMode; }
    /// Fits done and resize events seen since construction (the resize sweep test counts
    /// them to prove a resize settles after one fit).
    int fitCount() const { return m_fitCount; }
    int resizeCount() const { return m_resizeCount; }
    /// Screen pixels per scene unit.
    double zoom() const;
    /// For a projector: larger labels, and the layout (gutters, band headers, boxes) grown
    /// with them; no scroll bars.
    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    /// Selects the entities in the document and zooms this view to where they are shown.
    void focusOn(const std::vector<EntityRef> &entities);
    /// Marks the items the violations name (replaces the previous markers). Fed by the
    /// document's LiveValidator; public so a caller holding violations can show them.
    void setViolations(const std::vector<Violation> &violations);
    /// The list the markers show: the validator's, or the one given to setViolations.
    const std::vector<Violation> &violations() const;

    /// The items that show `ref` (an aggregate counts for each of its members).
    virtual std::vector<CanvasItem *> itemsFor(EntityRef ref) const;
    /// Where a violation naming `ref` is marked; by default the items showing it (views roll
    /// a device up to its rack, a link up to an aggregate's edge...).
    virtual std::vector<CanvasItem *> markerItemsFor(EntityRef ref) const { return itemsFor(ref); }
    /// Entity id -> the items registered for it (read only: the consistency tests compare
    /// it with the scene and the design after every edit).
    const std::unordered_map<std::uint64_t, std::vector<CanvasItem *>> &itemIndex() const
    {
        return m_index;
    }
    /// The items now carrying a violation marker.
    const std::vector<CanvasItem *> &markedItems() const;
    /// Items standing for entities now in the scene.
    std::size_t entityItemCount() const;
    /// The last refusal or notice shown (also sent as statusMessage).
    QString lastMessage() const { return m_lastMessage; }

    /// What the fills, markers and lines of this view mean (drawn in a corner).
    virtual std::vector<LegendEntry> legend() const;
    void setLegendVisible(bool on);
    bool isLegendVisible() const { return m_legendVisible; }
    /// Whether a scale bar is drawn (views drawn to scale).
    virtual bool hasScaleBar() const { return false; }
    /// Scene units per metre of the drawing (floor plan: cm, elevation: mm).
    virtual double sceneUnitsPerMetre() const { return 100; }
    /// The scale bar's length in metres and on screen at the current zoom (1, 2 or 5 x 10^k m,
    /// 80-200 px); 0 without a scale bar.
    std::pair<double, double> scaleBar() const;
    /// Whether the overview (minimap) is shown now: the drawing is larger than the view.
    bool isOverviewShown() const;
    /// Viewport rectangles of the legend and the overview as last drawn (empty when hidden).
    QRect legendRect() const { return m_legendRect; }
    QRect overviewRect() const { return m_overviewRect; }

    /// The blast radius the Failure Domains dock shows, drawn over the items (CanvasItem::
    /// paintFailureState); an empty map clears it. An aggregate item shows its members' common
    /// state, or degraded when only some of them are hit.
    void setFailureStates(const FailureStates &states);
    const FailureStates &failureStates() const { return m_failureStates; }
    /// File > Compare with...: the other design's changes drawn over the open design's items
    /// (CanvasItem::paintCompareState) through markerItemsFor (a device rolls up to its rack
    /// on the floor plan, a link to its bundle in the fabric). Kept across rebuilds and edits
    /// until replaced; an empty list clears it (Clear Comparison).
    void setCompareMarks(const CompareMarks &marks);
    const CompareMarks &compareMarks() const { return m_compareMarks; }
    /// The items now carrying a comparison state.
    const std::vector<CanvasItem *> &comparedItems() const { return m_compared; }
    /// Where moved racks and devices stand in the compared design: a dashed ghost there
    /// (CompareGhostItem) where this view shows that place, and on the floor plan an arrow
    /// from the moved item to it. Kept across rebuilds and edits; cleared with the marks
    /// (setCompareMarks with an empty list, Clear Comparison).
    void setCompareGhosts(const CompareGhosts &ghosts);
    const CompareGhosts &compareGhosts() const { return m_compareGhosts; }
    /// The ghost and leader items now in the scene (overlays: no entity, not selectable).
    const std::vector<QGraphicsItem *> &compareGhostItems() const { return m_ghostItems; }
    /// legend() and, while a blast radius is shown, the failure styles it uses.
    std::vector<LegendEntry> shownLegend() const;
    /// The failure domains (as whatif writes them: "rack:A01", "pdu:A01/A1", "feed:A",
    /// "row:R1", "hall:H1", "cdu:CDU001", "switch:leaf01") the item under `viewPos` is part of.
    QStringList failureDomainsAt(const QPoint &viewPos) const;

    void deleteSelection();
    void duplicateSelection();
    /// The hover text for the item under `viewPos` (viewport coordinates): its name, part and
    /// place, a rack's load, an aggregate's members, and the findings on it. Empty over
    /// nothing.
    QString toolTipAt(const QPoint &viewPos) const;

signals:
    void statusMessage(const QString &message);
    /// "Simulate Failure" was picked for `domain` (the Failure Domains dock shows it).
    void simulateFailureRequested(const QString &domain);

protected:
    /// For the subclasses' constructors: buildScene() now, or on the first show or
    /// ensureScene(). A deferred view ignores changes (its build reads the design as it is
    /// then) but keeps counting violations, failure and comparison states for its items.
    void startScene(SceneBuild build);
    /// The whole scene from the document: items, markers, fitted to the view.
    virtual void buildScene() = 0;
    void showEvent(QShowEvent *event) override;
    /// In a shown window, but behind another tab (or in a hidden dock).
    bool isBehindAnotherTab() const;
    /// Updates the scene for what `changes` names, and nothing else.
    virtual void applyChanges(const ChangeSet &changes) = 0;
    /// Called after the presentation mode changed (label scale already set): lay out again.
    virtual void presentationChanged() { }
    /// True for a view whose update for one edit costs about a whole build on a large design
    /// (the fabric view lays out the edited band again: 3.1 million links at 131,072 nodes).
    /// Behind another tab, such a view drops its scene on a change and builds it again when
    /// next shown, keeping its zoom and centre, instead of paying every edit.
    virtual bool rebuildsWhenShownAgain() const { return false; }
    /// The scene rectangle of a moved entity's place in the compared design; empty where this
    /// view does not show that place (CanvasCompareGhosts.cpp).
    virtual QRectF compareGhostRect(const CompareGhost &) const { return {}; }
    /// The ghosts' label height in scene units at label scale 1.
    virtual double compareGhostTextHeight() const { return 10; }
    /// Whether an arrow joins a moved item to its ghost (the floor plan).
    virtual bool drawsCompareLeaders() const { return false; }
    /// Forget the overview's picture (the drawing changed).
    void invalidateOverview() { m_overview = QImage(); }
    /// Called after the document selection changed, before items are selected.
    virtual void documentSelectionChanged(const std::vector<EntityRef> &selection);

    DesignCache *cache() const { return m_cache; }
    void registerItem(CanvasItem *item);
    /// Unregisters `item` and its CanvasItem children, then deletes it.
    void destroyItem(QGraphicsItem *item);
    /// Deletes every item (for a full rebuild).
    void clearScene();
    /// Shows a refusal or notice near `scenePos` for a few seconds and as statusMessage.
    void showMessage(const QString &text, const QPointF &scenePos);
    /// Grows the scene rect to the items plus a margin.
    void updateSceneRect();
    void reapplyMarkers();
    void reapplySelection();
    /// Adds "Simulate Failure" (failureDomainsAt) to a context menu; nothing over no entity.
    void addSimulateFailureMenu(QMenu &menu, const QPoint &viewPos);
    /// The fabric view's menu (the other views build their own): Simulate Failure, legend.
    void contextMenuEvent(QContextMenuEvent *event) override;

    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void onChanged(const ChangeSet &changes);
    /// Patches the markers from the live validator's delta (O(delta)).
    void applyViolationDelta(const ViolationDelta &delta);
    void onSceneSelectionChanged();
    void unregisterTree(QGraphicsItem *item);
    void scaleBy(double factor);
    /// Enters or leaves fit mode; scroll bars are off in fit mode so that a fit can never
    /// change the viewport's size (and so trigger another fit).
    void setFitMode(bool on);
    void fitNow();
    void applyScrollBarPolicy();
    /// Lays the built scene out again for the current label scale.
    void applyPresentation();
    /// Drops the scene of a view behind another tab: built again when next shown.
    void deferAgain();
    void reapplyFailureStates();
    void reapplyCompareStates();
    /// Makes the ghost and leader items again from m_compareGhosts (a few per move).
    void placeCompareGhosts();
    /// The comparison styles in use, for shownLegend().
    std::vector<LegendEntry> compareLegend() const;
    void drawLegend(QPainter *painter);
    /// The legend's size in viewport pixels.
    QSizeF legendSize() const;
    void drawScaleBar(QPainter *painter);
    void drawOverview(QPainter *painter);
    /// Centres the view on the scene point under `viewPos` inside the overview.
    void panFromOverview(const QPoint &viewPos);

    Document *m_document;
    bool m_sceneDeferred = false; ///< the scene waits for the first show (startScene)
    /// A deferred view skips the validator's deltas (a million findings at 131,072 nodes)
    /// and counts the whole list once when built.
    bool m_markersStale = false;
    bool m_sceneDropped = false; ///< dropDeferredScene(): never build a waiting scene
    /// The presentation mode changed while the view was behind another tab: laid out again
    /// when shown (ensureScene), not for every toggle of F11.
    bool m_presentationStale = false;
    /// Set when a change dropped the scene of a view behind another tab (deferAgain): the
    /// zoom and centre the architect left, restored after the build unless it was fitted.
    bool m_keepPlace = false;
    QTransform m_keptTransform;
    QPointF m_keptCentre;
    DesignCache *m_cache;
    CanvasScene *m_scene;
    std::unordered_map<std::uint64_t, std::vector<CanvasItem *>> m_index;
    std::size_t m_itemCount = 0;
    std::vector<Violation> m_violations; ///< set by setViolations (no live validator)
    bool m_ownViolations = false; ///< setViolations replaced the validator's list
    std::unique_ptr<ViolationMarkers> m_markers;
    FailureStates m_failureStates;
    std::vector<CanvasItem *> m_failed; ///< items now carrying a failure state
    CompareMarks m_compareMarks;
    std::vector<CanvasItem *> m_compared; ///< items now carrying a comparison state
    CompareGhosts m_compareGhosts;
    std::vector<QGraphicsItem *> m_ghostItems; ///< owned by the scene
    bool m_presentation = false;
    bool m_fitMode = false; ///< refit on resize until the user zooms or focuses
    bool m_fitting = false; ///< re-entrancy guard of fitNow()
    QSize m_lastFitSize; ///< viewport size of the last fit: refit only when it changes
    int m_fitCount = 0;
    int m_resizeCount = 0;
    bool m_syncingSelection = false;
    bool m_panning = false;
    QPoint m_panStart;
    QString m_lastMessage;
    bool m_legendVisible = true;
    QRect m_legendRect;
    QRect m_overviewRect;
    QImage m_overview; ///< the whole drawing, small; redrawn after a change
    QRectF m_overviewScene; ///< the scene rectangle m_overview shows
    bool m_overviewDragging = false;
    MessageItem *m_messageItem = nullptr;
    int m_messageSerial = 0;
};

} // namespace cw::canvas
