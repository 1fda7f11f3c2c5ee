// One configuration file per switch of a RoCEv2 or plain Ethernet fabric, in the language of
// the switch's NOS (see switchOsOf): "<fabric>/<switch>.json" (SONiC config_db.json
// fragment), ".nvue" (Cumulus NVUE commands) or ".eos" (Arista EOS).

#include "exporters/switch/RoceSwitchConfigs.h"

#include "exporters/common/ExportWriter.h"
#include "exporters/switch/EosConfig.h"
#include "exporters/switch/NvueCommands.h"
#include "exporters/switch/RoceSwitchPlan.h"
#include "exporters/switch/SonicConfigDb.h"
#include "model/core/Design.h"

#include <set>

namespace cw::exporters {

Result<std::vector<ExportedFile>> roceSwitchConfigs(const Design &design, const Catalog &catalog,
                                                    const Fabric &fabric)
{
    auto plans = roce::planSwitches(design, catalog, fabric);
    if (!plans)
        return plans.error();
    const std::string folder
        = safeFileName(fabric.name, "fabric-" + std::to_string(fabric.id.value));
    std::vector<ExportedFile> files;
    std::set<std::string> used;
    for (const roce::SwitchPlan &plan : *plans) {
        std::string base
            = safeFileName(plan.device->name, "switch-" + std::to_string(plan.device->id.value));
        // Two names that sanitise alike ("a/b", "a_b") must not overwrite each other.
        if (!used.insert(base).second) {
            base += "_" + std::to_string(plan.device->id.value);
            used.insert(base);
        }
        switch (plan.os) {
        case roce::SwitchOs::Sonic:
            files.push_back({ folder + "/" + base + ".json", roce::sonicConfigDb(plan) });
            break;
        case roce::SwitchOs::Nvue:
            files.push_back({ folder + "/" + base + ".nvue", roce::nvueCommands(design, plan) });
            break;
        case roce::SwitchOs::Eos:
            files.push_back({ folder + "/" + base + ".eos", roce::eosConfig(design, plan) });
            break;
        }
    }
    return files;
}

} // namespace cw::exporters
