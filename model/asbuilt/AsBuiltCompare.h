#pragma once

#include "model/asbuilt/Observed.h"
#include "model/core/Design.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cw {
class Catalog;
}

namespace cw::asbuilt {

/// How the names a tool reports map to design ports: a node (by GUID, else by name) is a
/// device, or one port of a device (an InfiniBand HCA that stands for one server port); its
/// ports are known by number (IB port n) or by name (catalog port names, "port<N>").
class EndpointMap
{
public:
    /// `fixedPort` >= 0: the node is that one port of `device`. `byNumber[n]`: the design port
    /// index of port number n (-1 where none). Port names come from the catalog part.
    void add(std::uint64_t guid, const std::string &name, DeviceId device, int fixedPort,
             std::vector<int> byNumber, const std::vector<std::string> &portNames);
    std::optional<PortRef> resolve(const ObservedEnd &end) const;
    /// Whether the node is known at all (a known device on an unknown port is not "unknown").
    bool knows(const ObservedEnd &end) const;
    /// The design device of a known node, whatever its port.
    std::optional<DeviceId> deviceOf(const ObservedEnd &end) const;

private:
    using NameIndex = std::unordered_map<std::string, int>;
    struct Node
    {
        DeviceId device;
        int fixedPort = -1;
        std::vector<int> byNumber;
        const NameIndex *byName = nullptr; ///< shared by every node of the same port list
    };
    const Node *find(const ObservedEnd &end) const;
    /// One index per distinct port list (one per part): a 16k-node fabric has a few parts but
    /// 140k nodes, so per-node maps would be millions of strings.
    std::map<std::vector<std::string>, std::unique_ptr<NameIndex>> m_nameIndices;
    std::vector<Node> m_nodes;
    std::unordered_map<std::uint64_t, std::size_t> m_byGuid;
    std::unordered_map<std::string, std::size_t> m_byName;
};

/// Every device by hostname, ports by catalog name ("swp17", "mlx5_0") or "port<N>" (from 1).
EndpointMap nameEndpoints(const Design &design, const Catalog &catalog);

enum class FindingKind {
    Missing,
    Extra,
    Swapped,
    Misported,
    WrongWidth,
    WrongSpeed,
    UnknownDevice
};
std::string_view toString(FindingKind kind);

/// A port on the floor: row, rack, U, device, port (rack fields empty for an unknown device).
struct Place
{
    std::string row;
    std::string rack;
    int u = 0;
    std::string device;
    std::string port;

    /// "leaf01 p17 (R1/A01 U33)".
    std::string text() const;
};

/// One difference between the design and the built cluster, with what to do about it.
struct Finding
{
    FindingKind kind = FindingKind::Missing;
    std::vector<Place> places; ///< the ends involved (designed ends first)
    std::string message;
    std::string action;
    std::string source; ///< where in the input it was seen
    /// The design's objects involved, most specific first: the designed links (missing,
    /// swapped, in the wrong port, at the wrong rate), then the devices at their ends. Empty
    /// only for a cable between two devices the design does not know.
    std::vector<EntityRef> entities;
};

struct CompareOptions
{
    bool checkRate = true; ///< compare width and speed where the input reports them
    int designedWidth = 4; ///< lanes of a designed port (InfiniBand 4x)
    /// The fastest lane rate the observed fabric can report (ibsim 0.10 stops at HDR, 50):
    /// a link at that rate where the design is faster is not a finding. 0 = no cap.
    double laneCapGbps = 0;
};

struct AsBuiltReport
{
    std::vector<Finding> findings;
    int designedLinks = 0;
    int observedLinks = 0;
    int matchedLinks = 0;
};

/// Compares the observed cables with the designed links `expected`: missing, extra, swapped
/// pairs, cables in the wrong port, wrong width or speed, unknown devices. Linear.
AsBuiltReport compareAsBuilt(const Design &design, const Catalog &catalog,
                             const std::vector<LinkId> &expected, const EndpointMap &endpoints,
                             const Observed &observed, const CompareOptions &options = {});

} // namespace cw::asbuilt
