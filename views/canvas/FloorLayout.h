#pragma once

#include "model/core/Ids.h"

#include <QPointF>
#include <QRectF>
#include <QString>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace cw::canvas {

/// A row as the floor layout sees it.
struct FloorRowSpec
{
    RowId id;
    std::string name;
    int index = 0;
    int slotCount = 1; ///< positions to show: the racks' extent plus a free slot
    std::string hall; ///< the site hall of the row; empty: read from the row's name
};

/// Floor geometry in scene units (1 unit = 1 cm).
struct FloorGeometry
{
    double rackWidth = 60;
    double rackDepth = 120;
    double rowPitch = 300; ///< centre to centre of two neighbouring rows (rack + aisle)
    /// A hall's own pitch (the site's `Hall::rowPitchM`, in cm) where it has one.
    std::map<QString, double> hallRowPitch;
    /// The cold aisle's share of two neighbouring aisles: the site model gives only the row
    /// pitch, so a pair of rows (two racks, a cold and a hot aisle) keeps twice the pitch and
    /// the aisles split it as the preferred front and rear clearances of ref:tia-942 do,
    /// 1.2 m : 1.0 m. At the 3.0 m default pitch: cold 1.96 m, hot 1.64 m.
    double coldAisleShare = 1.2 / 2.2;
    double labelWidth = 260; ///< row names left of each row
    double columnGap = 300; ///< between two columns of rows: a cross aisle
    double hallGap = 600; ///< between two halls
    double hallTitle = 200; ///< the strip above a hall's rows for its name (at least)
    /// The title strip is at least this fraction of the floor's larger extent, so a hall's
    /// name stays readable when a floor of many halls is fitted in a window.
    double titleFraction = 0.02;
    /// The longest hall name's width per pixel of its bold font size (FloorPlanView measures
    /// it): the name's part of a title strip is as wide as that name at the strip's size,
    /// between 36 % and 70 % of the hall (the feeds take the rest). 0: 36 %.
    double nameEm = 0;
    bool withPower = true; ///< room for the feeds beside the hall's name
    double aspect = 16.0 / 10.0; ///< width : height the whole floor aims at (a screen)
};

/// A hall: its name, the rectangle around its title strip and rows, and those parts. The
/// strip above the rows holds the name on the left and the hall's feeds on the right.
struct FloorHall
{
    QString name;
    QRectF rect;
    QRectF titleRect; ///< where the name is drawn, clear of the rows (empty: untitled)
    QRectF rowsRect; ///< the rows, their names included
    QRectF powerRect; ///< the hall's feeds, beside the name (empty: none)
};

/// The aisle between two facing rows of a column: rows alternate which way they face, so
/// their fronts face each other across a cold aisle and their rears across a hot one.
struct FloorAisle
{
    QRectF rect; ///< between the racks of the two rows, over the rows' rack slots
    bool hot = false;
    RowId before; ///< the row above the aisle
    RowId after; ///< the row below it
    int hall = 0; ///< index into FloorLayout::halls
};

/// Where each row's first slot goes, and the halls around them.
struct FloorLayout
{
    std::unordered_map<std::uint64_t, QPointF> rowOrigin;
    /// Row -> whether its racks' fronts face down the drawing (to the next row of the hall);
    /// the first row of a hall faces down, the next up, and so on.
    std::unordered_map<std::uint64_t, bool> frontDown;
    std::unordered_map<std::uint64_t, int> rowHall; ///< row -> index into halls
    std::vector<FloorHall> halls;
    std::vector<FloorAisle> aisles;
    double columnSlots = 0; ///< slots a row may grow to before its column must widen
    double titleHeight = 0; ///< the halls' title strip (0: one untitled floor)
};

/// The widths of the aisles of a hall of `rowPitch` (cm): cold, then hot (FloorGeometry::
/// coldAisleShare); their mean is the pitch less a rack's depth.
std::pair<double, double> aisleWidths(const FloorGeometry &geometry, double rowPitch);

/// The hall a row belongs to, from its name: the part before the last separator ("H2-R07"
/// -> "H2", "Hall A/Row 3" -> "Hall A"); empty when the name has none. Used for rows that
/// name no site hall (designs of schema 1 and free floors).
QString hallOfRow(const std::string &rowName);

/// The widest hall name's bold width per pixel of font size (FloorGeometry::nameEm), each
/// distinct name measured once (a campus has 2,000 rows in 100 halls). Needs a
/// QGuiApplication (fonts).
double hallNameEm(const std::vector<FloorRowSpec> &rows);

/// Lays the rows out as a reader can take in at once: halls side by side, and within a hall
/// the rows (in index order) wrapped into columns so the floor fills a screen-shaped area
/// instead of a strip of hundreds of stacked rows. Rows keep their pitch inside a column, so
/// aisles and rack sizes stay to scale.
FloorLayout layoutFloor(std::vector<FloorRowSpec> rows, const FloorGeometry &geometry);

} // namespace cw::canvas
