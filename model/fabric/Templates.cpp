#include "model/fabric/Templates.h"

#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Gb200Template.h"

#include <algorithm>
#include <charconv>

namespace cw {
namespace {

/// SuperPOD H100 RA (ref:nvidia-superpod-h100-ra): 32 DGX slots per SU, 4 DGX per rack, 8 rails,
/// QM9700 leaves and spines, validated to 4 SUs.
constexpr int kSuperPodSlotsPerSu = 32;
constexpr int kSuperPodMaxSus = 4;
constexpr int kSuperPodNodesPerRack = 4;
/// 8 DGX racks and the SU's leaf rack side by side: one SU per row.
constexpr int kSuperPodRacksPerRow = 9;
constexpr const char *kUfmType = "ufm-appliance";

const std::vector<TemplateParameter> &fatTreeParameters()
{
    static const std::vector<TemplateParameter> parameters{
        {"nodes", "", "compute nodes (required)"},
        {"node-type", "dgx-h100", "catalog id of the compute node"},
        {"rails", "all", "compute NICs used per node (default: all of the node's)"},
        {"technology", "infiniband", "infiniband | roce"},
        {"switch-type", "qm9700 (roce: sonic-64x400g)", "catalog id of the fabric switch"},
        {"tiers", "auto", "2 | 3 | auto (fewest tiers that fit)"},
        {"oversubscription", "1:1", "leaf downlink:uplink bandwidth, 1:1 | 2:1 | 3:1 | 4:1"},
        {"rail-optimized", "true", "true: rail r of every node lands on the rail-r leaves"},
        {"nodes-per-rack", "4", "compute nodes per rack"},
        {"racks-per-row", "16", "racks per row (compute and leaf racks)"},
        {"storage", "lustre", "none | lustre | weka | vast"},
        {"storage-nodes", "4", "data servers (Lustre OSS, WEKA hosts, VAST enclosures); Lustre adds 1 MDS"},
        {"storage-fabric", "separate", "separate | converged (storage servers on the compute fabric)"},
        {"storage-oversubscription", "1:1", "leaf ratio of a separate storage fabric"},
    };
    return parameters;
}

std::string joinNames(const std::vector<TemplateParameter> &parameters)
{
    std::string text;
    for (const TemplateParameter &parameter : parameters)
        text += (text.empty() ? "" : ", ") + parameter.name;
    return text;
}

/// Reads a template's parameters; an unknown key is an error naming the accepted ones.
class Parameters
{
public:
    Parameters(const std::string &templateName, const std::map<std::string, std::string> &values,
               const std::vector<TemplateParameter> &accepted)
        : m_template(templateName)
        , m_values(values)
    {
        for (const auto &[key, value] : values) {
            (void)value;
            const bool known = std::any_of(accepted.begin(), accepted.end(),
                                           [&](const TemplateParameter &p) { return p.name == key; });
            if (!known && m_error.empty())
                m_error = m_template + ": unknown parameter \"" + key + "\" (accepted: "
                          + (accepted.empty() ? std::string("none") : joinNames(accepted)) + ")";
        }
    }

    const std::string &error() const { return m_error; }
    bool has(const std::string &key) const { return m_values.contains(key); }
    std::string text(const std::string &key, const std::string &fallback) const
    {
        auto it = m_values.find(key);
        return it == m_values.end() ? fallback : it->second;
    }
    /// An integer in [low, high]; records an error otherwise.
    int integer(const std::string &key, int fallback, int low, int high)
    {
        auto it = m_values.find(key);
        if (it == m_values.end())
            return fallback;
        int value = 0;
        const std::string &text = it->second;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high) {
            fail(key + " must be a whole number from " + std::to_string(low) + " to "
                 + std::to_string(high) + " (got \"" + text + "\")");
            return fallback;
        }
        return value;
    }
    std::string choice(const std::string &key, const std::string &fallback,
                       const std::vector<std::string> &allowed)
    {
        const std::string value = text(key, fallback);
        if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
            std::string list;
            for (const std::string &name : allowed)
                list += (list.empty() ? "" : " | ") + name;
            fail(key + " must be " + list + " (got \"" + value + "\")");
        }
        return value;
    }
    const Part *part(const Catalog &catalog, const std::string &key, const std::string &fallback,
                     PartKind kind)
    {
        const std::string id = text(key, fallback);
        const Part *found = catalog.find(id);
        if (!found)
            fail(key + ": unknown catalog id \"" + id + "\"");
        else if (found->kind != kind)
            fail(key + ": \"" + id + "\" is a " + std::string(toString(found->kind)) + ", not a "
                 + std::string(toString(kind)));
        return found && found->kind == kind ? found : nullptr;
    }
    void fail(const std::string &message)
    {
        if (m_error.empty())
            m_error = m_template + ": " + message;
    }

private:
    std::string m_template;
    const std::map<std::string, std::string> &m_values;
    std::string m_error;
};

