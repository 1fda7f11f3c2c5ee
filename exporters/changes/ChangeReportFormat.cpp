// Text, JSON and CSV forms of a ChangeReport (docs/cli.md "diff", docs/changes.md).

#include "exporters/cabling/Csv.h"
#include "exporters/changes/ChangeReport.h"
#include "model/change/EntityFields.h"

#include <nlohmann/json.hpp>

namespace cw::changes {
namespace {

using change::numberText;

std::string signedText(double value, const std::string &unit)
{
    return (value > 0 ? "+" : "") + numberText(value, unit);
}

std::string usdText(double value)
{
    return exporters::csv::usd(value) + " USD";
}

void figuresText(std::string &out, const DesignFigures &b, const DesignFigures &a)
{
    auto line = [&](const char *label, double before, double after, const char *unit) {
        out += std::string("  ") + label + ": " + numberText(before, unit) + " -> "
            + numberText(after, unit) + " (" + signedText(after - before, unit) + ")\n";
    };
    out += "Power, cooling and bisection (before -> after):\n";
    line("IT power (max)", b.itPowerKw, a.itPowerKw, "kW");
    line("IT power (typical)", b.itTypicalPowerKw, a.itTypicalPowerKw, "kW");
    line("facility power (IT x PUE)", b.facilityPowerKw, a.facilityPowerKw, "kW");
    line("heat to remove", b.heatKw, a.heatKw, "kW");
    line("GPUs", b.gpus, a.gpus, "");
    std::map<std::string, std::pair<double, double>> bisection;
    for (const auto &x : b.bisection)
        bisection[x.fabric].first = x.gbps;
    for (const auto &x : a.bisection)
        bisection[x.fabric].second = x.gbps;
    for (const auto &[fabric, v] : bisection)
        line(("bisection " + fabric).c_str(), v.first, v.second, "Gb/s");
}

} // namespace

std::string changeReportText(const ChangeReport &r)
{
    std::string out = "Changes from \"" + r.oldName + "\" to \"" + r.newName
        + "\": " + std::to_string(r.diff.changes.size()) + "\n";
    for (const change::EntityChange &c : r.diff.changes)
        out += "  " + c.describe() + "\n";
    out += "\nBOM delta (" + std::to_string(r.bom.lines.size()) + " line items):\n";
    for (const BomDeltaLine &l : r.bom.lines)
        out += "  " + l.category + " " + l.partNumber + (l.spare ? " (spare)" : "") + ": "
            + std::to_string(l.oldQuantity) + " -> " + std::to_string(l.newQuantity) + ", "
            + usdText(l.oldUsd) + " -> " + usdText(l.newUsd) + "\n";
    out += "  total: " + usdText(r.bom.oldTotalUsd) + " -> " + usdText(r.bom.newTotalUsd) + " ("
        + (r.bom.newTotalUsd >= r.bom.oldTotalUsd ? "+" : "")
        + usdText(r.bom.newTotalUsd - r.bom.oldTotalUsd) + ")\n";
    out += "\nCabling work order (" + std::to_string(r.workOrder.size()) + " steps):\n";
    for (const WorkOrderRow &w : r.workOrder) {
        out += "  " + std::to_string(w.step) + ". " + std::string(toString(w.action)) + " "
            + w.cableId + " (" + w.fabric + ", " + w.cablePart + " " + numberText(w.lengthM, "m")
            + ")";
        if (w.fromA)
            out += " from " + w.fromA->text() + " <-> " + w.fromZ->text();
        if (w.toA)
            out += " to " + w.toA->text() + " <-> " + w.toZ->text();
        if (!w.note.empty())
            out += " [" + w.note + "]";
        out += "\n";
    }
    const ValidationDelta &v = r.validation;
    out += "\nValidation: errors " + std::to_string(v.oldErrors) + " -> "
        + std::to_string(v.newErrors) + ", warnings " + std::to_string(v.oldWarnings) + " -> "
        + std::to_string(v.newWarnings) + "\n";
    for (const Violation &x : v.introduced)
        out += "  introduced " + std::string(toString(x.severity)) + " [" + x.ruleKey + "] "
            + x.message + "\n";
    for (const Violation &x : v.fixed)
        out += "  fixed " + std::string(toString(x.severity)) + " [" + x.ruleKey + "] " + x.message
            + "\n";
    out += "\n";
    figuresText(out, r.before, r.after);
    return out;
}

namespace {

nlohmann::ordered_json endJson(const std::optional<WorkEnd> &end)
{
    if (!end)
        return nullptr;
    return { { "row", end->row },
             { "rack", end->rack },
             { "u", end->u },
             { "device", end->device },
             { "port", end->port } };
}

nlohmann::ordered_json figuresJson(const DesignFigures &f)
{
    nlohmann::ordered_json j { { "it_power_kw", f.itPowerKw },
                               { "it_typical_power_kw", f.itTypicalPowerKw },
                               { "facility_power_kw", f.facilityPowerKw },
                               { "heat_kw", f.heatKw },
                               { "gpus", f.gpus } };
    auto b = nlohmann::ordered_json::array();
    for (const auto &x : f.bisection)
        b.push_back({ { "fabric", x.fabric }, { "bisection_gbps", x.gbps }, { "ratio", x.ratio } });
    j["bisection"] = std::move(b);
    return j;
}

nlohmann::ordered_json violationsJson(const std::vector<Violation> &list)
{
    auto a = nlohmann::ordered_json::array();
    for (const Violation &v : list)
        a.push_back({ { "rule", v.ruleKey },
                      { "severity", std::string(toString(v.severity)) },
                      { "message", v.message },
                      { "names", v.names } });
    return a;
}

} // namespace

nlohmann::ordered_json changeReportJson(const ChangeReport &r)
{
    using Json = nlohmann::ordered_json;
    Json changes = Json::array();
    for (const change::EntityChange &c : r.diff.changes) {
        Json fields = Json::array();
        for (const change::FieldChange &f : c.fields)
            fields.push_back(
                { { "field", f.field }, { "old", f.oldValue }, { "new", f.newValue } });
        Json item { { "kind", c.kind },    { "change", std::string(change::toString(c.change)) },
                    { "name", c.name },    { "old_id", c.oldId },
                    { "new_id", c.newId }, { "fields", std::move(fields) } };
        if (!c.move.empty())
            item["move"] = c.move;
        if (!c.recable.empty())
            item["recable"] = c.recable;
        changes.push_back(std::move(item));
    }
    Json bom = Json::array();
    for (const BomDeltaLine &l : r.bom.lines)
        bom.push_back({ { "category", l.category },
                        { "part_number", l.partNumber },
                        { "description", l.description },
                        { "spare", l.spare },
                        { "old_quantity", l.oldQuantity },
                        { "new_quantity", l.newQuantity },
                        { "delta_quantity", l.newQuantity - l.oldQuantity },
                        { "old_usd", l.oldUsd },
                        { "new_usd", l.newUsd },
                        { "delta_usd", l.newUsd - l.oldUsd } });
    Json order = Json::array();
    for (const WorkOrderRow &w : r.workOrder)
        order.push_back({ { "step", w.step },
                          { "action", std::string(toString(w.action)) },
                          { "fabric", w.fabric },
                          { "cable_id", w.cableId },
                          { "cable_part", w.cablePart },
                          { "length_m", w.lengthM },
                          { "from_a", endJson(w.fromA) },
                          { "from_z", endJson(w.fromZ) },
                          { "to_a", endJson(w.toA) },
                          { "to_z", endJson(w.toZ) },
                          { "note", w.note } });
    Json j;
    j["old"] = r.oldName;
    j["new"] = r.newName;
    j["changes"] = std::move(changes);
    j["bom_delta"] = { { "lines", std::move(bom) },
                       { "old_total_usd", r.bom.oldTotalUsd },
                       { "new_total_usd", r.bom.newTotalUsd },
                       { "delta_total_usd", r.bom.newTotalUsd - r.bom.oldTotalUsd } };
    j["work_order"] = std::move(order);
    j["validation"] = { { "old_errors", r.validation.oldErrors },
                        { "new_errors", r.validation.newErrors },
                        { "old_warnings", r.validation.oldWarnings },
                        { "new_warnings", r.validation.newWarnings },
                        { "introduced", violationsJson(r.validation.introduced) },
                        { "fixed", violationsJson(r.validation.fixed) } };
    j["before"] = figuresJson(r.before);
    j["after"] = figuresJson(r.after);
    return j;
}

std::string bomDeltaCsv(const BomDelta &delta)
{
    namespace csv = exporters::csv;
    // RFC 4180: the column names first, nothing before them.
    std::string out
        = csv::line({ "category", "part_number", "description", "spare", "old_quantity",
                      "new_quantity", "delta_quantity", "old_usd", "new_usd", "delta_usd" });
    for (const BomDeltaLine &l : delta.lines)
        out += csv::line({ l.category, l.partNumber, l.description, l.spare ? "yes" : "no",
                           std::to_string(l.oldQuantity), std::to_string(l.newQuantity),
                           std::to_string(l.newQuantity - l.oldQuantity), csv::usd(l.oldUsd),
                           csv::usd(l.newUsd), csv::usd(l.newUsd - l.oldUsd) });
    out += csv::line({ "total", "", "", "", "", "", "", csv::usd(delta.oldTotalUsd),
                       csv::usd(delta.newTotalUsd),
                       csv::usd(delta.newTotalUsd - delta.oldTotalUsd) });
    return out;
}

} // namespace cw::changes
