#include "model/fabric/Templates.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Gb200Template.h"
#include "model/fabric/RailSpeedMatch.h"

#include <algorithm>
#include <charconv>
#include <functional>

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

TemplateParameter integerParameter(std::string name, std::string defaultValue, std::string help,
                                   int minimum, int maximum, bool allowsAuto = false)
{
    return { std::move(name),
             std::move(defaultValue),
             std::move(help),
             ParameterKind::Integer,
             {},
             minimum,
             maximum,
             PartKind::Server,
             allowsAuto };
}

TemplateParameter choiceParameter(std::string name, std::string defaultValue, std::string help,
                                  std::vector<std::string> choices)
{
    return { std::move(name),
             std::move(defaultValue),
             std::move(help),
             ParameterKind::Choice,
             std::move(choices),
             0,
             0,
             PartKind::Server,
             false };
}

TemplateParameter partParameter(std::string name, std::string defaultValue, std::string help,
                                PartKind kind)
{
    return { std::move(name),
             std::move(defaultValue),
             std::move(help),
             ParameterKind::Part,
             {},
             0,
             0,
             kind,
             false };
}

const std::vector<std::string> kRatios { "1:1", "2:1", "3:1", "4:1" };
constexpr int kMaxNodes = 1000000;

const std::vector<TemplateParameter> &fatTreeParameters()
{
    static const std::vector<TemplateParameter> parameters {
        integerParameter("nodes", "", "compute nodes (required)", 1, kMaxNodes),
        partParameter("node-type", "dgx-h100", "catalog id of the compute node", PartKind::Server),
        integerParameter("rails", "all", "compute NICs used per node (default: all of the node's)",
                         1, 64, true),
        choiceParameter("technology", "infiniband", "infiniband | roce", { "infiniband", "roce" }),
        partParameter("switch-type", "qm9700 (roce: sonic-64x400g)",
                      "catalog id of the fabric switch", PartKind::Switch),
        choiceParameter("tiers", "auto", "2 | 3 | auto (fewest tiers that fit)",
                        { "auto", "2", "3" }),
        choiceParameter("oversubscription", "1:1",
                        "leaf downlink:uplink bandwidth, 1:1 | 2:1 | 3:1 | 4:1", kRatios),
        { "rail-optimized",
          "true",
          "true: rail r of every node lands on the rail-r leaves",
          ParameterKind::Boolean,
          { "true", "false" },
          0,
          0,
          PartKind::Server,
          false },
        integerParameter(
            "nodes-per-rack", "auto",
            "compute nodes per rack; auto: as many as the site's kW per position allows", 1, 64,
            true),
        integerParameter("racks-per-row", "16",
                         "racks per row on a site without halls (halls set their own rows)", 1,
                         1000),
        choiceParameter("storage", "lustre", "none | lustre | weka | vast",
                        { "none", "lustre", "weka", "vast" }),
        integerParameter(
            "storage-nodes", "4",
            "data servers (Lustre OSS, WEKA hosts, VAST enclosures); Lustre adds 1 MDS", 1, 10000),
        choiceParameter("storage-fabric", "separate",
                        "separate | converged (storage servers on the compute fabric)",
                        { "separate", "converged" }),
        choiceParameter("storage-oversubscription", "1:1",
                        "leaf ratio of a separate storage fabric", kRatios),
        partParameter("storage-switch-type", "switch-type",
                      "catalog id of a separate storage fabric's switch", PartKind::Switch),
    };
    return parameters;
}

