#include "exporters/cabling/CablingFiles.h"

#include "exporters/cabling/Csv.h"
#include "exporters/common/FileHeader.h"

namespace cw::cabling {
namespace {

namespace csv = exporters::csv;

std::string location(const CableEnd &end)
{
    return end.rack + " U" + std::to_string(end.u) + " " + end.device + " " + end.port;
}

} // namespace

std::string labelText(const CableRow &row, bool aEnd)
{
    const CableEnd &near = aEnd ? row.a : row.z;
    const CableEnd &far = aEnd ? row.z : row.a;
    return row.cableId + " " + row.fabric + " | " + location(near) + " > " + location(far);
}

std::string cablingCsv(const Design &design, const CablePlan &plan)
{
    std::string out = csv::commentLine(exporters::headerLine(design, "Cabling plan"));
    out += csv::line({ "cable_id", "fabric", "a_row", "a_rack", "a_u", "a_device", "a_port",
                       "z_row", "z_rack", "z_u", "z_device", "z_port", "medium", "part_number",
                       "catalog_part", "length_m", "speed_gbps", "links_per_cable" });
    for (const CableRow &row : plan.rows)
        out += csv::line({ row.cableId, row.fabric, row.a.row, row.a.rack, std::to_string(row.a.u),
                           row.a.device, row.a.port, row.z.row, row.z.rack, std::to_string(row.z.u),
                           row.z.device, row.z.port, row.medium, row.partNumber, row.catalogPart,
                           csv::number(row.lengthM), csv::number(row.speedGbps),
                           std::to_string(row.linksPerCable) });
    return out;
}

std::string cablingSummaryCsv(const Design &design, const CablePlan &plan)
{
    std::string out = csv::commentLine(exporters::headerLine(design, "Cabling summary"));
    out += csv::line(
        { "medium", "length_bin_m", "links", "cables", "transceivers", "active_power_w" });
    auto write = [&out](const SummaryRow &row) {
        out += csv::line({ row.medium, row.lengthBin, std::to_string(row.links),
                           std::to_string(row.cables), std::to_string(row.transceivers),
                           csv::number(row.activePowerW, 1) });
    };
    for (const SummaryRow &row : plan.summary)
        write(row);
    write(plan.total);
    return out;
}

std::string labelsCsv(const Design &design, const CablePlan &plan)
{
    std::string out = csv::commentLine(exporters::headerLine(design, "Cable labels"));
    out += csv::line({ "cable_id", "fabric", "a_label", "z_label" });
    for (const CableRow &row : plan.rows)
        out += csv::line({ row.cableId, row.fabric, labelText(row, true), labelText(row, false) });
    return out;
}

} // namespace cw::cabling
