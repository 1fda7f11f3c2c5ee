#pragma once

#include <QString>

class QCustomPlot;

namespace cw::calcviews {

/// Writes `plot` at widthPx x heightPx to `fileName`: PNG for ".png", SVG (vector, via
/// QSvgGenerator and QCPPainter) for ".svg". Returns false for another suffix or a write error.
bool exportPlot(QCustomPlot *plot, const QString &fileName, int widthPx = 800, int heightPx = 500);

} // namespace cw::calcviews
