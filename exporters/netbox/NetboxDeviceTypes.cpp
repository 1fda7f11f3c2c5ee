#include "exporters/common/Yaml.h"
#include "exporters/netbox/NetboxFiles.h"
#include "exporters/netbox/NetboxTypes.h"
#include "model/catalog/Part.h"

#include <cmath>
#include <cstdio>

namespace cw::netbox {
namespace {

std::string number(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", value);
    std::string text = buffer;
    while (text.back() == '0')
        text.pop_back();
    if (text.back() == '.')
        text.pop_back();
    return text;
}

} // namespace

std::string deviceTypeYaml(const Part &part)
{
    std::string out = "---\n";
    out += "manufacturer: " + yaml::quoted(part.vendor) + "\n";
    out += "model: " + yaml::quoted(part.model) + "\n";
    out += "slug: " + yaml::quoted(slug(part.vendor + "-" + part.model)) + "\n";
    out += "part_number: " + yaml::quoted(part.id) + "\n";
    out += "u_height: " + number(part.uHeight) + "\n";
    out += "is_full_depth: " + std::string(part.uHeight > 0 ? "true" : "false") + "\n";
    if (part.weightKg > 0)
        out += "weight: " + number(part.weightKg) + "\nweight_unit: \"kg\"\n";
    out += "comments: " + yaml::quoted("Clusterwright catalog part " + part.id) + "\n";
    if (part.maxPowerW > 0) {
        const PowerPorts power = powerPorts(part);
        out += "power-ports:\n";
        for (int i = 1; i <= power.count; ++i)
            out += "  - name: " + yaml::quoted("PSU" + std::to_string(i))
                + "\n    maximum_draw: " + std::to_string(power.maximumDrawW)
                + "\n    allocated_draw: " + std::to_string(power.allocatedDrawW) + "\n";
    }
    if (!part.ports.empty()) {
        out += "interfaces:\n";
        for (const PortSpec &port : part.ports)
            out += "  - name: " + yaml::quoted(port.name)
                + "\n    type: " + yaml::quoted(interfaceType(port)) + "\n    mgmt_only: "
                + (port.role == PortRole::Management ? "true" : "false") + "\n";
    }
    return out;
}

} // namespace cw::netbox
