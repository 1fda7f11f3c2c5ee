#include "model/prefill/RackPower.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <map>
#include <numbers>

namespace cw::calc {

namespace {

// Continuous loads may use 80 % of a breaker's rating (NEC 210.19(A)/210.20(A)), as in the
// power rules.
constexpr double continuousLoadDerating = 0.8;

/// V x A (x sqrt 3 for three-phase, V line to line) x 0.8, in W.
double pduCapacityW(const Pdu &pdu)
{
    const double phaseFactor = pdu.phases == 3 ? std::numbers::sqrt3 : 1.0;
    return pdu.voltageV * pdu.breakerA * phaseFactor * continuousLoadDerating;
}

} // namespace

std::vector<RackPowerRow> rackPower(const Design &design, const Catalog &catalog)
{
    std::vector<RackPowerRow> rows;
    for (const Rack &rack : design.racks()) {
        RackPowerRow row;
        row.rack = rack.name;
        double loadW = 0;
        for (DeviceId id : design.devicesInRack(rack.id)) {
            const Device *device = design.device(id);
            if (const Part *part = device ? catalog.find(device->catalogType) : nullptr)
                loadW += part->maxPowerW;
        }
        row.loadKw = loadW / wattsPerKw;
        std::map<Feed, double> feedW;
        for (const Pdu &pdu : rack.pdus)
            feedW[pdu.feed] += pduCapacityW(pdu);
        if (!feedW.empty()) {
            double weakest = feedW.begin()->second;
            for (const auto &[feed, watts] : feedW)
                weakest = std::min(weakest, watts);
            row.feedCapacityKw = weakest / wattsPerKw;
        }
        rows.push_back(row);
    }
    return rows;
}

} // namespace cw::calc
