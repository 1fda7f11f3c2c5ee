#include "views/canvas/NewEntities.h"

#include "model/catalog/Catalog.h"
#include "model/catalog/PartRole.h"
#include "model/core/Design.h"

#include <QMimeData>

#include <cctype>
#include <set>

namespace cw::canvas {
namespace {

std::string padded(int number, int width)
{
    std::string digits = std::to_string(number);
    while (static_cast<int>(digits.size()) < width)
        digits.insert(digits.begin(), '0');
    return digits;
}

/// "A" and 2 from "A02"; the whole name and -1 when it does not end in digits.
std::pair<std::string, int> splitNumber(const std::string &name)
{
    std::size_t end = name.size();
    while (end > 0 && std::isdigit(static_cast<unsigned char>(name[end - 1])))
        --end;
    if (end == name.size() || name.size() - end > 6)
        return { name, -1 };
    return { name.substr(0, end), std::stoi(name.substr(end)) };
}

template<typename Table>
std::set<std::string> namesOf(const Table &table)
{
    std::set<std::string> names;
    for (const auto &entity : table)
        names.insert(entity.name);
    return names;
}

std::string nextFree(const std::set<std::string> &used, const std::string &prefix, int first,
                     int width)
{
    for (int n = std::max(first, 1);; ++n) {
        std::string candidate = prefix + padded(n, width);
        if (!used.contains(candidate))
            return candidate;
    }
}

} // namespace

const Part *partFromMime(const QMimeData *mime, const Catalog &catalog)
{
    if (!mime || !mime->hasFormat(QString::fromLatin1(kPartMimeType)))
        return nullptr;
    const QByteArray id = mime->data(QString::fromLatin1(kPartMimeType)).trimmed();
    return catalog.find(std::string_view(id.constData(), static_cast<std::size_t>(id.size())));
}

std::string newDeviceName(const Design &design, DeviceRole role)
{
    const char *prefix = hostnameStemOf(role);
    const std::set<std::string> used = namesOf(design.devices());
    int highest = 0;
    for (const std::string &name : used) {
        const auto [stem, number] = splitNumber(name);
        if (stem == prefix)
            highest = std::max(highest, number);
    }
    return nextFree(used, prefix, highest + 1, 2);
}

std::string newRackName(const Design &design, RowId row)
{
    const std::set<std::string> used = namesOf(design.racks());
    std::string prefix;
    int highest = 0;
    int width = 2;
    for (const Rack &rack : design.racks()) {
        if (rack.row != row)
            continue;
        const auto [stem, number] = splitNumber(rack.name);
        if (number < 0)
            continue;
        prefix = stem;
        width = static_cast<int>(rack.name.size() - stem.size());
        highest = std::max(highest, number);
    }
    if (prefix.empty()) {
        const Row *r = design.row(row);
        prefix = (r ? r->name : std::string("rack")) + "-";
    }
    return nextFree(used, prefix, highest + 1, width);
}

std::string newRowName(const Design &design)
{
    return nextFree(namesOf(design.rows()), "R", static_cast<int>(design.rows().size()) + 1, 1);
}

Device newDevice(const Design &design, const Part &part, RackId rack, int uPosition, Face face)
{
    Device device;
    device.role = defaultRoleOf(part);
    device.name = newDeviceName(design, device.role);
    device.catalogType = part.id;
    device.rack = rack;
    device.uPosition = uPosition;
    device.face = face;
    return device;
}

Rack newRack(const Design &design, const Part &part, RowId row, int position)
{
    Rack rack;
    rack.name = newRackName(design, row);
    rack.catalogType = part.id;
    rack.row = row;
    rack.position = position;
    const Rack *model = nullptr;
    for (const Rack &other : design.racks()) {
        if (other.pdus.empty())
            continue;
        if (!model || (other.row == row && model->row != row))
            model = &other;
    }
    if (model)
        rack.pdus = model->pdus;
    return rack;
}

} // namespace cw::canvas
