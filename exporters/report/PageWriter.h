#pragma once

#include "exporters/report/Drawing.h"
#include "exporters/report/LineCache.h"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QPagedPaintDevice;
class QPainter;

namespace cw::report {

/// A column of a report table: title, share of the table width, alignment.
struct Column
{
    QString title;
    double weight = 1.0;
    Qt::Alignment align = Qt::AlignLeft;
};

struct TableRow
{
    QStringList cells;
    bool bold = false; ///< totals
};

struct Table
{
    std::vector<Column> columns;
    std::vector<TableRow> rows;
};

/// Flows headings, text and tables down A4/Letter pages: breaks pages, repeats table headers
/// after a break, numbers pages in the footer. Works in device pixels; `scale` converts the
/// layout's points.
class PageWriter
{
public:
    PageWriter(QPainter &painter, QPagedPaintDevice &device, Scale scale, QString footer);

    QPainter &painter() { return m_painter; }
    const Scale &scale() const { return m_scale; }
    /// The area between the margins and above the footer.
    QRectF body() const { return m_body; }
    double y() const { return m_y; }
    void advance(double px) { m_y += px; }
    double remaining() const { return m_body.bottom() - m_y; }
    bool atTop() const { return m_y <= m_body.top(); }
    int page() const { return m_page; }

    void newPage();
    /// Starts a new page unless `px` still fits on this one.
    void ensureSpace(double px);
    /// A numbered section: a new page (unless this one is still empty) and a large title.
    void section(const QString &title);
    /// A sub-heading, kept on one page with at least `keepPx` of what follows.
    void heading(const QString &title, double keepPx = 0);
    void paragraph(const QString &text, double sizePt = 9);
    /// Two columns: label, value.
    void keyValues(const std::vector<std::pair<QString, QString>> &rows);
    void table(const Table &table);
    /// Draws the last page's footer; call once before QPainter::end().
    void finish();

private:
    void drawFooter();
    double rowHeight() const;
    void tableHeader(const Table &table, const std::vector<double> &widths);
    void tableRow(const Table &table, const std::vector<double> &widths, const TableRow &row,
                  bool shaded);

    /// The table fonts' cells, each text measured and shaped once: the per-rack tables
    /// repeat the same loads, breakers and phases thousands of times.
    LineCache &cellFont(bool bold);
    void drawCell(LineCache &font, const QRectF &rect, int flags, const QString &text);

    QPainter &m_painter;
    QPagedPaintDevice &m_device;
    Scale m_scale;
    QString m_footer;
    QRectF m_pageRect;
    QRectF m_body;
    double m_y = 0;
    int m_page = 1;
    std::unique_ptr<LineCache> m_cellFonts[2]; ///< regular, bold; made on first use
    mutable std::optional<double> m_rowHeight;
};

} // namespace cw::report
