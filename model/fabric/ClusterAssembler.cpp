#include "model/fabric/ClusterAssembler.h"

#include "model/build/CableChooser.h"
#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace cw {
namespace {

/// Budgets are the load times this factor (the brief's "IT budget = 1.25 x IT load"): room
/// for growth and for the gap between nameplate and measured draw.
constexpr double kBudgetHeadroom = 1.25;
/// PDU used for every generated rack: three-phase 415 V 60 A, A and B feeds.
constexpr const char *kPduType = "pdu-3ph-415v-60a";
/// Continuous load on a breaker is limited to 80 % of its rating (NEC 210.19/215.2), the
/// derating the reference designs use.
constexpr double kContinuousLoadFraction = 0.8;

std::string numbered(const char *prefix, int n, int width)
{
    std::string text = std::to_string(n);
    if (static_cast<int>(text.size()) < width)
        text.insert(0, static_cast<std::size_t>(width) - text.size(), '0');
    return prefix + text;
}

bool isAirCooled(const Part &part)
{
    return !part.cooling || *part.cooling == Cooling::Air;
}

} // namespace

ClusterAssembler::ClusterAssembler(Design &design, const Catalog &catalog, int racksPerRow)
    : m_design(design)
    , m_catalog(catalog)
    , m_racksPerRow(std::max(racksPerRow, 1))
{}

Result<int> ClusterAssembler::openRack(FloorArea area, const std::string &rackType)
{
    const Part *part = m_catalog.find(rackType);
    if (!part || !part->rack)
        return Error{"unknown rack type \"" + rackType + "\""};
    auto current = m_currentRow.find(area);
    if (current == m_currentRow.end()
        || m_rows[static_cast<std::size_t>(current->second)].racks >= m_racksPerRow) {
        Row row;
        row.id = m_design.newId<RowId>();
        row.name = "row-" + std::to_string(m_rows.size() + 1);  // renamed by finalizeFloor
        row.index = static_cast<int>(m_rows.size());
        m_design.addRow(row);
        m_rows.push_back(RowState{row.id, area, 0, row.index, 0});
        m_currentRow[area] = static_cast<int>(m_rows.size()) - 1;
    }
    const int rowIndex = m_currentRow[area];
    RowState &row = m_rows[static_cast<std::size_t>(rowIndex)];
    const int number = ++m_rackCount[area];
    Rack rack;
    rack.id = m_design.newId<RackId>();
    rack.name = area == FloorArea::Compute ? numbered("C", number, 4) : numbered("N", number, 3);
    rack.catalogType = rackType;
    rack.row = row.id;
    rack.position = row.racks++;
    m_design.addRack(rack);
    RackState state;
    state.id = rack.id;
    state.row = rowIndex;
    state.position = rack.position;
    state.rackUnits = part->rack->rackUnits;
    state.maxPowerW = part->rack->maxPowerKw * 1000.0;
    m_racks.push_back(state);
    m_currentRack[area] = static_cast<int>(m_racks.size()) - 1;
    return static_cast<int>(m_racks.size()) - 1;
}

bool ClusterAssembler::fits(int rackIndex, const Part &part, double extraW) const
{
    const RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    const int top = rack.nextU + std::max(part.uHeight, 1) - 1;
    if (top > rack.rackUnits - 1)  // the top U is the management switch's
        return false;
    return rack.maxPowerW <= 0 || rack.loadW + part.maxPowerW + extraW <= rack.maxPowerW;
}

Result<int> ClusterAssembler::placeAt(int rackIndex, int u, std::string name, const Part &part,
                                      DeviceRole role, Face face, int tier, double loadW)
{
    RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    Device device;
    device.id = m_design.newId<DeviceId>();
    device.name = std::move(name);
    device.catalogType = part.id;
    device.rack = rack.id;
    device.uPosition = u;
    device.face = face;
    device.role = role;
    device.tier = tier;
    const DeviceId id = device.id;
    m_design.addDevice(std::move(device));
    rack.loadW += loadW;
    if (isAirCooled(part))
        rack.airLoadW += loadW;
    m_devices.push_back(DeviceState{id, rackIndex, u, &part});
    return static_cast<int>(m_devices.size()) - 1;
}

