#pragma once

#include "model/core/Enums.h"

#include <QColor>
#include <QFont>
#include <QString>

#include <string>

class QFontMetricsF;
class QPainter;
class QPointF;
class QRectF;

namespace cw::report {

/// Converts the report's point-based layout to a paint device's pixels: the PDF writer runs
/// at 300 dpi, the SVG generator at 96 dpi, and both take fonts in points.
struct Scale
{
    double pxPerPt = 1.0;
    double pt(double points) const { return points * pxPerPt; }
    static Scale forDpi(int dpi);
};

/// The report's font: DejaVu Sans (fonts-dejavu-core, installed with the program's deps), so
/// a PDF made on a build machine and one made on a desk look the same.
QFont reportFont(double sizePt, bool bold = false);

/// Green (idle) through yellow to red (at or above capacity) for a load as a fraction of
/// what it may draw; grey for a rack without load.
QColor loadColour(double fraction);
/// Fill of a device in an elevation, by role.
QColor roleColour(DeviceRole role);

QString qs(const std::string &text);
/// Fixed decimals, locale independent, thousands grouped with ',' ("1,234.5").
QString number(double value, int decimals = 1);
/// "12.3 kW"
QString kw(double kilowatts, int decimals = 1);

/// Draws `text` in `rect` with `flags`, elided on the right when it does not fit.
void drawElided(QPainter &painter, const QRectF &rect, int flags, const QString &text);

/// The start of the baseline of one line of text `width` wide in `metrics`, placed in `rect`
/// as QPainter::drawText(rect, flags, text) places it (alignment flags only).
QPointF lineBaseline(const QFontMetricsF &metrics, const QRectF &rect, int flags, double width);

/// Draws one line of `text`, `width` wide in `metrics`, in `rect` where
/// QPainter::drawText(rect, flags, text) puts it (alignment flags only), from that one
/// measurement instead of a text layout per call: a report draws hundreds of thousands.
void drawLine(QPainter &painter, const QFontMetricsF &metrics, const QRectF &rect, int flags,
              const QString &text, double width);

} // namespace cw::report
