#include "views/calculators/PlotExport.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QSvgGenerator>

namespace cw::calcviews {

bool exportPlot(QCustomPlot *plot, const QString &fileName, int widthPx, int heightPx)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return plot->savePng(fileName, widthPx, heightPx);
    if (suffix != QLatin1String("svg"))
        return false;
    QSvgGenerator generator;
    generator.setFileName(fileName);
    generator.setSize(QSize(widthPx, heightPx));
    generator.setViewBox(QRect(0, 0, widthPx, heightPx));
    generator.setTitle(plot->objectName());
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    plot->toPainter(&painter, widthPx, heightPx);
    return painter.end() && QFileInfo::exists(fileName);
}

} // namespace cw::calcviews
