// The design as NetBox bulk-import CSVs, one file per object type in import order. Column
// names are NetBox's CSV import fields (ref:netbox-bulk-import); every field passes the shared
// CSV writer (RFC 4180 quoting and the formula guard).
#include "exporters/cabling/CellWriters.h"
#include "exporters/cabling/Csv.h"
#include "exporters/netbox/NetboxFiles.h"
#include "exporters/netbox/NetboxTypes.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlan.h"

#include <charconv>
#include <memory>
#include <set>

namespace cw::netbox {
namespace {

namespace csv = exporters::csv;

std::string siteName(const Design &design)
{
    return design.site().name.empty() ? design.name() : design.site().name;
}

std::string devicesCsv(const Design &design, const Catalog &catalog, const std::string &site)
{
    std::string out = csv::line({ "name", "role", "manufacturer", "device_type", "status", "site",
                                  "location", "rack", "position", "face" });
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        const Rack *rack = design.rack(device.rack);
        const Row *row = rack ? design.row(rack->row) : nullptr;
        const bool mounted = rack && part && part->uHeight > 0;
        out += csv::line({ device.name, std::string(toString(device.role)),
                           part ? part->vendor : "", part ? part->model : device.catalogType,
                           "active", site, row ? row->name : "", rack ? rack->name : "",
                           mounted ? std::to_string(device.uPosition) : "",
                           mounted ? std::string(toString(device.face)) : "" });
    }
    return out;
}

/// 07-cables.csv streamed from the plan: one row per link (a row of 60 MB at 16,384 nodes).
exporters::FileProducer cablesCsv(std::shared_ptr<const cabling::CablePlan> plan, std::string site)
{
    return [shared = std::move(plan),
            siteName = std::move(site)](exporters::ByteSink &sink) -> Result<void> {
        cabling::CsvCellWriter out(sink);
        for (const char *column : { "side_a_site", "side_a_device", "side_a_type", "side_a_name",
                                    "side_b_site", "side_b_device", "side_b_type", "side_b_name",
                                    "type", "status", "label", "length", "length_unit" })
            out.text(column);
        out.endRow();
        std::string label, portA, portZ;
        std::string_view lastMedium;
        std::string lastType; // consecutive links mostly share their medium
        char id[24];
        char digits[24];
        for (const cabling::PlanLink &link : shared->links) {
            label = cabling::linktext::cableId(link.cableLink, id);
            if (link.legs > 1) {
                label += '-';
                label.append(digits, std::to_chars(digits, digits + sizeof digits, link.leg).ptr);
            }
            const std::string_view medium = cabling::linktext::medium(link);
            if (medium != lastMedium || lastType.empty()) {
                lastMedium = medium;
                lastType = cableType(std::string(medium));
            }
            const double lengthM = cabling::linktext::lengthM(link);
            out.text(siteName);
            out.text(cabling::linktext::device(*link.a));
            out.text("dcim.interface");
            out.text(cabling::linktext::port(*link.a, link.portA, portA));
            out.text(siteName);
            out.text(cabling::linktext::device(*link.z));
            out.text("dcim.interface");
            out.text(cabling::linktext::port(*link.z, link.portZ, portZ));
            out.text(lastType);
            out.text("connected");
            out.text(label);
            out.text(lengthM > 0 ? csv::number(lengthM, 2) : "");
            out.text(lengthM > 0 ? "m" : "");
            out.endRow();
        }
        return {};
    };
}

} // namespace

Result<std::vector<exporters::ExportedFile>> bulkImportCsvs(const Design &design,
                                                            const Catalog &catalog)
{
    auto built = cabling::buildCablePlan(design, catalog, cabling::CablePlanDetail::Links);
    if (!built)
        return built.error();
    auto plan = std::make_shared<const cabling::CablePlan>(std::move(built).value());
    const std::string site = siteName(design);
    std::set<std::string> manufacturers, roles;
    for (const Device &device : design.devices()) {
        if (const Part *part = catalog.find(device.catalogType))
            manufacturers.insert(part->vendor);
        roles.insert(std::string(toString(device.role)));
    }
    std::string makers = csv::line({ "name", "slug" });
    for (const std::string &name : manufacturers)
        makers += csv::line({ name, slug(name) });
    // NetBox 4 wants a colour for a role; grey (9e9e9e) for all.
    std::string roleCsv = csv::line({ "name", "slug", "color" });
    for (const std::string &name : roles)
        roleCsv += csv::line({ name, slug(name), "9e9e9e" });
    std::string sites
        = csv::line({ "name", "slug", "status" }) + csv::line({ site, slug(site), "active" });
    std::string locations = csv::line({ "site", "name", "slug", "status" });
    for (const Row &row : design.rows())
        locations += csv::line({ site, row.name, slug(row.name), "active" });
    std::string racks = csv::line({ "site", "location", "name", "status", "width", "u_height" });
    for (const Rack &rack : design.racks()) {
        const Part *part = catalog.find(rack.catalogType);
        const Row *row = design.row(rack.row);
        racks += csv::line({ site, row ? row->name : "", rack.name, "active", "19",
                             std::to_string(part && part->rack ? part->rack->rackUnits : 42) });
    }
    return std::vector<exporters::ExportedFile> {
        { "01-manufacturers.csv", makers },
        { "02-device-roles.csv", roleCsv },
        { "03-sites.csv", sites },
        { "04-locations.csv", locations },
        { "05-racks.csv", racks },
        { "06-devices.csv", devicesCsv(design, catalog, site) },
        { "07-cables.csv", {}, cablesCsv(plan, site) },
    };
}

} // namespace cw::netbox
