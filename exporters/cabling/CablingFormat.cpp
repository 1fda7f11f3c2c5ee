// The cabling plan (docs/export-cabling-bom.md) as an Exporter: cabling.csv/.xlsx,
// cabling-summary.csv, labels.csv/.xlsx and cabling-provenance.txt.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/cabling/CablingFiles.h"
#include "exporters/cabling/XlsxTable.h"
#include "exporters/common/FileHeader.h"
#include "model/quantities/CablePlan.h"

namespace cw::exporters {
namespace {

class CablingFormat final : public Exporter
{
public:
    std::string name() const override { return "cabling"; }
    std::string summary() const override
    {
        return "cabling.csv (one row per cable), cabling-summary.csv (per medium and length), "
               "labels.csv (A/Z label text), the same as cabling.xlsx and labels.xlsx, and "
               "cabling-provenance.txt (design, schema, generator)";
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        auto plan = cabling::buildCablePlan(request.design, request.catalog);
        if (!plan)
            return plan.error();
        // One table at a time, freed once its two files are made: the peak holds one
        // table's cells, not both.
        ExportResult result;
        std::string cablesCsv, labelsCsv;
        std::string cablesXlsx, labelsXlsx;
        for (const bool labels : { false, true }) {
            const cabling::CablingTable table
                = labels ? cabling::labelsTable(*plan) : cabling::cablingTable(*plan);
            auto xlsx = cabling::tableXlsx(
                table, labels ? "labels" : "cabling",
                exporters::headerLine(request.design, labels ? "Cable labels" : "Cabling plan"));
            if (!xlsx)
                return xlsx.error();
            (labels ? labelsXlsx : cablesXlsx) = std::move(xlsx).value();
            (labels ? labelsCsv : cablesCsv) = cabling::tableCsv(table);
        }
        result.files.push_back({ "cabling.csv", std::move(cablesCsv) });
        result.files.push_back(
            { "cabling-summary.csv", cabling::tableCsv(cabling::summaryTable(*plan)) });
        result.files.push_back({ "labels.csv", std::move(labelsCsv) });
        result.files.push_back({ "cabling.xlsx", std::move(cablesXlsx) });
        result.files.push_back({ "labels.xlsx", std::move(labelsXlsx) });
        result.files.push_back(
            { "cabling-provenance.txt", cabling::cablingProvenance(request.design) });
        result.notes.push_back("cabling.csv: " + std::to_string(plan->rows.size()) + " cables, "
                               + std::to_string(plan->total.transceivers) + " transceivers");
        result.notes.insert(result.notes.end(), plan->notes.begin(), plan->notes.end());
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeCablingExporter()
{
    return std::make_unique<CablingFormat>();
}

} // namespace cw::exporters
