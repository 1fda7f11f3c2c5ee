#include "views/canvas/BandFlow.h"

#include <algorithm>
#include <cmath>

namespace cw::canvas {

BandFlow flowBandsInto(const std::vector<QSizeF> &sizes, double gap, double lineWidth)
{
    BandFlow flow;
    flow.lineWidth = lineWidth;
    flow.positions.reserve(sizes.size());
    double x = 0;
    double y = 0;
    double lineHeight = 0;
    for (const QSizeF &size : sizes) {
        if (x > 0 && x + size.width() > lineWidth) {
            x = 0;
            y += lineHeight + gap;
            lineHeight = 0;
        }
        flow.positions.emplace_back(x, y);
        flow.width = std::max(flow.width, x + size.width());
        x += size.width() + gap;
        lineHeight = std::max(lineHeight, size.height());
    }
    flow.height = y + lineHeight;
    return flow;
}

BandFlow flowBands(const std::vector<QSizeF> &sizes, double gap, double aspect)
{
    double widest = 0;
    std::vector<double> widths;
    widths.reserve(sizes.size());
    for (const QSizeF &size : sizes) {
        widest = std::max(widest, size.width());
        widths.push_back(size.width());
    }
    BandFlow best = flowBandsInto(sizes, gap, widest);
    if (sizes.size() < 2 || aspect <= 0 || best.height <= 0)
        return best;
    const auto misfit = [aspect](const BandFlow &flow) {
        return std::abs(std::log(flow.width / flow.height / aspect));
    };
    // Lines as wide as the widest band suit most designs (the compute band on top, the
    // others in lines under it; a tower of three bands at 256 nodes, 2.1 times too tall,
    // leaves the legend room beside it): kept unless the drawing is over 2.5 times too tall
    // or wide.
    if (misfit(best) <= std::log(2.5))
        return best;
    // The usual band (an out-of-band fabric of one hall) sets the steps: a line of k of them.
    std::nth_element(widths.begin(),
                     widths.begin() + static_cast<std::ptrdiff_t>(widths.size() / 2), widths.end());
    const double usual = widths[widths.size() / 2] + gap;
    double bestMisfit = misfit(best);
    for (std::size_t k = 2; k <= sizes.size(); ++k) {
        const double lineWidth = static_cast<double>(k) * usual - gap;
        if (lineWidth <= widest)
            continue;
        BandFlow flow = flowBandsInto(sizes, gap, lineWidth);
        const double m = misfit(flow);
        // Wider lines only make the drawing wider from here on.
        const bool tooWide = flow.width / flow.height > aspect;
        if (m < bestMisfit - 1e-9) {
            best = std::move(flow);
            bestMisfit = m;
        } else if (tooWide) {
            break;
        }
    }
    return best;
}

QSizeF grownBand(const QSizeF &base, const BandHeaderGrowth &growth, double scale)
{
    const double least
        = growth.titleWidthGrows ? growth.minTitleWidth * scale : growth.minTitleWidth;
    const double width = std::max(base.width() + growth.gutter * (scale - 1),
                                  growth.gutter * scale + least + growth.padding);
    return { width, base.height() + growth.titleHeight * (scale - 1) };
}

double headerScaleFor(const std::vector<QSizeF> &baseSizes, const BandHeaderGrowth &growth,
                      double aspect, const QSizeF &area, double titleUnits, double screenPx,
                      double minimum)
{
    constexpr double kMaxScale = 16;
    constexpr double kMargins = 1.04; // CanvasView::fitNow: 2 % each side
    if (baseSizes.empty() || area.isEmpty())
        return minimum;
    std::vector<QSizeF> sizes(baseSizes.size());
    double best = minimum;
    double bestPx = 0;
    for (double scale = minimum; scale <= kMaxScale; scale += 0.25) {
        for (std::size_t i = 0; i < sizes.size(); ++i)
            sizes[i] = grownBand(baseSizes[i], growth, scale);
        const BandFlow flow = flowBands(sizes, growth.gap * scale, aspect);
        const double lod
            = std::min(area.width() / flow.width, area.height() / flow.height) / kMargins;
        const double px = titleUnits * scale * lod;
        if (px >= screenPx)
            return scale;
        // The lines change as the bands grow, so the size on screen goes up in steps and
        // dips between them: levelled off only when 4 more steps of scale gave no 1 % more.
        if (px >= bestPx * 1.01) {
            best = scale;
            bestPx = px;
        } else if (scale > best + 4) {
            return best; // a larger header would only make the bands emptier
        }
    }
    return best;
}

} // namespace cw::canvas
