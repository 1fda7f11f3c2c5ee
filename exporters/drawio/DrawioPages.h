#pragma once

#include "exporters/drawio/MxGraph.h"

namespace cw {
class Catalog;
class Design;
struct Fabric;
} // namespace cw

namespace cw::drawio {

/// The floor plan: rows front to back, racks at their positions, 100 px per metre (the
/// site's rack width and depth and row pitch), each rack labelled with its name and load.
MxPage floorPlanPage(const Design &design, const Catalog &catalog);

/// Rack elevations side by side: each rack a container of its U (12 px per U, U1 at the
/// bottom), each device a child shape at its U position and catalog height.
MxPage rackElevationsPage(const Design &design, const Catalog &catalog);

/// One fabric: switches in rows by tier (top tier first), endpoints below, one connector per
/// connected device pair labelled with its link count and speed ("2 x 400G").
MxPage fabricPage(const Design &design, const Fabric &fabric);

} // namespace cw::drawio
