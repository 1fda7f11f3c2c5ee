// The facilities pack as an Exporter (docs/facilities-report.md).
#include "exporters/report/ReportFormat.h"

#include "exporters/Exporter.h"
#include "exporters/common/ByteSink.h"
#include "exporters/common/ExportWriter.h"
#include "exporters/report/GuiApplication.h"
#include "exporters/report/RackSvg.h"
#include "exporters/report/ReportData.h"
#include "exporters/report/ReportRender.h"

#include <QDate>
#include <QDateTime>

#include <memory>
#include <mutex>
#include <set>
#include <string_view>

namespace cw::exporters {
namespace {

constexpr const char *kDateKey = "report.date";
constexpr const char *kPaperKey = "report.paper";
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
               "cabling, BOM), racks/<rack>.svg and floorplan.svg";
    }
    std::vector<ExportParameter> parameters() const override
    {
        return { { kDateKey,
                   "date on the cover, YYYY-MM-DD (default today, UTC); also the day "
                   "waiver expiry is judged by" },
                 { kPaperKey, "a4 (default) or letter" } };
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        auto date = readDate(request.params);
        if (!date)
            return date.error();
        auto paper = readPaper(request.params);
        if (!paper)
            return paper.error();
        if (auto app = report::ensureGuiApplication(); !app)
            return app.error();

        // Shared with the rack SVGs' producers: each rack is drawn when its file is written,
        // so the 4,819 SVGs of a 16,384-node design (210 MB) are never held at once.
        // The caller's validation (the CLI's gate) when the cover's date judges waivers alike.
        const ValidationResult *validated = request.validation
                && report::validationUsableOn(request.design, request.validationDate, *date)
            ? request.validation
            : nullptr;
        const auto shared = std::make_shared<const report::ReportData>(
            report::gatherReportData(request.design, request.catalog, *date, validated));
        const report::ReportData &data = *shared;
        ExportResult result;
        auto pdf = report::renderReportPdf(data, *paper);
        if (!pdf)
            return pdf.error();
        result.files.push_back({ "facilities-report.pdf", bytesOf(*pdf) });

        auto floor = report::renderFloorPlanSvg(data);
        if (!floor)
            return floor.error();
        result.files.push_back({ "floorplan.svg", bytesOf(*floor) });

        // One writer for every rack SVG: the legend and cabinets of a height are laid out once.
        struct Svgs
        {
            std::mutex mutex;
            report::RackSvgWriter writer;
        };
        const auto svgs = std::make_shared<Svgs>();
        // One SVG per rack; a name two racks share gets the rack id appended so neither
        // file overwrites the other.
        std::map<std::string, int> uses;
        for (const report::RackFigures &rack : data.racks)
            ++uses[safeFileName(rack.name, "rack")];
        std::set<std::string> taken;
        for (const report::RackFigures &rack : data.racks) {
            std::string stem = safeFileName(rack.name, "rack");
            if (uses[stem] > 1 || taken.count(stem))
                stem += "-" + std::to_string(rack.id.value);
            taken.insert(stem);
            FileProducer draw = [shared, svgs, &rack](ByteSink &sink) -> Result<void> {
                const std::lock_guard lock(svgs->mutex);
                sink.write(svgs->writer.write(rack, shared->designName));
                return {};
            };
            result.files.push_back({ "racks/" + stem + ".svg", {}, std::move(draw) });
        }

        result.notes.push_back(
            "facilities-report.pdf: " + std::string(*paper == report::Paper::A4 ? "A4" : "Letter")
            + ", dated " + *date + ", " + std::to_string(data.racks.size()) + " racks");
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
