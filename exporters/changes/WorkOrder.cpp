#include "exporters/changes/WorkOrder.h"

#include "exporters/cabling/Csv.h"
#include "model/change/DesignDiff.h"
#include "model/change/EntityFields.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlan.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cw::changes {

std::string_view toString(WorkAction action)
{
    switch (action) {
    case WorkAction::Remove:
        return "remove";
    case WorkAction::Reroute:
        return "re-route";
    case WorkAction::Replace:
        return "replace";
    case WorkAction::Add:
        return "add";
    }
    return "add";
}

std::string WorkEnd::text() const
{
    return (row.empty() ? "" : "row " + row + " / ") + rack + " U" + std::to_string(u) + " "
        + device + " " + port;
}

namespace {

WorkEnd endOf(const cabling::CableEnd &e)
{
    return { e.row, e.rack, e.u, e.device, e.port };
}

std::unordered_map<std::uint64_t, const cabling::CableRow *> byLink(const cabling::CablePlan &plan)
{
    std::unordered_map<std::uint64_t, const cabling::CableRow *> map;
    map.reserve(plan.rows.size());
    for (const cabling::CableRow &row : plan.rows)
        map.emplace(row.link.value, &row);
    return map;
}

WorkOrderRow fromRow(WorkAction action, const cabling::CableRow &row)
{
    WorkOrderRow w;
    w.action = action;
    w.fabric = row.fabric;
    w.cableId = row.cableId;
    w.cablePart = row.partNumber.empty() ? row.catalogPart : row.partNumber;
    w.lengthM = row.lengthM;
    if (action == WorkAction::Remove) {
        w.fromA = endOf(row.a);
        w.fromZ = endOf(row.z);
    } else {
        w.toA = endOf(row.a);
        w.toZ = endOf(row.z);
    }
    return w;
}

/// Matches a kept link's ends across the two designs: same device (through the diff's device
/// pairing), same port, same rack (by id or name: a renamed rack is not a move) and U.
struct EndMatcher
{
    const Design &oldDesign;
    const Design &newDesign;
    std::unordered_map<std::uint64_t, std::uint64_t> devices; ///< old id -> new id

    bool samePlace(const Device &a, const Device &b) const
    {
        if (a.uPosition != b.uPosition)
            return false;
        if (a.rack == b.rack)
            return true;
        const Rack *ra = oldDesign.rack(a.rack);
        const Rack *rb = newDesign.rack(b.rack);
        return ra && rb && ra->name == rb->name;
    }

    bool same(const cabling::CableEnd &before, const cabling::CableEnd &after) const
    {
        auto it = devices.find(before.deviceId.value);
        if (it == devices.end() || it->second != after.deviceId.value
            || before.portIndex != after.portIndex)
            return false;
        const Device *a = oldDesign.device(before.deviceId);
        const Device *b = newDesign.device(after.deviceId);
        return a && b && samePlace(*a, *b);
    }

    bool sameDevicePort(const cabling::CableEnd &before, const cabling::CableEnd &after) const
    {
        auto it = devices.find(before.deviceId.value);
        return it != devices.end() && it->second == after.deviceId.value
            && before.portIndex == after.portIndex;
    }
};

/// A kept link: re-routed when an end moved (re-cabled, or its device moved), replaced when
/// only the cable part or length changed; nothing when neither.
std::optional<WorkOrderRow> keptLink(const EndMatcher &match, const cabling::CableRow &before,
                                     const cabling::CableRow &after)
{
    const cabling::CableEnd *a1 = &after.a, *z1 = &after.z;
    // The plan orders ends host side first; a re-cable can flip that, so compare both ways.
    if (!(match.same(before.a, *a1) && match.same(before.z, *z1))
        && match.sameDevicePort(before.a, *z1) && match.sameDevicePort(before.z, *a1))
        std::swap(a1, z1);
    const bool sameA = match.same(before.a, *a1), sameZ = match.same(before.z, *z1);
    const bool moved = !sameA || !sameZ;
    const bool newPart = before.catalogPart != after.catalogPart
        || std::abs(before.lengthM - after.lengthM) > 1e-9;
    if (!moved && !newPart)
        return std::nullopt;
    WorkOrderRow w = fromRow(moved ? WorkAction::Reroute : WorkAction::Replace, after);
    w.toA = endOf(*a1);
    w.toZ = endOf(*z1);
    w.fromA = endOf(before.a);
    w.fromZ = endOf(before.z);
    std::vector<std::string> notes;
    if (!sameA && match.sameDevicePort(before.a, *a1))
        notes.push_back("A end's device moved");
    if (!sameZ && match.sameDevicePort(before.z, *z1))
        notes.push_back("Z end's device moved");
    if (newPart)
        notes.push_back("cable "
                        + (before.partNumber.empty() ? before.catalogPart : before.partNumber) + " "
                        + change::numberText(before.lengthM, "m") + " -> " + w.cablePart + " "
                        + change::numberText(after.lengthM, "m"));
    for (const std::string &n : notes)
        w.note += (w.note.empty() ? "" : "; ") + n;
    w.cableId = before.cableId;
    return w;
}

} // namespace

