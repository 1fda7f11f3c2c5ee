#include "model/failure/PowerChain.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

namespace cw {

std::vector<int> psuPdus(const Rack &rack, int psuCount)
{
    std::vector<int> feedPdus[2];
    for (std::size_t i = 0; i < rack.pdus.size(); ++i)
        feedPdus[static_cast<int>(rack.pdus[i].feed)].push_back(static_cast<int>(i));
    std::vector<int> placement;
    if (rack.pdus.empty())
        return placement;
    const bool bothFeeds = !feedPdus[0].empty() && !feedPdus[1].empty();
    int onFeed[2] = { 0, 0 };
    for (int psu = 0; psu < psuCount; ++psu) {
        int feed = feedPdus[0].empty() ? 1 : 0;
        if (bothFeeds)
            feed = psu % 2;
        const std::vector<int> &pdus = feedPdus[feed];
        placement.push_back(pdus[static_cast<std::size_t>(onFeed[feed]++) % pdus.size()]);
    }
    return placement;
}

std::vector<DevicePower> placePowerSupplies(const Design &design, const Catalog &catalog)
{
    std::vector<DevicePower> out;
    out.reserve(design.devices().size());
    for (const Device &device : design.devices()) {
        const Rack *rack = design.rack(device.rack);
        const Part *part = catalog.find(device.catalogType);
        if (!rack || !part)
            continue;
        DevicePower power;
        power.device = device.id;
        power.rack = rack->id;
        power.maxPowerW = part->maxPowerW;
        int psuCount = 2;
        if (part->server && part->server->psu.count > 0 && part->server->psu.ratingW > 0) {
            psuCount = part->server->psu.count;
            power.psuRatingW = part->server->psu.ratingW;
        } else {
            power.psuAssumed = true;
            power.psuRatingW = part->maxPowerW;
        }
        power.psuPdu = psuPdus(*rack, psuCount);
        out.push_back(std::move(power));
    }
    return out;
}

} // namespace cw
