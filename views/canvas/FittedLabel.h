#pragma once

#include "views/canvas/CanvasItem.h"

#include <QRectF>
#include <QStringList>

#include <array>
#include <vector>

namespace cw::canvas {

/// A label with shorter forms ("72 nodes" -> "72", "Feed A" -> "A", "dgx-h100 · 10.20 kW" ->
/// "dgx-h100"): drawn as the first form that fits its width whole at a readable size, shrunk
/// as far as the minimum before a shorter form is tried, and left out when none fits. A
/// label is never cut to "72 n..." (docs/canvas.md, level of detail).
class FittedLabel
{
public:
    /// The forms, longest (preferred) first.
    void setForms(const QStringList &forms);
    QStringList forms() const;

    /// Draws at `topLeft` at `pixelSize` (item units) or smaller, never under `minPixelSize`.
    /// Returns the rectangle drawn (item units), empty when no form fits.
    QRectF draw(QPainter *painter, const QPointF &topLeft, int pixelSize, double maxWidth,
                bool bold, int minPixelSize);
    /// The form and size draw() would use: the form's index (-1: none fits) and its size.
    std::pair<int, int> choose(int pixelSize, double maxWidth, bool bold, int minPixelSize) const;

private:
    /// Width of form `index` at `pixelSize`, measured once per size (paint runs often).
    double widthOf(std::size_t index, int pixelSize, bool bold) const;

    std::vector<CachedLabel> m_labels;
    struct Width
    {
        int pixelSize = 0;
        bool bold = false;
        double width = 0;
    };
    /// The last two measurements per form (the size asked for and the size shrunk to).
    mutable std::vector<std::array<Width, 2>> m_widths;
};

} // namespace cw::canvas
