// procurement-checklist.md: the seed article's 8-node checklist (compute, interconnect,
// storage, facility, management, licences, spares, lead times) generated for any design.
#include "exporters/bom/BomFiles.h"

#include "calculators/CoolantFlow.h"
#include "calculators/Power.h"
#include "exporters/cabling/Csv.h"
#include "exporters/common/Escape.h"
#include "exporters/common/FileHeader.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlan.h"

#include <cmath>
#include <map>
#include <set>

namespace cw::bom {
namespace {

using exporters::csv::number;

constexpr double kSqrt3 = 1.7320508075688772;
// Continuous load on a breaker: 80 % of its rating (NEC practice, stated in the catalog's
// PDU source; a common planning rule elsewhere).
constexpr double kContinuousFraction = 0.8;

/// Text on one line: CR and LF become spaces, and "--" cannot close the HTML comment early.
std::string money(double usd)
{
    return exporters::csv::usd(usd) + " USD";
}

double pduKva(const Pdu &pdu)
{
    // Three-phase apparent power from the line-to-line voltage: S = sqrt(3) V_LL I.
    const double va
        = pdu.phases == 3 ? kSqrt3 * pdu.voltageV * pdu.breakerA : pdu.voltageV * pdu.breakerA;
    return va / 1000.0;
}

bool isManagementPort(const Catalog &catalog, const Device &device, int portIndex)
{
    const Part *part = catalog.find(device.catalogType);
    return part && portIndex >= 0 && portIndex < static_cast<int>(part->ports.size())
        && part->ports[static_cast<std::size_t>(portIndex)].role == PortRole::Management;
}

/// What a device can draw from one feed when the other fails. A server's PSUs are taken as
/// split evenly across feeds A and B (N+N), so the worse feed holds floor(count / 2) of them
/// (DGX H100: 6 x 3.3 kW, 4+2 -> 3 on a feed = 9.9 kW, below its 10.2 kW maximum;
/// ref:nvidia-dgx-h100-ug). Parts without PSU data in the catalog are counted at their maximum.
struct FeedLoss
{
    bool psuData = false;
    int psusOnFeed = 0;
    double oneFeedW = 0; ///< min(maximum power, PSUs on the worse feed x rating)
    bool capped = false; ///< the PSUs on one feed cannot carry the maximum power
};

FeedLoss feedLoss(const Part &part)
{
    FeedLoss loss;
    loss.oneFeedW = part.maxPowerW;
    if (!part.server || part.server->psu.count <= 0 || part.server->psu.ratingW <= 0)
        return loss;
    loss.psuData = true;
    loss.psusOnFeed = part.server->psu.count / 2;
    const double supplyW = loss.psusOnFeed * part.server->psu.ratingW;
    loss.capped = supplyW < part.maxPowerW;
    loss.oneFeedW = std::min(part.maxPowerW, supplyW);
    return loss;
}

/// Per-rack facility figures.
struct RackFacts
{
    std::string name;
    int devices = 0;
    double loadW = 0;
    double oneFeedW = 0; ///< load on the surviving feed when the other fails (FeedLoss)
    double feedKva[2] = { 0, 0 };
    double weightKg = 0;
    int unweighed = 0; ///< devices whose part has no catalog weight: weightKg leaves them out
    double footprintM2 = 0;
    double ratedKg = 0;
};

std::vector<RackFacts> rackFacts(const Design &design, const Catalog &catalog)
{
    std::vector<RackFacts> out;
    for (const Rack &rack : design.racks()) {
        RackFacts facts;
        facts.name = rack.name;
        const Part *rackPart = catalog.find(rack.catalogType);
        double widthM = design.site().rackWidthM;
        double depthM = design.site().rackDepthM;
        if (rackPart) {
            facts.weightKg += rackPart->weightKg;
            if (rackPart->rack) {
                widthM = rackPart->rack->widthMm / 1000.0;
                depthM = rackPart->rack->depthMm / 1000.0;
                facts.ratedKg = rackPart->rack->maxWeightKg;
            }
        }
        facts.footprintM2 = widthM * depthM;
        for (const Pdu &pdu : rack.pdus) {
            facts.feedKva[pdu.feed == Feed::A ? 0 : 1] += pduKva(pdu);
            if (const Part *part = catalog.find(pdu.catalogType))
                facts.weightKg += part->weightKg;
        }
        for (DeviceId id : design.devicesInRack(rack.id)) {
            const Device *device = design.device(id);
            ++facts.devices;
            if (const Part *part = device ? catalog.find(device->catalogType) : nullptr) {
                facts.loadW += part->maxPowerW;
                facts.oneFeedW += feedLoss(*part).oneFeedW;
                facts.weightKg += part->weightKg;
                facts.unweighed += part->weightKg > 0 ? 0 : 1;
            }
        }
        out.push_back(std::move(facts));
    }
    return out;
}

void compute(std::string &out, const Design &design, const Catalog &catalog, const Bom &bom)
{
    out += "\n## Compute\n\n";
    std::map<std::string, int> servers; // part id -> count
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute || device.role == DeviceRole::Management)
            ++servers[device.catalogType];
    for (const auto &[id, count] : servers) {
        const Part *part = catalog.find(id);
        if (!part) {
            out += "- [ ] " + std::to_string(count) + " x \"" + id
                + "\": not in the catalog; specify the model and get a quote\n";
            continue;
        }
        out += "- [ ] " + std::to_string(count) + " x " + cabling::displayName(*part);
        if (part->server) {
            const ServerSpec &s = *part->server;
            if (s.gpuCount > 0)
                out += ": " + std::to_string(s.gpuCount) + " x " + s.gpuPart;
            if (s.cpu.sockets > 0)
                out += ", " + std::to_string(s.cpu.sockets) + " x " + s.cpu.model + " ("
                    + std::to_string(s.cpu.coresPerSocket) + " cores)";
            if (s.memoryGB > 0)
                out += ", " + number(s.memoryGB) + " GB memory";
            if (s.psu.count > 0)
                out += ", " + std::to_string(s.psu.count) + " x " + number(s.psu.ratingW)
                    + " W PSUs (" + std::to_string(s.psu.count - s.psu.redundant) + "+"
                    + std::to_string(s.psu.redundant) + ")";
        }
        out += "; confirm the exact configuration (memory, local NVMe, NIC population, "
               "air or liquid cooling) on the quote\n";
    }
    out += "- [ ] " + std::to_string(bom.gpus) + " GPUs in total";
    if (bom.gpus > 0)
        out += "; hardware cost " + money(bom.usdPerGpu) + " per GPU (bom.csv)";
    out += "\n- [ ] Burn-in and acceptance test on delivery (acceptance runbook of the NCCL "
           "export)\n";
}

/// A link's medium as the cabling plan names it (CableRow::medium).
std::string mediumOf(const Catalog &catalog, const std::string &cableType)
{
    if (cableType.empty())
        return "none";
    const Part *part = catalog.find(cableType);
    return part && part->cable ? part->cable->medium : "unknown";
}

void interconnect(std::string &out, const Design &design, const Catalog &catalog, const Bom &bom)
{
    out += "\n## Interconnect\n\n";
    // Every fabric's figures from one pass over the links (not from the cabling plan's
    // rows, which the bill of materials has already counted).
    struct FabricCounts
    {
        std::map<int, std::set<DeviceId>> switchesByTier;
        std::map<std::string, int> media;
        int links = 0;
    };
    std::map<std::uint64_t, FabricCounts> counts;
    for (const Link &link : design.links()) {
        FabricCounts &fabricCounts = counts[link.fabric.value];
        ++fabricCounts.links;
        ++fabricCounts.media[mediumOf(catalog, link.cableType)];
        // A switch belongs to this fabric through its non-management ports; an IB or
        // Ethernet switch whose management port is cabled into the out-of-band network
        // is one of that network's hosts, not one of its switches.
        for (const PortRef &end : { link.a, link.b })
            if (const Device *device = design.device(end.device); device
                && device->role == DeviceRole::Switch
                && !isManagementPort(catalog, *device, end.port))
                fabricCounts.switchesByTier[device->tier].insert(device->id);
    }
    for (const Fabric &fabric : design.fabrics()) {
        const FabricCounts &fabricCounts = counts[fabric.id.value];
        const auto &switchesByTier = fabricCounts.switchesByTier;
        const auto &media = fabricCounts.media;
        const int links = fabricCounts.links;
        out += "- [ ] Fabric **" + fabric.name + "** (" + std::string(toString(fabric.purpose))
            + ", " + std::string(toString(fabric.technology)) + ", " + number(fabric.linkSpeedGbps)
            + " Gb/s): " + std::to_string(links) + " links";
        for (const auto &[tier, devices] : switchesByTier)
            out += "; " + std::to_string(devices.size()) + " switch(es)"
                + (tier < 0 ? std::string(" without a tier") : " at tier " + std::to_string(tier));
        out += "\n";
        if (!media.empty()) {
            out += "  - [ ] Cables by medium:";
            bool first = true;
            for (const auto &[medium, count] : media) {
                out += std::string(first ? " " : ", ") + medium + " " + std::to_string(count);
                first = false;
            }
            out += " (cabling-summary.csv by length; cabling.csv for every cable)\n";
        }
        if (fabric.technology == Technology::InfiniBand)
            out += "  - [ ] Subnet manager (OpenSM on a switch or host, or UFM) and its "
                   "routing engine (switch export: opensm.conf)\n";
        if (fabric.technology == Technology::RoCEv2)
            out += "  - [ ] Lossless RoCE settings on every switch and NIC: PFC priority "
                + std::to_string(fabric.qos.pfcPriority) + ", RoCE DSCP "
                + std::to_string(fabric.qos.roceDscp) + ", CNP DSCP "
                + std::to_string(fabric.qos.cnpDscp) + ", ECN "
                + std::to_string(fabric.qos.ecnMinBytes) + "-"
                + std::to_string(fabric.qos.ecnMaxBytes) + " B, MTU "
                + std::to_string(fabric.qos.switchMtu) + " (switch export)\n";
    }
    if (bom.transceivers > 0)
        out += "- [ ] " + std::to_string(bom.transceivers) + " transceivers ("
            + number(bom.cablingPowerW / 1000.0, 2)
            + " kW of optics and active cables): check the form factor at each end (finned "
              "twin-port OSFP in switches, flat-top OSFP or QSFP112 in hosts; "
              "ref:nvidia-linkx-specs) "
              "and that both halves of a twin-port module use the same fibre type\n";
    out += "- [ ] Cable labels printed from labels.csv before installation\n";
    std::set<std::string> switchParts;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Switch)
            if (const Part *part = catalog.find(device.catalogType))
                switchParts.insert(cabling::displayName(*part));
    for (const std::string &model : switchParts)
        out += "- [ ] " + model
            + ": switch OS licence, rail kits and airflow direction (port-side "
              "intake or exhaust to match the aisle)\n";
}

