#pragma once

#include "model/common/Result.h"
#include "model/core/Design.h"

#include <map>
#include <string>
#include <vector>

namespace cw {

class Catalog;
struct Part;

/// Where a rack goes: the compute area (node racks with their leaf racks, rows of
/// `racksPerRow`) or the network area (spine, core, storage and service racks), whose rows
/// sit in the middle of the compute rows so the longest spine cable stays short.
enum class FloorArea { Compute, Network };

/// Places racks and devices and cables links for the generators, at the speed a 16k-node
/// design needs: U slots are tracked per rack (no scan of the design per placement), cable
/// choices are cached per (speed, length, form factors). Every invariant DesignBuilder
/// checks still holds by construction, and verify() re-checks them in O(n log n).
///
/// Order of use: openRack/place..., placeOutOfBand, finalizeFloor, connect..., finish.
class ClusterAssembler
{
public:
    ClusterAssembler(Design &design, const Catalog &catalog, int racksPerRow);

    /// A new rack of `rackType` in `area`; the top U is kept free for the management switch.
    Result<int> openRack(FloorArea area, const std::string &rackType);
    /// Whether `part` fits rack `rack`'s free U and power rating (with optics estimate).
    bool fits(int rack, const Part &part, double extraW = 0) const;
    /// Places `part` at the rack's lowest free U; returns the device's local index.
    Result<int> place(int rack, std::string name, const Part &part, DeviceRole role, Face face,
                      int tier, double extraW = 0);
    /// Skips `units` U above the rack's lowest free U: U the rack itself fills (a rack-scale
    /// system's power shelves). False when they do not fit below the top U.
    bool reserveUnits(int rack, int units);
    /// Places in the current rack of `area`, opening a new `rackType` rack when full.
    Result<int> placeInArea(FloorArea area, const std::string &rackType, std::string name,
                            const Part &part, DeviceRole role, Face face, int tier,
                            double extraW = 0);

    /// Plans the out-of-band network: every device with a management port, in floor order,
    /// in groups of (1G ports - 1) on a management switch in the top U of the group's first
    /// rack; those switches join a tree of aggregation switches in the network area.
    Result<void> placeOutOfBand(const Part &mgmtSwitch, const std::string &networkRackType);
    /// Fixes row indices (compute rows split around the network rows) and names.
    void finalizeFloor();

    /// Cables port `portA` of local device `a` to `portB` of `b` on `fabric`: length from the
    /// floor plan, medium by reach (chooseCable). When no catalog part fits both cages and
    /// reaches, the link is added without a cable type and finish() refuses the design.
    void connect(FabricId fabric, int a, int portA, int b, int portB);
    /// Cables the out-of-band links planned by placeOutOfBand.
    void connectOutOfBand(FabricId oob);
    /// PDUs per rack, row budgets and site budgets with headroom; then verify(). An Error when
    /// a link could not be cabled (naming the first and why).
    Result<void> finish();
    /// Re-checks U overlap, hostnames and link ports over the whole design.
    Result<void> verify() const;

    DeviceId deviceId(int local) const { return m_devices[static_cast<std::size_t>(local)].id; }
    const std::vector<std::string> &notes() const { return m_notes; }
    /// Estimated optics power per link end at `speedGbps` (worst transceiver of the catalog).
    double opticsWPerPort(double speedGbps) const;

private:
    struct RowState
    {
        RowId id;
        FloorArea area = FloorArea::Compute;
        int racks = 0;
        int index = 0;
        double loadW = 0;
    };
    struct RackState
    {
        RackId id;
        int row = 0;
        int position = 0;
        int rackUnits = 42;
        double maxPowerW = 0;  ///< 0 = no rating
        int nextU = 1;
        bool topFree = true;
        double loadW = 0;
        double airLoadW = 0;
    };
    struct DeviceState
    {
        DeviceId id;
        int rack = 0;
        int u = 1;
        const Part *part = nullptr;
    };
    struct CableKey
    {
        double speed;
        double length;
        const std::string *formFactorA;
        const std::string *formFactorB;
        auto operator<=>(const CableKey &) const = default;
    };
    struct CableValue
    {
        const Part *part;
        double lengthM;
        double powerWPerEnd;
        std::string fitNote; ///< chooseCable's reason when no part fits and reaches
    };

    Result<int> placeAt(int rack, int u, std::string name, const Part &part, DeviceRole role,
                        Face face, int tier, double loadW);
    double portSpeed(int device, int port) const;

    Design &m_design;
    const Catalog &m_catalog;
    int m_racksPerRow = 16;
    std::vector<RowState> m_rows;
    std::vector<RackState> m_racks;
    std::vector<DeviceState> m_devices;
    std::map<FloorArea, int> m_currentRow;   ///< area -> index in m_rows
    std::map<FloorArea, int> m_currentRack;  ///< area -> index in m_racks
    std::map<FloorArea, int> m_rackCount;
    std::map<CableKey, CableValue> m_cableCache;
    std::map<double, double> m_opticsCache;
    std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> m_oobLinks;
    std::vector<std::string> m_notes;
    int m_uncabled = 0; ///< links no catalog part fits and reaches
    std::string m_firstUncabled; ///< the first of them and chooseCable's reason
};

} // namespace cw
