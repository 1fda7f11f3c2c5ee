#pragma once

#include <string>

namespace cw {
struct Part;
struct PortSpec;
} // namespace cw

namespace cw::netbox {

/// A NetBox slug (lower-case letters, digits, '-' and '_'): other characters become '-'.
std::string slug(const std::string &text);

/// The NetBox interface type (ref:netbox-interface-types) of a catalog port, from its speed
/// and cage: 400 Gb/s OSFP -> "400gbase-x-osfp", 200 Gb/s QSFP56 -> "200gbase-x-qsfp56",
/// 1 Gb/s RJ45 -> "1000base-t"; "other" when NetBox has no such type.
std::string interfaceType(const PortSpec &port);

/// The NetBox cable type of a cabling-plan medium: dac -> "dac-passive", acc ->
/// "dac-active", aoc -> "aoc", multimode optics (sr4, sr8) -> "mmf", single-mode (dr4,
/// fr4, cwdm4, lr4) -> "smf", copper-rj45 -> "cat6a"; empty when unknown.
std::string cableType(const std::string &medium);

/// Power ports of a part: one per PSU (one when the catalog lists none). NetBox adds up the
/// draws of a device's power ports (ref:netbox-power-tracking), so each port carries its
/// share: maximum_draw = maximum power / ports, allocated_draw = typical power / ports, both
/// rounded up (a DGX H100, 10200 W max and 6 PSUs: 1700 W per port). The sum over the ports
/// gives the part's figures back, which is what the import reads.
struct PowerPorts
{
    int count = 1;
    int maximumDrawW = 0;
    int allocatedDrawW = 0;
};
PowerPorts powerPorts(const Part &part);

} // namespace cw::netbox
