// Rules of dense and rack-scale racks: a rack at or above the liquid threshold must be liquid
// cooled, and the compute trays of a multi-node NVLink domain (GB200 NVL72) must sit in their
// rack-scale system, complete, to form the domain the Slurm and NCCL exports assume.

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

namespace cw::rules {
namespace {

/// At 120 kW a rack is beyond what air can carry: NVIDIA builds its 120 kW-class GB200 NVL72
/// racks with direct liquid cooling (ref:nvidia-dgx-gb200-ug, ref:nvidia-superpod-gb200-ra:
/// 1.2 MW per 8-rack SU, hybrid direct-liquid and air). A planning threshold, independent of
/// the site's own air limit per rack (cooling.air-rack-limit), which a site may set higher.
constexpr double kLiquidRequiredRackKw = 120;

void rackNeedsLiquid(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Cooling cooling = context.rackCooling(*rack);
    if (cooling == Cooling::Liquid)
        return;
    const double loadW = context.rackLoadW(rack->id);
    const double thresholdW = kLiquidRequiredRackKw * calc::wattsPerKw;
    if (loadW < thresholdW)
        return;
    out.push_back(
        { "rack " + rack->name + " dissipates " + fmt::kw(loadW) + ", at or above "
              + fmt::kw(thresholdW) + " where a rack needs direct liquid cooling, but its type "
              + (rack->catalogType.empty() ? std::string("(none)") : rack->catalogType) + " is "
              + std::string(toString(cooling)) + "-cooled",
          { subject },
          "use a liquid-cooled rack type fed by a CDU, or spread the load below "
              + fmt::kw(thresholdW) + " per rack (" + fmt::kw(loadW - thresholdW + 1) + " less)" });
}

/// The NVLink-domain trays of one rack, its NVLink switch trays, and what the rack type holds.
struct RackDomain
{
    int trays = 0;
    int gpus = 0;
    int fullGpus = 0;
    int switches = 0;
    int fullSwitches = 0;
    std::string trayPart;
};

RackDomain rackDomain(const RuleContext &context, const Rack &rack)
{
    RackDomain domain;
    for (DeviceId id : context.devicesInRack(rack.id)) {
        const Part *part = context.part(id);
        if (!part)
            continue;
        if (part->network && part->network->nvlinkSwitch) {
            ++domain.switches;
        } else if (part->server && part->server->nvlinkDomainGpus > 0
                   && context.design().device(id)->role == DeviceRole::Compute) {
            ++domain.trays;
            domain.gpus += part->server->gpuCount;
            domain.fullGpus = std::max(domain.fullGpus, part->server->nvlinkDomainGpus);
            domain.trayPart = part->id;
        }
    }
    if (const Part *rackPart = context.rackPart(rack); rackPart && rackPart->rack)
        for (const RackSlot &slot : rackPart->rack->contents)
            if (const Part *device = context.catalog().find(slot.part);
                device && device->network && device->network->nvlinkSwitch)
                domain.fullSwitches += slot.count;
    return domain;
}

void nvlinkDomain(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const RackDomain domain = rackDomain(context, *rack);
    if (domain.trays == 0)
        return;
    const Part *rackPart = context.rackPart(*rack);
    if (!rackPart || !rackPart->rack || !rackPart->rack->rackScale()) {
        out.push_back({ "rack " + rack->name + " holds " + std::to_string(domain.trays) + " x "
                            + domain.trayPart + " but is a "
                            + (rack->catalogType.empty() ? std::string("rack without a type")
                                                         : rack->catalogType)
                            + ": the trays join their NVLink domain only through a rack-scale "
                              "system's NVLink spine",
                        { subject },
                        "use a rack-scale rack type (e.g. gb200-nvl72-rack) for these trays" });
        return;
    }
    const int gpusPerTray = domain.gpus / domain.trays;
    if (domain.gpus < domain.fullGpus || domain.switches < domain.fullSwitches)
        out.push_back({ "NVLink domain of rack " + rack->name + " has "
                            + std::to_string(domain.gpus) + " of " + std::to_string(domain.fullGpus)
                            + " GPUs (" + std::to_string(domain.trays) + " of "
                            + std::to_string(gpusPerTray > 0 ? domain.fullGpus / gpusPerTray : 0)
                            + " compute trays) and " + std::to_string(domain.switches) + " of "
                            + std::to_string(domain.fullSwitches) + " NVLink switch trays",
                        { subject },
                        "complete the rack as " + rackPart->id
                            + " is delivered, or accept a smaller NVLink domain (Slurm blocks "
                              "and NCCL figures use the GPUs present)" });
}

} // namespace

void addRackScaleRules(RuleList &rules)
{
    add(rules,
        { "cooling.rack-needs-liquid", "Rack at 120 kW or more that is not liquid-cooled",
          "cooling", Severity::Error, RuleScope::Rack,
          input::RackSpec | input::Placement | input::DeviceSpec },
        &rackNeedsLiquid);
    add(rules,
        { "nvlink.domain-incomplete",
          "NVLink-domain trays outside their rack-scale system, or a domain short of trays",
          "nvlink", Severity::Warning, RuleScope::Rack,
          input::RackSpec | input::Placement | input::DeviceSpec },
        &nvlinkDomain);
}

} // namespace cw::rules
