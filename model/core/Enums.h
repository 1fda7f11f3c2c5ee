#pragma once

#include <optional>
#include <string_view>

namespace cw {

enum class Face { Front, Rear };
enum class DeviceRole { Compute, Switch, Storage, Management };
enum class Feed { A, B };
enum class FabricPurpose { Compute, Storage, Frontend, OutOfBand };
enum class Technology { InfiniBand, RoCEv2, Ethernet };
enum class StorageKind { ParallelFilesystem, Object, NodeLocalNvme };
enum class Cooling { Air, Liquid, Hybrid };
/// The shape of a fabric's switches: a (folded-Clos) fat tree, or anything else. Whether the
/// nodes' rails land on rail leaves is a property of its own (FabricTopology::railOptimized).
enum class TopologyKind { Custom, FatTree };

// Names used in the design file, the CLI and the JSON outputs. Each enum has a
// toString()/parseX() pair; parse returns nullopt for an unknown name.
std::string_view toString(Face value);
std::string_view toString(DeviceRole value);
std::string_view toString(Feed value);
std::string_view toString(FabricPurpose value);
std::string_view toString(Technology value);
std::string_view toString(StorageKind value);
std::string_view toString(Cooling value);
std::string_view toString(TopologyKind value);

std::optional<Face> parseFace(std::string_view text);
std::optional<DeviceRole> parseDeviceRole(std::string_view text);
std::optional<Feed> parseFeed(std::string_view text);
std::optional<FabricPurpose> parseFabricPurpose(std::string_view text);
std::optional<Technology> parseTechnology(std::string_view text);
std::optional<StorageKind> parseStorageKind(std::string_view text);
std::optional<Cooling> parseCooling(std::string_view text);
std::optional<TopologyKind> parseTopologyKind(std::string_view text);

/// The accepted names of an enum, joined with " | ", for error messages.
template<typename Enum>
std::string_view allowedNames();

} // namespace cw
