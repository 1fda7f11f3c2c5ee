#include "model/fabric/ClusterAssembler.h"

#include "calculators/Units.h"
#include "model/build/CableChooser.h"
#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace cw {
namespace {

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

} // namespace

ClusterAssembler::ClusterAssembler(Design &design, const Catalog &catalog, SitePlacement site,
                                   int racksPerRow)
    : m_design(design)
    , m_catalog(catalog)
    , m_site(std::move(site))
    , m_racksPerRow(std::max(racksPerRow, 1))
{
    m_freeFloor = m_site.site.halls.empty() && !m_site.growDefault;
    if (m_freeFloor) {
        // The free floor of a site without halls: rows of racks-per-row, as many as needed.
        m_virtualHall.rows = std::numeric_limits<int>::max() / 2;
        m_virtualHall.positionsPerRow = m_racksPerRow;
        m_virtualHall.rowPitchM = m_site.site.rowPitchM;
        m_virtualHall.cooling = HallCooling::Liquid; // any rack may stand in any row
    }
    if (m_site.growDefault && m_site.site.halls.empty())
        m_site.site = defaultSite(m_site.defaultSpec, 1);
    m_design.setSite(m_site.site);
    Row staging;
    staging.id = m_design.newId<RowId>();
    staging.name = "unplaced";
    m_stagingRow = staging.id;
    m_design.addRow(std::move(staging));
}

double ClusterAssembler::rackLimitW(Cooling cooling) const
{
    if (m_freeFloor)
        return positionLimitKw(m_site.site, nullptr, cooling) * calc::wattsPerKw;
    // The lowest limit among the halls' rows that take such a rack (0 = no limit there).
    double lowestKw = -1;
    RackState probe;
    probe.cooling = cooling;
    const int halls = m_site.growDefault ? 1 : static_cast<int>(m_site.site.halls.size());
    for (int h = 0; h < halls; ++h) {
        const Hall &candidate = hall(h);
        for (int row = 0; row < candidate.rows; ++row) {
            if (!takesRack(candidate, row, probe))
                continue;
            const double kw = candidate.maxKwPerPosition > 0 ? candidate.maxKwPerPosition
                                                             : std::numeric_limits<double>::max();
            lowestKw = lowestKw < 0 ? kw : std::min(lowestKw, kw);
        }
    }
    if (lowestKw < 0 || lowestKw == std::numeric_limits<double>::max())
        return 0;
    return lowestKw * calc::wattsPerKw;
}

Result<int> ClusterAssembler::openRack(FloorArea area, const std::string &rackType)
{
    const Part *part = m_catalog.find(rackType);
    if (!part || !part->rack)
        return Error { "unknown rack type \"" + rackType + "\"" };
    const int number = ++m_rackCount[area];
    Rack rack;
    rack.id = m_design.newId<RackId>();
    rack.name = area == FloorArea::Compute ? numbered("C", number, 4) : numbered("N", number, 3);
    rack.catalogType = rackType;
    rack.row = m_stagingRow; // layoutFloor gives the rack its row and position
    rack.position = static_cast<int>(m_racks.size());
    m_design.addRack(rack);
    RackState state;
    state.id = rack.id;
    state.area = area;
    state.group = m_group;
    state.cooling = part->cooling.value_or(Cooling::Air);
    state.rackUnits = part->rack->rackUnits;
    const double ratingW = part->rack->maxPowerKw * calc::wattsPerKw;
    const double limitW = rackLimitW(state.cooling);
    state.maxPowerW = ratingW <= 0 ? limitW : limitW <= 0 ? ratingW : std::min(ratingW, limitW);
    m_racks.push_back(state);
    m_currentRack[area] = static_cast<int>(m_racks.size()) - 1;
    return static_cast<int>(m_racks.size()) - 1;
}

bool ClusterAssembler::fits(int rackIndex, const Part &part, double extraW) const
{
    const RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    if (rack.floorUnit)
        return false;
    const int top = rack.nextU + std::max(part.uHeight, 1) - 1;
    if (top > rack.rackUnits - 1) // the top U is the management switch's
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
    // The liquid loop takes a liquid-only part's heat, and a hybrid part's in a liquid rack.
    const Cooling cooling = part.cooling.value_or(Cooling::Air);
    if (cooling == Cooling::Liquid
        || (cooling == Cooling::Hybrid && rack.cooling == Cooling::Liquid))
        rack.liquidW += part.maxPowerW;
    m_devices.push_back(DeviceState { id, rackIndex, u, &part });
    return static_cast<int>(m_devices.size()) - 1;
}

Result<int> ClusterAssembler::place(int rackIndex, std::string name, const Part &part,
                                    DeviceRole role, Face face, int tier, double extraW)
{
    if (!fits(rackIndex, part, extraW))
        return Error { name + ": no room in rack " + std::to_string(rackIndex) + " for "
                       + part.id };
    RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    const int u = rack.nextU;
    rack.nextU += std::max(part.uHeight, 1);
    return placeAt(rackIndex, u, std::move(name), part, role, face, tier, part.maxPowerW + extraW);
}

