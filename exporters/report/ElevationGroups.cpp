#include "exporters/report/ElevationGroups.h"

#include "exporters/report/Drawing.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace cw::report {
namespace {

/// Exact text of a double (its bits): equal keys mean equal figures, not nearly equal ones.
void put(std::string &key, double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value == 0 ? 0.0 : value);
    key.append(reinterpret_cast<const char *>(&bits), sizeof bits);
}

void put(std::string &key, long long value)
{
    key.append(reinterpret_cast<const char *>(&value), sizeof value);
}

void put(std::string &key, const std::string &text)
{
    put(key, static_cast<long long>(text.size()));
    key += text;
}

void put(std::string &key, const FeedFigures &feed)
{
    put(key, static_cast<long long>(feed.present));
    put(key, static_cast<long long>(feed.pdus));
    put(key, feed.capacityKw);
    put(key, feed.failoverLoadPct);
    put(key, feed.breakers);
    put(key, feed.phases);
    put(key, feed.pduTypes);
}

/// Everything sameElevation compares, as bytes: names, ids and places left out.
std::string elevationKey(const RackFigures &rack)
{
    std::string key;
    key.reserve(160 + 64 * rack.devices.size());
    put(key, rack.cabinetType);
    put(key, static_cast<long long>(rack.rackUnits));
    put(key, static_cast<long long>(rack.cooling));
    for (const double value :
         { rack.loadKw, rack.typicalKw, rack.failoverCapacityKw, rack.airKw, rack.liquidKw,
           rack.equipmentKg, rack.cabinetKg, rack.widthM, rack.depthM })
        put(key, value);
    put(key, static_cast<long long>(rack.overAirLimit));
    put(key, rack.feedA);
    put(key, rack.feedB);
    put(key, static_cast<long long>(rack.devices.size()));
    for (const MountedDevice &device : rack.devices) {
        put(key, device.partId);
        put(key, device.name); // empty unless the device has no part
        put(key, static_cast<long long>(device.bottomU));
        put(key, static_cast<long long>(device.heightU));
        put(key, static_cast<long long>(device.face));
        put(key, static_cast<long long>(device.role));
        put(key, device.maxPowerW);
    }
    return key;
}

/// Devices are sorted by (bottom U, name) in RackFigures; names do not count here, so two
/// devices at the same U (front and rear) are compared in a name-free order.
RackFigures withoutNames(const RackFigures &rack)
{
    RackFigures copy = rack;
    for (MountedDevice &device : copy.devices)
        if (!device.partId.empty()) // a device without a part is drawn by its name
            device.name.clear();
    std::stable_sort(
        copy.devices.begin(), copy.devices.end(),
        [](const MountedDevice &a, const MountedDevice &b) {
            return std::tie(a.bottomU, a.face, a.partId, a.heightU, a.role, a.maxPowerW)
                < std::tie(b.bottomU, b.face, b.partId, b.heightU, b.role, b.maxPowerW);
        });
    return copy;
}

/// "3,653": thousands grouped as in the rest of the report.
std::string grouped(std::size_t count)
{
    std::string digits = std::to_string(count);
    for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

} // namespace

bool sameElevation(const RackFigures &a, const RackFigures &b)
{
    return elevationKey(withoutNames(a)) == elevationKey(withoutNames(b));
}

ElevationIndex groupElevations(const std::vector<RackFigures> &racks)
{
    ElevationIndex index;
    index.groupOfRack.resize(racks.size());
    std::unordered_map<std::string, std::size_t> groupOfKey;
    for (std::size_t i = 0; i < racks.size(); ++i) {
        const auto [it, added]
            = groupOfKey.try_emplace(elevationKey(withoutNames(racks[i])), index.groups.size());
        if (added)
            index.groups.emplace_back();
        index.groups[it->second].racks.push_back(i);
        index.groupOfRack[i] = it->second;
    }
    return index;
}

std::string drawingLabel(std::size_t group)
{
    return "E" + std::to_string(group + 1);
}

std::string rackRanges(const std::vector<RackFigures> &racks,
                       const std::vector<std::size_t> &members, std::size_t maxRuns)
{
    std::string text;
    std::size_t runs = 0;
    bool cut = false;
    for (std::size_t k = 0; k < members.size();) {
        std::size_t end = k + 1; // one past the run of neighbours in report order
        while (end < members.size() && members[end] == members[end - 1] + 1)
            ++end;
        if (runs == maxRuns) {
            cut = true;
            break;
        }
        if (runs > 0)
            text += ", ";
        text += racks[members[k]].name;
        if (end - k > 1)
            text += " to " + racks[members[end - 1]].name;
        ++runs;
        k = end;
    }
    if (cut)
        text += ", ...";
    if (cut || members.size() > 1)
        text += " (" + grouped(members.size()) + " racks)";
    return text;
}

std::string elevationContents(const RackFigures &rack)
{
    std::vector<std::pair<std::string, int>> parts; // in order of first mount
    for (const MountedDevice &device : rack.devices) {
        const std::string &part = device.partId.empty() ? device.name : device.partId;
        auto it = std::find_if(parts.begin(), parts.end(),
                               [&](const auto &entry) { return entry.first == part; });
        if (it == parts.end())
            parts.emplace_back(part, 1);
        else
            ++it->second;
    }
    std::string text = (rack.cabinetType.empty() ? std::string("rack") : rack.cabinetType) + " "
        + std::to_string(rack.rackUnits) + "U";
    for (std::size_t i = 0; i < parts.size(); ++i)
        text += (i == 0 ? "; " : " + ") + std::to_string(parts[i].second) + " x " + parts[i].first;
    if (parts.empty())
        text += "; empty";
    return text;
}

QString elevationCaption(const std::vector<RackFigures> &racks, const ElevationIndex &index,
                         std::size_t group)
{
    const std::vector<std::size_t> &members = index.groups[group].racks;
    const RackFigures &rack = racks[members.front()];
    const QString head = members.size() == 1
        ? QStringLiteral("%1: rack %2").arg(qs(drawingLabel(group)), qs(rack.name))
        : QStringLiteral("%1: %2 racks")
              .arg(qs(drawingLabel(group)), number(static_cast<double>(members.size()), 0));
    QString text = head + QStringLiteral(", ") + kw(rack.loadKw) + QStringLiteral("\n")
        + qs(elevationContents(rack));
    if (members.size() > 1)
        text += QStringLiteral("\n") + qs(rackRanges(racks, members, kCaptionRuns));
    return text;
}

} // namespace cw::report
