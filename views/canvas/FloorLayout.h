#pragma once

#include "model/core/Ids.h"

#include <QPointF>
#include <QRectF>
#include <QString>

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
    double rowPitch = 300; ///< front to front of two neighbouring rows (rack + aisle)
    double labelWidth = 260; ///< row names left of each row
    double columnGap = 300; ///< between two columns of rows: a cross aisle
    double hallGap = 600; ///< between two halls
    double hallTitle = 200; ///< hall name above its rows
    double aspect = 16.0 / 10.0; ///< width : height the whole floor aims at (a screen)
};

/// A hall: its name and the rectangle around its rows.
struct FloorHall
{
    QString name;
    QRectF rect;
};

/// Where each row's first slot goes, and the halls around them.
struct FloorLayout
{
    std::unordered_map<std::uint64_t, QPointF> rowOrigin;
    std::vector<FloorHall> halls;
    double columnSlots = 0; ///< slots a row may grow to before its column must widen
};

/// The hall a row belongs to, from its name: the part before the last separator ("H2-R07"
/// -> "H2", "Hall A/Row 3" -> "Hall A"); empty when the name has none. Used for rows that
/// name no site hall (designs of schema 1 and free floors).
QString hallOfRow(const std::string &rowName);

/// Lays the rows out as a reader can take in at once: halls side by side, and within a hall
/// the rows (in index order) wrapped into columns so the floor fills a screen-shaped area
/// instead of a strip of hundreds of stacked rows. Rows keep their pitch inside a column, so
/// aisles and rack sizes stay to scale.
FloorLayout layoutFloor(std::vector<FloorRowSpec> rows, const FloorGeometry &geometry);

} // namespace cw::canvas
