#include "views/document/DesignSnapshots.h"

#include "views/document/DesignPatch.h"

#include "model/core/Design.h"

#include <atomic>
#include <exception>

namespace cw {
namespace {

/// Queued patches after which the mirror is brought up to date unasked.
constexpr std::size_t kCatchUpAfter = 64;

Q_GLOBAL_STATIC(QThreadPool, jobPool)

} // namespace

QThreadPool *backgroundJobs()
{
    return jobPool();
}

struct DesignSnapshots::Mirror
{
    std::shared_ptr<Design> design;
    std::atomic<int> copies { 0 };
    bool broken = false; ///< a patch did not apply: no snapshot can be trusted any more
};

DesignSnapshots::DesignSnapshots(const Design &design)
    : m_mirror(std::make_shared<Mirror>())
{
    m_mirror->design = std::make_shared<Design>(design);
    m_mirror->copies = 1;
    m_worker.setMaxThreadCount(1);
}

DesignSnapshots::DesignSnapshots(std::shared_ptr<Design> copy)
    : m_mirror(std::make_shared<Mirror>())
{
    m_mirror->design = std::move(copy);
    m_mirror->copies = 1;
    m_worker.setMaxThreadCount(1);
}

DesignSnapshots::~DesignSnapshots()
{
    m_worker.waitForDone();
}

void DesignSnapshots::patched(std::shared_ptr<const DesignPatch> patch, bool forward)
{
    m_pending.emplace_back(std::move(patch), forward);
    // Keep the queue short when nobody asks for a snapshot for a while: the mirror catches
    // up on its thread, and patches the undo stack has dropped are let go.
    if (m_pending.size() >= kCatchUpAfter)
        withSnapshot([](std::shared_ptr<const Design>) {});
}

int DesignSnapshots::copies() const
{
    return m_mirror->copies;
}

void DesignSnapshots::withSnapshot(std::function<void(std::shared_ptr<const Design>)> then)
{
    m_worker.start(
        [then = std::move(then), mirror = m_mirror, patches = std::exchange(m_pending, {})] {
            if (!patches.empty()) {
                // Only this thread hands the mirror out, so a count of one means nobody holds a
                // snapshot of it: patch it in place. Otherwise a holder may be reading it.
                if (mirror->design.use_count() > 1) {
                    mirror->design = std::make_shared<Design>(*mirror->design);
                    ++mirror->copies;
                }
                // The same patches, in the same order, from the same state as the live design:
                // they apply here as they did there (Document applies them first).
                try {
                    for (const auto &[patch, forward] : patches)
                        if (!mirror->broken)
                            patch->apply(*mirror->design, forward);
                } catch (const std::exception &) {
                    mirror->broken = true; // unreachable when the live design took the patch
                }
            }
            then(mirror->broken ? nullptr : std::shared_ptr<const Design>(mirror->design));
        });
}

} // namespace cw
