#pragma once

// Comparing two drawings of one view pixel by pixel (the canvas's cheap drawings against the
// full ones: tst_canvas_fabric_lod, tst_canvas_floor_lod).

#include <QImage>

#include <algorithm>
#include <cstdlib>

namespace cw::testing {

/// Pixels of the two pictures whose colours differ by more than `tolerance` in a channel
/// (antialiased edges of a stroke and of a fill round a little differently).
inline int differingPixels(const QImage &a, const QImage &b, int tolerance)
{
    int count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            const int diff
                = std::max({ std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                             std::abs(qBlue(p) - qBlue(q)) });
            if (diff > tolerance)
                ++count;
        }
    return count;
}

} // namespace cw::testing
