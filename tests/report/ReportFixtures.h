#pragma once

// What tst_report and tst_report_pages share: running the report exporter on a design,
// reading the PDF back with poppler, and the design-side counts the tests compare with.

#include "calculators/Power.h"
#include "exporters/Exporter.h"
#include "exporters/common/ExportWriter.h"
#include "exporters/report/GuiApplication.h"
#include "exporters/report/ReportData.h"
#include "exporters/report/ReportFormat.h"
#include "exporters/report/ReportSections.h"
#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/summary/DesignSummary.h"
#include "model/validation/ValidationEngine.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <set>

namespace cw::test {

// A fixed cover date: the one thing the report lets vary, pinned so runs compare.
inline const std::string kDate = "2025-06-30";

struct Pack
{
    exporters::ExportResult result;
    QString folder; ///< where the files were written
};

inline Result<exporters::ExportResult> runReport(const Design &design,
                                                 std::map<std::string, std::string> params = {})
{
    const auto exporter = exporters::makeReportExporter();
    if (!params.count("report.date"))
        params["report.date"] = kDate;
    return exporter->run({ design, Catalog::builtin(), params });
}

inline bool havePoppler()
{
    return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()
        && !QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty();
}

/// Runs a poppler tool; returns its stdout, empty on failure (the caller QVERIFYs).
inline QString runTool(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        qWarning() << program << arguments << process.readAllStandardError();
        return QString();
    }
    return QString::fromUtf8(process.readAllStandardOutput());
}

/// The bytes of one file of the pack (rack SVGs are streamed: drawn here as the writer
/// would draw them); nullopt when the pack has no such file.
inline std::optional<std::string> fileBytes(const exporters::ExportResult &result,
                                            const std::string &path)
{
    for (const exporters::ExportedFile &file : result.files)
        if (file.path == path)
            if (auto bytes = exporters::fileBytes(file))
                return std::move(bytes).value();
    return std::nullopt;
}

/// With CW_REPORT_KEEP=<folder> set, a copy of each pack goes to <folder>/<name> for a human
/// to look at (the tests cannot judge legibility).
inline void keepForReview(const exporters::ExportResult &result, const std::string &name)
{
    const QByteArray keep = qgetenv("CW_REPORT_KEEP");
    if (!keep.isEmpty())
        exporters::writeExport(result.files, std::filesystem::path(keep.toStdString()) / name,
                               true);
}

/// Writes the pack under `dir` and returns the PDF's text (pdftotext -layout).
inline QString pdfText(const exporters::ExportResult &result, const QTemporaryDir &dir)
{
    auto written = exporters::writeExport(result.files, dir.path().toStdString(), true);
    if (!written)
        return QString();
    return runTool(QStringLiteral("pdftotext"),
                   { QStringLiteral("-layout"),
                     dir.filePath(QStringLiteral("facilities-report.pdf")), QStringLiteral("-") });
}

/// `label` followed (after layout spacing) by `value` on the same line.
inline bool hasPair(const QString &text, const QString &label, const QString &value)
{
    const QRegularExpression pattern(QRegularExpression::escape(label) + QStringLiteral("[ \\t]+")
                                     + QRegularExpression::escape(value)
                                     + QStringLiteral("(\\s|$)"));
    return pattern.match(text).hasMatch();
}

/// The report's number format: fixed decimals, thousands grouped with ','.
inline QString grouped(double value, int decimals)
{
    QString text = QString::number(value, 'f', decimals);
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    for (qsizetype i = (dot < 0 ? text.size() : dot) - 3; i > 0; i -= 3)
        text.insert(i, QLatin1Char(','));
    return text;
}

/// The PDF text of the rack index: from its heading to the next section.
inline QString rackIndexText(const QString &text)
{
    const qsizetype from = text.indexOf(QStringLiteral("Rack index: the drawing of every rack"));
    if (from < 0)
        return QString();
    return text.mid(from, text.indexOf(QStringLiteral("6 Cabling"), from) - from);
}

/// How often `name` stands as a word of its own (between blanks) in `text`.
inline int wordCount(const QString &text, const std::string &name)
{
    const QRegularExpression word(QStringLiteral("(?<=\\s|^)")
                                  + QRegularExpression::escape(QString::fromStdString(name))
                                  + QStringLiteral("(?=\\s|$)"));
    int count = 0;
    for (auto it = word.globalMatch(text); it.hasNext(); it.next())
        ++count;
    return count;
}

/// Distinct rack elevations counted from the design itself, not from the report's figures:
/// the rack's part and PDUs and, per device, its part, U, face and role (same part, same
/// height and power).
/// What a rack's elevation drawing depends on, from the design itself (not from the report's
/// figures): rack part, PDUs, and each device's part, U, face and role.
inline std::string rackKind(const Design &design, const Rack &rack)
{
    std::string key = rack.catalogType;
    for (const Pdu &pdu : rack.pdus)
        key += "|" + pdu.catalogType + ":" + std::to_string(static_cast<int>(pdu.feed)) + ":"
            + std::to_string(pdu.breakerA) + ":" + std::to_string(pdu.phases) + ":"
            + std::to_string(pdu.voltageV);
    std::vector<std::string> devices;
    for (DeviceId id : design.devicesInRack(rack.id)) {
        const Device *device = design.device(id);
        devices.push_back(device->catalogType + "@" + std::to_string(device->uPosition) + ":"
                          + std::to_string(static_cast<int>(device->face)) + ":"
                          + std::to_string(static_cast<int>(device->role)));
    }
    std::sort(devices.begin(), devices.end());
    for (const std::string &device : devices)
        key += "|" + device;
    return key;
}

inline std::size_t distinctElevations(const Design &design)
{
    std::set<std::string> kinds;
    for (const Rack &rack : design.racks())
        kinds.insert(rackKind(design, rack));
    return kinds.size();
}

inline Design generatedFatTree(int nodes)
{
    auto generated
        = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } }, Catalog::builtin());
    if (!generated)
        qFatal("fat-tree nodes=%d: %s", nodes, generated.error().message.c_str());
    return std::move(generated).value().design;
}

/// Page PNGs at 30 dpi: how many, and how many are blank (fewer than 0.5 % non-white pixels).
struct PageScan
{
    int pages = 0;
    int blank = 0;
};

inline PageScan scanPages(const QTemporaryDir &dir)
{
    PageScan scan;
    const QString prefix = dir.filePath(QStringLiteral("page"));
    runTool(QStringLiteral("pdftoppm"),
            { QStringLiteral("-r"), QStringLiteral("30"), QStringLiteral("-png"),
              dir.filePath(QStringLiteral("facilities-report.pdf")), prefix });
    const QStringList pngs
        = QDir(dir.path()).entryList({ QStringLiteral("page*.png") }, QDir::Files, QDir::Name);
    for (const QString &png : pngs) {
        const QImage image(dir.filePath(png));
        if (image.isNull())
            continue;
        ++scan.pages;
        qint64 inked = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (qGray(image.pixel(x, y)) < 240)
                    ++inked;
        // 0.5 % of an A4 page at 30 dpi (248 x 351 px) is ~435 px: a title line alone.
        if (inked * 200 < static_cast<qint64>(image.width()) * image.height())
            ++scan.blank;
    }
    return scan;
}

} // namespace cw::test
