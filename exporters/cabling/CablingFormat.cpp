// The cabling plan (docs/export-cabling-bom.md) as an Exporter: cabling.csv/.xlsx,
// cabling-summary.csv, labels.csv/.xlsx and cabling-provenance.txt.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/cabling/CablingFiles.h"
#include "exporters/cabling/CellWriters.h"
#include "exporters/common/FileHeader.h"
#include "model/quantities/CablePlan.h"

#include <memory>

namespace cw::exporters {
namespace {

using PlanPtr = std::shared_ptr<const cabling::CablePlan>;
using RowWriter = void (*)(const cabling::CablePlan &, cabling::CellWriter &);

/// A CSV file streamed from the plan: the rows go to the file as they are made.
FileProducer csvFile(PlanPtr plan, const cabling::SheetLayout &layout, RowWriter rows)
{
    return [shared = std::move(plan), &layout, rows](ByteSink &sink) -> Result<void> {
        cabling::CsvCellWriter out(sink);
        cabling::writeHeader(layout, out);
        rows(*shared, out);
        return {};
    };
}

/// The same rows as a one-sheet workbook, streamed.
FileProducer xlsxFile(PlanPtr plan, const cabling::SheetLayout &layout, RowWriter rows,
                      std::string sheet, std::string title)
{
    return [shared = std::move(plan), &layout, rows, sheetName = std::move(sheet),
            properties = std::move(title)](ByteSink &sink) -> Result<void> {
        cabling::XlsxCellWriter out(sink, layout, sheetName, properties);
        cabling::writeHeader(layout, out);
        rows(*shared, out);
        if (auto finished = out.finish(); !finished)
            return Error { sheetName + ".xlsx: " + finished.error().message };
        return {};
    };
}

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
        auto built = cabling::buildCablePlan(request.design, request.catalog,
                                             cabling::CablePlanDetail::Links);
        if (!built)
            return built.error();
        // One plan, shared by the files; each file is streamed from it when it is written,
        // so no table or file text is ever held whole.
        const PlanPtr plan = std::make_shared<const cabling::CablePlan>(std::move(built).value());
        const cabling::SheetLayout &cables = cabling::cablingLayout();
        const cabling::SheetLayout &labels = cabling::labelsLayout();
        ExportResult result;
        result.files.push_back(
            { "cabling.csv", {}, csvFile(plan, cables, cabling::writeCablingRows) });
        result.files.push_back(
            { "cabling-summary.csv",
              {},
              csvFile(plan, cabling::summaryLayout(), cabling::writeSummaryRows) });
        result.files.push_back(
            { "labels.csv", {}, csvFile(plan, labels, cabling::writeLabelRows) });
        result.files.push_back({ "cabling.xlsx",
                                 {},
                                 xlsxFile(plan, cables, cabling::writeCablingRows, "cabling",
                                          exporters::headerLine(request.design, "Cabling plan")) });
        result.files.push_back({ "labels.xlsx",
                                 {},
                                 xlsxFile(plan, labels, cabling::writeLabelRows, "labels",
                                          exporters::headerLine(request.design, "Cable labels")) });
        result.files.push_back(
            { "cabling-provenance.txt", cabling::cablingProvenance(request.design), {} });
        result.notes.push_back("cabling.csv: " + std::to_string(plan->links.size()) + " cables, "
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
