// CanvasView, the File > Compare with... overlay (issue 17, docs/cli.md diff): the other
// design's changes as states on the open design's items, and their legend entries. Built like
// the failure overlay (CanvasFailure.cpp): the items' own painting is untouched.
#include "views/canvas/CanvasView.h"

#include "views/canvas/CanvasItem.h"

#include <QPainter>

#include <algorithm>

namespace cw::canvas {

QColor compareColor(CompareState state)
{
    switch (state) {
    case CompareState::Added:
        return QColor(0x2e, 0x9d, 0x3a);
    case CompareState::Removed:
        return QColor(0xd3, 0x2f, 0x2f);
    case CompareState::Changed:
        return QColor(0xff, 0xa0, 0x00);
    case CompareState::Moved:
        return QColor(0x1e, 0x6f, 0xd9);
    case CompareState::None:
        break;
    }
    return {};
}

void CanvasItem::setCompareState(CompareState state)
{
    if (state == m_compare)
        return;
    m_compare = state;
    stateChanged();
}

void CanvasItem::paintCompareState(QPainter *painter, const QRectF &rect, double lod) const
{
    if (m_compare == CompareState::None)
        return;
    painter->save();
    const double pixel = 1.0 / std::max(lod, 1e-6);
    const QColor colour = compareColor(m_compare);
    // Just outside the failure overlay's outline (drawn on `rect`), so both can be read.
    const QRectF outline = rect.adjusted(-2 * pixel, -2 * pixel, 2 * pixel, 2 * pixel);
    if (m_compare == CompareState::Removed) {
        QColor wash = colour;
        wash.setAlpha(60);
        painter->setPen(Qt::NoPen);
        painter->setBrush(wash);
        painter->drawRect(rect);
    }
    QPen pen(colour, 3.0 * pixel,
             m_compare == CompareState::Removed ? Qt::DashLine : Qt::SolidLine);
    pen.setCosmetic(false);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(outline);
    painter->restore();
}

void CanvasView::setCompareMarks(const CompareMarks &marks)
{
    m_compareMarks = marks;
    if (marks.empty())
        m_compareGhosts.clear(); // Clear Comparison: the ghosts go with the highlight
    reapplyCompareStates();
    viewport()->update();
}

void CanvasView::reapplyCompareStates()
{
    for (CanvasItem *item : m_compared)
        item->setCompareState(CompareState::None);
    m_compared.clear();
    // Several marks can meet on one item (a rack and the devices rolled up to it): the
    // heaviest shows (CompareState's order).
    std::unordered_map<CanvasItem *, CompareState> shown;
    for (const auto &[ref, state] : m_compareMarks)
        for (CanvasItem *item : markerItemsFor(ref)) {
            CompareState &s = shown[item];
            s = std::max(s, state);
        }
    for (const auto &[item, state] : shown) {
        if (state == CompareState::None)
            continue;
        item->setCompareState(state);
        m_compared.push_back(item);
    }
    placeCompareGhosts(); // the layout may have moved the places they stand on
}

std::vector<LegendEntry> CanvasView::compareLegend() const
{
    bool used[5] = {};
    for (const CanvasItem *item : m_compared)
        used[static_cast<int>(item->compareState())] = true;
    std::vector<LegendEntry> entries;
    const auto add = [&](CompareState state, LegendEntry::Kind kind, const QString &text) {
        if (used[static_cast<int>(state)])
            entries.push_back({ kind, compareColor(state), text });
    };
    add(CompareState::Added, LegendEntry::Outline,
        tr("Compare: added there (or holds an added entity)"));
    add(CompareState::Removed, LegendEntry::DashedOutline, tr("Compare: removed there"));
    add(CompareState::Changed, LegendEntry::Outline, tr("Compare: changed"));
    add(CompareState::Moved, LegendEntry::Outline, tr("Compare: moved or re-cabled"));
    if (!m_ghostItems.empty())
        entries.push_back({ LegendEntry::DashedOutline, compareColor(CompareState::Moved),
                            tr("Compare: where it stands in the other design") });
    return entries;
}

} // namespace cw::canvas