const std::vector<TemplateParameter> &superPodParameters()
{
    static const std::vector<TemplateParameter> parameters { integerParameter(
        "sus", "1", "scalable units, 1..4", 1, kSuperPodMaxSus) };
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
            const bool known
                = std::any_of(accepted.begin(), accepted.end(),
                              [&name = key](const TemplateParameter &p) { return p.name == name; });
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
        std::string value = text(key, fallback);
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

/// A template's spec for a size (nodes, SUs): the search for the largest design that fits
/// regenerates the spec at other sizes.
using SpecAtSize = std::function<FatTreeSpec(int size)>;

Result<FatTreeSpec> parseFatTree(const std::map<std::string, std::string> &values,
                                 const Catalog &catalog)
{
    Parameters p("fat-tree", values, fatTreeParameters());
    if (!p.error().empty())
        return Error { p.error() };
    if (!p.has("nodes"))
        return Error { "fat-tree: the parameter nodes is required (--param nodes=N)" };
    FatTreeSpec spec;
    spec.nodes = p.integer("nodes", 0, 1, kMaxNodes);
    spec.nodePart = p.part(catalog, "node-type", "dgx-h100", PartKind::Server);
    const std::string technology = p.choice("technology", "infiniband", { "infiniband", "roce" });
    spec.technology = technology == "roce" ? Technology::RoCEv2 : Technology::InfiniBand;
    spec.switchPart = p.part(catalog, "switch-type",
                             technology == "roce" ? "sonic-64x400g" : "qm9700", PartKind::Switch);
    const std::string tiers = p.choice("tiers", "auto", { "2", "3", "auto" });
    spec.tiers = tiers == "auto" ? 0 : std::stoi(tiers);
    spec.ratio = p.choice("oversubscription", "1:1", kRatios)[0] - '0';
    spec.railOptimized = p.choice("rail-optimized", "true", { "true", "false" }) == "true";
    spec.nodesPerRack
        = p.text("nodes-per-rack", "auto") == "auto" ? 0 : p.integer("nodes-per-rack", 4, 1, 64);
    spec.racksPerRow = p.integer("racks-per-row", 16, 1, 1000);
    spec.storage = p.choice("storage", "lustre", { "none", "lustre", "weka", "vast" });
    spec.storageNodes = p.integer("storage-nodes", 4, 1, 10000);
    spec.storageConverged
        = p.choice("storage-fabric", "separate", { "separate", "converged" }) == "converged";
    spec.storageRatio = p.choice("storage-oversubscription", "1:1", kRatios)[0] - '0';
    if (!p.error().empty())
        return Error { p.error() };
    if (spec.nodePart->server && spec.nodePart->server->nvlinkDomainGpus > 0)
        return Error { "fat-tree: node-type " + spec.nodePart->id
                       + " is a tray of a rack-scale system (an NVLink domain of "
                       + std::to_string(spec.nodePart->server->nvlinkDomainGpus)
                       + " GPUs): use the template gb200-nvl72" };
    const int nics = spec.nodePart->countPorts(PortRole::Compute);
    if (nics == 0)
        return Error { "fat-tree: node-type " + spec.nodePart->id + " has no compute NICs" };
    spec.rails = p.text("rails", "all") == "all" ? nics : p.integer("rails", nics, 1, 1 << 20);
    if (!p.error().empty())
        return Error { p.error() };
    if (spec.rails > nics)
        return Error { "fat-tree: rails " + std::to_string(spec.rails) + " is more than the "
                       + std::to_string(nics) + " compute NICs of " + spec.nodePart->id };
    if (!supports(*spec.switchPart, spec.technology))
        return Error { "fat-tree: switch-type " + spec.switchPart->id + " does not run "
                       + technology };
    if (auto matched = checkRailSpeedMatch(spec, catalog); !matched)
        return matched.error();
    if (p.has("storage-switch-type")) {
        spec.storageSwitchPart
            = p.part(catalog, "storage-switch-type", spec.switchPart->id, PartKind::Switch);
        if (!p.error().empty())
            return Error { p.error() };
        if (!supports(*spec.storageSwitchPart, spec.technology))
            return Error { "fat-tree: storage-switch-type " + spec.storageSwitchPart->id
                           + " does not run " + technology };
    }
    if (auto reached = checkStorageSwitch(spec, catalog); !reached)
        return reached.error();
    spec.nodePrefix = spec.nodePart->id.rfind("dgx", 0) == 0 ? "dgx" : "gpu";
    spec.designName = "fat-tree " + std::to_string(spec.nodes) + " x " + spec.nodePart->id + ", "
        + technology + ", " + spec.switchPart->id + ", " + std::to_string(spec.ratio) + ":1";
    return spec;
}

Result<FatTreeSpec> superPodSpec(int sus, const Catalog &catalog)
{
    FatTreeSpec spec;
    spec.designName = "DGX SuperPOD H100, " + std::to_string(sus) + " SU";
    spec.clusterName = "superpod";
    spec.nodePrefix = "dgx";
    // One of the SUs' 32 slots goes to the UFM appliance (ref:nvidia-superpod-h100-ra).
    spec.nodes = kSuperPodSlotsPerSu * sus - 1;
    spec.nodePart = catalog.find("dgx-h100");
    spec.switchPart = catalog.find("qm9700");
    if (!spec.nodePart || !spec.switchPart)
        return Error { "superpod-h100: the catalog needs dgx-h100 and qm9700" };
    spec.rails = spec.nodePart->countPorts(PortRole::Compute);
    spec.technology = Technology::InfiniBand;
    spec.tiers = 2;
    spec.ratio = 1;
    spec.railOptimized = true;
    spec.nodesPerRack = 0; // the RA's 4 per rack, fewer when the site's positions ask for it
    spec.nodesPerRackCap = kSuperPodNodesPerRack;
    spec.racksPerRow = kSuperPodRacksPerRow;
    spec.suSlots = kSuperPodSlotsPerSu;
    spec.ufmSlot = true;
    const Part *ufm = catalog.find(kUfmType);
    if (ufm && ufm->kind == PartKind::Server && ufm->countPorts(PortRole::Compute) > 0)
        spec.ufmPart = ufm;
    return spec;
}

SitePlacement placementFor(const std::optional<Site> &site, const FatTreeSpec &spec)
{
    SitePlacement placement;
    if (site) {
        placement.site = *site;
        return placement;
    }
    placement.growDefault = true;
    // Liquid halls for nodes with cold plates (liquid or hybrid: chooseRackType puts a hybrid
    // part in a liquid rack) and for a liquid-cooled rack-scale system.
    const bool liquidNode
        = spec.nodePart && spec.nodePart->cooling.value_or(Cooling::Air) != Cooling::Air;
    const bool liquidRack = spec.rackScalePart
        && spec.rackScalePart->cooling.value_or(Cooling::Air) == Cooling::Liquid;
    placement.defaultSpec.liquid = liquidNode || liquidRack;
    return placement;
}

/// Whether the spec at `size` fits the site; `shortfalls` says why not. Placement alone
/// decides power, cooling and positions; reach needs the cables.
bool fitsAt(const SpecAtSize &specAt, int size, bool withCables, const Catalog &catalog,
            std::vector<SiteShortfall> &shortfalls)
{
    FatTreeSpec spec = specAt(size);
    spec.placementOnly = !withCables;
    spec.shortfalls = &shortfalls;
    shortfalls.clear();
    auto built = buildFatTree(spec, catalog);
    return built.ok() && shortfalls.empty();
}

std::string sizeText(const DesignTemplate &t, const FatTreeSpec &spec, int size)
{
    if (t.sizeParameter == "sus")
        return std::to_string(size) + " SU" + (size == 1 ? "" : "s") + " ("
            + std::to_string(spec.nodes) + " x " + spec.nodePart->id + ")";
    if (t.sizeParameter == "racks")
        return std::to_string(size) + " x " + (spec.rackScalePart ? spec.rackScalePart->id : "rack")
            + " (" + std::to_string(spec.nodes) + " x " + spec.nodePart->id + ")";
    return std::to_string(size) + " x " + spec.nodePart->id;
}

/// The refusal of a spec that does not fit at `size`: the largest size that fits, found by
/// bisection over real placements (fitting grows monotonically with size: more nodes never
/// need less power, cooling or floor), and the constraint that stops the next size.
SiteRefusal refusalFor(const DesignTemplate &t, const SpecAtSize &specAt, int size,
                       const std::vector<SiteShortfall> &atSize, const Catalog &catalog)
{
    const bool reach = atSize.front().constraint == SiteConstraint::Reach;
    std::vector<SiteShortfall> probe;
    int fits = 0; // largest size known to fit (0: none)
    int fails = size;
    while (fails - fits > 1) {
        const int middle = fits + (fails - fits) / 2;
        if (fitsAt(specAt, middle, reach, catalog, probe))
            fits = middle;
        else
            fails = middle;
    }
    std::vector<SiteShortfall> next = atSize;
    if (fails != size)
        fitsAt(specAt, fails, reach, catalog, next);
    const SiteConstraint binding
        = next.empty() ? atSize.front().constraint : next.front().constraint;
    // The requested size's figures for the binding constraint.
    const SiteShortfall *shown = &atSize.front();
    for (const SiteShortfall &shortfall : atSize)
        if (shortfall.constraint == binding) {
            shown = &shortfall;
            break;
        }
    SiteRefusal refusal;
    refusal.constraint = binding;
    refusal.largestFitting = fits;
    refusal.sizeParameter = t.sizeParameter;
    const std::string unit = t.sizeParameter == "sus" ? " SUs"
        : t.sizeParameter == "racks"                  ? " racks"
                                                      : " nodes";
    refusal.message = t.name + ": " + sizeText(t, specAt(size), size) + " need " + shown->need
        + "; " + shown->have + ": at most " + std::to_string(fits)
        + (fits == 1 ? unit.substr(0, unit.size() - 1) : unit)
        + " (binding constraint: " + std::string(toString(binding)) + ")";
    return refusal;
}

Result<GeneratedDesign> buildInSite(const DesignTemplate &t, const SpecAtSize &specAt, int size,
                                    const Catalog &catalog, SiteRefusal *refusal)
{
    std::vector<SiteShortfall> shortfalls;
    FatTreeSpec spec = specAt(size);
    spec.shortfalls = &shortfalls;
    auto generated = buildFatTree(spec, catalog);
    if (generated)
        return generated;
    if (shortfalls.empty())
        return Error { t.name + ": " + generated.error().message };
    SiteRefusal found = refusalFor(t, specAt, size, shortfalls, catalog);
    if (refusal)
        *refusal = found;
    return Error { found.message };
}

/// A fixed reference design in a given site: its rows go to the first hall, and the design
/// must fit the site's budgets and positions as generated designs do.
std::vector<SiteShortfall> placeFixedDesign(Design &design, const Site &site,
                                            const Catalog &catalog)
{
    std::vector<SiteShortfall> shortfalls;
    design.setSite(site);
    if (!site.halls.empty()) {
        const Hall &hall = site.halls.front();
        int rows = 0;
        int longest = 0;
        for (const Row &row : design.rows())
            rows = std::max(rows, row.index + 1);
        for (const Rack &rack : design.racks())
            longest = std::max(longest, rack.position + 1);
        if (rows > hall.rows || longest > hall.positionsPerRow)
            shortfalls.push_back({ SiteConstraint::Positions,
                                   std::to_string(rows) + " row(s) of up to "
                                       + std::to_string(longest) + " rack positions",
                                   "hall " + hall.name + " has " + std::to_string(hall.rows)
                                       + " rows of " + std::to_string(hall.positionsPerRow) });
        std::vector<Row> updated(design.rows().begin(), design.rows().end());
        for (Row &row : updated) {
            row.hall = hall.name;
            design.updateRow(row);
        }
        for (const Rack &rack : design.racks()) {
            double loadW = 0;
            for (DeviceId id : design.devicesInRack(rack.id))
                if (const Part *part = catalog.find(design.device(id)->catalogType))
                    loadW += part->maxPowerW;
            if (hall.maxKwPerPosition > 0 && loadW > hall.maxKwPerPosition * calc::wattsPerKw) {
                shortfalls.push_back(
                    { SiteConstraint::Power, formatPower(loadW) + " in rack " + rack.name,
                      "a position of hall " + hall.name + " gives "
                          + formatPower(hall.maxKwPerPosition * calc::wattsPerKw) });
                break;
            }
        }
    }
    for (SiteShortfall &shortfall : checkSiteBudgets(site, siteLoad(design, catalog)))
        shortfalls.push_back(std::move(shortfall));
    return shortfalls;
}

Result<GeneratedDesign> generateReference(const DesignTemplate &t,
                                          const std::map<std::string, std::string> &values,
                                          const Catalog &catalog,
                                          Result<Design> (*build)(const Catalog &),
                                          const std::optional<Site> &site, SiteRefusal *refusal)
{
    Parameters p(t.name, values, {});
    if (!p.error().empty())
        return Error { p.error() };
    auto design = build(catalog);
    if (!design)
        return Error { t.name + ": " + design.error().message };
    if (site) {
        const auto shortfalls = placeFixedDesign(design.value(), *site, catalog);
        if (!shortfalls.empty()) {
            SiteRefusal found;
            found.constraint = shortfalls.front().constraint;
            found.message = t.name + " (a fixed design) needs " + shortfalls.front().need + "; "
                + shortfalls.front().have
                + " (binding constraint: " + std::string(toString(found.constraint)) + ")";
            if (refusal)
                *refusal = found;
            return Error { found.message };
        }
    }
    return GeneratedDesign { std::move(design).value(), {} };
}

} // namespace