bool supports(const Part &part, Technology technology)
{
    if (!part.network)
        return false;
    for (Technology t : part.network->technologies)
        if (t == technology || (technology == Technology::RoCEv2 && t == Technology::Ethernet))
            return true;
    return false;
}

Result<GeneratedDesign> generateFatTree(const std::map<std::string, std::string> &values,
                                        const Catalog &catalog)
{
    Parameters p("fat-tree", values, fatTreeParameters());
    if (!p.error().empty())
        return Error{p.error()};
    if (!p.has("nodes"))
        return Error{"fat-tree: the parameter nodes is required (--param nodes=N)"};
    FatTreeSpec spec;
    spec.nodes = p.integer("nodes", 0, 1, 1000000);
    spec.nodePart = p.part(catalog, "node-type", "dgx-h100", PartKind::Server);
    const std::string technology = p.choice("technology", "infiniband", {"infiniband", "roce"});
    spec.technology = technology == "roce" ? Technology::RoCEv2 : Technology::InfiniBand;
    spec.switchPart = p.part(catalog, "switch-type",
                             technology == "roce" ? "sonic-64x400g" : "qm9700", PartKind::Switch);
    const std::string tiers = p.choice("tiers", "auto", {"2", "3", "auto"});
    spec.tiers = tiers == "auto" ? 0 : std::stoi(tiers);
    const std::vector<std::string> ratios{"1:1", "2:1", "3:1", "4:1"};
    spec.ratio = p.choice("oversubscription", "1:1", ratios)[0] - '0';
    spec.railOptimized = p.choice("rail-optimized", "true", {"true", "false"}) == "true";
    spec.nodesPerRack = p.integer("nodes-per-rack", 4, 1, 64);
    spec.racksPerRow = p.integer("racks-per-row", 16, 1, 1000);
    spec.storage = p.choice("storage", "lustre", {"none", "lustre", "weka", "vast"});
    spec.storageNodes = p.integer("storage-nodes", 4, 1, 10000);
    spec.storageConverged = p.choice("storage-fabric", "separate", {"separate", "converged"})
                            == "converged";
    spec.storageRatio = p.choice("storage-oversubscription", "1:1", ratios)[0] - '0';
    if (!p.error().empty())
        return Error{p.error()};
    if (spec.nodePart->server && spec.nodePart->server->nvlinkDomainGpus > 0)
        return Error{"fat-tree: node-type " + spec.nodePart->id
                     + " is a tray of a rack-scale system (an NVLink domain of "
                     + std::to_string(spec.nodePart->server->nvlinkDomainGpus)
                     + " GPUs): use the template gb200-nvl72"};
    const int nics = spec.nodePart->countPorts(PortRole::Compute);
    if (nics == 0)
        return Error{"fat-tree: node-type " + spec.nodePart->id + " has no compute NICs"};
    spec.rails = p.text("rails", "all") == "all" ? nics : p.integer("rails", nics, 1, 1 << 20);
    if (!p.error().empty())
        return Error{p.error()};
    if (spec.rails > nics)
        return Error{"fat-tree: rails " + std::to_string(spec.rails) + " is more than the "
                     + std::to_string(nics) + " compute NICs of " + spec.nodePart->id};
    if (!supports(*spec.switchPart, spec.technology))
        return Error{"fat-tree: switch-type " + spec.switchPart->id + " does not run "
                     + technology};
    spec.nodePrefix = spec.nodePart->id.rfind("dgx", 0) == 0 ? "dgx" : "gpu";
    spec.designName = "fat-tree " + std::to_string(spec.nodes) + " x " + spec.nodePart->id + ", "
                      + technology + ", " + spec.switchPart->id + ", "
                      + std::to_string(spec.ratio) + ":1";
    auto generated = buildFatTree(spec, catalog);
    if (!generated)
        return Error{"fat-tree: " + generated.error().message};
    return generated;
}

