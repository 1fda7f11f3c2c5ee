#include "exporters/report/ReportRender.h"

#include "exporters/common/Escape.h"
#include "exporters/report/FloorPlan.h"
#include "exporters/report/ReportSections.h"

#include <QBuffer>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>

namespace cw::report {
namespace {

/// Text for the SVG's <title>/<desc>: QSvgGenerator copies them into the XML as they are.
QString svgText(const std::string &text)
{
    return QString::fromStdString(exporters::esc::xmlText(text));
}

// 300 dpi: device units fine enough that nothing snaps visibly; the PDF stays vector.
constexpr int kPdfDpi = 300;
// CSS pixels: an SVG's user unit is 1/96 in.
constexpr int kSvgDpi = 96;
constexpr double kSvgMarginPt = 10;
constexpr double kSvgFloorWidthPt = 800;
constexpr double kSvgFloorMaxHeightPt = 1200;
constexpr double kSvgMinFloorHeightPt = 200;

/// QPdfWriter (Qt 6.4) stamps /CreationDate with the clock. The report's one varying input
/// is its date, so the stamp becomes that day at 00:00:00 UTC: same design and date, same
/// bytes. The replacement has the same length, so the xref offsets stay right.
void pinCreationDate(QByteArray &pdf, const std::string &isoDate)
{
    static const QByteArray key("/CreationDate (D:");
    const qsizetype at = pdf.indexOf(key);
    if (at < 0 || isoDate.size() != 10)
        return;
    const QByteArray stamp = QByteArray::fromStdString(isoDate.substr(0, 4) + isoDate.substr(5, 2)
                                                       + isoDate.substr(8, 2) + "000000");
    const qsizetype start = at + key.size();
    if (start + stamp.size() <= pdf.size())
        pdf.replace(start, stamp.size(), stamp);
}

Result<QByteArray> finishSvg(QBuffer &buffer, QPainter &painter)
{
    if (!painter.end())
        return Error { "facilities report: the SVG painter failed" };
    return buffer.data();
}

} // namespace

Result<QByteArray> renderReportPdf(const ReportData &data, Paper paper,
                                   const ElevationIndex &elevations, RackSvgs rackSvgs)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(paper == Paper::A4 ? QPageSize::A4 : QPageSize::Letter));
        writer.setPageOrientation(QPageLayout::Portrait);
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(kPdfDpi);
        writer.setTitle(QStringLiteral("Facilities report: ") + qs(data.designName));
        writer.setCreator(qs(data.generator));
        QPainter painter;
        if (!painter.begin(&writer))
            return Error { "facilities report: cannot start painting the PDF" };
        painter.setRenderHint(QPainter::Antialiasing);
        PageWriter pages(painter, writer, Scale::forDpi(kPdfDpi),
                         QStringLiteral("Facilities report - ") + qs(data.designName)
                             + QStringLiteral(" - ") + qs(data.date));
        writeCover(pages, data);
        writeSummary(pages, data);
        writePower(pages, data);
        writeCooling(pages, data);
        writeFloorPlan(pages, data);
        writeElevations(pages, data, elevations, rackSvgs);
        writeCabling(pages, data);
        writeBom(pages, data);
        writeFailureDomains(pages, data);
        pages.finish();
        if (!painter.end())
            return Error { "facilities report: the PDF painter failed" };
    }
    QByteArray pdf = buffer.data();
    pinCreationDate(pdf, data.date);
    return pdf;
}

Result<QByteArray> renderFloorPlanSvg(const ReportData &data)
{
    const Scale scale = Scale::forDpi(kSvgDpi);
    // The floor's own aspect ratio decides the picture's height, within bounds.
    const FloorLayout layout = floorLayout(data);
    const double planWidthPt = kSvgFloorWidthPt - kFloorGutterPt;
    const double heightPt = std::clamp(
        layout.widthM > 0 ? planWidthPt * layout.depthM / layout.widthM + kFloorLegendPt
                          : kSvgMinFloorHeightPt,
        kSvgMinFloorHeightPt, kSvgFloorMaxHeightPt);
    const double margin = scale.pt(kSvgMarginPt);
    const QSize size(static_cast<int>(std::ceil(scale.pt(kSvgFloorWidthPt) + 2 * margin)),
                     static_cast<int>(std::ceil(scale.pt(heightPt) + 2 * margin)));
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(kSvgDpi);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QStringLiteral("Floor plan"));
    generator.setDescription(svgText(data.designName));
    QPainter painter;
    if (!painter.begin(&generator))
        return Error { "facilities report: cannot start painting the floor plan SVG" };
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    drawFloorPlan(painter, QRectF(margin, margin, scale.pt(kSvgFloorWidthPt), scale.pt(heightPt)),
                  data, scale);
    return finishSvg(buffer, painter);
}

} // namespace cw::report
