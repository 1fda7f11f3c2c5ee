// The cabling plan (docs/export-cabling-bom.md) as an Exporter: cabling.csv,
// cabling-summary.csv and labels.csv.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/cabling/CablePlan.h"
#include "exporters/cabling/CablingFiles.h"

namespace cw::exporters {
namespace {

class CablingFormat final : public Exporter
{
public:
    std::string name() const override { return "cabling"; }
    std::string summary() const override
    {
        return "cabling.csv (one row per cable), cabling-summary.csv (per medium and length), "
               "labels.csv (A/Z label text)";
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        auto plan = cabling::buildCablePlan(request.design, request.catalog);
        if (!plan)
            return plan.error();
        ExportResult result;
        result.files.push_back({ "cabling.csv", cabling::cablingCsv(request.design, *plan) });
        result.files.push_back(
            { "cabling-summary.csv", cabling::cablingSummaryCsv(request.design, *plan) });
        result.files.push_back({ "labels.csv", cabling::labelsCsv(request.design, *plan) });
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
