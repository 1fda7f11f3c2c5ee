#pragma once

#include <QFuture>
#include <QString>

#include <atomic>
#include <memory>

namespace cw {

class Catalog;
class Design;
class DesignIndex;

/// A design file loaded off the GUI thread, with the two copies an open document keeps for
/// its workers (DesignSnapshots' mirror, the live validator's) made on the same worker, so
/// the GUI thread only moves it into a Document (the constructor taking an OpenedDesign).
struct OpenedDesign
{
    QString path;
    std::shared_ptr<Design> design; ///< null when the file could not be loaded
    std::shared_ptr<Design> snapshotCopy;
    std::shared_ptr<Design> validatorCopy;
    /// The canvas's lookups over `design` (views/document/OpenedIndex.h), built beside the
    /// copies; null when not made (the canvas then builds its own).
    std::shared_ptr<DesignIndex> index;
    QString error; ///< why not: names the file and the place in it
};

/// Loads `path` on backgroundJobs() (views/document/DesignSnapshots.h) and makes the copies
/// and the index (the validator's copy on a second thread: two cores).
/// The future reports its steps (load, copies) as progress. Setting `cancelled` stops it at
/// the next step with no design; the file is only read. `catalog` must outlive the job.
QFuture<OpenedDesign> openInBackground(const Catalog &catalog, const QString &path,
                                       std::shared_ptr<std::atomic_bool> cancelled = {});

} // namespace cw
