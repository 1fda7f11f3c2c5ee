#include "views/export/ViewExport.h"

#include <QBuffer>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace cw::exportviews {
namespace {

/// Margin around the items, as a share of the drawing's larger side (at least one unit).
constexpr double kMarginShare = 0.02;
/// Largest image side: 16384 px is where QImage allocations start failing on small machines.
constexpr int kMaxSidePx = 16384;

QString writeAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    if (file.write(bytes) != bytes.size() || !file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace

QRectF exportRect(const QGraphicsScene &scene)
{
    QRectF rect = scene.itemsBoundingRect();
    if (rect.isEmpty())
        rect = scene.sceneRect();
    if (rect.isEmpty())
        return QRectF(0, 0, 1, 1);
    const double margin = std::max(1.0, kMarginShare * std::max(rect.width(), rect.height()));
    return rect.adjusted(-margin, -margin, margin, margin);
}

QImage renderSceneImage(QGraphicsScene &scene, const QColor &background, int longSidePx)
{
    const QRectF source = exportRect(scene);
    const int longSide = std::clamp(longSidePx, 16, kMaxSidePx);
    const double scale = longSide / std::max(source.width(), source.height());
    const QSize size(std::max(1, static_cast<int>(std::lround(source.width() * scale))),
                     std::max(1, static_cast<int>(std::lround(source.height() * scale))));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(background);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing
                           | QPainter::SmoothPixmapTransform);
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), source, Qt::KeepAspectRatio);
    painter.end();
    return image;
}

QByteArray renderSceneSvg(QGraphicsScene &scene, const QColor &background, const QString &title)
{
    const QRectF source = exportRect(scene);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("Clusterwright canvas view"));
    // One SVG unit per scene unit: the drawing keeps the canvas's proportions and line widths.
    const QSize size(static_cast<int>(std::ceil(source.width())),
                     static_cast<int>(std::ceil(source.height())));
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    QPainter painter(&generator);
    painter.fillRect(QRect(QPoint(0, 0), size), background);
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), source, Qt::KeepAspectRatio);
    painter.end();
    return buffer.data();
}

QString exportViewImage(QGraphicsView &view, const QString &path, const QString &title)
{
    QGraphicsScene *scene = view.scene();
    if (!scene)
        return QStringLiteral("the view shows nothing to export");
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QColor background = view.backgroundBrush().style() == Qt::NoBrush
        ? QColor(Qt::white)
        : view.backgroundBrush().color();
    if (suffix == QLatin1String("svg"))
        return writeAtomically(path, renderSceneSvg(*scene, background, title));
    if (suffix != QLatin1String("png"))
        return QStringLiteral("%1: expected a .png or .svg file name").arg(path);
    const QImage image = renderSceneImage(*scene, background);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return QStringLiteral("cannot encode %1 as PNG").arg(path);
    return writeAtomically(path, bytes);
}

} // namespace cw::exportviews
