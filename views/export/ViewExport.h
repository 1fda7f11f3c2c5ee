#pragma once

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QRectF>
#include <QString>

class QGraphicsScene;
class QGraphicsView;

namespace cw::exportviews {

/// The part of `scene` an exported picture shows: every item plus a small margin (the whole
/// drawing, not just what the window happens to show).
QRectF exportRect(const QGraphicsScene &scene);

/// `scene` rendered into an image whose longer side is `longSidePx` (the drawing is scaled
/// to it), on `background`.
QImage renderSceneImage(QGraphicsScene &scene, const QColor &background, int longSidePx = 3200);

/// `scene` as an SVG document in scene units (a vector drawing for slides).
QByteArray renderSceneSvg(QGraphicsScene &scene, const QColor &background, const QString &title);

/// File > Export View as PNG/SVG: writes the scene of `view` to `path`, as PNG or SVG by its
/// suffix, atomically. Returns an empty string on success, else the reason naming the file.
QString exportViewImage(QGraphicsView &view, const QString &path, const QString &title = {});

} // namespace cw::exportviews
