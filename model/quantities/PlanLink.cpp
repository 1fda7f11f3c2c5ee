#include "model/quantities/PlanLink.h"

#include "model/catalog/Part.h"
#include "model/core/Equipment.h"

#include <charconv>
#include <cstring>

namespace cw::cabling::linktext {

namespace {
constexpr int kCableIdDigits = 5;
}

std::string_view fabric(const PlanLink &link)
{
    return link.fabric ? std::string_view(*link.fabric) : std::string_view("?");
}

std::string_view medium(const PlanLink &link)
{
    if (link.link->cableType.empty())
        return "none";
    return link.part ? std::string_view(link.part->cable->medium) : std::string_view("unknown");
}

std::string_view catalogPart(const PlanLink &link)
{
    return link.link->cableType;
}

std::string_view partNumber(const PlanLink &link)
{
    return link.partNumber ? std::string_view(*link.partNumber) : std::string_view();
}

double lengthM(const PlanLink &link)
{
    return link.link->lengthM;
}

std::string_view device(const DevicePlace &place)
{
    return place.device->name;
}

int u(const DevicePlace &place)
{
    return place.device->uPosition;
}

std::string_view port(const DevicePlace &place, int portIndex, std::string &scratch)
{
    if (place.part && portIndex >= 0
        && static_cast<std::size_t>(portIndex) < place.part->ports.size())
        return place.part->ports[static_cast<std::size_t>(portIndex)].name;
    scratch = "port" + std::to_string(portIndex);
    return scratch;
}

std::string_view cableId(std::uint64_t cableLink, char (&buffer)[24])
{
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, cableLink).ptr;
    const auto length = static_cast<int>(end - digits);
    char *out = buffer;
    *out++ = 'C';
    for (int pad = length; pad < kCableIdDigits; ++pad)
        *out++ = '0';
    std::memcpy(out, digits, static_cast<std::size_t>(length));
    out += length;
    return { buffer, static_cast<std::size_t>(out - buffer) };
}

} // namespace cw::cabling::linktext
