#pragma once

#include "model/common/Result.h"
#include "model/core/Design.h"
#include "model/site/DefaultSite.h"
#include "model/site/SiteLoad.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cw {

class Catalog;
struct Part;

/// Where a rack goes: the compute area (node racks with their leaf racks) or the network area
/// (spine, core, storage and service racks), which the floor layout puts in the middle of the
/// compute racks so the longest spine cable stays short.
enum class FloorArea { Compute, Network };

/// The site a generator places into: the user's (never changed), or the default site of
/// standard halls, which grows by a hall whenever the design needs one more.
struct SitePlacement
{
    Site site;
    bool growDefault = false; ///< the default site: add standard halls as needed
    DefaultSiteSpec defaultSpec;
};

/// `prefix` followed by `n` zero-padded to `width` digits ("mgmt0007"): the generators' names.
std::string numberedName(const std::string &prefix, int n, int width);

/// Places racks and devices and cables links for the generators, at the speed a 16k-node
/// design needs: U slots are tracked per rack (no scan of the design per placement), cable
/// choices are cached per (speed, length, form factors). Racks are filled within the site's
/// limit per position and laid out over the halls' rows; what does not fit is recorded as a
/// SiteShortfall (the generator refuses) instead of bending the site.
///
/// Order of use: openRack/place..., layoutFloor, placeOutOfBand, checkSite, connect...,
/// finish.
class ClusterAssembler
{
public:
    ClusterAssembler(Design &design, const Catalog &catalog, SitePlacement site, int racksPerRow);

    /// The most a rack of `cooling` may draw anywhere it can stand (W; 0 = no limit): the
    /// lowest limit per position of the rows that take such a rack.
    double rackLimitW(Cooling cooling) const;

    /// A new rack of `rackType` in `area`; the top U is kept free for the management switch.
    Result<int> openRack(FloorArea area, const std::string &rackType);
    /// Whether `part` fits rack `rack`'s free U and power limit (with optics estimate).
    bool fits(int rack, const Part &part, double extraW = 0) const;
    /// Places `part` at the rack's lowest free U; returns the device's local index.
    Result<int> place(int rack, std::string name, const Part &part, DeviceRole role, Face face,
                      int tier, double extraW = 0);
    /// Skips `units` U above the rack's lowest free U: U the rack itself fills (a rack-scale
    /// system's power shelves). False when they do not fit below the top U.
    bool reserveUnits(int rack, int units);
    /// Racks opened from now on form a new layout group (a scalable unit, the storage servers
    /// with their leaves): layoutFloor starts a group in the next hall when the rest of the
    /// current hall cannot take it and an empty hall can, so the short links inside a group
    /// (node to leaf, storage server to its leaf) never cross halls.
    void beginGroup() { ++m_group; }
    /// Places in the current rack of `area`, opening a new `rackType` rack when full.
    Result<int> placeInArea(FloorArea area, const std::string &rackType, std::string name,
                            const Part &part, DeviceRole role, Face face, int tier,
                            double extraW = 0);

    /// Lays the racks out over the halls' rows: compute racks split around the network racks,
    /// a row left when full or when its cooling does not suit the rack, CDUs at the end of
    /// every row with liquid heat (`cduType`, N + the site's redundancy). Records a positions
    /// or cooling shortfall when the site is too small.
    void layoutFloor(const std::string &cduType);
    /// Plans the out-of-band network per hall: every device with a management port, in floor
    /// order, in groups of up to the 1G port count that never leave their row (1000BASE-T
    /// reaches 100 m) on a management switch in the top U of the group's first rack; those
    /// switches join a tree of aggregation switches over their fast uplink ports in the same
    /// hall. Each hall's tree is its own (they join at the site's management core); a hall
    /// whose tree would need more than kMaxOutOfBandTier tiers gets several, over whole rows.
    Result<void> placeOutOfBand(const Part &mgmtSwitch);
    /// The deepest tier a management switch gets: a design file holds device tiers 0-7.
    static constexpr int kMaxOutOfBandTier = 7;
    /// Compares the load with the site's budgets (adds power and cooling shortfalls).
    void checkSite();
    const std::vector<SiteShortfall> &shortfalls() const { return m_shortfalls; }

    /// Cables port `portA` of local device `a` to `portB` of `b` on `fabric`: length from the
    /// floor plan (through the hall entrances between halls), medium by reach (chooseCable).
    /// A length beyond the reach of every catalog part that fits both cages is a reach
    /// shortfall (the generator refuses naming it); a link no catalog part fits both cages of
    /// is added without a cable type and finish() refuses the design.
    void connect(FabricId fabric, int a, int portA, int b, int portB);
    /// The out-of-band fabrics' names, one per tree placeOutOfBand planned: "oob-mgmt" for a
    /// single tree, else suffixed with the hall (several halls) and the tree's number in its
    /// hall (a hall with several trees).
    std::vector<std::string> outOfBandTreeNames() const;
    /// Cables the out-of-band links planned by placeOutOfBand, each tree's on its fabric
    /// (`fabricOfTree` in the order of outOfBandTreeNames).
    void connectOutOfBand(const std::vector<FabricId> &fabricOfTree);
    /// PDUs per rack (the site's budgets stay as given); then verify(). An Error when a link
    /// could not be cabled (naming the first and why).
    Result<void> finish();
    /// Re-checks U overlap, hostnames and link ports over the whole design.
    Result<void> verify() const;

