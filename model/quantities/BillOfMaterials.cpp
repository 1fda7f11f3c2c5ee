#include "model/quantities/BillOfMaterials.h"

#include "model/catalog/Catalog.h"
#include "model/common/DecimalText.h"
#include "model/core/Design.h"
#include "model/quantities/BomSpares.h"
#include "model/quantities/CablePlan.h"

#include <algorithm>
#include <map>
#include <set>

namespace cw::bom {
namespace {

constexpr std::size_t kNamesInNote = 8;

/// Lines keyed by category and part, so a part used many times becomes one line.
class LineTable
{
public:
    BomLine &at(const std::string &category, const std::string &key)
    {
        auto [it, inserted] = m_lines.try_emplace({ category, key });
        if (inserted)
            it->second.category = category;
        return it->second;
    }
    /// Adds `quantity` of a catalog part (or of an item named by `missingId` when the part
    /// is not in the catalog).
    void addPart(const std::string &category, const Part *part, const std::string &missingId,
                 int quantity, const std::string &detail = {})
    {
        BomLine &line = at(category, part ? part->id : "?" + missingId);
        if (line.quantity == 0) {
            if (part) {
                line.catalogId = part->id;
                line.partNumber = cabling::partNumberOf(*part);
                line.description = cabling::displayName(*part) + detail;
                line.unitPriceUsd = part->priceUsd;
            } else {
                line.partNumber = missingId;
                line.description = "\"" + missingId + "\" (not in the catalog)";
                line.remark = "not in the catalog: quote required";
            }
        }
        line.quantity += quantity;
        if (part)
            line.powerW += quantity * part->maxPowerW;
    }
    std::vector<BomLine> take()
    {
        std::vector<BomLine> out;
        for (auto &entry : m_lines)
            out.push_back(std::move(entry.second));
        return out;
    }

private:
    std::map<std::pair<std::string, std::string>, BomLine> m_lines;
};

std::string categoryOfDevice(const Device &device, const Part *part)
{
    if (part) {
        switch (part->kind) {
        case PartKind::Switch:
        case PartKind::Nic:
            return kNetwork;
        case PartKind::Storage:
            return kStorage;
        case PartKind::Cable:
        case PartKind::Transceiver:
            return kOpticsCables;
        case PartKind::Rack:
        case PartKind::Pdu:
            return kRacksPower;
        case PartKind::Cdu:
            return kCooling;
        case PartKind::Gpu:
        case PartKind::Server:
            break;
        }
    }
    switch (device.role) {
    case DeviceRole::Switch:
        return kNetwork;
    case DeviceRole::Storage:
        return kStorage;
    case DeviceRole::Compute:
    case DeviceRole::Management:
        break;
    }
    return kCompute;
}

std::string gpuDetail(const Part &part)
{
    if (!part.server || part.server->gpuCount == 0)
        return {};
    return ", " + std::to_string(part.server->gpuCount) + " x " + part.server->gpuPart;
}

void addDevices(const Design &design, const Catalog &catalog, LineTable &table)
{
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        table.addPart(categoryOfDevice(device, part), part, device.catalogType, 1,
                      part ? gpuDetail(*part) : std::string());
    }
}

void addRacksAndPdus(const Design &design, const Catalog &catalog, LineTable &table)
{
    for (const Rack &rack : design.racks()) {
        table.addPart(kRacksPower, catalog.find(rack.catalogType), rack.catalogType, 1);
        for (const Pdu &pdu : rack.pdus) {
            if (!pdu.catalogType.empty()) {
                table.addPart(kRacksPower, catalog.find(pdu.catalogType), pdu.catalogType, 1);
                continue;
            }
            // A PDU described only by its electrical figures: an item to quote.
            const std::string rating = std::to_string(pdu.phases) + "-phase "
                + decimalText(pdu.voltageV) + " V " + decimalText(pdu.breakerA) + " A";
            BomLine &line = table.at(kRacksPower, "pdu:" + rating);
            if (line.quantity == 0) {
                line.partNumber = "PDU-" + std::to_string(pdu.phases) + "PH-"
                    + decimalText(pdu.voltageV) + "V-" + decimalText(pdu.breakerA) + "A";
                line.description = "Rack PDU " + rating + " (no catalog part named in the design)";
                line.remark = "no catalog part: quote required";
            }
            ++line.quantity;
        }
    }
}

void addCabling(const cabling::CablePlan &plan, const Catalog &catalog, LineTable &table)
{
    // Modules are the same part whatever the fibre length: one line per part, counted per
    // cage at each end (the far end of a single-port module is often a twin-port one).
    for (const cabling::ModuleCount &count : plan.modules) {
        const Part *part = catalog.find(count.catalogPart);
        BomLine &modules = table.at(kOpticsCables, "module:" + count.catalogPart);
        modules.catalogId = part->id;
        modules.partNumber = count.partNumber;
        modules.description
            = "Transceiver " + cabling::displayName(*part) + " (" + count.medium + ")";
        modules.unitPriceUsd = part->priceUsd;
        modules.quantity += count.count;
        modules.powerW += count.powerW;
    }
    for (const cabling::CableGroup &group : plan.groups) {
        const std::string length = decimalText(group.lengthM) + " m";
        if (group.transceiver) {
            const std::string fibre = group.fibre.empty() ? "fibre" : group.fibre;
            BomLine &cords
                = table.at(kOpticsCables, "fibre:" + fibre + ":" + decimalText(group.lengthM, 3));
            if (cords.quantity == 0) {
                cords.partNumber = "FIBRE-" + fibre + "-" + decimalText(group.lengthM) + "M";
                cords.description = "Fibre patch cord " + fibre + ", " + length
                    + " (connector to match the transceiver: MPO-12 for SR4/DR4)";
                cords.remark = "fibre not in the catalog: quote required";
            }
            cords.quantity += group.cables;
            continue;
        }
        BomLine &line = table.at(
            kOpticsCables, "cable:" + group.catalogPart + ":" + decimalText(group.lengthM, 3));
        if (line.quantity == 0) {
            if (group.inCatalog) {
                const Part *part = catalog.find(group.catalogPart);
                line.catalogId = part->id;
                line.partNumber = group.partNumber;
                line.description = cabling::displayName(*part) + ", " + length;
                line.unitPriceUsd = part->priceUsd;
            } else {
                line.partNumber = group.catalogPart.empty() ? "CABLE-TBD" : group.catalogPart;
                line.description = group.description + ", " + length;
                line.remark = group.catalogPart.empty() ? "no cable chosen: quote required"
                                                        : "not in the catalog: quote required";
            }
        }
        line.quantity += group.cables;
        line.powerW += group.activePowerW;
    }
}

/// Software and support: counted from the design, never priced by the catalog.
void addSoftwareSupport(const Design &design, const Catalog &catalog, LineTable &table)
{
    int nodes = 0, switches = 0, storage = 0, gpus = 0;
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        nodes += device.role == DeviceRole::Compute ? 1 : 0;
        switches += device.role == DeviceRole::Switch ? 1 : 0;
        storage += device.role == DeviceRole::Storage ? 1 : 0;
        gpus += part && part->server ? part->server->gpuCount : 0;
    }
    int infiniband = 0;
    for (const Fabric &fabric : design.fabrics())
        infiniband += fabric.technology == Technology::InfiniBand ? 1 : 0;
    auto add = [&table](const char *key, const char *partNumber, const std::string &description,
                        int quantity, const char *remark) {
        if (quantity == 0)
            return;
        BomLine &line = table.at(kSoftwareSupport, key);
        line.partNumber = partNumber;
        line.description = description;
        line.quantity = quantity;
        line.remark = remark;
    };
    add("1", "SW-SLURM", "Slurm workload manager (open source; vendor support optional)", 1,
        "open source: no licence fee");
    add("2", "SW-SUBNET-MANAGER",
        "InfiniBand subnet manager per fabric (OpenSM, open source; or NVIDIA UFM licence)",
        infiniband, "UFM licence, if used: quote required");
    add("3", "SUP-GPU-NODE", "Hardware support and warranty per GPU node (term to choose)", nodes,
        "quote required");
    add("4", "SW-GPU-LICENCE", "GPU software licence per GPU, if used (e.g. NVIDIA AI Enterprise)",
        gpus, "optional: quote required");
    add("5", "SUP-SWITCH", "Hardware support and warranty per switch", switches, "quote required");
    add("6", "SUP-STORAGE", "Storage hardware and software support per storage server", storage,
        "quote required");
}

