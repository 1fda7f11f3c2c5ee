// LineCache (exporters/report/LineCache.h): texts shaped once and drawn again give the PDF
// bytes QPainter::drawText gives, at any position, alignment and font of the report's tables.

#include "exporters/report/Drawing.h"
#include "exporters/report/LineCache.h"

#include <QBuffer>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTest>

#include <functional>

using namespace cw;

namespace {

/// A one-page PDF at the report's 300 dpi, with the writer's clock stamp blanked.
QByteArray paintPdf(const std::function<void(QPainter &, QPdfWriter &)> &draw)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(300);
        QPainter painter(&writer);
        draw(painter, writer);
    }
    QByteArray pdf = buffer.data();
    const QByteArray key("/CreationDate (D:");
    const qsizetype at = pdf.indexOf(key);
    if (at >= 0)
        pdf.replace(at + key.size(), 14, QByteArray(14, '0'));
    return pdf;
}

struct Cell
{
    QRectF rect;
    int flags;
    QString text;
};

/// Every text in every alignment at positions that fall between 1/64 px steps, in a wide cell
/// and in narrow ones that cut the longer texts, each several times (the repeats are what the
/// cache serves).
std::vector<Cell> cells(const QStringList &texts)
{
    const int aligns[] = { Qt::AlignLeft | Qt::AlignVCenter, Qt::AlignRight | Qt::AlignVCenter,
                           Qt::AlignHCenter | Qt::AlignTop, Qt::AlignLeft | Qt::AlignBottom };
    std::vector<Cell> out;
    double y = 40.123;
    for (int round = 0; round < 3; ++round)
        for (const QString &text : texts)
            for (int flags : aligns)
                for (double width : { 900.5, 61.3, 117.26 }) {
                    out.push_back(
                        { QRectF(60.37 + 0.211 * round, y, width, 37.4999), flags, text });
                    y += 31.2507;
                    if (y > 3300) // the page's foot at 300 dpi: back to the top
                        y = 40.123 + 0.017 * round;
                }
    return out;
}

} // namespace

class TestLineCache : public QObject
{
    Q_OBJECT

private slots:
    void cachedDrawsGiveDrawTextsBytes()
    {
        const QStringList texts
            = { QStringLiteral("12.34"), QStringLiteral("2 x 32 A"), QStringLiteral("3-ph 400 V"),
                QStringLiteral("A: pdu-32a / B: pdu-32a"), QStringLiteral("H13-R05-17"),
                QStringLiteral("  padded  "), QStringLiteral("office, fluffy fjord"),
                QStringLiteral("Zürich Ærø façade"), QStringLiteral("1,234.5 kW"),
                // drawn by drawText itself: other scripts, combining marks, a tab, a surrogate pair
                QStringLiteral("שורה 3"), QStringLiteral("صف ٣"), QStringLiteral("e\u0301t\u00e9"),
                QStringLiteral("a\tb"), QStringLiteral("rack \U0001F5A5"), QStringLiteral("机柜") };
        for (bool bold : { false, true }) {
            const QFont font = report::reportFont(7.5, bold);
            const std::vector<Cell> drawn = cells(texts);
            const QByteArray expected = paintPdf([&](QPainter &painter, QPdfWriter &writer) {
                painter.setFont(font);
                const QFontMetricsF metrics(font, &writer);
                for (const Cell &cell : drawn) {
                    // PageWriter's cells before the cache: elided when too wide.
                    QString shown = cell.text;
                    if (metrics.horizontalAdvance(shown) > cell.rect.width())
                        shown = metrics.elidedText(shown, Qt::ElideRight, cell.rect.width());
                    report::drawLine(painter, metrics, cell.rect, cell.flags, shown,
                                     metrics.horizontalAdvance(shown));
                }
            });
            int shaped = 0;
            const QByteArray actual = paintPdf([&](QPainter &painter, QPdfWriter &writer) {
                report::LineCache cache(font, &writer);
                painter.setFont(cache.font());
                for (const Cell &cell : drawn)
                    cache.drawFitted(painter, cell.rect, cell.flags, cell.text);
                for (const QString &text : texts)
                    shaped += cache.reusesShaping(text) ? 1 : 0;
                const QString cut = cache.metrics().elidedText(
                    QStringLiteral("A: pdu-32a / B: pdu-32a"), Qt::ElideRight, 61.3);
                QVERIFY(cut.endsWith(QChar(0x2026)));
                shaped += cache.reusesShaping(cut) ? 1 : 0;
            });
            QCOMPARE(shaped, 9 + 1); // the Latin ones and a Latin one elided
            QCOMPARE(actual.size(), expected.size());
            QVERIFY(actual == expected);
        }
    }

    void widthIsTheFontMetricsWidth()
    {
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        writer.setResolution(300);
        const QFont font = report::reportFont(7.5);
        report::LineCache cache(font, &writer);
        const QFontMetricsF metrics(font, &writer);
        for (const QString &text : { QStringLiteral("45.20"), QStringLiteral("שורה"), QString() }) {
            QCOMPARE(cache.width(text), metrics.horizontalAdvance(text));
            QCOMPARE(cache.width(text), metrics.horizontalAdvance(text)); // from the cache
        }
    }
};

QTEST_MAIN(TestLineCache)
#include "tst_line_cache.moc"
