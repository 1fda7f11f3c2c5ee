// ClusterAssembler, second part: the floor layout over the site's halls, the CDUs of liquid
// rows, and cable lengths across halls (the out-of-band network: ClusterAssemblerOutOfBand.cpp).

#include "model/fabric/ClusterAssembler.h"

#include "calculators/Units.h"
#include "model/build/CableChooser.h"
#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cw {
namespace {

/// EIA-310: 1U = 1.75 in = 44.45 mm.
constexpr double kRackUnitM = 0.04445;

} // namespace

std::string numberedName(const std::string &prefix, int n, int width)
{
    std::string text = std::to_string(n);
    if (static_cast<int>(text.size()) < width)
        text.insert(0, static_cast<std::size_t>(width) - text.size(), '0');
    return prefix + text;
}

/// Where the layout stands: hall, row of the hall, next free position, the liquid heat of
/// the racks already in the row, and the row's index in m_rows (-1: not created yet, -2: a
/// row beyond the site, counted but not built).
struct ClusterAssembler::LayoutCursor
{
    int hall = 0;
    int row = 0;
    int position = 0;
    double liquidW = 0;
    int rowState = -1;
    bool beyondSite = false;
};

const Hall &ClusterAssembler::hall(int index) const
{
    if (m_freeFloor)
        return m_virtualHall;
    const auto &halls = m_site.site.halls;
    if (index < static_cast<int>(halls.size()))
        return halls[static_cast<std::size_t>(index)];
    return halls.back(); // beyond the site: more of the last hall, to count what is missing
}

std::optional<double> ClusterAssembler::hallRouteM(int a, int b) const
{
    const auto &site = m_site.site;
    const int count = static_cast<int>(site.halls.size());
    if (count == 0)
        return 0.0;
    a = std::min(a, count - 1);
    b = std::min(b, count - 1);
    if (a == b)
        return 0.0;
    if (m_hallRouteM.empty()) {
        std::map<std::string_view, int> indexOf;
        for (int h = 0; h < count; ++h)
            indexOf.emplace(site.halls[static_cast<std::size_t>(h)].name, h);
        m_hallRouteM.assign(static_cast<std::size_t>(count) * static_cast<std::size_t>(count), -1);
        for (const HallDistance &d : site.hallDistances) {
            const auto from = indexOf.find(d.from);
            const auto to = indexOf.find(d.to);
            if (from == indexOf.end() || to == indexOf.end() || from->second == to->second)
                continue;
            const auto at = [count](int x, int y) {
                return static_cast<std::size_t>(x) * static_cast<std::size_t>(count)
                    + static_cast<std::size_t>(y);
            };
            // The first entry for a pair wins, as in Site::hallDistanceM.
            if (m_hallRouteM[at(from->second, to->second)] < 0) {
                m_hallRouteM[at(from->second, to->second)] = d.distanceM;
                m_hallRouteM[at(to->second, from->second)] = d.distanceM;
            }
        }
    }
    const double routeM = m_hallRouteM[static_cast<std::size_t>(a) * static_cast<std::size_t>(count)
                                       + static_cast<std::size_t>(b)];
    if (routeM < 0)
        return std::nullopt;
    return routeM;
}

bool ClusterAssembler::takesRack(const Hall &hall, int row, const RackState &rack) const
{
    if (m_freeFloor)
        return true;
    if (rack.cooling == Cooling::Liquid && hall.coolingOfRow(row) != HallCooling::Liquid)
        return false;
    return hall.maxKwPerPosition <= 0 || rack.loadW <= hall.maxKwPerPosition * calc::wattsPerKw;
}

int ClusterAssembler::cdusFor(double liquidW) const
{
    if (liquidW <= 0 || !m_cduPart)
        return 0;
    const double capacityW = m_cduPart->cdu->capacityKw * calc::wattsPerKw;
    return static_cast<int>(std::ceil(liquidW / capacityW)) + m_site.site.cduRedundancy;
}

void ClusterAssembler::enterRow(LayoutCursor &cursor)
{
    if (cursor.rowState != -1)
        return;
    if (cursor.beyondSite) {
        cursor.rowState = -2;
        return;
    }
    Row row;
    row.id = m_design.newId<RowId>();
    row.index = cursor.row;
    row.hall = m_freeFloor ? std::string() : hall(cursor.hall).name;
    row.name = row.hall.empty() ? "R" : row.hall + "-R"; // numbered when the layout is done
    m_design.addRow(row);
    m_rows.push_back(RowState { row.id, cursor.hall, cursor.row });
    cursor.rowState = static_cast<int>(m_rows.size()) - 1;
}