Result<GeneratedDesign> generateSuperPod(const std::map<std::string, std::string> &values,
                                         const Catalog &catalog)
{
    static const std::vector<TemplateParameter> accepted{
        {"sus", "1", "scalable units, 1..4"}};
    Parameters p("superpod-h100", values, accepted);
    const int sus = p.integer("sus", 1, 1, kSuperPodMaxSus);
    if (!p.error().empty())
        return Error{p.error()};
    FatTreeSpec spec;
    spec.designName = "DGX SuperPOD H100, " + std::to_string(sus) + " SU";
    spec.clusterName = "superpod";
    spec.nodePrefix = "dgx";
    // One of the SUs' 32 slots goes to the UFM appliance (ref:nvidia-superpod-h100-ra).
    spec.nodes = kSuperPodSlotsPerSu * sus - 1;
    spec.nodePart = catalog.find("dgx-h100");
    spec.switchPart = catalog.find("qm9700");
    if (!spec.nodePart || !spec.switchPart)
        return Error{"superpod-h100: the catalog needs dgx-h100 and qm9700"};
    spec.rails = spec.nodePart->countPorts(PortRole::Compute);
    spec.technology = Technology::InfiniBand;
    spec.tiers = 2;
    spec.ratio = 1;
    spec.railOptimized = true;
    spec.nodesPerRack = kSuperPodNodesPerRack;
    spec.racksPerRow = kSuperPodRacksPerRow;
    spec.suSlots = kSuperPodSlotsPerSu;
    spec.ufmSlot = true;
    const Part *ufm = catalog.find(kUfmType);
    if (ufm && ufm->kind == PartKind::Server && ufm->countPorts(PortRole::Compute) > 0)
        spec.ufmPart = ufm;
    auto generated = buildFatTree(spec, catalog);
    if (!generated)
        return Error{"superpod-h100: " + generated.error().message};
    return generated;
}

Result<GeneratedDesign> generateReference(const std::string &name,
                                          const std::map<std::string, std::string> &values,
                                          const Catalog &catalog,
                                          Result<Design> (*build)(const Catalog &))
{
    Parameters p(name, values, {});
    if (!p.error().empty())
        return Error{p.error()};
    auto design = build(catalog);
    if (!design)
        return Error{name + ": " + design.error().message};
    return GeneratedDesign{std::move(design).value(), {}};
}

} // namespace

const std::vector<DesignTemplate> &designTemplates()
{
    static const std::vector<DesignTemplate> templates{
        {"fat-tree", "leaf/spine(/core) fat tree, rail-optimized by default, with storage and "
                     "management networks", fatTreeParameters()},
        {"superpod-h100", "NVIDIA DGX SuperPOD H100 reference architecture, 1-4 scalable units",
         {{"sus", "1", "scalable units, 1..4"}}},
        {"gb200-nvl72", "GB200 NVL72 rack-scale systems (one 72-GPU NVLink domain per rack), 8 "
                        "racks per SU as the DGX SuperPOD GB200 RA", gb200Nvl72Parameters()},
        {"seed-8node-hdr", "the seed article's 8 HGX H100 nodes on one HDR switch", {}},
        {"seed-8dgx-ndr", "8 DGX H100 on a 2-leaf/2-spine NDR rail-optimized fabric", {}},
    };
    return templates;
}

Result<GeneratedDesign> generateDesign(const std::string &name,
                                       const std::map<std::string, std::string> &parameters,
                                       const Catalog &catalog)
{
    if (name == "fat-tree")
        return generateFatTree(parameters, catalog);
    if (name == "superpod-h100")
        return generateSuperPod(parameters, catalog);
    if (name == "gb200-nvl72")
        return generateGb200Nvl72(parameters, catalog);
    if (name == "seed-8node-hdr")
        return generateReference(name, parameters, catalog, &buildSeed8NodeHdr);
    if (name == "seed-8dgx-ndr")
        return generateReference(name, parameters, catalog, &buildDgx8H100Ndr);
    std::string names;
    for (const DesignTemplate &t : designTemplates())
        names += (names.empty() ? "" : ", ") + t.name;
    return Error{"unknown template \"" + name + "\" (templates: " + names + ")"};
}

} // namespace cw
