#pragma once

#include <QPointF>
#include <QSizeF>

#include <vector>

namespace cw::canvas {

/// Where the fabric view's bands go: in order, left to right, wrapping into lines like words
/// into a paragraph, with the line width chosen so the whole drawing has about the
/// window's shape. A campus of 100 halls has one out-of-band fabric per hall: stacked under
/// the compute band in lines only as wide as it, they made a column 5 times higher than wide,
/// fitted into a window as a strip of unreadable titles.
struct BandFlow
{
    std::vector<QPointF> positions; ///< top-left of each band, in the order given
    double lineWidth = 0; ///< the widest a line may grow (at least the widest band)
    double width = 0; ///< the drawing's extent
    double height = 0;
};

/// Flows bands of `sizes` (in order) into lines `gap` apart; `aspect` is the width : height
/// the drawing should have. Lines as wide as the widest band, as long as that drawing is
/// within a factor 2.5 of `aspect`; else, of the line widths that put 2, 3... bands of the
/// usual (median) width on a line, the one whose drawing comes nearest `aspect` (by the
/// ratio, so 2x too wide and 2x too tall count alike); the narrower on a tie.
BandFlow flowBands(const std::vector<QSizeF> &sizes, double gap, double aspect);

/// Flows the bands into lines of at most `lineWidth` (a band wider than that has a line of
/// its own).
BandFlow flowBandsInto(const std::vector<QSizeF> &sizes, double gap, double lineWidth);

/// How a larger header grows a band (FabricGeometry, setBandHeader): at header scale s the
/// gutter is `gutter` x s and the title strip `titleHeight` x s, a band is at least
/// `minTitleWidth` x s + `padding` wider than its gutter, and the bands are `gap` x s apart.
struct BandHeaderGrowth
{
    double gutter = 0;
    double titleHeight = 0;
    double minTitleWidth = 0;
    bool titleWidthGrows = true; ///< false: the least width is `minTitleWidth`, unscaled
    double padding = 0;
    double gap = 0;
};

/// A band's size at header scale `scale`, from its size at scale 1.
QSizeF grownBand(const QSizeF &base, const BandHeaderGrowth &growth, double scale);

/// The header scale (in quarter steps, at least `minimum`) at which bands of `baseSizes`
/// (at scale 1), flowed for `aspect` and fitted into `area` (pixels, 2 % margins), show
/// their titles (`titleUnits` x scale high in band units) at least `screenPx` high. A larger
/// header grows every band, which shrinks the fitted drawing: the scale is searched, not
/// solved, up to 16 (beyond, the bands are all header). The titles' size on screen levels off as
/// the scale grows; where it stops growing (no 1 % more over 4 more units of scale) before
/// `screenPx`, the best scale found.
double headerScaleFor(const std::vector<QSizeF> &baseSizes, const BandHeaderGrowth &growth,
                      double aspect, const QSizeF &area, double titleUnits, double screenPx,
                      double minimum);

} // namespace cw::canvas