Result<int> ClusterAssembler::place(int rackIndex, std::string name, const Part &part,
                                    DeviceRole role, Face face, int tier, double extraW)
{
    if (!fits(rackIndex, part, extraW))
        return Error{name + ": no room in rack " + std::to_string(rackIndex) + " for "
                     + part.id};
    RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    const int u = rack.nextU;
    rack.nextU += std::max(part.uHeight, 1);
    return placeAt(rackIndex, u, std::move(name), part, role, face, tier, part.maxPowerW + extraW);
}

bool ClusterAssembler::reserveUnits(int rackIndex, int units)
{
    RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    if (rack.nextU + units - 1 > rack.rackUnits - 1)  // the top U is the management switch's
        return false;
    rack.nextU += units;
    return true;
}

Result<int> ClusterAssembler::placeInArea(FloorArea area, const std::string &rackType,
                                          std::string name, const Part &part, DeviceRole role,
                                          Face face, int tier, double extraW)
{
    auto current = m_currentRack.find(area);
    if (current == m_currentRack.end() || !fits(current->second, part, extraW)) {
        auto opened = openRack(area, rackType);
        if (!opened)
            return opened.error();
        if (!fits(*opened, part, extraW))
            return Error{name + ": " + part.id + " does not fit an empty " + rackType};
    }
    return place(m_currentRack[area], std::move(name), part, role, face, tier, extraW);
}

double ClusterAssembler::opticsWPerPort(double speedGbps) const
{
    auto it = m_opticsCache.find(speedGbps);
    if (it != m_opticsCache.end())
        return it->second;
    double worst = 0;
    for (const auto &part : m_catalog.parts())
        if (part->kind == PartKind::Transceiver && part->cable
            && part->cable->linkSpeedGbps == speedGbps)
            worst = std::max(worst, part->maxPowerW / std::max(part->cable->linksPerCable, 1));
    const_cast<ClusterAssembler *>(this)->m_opticsCache.emplace(speedGbps, worst);
    return worst;
}

namespace {

/// The management switch's fabric ports of its slowest (access) and fastest (uplink) speed.
std::pair<std::vector<int>, std::vector<int>> accessAndUplinkPorts(const Part &mgmtSwitch)
{
    double slowest = 0;
    double fastest = 0;
    for (const PortSpec &port : mgmtSwitch.ports)
        if (port.role == PortRole::Fabric) {
            slowest = slowest == 0 ? port.speedGbps : std::min(slowest, port.speedGbps);
            fastest = std::max(fastest, port.speedGbps);
        }
    std::vector<int> access;
    std::vector<int> fast;
    for (std::size_t i = 0; i < mgmtSwitch.ports.size(); ++i) {
        const PortSpec &port = mgmtSwitch.ports[i];
        if (port.role != PortRole::Fabric)
            continue;
        if (port.speedGbps == slowest)
            access.push_back(static_cast<int>(i));
        else if (port.speedGbps == fastest)
            fast.push_back(static_cast<int>(i));
    }
    return { access, fast };
}

} // namespace