void ClusterAssembler::closeRow(LayoutCursor &cursor)
{
    const int cdus = cdusFor(cursor.liquidW);
    for (int i = 0; i < cdus; ++i) {
        ++m_positionsUsed;
        if (cursor.rowState < 0)
            continue;
        Rack rack;
        rack.id = m_design.newId<RackId>();
        rack.name = numberedName("CDU", ++m_cduCount, 3);
        rack.catalogType = m_cduPart->id;
        rack.row = m_rows[static_cast<std::size_t>(cursor.rowState)].id;
        rack.position = cursor.position;
        m_design.addRack(rack);
        RackState state;
        state.id = rack.id;
        state.area = FloorArea::Network;
        state.row = cursor.rowState;
        state.position = cursor.position;
        state.rackUnits = 0;
        state.floorUnit = true;
        m_racks.push_back(state);
        ++cursor.position;
    }
    if (cursor.liquidW > 0 && !m_cduPart && m_notes.empty())
        m_notes.push_back("the catalog has no CDU part: liquid rows have no CDUs");
    cursor.liquidW = 0;
}

void ClusterAssembler::layoutRack(LayoutCursor &cursor, int rackIndex)
{
    RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
    // Rows tried without placing the rack: past every row of the site, the rack only counts
    // (a row too short for a rack and its CDUs would otherwise be tried forever).
    long long tried = 0;
    long long siteRows = 0;
    for (const Hall &h : m_site.site.halls)
        siteRows += h.rows;
    for (;;) {
        if (!m_freeFloor && !cursor.beyondSite
            && cursor.hall >= static_cast<int>(m_site.site.halls.size())) {
            // The default site grows by a standard hall, up to its bound; a user's site ends.
            if (m_site.growDefault && cursor.hall < kDefaultSiteMaxHalls)
                m_site.site = defaultSite(m_site.defaultSpec, cursor.hall + 1);
            else
                cursor.beyondSite = true;
        }
        if (!m_freeFloor && !m_site.growDefault && ++tried > siteRows + 1)
            cursor.beyondSite = true;
        const Hall &current = hall(cursor.hall);
        if (cursor.beyondSite || takesRack(current, cursor.row, rack)) {
            const int cdus = cdusFor(cursor.liquidW + rack.liquidW);
            if (cursor.position + 1 + cdus <= current.positionsPerRow
                || (cursor.beyondSite && cursor.position == 0)) {
                enterRow(cursor);
                rack.row = cursor.rowState;
                rack.position = cursor.position++;
                cursor.liquidW += rack.liquidW;
                ++m_positionsUsed;
                return;
            }
        }
        closeRow(cursor);
        cursor.position = 0;
        cursor.rowState = -1;
        if (++cursor.row >= current.rows) {
            cursor.row = 0;
            ++cursor.hall;
        }
    }
}

bool ClusterAssembler::groupFitsHall(LayoutCursor cursor, const std::vector<int> &group) const
{
    // layoutRack's walk over the rows of one hall, without placing anything.
    const Hall &current = hall(cursor.hall);
    for (int rackIndex : group) {
        const RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
        for (;;) {
            if (takesRack(current, cursor.row, rack)
                && cursor.position + 1 + cdusFor(cursor.liquidW + rack.liquidW)
                    <= current.positionsPerRow) {
                ++cursor.position;
                cursor.liquidW += rack.liquidW;
                break;
            }
            cursor.position = 0;
            cursor.liquidW = 0;
            if (++cursor.row >= current.rows)
                return false;
        }
    }
    return true;
}

std::vector<std::vector<int>> ClusterAssembler::layoutGroups() const
{
    // Racks by layout group in opening order, compute and network apart.
    std::vector<std::vector<int>> compute;
    std::vector<std::vector<int>> network;
    std::map<std::pair<FloorArea, int>, std::size_t> index;
    for (std::size_t r = 0; r < m_racks.size(); ++r) {
        const RackState &rack = m_racks[r];
        auto &groups = rack.area == FloorArea::Compute ? compute : network;
        auto [it, added] = index.emplace(std::pair(rack.area, rack.group), groups.size());
        if (added)
            groups.emplace_back();
        groups[it->second].push_back(static_cast<int>(r));
    }
    // The network groups in the middle of the compute groups: the longest spine cable is
    // halved, and no scalable unit is split by them.
    const std::size_t half = (compute.size() + 1) / 2;
    std::vector<std::vector<int>> order(compute.begin(), compute.begin() + static_cast<long>(half));
    order.insert(order.end(), network.begin(), network.end());
    order.insert(order.end(), compute.begin() + static_cast<long>(half), compute.end());
    return order;
}

bool ClusterAssembler::everyRackHasARow()
{
    // A rack no row of the site takes (a liquid-cooled rack in a site without direct liquid
    // cooling, a rack above every position's limit) would never be placed: refuse first. The
    // default site is judged by its standard hall.
    const std::vector<Hall> candidates = m_site.growDefault
        ? std::vector<Hall> { defaultHall(m_site.defaultSpec, 1) }
        : m_site.site.halls;
    for (const RackState &rack : m_racks) {
        bool somewhere = m_freeFloor;
        for (const Hall &candidate : candidates)
            for (int row = 0; row < candidate.rows && !somewhere; ++row)
                somewhere = takesRack(candidate, row, rack);
        if (somewhere)
            continue;
        const bool liquid = rack.cooling == Cooling::Liquid;
        m_shortfalls.push_back({ liquid ? SiteConstraint::Cooling : SiteConstraint::Power,
                                 liquid ? "rows with direct liquid cooling for liquid-cooled racks"
                                        : formatPower(rack.loadW) + " in one rack position",
                                 liquid ? "the site has none"
                                        : "the site's positions give at most "
                                         + formatPower(rackLimitW(rack.cooling)) });
        return false;
    }
    return true;
}

