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

/// "rack U<u> device" of a plan link's end, appended to `out`.
void appendPlace(std::string &out, const DevicePlace &place)
{
    char digits[32];
    out += place.rack;
    out += " U";
    out += integer(linktext::u(place), digits);
    out += ' ';
    out += linktext::device(place);
}

/// The start of a label: "C00123 compute | ".
void startLabel(std::string &out, const PlanLink &link)
{
    char id[24];
    out.clear();
    out += linktext::cableId(link.cableLink, id);
    out += ' ';
    out += linktext::fabric(link);
    out += " | ";
}

/// labelText of a one-leg cable, into `out` (no temporaries).
void oneLegLabel(std::string &out, const PlanLink &link, bool aEnd, std::string &scratch)
{
    startLabel(out, link);
    const auto [near, nearPort]
        = aEnd ? std::pair(link.a, link.portA) : std::pair(link.z, link.portZ);
    const auto [far, farPort]
        = aEnd ? std::pair(link.z, link.portZ) : std::pair(link.a, link.portA);
    appendPlace(out, *near);
    out += ' ';
    out += linktext::port(*near, nearPort, scratch);
    out += " > ";
    appendPlace(out, *far);
    out += ' ';
    out += linktext::port(*far, farPort, scratch);
}

/// The ends of a cable's legs on one side, as location() writes them.
void appendLocation(std::string &out, const std::vector<const PlanLink *> &legs, bool aEnd)
{
    std::vector<std::pair<std::string, std::string>> devices; // place, ports; first-seen order
    std::string scratch;
    for (const PlanLink *leg : legs) {
        const DevicePlace &place = aEnd ? *leg->a : *leg->z;
        const std::string_view port
            = linktext::port(place, aEnd ? leg->portA : leg->portZ, scratch);
        std::string where;
        appendPlace(where, place);
        auto it = std::find_if(devices.begin(), devices.end(),
                               [&where](const auto &entry) { return entry.first == where; });
        if (it == devices.end())
            devices.emplace_back(std::move(where), std::string(port));
        else
            (it->second += '/') += port;
    }
    bool first = true;
    for (const auto &[where, ports] : devices) {
        out += first ? "" : " + ";
        out += where;
        out += ' ';
        out += ports;
        first = false;
    }
}

/// labelText of a cable of several legs (in leg order), into `out`.
void multiLegLabel(std::string &out, const std::vector<const PlanLink *> &legs, bool aEnd)
{
    startLabel(out, *legs.front());
    appendLocation(out, legs, aEnd);
    out += " > ";
    appendLocation(out, legs, !aEnd);
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
    char id[24];
    std::string spill, port;
    for (const PlanLink &link : plan.links) {
        out.text(linktext::cableId(link.cableLink, id));
        out.number(integer(link.leg, digits));
        out.text(linktext::fabric(link));
        for (const auto &[place, portIndex] :
             { std::pair(link.a, link.portA), std::pair(link.z, link.portZ) }) {
            out.text(place->row);
            out.text(place->rack);
            out.number(integer(linktext::u(*place), digits));
            out.text(linktext::device(*place));
            out.text(linktext::port(*place, portIndex, port));
        }
        out.text(linktext::medium(link));
        out.text(linktext::partNumber(link));
        out.text(linktext::catalogPart(link));
        out.number(decimal(linktext::lengthM(link), digits, spill));
        out.number(decimal(link.speedGbps, digits, spill));
        out.number(integer(link.linksPerCable, digits));
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
    // A cable of one leg is its link; the legs of a twin-port or splitter cable are gathered
    // first (they need not be adjacent in plan order) and the cable is written where its
    // first leg appears, as physicalCables() orders them.
    std::unordered_map<std::uint64_t, std::vector<const PlanLink *>> multi;
    for (const PlanLink &link : plan.links)
        if (link.legs > 1)
            multi[link.cableLink].push_back(&link);
    for (auto &[id, legs] : multi)
        std::stable_sort(legs.begin(), legs.end(),
                         [](const PlanLink *x, const PlanLink *y) { return x->leg < y->leg; });
    char digits[32];
    char id[24];
    std::string label, scratch;
    for (const PlanLink &link : plan.links) {
        if (link.legs <= 1) {
            out.text(linktext::cableId(link.cableLink, id));
            out.text(linktext::fabric(link));
            out.number("1");
            for (const bool aEnd : { true, false }) {
                oneLegLabel(label, link, aEnd, scratch);
                out.text(label);
            }
            out.endRow();
            continue;
        }
        auto it = multi.find(link.cableLink);
        if (it == multi.end())
            continue; // written at its first leg
        const std::vector<const PlanLink *> &legs = it->second;
        out.text(linktext::cableId(link.cableLink, id));
        out.text(linktext::fabric(link));
        out.number(integer(static_cast<long long>(legs.size()), digits));
        for (const bool aEnd : { true, false }) {
            multiLegLabel(label, legs, aEnd);
            out.text(label);
        }
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