std::string joinNames(const std::vector<std::string> &names)
{
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < kNamesInNote; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > kNamesInNote)
        out += ", ... (" + std::to_string(names.size()) + " in all)";
    return out;
}

} // namespace

const std::vector<std::string> &categoryOrder()
{
    static const std::vector<std::string> order {
        kCompute,    kNetwork, kOpticsCables,    kStorage,
        kRacksPower, kCooling, kSoftwareSupport, kSpares
    };
    return order;
}

std::string SparesPolicy::describe() const
{
    auto per = [](int n, const char *what) {
        return n > 0 ? "one spare " + std::string(what) + " per " + std::to_string(n)
                     : "no spare " + std::string(what) + "s";
    };
    return "Spares policy: " + per(hostAdaptersPerSpare, "HCA/NIC") + " linked host port(s), "
        + (cablesOpticsPct > 0
               ? decimalText(cablesOpticsPct) + " % of every cable, optics and fibre line"
               : std::string("no spare cables or optics"))
        + ", " + per(psusPerSpare, "PSU") + " server power supplies; each count rounded up";
}

Result<Bom> computeBom(const Design &design, const Catalog &catalog, const SparesPolicy &policy)
{
    // The counts only: the BOM never reads a row's location text.
    auto plan = cabling::buildCablePlan(design, catalog, cabling::CablePlanDetail::CountsOnly);
    if (!plan)
        return Error { "bill of materials: " + plan.error().message };
    return computeBom(design, catalog, *plan, policy);
}