void storage(std::string &out, const Design &design, const Catalog &catalog)
{
    out += "\n## Storage\n\n";
    if (design.storageTiers().empty())
        out += "- [ ] No storage tier in the design: decide where datasets and checkpoints live\n";
    for (const StorageTier &tier : design.storageTiers()) {
        std::map<std::string, int> members;
        for (DeviceId id : tier.members)
            if (const Device *device = design.device(id))
                ++members[device->catalogType];
        out += "- [ ] Tier **" + tier.name + "** (" + std::string(toString(tier.kind))
            + "): " + number(tier.capacityTB) + " TB usable, " + number(tier.readGBps)
            + " GB/s read, " + number(tier.writeGBps) + " GB/s write";
        if (const Fabric *fabric = design.fabric(tier.fabric))
            out += ", on fabric " + fabric->name;
        out += "\n";
        for (const auto &[id, count] : members) {
            const Part *part = catalog.find(id);
            out += "  - [ ] " + std::to_string(count) + " x "
                + (part ? cabling::displayName(*part) : "\"" + id + "\" (not in the catalog)")
                + "\n";
        }
        out += "  - [ ] Filesystem software licence and support by capacity (quote)\n";
    }
}

/// "within (X kW to spare)" / "EXCEEDS it by X kW" for a load against a limit.
std::string against(double loadKw, double limitKw)
{
    return loadKw <= limitKw ? "within it (" + number(limitKw - loadKw, 1) + " kW to spare)"
                             : "EXCEEDS it by " + number(loadKw - limitKw, 1) + " kW";
}

