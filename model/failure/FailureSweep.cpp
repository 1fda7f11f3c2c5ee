#include "model/failure/FailureSweep.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <numeric>
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

/// Runs `job(i)` for every i below `count` on `threads` threads. Each simulation reads the
/// shared, immutable model only, so the domains are independent: workers take the next index
/// from a shared counter (domains differ a lot in cost: a feed touches every rack, a PDU one)
/// and write to their own slot.
template<typename Job>
void forEachIndex(std::size_t count, int threads, const Job &job)
{
    std::atomic<std::size_t> next { 0 };
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto work = [&] {
        try {
            for (std::size_t i = next++; i < count; i = next++)
                job(i);
        } catch (...) {
            const std::lock_guard lock(failureMutex);
            failure = std::current_exception();
            next = count;
        }
    };
    {
        std::vector<std::jthread> workers;
        const int workerCount = threadCount(threads, count);
        for (int t = 1; t < workerCount; ++t)
            workers.emplace_back(work);
        work();
    } // joins
    if (failure)
        std::rethrow_exception(failure);
}

/// Stable on the input order, so equal ranks keep kind, then design order.
void rank(std::vector<SweepEntry> &entries)
{
    std::stable_sort(entries.begin(), entries.end(), [](const SweepEntry &a, const SweepEntry &b) {
        return std::tuple(-a.report.gpusLost, -a.bisectionLostGbps,
                          -static_cast<long>(a.report.devicesCapped.size()))
            < std::tuple(-b.report.gpusLost, -b.bisectionLostGbps,
                         -static_cast<long>(b.report.devicesCapped.size()));
    });
}

} // namespace

std::vector<SweepEntry> sweepSingleFailures(const FailureModel &model,
                                            const std::vector<FailureDomain> &domains, int threads)
{
    std::vector<SweepEntry> entries(domains.size());
    forEachIndex(domains.size(), threads,
                 [&](std::size_t i) { entries[i] = sweepOne(model, domains[i]); });
    rank(entries);
    return entries;
}

std::vector<SweepEntry> sweepWorstFailures(const FailureModel &model,
                                           const std::vector<FailureDomain> &domains,
                                           std::size_t top, int threads)
{
    return sweepWorstFailuresBounded(model, domains, top, std::numeric_limits<std::size_t>::max(),
                                     threads)
        .entries;
}

WorstFailures sweepWorstFailuresBounded(const FailureModel &model,
                                        const std::vector<FailureDomain> &domains, std::size_t top,
                                        std::size_t maxSolved, int threads)
{
    WorstFailures worst;
    if (top == 0 || domains.empty())
        return worst;
    // Pass 1: GPUs lost, the first key, for every domain: FailureModel::gpusLost works out
    // only that (no max-flow, no report; 19,231 domains at 16,384 nodes).
    std::vector<int> gpusLost(domains.size(), 0);
    forEachIndex(domains.size(), threads,
                 [&](std::size_t i) { gpusLost[i] = model.gpusLost({ domains[i] }); });
    // The top entries all lose at least what the top-th worst loses; a domain that loses
    // less ranks below every one of them whatever its bisection.
    std::vector<int> sorted = gpusLost;
    const std::size_t boundary = std::min(top, sorted.size()) - 1;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(boundary),
                     sorted.end(), std::greater<>());
    const int threshold = sorted[boundary];
    const auto above = static_cast<std::size_t>(
        std::count_if(gpusLost.begin(), gpusLost.end(), [&](int g) { return g > threshold; }));
    const auto tied
        = static_cast<std::size_t>(std::count(gpusLost.begin(), gpusLost.end(), threshold));
    // Fewer than `top` lose more than the threshold (it is the top-th largest), so the ties
    // fill the rest; past the bound only as many ties as rows are left are solved.
    std::size_t tiesSolved = tied;
    if (above + tied > std::max(top, maxSolved)) {
        tiesSolved = top - above;
        worst.tiesUnsolved = tied - tiesSolved;
        worst.tiedGpusLost = threshold;
    }
    std::vector<std::size_t> candidates; // design order, as the full sweep ranks them
    for (std::size_t i = 0; i < domains.size(); ++i) {
        const bool tie = gpusLost[i] == threshold;
        if (gpusLost[i] > threshold || (tie && tiesSolved > 0))
            candidates.push_back(i);
        if (tie && tiesSolved > 0)
            --tiesSolved;
    }
    // Pass 2: the full simulation of the candidates, ranked as the full sweep ranks them:
    // a stable sort of a subsequence keeps the order the whole sequence gives it.
    std::vector<SweepEntry> &entries = worst.entries;
    entries.resize(candidates.size());
    forEachIndex(candidates.size(), threads,
                 [&](std::size_t k) { entries[k] = sweepOne(model, domains[candidates[k]]); });
    rank(entries);
    entries.resize(std::min(top, entries.size()));
    return worst;
}

} // namespace cw