Result<void> ClusterAssembler::placeOutOfBand(const Part &mgmtSwitch,
                                              const std::string &networkRackType)
{
    // Devices reach their management switch over 1GBASE-T in their own row (<= 100 m,
    // ref:ieee-802-3ab); switches reach their parent over the fast uplink ports (SN2201:
    // 4 x 100G QSFP28), DAC in reach and single-mode optics beyond, so the tree spans a hall
    // of any size. Without fast ports the last access port is the uplink (copper only).
    auto [access, fast] = accessAndUplinkPorts(mgmtSwitch);
    const bool fibreUplinks = fast.size() >= 2;
    const int uplink = fibreUplinks ? fast.front() : (access.empty() ? -1 : access.back());
    if (!fibreUplinks && !access.empty())
        access.pop_back();
    const std::vector<int> children
        = fibreUplinks ? std::vector<int>(fast.begin() + 1, fast.end()) : access;
    if (access.size() < 2 || children.size() < 2)
        return Error { mgmtSwitch.id
                       + " has too few access or uplink ports for a management network" };
    const std::size_t fanOut = access.size();

    std::vector<std::pair<int, int>> managed;  // (device, its management port)
    for (std::size_t d = 0; d < m_devices.size(); ++d) {
        const Part &part = *m_devices[d].part;
        for (std::size_t p = 0; p < part.ports.size(); ++p)
            if (part.ports[p].role == PortRole::Management) {
                managed.emplace_back(static_cast<int>(d), static_cast<int>(p));
                break;
            }
    }
    auto place = [this](int device) {
        const RackState &rack
            = m_racks[static_cast<std::size_t>(m_devices[static_cast<std::size_t>(device)].rack)];
        return std::tuple(rack.row, rack.position, m_devices[static_cast<std::size_t>(device)].u);
    };
    std::stable_sort(managed.begin(), managed.end(),
                     [&](const auto &x, const auto &y) { return place(x.first) < place(y.first); });

    std::vector<int> level;
    int switchNumber = 0;
    const int height = std::max(mgmtSwitch.uHeight, 1);
    for (std::size_t first = 0; first < managed.size();) {
        // A group never leaves its row: its devices' copper stays within the row.
        const int row = std::get<0>(place(managed[first].first));
        std::size_t last = first;
        while (last < managed.size() && last - first < fanOut
               && std::get<0>(place(managed[last].first)) == row)
            ++last;
        std::string name = numbered("mgmt", ++switchNumber, 4);
        Result<int> placed = Error{""};
        for (std::size_t i = first; i < last && !placed && height == 1; ++i) {
            const int rackIndex = m_devices[static_cast<std::size_t>(managed[i].first)].rack;
            RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
            if (!rack.topFree)
                continue;
            rack.topFree = false;
            placed = placeAt(rackIndex, rack.rackUnits, name, mgmtSwitch, DeviceRole::Switch,
                             Face::Rear, 0, mgmtSwitch.maxPowerW);
        }
        if (!placed)
            placed = placeInArea(FloorArea::Network, networkRackType, name, mgmtSwitch,
                                 DeviceRole::Switch, Face::Rear, 0);
        if (!placed)
            return placed.error();
        for (std::size_t i = first; i < last; ++i)
            m_oobLinks.push_back({{managed[i].first, managed[i].second},
                                  {*placed, access[i - first]}});
        level.push_back(*placed);
        first = last;
    }
    // Aggregation tree over the uplink ports until one root is left.
    int tier = 1;
    while (level.size() > 1) {
        std::vector<int> parents;
        for (std::size_t first = 0; first < level.size(); first += children.size()) {
            auto parent = placeInArea(FloorArea::Network, networkRackType,
                                      numbered("mgmt-agg", ++switchNumber, 4), mgmtSwitch,
                                      DeviceRole::Switch, Face::Rear, tier);
            if (!parent)
                return parent.error();
            const std::size_t last = std::min(level.size(), first + children.size());
            for (std::size_t i = first; i < last; ++i)
                m_oobLinks.push_back({ { level[i], uplink }, { *parent, children[i - first] } });
            parents.push_back(*parent);
        }
        level = std::move(parents);
        ++tier;
    }
    return {};
}

void ClusterAssembler::finalizeFloor()
{
    std::vector<int> compute;
    std::vector<int> network;
    for (std::size_t r = 0; r < m_rows.size(); ++r)
        (m_rows[r].area == FloorArea::Compute ? compute : network).push_back(static_cast<int>(r));
    std::vector<int> order(compute.begin(), compute.begin() + static_cast<long>(compute.size() / 2));
    order.insert(order.end(), network.begin(), network.end());
    order.insert(order.end(), compute.begin() + static_cast<long>(compute.size() / 2), compute.end());
    const int width = order.size() >= 100 ? (order.size() >= 1000 ? 4 : 3) : 2;
    for (std::size_t index = 0; index < order.size(); ++index) {
        RowState &state = m_rows[static_cast<std::size_t>(order[index])];
        state.index = static_cast<int>(index);
        Row row = *m_design.row(state.id);
        row.index = state.index;
        row.name = numbered("R", state.index + 1, width);
        m_design.updateRow(std::move(row));
    }
}

