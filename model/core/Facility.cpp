#include "model/core/Facility.h"

#include <algorithm>

namespace cw {

std::string_view toString(HallCooling value)
{
    switch (value) {
    case HallCooling::Air:
        return "air";
    case HallCooling::RearDoor:
        return "rear-door";
    case HallCooling::Liquid:
        return "liquid";
    }
    return "?";
}

std::optional<HallCooling> parseHallCooling(std::string_view text)
{
    for (HallCooling value : { HallCooling::Air, HallCooling::RearDoor, HallCooling::Liquid })
        if (toString(value) == text)
            return value;
    return std::nullopt;
}

HallCooling Hall::coolingOfRow(int row) const
{
    for (const RowCooling &entry : rowCooling)
        if (entry.row == row)
            return entry.cooling;
    return cooling;
}

const Hall *Site::hall(std::string_view hallName) const
{
    auto it = std::find_if(halls.begin(), halls.end(), [hallName](const Hall &candidate) {
        return candidate.name == hallName;
    });
    return it == halls.end() ? nullptr : &*it;
}

std::optional<double> Site::hallDistanceM(std::string_view a, std::string_view b) const
{
    if (a == b)
        return 0.0;
    for (const HallDistance &d : hallDistances)
        if ((d.from == a && d.to == b) || (d.from == b && d.to == a))
            return d.distanceM;
    return std::nullopt;
}

} // namespace cw
