#include "exporters/cabling/CablingFiles.h"

#include "exporters/cabling/Csv.h"
#include "exporters/common/FileHeader.h"

#include <algorithm>

namespace cw::cabling {
namespace {

namespace csv = exporters::csv;

std::string place(const CableEnd &end)
{
    return end.rack + " U" + std::to_string(end.u) + " " + end.device;
}

/// The ends of a cable's legs on one side: the ports of one device joined with '/'
/// ("A01 U1 dgx01 mlx5_0/mlx5_3"), different devices (a splitter) with " + ".
std::string location(const std::vector<const CableEnd *> &ends)
{
    std::vector<std::pair<std::string, std::string>> devices; // place, ports; first-seen order
    for (const CableEnd *end : ends) {
        const std::string where = place(*end);
        auto it = std::find_if(devices.begin(), devices.end(),
                               [&where](const auto &entry) { return entry.first == where; });
        if (it == devices.end())
            devices.emplace_back(where, end->port);
        else
            it->second += "/" + end->port;
    }
    std::string text;
    for (const auto &[where, ports] : devices)
        text += (text.empty() ? "" : " + ") + where + " " + ports;
    return text;
}

} // namespace

std::string labelText(const PhysicalCable &cable, bool aEnd)
{
    std::vector<const CableEnd *> near, far;
    for (const CableRow *leg : cable.legs) {
        near.push_back(aEnd ? &leg->a : &leg->z);
        far.push_back(aEnd ? &leg->z : &leg->a);
    }
    return cable.cableId + " " + cable.fabric + " | " + location(near) + " > " + location(far);
}

std::string labelText(const CableRow &row, bool aEnd)
{
    return labelText(PhysicalCable { row.cableId, row.fabric, { &row } }, aEnd);
}

CablingTable cablingTable(const CablePlan &plan)
{
    CablingTable table;
    table.columns = { "cable_id",     "leg",      "fabric",     "a_row",          "a_rack",
                      "a_u",          "a_device", "a_port",     "z_row",          "z_rack",
                      "z_u",          "z_device", "z_port",     "medium",         "part_number",
                      "catalog_part", "length_m", "speed_gbps", "links_per_cable" };
    table.numericColumns = { 1, 5, 10, 16, 17, 18 };
    table.widths = { 9, 5, 16, 6, 8, 5, 14, 10, 6, 8, 5, 14, 10, 8, 20, 24, 9, 11, 15 };
    for (const CableRow &row : plan.rows)
        table.rows.push_back({ row.cableId, std::to_string(row.leg), row.fabric, row.a.row,
                               row.a.rack, std::to_string(row.a.u), row.a.device, row.a.port,
                               row.z.row, row.z.rack, std::to_string(row.z.u), row.z.device,
                               row.z.port, row.medium, row.partNumber, row.catalogPart,
                               csv::number(row.lengthM), csv::number(row.speedGbps),
                               std::to_string(row.linksPerCable) });
    return table;
}

CablingTable summaryTable(const CablePlan &plan)
{
    CablingTable table;
    table.columns
        = { "medium", "length_bin_m", "links", "cables", "transceivers", "active_power_w" };
    table.numericColumns = { 2, 3, 4, 5 };
    table.widths = { 10, 14, 8, 8, 13, 15 };
    auto add = [&table](const SummaryRow &row) {
        table.rows.push_back({ row.medium, row.lengthBin, std::to_string(row.links),
                               std::to_string(row.cables), std::to_string(row.transceivers),
                               csv::number(row.activePowerW, 1) });
    };
    for (const SummaryRow &row : plan.summary)
        add(row);
    add(plan.total);
    return table;
}

CablingTable labelsTable(const CablePlan &plan)
{
    CablingTable table;
    table.columns = { "cable_id", "fabric", "legs", "a_label", "z_label" };
    table.numericColumns = { 2 };
    table.widths = { 9, 16, 5, 60, 60 };
    for (const PhysicalCable &cable : physicalCables(plan))
        table.rows.push_back({ cable.cableId, cable.fabric, std::to_string(cable.legs.size()),
                               labelText(cable, true), labelText(cable, false) });
    return table;
}

std::string tableCsv(const CablingTable &table)
{
    std::string out = csv::line(table.columns);
    for (const auto &row : table.rows)
        out += csv::line(row);
    return out;
}

std::string cablingProvenance(const Design &design)
{
    // One line, through the same escaping as the old `#` comment (esc::commentText).
    return exporters::headerLine(design, "Cabling plan") + "\n"
        + "Files: cabling.csv/.xlsx (one row per cable leg), cabling-summary.csv (per medium "
          "and length bin), labels.csv/.xlsx (A/Z label text). The CSV files are RFC 4180 "
          "with one header row; see docs/export-cabling-bom.md.\n";
}

} // namespace cw::cabling