void powerLines(std::string &out, const Design &design, double maxW, double typicalW,
                const Bom &bom)
{
    const Site &site = design.site();
    const double itKw = maxW / 1000.0;
    // One basis with bom.csv: the devices' nameplate maximum, and what bom.csv adds to it.
    out += "- [ ] IT load: " + number(itKw, 2) + " kW maximum (" + number(typicalW / 1000.0, 2)
        + " kW typical), the devices' nameplate maximum power; bom.csv's power total, "
        + number(bom.powerW / 1000.0, 2) + " kW, adds " + number(bom.cablingPowerW / 1000.0, 2)
        + " kW of optics and active cable ends and " + number(bom.pduPowerW / 1000.0, 2)
        + " kW of PDUs' own draw\n";
    out += "- [ ] IT load against the site IT budget: ";
    out += site.itPowerBudgetKw > 0 ? number(itKw, 2) + " kW of " + number(site.itPowerBudgetKw, 1)
            + " kW, " + against(itKw, site.itPowerBudgetKw)
                                    : std::string("no IT budget in the design: ask the facility");
    out += "\n";
    const double facilityKw = itKw * site.pue;
    out += "- [ ] Facility load at PUE " + number(site.pue, 2) + ": " + number(facilityKw, 1)
        + " kW against the utility supply: ";
    out += site.utilityPowerKw > 0
        ? number(site.utilityPowerKw, 1) + " kW, " + against(facilityKw, site.utilityPowerKw)
        : std::string("no utility supply in the design: ask the facility");
    out += "\n";
}