    DeviceId deviceId(int local) const { return m_devices[static_cast<std::size_t>(local)].id; }
    const std::vector<std::string> &notes() const { return m_notes; }
    /// Estimated optics power per link end at `speedGbps` (worst transceiver of the catalog).
    double opticsWPerPort(double speedGbps) const;
    /// Physical rack positions the layout used (racks, CDUs), including any beyond the site.
    int positionsUsed() const { return m_positionsUsed; }

private:
    struct RowState
    {
        RowId id;
        int hall = 0;
        int index = 0; ///< row within its hall
    };
    struct RackState
    {
        RackId id;
        FloorArea area = FloorArea::Compute;
        Cooling cooling = Cooling::Air;
        int group = 0; ///< layout group (beginGroup)
        int row = -1; ///< index in m_rows after layoutFloor
        int position = 0;
        int rackUnits = 42;
        double maxPowerW = 0; ///< 0 = no limit
        int nextU = 1;
        bool topFree = true;
        bool floorUnit = false; ///< a floor-standing CDU, no devices
        double loadW = 0;
        double liquidW = 0;
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
        double fittingReachM; ///< longest reach of the parts that fit both cages (0: none)
    };
    struct LayoutCursor;
    struct OobPorts;

    Result<int> placeAt(int rack, int u, std::string name, const Part &part, DeviceRole role,
                        Face face, int tier, double loadW);
    double portSpeed(int device, int port) const;
    const Hall &hall(int index) const;
    /// The site's route between two halls by index (0 within a hall); nullopt when the site
    /// gives none. A table built once: a linear search per inter-hall link was quadratic.
    std::optional<double> hallRouteM(int a, int b) const;
    bool takesRack(const Hall &hall, int row, const RackState &rack) const;
    void layoutRack(LayoutCursor &cursor, int rack);
    bool groupFitsHall(LayoutCursor cursor, const std::vector<int> &group) const;
    std::vector<std::vector<int>> layoutGroups() const;
    bool everyRackHasARow();
    void closeRow(LayoutCursor &cursor);
    void enterRow(LayoutCursor &cursor);
    int cdusFor(double liquidW) const;
    /// Places a switch in the first rack of `hall` with room (network racks first).
    Result<int> placeInHall(int hall, std::string name, const Part &part, int tier);
    void indexHallRacks();
    Result<void> placeAccessSwitches(const Part &mgmtSwitch, const OobPorts &ports,
                                     std::map<int, std::vector<int>> &leavesOfHall,
                                     int &switchNumber);
    Result<void> aggregateOutOfBand(int tree, std::vector<int> level, const Part &mgmtSwitch,
                                    const OobPorts &ports, int &switchNumber);
    double floorLengthM(const RackState &a, int uA, const RackState &b, int uB) const;

    Design &m_design;
    const Catalog &m_catalog;
    SitePlacement m_site;
    bool m_freeFloor = false; ///< the site has no halls: one unbounded virtual hall
    mutable std::vector<double> m_hallRouteM; ///< halls x halls, < 0: no route (hallRouteM)
    Hall m_virtualHall;
    int m_racksPerRow = 16;
    int m_group = 0;
    RowId m_stagingRow; ///< holds the racks until layoutFloor gives them their rows
    const Part *m_cduPart = nullptr;
    std::vector<RowState> m_rows;
    std::vector<RackState> m_racks;
    std::vector<DeviceState> m_devices;
    std::map<FloorArea, int> m_currentRack; ///< area -> index in m_racks
    std::map<FloorArea, int> m_rackCount;
    std::map<CableKey, CableValue> m_cableCache;
    std::map<double, double> m_opticsCache;
    struct OobLink
    {
        int tree; ///< index in m_oobTrees (-1 until the trees are planned)
        std::pair<int, int> a; ///< (device, port)
        std::pair<int, int> b;
    };
    std::vector<OobLink> m_oobLinks;
    struct OobTree
    {
        int hall = 0;
        int zone = 0; ///< which of the hall's trees
        int trees = 1; ///< the hall's trees
    };
    std::vector<OobTree> m_oobTrees;
    /// placeInHall's index: per hall its racks in search order, and per part how far the
    /// search got (built when the racks are laid out; rebuilt if racks were added since).
    struct HallRacks
    {
        std::vector<int> racks;
        std::map<const Part *, std::size_t> next;
    };
    std::vector<HallRacks> m_hallRacks;
    std::size_t m_hallRacksIndexed = 0; ///< m_racks.size() when m_hallRacks was built
    std::vector<std::string> m_notes;
    std::vector<SiteShortfall> m_shortfalls;
    int m_positionsUsed = 0;
    int m_cduCount = 0;
    int m_uncabled = 0; ///< links no catalog part fits (reach shortfalls aside)
    std::string m_firstUncabled; ///< the first of them and chooseCable's reason
};

} // namespace cw
