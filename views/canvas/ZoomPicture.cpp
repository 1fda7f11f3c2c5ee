// Shared by the layers that draw many small shapes while zoomed out (the floor plan's racks,
// the fabric's bundles): the same picture, kept per zoom and copied on a pan, was written in
// each of them; one copy keeps its rounding (where a picture is placed, how large it is,
// when it is drawn again) the same for both.

#include "views/canvas/ZoomPicture.h"

#include <QPainter>

#include <cmath>

namespace cw::canvas {
namespace {

/// The largest picture kept (device pixels, 16 MB): a hall or a band small enough on screen to
/// be worth a picture is far smaller; a larger one draws its content each frame.
constexpr double kMaxKeptPixels = 4.0 * 1024 * 1024;

bool sameLinearPart(const QTransform &a, const QTransform &b)
{
    return a.m11() == b.m11() && a.m12() == b.m12() && a.m21() == b.m21() && a.m22() == b.m22();
}

} // namespace

ZoomPicture::ZoomPicture(Reuse reuse, QMargins marginPx)
    : m_reuse(reuse)
    , m_marginPx(marginPx)
{ }

bool ZoomPicture::paint(QPainter *painter, const QRectF &bounds,
                        const std::function<void(QPainter *)> &draw)
{
    const QTransform world = painter->worldTransform();
    if (world.isRotating())
        return false;
    // Drawn at the world's fraction of a pixel, copied at its whole pixels: a pan by whole
    // pixels (a scroll) copies it exactly as the content would draw.
    const QPointF whole(std::floor(world.dx()), std::floor(world.dy()));
    const QTransform fraction = world * QTransform::fromTranslate(-whole.x(), -whole.y());
    const QRectF device = fraction.mapRect(bounds);
    if (device.width() * device.height() > kMaxKeptPixels)
        return false;
    const QPoint origin(static_cast<int>(std::floor(device.left())) - m_marginPx.left(),
                        static_cast<int>(std::floor(device.top())) - m_marginPx.top());
    const QSize size(static_cast<int>(std::ceil(device.right())) + m_marginPx.right() - origin.x(),
                     static_cast<int>(std::ceil(device.bottom())) + m_marginPx.bottom()
                         - origin.y());
    const bool serves = sameLinearPart(fraction, m_fraction)
        && (m_reuse == Reuse::AnyPan
            || (fraction.dx() == m_fraction.dx() && fraction.dy() == m_fraction.dy()));
    if (!m_valid || !serves || m_image.size() != size) {
        if (m_image.size() != size)
            m_image = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_image.fill(Qt::transparent);
        QPainter picture(&m_image);
        picture.setRenderHints(painter->renderHints());
        picture.setWorldTransform(fraction * QTransform::fromTranslate(-origin.x(), -origin.y()));
        draw(&picture);
        m_fraction = fraction;
        m_valid = true;
    }
    painter->save();
    painter->setWorldTransform(QTransform());
    painter->drawImage(origin + whole.toPoint(), m_image);
    painter->restore();
    return true;
}

} // namespace cw::canvas
