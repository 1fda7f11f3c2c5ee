#pragma once

#include "model/core/Equipment.h"
#include "model/core/Facility.h"

#include <QString>

#include <string>

class QMimeData;

namespace cw {
class Catalog;
class Design;
struct Part;
} // namespace cw

namespace cw::canvas {

/// MIME type of a catalog part dragged from the Library dock; the payload is the part's
/// catalog id in UTF-8.
inline constexpr char kPartMimeType[] = "application/x-clusterwright-part";

/// The catalog part a drag carries, or null (wrong type, unknown id).
const Part *partFromMime(const QMimeData *mime, const Catalog &catalog);

/// A hostname not used in the design: "node07" after "node06", by role.
std::string newDeviceName(const Design &design, DeviceRole role);
/// A rack name not used in the design, following the row's naming ("A03" after "A02").
std::string newRackName(const Design &design, RowId row);
/// A row name not used in the design ("R3").
std::string newRowName(const Design &design);

/// A new device of `part` for Document::addDevice (no id: the document assigns one).
Device newDevice(const Design &design, const Part &part, RackId rack, int uPosition, Face face);
/// A new rack of `part` at `position` in `row`; PDUs copied from a rack of the same row
/// (rows share a power design), else from any rack, else none (the power rule says so).
Rack newRack(const Design &design, const Part &part, RowId row, int position);

} // namespace cw::canvas