const std::vector<DesignTemplate> &designTemplates()
{
    static const std::string standardHalls
        = "standard halls (20 rows x 20 positions, 3.0 m pitch; 45 kW per position with rear-door "
          "heat exchangers, or 140 kW with direct liquid cooling for liquid-cooled or hybrid nodes "
          "and rack-scale systems), as many as the design needs up to 64, 30 m apart";
    static const std::vector<DesignTemplate> templates {
        { "fat-tree",
          "leaf/spine(/core) fat tree, rail-optimized by default, with storage and "
          "management networks",
          fatTreeParameters(), "nodes", standardHalls },
        { "superpod-h100", "NVIDIA DGX SuperPOD H100 reference architecture, 1-4 scalable units",
          superPodParameters(), "sus", standardHalls },
        { "gb200-nvl72",
          "GB200 NVL72 rack-scale systems (one 72-GPU NVLink domain per rack), 8 "
          "racks per SU as the DGX SuperPOD GB200 RA",
          gb200Nvl72Parameters(), "racks", standardHalls },
        { "seed-8node-hdr",
          "the seed article's 8 HGX H100 nodes on one HDR switch",
          {},
          "",
          "the reference design's own site (no halls)" },
        { "seed-8dgx-ndr",
          "8 DGX H100 on a 2-leaf/2-spine NDR rail-optimized fabric",
          {},
          "",
          "the reference design's own site (no halls)" },
    };
    return templates;
}

