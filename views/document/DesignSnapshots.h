#pragma once

#include <QFuture>
#include <QPromise>
#include <QThreadPool>

#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cw {

class Design;
class DesignPatch;

/// The thread pool of the workbench's background jobs (save, autosave, export, generation,
/// analysis). Not Qt's global pool: Qt's raster painting waits on that one, so a long job
/// there would freeze the window it is meant to keep alive.
QThreadPool *backgroundJobs();

/// Immutable copies of a document's design for work that runs off the GUI thread (save,
/// autosave, export, analysis), without copying the design on the GUI thread.
///
/// One copy (the mirror) is taken when the document is made; after that the GUI thread only
/// queues the patches it applies (shared with the undo commands, never copied). A snapshot
/// is made on a private worker thread: the queued patches are applied to the mirror and the
/// mirror itself is handed out as `const`. The mirror is copied (on that worker) only when a
/// patch arrives while an earlier snapshot is still held - copy-on-write.
class DesignSnapshots
{
public:
    /// Copies `design` (the only copy made on the calling thread).
    explicit DesignSnapshots(const Design &design);
    /// Takes `copy`, a copy of the live design made elsewhere (the worker that loaded it).
    explicit DesignSnapshots(std::shared_ptr<Design> copy);
    /// Waits for snapshots being made.
    ~DesignSnapshots();
    DesignSnapshots(const DesignSnapshots &) = delete;
    DesignSnapshots &operator=(const DesignSnapshots &) = delete;

    /// The live design was changed by `patch` (reverted when !forward). Cheap: queued only.
    void patched(std::shared_ptr<const DesignPatch> patch, bool forward);
    /// Calls `then` on the snapshot thread with the live design as it is now (nullptr if a
    /// patch failed to apply to the mirror, which Document's own checks rule out). The design
    /// never changes; hold it only as long as needed (a held snapshot makes the next patch
    /// copy the mirror).
    void withSnapshot(std::function<void(std::shared_ptr<const Design>)> then);

    /// Runs `work(promise, design)` on `pool` with a snapshot of the live design as it is
    /// now. The work reports progress and checks for cancellation through the promise (the
    /// QFuture machinery); it adds its result itself. An exception it throws reaches the
    /// future. The snapshot is released when the work returns.
    template<typename T, typename Work>
    QFuture<T> run(QThreadPool *pool, Work work)
    {
        auto promise = std::make_shared<QPromise<T>>();
        QFuture<T> future = promise->future();
        promise->start();
        withSnapshot([pool, promise, work](std::shared_ptr<const Design> design) mutable {
            if (promise->isCanceled() || !design) {
                if (!design)
                    promise->setException(std::make_exception_ptr(
                        std::runtime_error("the design snapshot is not up to date")));
                promise->finish();
                return;
            }
            pool->start([promise, work, design = std::move(design)]() mutable {
                try {
                    work(*promise, *design);
                } catch (...) {
                    promise->setException(std::current_exception());
                }
                design.reset(); // before finish(): whoever waits may edit right after
                promise->finish();
            });
        });
        return future;
    }
    /// Whole-design copies made so far, the first included (tests check how few).
    int copies() const;

private:
    struct Mirror;
    std::shared_ptr<Mirror> m_mirror; ///< touched by the worker thread only, after the constructor
    std::vector<std::pair<std::shared_ptr<const DesignPatch>, bool>> m_pending;
    QThreadPool m_worker; ///< one thread: snapshots are made in order
};

} // namespace cw
