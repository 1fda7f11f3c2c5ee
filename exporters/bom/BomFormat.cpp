// The bill of materials (docs/export-cabling-bom.md) as an Exporter: bom.csv, bom.xlsx and
// procurement-checklist.md.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/bom/BomFiles.h"
#include "exporters/cabling/Csv.h"
#include "model/quantities/BillOfMaterials.h"

#include <charconv>

namespace cw::exporters {
namespace {

constexpr int kMaxPer = 1000000;
constexpr double kMaxPct = 100;

/// Reads `--param key=N`: a whole number in [0, max], 0 switching that spare kind off.
Result<void> readCount(const std::map<std::string, std::string> &params, const std::string &key,
                       int &value)
{
    auto it = params.find(key);
    if (it == params.end())
        return {};
    const std::string &text = it->second;
    int parsed = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (error != std::errc() || end != text.data() + text.size() || parsed < 0 || parsed > kMaxPer)
        return Error { "--param " + key + "=" + text + ": expected a whole number from 0 to "
                       + std::to_string(kMaxPer) + " (0 = no spares of this kind)" };
    value = parsed;
    return {};
}

Result<void> readPct(const std::map<std::string, std::string> &params, const std::string &key,
                     double &value)
{
    auto it = params.find(key);
    if (it == params.end())
        return {};
    const std::string &text = it->second;
    double parsed = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (error != std::errc() || end != text.data() + text.size()
        || !(parsed >= 0 && parsed <= kMaxPct))
        return Error { "--param " + key + "=" + text + ": expected a percentage from 0 to "
                       + csv::number(kMaxPct) };
    value = parsed;
    return {};
}

class BomFormat final : public Exporter
{
public:
    std::string name() const override { return "bom"; }
    std::string summary() const override
    {
        return "bom.csv and bom.xlsx (priced line items by category, spares, power and heat), "
               "procurement-checklist.md, bom-provenance.txt (design, schema, generator)";
    }
    std::vector<ExportParameter> parameters() const override
    {
        return {
            { "spares.nics-per", "linked host ports per spare HCA/NIC (default 16, 0 = none)" },
            { "spares.cables-pct", "spare cables and optics, % of each line (default 2)" },
            { "spares.psus-per", "server power supplies per spare PSU (default 32, 0 = none)" }
        };
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        bom::SparesPolicy policy;
        for (const Result<void> &read :
             { readCount(request.params, "spares.nics-per", policy.hostAdaptersPerSpare),
               readPct(request.params, "spares.cables-pct", policy.cablesOpticsPct),
               readCount(request.params, "spares.psus-per", policy.psusPerSpare) })
            if (!read)
                return read.error();
        auto computed = bom::computeBom(request.design, request.catalog, policy);
        if (!computed)
            return computed.error();
        auto xlsx = bom::bomXlsx(request.design, *computed);
        if (!xlsx)
            return xlsx.error();
        ExportResult result;
        result.files.push_back({ "bom.csv", bom::bomCsv(*computed) });
        result.files.push_back({ "bom-provenance.txt", bom::bomProvenance(request.design) });
        result.files.push_back({ "bom.xlsx", *xlsx });
        result.files.push_back(
            { "procurement-checklist.md",
              bom::procurementChecklist(request.design, request.catalog, *computed) });
        result.notes.push_back("bom.csv: " + std::to_string(computed->lines.size())
                               + " lines, grand total " + csv::usd(computed->grandTotalUsd)
                               + " USD");
        for (const std::string &note : computed->notes)
            result.notes.push_back(note);
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeBomExporter()
{
    return std::make_unique<BomFormat>();
}

} // namespace cw::exporters