const DesignTemplate *findTemplate(const std::string &name)
{
    for (const DesignTemplate &t : designTemplates())
        if (t.name == name)
            return &t;
    return nullptr;
}

Result<GeneratedDesign> generateDesign(const std::string &name,
                                       const std::map<std::string, std::string> &parameters,
                                       const Catalog &catalog, const std::optional<Site> &site,
                                       SiteRefusal *refusal)
{
    const DesignTemplate *t = findTemplate(name);
    if (t && name == "fat-tree") {
        auto spec = parseFatTree(parameters, catalog);
        if (!spec)
            return spec.error();
        const FatTreeSpec &base = *spec;
        const SpecAtSize specAt = [&base, &site](int nodes) {
            FatTreeSpec sized = base;
            sized.nodes = nodes;
            sized.site = placementFor(site, sized);
            return sized;
        };
        return buildInSite(*t, specAt, base.nodes, catalog, refusal);
    }
    if (t && name == "superpod-h100") {
        Parameters p(name, parameters, superPodParameters());
        const int sus = p.integer("sus", 1, 1, kSuperPodMaxSus);
        if (!p.error().empty())
            return Error { p.error() };
        auto spec = superPodSpec(sus, catalog);
        if (!spec)
            return spec.error();
        const SpecAtSize specAt = [&catalog, &site](int size) {
            FatTreeSpec sized = *superPodSpec(size, catalog);
            sized.site = placementFor(site, sized);
            return sized;
        };
        return buildInSite(*t, specAt, sus, catalog, refusal);
    }
    if (t && name == "gb200-nvl72") {
        int racks = 0;
        auto spec = gb200Nvl72Spec(parameters, catalog, racks);
        if (!spec)
            return spec.error();
        const FatTreeSpec &base = *spec;
        const SpecAtSize specAt = [&base, &site](int size) {
            FatTreeSpec sized = gb200Nvl72At(base, size);
            sized.site = placementFor(site, sized);
            return sized;
        };
        return buildInSite(*t, specAt, racks, catalog, refusal);
    }
    if (t && name == "seed-8node-hdr")
        return generateReference(*t, parameters, catalog, &buildSeed8NodeHdr, site, refusal);
    if (t && name == "seed-8dgx-ndr")
        return generateReference(*t, parameters, catalog, &buildDgx8H100Ndr, site, refusal);
    std::string names;
    for (const DesignTemplate &known : designTemplates())
        names += (names.empty() ? "" : ", ") + known.name;
    return Error { "unknown template \"" + name + "\" (templates: " + names + ")" };
}

} // namespace cw
