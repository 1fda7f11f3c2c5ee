#pragma once

#include "model/core/CableName.h"
#include "model/core/Enums.h"
#include "model/core/Ids.h"
#include "model/core/Network.h"

#include <optional>
#include <string>

namespace cw {

/// A device mounted in a rack. `uPosition` is the lowest U it occupies (1 = bottom); its
/// height, power and ports come from the catalog part `catalogType`.
struct Device
{
    DeviceId id;
    std::string name; ///< hostname
    std::string catalogType;
    RackId rack;
    int uPosition = 1;
    Face face = Face::Front;
    DeviceRole role = DeviceRole::Compute;
    int tier = -1; ///< switches: 0 leaf, 1 spine, 2 core; -1 when not a fabric switch
    /// RoCE settings of this device (its NICs, or the switch) when they differ from the
    /// profile of the fabric it is on; nullopt = follows the fabric. The RoCE rules compare
    /// hops with it (NIC vs switch PFC priority, DSCP map, MTU).
    std::optional<QosProfile> qos;

    bool operator==(const Device &) const = default;
};

/// One end of a link: a device and the index of its port in the catalog part's port list.
struct PortRef
{
    DeviceId device;
    int port = -1;

    auto operator<=>(const PortRef &) const = default;
};

/// A cable between two ports on one fabric. 64 bytes: the cable part is a pooled name
/// (CableName), and half a million links of a 16k-node design fill their table once.
struct Link
{
    LinkId id;
    FabricId fabric;
    PortRef a;
    PortRef b;
    CableName cableType; ///< catalog cable or transceiver part; empty = not chosen yet
    double lengthM = 0;

    bool operator==(const Link &) const = default;
};

} // namespace cw