void ClusterAssembler::layoutFloor(const std::string &cduType)
{
    const Part *cdu = m_catalog.find(cduType);
    m_cduPart = cdu && cdu->cdu && cdu->cdu->capacityKw > 0 ? cdu : nullptr;
    if (!everyRackHasARow())
        return;

    LayoutCursor cursor;
    for (const std::vector<int> &group : layoutGroups()) {
        if (!m_freeFloor && !cursor.beyondSite && !groupFitsHall(cursor, group)) {
            LayoutCursor next;
            next.hall = cursor.hall + 1;
            if (groupFitsHall(next, group)) {
                closeRow(cursor);
                cursor.position = 0;
                cursor.rowState = -1;
                cursor.row = 0;
                ++cursor.hall;
            }
        }
        for (int rackIndex : group)
            layoutRack(cursor, rackIndex);
    }
    closeRow(cursor);

    if (m_site.growDefault)
        m_design.setSite(m_site.site);
    if (cursor.beyondSite) {
        int given = 0;
        for (const Hall &h : m_site.site.halls)
            given += h.positions();
        const std::string halls = std::to_string(m_site.site.halls.size()) + " hall"
            + (m_site.site.halls.size() == 1 ? "" : "s");
        m_shortfalls.push_back(
            { SiteConstraint::Positions,
              std::to_string(m_positionsUsed) + " rack positions (racks and CDUs)",
              m_site.growDefault ? "the default site grows to at most " + halls + " ("
                      + std::to_string(given) + " positions)"
                                 : "the site gives " + std::to_string(given) + " in " + halls });
        return; // the racks stay unplaced; the generator refuses
    }
    for (const RackState &state : m_racks) {
        if (state.floorUnit)
            continue;
        Rack rack = *m_design.rack(state.id);
        rack.row = m_rows[static_cast<std::size_t>(state.row)].id;
        rack.position = state.position;
        m_design.updateRack(std::move(rack));
    }
    m_design.removeRow(m_stagingRow);
    // Cables between halls follow the site's routes: each pair of halls in use needs one.
    std::vector<int> used;
    for (const RowState &row : m_rows)
        if (used.empty() || used.back() != row.hall)
            used.push_back(row.hall);
    for (std::size_t i = 0; i < used.size() && !m_freeFloor; ++i)
        for (std::size_t j = i + 1; j < used.size(); ++j) {
            const std::string &a = hall(used[i]).name;
            const std::string &b = hall(used[j]).name;
            if (!hallRouteM(used[i], used[j])) {
                m_shortfalls.push_back(
                    { SiteConstraint::Reach, "a cable route between halls " + a + " and " + b,
                      "the site gives no distance between them (hallDistances)" });
                return;
            }
        }
    int rowsPerHall = 0;
    for (const RowState &row : m_rows)
        rowsPerHall = std::max(rowsPerHall, row.index + 1);
    const int width = rowsPerHall >= 100 ? (rowsPerHall >= 1000 ? 4 : 3) : 2;
    for (const RowState &state : m_rows) {
        Row row = *m_design.row(state.id);
        row.name = numberedName(row.name, state.index + 1, width);
        m_design.updateRow(std::move(row));
    }
}

double ClusterAssembler::floorLengthM(const RackState &a, int uA, const RackState &b, int uB) const
{
    const Site &site = m_design.site();
    const RowState &rowA = m_rows[static_cast<std::size_t>(a.row)];
    const RowState &rowB = m_rows[static_cast<std::size_t>(b.row)];
    const Hall &hallA = hall(rowA.hall);
    if (rowA.hall == rowB.hall)
        return estimateCableLengthM(rowA.index, a.position, uA, rowB.index, b.position, uB,
                                    a.rackUnits, site.rackWidthM, hallA.rowPitchM, site.trayHeightM,
                                    site.slackM);
    // Between halls: up to the tray, along the hall to its entrance (row 0, position 0), the
    // route between the halls, and the same in the other hall.
    const Hall &hallB = hall(rowB.hall);
    auto toEntrance = [&site](const Hall &h, const RowState &row, const RackState &rack, int u) {
        return (rack.rackUnits - u) * kRackUnitM + site.trayHeightM + row.index * h.rowPitchM
            + rack.position * site.rackWidthM;
    };
    const std::optional<double> between = hallRouteM(rowA.hall, rowB.hall);
    // A site without the route: no cable reaches it (the reach shortfall names the rows).
    const double routeM = between ? *between : std::numeric_limits<double>::max() / 4;
    return toEntrance(hallA, rowA, a, uA) + routeM + toEntrance(hallB, rowB, b, uB) + site.slackM;
}

} // namespace cw
