#include "exporters/report/TextWidths.h"

#include "exporters/report/Drawing.h"

#include <QFontMetricsF>

namespace cw::report {
namespace {

constexpr int kMeasurePx = 1000; // large: advances to 1/1000 of the em
const QChar kEllipsis(0x2026);

QFont measuringFont(bool bold)
{
    QFont font = reportFont(10, bold);
    font.setPixelSize(kMeasurePx);
    return font;
}

} // namespace

TextWidths::TextWidths(bool bold)
    : m_bold(bold)
{
    const QFontMetricsF metrics(measuringFont(bold));
    for (int c = 0; c < 128; ++c)
        m_ascii[static_cast<std::size_t>(c)]
            = metrics.horizontalAdvance(QChar(static_cast<char16_t>(c))) / kMeasurePx;
    m_ascent = metrics.ascent() / kMeasurePx;
    m_descent = metrics.descent() / kMeasurePx;
}

double TextWidths::advance(QChar c) const
{
    if (c.unicode() < 128)
        return m_ascii[c.unicode()];
    const auto it = m_other.find(c.unicode());
    if (it != m_other.end())
        return it->second;
    const double width = QFontMetricsF(measuringFont(m_bold)).horizontalAdvance(c) / kMeasurePx;
    m_other.emplace(c.unicode(), width);
    return width;
}

double TextWidths::width(const QString &text, double sizePx) const
{
    double sum = 0;
    for (QChar c : text)
        sum += advance(c);
    return sum * sizePx;
}

QString TextWidths::elided(const QString &text, double sizePx, double maxWidthPx) const
{
    if (width(text, sizePx) <= maxWidthPx)
        return text;
    double used = advance(kEllipsis) * sizePx;
    if (used > maxWidthPx)
        return QString();
    qsizetype keep = 0;
    for (; keep < text.size(); ++keep) {
        const double next = advance(text[keep]) * sizePx;
        if (used + next > maxWidthPx)
            break;
        used += next;
    }
    if (keep > 0 && text[keep - 1].isHighSurrogate())
        --keep; // never split a surrogate pair
    return text.left(keep) + kEllipsis;
}

} // namespace cw::report
