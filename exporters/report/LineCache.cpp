#include "exporters/report/LineCache.h"

#include "exporters/report/Drawing.h"

#include <QPainter>
#include <QTextLayout>

#include <algorithm>

namespace cw::report {
namespace {

const QChar kEllipsis(0x2026); // what elidedText ends a cut text with

/// Text that QPainter::drawText lays out as one left-to-right run of one script whatever the
/// painter's direction: printable Latin without combining marks, and the ellipsis of an
/// elided one. Anything else (a design name in another script, a tab) keeps drawText's own
/// path.
bool plainLatin(const QString &text)
{
    return std::all_of(text.begin(), text.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= 0x20 && u < 0x7f) || (u >= 0xa0 && u < 0x300) || c == kEllipsis;
    });
}

} // namespace

LineCache::LineCache(const QFont &font, const QPaintDevice *device)
    : m_font(font)
    , m_metrics(font, device)
    , m_device(device)
{ }

LineCache::~LineCache() = default;

LineCache::Entry &LineCache::entry(const QString &text)
{
    auto it = m_entries.find(text);
    if (it != m_entries.end())
        return *it;
    Entry entry;
    entry.width = m_metrics.horizontalAdvance(text);
    if (!text.isEmpty() && plainLatin(text)) {
        auto layout = std::make_shared<QTextLayout>(text, m_font, m_device);
        QTextOption option(Qt::AlignLeft);
        option.setWrapMode(QTextOption::NoWrap);
        option.setTextDirection(Qt::LeftToRight);
        layout->setTextOption(option);
        layout->setCacheEnabled(true); // keep the glyphs for the next draw
        layout->beginLayout();
        layout->createLine();
        layout->endLayout();
        entry.layout = std::move(layout);
    }
    return *m_entries.insert(text, std::move(entry));
}

double LineCache::width(const QString &text)
{
    return entry(text).width;
}

void LineCache::draw(QPainter &painter, const QRectF &rect, int flags, const QString &text)
{
    drawEntry(painter, rect, flags, text, entry(text));
}

void LineCache::drawEntry(QPainter &painter, const QRectF &rect, int flags, const QString &text,
                          const Entry &shaped) const
{
    const QPointF baseline = lineBaseline(m_metrics, rect, flags, shaped.width);
    if (!shaped.layout) {
        painter.drawText(baseline, text);
        return;
    }
    // QTextLine::draw puts the baseline at the position's y rounded to 1/64 px plus the line's
    // ascent (a whole number of 1/64 px); drawText rounds the baseline itself to 1/64 px when
    // it places the glyphs. Starting from the baseline less the ascent gives the same place.
    const QTextLine line = shaped.layout->lineAt(0);
    shaped.layout->draw(&painter, QPointF(baseline.x(), baseline.y() - line.ascent()));
}

void LineCache::drawFitted(QPainter &painter, const QRectF &rect, int flags, const QString &text)
{
    Entry &fitted = entry(text);
    if (fitted.width <= rect.width()) {
        drawEntry(painter, rect, flags, text, fitted);
        return;
    }
    const double width = rect.width();
    QString shown;
    const auto known = std::find_if(fitted.elided.begin(), fitted.elided.end(),
                                    [width](const auto &cut) { return cut.first == width; });
    if (known != fitted.elided.end()) {
        shown = known->second;
    } else {
        shown = m_metrics.elidedText(text, Qt::ElideRight, std::max(0.0, width));
        fitted.elided.emplace_back(width, shown);
    }
    draw(painter, rect, flags, shown); // `fitted` may be gone once `shown` has its entry
}

} // namespace cw::report
