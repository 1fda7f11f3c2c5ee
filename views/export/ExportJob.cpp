#include "views/export/ExportJob.h"

#include "views/document/DesignSnapshots.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "model/core/Design.h"
#include "model/validation/ValidationEngine.h"

#include <QThreadPool>

#include <optional>

namespace cw::exportviews {

ExportJob startExport(Document &document, std::vector<exporters::ExportSelection> selections,
                      exporters::ExportRunOptions options, QThreadPool *pool)
{
    ExportJob job;
    // The validator's list stands for the snapshot only when no global run is pending.
    std::optional<std::vector<Violation>> violations;
    if (!document.validator()->isPending())
        violations = document.validator()->violations();
    const Catalog *catalog = &document.catalog();
    job.future = document.snapshots()->run<exporters::ExportRunOutcome>(
        pool ? pool : backgroundJobs(),
        [catalog, selections = std::move(selections), options = std::move(options),
         violations = std::move(violations), cancelled = job.cancelled](
            QPromise<exporters::ExportRunOutcome> &promise, const Design &design) mutable {
            if (cancelled->load()) {
                exporters::ExportRunOutcome outcome;
                outcome.status = exporters::ExportStatus::Cancelled;
                promise.addResult(outcome);
                return;
            }
            if (!violations)
                violations = validateDesign(design, *catalog).violations;
            options.progress = [&promise, &cancelled](std::size_t done, std::size_t total,
                                                      const std::string &step) {
                promise.setProgressRange(0, static_cast<int>(total));
                promise.setProgressValueAndText(static_cast<int>(done),
                                                QString::fromStdString(step));
                return !cancelled->load();
            };
            promise.addResult(
                exporters::runExport(design, *catalog, *violations, selections, options));
        });
    return job;
}

} // namespace cw::exportviews
