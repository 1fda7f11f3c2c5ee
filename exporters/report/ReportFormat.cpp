// The facilities pack as an Exporter (docs/facilities-report.md).
#include "exporters/report/ReportFormat.h"

#include "exporters/Exporter.h"
#include "exporters/report/ElevationGroups.h"
#include "exporters/report/GuiApplication.h"
#include "exporters/report/RackFiles.h"
#include "exporters/report/ReportData.h"
#include "exporters/report/ReportRender.h"

#include <QDate>
#include <QDateTime>

#include <memory>
#include <string_view>

namespace cw::exporters {
namespace {

constexpr const char *kDateKey = "report.date";
constexpr const char *kPaperKey = "report.paper";
constexpr const char *kRackSvgsKey = "report.rack-svgs";
constexpr qsizetype kIsoDateLength = 10; // YYYY-MM-DD

Result<std::string> readDate(const std::map<std::string, std::string> &params)
{
    auto it = params.find(kDateKey);
    if (it == params.end()) // today in UTC, the day `validate` judges waiver expiry by
        return QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString();
    const QString text = QString::fromStdString(it->second);
    const QDate date = QDate::fromString(text, Qt::ISODate);
    if (text.size() != kIsoDateLength || !date.isValid())
        return Error { std::string("--param ") + kDateKey + "=" + it->second
                       + ": expected a date as YYYY-MM-DD, e.g. 2025-06-30" };
    return it->second;
}

Result<report::Paper> readPaper(const std::map<std::string, std::string> &params)
{
    auto it = params.find(kPaperKey);
    // The design format has no paper setting (model/core/Facility.h, Settings.h): A4 unless
    // asked.
    if (it == params.end() || it->second == "a4")
        return report::Paper::A4;
    if (it->second == "letter")
        return report::Paper::Letter;
    return Error { std::string("--param ") + kPaperKey + "=" + it->second
                   + ": expected a4 or letter" };
}

Result<report::RackSvgs> readRackSvgs(const std::map<std::string, std::string> &params)
{
    auto it = params.find(kRackSvgsKey);
    if (it == params.end() || it->second == "grouped")
        return report::RackSvgs::Grouped;
    if (it->second == "each")
        return report::RackSvgs::EachRack;
    return Error { std::string("--param ") + kRackSvgsKey + "=" + it->second
                   + ": expected grouped or each" };
}

std::string bytesOf(const QByteArray &bytes)
{
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

class ReportFormat final : public Exporter
{
public:
    std::string name() const override { return "report"; }
    std::string summary() const override
    {
        return "facilities-report.pdf (summary, power, cooling, floor plan, rack elevations, "
               "cabling, BOM), floorplan.svg, racks/E<n>.svg (one per distinct rack elevation, "
               "as in the PDF), racks/index.csv (every rack's drawing) and racks/devices.csv";
    }
    std::vector<ExportParameter> parameters() const override
    {
        return { { kDateKey,
                   "date on the cover, YYYY-MM-DD (default today, UTC); also the day "
                   "waiver expiry is judged by" },
                 { kPaperKey, "a4 (default) or letter" },
                 { kRackSvgsKey,
                   "grouped (default: one SVG per distinct elevation, racks/index.csv, "
                   "racks/devices.csv) or each (racks/<rack>.svg for every rack, its devices "
                   "by name; thousands of files on a large design)" } };
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        auto date = readDate(request.params);
        if (!date)
            return date.error();
        auto paper = readPaper(request.params);
        if (!paper)
            return paper.error();
        auto rackSvgs = readRackSvgs(request.params);
        if (!rackSvgs)
            return rackSvgs.error();
        if (auto app = report::ensureGuiApplication(); !app)
            return app.error();

        // Shared with the rack files' producers: each is written when its file is, so the
        // 5,000 SVGs of a 16,384-node design with `each` are never held at once.
        // The caller's validation (the CLI's gate) when the cover's date judges waivers alike.
        const ValidationResult *validated = request.validation
                && report::validationUsableOn(request.design, request.validationDate, *date)
            ? request.validation
            : nullptr;
        const auto shared = std::make_shared<const report::ReportData>(
            report::gatherReportData(request.design, request.catalog, *date, validated));
        const report::ReportData &data = *shared;
        // One grouping for the PDF's elevation pages and the grouped SVGs.
        const auto elevations
            = std::make_shared<const report::ElevationIndex>(report::groupElevations(data.racks));
        ExportResult result;
        auto pdf = report::renderReportPdf(data, *paper, *elevations, *rackSvgs);
        if (!pdf)
            return pdf.error();
        result.files.push_back({ "facilities-report.pdf", bytesOf(*pdf) });

        auto floor = report::renderFloorPlanSvg(data);
        if (!floor)
            return floor.error();
        result.files.push_back({ "floorplan.svg", bytesOf(*floor) });

        if (*rackSvgs == report::RackSvgs::EachRack)
            report::addEachRackSvgs(result.files, shared);
        else
            report::addGroupedRackFiles(result.files, shared, elevations);

        result.notes.push_back(
            "facilities-report.pdf: " + std::string(*paper == report::Paper::A4 ? "A4" : "Letter")
            + ", dated " + *date + ", " + std::to_string(data.racks.size()) + " racks");
        if (*rackSvgs == report::RackSvgs::Grouped && !data.racks.empty())
            result.notes.push_back("racks/: " + std::to_string(elevations->groups.size())
                                   + " drawings, one per distinct elevation, for "
                                   + std::to_string(data.racks.size())
                                   + " racks (racks/index.csv); --param " + kRackSvgsKey
                                   + "=each for one SVG per rack");
        if (data.failureTiesUnsolved > 0)
            result.notes.push_back("failure table: " + std::to_string(data.failureTiesUnsolved)
                                   + " more domains also lose "
                                   + std::to_string(data.failureTiedGpusLost)
                                   + " GPUs; the tied rows shown are the first in design order "
                                     "(whatif --sweep N-1 ranks them all)");
        if (!data.cabling)
            result.notes.push_back("cabling summary left out: " + data.cablingError);
        if (!data.bom)
            result.notes.push_back("BOM summary left out: " + data.bomError);
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeReportExporter()
{
    return std::make_unique<ReportFormat>();
}

} // namespace cw::exporters
