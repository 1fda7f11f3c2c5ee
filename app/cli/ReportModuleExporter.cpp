#include "app/cli/ReportModuleExporter.h"

#include "exporters/report/ReportModule.h"
#include "model/common/Version.h"

#include <dlfcn.h>

#include <filesystem>
#include <string_view>
#include <system_error>

namespace cw::cli {
namespace {

/// The module's functions once dlopen() found them, or the reason it did not.
Result<exporters::Exporter *> openModule(const std::string &path)
{
    // RTLD_NOW: a symbol the module needs and the program lacks is an error here, naming the
    // symbol, not a crash in the middle of an export. The module is never closed: the files
    // it produces may stream through its code after run() returns.
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        return Error { "cannot load the facilities report module: " + std::string(dlerror()) };
    auto *version = reinterpret_cast<report::ReportModuleVersionFunction *>(
        dlsym(handle, report::kReportModuleVersionSymbol));
    auto *make = reinterpret_cast<report::ReportModuleMakeFunction *>(
        dlsym(handle, report::kReportModuleMakeSymbol));
    if (!version || !make)
        return Error { "the facilities report module " + path + " is not one: it lacks "
                       + report::kReportModuleVersionSymbol + " or "
                       + report::kReportModuleMakeSymbol };
    // The module uses the program's model code: a module of another build must not run.
    if (std::string_view(version()) != clusterwrightVersion())
        return Error { "the facilities report module " + path + " is of Clusterwright " + version()
                       + ", this program of " + clusterwrightVersion()
                       + ": install both from the same build" };
    return make();
}

} // namespace

std::vector<std::string> reportModuleCandidates()
{
    std::error_code error;
    const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        return {};
    const std::filesystem::path folder = program.parent_path();
    return { (folder / report::kReportModuleFileName).string(),
             (folder / CW_REPORT_MODULE_INSTALL_DIR / report::kReportModuleFileName)
                 .lexically_normal()
                 .string() };
}

ReportModuleExporter::ReportModuleExporter() = default;
ReportModuleExporter::~ReportModuleExporter() = default;

Result<const exporters::Exporter *> ReportModuleExporter::load() const
{
    if (!m_tried) {
        m_tried = true;
        const std::vector<std::string> candidates = reportModuleCandidates();
        std::string tried;
        for (const std::string &path : candidates) {
            if (!std::filesystem::exists(path)) {
                tried += (tried.empty() ? "" : ", ") + path;
                continue;
            }
            auto opened = openModule(path);
            if (opened)
                m_loaded.reset(*opened);
            else
                m_error = opened.error().message;
            break;
        }
        if (!m_loaded && m_error.empty())
            m_error = "the facilities report module " + std::string(report::kReportModuleFileName)
                + " is missing (looked for " + (tried.empty() ? "the program's folder" : tried)
                + "); it is built and installed with clusterwright-cli";
    }
    if (!m_loaded)
        return Error { m_error };
    return m_loaded.get();
}

std::string ReportModuleExporter::summary() const
{
    auto exporter = load();
    return exporter ? (*exporter)->summary() : "unavailable: " + exporter.error().message;
}

std::vector<exporters::ExportParameter> ReportModuleExporter::parameters() const
{
    auto exporter = load();
    return exporter ? (*exporter)->parameters() : std::vector<exporters::ExportParameter> {};
}

Result<exporters::ExportResult>
ReportModuleExporter::run(const exporters::ExportRequest &request) const
{
    auto exporter = load();
    if (!exporter)
        return exporter.error();
    return (*exporter)->run(request);
}

} // namespace cw::cli