Result<std::vector<WorkOrderRow>> buildWorkOrder(const Design &oldDesign, const Design &newDesign,
                                                 const Catalog &catalog,
                                                 const change::DesignDiff &diff)
{
    auto oldPlan = cabling::buildCablePlan(oldDesign, catalog);
    if (!oldPlan)
        return Error { "old design: " + oldPlan.error().message };
    auto newPlan = cabling::buildCablePlan(newDesign, catalog);
    if (!newPlan)
        return Error { "new design: " + newPlan.error().message };
    return buildWorkOrder(oldDesign, newDesign, *oldPlan, *newPlan, diff);
}

std::vector<WorkOrderRow> buildWorkOrder(const Design &oldDesign, const Design &newDesign,
                                         const cabling::CablePlan &oldPlan,
                                         const cabling::CablePlan &newPlan,
                                         const change::DesignDiff &diff)
{
    EndMatcher match { oldDesign, newDesign, {} };
    for (const auto &[before, after] : diff.sameDevices)
        match.devices.emplace(before.value, after.value);
    auto oldRows = byLink(oldPlan);
    auto newRows = byLink(newPlan);
    std::vector<WorkOrderRow> removes, changes, adds;
    for (const change::LinkPair &pair : diff.sameLinks) {
        auto before = oldRows.find(pair.oldId.value);
        auto after = newRows.find(pair.newId.value);
        if (before == oldRows.end() || after == newRows.end())
            continue;
        if (auto row = keptLink(match, *before->second, *after->second))
            changes.push_back(std::move(*row));
        oldRows.erase(before);
        newRows.erase(after);
    }
    // What is left was removed or added; plan order (fabric, rack, U) keeps the list walkable.
    for (const cabling::CableRow &row : oldPlan.rows)
        if (oldRows.contains(row.link.value))
            removes.push_back(fromRow(WorkAction::Remove, row));
    for (const cabling::CableRow &row : newPlan.rows)
        if (newRows.contains(row.link.value))
            adds.push_back(fromRow(WorkAction::Add, row));
    std::vector<WorkOrderRow> order;
    order.reserve(removes.size() + changes.size() + adds.size());
    for (auto *list : { &removes, &changes, &adds })
        for (WorkOrderRow &row : *list) {
            row.step = static_cast<int>(order.size()) + 1;
            order.push_back(std::move(row));
        }
    return order;
}

namespace {

void endFields(std::vector<std::string> &fields, const std::optional<WorkEnd> &end)
{
    if (!end) {
        fields.insert(fields.end(), 5, std::string());
        return;
    }
    fields.insert(fields.end(),
                  { end->row, end->rack, std::to_string(end->u), end->device, end->port });
}

std::string endCell(const std::optional<WorkEnd> &end)
{
    return end ? markdownCell(end->text()) : std::string();
}

} // namespace

std::string workOrderCsv(const std::vector<WorkOrderRow> &rows)
{
    namespace csv = exporters::csv;
    // RFC 4180: the column names first, nothing before them.
    std::string out;
    std::vector<std::string> header { "step",     "action",     "fabric",
                                      "cable_id", "cable_part", "length_m" };
    for (const char *prefix : { "from_a_", "from_z_", "to_a_", "to_z_" })
        for (const char *field : { "row", "rack", "u", "device", "port" })
            header.push_back(std::string(prefix) + field);
    header.push_back("note");
    out += csv::line(header);
    for (const WorkOrderRow &r : rows) {
        std::vector<std::string> fields { std::to_string(r.step),
                                          std::string(toString(r.action)),
                                          r.fabric,
                                          r.cableId,
                                          r.cablePart,
                                          csv::number(r.lengthM) };
        endFields(fields, r.fromA);
        endFields(fields, r.fromZ);
        endFields(fields, r.toA);
        endFields(fields, r.toZ);
        fields.push_back(r.note);
        out += csv::line(fields);
    }
    return out;
}

std::string markdownCell(std::string_view text)
{
    std::string out;
    for (char c : text) {
        if (c == '\r' || c == '\n' || c == '\t')
            out += ' ';
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (std::string_view("\\`*_[]|~").find(c) != std::string_view::npos)
            out += std::string("\\") + c;
        else
            out += c;
    }
    return out;
}

std::string workOrderMarkdown(const std::vector<WorkOrderRow> &rows, std::string_view title)
{
    std::string out = "# Cabling work order: " + markdownCell(title) + "\n\n";
    int counts[4] = {};
    for (const WorkOrderRow &r : rows)
        ++counts[static_cast<int>(r.action)];
    out += std::to_string(counts[0]) + " to remove, " + std::to_string(counts[1]) + " to re-route, "
        + std::to_string(counts[2]) + " to replace, " + std::to_string(counts[3])
        + " to add. Work top to bottom: removals free the ports the new cables use.\n\n";
    out += "| done | step | action | fabric | cable | part | length | from A | from Z | to A | to "
           "Z | note |\n"
           "|---|---:|---|---|---|---|---:|---|---|---|---|---|\n";
    for (const WorkOrderRow &r : rows)
        out += "| [ ] | " + std::to_string(r.step) + " | " + std::string(toString(r.action)) + " | "
            + markdownCell(r.fabric) + " | " + markdownCell(r.cableId) + " | "
            + markdownCell(r.cablePart) + " | " + change::numberText(r.lengthM, "m") + " | "
            + endCell(r.fromA) + " | " + endCell(r.fromZ) + " | " + endCell(r.toA) + " | "
            + endCell(r.toZ) + " | " + markdownCell(r.note) + " |\n";
    return out;
}

} // namespace cw::changes
