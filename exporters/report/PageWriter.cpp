#include "exporters/report/PageWriter.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>

#include <algorithm>
#include <numeric>

namespace cw::report {
namespace {

// Layout in points (1/72 in). 36 pt margins leave 523 x 770 pt of A4 for content; both A4
// and Letter printers reach that close to the edge.
constexpr double kMarginPt = 36;
constexpr double kFooterPt = 18;
constexpr double kSectionTitlePt = 16;
constexpr double kHeadingPt = 11;
constexpr double kTablePt = 7.5;
constexpr double kFooterFontPt = 7;
constexpr double kCellPaddingPt = 2.5;
constexpr double kGapPt = 6;

const QColor kHeaderFill(0xe4, 0xe8, 0xee);
const QColor kShade(0xf5, 0xf6, 0xf8);
const QColor kRule(0x9a, 0xa4, 0xb1);

} // namespace

PageWriter::PageWriter(QPainter &painter, QPagedPaintDevice &device, Scale scale, QString footer)
    : m_painter(painter)
    , m_device(device)
    , m_scale(scale)
    , m_footer(std::move(footer))
{
    m_pageRect = QRectF(0, 0, device.width(), device.height());
    const double margin = scale.pt(kMarginPt);
    m_body = m_pageRect.adjusted(margin, margin, -margin, -margin - scale.pt(kFooterPt));
    m_y = m_body.top();
    m_page = 1;
}

void PageWriter::drawFooter()
{
    m_painter.save();
    m_painter.setFont(reportFont(kFooterFontPt));
    m_painter.setPen(QColor(0x55, 0x5d, 0x68));
    const QRectF area(m_body.left(), m_body.bottom() + m_scale.pt(kFooterPt) / 2, m_body.width(),
                      m_scale.pt(kFooterPt));
    m_painter.drawText(area, Qt::AlignLeft | Qt::AlignTop, m_footer);
    m_painter.drawText(area, Qt::AlignRight | Qt::AlignTop, QStringLiteral("page %1").arg(m_page));
    m_painter.restore();
}

void PageWriter::newPage()
{
    drawFooter();
    m_device.newPage();
    ++m_page;
    m_y = m_body.top();
}

void PageWriter::ensureSpace(double px)
{
    if (!atTop() && remaining() < px)
        newPage();
}

void PageWriter::finish()
{
    drawFooter();
}

void PageWriter::section(const QString &title)
{
    if (!atTop())
        newPage();
    m_painter.save();
    m_painter.setFont(reportFont(kSectionTitlePt, true));
    m_painter.setPen(Qt::black);
    const QFontMetricsF metrics(m_painter.font(), &m_device);
    m_painter.drawText(QRectF(m_body.left(), m_y, m_body.width(), metrics.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, title);
    m_y += metrics.height() + m_scale.pt(2);
    m_painter.setPen(QPen(kRule, m_scale.pt(1)));
    m_painter.drawLine(QPointF(m_body.left(), m_y), QPointF(m_body.right(), m_y));
    m_painter.restore();
    m_y += m_scale.pt(kGapPt * 1.5);
}

void PageWriter::heading(const QString &title, double keepPx)
{
    const QFontMetricsF metrics(reportFont(kHeadingPt, true), &m_device);
    ensureSpace(metrics.height() + m_scale.pt(kGapPt) + keepPx);
    if (!atTop())
        m_y += m_scale.pt(kGapPt);
    m_painter.save();
    m_painter.setFont(reportFont(kHeadingPt, true));
    m_painter.setPen(Qt::black);
    m_painter.drawText(QRectF(m_body.left(), m_y, m_body.width(), metrics.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, title);
    m_painter.restore();
    m_y += metrics.height() + m_scale.pt(kGapPt / 2);
}

void PageWriter::paragraph(const QString &text, double sizePt)
{
    const QFont font = reportFont(sizePt);
    const QFontMetricsF metrics(font, &m_device);
    const QRectF bounds
        = metrics.boundingRect(QRectF(0, 0, m_body.width(), 1e9), Qt::TextWordWrap, text);
    ensureSpace(bounds.height());
    m_painter.save();
    m_painter.setFont(font);
    m_painter.setPen(Qt::black);
    m_painter.drawText(QRectF(m_body.left(), m_y, m_body.width(), bounds.height()),
                       Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    m_painter.restore();
    m_y += bounds.height() + m_scale.pt(kGapPt / 2);
}

void PageWriter::keyValues(const std::vector<std::pair<QString, QString>> &rows)
{
    const QFont font = reportFont(kTablePt + 1);
    const QFontMetricsF metrics(font, &m_device);
    const double height = metrics.height() + m_scale.pt(kCellPaddingPt);
    const double keyWidth = m_body.width() * 0.42;
    m_painter.save();
    for (const auto &[key, value] : rows) {
        ensureSpace(height);
        m_painter.setFont(font);
        m_painter.setPen(QColor(0x33, 0x3a, 0x44));
        drawElided(m_painter, QRectF(m_body.left(), m_y, keyWidth, height),
                   Qt::AlignLeft | Qt::AlignVCenter, key);
        m_painter.setPen(Qt::black);
        drawElided(m_painter,
                   QRectF(m_body.left() + keyWidth, m_y, m_body.width() - keyWidth, height),
                   Qt::AlignLeft | Qt::AlignVCenter, value);
        m_y += height;
    }
    m_painter.restore();
    m_y += m_scale.pt(kGapPt / 2);
}

double PageWriter::rowHeight() const
{
    if (!m_rowHeight)
        m_rowHeight = QFontMetricsF(reportFont(kTablePt), &m_device).height()
            + 2 * m_scale.pt(kCellPaddingPt);
    return *m_rowHeight;
}

LineCache &PageWriter::cellFont(bool bold)
{
    std::unique_ptr<LineCache> &font = m_cellFonts[bold ? 1 : 0];
    if (!font)
        font = std::make_unique<LineCache>(reportFont(kTablePt, bold), &m_device);
    return *font;
}

void PageWriter::drawCell(LineCache &font, const QRectF &rect, int flags, const QString &text)
{
    // drawElided's one-line case with the widths and elisions looked up: the same
    // measurements, so the same page.
    if (text.contains(QLatin1Char('\n'))) {
        drawElided(m_painter, rect, flags, text);
        return;
    }
    font.drawFitted(m_painter, rect, flags, text);
}

void PageWriter::tableHeader(const Table &table, const std::vector<double> &widths)
{
    const double height = rowHeight();
    m_painter.fillRect(QRectF(m_body.left(), m_y, m_body.width(), height), kHeaderFill);
    m_painter.setFont(reportFont(kTablePt, true));
    m_painter.setPen(Qt::black);
    double x = m_body.left();
    const double pad = m_scale.pt(kCellPaddingPt);
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        drawElided(m_painter, QRectF(x + pad, m_y, widths[c] - 2 * pad, height),
                   table.columns[c].align | Qt::AlignVCenter, table.columns[c].title);
        x += widths[c];
    }
    m_y += height;
    m_painter.setPen(QPen(kRule, m_scale.pt(0.6)));
    m_painter.drawLine(QPointF(m_body.left(), m_y), QPointF(m_body.right(), m_y));
}

void PageWriter::tableRow(const Table &table, const std::vector<double> &widths,
                          const TableRow &row, bool shaded)
{
    const double height = rowHeight();
    if (shaded)
        m_painter.fillRect(QRectF(m_body.left(), m_y, m_body.width(), height), kShade);
    if (row.bold) {
        m_painter.setPen(QPen(kRule, m_scale.pt(0.6)));
        m_painter.drawLine(QPointF(m_body.left(), m_y), QPointF(m_body.right(), m_y));
    }
    LineCache &font = cellFont(row.bold);
    m_painter.setFont(font.font());
    m_painter.setPen(Qt::black);
    double x = m_body.left();
    const double pad = m_scale.pt(kCellPaddingPt);
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const QString cell = c < static_cast<std::size_t>(row.cells.size())
            ? row.cells[static_cast<qsizetype>(c)]
            : QString();
        drawCell(font, QRectF(x + pad, m_y, widths[c] - 2 * pad, height),
                 table.columns[c].align | Qt::AlignVCenter, cell);
        x += widths[c];
    }
    m_y += height;
}

void PageWriter::table(const Table &table)
{
    if (table.columns.empty())
        return;
    const double total
        = std::accumulate(table.columns.begin(), table.columns.end(), 0.0,
                          [](double sum, const Column &c) { return sum + c.weight; });
    std::vector<double> widths;
    for (const Column &column : table.columns)
        widths.push_back(m_body.width() * column.weight / total);
    const double height = rowHeight();
    m_painter.save();
    // Header plus at least two rows together, so a header never sits alone at a page foot.
    ensureSpace(height * 3);
    tableHeader(table, widths);
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        if (remaining() < height) {
            newPage();
            tableHeader(table, widths);
        }
        tableRow(table, widths, table.rows[r], r % 2 == 1);
    }
    m_painter.restore();
    m_y += m_scale.pt(kGapPt);
}

} // namespace cw::report
