#include "model/failure/FailureSweep.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <tuple>

namespace cw {

namespace {

SweepEntry sweepOne(const FailureModel &model, const FailureDomain &domain)
{
    SweepEntry entry;
    entry.report = model.simulate({ domain });
    for (const FabricImpact &fabric : entry.report.fabrics)
        entry.bisectionLostGbps += std::max(0.0, fabric.bisectionBeforeGbps - fabric.bisectionGbps);
    return entry;
}

int threadCount(int requested, std::size_t work)
{
    int count = requested > 0 ? requested : static_cast<int>(std::thread::hardware_concurrency());
    count = std::max(count, 1);
    return static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(count), std::max<std::size_t>(work, 1)));
}

} // namespace

std::vector<SweepEntry> sweepSingleFailures(const FailureModel &model,
                                            const std::vector<FailureDomain> &domains, int threads)
{
    // Each simulation reads the shared, immutable model only, so the domains are independent:
    // workers take the next domain from a shared counter (domains differ a lot in cost: a
    // feed touches every rack, a PDU one) and write to their own slot.
    std::vector<SweepEntry> entries(domains.size());
    std::atomic<std::size_t> next { 0 };
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto work = [&] {
        try {
            for (std::size_t i = next++; i < domains.size(); i = next++)
                entries[i] = sweepOne(model, domains[i]);
        } catch (...) {
            const std::lock_guard lock(failureMutex);
            failure = std::current_exception();
            next = domains.size();
        }
    };
    {
        std::vector<std::jthread> workers;
        const int count = threadCount(threads, domains.size());
        for (int t = 1; t < count; ++t)
            workers.emplace_back(work);
        work();
    } // joins
    if (failure)
        std::rethrow_exception(failure);
    // Stable on the domains' order, so equal ranks keep kind, then design order.
    std::stable_sort(entries.begin(), entries.end(), [](const SweepEntry &a, const SweepEntry &b) {
        return std::tuple(-a.report.gpusLost, -a.bisectionLostGbps,
                          -static_cast<long>(a.report.devicesCapped.size()))
            < std::tuple(-b.report.gpusLost, -b.bisectionLostGbps,
                         -static_cast<long>(b.report.devicesCapped.size()));
    });
    return entries;
}

} // namespace cw