double ClusterAssembler::portSpeed(int device, int port) const
{
    const Part &part = *m_devices[static_cast<std::size_t>(device)].part;
    return part.ports[static_cast<std::size_t>(port)].speedGbps;
}

void ClusterAssembler::connect(FabricId fabric, int a, int portA, int b, int portB)
{
    const DeviceState &da = m_devices[static_cast<std::size_t>(a)];
    const DeviceState &db = m_devices[static_cast<std::size_t>(b)];
    RackState &ra = m_racks[static_cast<std::size_t>(da.rack)];
    RackState &rb = m_racks[static_cast<std::size_t>(db.rack)];
    const Site &site = m_design.site();
    const double lengthM = estimateCableLengthM(
        m_rows[static_cast<std::size_t>(ra.row)].index, ra.position, da.u,
        m_rows[static_cast<std::size_t>(rb.row)].index, rb.position, db.u, ra.rackUnits,
        site.rackWidthM, site.rowPitchM, site.trayHeightM, site.slackM);
    const double speed = std::min(portSpeed(a, portA), portSpeed(b, portB));
    const std::string &formA = da.part->ports[static_cast<std::size_t>(portA)].formFactor;
    const std::string &formB = db.part->ports[static_cast<std::size_t>(portB)].formFactor;
    const CableKey key{speed, lengthM, &formA, &formB};
    auto it = m_cableCache.find(key);
    if (it == m_cableCache.end()) {
        const CableChoice choice = chooseCable(m_catalog, speed, lengthM, formA, formB);
        double power = 0;
        if (choice.part) {
            const double perCable = choice.part->kind == PartKind::Transceiver
                                        ? choice.part->maxPowerW
                                        : choice.part->cable->powerWPerEnd;
            power = perCable / std::max(choice.part->cable->linksPerCable, 1);
        }
        it = m_cableCache.emplace(key, CableValue{choice.part, choice.part ? choice.orderedLengthM
                                                                           : std::ceil(lengthM),
                                                  power, choice.note})
                 .first;
    }
    Link link;
    link.id = m_design.newId<LinkId>();
    link.fabric = fabric;
    link.a = PortRef{da.id, portA};
    link.b = PortRef{db.id, portB};
    if (it->second.part)
        link.cableType = it->second.part->id;
    else if (m_uncabled++ == 0)
        m_firstUncabled = m_design.device(da.id)->name + " to " + m_design.device(db.id)->name
            + ": " + it->second.fitNote;
    link.lengthM = it->second.lengthM;
    m_design.addLink(std::move(link));
    // Optics power counts toward the rack it is plugged into.
    for (RackState *rack : {&ra, &rb}) {
        rack->loadW += it->second.powerWPerEnd;
        rack->airLoadW += it->second.powerWPerEnd;
    }
}

void ClusterAssembler::connectOutOfBand(FabricId oob)
{
    for (const auto &[a, b] : m_oobLinks)
        connect(oob, a.first, a.second, b.first, b.second);
}

