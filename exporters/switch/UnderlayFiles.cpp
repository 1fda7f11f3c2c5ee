// The underlay's own files of one fabric: frr.conf per FRR-based switch, netplan per host,
// the address plan as CSV and Markdown.

#include "exporters/switch/UnderlayFiles.h"

#include "exporters/common/ExportWriter.h"
#include "exporters/switch/AddressTable.h"
#include "exporters/switch/FrrConfig.h"
#include "exporters/switch/HostNetplan.h"
#include "exporters/switch/Underlay.h"

namespace cw::exporters::underlay {

std::vector<ExportedFile> underlayFiles(const Design &design, const UnderlayPlan &plan,
                                        const std::string &folder,
                                        const std::map<std::string, std::string> &frrBases)
{
    std::vector<ExportedFile> files;
    for (const UnderlaySwitch &sw : plan.switches)
        if (auto it = frrBases.find(sw.hostname); it != frrBases.end())
            files.push_back(
                { folder + "/" + it->second + ".frr.conf", frrConfig(design, plan, sw) });
    // Host names are plain (planUnderlay checks), so safeFileName keeps them as they are.
    for (const UnderlayHost &host : plan.hosts)
        files.push_back({ folder + "/netplan/" + safeFileName(host.hostname) + ".yaml",
                          hostNetplan(design, plan, host) });
    files.push_back({ folder + "/address-plan.csv", addressTableCsv(plan) });
    files.push_back({ folder + "/address-plan-provenance.txt", addressTableProvenance(design) });
    files.push_back({ folder + "/address-plan.md", addressTableMarkdown(design, plan) });
    return files;
}

} // namespace cw::exporters::underlay