/// Loss of one feed: the PSUs on the surviving feed per server type, and each rack's load on
/// one feed against that feed's continuous rating.
void feedLines(std::string &out, const Design &design, const Catalog &catalog,
               const std::vector<RackFacts> &racks)
{
    double feedKva[2] = { 0, 0 };
    for (const RackFacts &rack : racks)
        for (int f = 0; f < 2; ++f)
            feedKva[f] += rack.feedKva[f];
    out += "- [ ] PDUs: " + number(feedKva[0], 1) + " kVA on feed A, " + number(feedKva[1], 1)
        + " kVA on feed B (S = sqrt(3) x V x I for three-phase)\n";

    std::map<std::string, std::pair<int, const Part *>> servers; // part id -> (count, part)
    std::set<std::string> withoutPsuData;
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part)
            continue;
        if (feedLoss(*part).psuData) {
            ++servers[part->id].first;
            servers[part->id].second = part;
        } else if (part->maxPowerW > 0) {
            withoutPsuData.insert(cabling::displayName(*part));
        }
    }
    for (const auto &[id, entry] : servers) {
        const auto &[count, part] = entry;
        const FeedLoss loss = feedLoss(*part);
        const PsuSpec &psu = part->server->psu;
        out += "- [ ] On loss of one feed, " + std::to_string(count) + " x "
            + cabling::displayName(*part) + " (PSUs split evenly across feeds A and B): "
            + std::to_string(loss.psusOnFeed) + " of " + std::to_string(psu.count)
            + " PSUs = " + number(loss.psusOnFeed * psu.ratingW / 1000.0, 2) + " kW";
        if (loss.psusOnFeed == 0)
            out += ": a single PSU, so the node is off while its feed is down; accept that or "
                   "add a PSU on the other feed\n";
        else if (loss.capped)
            out += " < " + number(part->maxPowerW / 1000.0, 2)
                + " kW maximum: the node needs a power cap of " + number(loss.oneFeedW / 1000.0, 2)
                + " kW on feed loss (BMC / GPU power limit), or it may shut down under full "
                  "load; confirm the vendor's behaviour\n";
        else
            out += " >= " + number(part->maxPowerW / 1000.0, 2)
                + " kW maximum: full power on one feed\n";
    }
    if (!withoutPsuData.empty()) {
        out += "- [ ] On loss of one feed, parts without PSU data in the catalog:";
        bool first = true;
        for (const std::string &name : withoutPsuData) {
            out += std::string(first ? " " : ", ") + name;
            first = false;
        }
        out += ": check on the datasheet that the PSUs on one feed carry the maximum power "
               "(counted here at full power)\n";
    }

    std::vector<std::string> short_;
    int bothFeeds = 0;
    for (const RackFacts &rack : racks) {
        if (rack.feedKva[0] <= 0 || rack.feedKva[1] <= 0)
            continue;
        ++bothFeeds;
        const double limitKva = kContinuousFraction * std::min(rack.feedKva[0], rack.feedKva[1]);
        if (rack.oneFeedW / 1000.0 > limitKva)
            short_.push_back(rack.name + " " + number(rack.oneFeedW / 1000.0, 1) + " kW > "
                             + number(limitKva, 1) + " kVA");
    }
    out += "- [ ] On loss of one feed, each rack's one-feed load (table; capped nodes at their "
           "cap) within "
        + number(kContinuousFraction * 100)
        + " % continuous load of its smaller feed (kW compared with kVA at power factor 1): ";
    if (bothFeeds == 0)
        out += "no rack has PDUs on both feeds, so losing a feed takes its racks down\n";
    else if (short_.empty())
        out += "all " + std::to_string(bothFeeds) + " rack(s) with two feeds within\n";
    else {
        out += std::to_string(short_.size()) + " of " + std::to_string(bothFeeds)
            + " rack(s) short:";
        for (std::size_t i = 0; i < short_.size(); ++i)
            out += (i ? ", " : " ") + short_[i];
        out += "\n";
    }
    if (bothFeeds < static_cast<int>(racks.size()))
        out += "- [ ] " + std::to_string(racks.size() - static_cast<std::size_t>(bothFeeds))
            + " rack(s) without PDUs on both feeds: no feed redundancy\n";
}

