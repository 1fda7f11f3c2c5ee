// One configuration file per switch of a RoCEv2 or plain Ethernet fabric, in the language of
// the switch's NOS (see switchOsOf): "<fabric>/<switch>.json" (SONiC config_db.json
// fragment), ".nvue" (Cumulus NVUE commands) or ".eos" (Arista EOS).

#include "exporters/switch/RoceSwitchConfigs.h"

#include "exporters/common/ExportWriter.h"
#include "exporters/switch/EosConfig.h"
#include "exporters/switch/NvueCommands.h"
#include "exporters/switch/RoceSwitchPlan.h"
#include "exporters/switch/SonicConfigDb.h"
#include "exporters/switch/Underlay.h"
#include "exporters/switch/UnderlayFiles.h"
#include "exporters/switch/UnderlayNos.h"
#include "model/core/Design.h"

#include <optional>
#include <set>

namespace cw::exporters {

Result<std::vector<ExportedFile>> roceSwitchConfigs(const Design &design, const Catalog &catalog,
                                                    const Fabric &fabric)
{
    return roceSwitchConfigs(design, catalog, fabric, { { "underlay", "off" } });
}

Result<std::vector<ExportedFile>>
roceSwitchConfigs(const Design &design, const Catalog &catalog, const Fabric &fabric,
                  const std::map<std::string, std::string> &params)
{
    // The routed underlay: RoCEv2 fabrics only (plain Ethernet ones stay bridged).
    std::optional<underlay::UnderlayPlan> routed;
    if (fabric.technology == Technology::RoCEv2 && underlay::underlayEnabled(params)) {
        auto options = underlay::underlayOptions(params);
        if (!options)
            return options.error();
        auto planned = underlay::planUnderlay(design, catalog, fabric, *options);
        if (!planned)
            return Error { "fabric " + fabric.name + ": " + planned.error().message };
        routed = std::move(planned).value();
    }
    std::map<std::string, std::string> frrBases;
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
        const underlay::UnderlaySwitch *sw
            = routed ? underlay::findSwitch(*routed, plan.device->name) : nullptr;
        switch (plan.os) {
        case roce::SwitchOs::Sonic: {
            std::string db = roce::sonicConfigDb(plan);
            if (sw) {
                db = underlay::sonicWithUnderlay(db, *routed, *sw);
                frrBases[sw->hostname] = base;
            }
            files.push_back({ folder + "/" + base + ".json", db });
            break;
        }
        case roce::SwitchOs::Nvue: {
            std::string text = roce::nvueCommands(design, plan);
            if (sw) {
                text = underlay::spliceBefore(text, "\nnv config apply",
                                              underlay::nvueUnderlay(*routed, *sw));
                frrBases[sw->hostname] = base;
            }
            files.push_back({ folder + "/" + base + ".nvue", text });
            break;
        }
        case roce::SwitchOs::Eos: {
            std::string text = roce::eosConfig(design, plan);
            if (sw)
                text
                    = underlay::spliceBefore(text, "!\nend\n", underlay::eosUnderlay(*routed, *sw));
            files.push_back({ folder + "/" + base + ".eos", text });
            break;
        }
        }
    }
    if (routed)
        for (ExportedFile &file : underlay::underlayFiles(design, *routed, folder, frrBases))
            files.push_back(std::move(file));
    return files;
}

} // namespace cw::exporters
