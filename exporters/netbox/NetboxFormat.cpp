// NetBox interchange (docs/export-netbox.md) as an Exporter: the design's parts as
// devicetype-library YAML and the design as bulk-import CSVs in import order.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/common/ExportWriter.h"
#include "exporters/netbox/NetboxFiles.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <set>

namespace cw::exporters {
namespace {

class NetboxFormat final : public Exporter
{
public:
    std::string name() const override { return "netbox"; }
    std::string summary() const override
    {
        return "device-types/<Manufacturer>/<model>.yaml (devicetype-library layout) and "
               "01-manufacturers.csv ... 07-cables.csv (NetBox bulk import, in import order)";
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        ExportResult result;
        std::set<std::string> parts;
        for (const Device &device : request.design.devices())
            parts.insert(device.catalogType);
        for (const std::string &id : parts) {
            const Part *part = request.catalog.find(id);
            if (!part)
                return Error { "netbox: device type \"" + id + "\" is not in the catalog" };
            result.files.push_back({ "device-types/" + safeFileName(part->vendor) + "/"
                                         + safeFileName(part->model) + ".yaml",
                                     netbox::deviceTypeYaml(*part) });
        }
        auto csvs = netbox::bulkImportCsvs(request.design, request.catalog);
        if (!csvs)
            return csvs.error();
        result.files.insert(result.files.end(), csvs->begin(), csvs->end());
        result.notes.push_back(std::to_string(parts.size())
                               + " device types; import the CSVs in file-name order");
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeNetboxExporter()
{
    return std::make_unique<NetboxFormat>();
}

} // namespace cw::exporters