void facility(std::string &out, const Design &design, const Catalog &catalog, const Bom &bom)
{
    out += "\n## Facility\n\n";
    const Site &site = design.site();
    double maxW = 0, typicalW = 0, liquidW = 0, protectW = 0;
    double cduKw = 0, cduLpm = 0;
    int cdus = 0;
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part)
            continue;
        maxW += part->maxPowerW;
        typicalW += part->typicalPowerW;
        if (part->cooling && *part->cooling != Cooling::Air)
            liquidW += part->maxPowerW;
        if (device.role != DeviceRole::Compute)
            protectW += part->maxPowerW;
        if (part->cdu) {
            ++cdus;
            cduKw += part->cdu->capacityKw;
            cduLpm += part->cdu->flowLpm;
        }
    }
    // Floor-standing CDUs take a rack position of their own (the generators' in-row CDUs).
    for (const Rack &rack : design.racks())
        if (const Part *part = catalog.find(rack.catalogType); part && part->cdu) {
            ++cdus;
            cduKw += part->cdu->capacityKw;
            cduLpm += part->cdu->flowLpm;
        }
    const double itKw = maxW / 1000.0;
    powerLines(out, design, maxW, typicalW, bom);

    const auto racks = rackFacts(design, catalog);
    feedLines(out, design, catalog, racks);
    out += "- [ ] UPS: " + number(protectW / 1000.0, 1)
        + " kW for network, storage and "
          "management; "
        + number((maxW - protectW) / 1000.0, 1)
        + " kW more if GPU nodes ride through too (decide; size the UPS kVA for the "
          "chosen loads and runtime)\n";

    const double heatBtuH = maxW * calc::btuPerHourPerWatt;
    out += "- [ ] Heat to remove: " + number(itKw, 2) + " kW = " + number(heatBtuH, 0)
        + " BTU/h = " + number(heatBtuH / calc::btuPerHourPerTon, 1) + " tons of refrigeration";
    if (site.airCoolingCapacityKw > 0 || site.liquidCoolingCapacityKw > 0)
        out += " (site air " + number(site.airCoolingCapacityKw, 1) + " kW, liquid "
            + number(site.liquidCoolingCapacityKw, 1) + " kW)";
    out += "\n";
    if (liquidW > 0) {
        std::string flow = "flow not computed (set the site's coolant delta T)";
        if (site.coolantDeltaTK > 0) {
            try {
                calc::CoolantFlowInput input;
                input.heatKw = liquidW / 1000.0;
                input.deltaTK = site.coolantDeltaTK;
                const auto result = calc::coolantFlow(input);
                flow = number(result.litresPerMinute, 0) + " L/min (" + number(result.usGpm, 0)
                    + " US gpm) of water at " + number(site.coolantDeltaTK, 1) + " K rise";
            } catch (const std::exception &error) {
                flow = std::string("flow not computed: ") + error.what();
            }
        }
        out += "- [ ] Chilled water / CDU: " + number(liquidW / 1000.0, 1)
            + " kW on liquid-cooled parts (all their heat taken to the liquid loop, an upper "
              "bound): "
            + flow + "; CDUs in the design: " + std::to_string(cdus);
        if (cdus > 0)
            out += " (" + number(cduKw, 0) + " kW, " + number(cduLpm, 0) + " L/min; the site "
                + "asks for N+" + std::to_string(site.cduRedundancy) + " per row)";
        out += "\n";
    } else {
        out += "- [ ] Chilled water / CDU: no liquid-cooled parts; the whole load is air-cooled\n";
    }

    double heaviest = 0, densest = 0;
    std::string heaviestName, densestName;
    for (const RackFacts &rack : racks) {
        if (rack.weightKg > heaviest) {
            heaviest = rack.weightKg;
            heaviestName = rack.name;
        }
        const double density = rack.footprintM2 > 0 ? rack.weightKg / rack.footprintM2 : 0;
        if (density > densest) {
            densest = density;
            densestName = rack.name;
        }
    }
    if (racks.empty()) {
        out += "- [ ] Floor load: no racks in the design yet\n";
        return;
    }
    int unweighed = 0;
    for (const RackFacts &rack : racks)
        unweighed += rack.unweighed;
    out += "- [ ] Floor load: heaviest rack " + heaviestName + " " + number(heaviest, 0)
        + " kg; highest " + number(densest, 0) + " kg/m2 over the rack footprint (" + densestName
        + "); cables and containment not included; ask the structural engineer";
    // space.rack-weight-unknown's devices: the figures above are lower bounds.
    if (unweighed > 0)
        out += "; " + std::to_string(unweighed)
            + " device(s) have no catalog weight and are not counted (see the weight column): "
              "these weights are lower bounds, get the vendor's figures";
    out += "\n";
    if (!racks.empty()) {
        out += "\n| rack | devices | max load kW | one-feed load kW | feed A kVA | feed B kVA | "
               "weight kg | kg/m2 | rated kg |\n"
               "|---|---|---|---|---|---|---|---|---|\n";
        for (const RackFacts &rack : racks)
            out += "| " + rack.name + " | " + std::to_string(rack.devices) + " | "
                + number(rack.loadW / 1000.0, 1) + " | " + number(rack.oneFeedW / 1000.0, 1) + " | "
                + number(rack.feedKva[0], 1) + " | " + number(rack.feedKva[1], 1) + " | "
                + number(rack.weightKg, 0)
                + (rack.unweighed > 0 ? " + " + std::to_string(rack.unweighed) + " unweighed" : "")
                + " | " + number(rack.footprintM2 > 0 ? rack.weightKg / rack.footprintM2 : 0, 0)
                + " | " + (rack.ratedKg > 0 ? number(rack.ratedKg, 0) : std::string("-")) + " |\n";
    }
}

