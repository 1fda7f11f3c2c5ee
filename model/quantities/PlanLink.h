#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cw {
struct Device;
struct Link;
struct Part;
} // namespace cw

namespace cw::cabling {

/// Where a device is, with the sort keys of its rack: one per device of the design, shared
/// by every plan link that ends on it. The names point into the design.
struct DevicePlace
{
    const Device *device = nullptr;
    const Part *part = nullptr;
    int rowIndex = 0;
    int rackPosition = 0;
    std::string_view row; ///< row name, empty when the rack has no row
    std::string_view rack; ///< rack name
    /// Position of the device in floor order (row, rack position, rack name, U, hostname);
    /// equal for equal keys. Links sort by it instead of by those strings.
    int rank = 0;
};

/// One row of the cabling plan without its text (CablePlanDetail::Links): what CableRow
/// holds, as pointers into the design, the catalog and the plan's places, which must outlive
/// it. Half a million of these at 16,384 nodes are 60 MB where the CableRows with their
/// strings were 290 MB; the exporters format the text straight into their files
/// (planLinkText below) with the same bytes as CableRow's strings.
struct PlanLink
{
    const Link *link = nullptr;
    const DevicePlace *a = nullptr; ///< host side, or the lower switch tier
    const DevicePlace *z = nullptr;
    int portA = -1;
    int portZ = -1;
    /// The link id naming the physical cable (its first leg's): CableRow::cableId's number.
    std::uint64_t cableLink = 0;
    int leg = 1;
    int legs = 1;
    const std::string *fabric = nullptr; ///< the fabric's name; null: not in the design ("?")
    /// The link's catalog part when it is a cable or transceiver, else null (medium "none"
    /// when no part is chosen, "unknown" when the catalog has no such cable).
    const Part *part = nullptr;
    const std::string *partNumber = nullptr; ///< partNumberOf(part), shared per part; may be null
    const Part *moduleA = nullptr; ///< optics: the module at each end
    const Part *moduleZ = nullptr;
    double speedGbps = 0;
    int linksPerCable = 1;
    bool transceiver = false;
};

/// The text of a plan link's fields, as CableRow holds it (same bytes), without allocating
/// on the common path: views into the design and catalog, or into `scratch`.
namespace linktext {

std::string_view fabric(const PlanLink &link);
std::string_view medium(const PlanLink &link);
std::string_view catalogPart(const PlanLink &link);
std::string_view partNumber(const PlanLink &link);
double lengthM(const PlanLink &link);
std::string_view device(const DevicePlace &place);
int u(const DevicePlace &place);
/// The catalog port name ("mlx5_0", "p17"), or "port<N>" (into `scratch`) if unknown.
std::string_view port(const DevicePlace &place, int portIndex, std::string &scratch);
/// "C" + the number, at least five digits ("C00123"), into `buffer`.
std::string_view cableId(std::uint64_t cableLink, char (&buffer)[24]);

} // namespace linktext

} // namespace cw::cabling
