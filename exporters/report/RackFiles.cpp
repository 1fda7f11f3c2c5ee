// The racks/ folder of the facilities pack: per-rack SVGs, or one SVG per distinct elevation
// with an index of every rack and a list of every device.
#include "exporters/report/RackFiles.h"

#include "exporters/common/Escape.h"
#include "exporters/common/ExportWriter.h"
#include "exporters/report/RackSvg.h"

#include <array>
#include <charconv>
#include <map>
#include <mutex>
#include <set>

namespace cw::report {
namespace {

using exporters::ByteSink;
using exporters::ExportedFile;
using exporters::FileProducer;
using exporters::esc::csvField;

/// One writer for every rack SVG of a pack: the legend and cabinets of a height are laid out
/// once. The writer streams files one after the other; the lock keeps it safe anyway.
struct SharedSvgWriter
{
    std::mutex mutex;
    RackSvgWriter writer;
};

/// Shortest text that reads back as `value` ("10200", "640.5").
void appendNumber(std::string &out, double value)
{
    std::array<char, 32> buffer {};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    if (error == std::errc())
        out.append(buffer.data(), end);
}

} // namespace

void writeRackIndex(ByteSink &sink, const ReportData &data, const ElevationIndex &index)
{
    sink.write("rack,row,position,drawing,svg\n");
    for (std::size_t i = 0; i < data.racks.size(); ++i) {
        const RackFigures &rack = data.racks[i];
        const std::size_t group = index.groupOfRack[i];
        std::string &out = sink.buffer();
        out += csvField(rack.name);
        out += ',';
        out += csvField(rack.row);
        out += ',';
        out += std::to_string(rack.position);
        out += ',';
        out += drawingLabel(group);
        out += ',';
        out += drawingLabel(group) + ".svg\n";
        sink.flushIfFull();
    }
}

void writeDeviceList(ByteSink &sink, const ReportData &data)
{
    sink.write("rack,device,part,role,bottom_u,height_u,face,max_power_w\n");
    for (const RackFigures &rack : data.racks) {
        const std::string rackField = csvField(rack.name);
        for (const MountedDevice &device : rack.devices) {
            std::string &out = sink.buffer();
            out += rackField;
            out += ',';
            out += csvField(device.name);
            out += ',';
            out += csvField(device.partId);
            out += ',';
            out += toString(device.role);
            out += ',';
            out += std::to_string(device.bottomU);
            out += ',';
            out += std::to_string(device.heightU);
            out += ',';
            out += toString(device.face);
            out += ',';
            appendNumber(out, device.maxPowerW);
            out += '\n';
            sink.flushIfFull();
        }
    }
}

std::string drawingFile(std::size_t group)
{
    return "racks/" + drawingLabel(group) + ".svg";
}

RackSvgStyle drawingStyle(const ReportData &data, const ElevationIndex &index, std::size_t group,
                          bool withCaption)
{
    const std::vector<std::size_t> &members = index.groups[group].racks;
    const RackFigures &rack = data.racks[members.front()];
    // As the PDF: a shared drawing is titled by its label and names parts (the racks' device
    // names differ); a rack of its own keeps its name and its devices' names.
    const bool shared = members.size() > 1;
    RackSvgStyle style;
    style.title = shared ? qs(drawingLabel(group)) : qs(rack.name);
    style.svgTitle = shared ? "Elevation " + drawingLabel(group) : "Rack " + rack.name;
    style.label = shared ? DeviceLabel::Part : DeviceLabel::Name;
    if (withCaption)
        style.caption = elevationCaption(data.racks, index, group);
    return style;
}

void addEachRackSvgs(std::vector<ExportedFile> &files,
                     const std::shared_ptr<const ReportData> &data)
{
    const auto svgs = std::make_shared<SharedSvgWriter>();
    std::map<std::string, int> uses;
    for (const RackFigures &rack : data->racks)
        ++uses[exporters::safeFileName(rack.name, "rack")];
    std::set<std::string> taken;
    for (const RackFigures &rack : data->racks) {
        std::string stem = exporters::safeFileName(rack.name, "rack");
        if (uses[stem] > 1 || taken.count(stem))
            stem += "-" + std::to_string(rack.id.value);
        taken.insert(stem);
        FileProducer draw = [data, svgs, &rack](ByteSink &sink) -> Result<void> {
            const std::lock_guard lock(svgs->mutex);
            sink.write(svgs->writer.write(rack, data->designName));
            return {};
        };
        files.push_back({ "racks/" + stem + ".svg", {}, std::move(draw) });
    }
}

void addGroupedRackFiles(std::vector<ExportedFile> &files,
                         const std::shared_ptr<const ReportData> &data,
                         const std::shared_ptr<const ElevationIndex> &index)
{
    if (data->racks.empty())
        return;
    RackSvgWriter writer;
    for (std::size_t group = 0; group < index->groups.size(); ++group) {
        const RackFigures &rack = data->racks[index->groups[group].racks.front()];
        files.push_back(
            { drawingFile(group),
              writer.write(rack, data->designName, drawingStyle(*data, *index, group, true)) });
    }
    // Streamed: at 131,072 nodes the device list is tens of MB.
    files.push_back({ "racks/index.csv", {}, [data, index](ByteSink &sink) -> Result<void> {
                         writeRackIndex(sink, *data, *index);
                         return {};
                     } });
    files.push_back({ "racks/devices.csv", {}, [data](ByteSink &sink) -> Result<void> {
                         writeDeviceList(sink, *data);
                         return {};
                     } });
}

} // namespace cw::report