bool ClusterAssembler::reserveUnits(int rackIndex, int units)
{
    RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    if (rack.nextU + units - 1 > rack.rackUnits - 1) // the top U is the management switch's
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
            return Error {
                name + ": " + part.id + " does not fit an empty " + rackType
                + (m_racks[static_cast<std::size_t>(*opened)].maxPowerW > 0 ? " within "
                           + formatPower(m_racks[static_cast<std::size_t>(*opened)].maxPowerW)
                                                                            : std::string())
            };
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
    const double lengthM = floorLengthM(ra, da.u, rb, db.u);
    const double speed = std::min(portSpeed(a, portA), portSpeed(b, portB));
    const std::string &formA = da.part->ports[static_cast<std::size_t>(portA)].formFactor;
    const std::string &formB = db.part->ports[static_cast<std::size_t>(portB)].formFactor;
    const CableKey key { speed, lengthM, &formA, &formB };
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
        it = m_cableCache
                 .emplace(key,
                          CableValue { choice.part,
                                       choice.part ? choice.orderedLengthM : std::ceil(lengthM),
                                       power, choice.note, choice.longestFittingReachM })
                 .first;
    }
    Link link;
    link.id = m_design.newId<LinkId>();
    link.fabric = fabric;
    link.a = PortRef { da.id, portA };
    link.b = PortRef { db.id, portB };
    if (it->second.part) {
        link.cableType = it->second.part->id;
    } else {
        const double reachM = it->second.fittingReachM;
        if (reachM > 0 && lengthM > reachM) {
            // Longer than any catalog part joining these cages at this speed reaches: the
            // site's distances are the binding constraint (the generator refuses with the
            // largest design that fits).
            const bool first
                = std::none_of(m_shortfalls.begin(), m_shortfalls.end(),
                               [](const auto &s) { return s.constraint == SiteConstraint::Reach; });
            if (first) {
                const Row &rowA = *m_design.row(m_rows[static_cast<std::size_t>(ra.row)].id);
                const Row &rowB = *m_design.row(m_rows[static_cast<std::size_t>(rb.row)].id);
                m_shortfalls.push_back(
                    { SiteConstraint::Reach,
                      "a " + std::to_string(static_cast<int>(std::ceil(lengthM))) + " m link at "
                          + std::to_string(static_cast<int>(speed)) + " Gb/s (row " + rowA.name
                          + " to row " + rowB.name + ")",
                      "the longest catalog cable or optic joining " + formA + " and " + formB
                          + " cages at that speed reaches "
                          + std::to_string(static_cast<int>(reachM)) + " m" });
            }
        } else if (m_uncabled++ == 0) {
            // No catalog part fits both cages (or none exists at this speed): finish() refuses.
            m_firstUncabled = m_design.device(da.id)->name + " to " + m_design.device(db.id)->name
                + ": " + it->second.fitNote;
        }
    }
    link.lengthM = it->second.lengthM;
    m_design.addLink(link);
    // Optics power counts toward the rack it is plugged into.
    ra.loadW += it->second.powerWPerEnd;
    rb.loadW += it->second.powerWPerEnd;
}

void ClusterAssembler::checkSite()
{
    for (SiteShortfall &shortfall :
         checkSiteBudgets(m_design.site(), siteLoad(m_design, m_catalog)))
        m_shortfalls.push_back(std::move(shortfall));
}

Result<void> ClusterAssembler::finish()
{
    const Part *pduPart = m_catalog.find(kPduType);
    const int phases = pduPart && pduPart->pdu ? pduPart->pdu->phases : 3;
    const double voltageV = pduPart && pduPart->pdu ? pduPart->pdu->voltageV : 415;
    const double breakerA = pduPart && pduPart->pdu ? pduPart->pdu->breakerA : 60;
    const double pduW
        = (phases == 3 ? std::sqrt(3.0) : 1.0) * voltageV * breakerA * kContinuousLoadFraction;
    for (RackState &state : m_racks) {
        if (state.floorUnit)
            continue; // a CDU's pumps are facility load, fed by the mechanical plant
        // Each feed alone carries the whole rack (A/B redundancy).
        const int perFeed = std::max(1, static_cast<int>(std::ceil(state.loadW / pduW)));
        Rack rack = *m_design.rack(state.id);
        rack.pdus.clear();
        for (Feed feed : { Feed::A, Feed::B })
            for (int i = 1; i <= perFeed; ++i)
                rack.pdus.push_back(Pdu { std::string(toString(feed)) + std::to_string(i), feed,
                                          pduPart ? kPduType : "", phases, voltageV, breakerA });
        m_design.updateRack(std::move(rack));
    }
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
            return Error { "generated hostname " + device.name + " is used twice" };
        const Part *part = m_catalog.find(device.catalogType);
        auto rack = rackOf.find(device.rack.value);
        if (!part || rack == rackOf.end())
            return Error { device.name + ": unknown part or rack" };
        const RackState &state = m_racks[static_cast<std::size_t>(rack->second)];
        const int top = device.uPosition + std::max(part->uHeight, 1) - 1;
        if (device.uPosition < 1 || top > state.rackUnits)
            return Error { device.name + " is outside its rack's U range" };
        slots[static_cast<std::size_t>(rack->second)].emplace_back(device.uPosition, top);
    }
    for (auto &rack : slots) {
        std::sort(rack.begin(), rack.end());
        for (std::size_t i = 1; i < rack.size(); ++i)
            if (rack[i].first <= rack[i - 1].second)
                return Error { "two generated devices overlap at U"
                               + std::to_string(rack[i].first) };
    }
    for (const Link &link : m_design.links())
        for (const PortRef &end : { link.a, link.b }) {
            const Device *device = m_design.device(end.device);
            const Part *part = device ? m_catalog.find(device->catalogType) : nullptr;
            if (!part || end.port < 0 || end.port >= static_cast<int>(part->ports.size()))
                return Error { "link " + std::to_string(link.id.value) + " names a missing port" };
        }
    return {};
}

} // namespace cw
