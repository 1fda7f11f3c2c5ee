#include "exporters/report/Drawing.h"

#include "exporters/common/Escape.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cw::report {
namespace {

constexpr double kPointsPerInch = 72.0;
// Hue of green and red in degrees (HSV): a load sweeps from one to the other.
constexpr int kGreenHue = 120;
constexpr int kSaturation = 170;
constexpr int kValue = 235;
constexpr double kLigatureOffSpacing = 0.02;

} // namespace

Scale Scale::forDpi(int dpi)
{
    return Scale { dpi / kPointsPerInch };
}

QFont reportFont(double sizePt, bool bold)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(sizePt);
    font.setBold(bold);
    // Layout from the font's design metrics, not pixel-hinted advances: text measures the
    // same at 300 dpi (PDF) and 96 dpi (SVG), and tables line up.
    font.setHintingPreference(QFont::PreferNoHinting);
    // Any explicit letter spacing makes Qt 6.4 shape without the fi/fl ligatures, so the
    // PDF's text reads back as typed ("flow", not U+FB02 "ow"): searchable in a viewer and by
    // pdftotext. 0.02 px is invisible; Qt keeps spacing in 1/64 px, so less would round to 0.
    font.setLetterSpacing(QFont::AbsoluteSpacing, kLigatureOffSpacing);
    return font;
}

QColor loadColour(double fraction)
{
    if (!(fraction > 0))
        return QColor(0xd9, 0xd9, 0xd9);
    if (fraction >= 1.0)
        return QColor(0xd7, 0x30, 0x27); // over what the feed carries: alarm red
    const int hue = static_cast<int>(std::lround(kGreenHue * (1.0 - fraction)));
    return QColor::fromHsv(hue, kSaturation, kValue);
}

QColor roleColour(DeviceRole role)
{
    switch (role) {
    case DeviceRole::Compute:
        return QColor(0x9e, 0xc5, 0xe8);
    case DeviceRole::Switch:
        return QColor(0xf6, 0xc1, 0x8b);
    case DeviceRole::Storage:
        return QColor(0xb5, 0xdd, 0xa8);
    case DeviceRole::Management:
        return QColor(0xd5, 0xc4, 0xe6);
    }
    return Qt::lightGray;
}

QString qs(const std::string &text)
{
    // Every design or catalog string reaches the page through here: no control character
    // (invalid in the SVG's XML) and no direction override (which would reorder what the
    // reader sees) is drawn raw. QSvgGenerator escapes the markup characters itself.
    return QString::fromStdString(exporters::esc::displayText(text));
}

QString number(double value, int decimals)
{
    if (!std::isfinite(value))
        return QStringLiteral("-");
    QString text = QString::number(std::fabs(value), 'f', decimals);
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    for (qsizetype i = (dot < 0 ? text.size() : dot) - 3; i > 0; i -= 3)
        text.insert(i, QLatin1Char(','));
    // No "-0.0": a value that rounds to zero prints without a sign.
    const bool negative = value < 0
        && std::any_of(text.begin(), text.end(), [](QChar c) { return c >= u'1' && c <= u'9'; });
    return negative ? QLatin1Char('-') + text : text;
}

QString kw(double kilowatts, int decimals)
{
    return number(kilowatts, decimals) + QStringLiteral(" kW");
}

QPointF lineBaseline(const QFontMetricsF &metrics, const QRectF &rect, int flags, double width)
{
    double x = rect.left();
    if (flags & Qt::AlignRight)
        x = rect.right() - width;
    else if (flags & Qt::AlignHCenter)
        x = rect.left() + (rect.width() - width) / 2;
    const double lineHeight = metrics.ascent() + metrics.descent();
    double baseline = rect.top() + metrics.ascent();
    if (flags & Qt::AlignBottom)
        baseline = rect.bottom() - metrics.descent();
    else if (flags & Qt::AlignVCenter)
        baseline = rect.top() + (rect.height() - lineHeight) / 2 + metrics.ascent();
    return QPointF(x, baseline);
}

void drawLine(QPainter &painter, const QFontMetricsF &metrics, const QRectF &rect, int flags,
              const QString &text, double width)
{
    painter.drawText(lineBaseline(metrics, rect, flags, width), text);
}

void drawElided(QPainter &painter, const QRectF &rect, int flags, const QString &text)
{
    const QFontMetricsF metrics(painter.font(), painter.device());
    // One line, alignment only: placed from one measurement (drawLine); anything else goes
    // through Qt's own layout.
    if (text.contains(QLatin1Char('\n'))
        || (flags & ~static_cast<int>(Qt::AlignHorizontal_Mask | Qt::AlignVertical_Mask))) {
        painter.drawText(rect, flags,
                         metrics.elidedText(text, Qt::ElideRight, std::max(0.0, rect.width())));
        return;
    }
    double width = metrics.horizontalAdvance(text);
    if (width <= rect.width()) {
        drawLine(painter, metrics, rect, flags, text, width);
        return;
    }
    const QString shown = metrics.elidedText(text, Qt::ElideRight, std::max(0.0, rect.width()));
    width = metrics.horizontalAdvance(shown);
    drawLine(painter, metrics, rect, flags, shown, width);
}

} // namespace cw::report