Bom computeBom(const Design &design, const Catalog &catalog, const cabling::CablePlan &plan,
               const SparesPolicy &policy)
{
    LineTable table;
    addDevices(design, catalog, table);
    addRacksAndPdus(design, catalog, table);
    addCabling(plan, catalog, table);
    addSoftwareSupport(design, catalog, table);
    std::vector<BomLine> items = table.take();
    std::vector<BomLine> spares = detail::spareLines(design, catalog, policy, items);
    items.insert(items.end(), std::make_move_iterator(spares.begin()),
                 std::make_move_iterator(spares.end()));

    Bom bom;
    bom.spares = policy;
    const auto &order = categoryOrder();
    for (const std::string &name : order)
        bom.categories.push_back(BomCategory { name, 0, 0, 0 });
    // Category order, then the order each category was built in (stable).
    std::stable_sort(items.begin(), items.end(), [&order](const BomLine &x, const BomLine &y) {
        return std::find(order.begin(), order.end(), x.category)
            < std::find(order.begin(), order.end(), y.category);
    });
    std::vector<std::string> unpriced;
    std::set<std::string> unpricedSeen;
    for (BomLine &line : items) {
        line.extendedUsd = line.quantity * line.unitPriceUsd;
        // All electrical power drawn by IT equipment ends as heat in the room.
        line.heatW = line.powerW;
        if (line.unitPriceUsd <= 0) {
            if (line.remark.empty())
                line.remark = "no catalog price: quote required";
            if (unpricedSeen.insert(line.partNumber).second)
                unpriced.push_back(line.partNumber);
        }
        auto category
            = std::find_if(bom.categories.begin(), bom.categories.end(),
                           [&line](const BomCategory &c) { return c.name == line.category; });
        category->totalUsd += line.extendedUsd;
        category->powerW += line.powerW;
        category->heatW += line.heatW;
        bom.grandTotalUsd += line.extendedUsd;
        bom.powerW += line.powerW;
        bom.heatW += line.heatW;
    }
    bom.lines = std::move(items);

    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (part && part->server)
            bom.gpus += part->server->gpuCount;
        bom.devicePowerW += part ? part->maxPowerW : 0;
    }
    bom.cablingPowerW = plan.total.activePowerW;
    bom.transceivers = plan.total.transceivers;
    // The rest is what addRacksAndPdus counted: rack and PDU parts' own draw.
    bom.pduPowerW = bom.powerW - bom.devicePowerW - bom.cablingPowerW;
    bom.usdPerGpu = bom.gpus > 0 ? bom.grandTotalUsd / bom.gpus : 0;

    bom.notes.push_back(policy.describe()
                        + ". The design format carries no spares policy "
                          "(model/core/Settings.h), so these are the defaults unless overridden "
                          "with --param.");
    if (!unpriced.empty())
        bom.notes.push_back(std::to_string(unpriced.size())
                            + " item(s) have no catalog price and are listed at 0 USD (quote "
                              "them; the totals exclude them): "
                            + joinNames(unpriced));
    bom.notes.push_back("Prices are the catalog's priceUsd (rounded list-price estimates, not "
                        "quotes). A server's price includes its GPUs, NICs and PSUs as the "
                        "catalog describes it; GPUs are not priced again.");
    bom.notes.push_back("Power is each part's maximum (nameplate) power, as the power rules use; "
                        "optics power is the transceivers' and active cable ends'. Heat equals "
                        "power (1 W = 3.412 BTU/h). Spares draw no power.");
    bom.notes.push_back("Power total " + decimalText(bom.powerW, 1) + " W = devices' maximum "
                        + decimalText(bom.devicePowerW, 1)
                        + " W (the IT load of procurement-checklist.md) + optics and active "
                          "cable ends "
                        + decimalText(bom.cablingPowerW, 1) + " W + PDUs' own draw "
                        + decimalText(bom.pduPowerW, 1) + " W.");
    if (bom.gpus == 0)
        bom.notes.push_back("The design has no GPUs, so there is no cost per GPU.");
    for (const std::string &note : plan.notes)
        bom.notes.push_back("Cabling: " + note);
    return bom;
}

} // namespace cw::bom
