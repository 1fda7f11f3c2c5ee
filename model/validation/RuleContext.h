#pragma once

#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "model/validation/DesignTotals.h"

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cw {

class Catalog;
class DesignIndex;

/// The devices and links of one fabric as an undirected multigraph (vertices = devices with
/// a link on the fabric, in id order). Built once per validation run and shared by the
/// fabric rules.
struct FabricView
{
    struct Edge
    {
        int to = -1;
        LinkId link;
    };

    std::vector<DeviceId> devices;
    /// Device id -> index in `devices` (-1: not on the fabric) for ids below its size, which
    /// covers every device when the ids are compact, as generated and loaded designs have
    /// them; a hash map's node per lookup was a cache miss per link end.
    std::vector<int> vertexById;
    std::unordered_map<std::uint64_t, int> vertexOf; ///< the same for ids beyond vertexById
    std::vector<std::vector<Edge>> adjacency;
    std::vector<const Link *> links; ///< the fabric's links in id order

    int vertex(DeviceId device) const
    {
        if (device.value < vertexById.size())
            return vertexById[device.value];
        auto it = vertexOf.find(device.value);
        return it == vertexOf.end() ? -1 : it->second;
    }
};

/// What a rule sees while it runs: the design, the catalog and the lookups the engine keeps.
/// Valid for one run; fabric views and totals are computed on first use.
class RuleContext
{
public:
    RuleContext(const Design &design, const Catalog &catalog, const DesignIndex &index);
    ~RuleContext();

    const Design &design() const { return m_design; }
    const Catalog &catalog() const { return m_catalog; }

    const Part *part(DeviceId device) const;
    const Part *part(const Device &device) const { return part(device.id); }
    const Part *rackPart(const Rack &rack) const;
    /// Catalog::find, remembering the last answer: link rules look up each link's cable
    /// part, and links come in runs of one part (a string hash per link otherwise).
    const Part *catalogPart(const std::string &id) const;
    /// Rack units of the rack's type (42 when the type names no rack: the common size).
    int rackUnits(const Rack &rack) const;
    /// Cooling of the rack's type; air when the type does not say.
    Cooling rackCooling(const Rack &rack) const;
    /// The port's catalog spec, or null for an index the part does not have.
    const PortSpec *port(PortRef ref) const;
    /// "dgx01 mlx5_0"
    std::string portLabel(PortRef ref) const;
    /// Speed a link runs at: the slower port, limited by the cable's per-link speed.
    double linkSpeedGbps(const Link &link) const;

    const std::vector<DeviceId> &devicesInRack(RackId rack) const;
    const std::vector<LinkId> &linksOfDevice(DeviceId device) const;
    /// Sum of the maximum power of the devices in a rack, in W.
    double rackLoadW(RackId rack) const;

    const FabricView &fabricView(FabricId fabric) const;
    const DesignTotals &totals() const;

    /// A human name for an entity (rack A01, dgx01, "dgx01 mlx5_0 - leaf01 p1", fabric name).
    std::string nameOf(EntityRef ref) const;

private:
    const Design &m_design;
    const Catalog &m_catalog;
    const DesignIndex &m_index;
    /// Builds every fabric's view in one pass over the links (the first time any is asked).
    void buildFabricViews() const;

    mutable std::map<std::uint64_t, std::unique_ptr<FabricView>> m_fabricViews;
    mutable bool m_fabricViewsBuilt = false;
    mutable std::string m_lastPartId;
    mutable const Part *m_lastPart = nullptr;
    mutable std::unique_ptr<DesignTotals> m_totals;
};

} // namespace cw
