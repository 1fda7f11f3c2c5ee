#pragma once

#include "exporters/Exporter.h"
#include "exporters/common/ByteSink.h"
#include "exporters/report/ElevationGroups.h"
#include "exporters/report/RackSvg.h"
#include "exporters/report/ReportData.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace cw::report {

/// The pack's file of drawing `group` (0-based): "racks/E1.svg", ... (drawingLabel).
std::string drawingFile(std::size_t group);

/// report.rack-svgs=each: racks/<rack>.svg for every rack, its devices by name; a name two
/// racks share (as a file name) gets the rack id appended. Drawn when each file is written,
/// so the thousands of SVGs are never held at once.
void addEachRackSvgs(std::vector<exporters::ExportedFile> &files,
                     const std::shared_ptr<const ReportData> &data);

/// report.rack-svgs=grouped (the default): one SVG per distinct elevation, titled and
/// captioned as on the PDF's elevation pages (E1 names parts, a rack of its own keeps its
/// names); racks/index.csv with every rack once, in report order, and its drawing; and
/// racks/devices.csv with every mounted device by rack, name, part, U and face, so the names
/// the shared drawings leave out stay in the pack.
void addGroupedRackFiles(std::vector<exporters::ExportedFile> &files,
                         const std::shared_ptr<const ReportData> &data,
                         const std::shared_ptr<const ElevationIndex> &index);

/// racks/index.csv: "rack,row,position,drawing,svg", then every rack once in report order
/// (the name and row escaped with csvField). Public for the tests.
void writeRackIndex(exporters::ByteSink &sink, const ReportData &data, const ElevationIndex &index);
/// racks/devices.csv: "rack,device,part,role,bottom_u,height_u,face,max_power_w", then every
/// mounted device by rack in report order, from U1 up.
void writeDeviceList(exporters::ByteSink &sink, const ReportData &data);

/// The style of drawing `group` in the grouped SVGs; without the caption, what a member rack
/// drawn alone with it must match (tst_rack_svg).
RackSvgStyle drawingStyle(const ReportData &data, const ElevationIndex &index, std::size_t group,
                          bool withCaption);

} // namespace cw::report
