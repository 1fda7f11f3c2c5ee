#include "exporters/cabling/CablingFiles.h"

#include "exporters/cabling/Csv.h"
#include "exporters/common/FileHeader.h"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <unordered_map>

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

namespace {

/// A number as csv::number writes it (at most three decimals, trailing zeros dropped): whole
/// numbers, nearly every length and speed, without the string round trip.
std::string_view decimal(double value, char (&buffer)[32], std::string &spill)
{
    if (value > -1e15 && value < 1e15
        && value == static_cast<double>(static_cast<long long>(value))) {
        const auto end
            = std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(value)).ptr;
        return { buffer, static_cast<std::size_t>(end - buffer) };
    }
    spill = csv::number(value);
    return spill;
}

std::string_view integer(long long value, char (&buffer)[32])
{
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return { buffer, static_cast<std::size_t>(end - buffer) };
}

void appendPlace(std::string &out, const CableEnd &end)
{
    char digits[32];
    out += end.rack;
    out += " U";
    out += integer(end.u, digits);
    out += ' ';
    out += end.device;
    out += ' ';
    out += end.port;
}

/// labelText of a one-leg cable, into `out` (no temporaries).
void oneLegLabel(std::string &out, const CableRow &row, bool aEnd)
{
    out.clear();
    out += row.cableId;
    out += ' ';
    out += row.fabric;
    out += " | ";
    appendPlace(out, aEnd ? row.a : row.z);
    out += " > ";
    appendPlace(out, aEnd ? row.z : row.a);
}

} // namespace

const SheetLayout &cablingLayout()
{
    static const SheetLayout layout {
        { "cable_id", "leg", "fabric", "a_row", "a_rack", "a_u", "a_device", "a_port", "z_row",
          "z_rack", "z_u", "z_device", "z_port", "medium", "part_number", "catalog_part",
          "length_m", "speed_gbps", "links_per_cable" },
        { 9, 5, 16, 6, 8, 5, 14, 10, 6, 8, 5, 14, 10, 8, 20, 24, 9, 11, 15 }
    };
    return layout;
}

const SheetLayout &summaryLayout()
{
    static const SheetLayout layout { { "medium", "length_bin_m", "links", "cables", "transceivers",
                                        "active_power_w" },
                                      { 10, 14, 8, 8, 13, 15 } };
    return layout;
}

const SheetLayout &labelsLayout()
{
    static const SheetLayout layout { { "cable_id", "fabric", "legs", "a_label", "z_label" },
                                      { 9, 16, 5, 60, 60 } };
    return layout;
}

void writeHeader(const SheetLayout &layout, CellWriter &out)
{
    for (const std::string &column : layout.columns)
        out.text(column);
    out.endRow();
}

void writeCablingRows(const CablePlan &plan, CellWriter &out)
{
    char digits[32];
    std::string spill;
    for (const CableRow &row : plan.rows) {
        out.text(row.cableId);
        out.number(integer(row.leg, digits));
        out.text(row.fabric);
        for (const CableEnd *end : { &row.a, &row.z }) {
            out.text(end->row);
            out.text(end->rack);
            out.number(integer(end->u, digits));
            out.text(end->device);
            out.text(end->port);
        }
        out.text(row.medium);
        out.text(row.partNumber);
        out.text(row.catalogPart);
        out.number(decimal(row.lengthM, digits, spill));
        out.number(decimal(row.speedGbps, digits, spill));
        out.number(integer(row.linksPerCable, digits));
        out.endRow();
    }
}

void writeSummaryRows(const CablePlan &plan, CellWriter &out)
{
    char digits[32];
    auto add = [&](const SummaryRow &row) {
        out.text(row.medium);
        out.text(row.lengthBin);
        out.number(integer(row.links, digits));
        out.number(integer(row.cables, digits));
        out.number(integer(row.transceivers, digits));
        out.number(csv::number(row.activePowerW, 1));
        out.endRow();
    };
    for (const SummaryRow &row : plan.summary)
        add(row);
    add(plan.total);
}

void writeLabelRows(const CablePlan &plan, CellWriter &out)
{
    // A cable of one leg is its row; the legs of a twin-port or splitter cable are gathered
    // first (they need not be adjacent in row order) and the cable is written where its
    // first leg appears, as physicalCables() orders them.
    std::unordered_map<std::string_view, PhysicalCable> multi;
    for (const CableRow &row : plan.rows)
        if (row.legs > 1) {
            PhysicalCable &cable = multi[row.cableId];
            cable.cableId = row.cableId;
            cable.fabric = row.fabric;
            cable.legs.push_back(&row);
        }
    for (auto &[id, cable] : multi)
        std::stable_sort(cable.legs.begin(), cable.legs.end(),
                         [](const CableRow *x, const CableRow *y) { return x->leg < y->leg; });
    char digits[32];
    std::string label;
    for (const CableRow &row : plan.rows) {
        if (row.legs <= 1) {
            out.text(row.cableId);
            out.text(row.fabric);
            out.number("1");
            for (const bool aEnd : { true, false }) {
                oneLegLabel(label, row, aEnd);
                out.text(label);
            }
            out.endRow();
            continue;
        }
        auto it = multi.find(row.cableId);
        if (it == multi.end())
            continue; // written at its first leg
        const PhysicalCable &cable = it->second;
        out.text(cable.cableId);
        out.text(cable.fabric);
        out.number(integer(static_cast<long long>(cable.legs.size()), digits));
        out.text(labelText(cable, true));
        out.text(labelText(cable, false));
        out.endRow();
        multi.erase(it);
    }
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
