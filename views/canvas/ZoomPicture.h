#pragma once

#include <QImage>
#include <QMargins>
#include <QTransform>

#include <functional>

class QPainter;
class QRectF;

namespace cw::canvas {

/// A picture of an item's drawing kept for one zoom: drawn once in device pixels and copied
/// while only the pan changes, as Qt's device-coordinate cache would, but under the item's
/// control (it says when its content changed, and it can keep drawing its children as
/// items). The fitted floor plan's halls (FloorRackLayer) and the fabric's bands
/// (FabricBandItem) draw thousands of small shapes each; a pan then copies a picture each.
///
/// The picture is drawn at the world transform's fraction of a pixel and copied at its whole
/// pixels; a new zoom, a size that changed or `invalidate` draws it again. A picture larger
/// than 16 MB (4 Mi device pixels) is not kept: the item then draws directly.
class ZoomPicture
{
public:
    /// Which pans the picture serves without being drawn again.
    enum class Reuse {
        /// Pans by whole pixels: the copy is, pixel for pixel, what drawing would give.
        WholePixels,
        /// Any pan: copied at whole pixels, at most a pixel off (as Qt's device cache).
        AnyPan,
    };

    /// `marginPx`: room around the bounds in the picture, in device pixels (what is drawn
    /// outside the bounds, e.g. outlines a few pixels wide at any zoom).
    ZoomPicture(Reuse reuse, QMargins marginPx);

    /// Draws on `painter` through the picture of what `draw` paints within `bounds` (item
    /// coordinates), drawing the picture again first where it does not serve this frame.
    /// False, with nothing drawn, where the world transform rotates or the picture would be
    /// too large: the caller draws directly.
    bool paint(QPainter *painter, const QRectF &bounds,
               const std::function<void(QPainter *)> &draw);
    /// The content changed: the next paint draws the picture again.
    void invalidate() { m_valid = false; }
    /// Frees the picture's memory (the next paint makes a new one).
    void drop() { m_image = QImage(); }
    /// Whether the picture holds the content as last drawn (false after `invalidate`).
    bool isValid() const { return m_valid; }

private:
    Reuse m_reuse;
    QMargins m_marginPx;
    QImage m_image;
    QTransform m_fraction; ///< the world transform without its whole pixels, when drawn
    bool m_valid = false;
};

} // namespace cw::canvas