Result<void> ClusterAssembler::finish()
{
    const Part *pduPart = m_catalog.find(kPduType);
    const int phases = pduPart && pduPart->pdu ? pduPart->pdu->phases : 3;
    const double voltageV = pduPart && pduPart->pdu ? pduPart->pdu->voltageV : 415;
    const double breakerA = pduPart && pduPart->pdu ? pduPart->pdu->breakerA : 60;
    const double pduW = (phases == 3 ? std::sqrt(3.0) : 1.0) * voltageV * breakerA
                        * kContinuousLoadFraction;
    double itW = 0;
    double airW = 0;
    double maxAirRackW = 0;
    for (RackState &state : m_racks) {
        // Each feed alone carries the whole rack (A/B redundancy).
        const int perFeed = std::max(1, static_cast<int>(std::ceil(state.loadW / pduW)));
        Rack rack = *m_design.rack(state.id);
        rack.pdus.clear();
        for (Feed feed : {Feed::A, Feed::B})
            for (int i = 1; i <= perFeed; ++i)
                rack.pdus.push_back(Pdu{std::string(toString(feed)) + std::to_string(i), feed,
                                        pduPart ? kPduType : "", phases, voltageV, breakerA});
        m_design.updateRack(std::move(rack));
        m_rows[static_cast<std::size_t>(state.row)].loadW += state.loadW;
        itW += state.loadW;
        airW += state.airLoadW;
        maxAirRackW = std::max(maxAirRackW, state.airLoadW);
    }
    for (const RowState &state : m_rows) {
        Row row = *m_design.row(state.id);
        row.powerBudgetKw = std::ceil(kBudgetHeadroom * state.loadW / 1000.0);
        m_design.updateRow(std::move(row));
    }
    Site site = m_design.site();
    if (site.name.empty())
        site.name = "Generated site";
    site.itPowerBudgetKw = std::ceil(kBudgetHeadroom * itW / 1000.0);
    site.utilityPowerKw = std::ceil(site.itPowerBudgetKw * site.pue);
    site.airCoolingCapacityKw = std::ceil(kBudgetHeadroom * airW / 1000.0);
    site.liquidCoolingCapacityKw = std::ceil(kBudgetHeadroom * (itW - airW) / 1000.0);
    site.airLimitPerRackKw = std::max(site.airLimitPerRackKw,
                                      std::ceil(kBudgetHeadroom * maxAirRackW / 1000.0));
    m_design.setSite(site);
    // A link without a cable part is an error (net.link-without-cable): refuse the design
    // with the first link's reason rather than hand out one that fails its own rules.
    if (m_uncabled > 0)
        return Error { std::to_string(m_uncabled) + " link(s) cannot be cabled from the catalog ("
                       + m_firstUncabled
                       + "); choose parts whose port cages a catalog cable "
                         "joins, or add such a cable or module to the catalog" };
    if (auto verified = verify(); !verified)
        return Error { "generator bug: " + verified.error().message };
    return {};
}

Result<void> ClusterAssembler::verify() const
{
    std::unordered_set<std::string_view> names;
    std::vector<std::vector<std::pair<int, int>>> slots(m_racks.size());
    std::unordered_map<std::uint64_t, int> rackOf;
    for (std::size_t r = 0; r < m_racks.size(); ++r)
        rackOf.emplace(m_racks[r].id.value, static_cast<int>(r));
    for (const Device &device : m_design.devices()) {
        if (!names.insert(device.name).second)
            return Error{"generated hostname " + device.name + " is used twice"};
        const Part *part = m_catalog.find(device.catalogType);
        auto rack = rackOf.find(device.rack.value);
        if (!part || rack == rackOf.end())
            return Error{device.name + ": unknown part or rack"};
        const RackState &state = m_racks[static_cast<std::size_t>(rack->second)];
        const int top = device.uPosition + std::max(part->uHeight, 1) - 1;
        if (device.uPosition < 1 || top > state.rackUnits)
            return Error{device.name + " is outside its rack's U range"};
        slots[static_cast<std::size_t>(rack->second)].emplace_back(device.uPosition, top);
    }
    for (auto &rack : slots) {
        std::sort(rack.begin(), rack.end());
        for (std::size_t i = 1; i < rack.size(); ++i)
            if (rack[i].first <= rack[i - 1].second)
                return Error{"two generated devices overlap at U" + std::to_string(rack[i].first)};
    }
    for (const Link &link : m_design.links())
        for (const PortRef &end : {link.a, link.b}) {
            const Device *device = m_design.device(end.device);
            const Part *part = device ? m_catalog.find(device->catalogType) : nullptr;
            if (!part || end.port < 0 || end.port >= static_cast<int>(part->ports.size()))
                return Error{"link " + std::to_string(link.id.value) + " names a missing port"};
        }
    return {};
}

} // namespace cw