void management(std::string &out, const Design &design)
{
    out += "\n## Management\n\n";
    int managementServers = 0;
    for (const Device &device : design.devices())
        managementServers += device.role == DeviceRole::Management ? 1 : 0;
    out += "- [ ] " + std::to_string(managementServers)
        + " management server(s) (head node, Slurm controller \""
        + design.scheduler().controllerHost + "\", subnet manager or UFM)\n";
    bool outOfBand = false;
    for (const Fabric &fabric : design.fabrics()) {
        if (fabric.purpose != FabricPurpose::OutOfBand)
            continue;
        outOfBand = true;
        int links = 0;
        for (const Link &link : design.links())
            links += link.fabric == fabric.id ? 1 : 0;
        out += "- [ ] Out-of-band network **" + fabric.name + "**: " + std::to_string(links)
            + " links; one BMC/management IP address per device port on it\n";
    }
    if (!outOfBand)
        out += "- [ ] No out-of-band management network in the design: plan BMC access\n";
    out += "- [ ] Console access, DNS/DHCP, NTP, monitoring and a provisioning system\n";
}

void lineList(std::string &out, const Bom &bom, const char *category)
{
    for (const BomLine &line : bom.lines)
        if (line.category == category)
            out += "- [ ] " + std::to_string(line.quantity) + " x " + line.description + " ("
                + line.partNumber + ")" + (line.remark.empty() ? "" : ": " + line.remark) + "\n";
}

} // namespace

