// The addressing plan of a routed underlay as a table (CSV for tools, Markdown for people).

#include "exporters/switch/AddressTable.h"

#include "exporters/cabling/Csv.h"
#include "exporters/common/FileHeader.h"
#include "exporters/switch/FrrConfig.h"
#include "exporters/switch/HostNetplan.h"
#include "exporters/switch/Underlay.h"

#include <vector>

namespace cw::exporters::underlay {
namespace {

struct Row
{
    std::string kind;
    std::string device;
    std::string role;
    std::string port;
    std::string address;
    std::string prefix;
    std::string peer;
    std::string peerPort;
    std::string asn;
    std::string rail;

    std::vector<std::string> fields() const
    {
        return { kind, device, role, port, address, prefix, peer, peerPort, asn, rail };
    }
};

std::string p31(std::uint32_t address)
{
    return ipv4Text(address & ~std::uint32_t { 1 }) + "/31";
}

void switchRows(std::vector<Row> &rows, const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    const std::string role = tierName(sw.tier);
    const std::string asn = std::to_string(sw.asn);
    rows.push_back({ "loopback", sw.hostname, role, "lo", ipv4Text(sw.loopback),
                     ipv4Text(sw.loopback) + "/32", "", "", asn, "" });
    rows.push_back({ "management", sw.hostname, role, sw.managementPort, ipv4Text(sw.management),
                     plan.options.management.text(), "", "", "", "" });
    for (const FabricPort &port : sw.fabricPorts) {
        const bool numbered = plan.options.peering == Peering::Numbered;
        rows.push_back(
            { "p2p", sw.hostname, role, port.port, numbered ? ipv4Text(port.localIp) : "link-local",
              numbered ? p31(port.localIp) : "unnumbered", port.peer, port.peerPort, asn, "" });
    }
    for (const HostPort &port : sw.hostPorts)
        rows.push_back({ "host-link", sw.hostname, role, port.port, ipv4Text(port.leafIp),
                         p31(port.leafIp), port.host, port.hostPort, asn,
                         std::to_string(port.railBlock) });
}

std::vector<Row> rowsOf(const UnderlayPlan &plan)
{
    std::vector<Row> rows;
    for (int block : plan.railBlocks)
        rows.push_back({ "rail-block", "", "", "", "", railBlockPrefix(plan.options, block).text(),
                         "", "", "", std::to_string(block) });
    for (const UnderlaySwitch &sw : plan.switches)
        switchRows(rows, plan, sw);
    for (const UnderlayHost &host : plan.hosts) {
        rows.push_back({ "management", host.hostname, "host", "", ipv4Text(host.management),
                         plan.options.management.text(), "", "", "", "" });
        for (const HostNic &nic : host.nics)
            rows.push_back({ "host-nic", host.hostname, "host", nic.port, ipv4Text(nic.address),
                             p31(nic.address), nic.leaf, nic.leafPort, "",
                             std::to_string(nic.railBlock) });
    }
    return rows;
}

/// Markdown cell: names are plain (planUnderlay refuses others), so only '|' could break a
/// row, and it cannot occur; empty cells read as a dash.
std::string cell(const std::string &text)
{
    return text.empty() ? "-" : text;
}

/// Text for an HTML comment: one line, no '-' runs that could close it, no '<' or '>'.
std::string commentSafe(const std::string &text)
{
    std::string result;
    for (char c : text) {
        const bool bad = c == '\n' || c == '\r' || c == '<' || c == '>'
            || (c == '-' && !result.empty() && result.back() == '-');
        result += bad ? ' ' : c;
    }
    return result;
}

} // namespace

std::string addressTableCsv(const UnderlayPlan &plan)
{
    // RFC 4180: the column names first, nothing before them (the provenance is its own file).
    std::string out = csv::line({ "kind", "device", "role", "port", "address", "prefix", "peer",
                                  "peer_port", "asn", "rail_block" });
    for (const Row &row : rowsOf(plan))
        out += csv::line(row.fields());
    return out;
}

std::string addressTableProvenance(const Design &design)
{
    return exporters::headerLine(design, "Underlay address plan") + "\n"
        + "Files: address-plan.csv (RFC 4180, one header row), address-plan.md; see "
          "docs/export-switch-roce.md.\n";
}

std::string addressTableMarkdown(const Design &design, const UnderlayPlan &plan)
{
    const UnderlayOptions &o = plan.options;
    std::string out = "# Underlay address plan: fabric " + plan.fabricName + "\n\n";
    out += "<!-- " + commentSafe(exporters::headerLine(design, "Underlay address plan"))
        + " -->\n\n";
    out += "Rules (docs/export-switch-roce.md): every address is a pool offset by a key that "
           "does not change while its owner exists, so adding a leaf renumbers nothing else.\n\n";
    out += "| pool | prefix | key |\n|---|---|---|\n";
    out += "| loopbacks | " + o.loopbacks.text() + " | pool + device id (/32) |\n";
    out += "| switch links | "
        + (o.peering == Peering::Numbered ? o.p2p.text()
                   + " | pool + 2 x link id (/31); the upper tier holds the even address |\n"
                                          : std::string("IPv6 link-local | BGP unnumbered |\n"));
    out += "| host links | " + o.hosts.text()
        + " | rail block (pool / 64) + 2 x host id (/31); leaf even, host odd |\n";
    out += "| management | " + o.management.text() + " | pool + device id |\n\n";
    out += "ASNs (RFC 7938): leaf " + std::to_string(kLeafAsnBase)
        + " + device id; spines of a pod " + std::to_string(kSpineAsnBase)
        + " + the pod's smallest spine id; top tier " + std::to_string(kSuperSpineAsn)
        + ". Host rail tables: " + std::to_string(kRailTableBase) + " + rail block.\n\n";
    out += "| kind | device | role | port | address | prefix | peer | peer port | ASN | rail block "
           "|\n";
    out += "|---|---|---|---|---|---|---|---|---|---|\n";
    for (const Row &row : rowsOf(plan)) {
        std::string line = "|";
        for (const std::string &field : row.fields())
            line += " " + cell(field) + " |";
        out += line + "\n";
    }
    return out;
}

} // namespace cw::exporters::underlay
