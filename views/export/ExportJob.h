#pragma once

#include "exporters/common/ExportRun.h"

#include <QFuture>

#include <atomic>
#include <memory>
#include <vector>

class QThreadPool;

namespace cw {
class Document;
}

namespace cw::exportviews {

/// An export running on a worker thread: the future of its outcome (progress: one step per
/// format, then the write; the step's name as progress text) and the switch that stops it.
struct ExportJob
{
    QFuture<exporters::ExportRunOutcome> future;
    std::shared_ptr<std::atomic_bool> cancelled = std::make_shared<std::atomic_bool>(false);

    /// Stops the run at its next step: before the next format, or before the write. The
    /// outcome is then Cancelled and nothing was written. Once the write has begun it runs
    /// to the end (the set is swapped in with one rename) and the outcome says Written.
    void cancel() const { cancelled->store(true); }
};

/// Starts exporters::runExport on `pool` with a snapshot of `document`'s design
/// (Document::snapshots(): nothing is copied on the calling thread), so the window goes on
/// while it runs and edits made meanwhile are not in the export. The validation gate uses
/// the live validator's list when it has caught up with the design, else a full validation
/// of the snapshot, on the worker (the same verdict: tst_document).
ExportJob startExport(Document &document, std::vector<exporters::ExportSelection> selections,
                      exporters::ExportRunOptions options,
                      QThreadPool *pool = nullptr); ///< nullptr: backgroundJobs()

} // namespace cw::exportviews