std::string procurementChecklist(const Design &design, const Catalog &catalog, const Bom &bom)
{
    std::string out = "<!-- "
        + exporters::esc::xmlComment(exporters::headerLine(design, "Procurement checklist"))
        + ". Regenerate from the design rather than editing by hand. -->\n";
    out += "# Procurement checklist: " + exporters::esc::markdownText(design.name()) + "\n\n";
    out += "Work through every box with the buyer and the facilities engineer. Quantities and "
           "prices are in bom.csv / bom.xlsx (grand total "
        + money(bom.grandTotalUsd)
        + "), "
          "every cable in cabling.csv.\n";

    compute(out, design, catalog, bom);
    interconnect(out, design, catalog, bom);
    storage(out, design, catalog);
    facility(out, design, catalog, bom);
    management(out, design);

    out += "\n## Licences and support\n\n";
    lineList(out, bom, kSoftwareSupport);
    out += "\n## Spares\n\n" + bom.spares.describe() + ".\n\n";
    lineList(out, bom, kSpares);

    out += "\n## Lead times\n\n"
           "- [ ] Ask every supplier for the lead time of each line and order the longest first; "
           "ask first about GPU servers, switches, transceivers, liquid-cooling plant (CDUs, "
           "manifolds) and electrical works (switchgear, PDUs, UPS)\n"
           "- [ ] Book installation, cabling and power-on dates against the delivery dates\n";
    std::vector<std::string> unpriced;
    for (const BomLine &line : bom.lines)
        if (line.unitPriceUsd <= 0 && !line.spare)
            unpriced.push_back(line.partNumber);
    if (!unpriced.empty()) {
        out += "- [ ] Get quotes for the " + std::to_string(unpriced.size())
            + " unpriced line(s), listed at 0 in bom.csv:";
        for (std::size_t i = 0; i < unpriced.size(); ++i)
            out += (i ? ", " : " ") + unpriced[i];
        out += "\n";
    }
    return out;
}

} // namespace cw::bom
