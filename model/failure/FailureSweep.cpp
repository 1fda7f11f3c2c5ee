#include "model/failure/FailureSweep.h"

#include <algorithm>
#include <tuple>

namespace cw {

std::vector<SweepEntry> sweepSingleFailures(const FailureModel &model,
                                            const std::vector<FailureDomain> &domains)
{
    std::vector<SweepEntry> entries;
    entries.reserve(domains.size());
    for (const FailureDomain &domain : domains) {
        SweepEntry entry;
        entry.report = model.simulate({ domain });
        for (const FabricImpact &fabric : entry.report.fabrics)
            entry.bisectionLostGbps += std::max(0.0, fabric.bisectionBeforeGbps - fabric.bisectionGbps);
        entries.push_back(std::move(entry));
    }
    std::stable_sort(entries.begin(), entries.end(), [](const SweepEntry &a, const SweepEntry &b) {
        return std::tuple(-a.report.gpusLost, -a.bisectionLostGbps,
                          -static_cast<long>(a.report.devicesCapped.size()))
            < std::tuple(-b.report.gpusLost, -b.bisectionLostGbps,
                         -static_cast<long>(b.report.devicesCapped.size()));
    });
    return entries;
}

} // namespace cw
