#include "model/core/Enums.h"

#include "model/core/Ids.h"

#include <array>
#include <utility>

namespace cw {
namespace {

template<typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<Face, 2> kFaces { { { Face::Front, "front" }, { Face::Rear, "rear" } } };
constexpr NameTable<DeviceRole, 4> kRoles { { { DeviceRole::Compute, "compute" },
                                              { DeviceRole::Switch, "switch" },
                                              { DeviceRole::Storage, "storage" },
                                              { DeviceRole::Management, "management" } } };
constexpr NameTable<Feed, 2> kFeeds { { { Feed::A, "A" }, { Feed::B, "B" } } };
constexpr NameTable<FabricPurpose, 4> kPurposes { { { FabricPurpose::Compute, "compute" },
                                                    { FabricPurpose::Storage, "storage" },
                                                    { FabricPurpose::Frontend, "frontend" },
                                                    { FabricPurpose::OutOfBand, "out-of-band" } } };
constexpr NameTable<Technology, 3> kTechnologies { { { Technology::InfiniBand, "infiniband" },
                                                     { Technology::RoCEv2, "rocev2" },
                                                     { Technology::Ethernet, "ethernet" } } };
constexpr NameTable<StorageKind, 3> kStorageKinds {
    { { StorageKind::ParallelFilesystem, "parallel-filesystem" },
      { StorageKind::Object, "object" },
      { StorageKind::NodeLocalNvme, "node-local-nvme" } }
};
constexpr NameTable<Cooling, 3> kCoolings {
    { { Cooling::Air, "air" }, { Cooling::Liquid, "liquid" }, { Cooling::Hybrid, "hybrid" } }
};
constexpr NameTable<TopologyKind, 2> kTopologyKinds { { { TopologyKind::Custom, "custom" },
                                                        { TopologyKind::FatTree, "fat-tree" } } };

template<typename Enum, std::size_t N>
std::string_view nameOf(const NameTable<Enum, N> &table, Enum value)
{
    for (const auto &[v, name] : table)
        if (v == value)
            return name;
    return "?";
}

template<typename Enum, std::size_t N>
std::optional<Enum> valueOf(const NameTable<Enum, N> &table, std::string_view text)
{
    for (const auto &[v, name] : table)
        if (name == text)
            return v;
    return std::nullopt;
}

} // namespace

const char *entityKindName(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Row:
        return "row";
    case EntityKind::Rack:
        return "rack";
    case EntityKind::Device:
        return "device";
    case EntityKind::Link:
        return "link";
    case EntityKind::Fabric:
        return "fabric";
    case EntityKind::StorageTier:
        return "storage tier";
    }
    return "entity";
}

std::string_view toString(Face value)
{
    return nameOf(kFaces, value);
}
std::string_view toString(DeviceRole value)
{
    return nameOf(kRoles, value);
}
std::string_view toString(Feed value)
{
    return nameOf(kFeeds, value);
}
std::string_view toString(FabricPurpose value)
{
    return nameOf(kPurposes, value);
}
std::string_view toString(Technology value)
{
    return nameOf(kTechnologies, value);
}
std::string_view toString(StorageKind value)
{
    return nameOf(kStorageKinds, value);
}
std::string_view toString(Cooling value)
{
    return nameOf(kCoolings, value);
}
std::string_view toString(TopologyKind value)
{
    return nameOf(kTopologyKinds, value);
}

std::optional<Face> parseFace(std::string_view t)
{
    return valueOf(kFaces, t);
}
std::optional<DeviceRole> parseDeviceRole(std::string_view t)
{
    return valueOf(kRoles, t);
}
std::optional<Feed> parseFeed(std::string_view t)
{
    return valueOf(kFeeds, t);
}
std::optional<FabricPurpose> parseFabricPurpose(std::string_view t)
{
    return valueOf(kPurposes, t);
}
std::optional<Technology> parseTechnology(std::string_view t)
{
    return valueOf(kTechnologies, t);
}
std::optional<StorageKind> parseStorageKind(std::string_view t)
{
    return valueOf(kStorageKinds, t);
}
std::optional<Cooling> parseCooling(std::string_view t)
{
    return valueOf(kCoolings, t);
}
std::optional<TopologyKind> parseTopologyKind(std::string_view t)
{
    return valueOf(kTopologyKinds, t);
}

template<>
std::string_view allowedNames<Face>()
{
    return "front | rear";
}
template<>
std::string_view allowedNames<DeviceRole>()
{
    return "compute | switch | storage | management";
}
template<>
std::string_view allowedNames<Feed>()
{
    return "A | B";
}
template<>
std::string_view allowedNames<FabricPurpose>()
{
    return "compute | storage | frontend | out-of-band";
}
template<>
std::string_view allowedNames<Technology>()
{
    return "infiniband | rocev2 | ethernet";
}
template<>
std::string_view allowedNames<StorageKind>()
{
    return "parallel-filesystem | object | node-local-nvme";
}
template<>
std::string_view allowedNames<Cooling>()
{
    return "air | liquid | hybrid";
}
template<>
std::string_view allowedNames<TopologyKind>()
{
    return "fat-tree | custom";
}

} // namespace cw
