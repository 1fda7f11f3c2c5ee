#pragma once

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class QPaintDevice;
class QPainter;
class QRectF;
class QTextLayout;

namespace cw::report {

/// One-line texts in one font, measured and shaped once and drawn wherever they repeat: the
/// per-rack tables of a 16,384-node report draw 100,000 cells, most of them the same loads,
/// breakers and phases, and QPainter::drawText shapes (HarfBuzz) on every call.
///
/// draw() gives the bytes drawLine() gives (the same glyphs at the same positions, the same
/// characters for the PDF's ToUnicode map): the shaped text is a QTextLayout, drawn through
/// the same QPainter text item path, placed so that its 1/64-pixel baseline is the one
/// drawText would round to. Texts that drawText might lay out differently (scripts other than
/// Latin, controls) are drawn by drawText itself.
class LineCache
{
public:
    /// `device`: the one painted on (its resolution shapes the text); must outlive the cache.
    LineCache(const QFont &font, const QPaintDevice *device);
    ~LineCache();
    LineCache(const LineCache &) = delete;
    LineCache &operator=(const LineCache &) = delete;

    const QFont &font() const { return m_font; }
    const QFontMetricsF &metrics() const { return m_metrics; }
    /// metrics().horizontalAdvance(text), measured once per text.
    double width(const QString &text);
    /// drawLine(painter, metrics(), rect, flags, text, width(text)) with the painter's font
    /// set to font(): one line, alignment flags only, not elided.
    void draw(QPainter &painter, const QRectF &rect, int flags, const QString &text);
    /// drawElided()'s one-line case: draw() when `text` fits `rect`, else draw() of
    /// metrics().elidedText(text, Qt::ElideRight, rect.width()) (worked out once per width).
    void drawFitted(QPainter &painter, const QRectF &rect, int flags, const QString &text);
    /// Whether draw() draws `text` from its shaped layout (false: through drawText).
    bool reusesShaping(const QString &text) { return entry(text).layout != nullptr; }

private:
    struct Entry
    {
        double width = 0;
        std::shared_ptr<QTextLayout> layout; ///< null: drawn by QPainter::drawText
        std::vector<std::pair<double, QString>> elided; ///< (width, the text elided to it)
    };
    /// The entry of `text`, made on first use; valid until the next entry is made.
    Entry &entry(const QString &text);
    void drawEntry(QPainter &painter, const QRectF &rect, int flags, const QString &text,
                   const Entry &shaped) const;

    QFont m_font;
    QFontMetricsF m_metrics;
    const QPaintDevice *m_device = nullptr;
    QHash<QString, Entry> m_entries;
};

} // namespace cw::report
