#include "exporters/switch/OpensmConfig.h"

#include "exporters/common/FileHeader.h"

namespace cw::exporters::ib {

namespace {

/// The design's topology kind as a noun phrase: "fat tree", "rail-optimized fat tree".
std::string designedShape(const IbFabric &fabric)
{
    if (fabric.topologyKind == "fat-tree")
        return "fat tree";
    return fabric.topologyKind + " fat tree";
}

} // namespace

// ftree's preconditions and the updn fallback: ref:opensm-man (opensm.8, osm_opensm.c).
RoutingChoice chooseRouting(const IbFabric &fabric)
{
    const bool designedFatTree
        = fabric.topologyKind == "fat-tree" || fabric.topologyKind == "rail-optimized";
    const int ranks = fabric.topRank + 1;
    if (designedFatTree && ranks >= 2 && ranks <= 8 && fabric.casOnLeavesOnly())
        return {
            "ftree", "ftree,updn",
            "Fat-tree routing (ftree): the fabric is designed as a " + designedShape(fabric)
                + " of " + std::to_string(ranks)
                + " switch tiers with every HCA on a leaf, the shape ftree routes with a root "
                  "file; "
                  "updn takes over if the cabled fabric stops being one (a missing cable) before "
                  "OpenSM's last resort, minhop."
        };
    std::string why;
    if (!designedFatTree)
        why = "the fabric is designed as \"" + fabric.topologyKind + "\", not a fat tree";
    else if (ranks < 2)
        why = "a fat tree of one switch tier has nothing for ftree to balance";
    else if (ranks > 8)
        why = "ftree handles 2 to 8 switch ranks and this fabric has " + std::to_string(ranks);
    else
        why = "some HCAs are cabled above the leaf tier, and ftree needs every compute node at one "
              "rank";
    return { "updn", "updn",
             "Up/down routing (updn): " + why
                 + "; updn is credit-loop free on any topology once its roots are known." };
}

namespace {

std::string tierSummary(const IbFabric &fabric)
{
    // The design counts tiers up from the leaves (leaf = 0), opensm's ftree counts ranks down
    // from the roots (root = 0, "Fabric has N switches at rank 0 (roots)" in its log): name
    // both so neither reader takes the other's number for a mistake.
    const auto roots = fabric.roots();
    return std::to_string(roots.size()) + " switch" + (roots.size() == 1 ? "" : "es")
        + " of the top tier (tier " + std::to_string(fabric.topRank)
        + (fabric.ranksFromDesign ? " in the design" : " counted up from the HCAs")
        + "; opensm ranks roots 0)";
}

} // namespace

std::string opensmConf(const Design &design, const IbFabric &fabric, const RoutingChoice &routing)
{
    const std::string dir = kOpensmDir;
    std::string text = commentBlock(fileHeader(design, "#", "OpenSM configuration (opensm.conf)"));
    text += "#\n";
    text += commentBlock(
        "Subnet manager of InfiniBand fabric \"" + fabric.name
        + "\": " + std::to_string(fabric.switchCount()) + " switches, "
        + std::to_string(fabric.caCount()) + " HCAs, " + std::to_string(fabric.links.size())
        + " links.\n" + "Install this folder's files in " + dir
        + " on the subnet-manager host and start " + "`opensm -F " + dir + kOpensmConfName + "`.\n"
        + "Keys not set here keep OpenSM's defaults (`opensm -c FILE` writes them all); checked "
          "with Debian's opensm 3.3.23.\n"
          "The GUIDs are derived from the design (see "
        + kTopologyName + "); put the built fabric's real ones (ibnetdiscover) in "
        + kRootGuidFileName + " and " + kNodeNameMapName + " before going live.");

    text += "\n" + commentBlock(routing.reason);
    text += "routing_engine " + routing.engines + "\n";

    text += "\n";
    if (fabric.switchCount() > 0) {
        text += commentBlock("Roots for " + routing.primary + ": " + tierSummary(fabric)
                             + ", listed by node GUID.");
        text += std::string("root_guid_file ") + dir + kRootGuidFileName + "\n";
    } else {
        text
            += commentBlock("No switches on this fabric, so no root GUID file: the HCAs are cabled "
                            "back to back.");
    }

    text += "\n"
        + commentBlock("Names for GUIDs in OpenSM's log and dumps; infiniband-diags read the same "
                       "file with --node-name-map.");
    text += std::string("node_name_map_name ") + dir + kNodeNameMapName + "\n";

    text += "\n"
        + commentBlock("One LID per port: ftree does not support LMC > 0, and multipathing comes "
                       "from the tree's many up links, not from extra LIDs.");
    text += "lmc 0\n";

    text += "\n"
        + commentBlock("Priority in master election (0-15): high, so this SM wins over a switch's "
                       "embedded SM; give a standby SM host 13.");
    text += "sm_priority 14\n";

    text += "\n"
        + commentBlock("Seconds between light sweeps that notice cable and port changes "
                       "(OpenSM's default, stated so a site sees it).");
    text += "sweep_interval 10\n";
    return text;
}

std::string rootGuidFile(const Design &design, const IbFabric &fabric)
{
    std::string text = commentBlock(fileHeader(design, "#", "OpenSM root GUID file"));
    text += commentBlock("Top switch tier of InfiniBand fabric \"" + fabric.name
                         + "\" (root_guid_file of ftree and updn): " + tierSummary(fabric)
                         + ". One node GUID a line; the name is in the comment above it.");
    for (const IbNode *root : fabric.roots())
        text += "# " + root->name + "\n" + guidText(root->guid) + "\n";
    return text;
}

std::string nodeNameMap(const Design &design, const IbFabric &fabric)
{
    std::string text = commentBlock(fileHeader(design, "#", "InfiniBand node name map"));
    text += commentBlock("Node GUID -> name for InfiniBand fabric \"" + fabric.name
                         + "\": switches by hostname, HCAs as \"<host> <port>\".");
    for (const IbNode &node : fabric.nodes)
        text += guidText(node.guid) + " \"" + node.name + "\"\n";
    return text;
}

} // namespace cw::exporters::ib
