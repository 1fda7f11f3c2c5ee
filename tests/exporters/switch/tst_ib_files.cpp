// Contents of the InfiniBand subnet-manager files (opensm.conf, root GUIDs, node name map,
// fabric.topo): the routing engine choice, GUIDs that agree across the files, the top tier
// as roots, one topology link per design link, ibsim's line rules, hostile names, errors,
// determinism. The real tools run on the same files in tst_ib_real.

#include "exporters/common/ExportWriter.h"
#include "exporters/switch/IbnetTopology.h"
#include "exporters/switch/IbnetTopologyModel.h"
#include "exporters/switch/InfinibandFiles.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"

#include <QtTest>

#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace cw;
using exporters::ExportedFile;

namespace {

const Fabric *fabricNamed(const Design &design, const std::string &name)
{
    for (const Fabric &f : design.fabrics())
        if (f.name == name)
            return &f;
    return nullptr;
}

const Device *deviceNamed(const Design &design, const std::string &name)
{
    for (const Device &d : design.devices())
        if (d.name == name)
            return &d;
    return nullptr;
}

std::map<std::string, std::string> byName(const std::vector<ExportedFile> &files)
{
    std::map<std::string, std::string> result;
    for (const ExportedFile &file : files)
        result[file.path.substr(file.path.find('/') + 1)] = file.bytes;
    return result;
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        result.push_back(line);
    return result;
}

/// The value of `key` in opensm.conf (first non-comment line starting with it).
std::string confValue(const std::string &conf, const std::string &key)
{
    for (const std::string &line : lines(conf))
        if (line.rfind(key + " ", 0) == 0)
            return line.substr(key.size() + 1);
    return {};
}

/// The comment lines of a file as one text: "# " stripped, wrapped lines joined by spaces.
std::string commentText(const std::string &text)
{
    std::string joined;
    for (const std::string &line : lines(text))
        if (line.rfind("# ", 0) == 0)
            joined += (joined.empty() ? "" : " ") + line.substr(2);
    return joined;
}

/// GUID lines ("0x" + 16 hex digits alone on a line) of the root GUID file.
std::vector<std::string> rootGuids(const std::string &text)
{
    static const std::regex guid("^0x[0-9a-f]{16}$");
    std::vector<std::string> result;
    for (const std::string &line : lines(text))
        if (std::regex_match(line, guid))
            result.push_back(line);
    return result;
}

/// GUID -> name of ib-node-name-map.
std::map<std::string, std::string> nameMap(const std::string &text)
{
    static const std::regex entry("^(0x[0-9a-f]{16}) \"([^\"]*)\"$");
    std::map<std::string, std::string> result;
    std::smatch m;
    for (const std::string &line : lines(text))
        if (std::regex_match(line, m, entry))
            result[m[1]] = m[2];
    return result;
}

/// What fabric.topo declares: node GUIDs (from the guid lines, checked against the node
/// ids), names, kinds, and every port line as (node id, port, remote id, remote port).
struct Topo
{
    std::map<std::string, std::string> nameOfGuid;
    std::map<std::string, char> kindOfGuid; ///< 'S' or 'H'
    std::set<std::tuple<std::string, int, std::string, int>> ports;
    std::vector<std::string> rates;
    int portLines = 0;
    std::string problem; ///< first rule broken, empty if none
};

Topo parseTopo(const std::string &text)
{
    static const std::regex guidLine("^(switchguid|caguid)=(0x[0-9a-f]{16})$");
    static const std::regex header("^(Switch|Ca)\t(\\d+) \"([SH])-([0-9a-f]{16})\"\t\t# "
                                   "\"([^\"]*)\"( enhanced port 0 lid 0 lmc 0)?$");
    static const std::regex port("^\\[(\\d+)\\]\t\"([SH]-[0-9a-f]{16})\"\\[(\\d+)\\]\t\t# (lid 0 "
                                 "lmc 0 )?\"[^\"]*\" lid 0 (\\dx[A-Z]+)$");
    Topo topo;
    std::string pendingGuid;
    std::string current;
    int currentPorts = 0;
    for (const std::string &line : lines(text)) {
        std::smatch m;
        if (line.size() > 255 && topo.problem.empty())
            topo.problem = "line longer than ibsim's 255 bytes: " + line.substr(0, 60);
        if (line.empty()) {
            current.clear();
        } else if (line[0] == '#') {
            continue;
        } else if (std::regex_match(line, m, guidLine)) {
            pendingGuid = m[2];
        } else if (std::regex_match(line, m, header)) {
            const std::string guid = "0x" + m[4].str();
            if (guid != pendingGuid && topo.problem.empty())
                topo.problem = "node " + guid + " not preceded by its guid line";
            if ((m[1] == "Switch") != (m[3] == "S") && topo.problem.empty())
                topo.problem = "node kind and id prefix differ: " + line;
            current = m[3].str() + "-" + m[4].str();
            currentPorts = std::stoi(m[2]);
            topo.nameOfGuid[guid] = m[5];
            topo.kindOfGuid[guid] = m[3].str()[0];
        } else if (std::regex_match(line, m, port)) {
            ++topo.portLines;
            const int local = std::stoi(m[1]);
            if ((current.empty() || local < 1 || local > currentPorts) && topo.problem.empty())
                topo.problem = "port line outside a record or beyond its port count: " + line;
            topo.ports.insert({ current, local, m[2], std::stoi(m[3]) });
            topo.rates.push_back(m[5]);
        } else if (topo.problem.empty()) {
            topo.problem = "line ibsim would not read as intended: " + line;
        }
    }
    return topo;
}

int designLinks(const Design &design, const Fabric &fabric)
{
    int count = 0;
    for (const Link &link : design.links())
        count += link.fabric == fabric.id ? 1 : 0;
    return count;
}

Design dgxDesign()
{
    auto design = buildDgx8H100Ndr(Catalog::builtin());
    if (!design)
        qFatal("%s", design.error().message.c_str());
    return std::move(design).value();
}

} // namespace

class TestIbFiles : public QObject
{
    Q_OBJECT

private slots:
    void guidScheme()
    {
        using namespace exporters::ib;
        // By hand: 0x024357 << 40, device id << 8, low byte 0 (switch) or 2*(port+1) (HCA).
        QCOMPARE(switchGuid(DeviceId { 17 }), 0x0243570000001100ULL);
        QCOMPARE(hcaNodeGuid(DeviceId { 7 }, 0), 0x0243570000000702ULL);
        QCOMPARE(hcaNodeGuid(DeviceId { 7 }, 7), 0x0243570000000710ULL);
        QCOMPARE(guidText(0x0243570000000702ULL), std::string("0x0243570000000702"));
        IbNode node;
        node.kind = IbNode::Kind::Ca;
        node.guid = 0x0243570000000702ULL;
        QCOMPARE(node.id(), std::string("H-0243570000000702"));
    }

    void speedAnnotations()
    {
        using exporters::ib::ibsimSpeed;
        // Per-lane rates (ref:ibta-spec-vol1): NDR 100, HDR 50, EDR 25, FDR 14, QDR 10 Gb/s.
        QCOMPARE(ibsimSpeed(400).text, std::string("4xHDR"));
        QVERIFY(ibsimSpeed(400).clamped);
        QCOMPARE(ibsimSpeed(400).designedName, std::string("NDR"));
        QCOMPARE(ibsimSpeed(800).designedName, std::string("XDR"));
        QCOMPARE(ibsimSpeed(200).text, std::string("4xHDR"));
        QVERIFY(!ibsimSpeed(200).clamped);
        QCOMPARE(ibsimSpeed(100).text, std::string("4xEDR"));
        QCOMPARE(ibsimSpeed(56).text, std::string("4xFDR"));
        QCOMPARE(ibsimSpeed(40).text, std::string("4xQDR"));
    }

    void dgxComputeFabric()
    {
        const Design design = dgxDesign();
        const Fabric *fabric = fabricNamed(design, "compute-ndr");
        QVERIFY(fabric);
        auto files = exporters::infinibandFiles(design, Catalog::builtin(), *fabric);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        QCOMPARE(files->size(), std::size_t(4));
        const std::vector<std::string> expectedPaths { "compute-ndr/opensm.conf",
                                                       "compute-ndr/root-guids.conf",
                                                       "compute-ndr/ib-node-name-map",
                                                       "compute-ndr/fabric.topo" };
        for (std::size_t i = 0; i < expectedPaths.size(); ++i)
            QCOMPARE((*files)[i].path, expectedPaths[i]);
        auto text = byName(*files);
        // Every file starts with the header comment naming the design.
        for (const auto &[name, bytes] : text) {
            QVERIFY2(bytes.rfind("# ", 0) == 0, name.c_str());
            QVERIFY2(bytes.substr(0, bytes.find('\n')).find(design.name()) != std::string::npos,
                     name.c_str());
        }

        // Designed as a 2-tier fat tree with every HCA on a leaf: ftree, updn as its fallback.
        const std::string &conf = text["opensm.conf"];
        QCOMPARE(confValue(conf, "routing_engine"), std::string("ftree,updn"));
        QCOMPARE(confValue(conf, "root_guid_file"), std::string("/etc/opensm/root-guids.conf"));
        QCOMPARE(confValue(conf, "node_name_map_name"),
                 std::string("/etc/opensm/ib-node-name-map"));
        QCOMPARE(confValue(conf, "lmc"), std::string("0")); // ftree needs LMC 0 (ref:opensm-man)
        // The design counts tiers up from the leaves (spines = tier 1); opensm's ftree logs
        // the roots as rank 0 ("Fabric has N switches at rank 0 (roots)", tst_ib_real): the
        // comments name both, and the topology kind "fat-tree" reads as a noun phrase.
        for (const std::string &comments :
             { commentText(conf), commentText(text["root-guids.conf"]) }) {
            QVERIFY2(comments.find("2 switches of the top tier (tier 1 in the design; opensm "
                                   "ranks roots 0)")
                         != std::string::npos,
                     comments.c_str());
            QVERIFY(comments.find("(rank 1") == std::string::npos);
        }
        // The example's compute fabric is a fat tree with rails on rail leaves.
        QVERIFY(commentText(conf).find("designed as a rail-optimized fat tree of 2 switch tiers")
                != std::string::npos);

        // Roots = the top tier: the design's tier-1 switches spine01 (id 17) and spine02 (id 18).
        const auto map = nameMap(text["ib-node-name-map"]);
        const auto roots = rootGuids(text["root-guids.conf"]);
        QCOMPARE(roots, (std::vector<std::string> { "0x0243570000001100", "0x0243570000001200" }));
        QCOMPARE(map.at(roots[0]), std::string("spine01"));
        QCOMPARE(map.at(roots[1]), std::string("spine02"));
        int topTier = -1;
        std::set<std::string> topNames;
        for (const Device &d : design.devices())
            if (d.role == DeviceRole::Switch && d.catalogType == "qm9700" && d.name != "stor01")
                topTier = std::max(topTier, d.tier);
        for (const Device &d : design.devices())
            if (d.catalogType == "qm9700" && d.tier == topTier && d.name != "stor01")
                topNames.insert(d.name);
        QCOMPARE(topNames, (std::set<std::string> { "spine01", "spine02" }));

        // The name map: 4 switches + 8 x 8 HCAs; dgx01 (id 7) port mlx5_0 (index 0) -> ..0702.
        QCOMPARE(map.size(), std::size_t(68));
        QCOMPARE(map.at("0x0243570000000702"), std::string("dgx01 mlx5_0"));
        QCOMPARE(map.at("0x0243570000000e10"), std::string("dgx08 mlx5_11")); // id 14, index 7

        // fabric.topo: same GUIDs and names as the map, one port line per link end, every link
        // declared identically from both ends, all within ibsim's line rules.
        const Topo topo = parseTopo(text["fabric.topo"]);
        QVERIFY2(topo.problem.empty(), topo.problem.c_str());
        QCOMPARE(topo.nameOfGuid, map);
        QCOMPARE(topo.kindOfGuid.at(roots[0]), 'S');
        QCOMPARE(topo.portLines, 2 * designLinks(design, *fabric));
        QCOMPARE(topo.portLines, 256); // 128 links: 64 node-leaf + 64 leaf-spine (by hand)
        for (const auto &[node, port, remote, remotePort] : topo.ports)
            QVERIFY2(topo.ports.count({ remote, remotePort, node, port }) == 1,
                     (node + " " + remote).c_str());
        // NDR is written 4xHDR for ibsim 0.10, and the file says so.
        QVERIFY(std::all_of(topo.rates.begin(), topo.rates.end(),
                            [](const std::string &r) { return r == "4xHDR"; }));
        QVERIFY(text["fabric.topo"].find("designed at NDR (400 Gb/s) are written 4xHDR")
                != std::string::npos);
        // The first node (where ibsim attaches a client by default) is a root.
        const std::string &topoText = text["fabric.topo"];
        QVERIFY(topoText.find("Switch\t64 \"S-0243570000001100\"")
                < topoText.find("\"S-0243570000000f00\"\t\t#"));
    }

    void ranksWithoutDesignTiers()
    {
        // Tiers unset: ranks are counted up from the switches with HCAs, giving the same roots.
        Design design = dgxDesign();
        for (const Device &d :
             std::vector<Device>(design.devices().begin(), design.devices().end())) {
            Device copy = d;
            copy.tier = -1;
            design.updateDevice(copy);
        }
        const Fabric *fabric = fabricNamed(design, "compute-ndr");
        auto files = exporters::infinibandFiles(design, Catalog::builtin(), *fabric);
        QVERIFY(files);
        auto text = byName(*files);
        QCOMPARE(rootGuids(text["root-guids.conf"]),
                 (std::vector<std::string> { "0x0243570000001100", "0x0243570000001200" }));
        QCOMPARE(confValue(text["opensm.conf"], "routing_engine"), std::string("ftree,updn"));
        QVERIFY(text["opensm.conf"].find("counted up from the HCAs") != std::string::npos);
    }

    void updnOtherwise_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("fabricName");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("reason");
        // The DGX storage fabric is "custom"; the seed's compute fabric is a one-switch tree.
        QTest::newRow("dgx storage") << 1 << "storage-ndr"
                                     << "stor01"
                                     << "designed as \"custom\", not a fat tree";
        QTest::newRow("seed compute") << 0 << "compute-hdr"
                                      << "ib-hdr01"
                                      << "one switch tier";
    }

    void updnOtherwise()
    {
        QFETCH(int, which);
        QFETCH(QString, fabricName);
        QFETCH(QString, root);
        QFETCH(QString, reason);
        const Catalog &catalog = Catalog::builtin();
        auto design = referenceDesigns()[static_cast<std::size_t>(which)].build(catalog);
        QVERIFY(design);
        const Fabric *fabric = fabricNamed(*design, fabricName.toStdString());
        QVERIFY(fabric);
        auto files = exporters::infinibandFiles(*design, catalog, *fabric);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        auto text = byName(*files);
        QCOMPARE(confValue(text["opensm.conf"], "routing_engine"), std::string("updn"));
        QVERIFY2(text["opensm.conf"].find(reason.toStdString()) != std::string::npos,
                 text["opensm.conf"].c_str());
        const auto roots = rootGuids(text["root-guids.conf"]);
        QCOMPARE(roots.size(), std::size_t(1));
        QCOMPARE(nameMap(text["ib-node-name-map"]).at(roots[0]), root.toStdString());
        const Device *rootDevice = deviceNamed(*design, root.toStdString());
        QVERIFY(rootDevice);
        QCOMPARE(roots[0], exporters::ib::guidText(exporters::ib::switchGuid(rootDevice->id)));
        const Topo topo = parseTopo(text["fabric.topo"]);
        QVERIFY2(topo.problem.empty(), topo.problem.c_str());
        QCOMPARE(topo.portLines, 2 * designLinks(*design, *fabric));
        if (which == 0) {
            // Seed: 8 GPU nodes + MDS + 4 OSS, one HDR HCA each on the one QM8700: 13 links.
            QCOMPARE(topo.portLines, 26);
            QVERIFY(std::all_of(topo.rates.begin(), topo.rates.end(),
                                [](const std::string &r) { return r == "4xHDR"; }));
            QVERIFY(text["fabric.topo"].find("written 4xHDR")
                    == std::string::npos); // HDR is not clamped
        }
    }

    void generatedFatTree()
    {
        const Catalog &catalog = Catalog::builtin();
        auto generated = generateDesign(
            "fat-tree", { { "nodes", "4" }, { "tiers", "2" }, { "storage", "none" } }, catalog);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        const Fabric *compute = nullptr;
        for (const Fabric &f : design.fabrics())
            if (f.purpose == FabricPurpose::Compute)
                compute = &f;
        QVERIFY(compute);
        auto files = exporters::infinibandFiles(design, catalog, *compute);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        auto text = byName(*files);
        QCOMPARE(confValue(text["opensm.conf"], "routing_engine"), std::string("ftree,updn"));
        // The generator designs the fabric rail-optimized: "a rail-optimized fat tree", not
        // "a rail-optimized of 2 switch tiers".
        QVERIFY(compute->topology.kind == TopologyKind::FatTree);
        const std::string kind
            = compute->topology.railOptimized ? "rail-optimized fat tree" : "fat tree";
        QVERIFY2(
            commentText(text["opensm.conf"]).find("designed as a " + kind + " of 2 switch tiers")
                != std::string::npos,
            text["opensm.conf"].c_str());
        // Roots = the switches of the highest tier the generator assigned on this fabric.
        std::set<std::uint64_t> onFabric;
        for (const Link &link : design.links())
            if (link.fabric == compute->id)
                for (const PortRef &end : { link.a, link.b })
                    if (design.device(end.device)->role == DeviceRole::Switch)
                        onFabric.insert(end.device.value);
        int top = -1;
        for (std::uint64_t id : onFabric)
            top = std::max(top, design.device(DeviceId { id })->tier);
        QCOMPARE(top, 1); // tiers=2: leaves 0, spines 1
        std::set<std::string> expected;
        for (std::uint64_t id : onFabric)
            if (design.device(DeviceId { id })->tier == top)
                expected.insert(
                    exporters::ib::guidText(exporters::ib::switchGuid(DeviceId { id })));
        const auto roots = rootGuids(text["root-guids.conf"]);
        QCOMPARE(std::set<std::string>(roots.begin(), roots.end()), expected);
        const Topo topo = parseTopo(text["fabric.topo"]);
        QVERIFY2(topo.problem.empty(), topo.problem.c_str());
        QCOMPARE(topo.portLines, 2 * designLinks(design, *compute));
        QCOMPARE(topo.nameOfGuid, nameMap(text["ib-node-name-map"]));
        // 4 nodes x 8 rails = 32 HCAs on the fabric.
        QCOMPARE(
            static_cast<int>(std::count_if(topo.kindOfGuid.begin(), topo.kindOfGuid.end(),
                                           [](const auto &entry) { return entry.second == 'H'; })),
            32);
    }

    void deterministic()
    {
        const Catalog &catalog = Catalog::builtin();
        const Design a = dgxDesign();
        const Design b = dgxDesign();
        auto first = exporters::infinibandFiles(a, catalog, *fabricNamed(a, "compute-ndr"));
        auto again = exporters::infinibandFiles(a, catalog, *fabricNamed(a, "compute-ndr"));
        auto rebuilt = exporters::infinibandFiles(b, catalog, *fabricNamed(b, "compute-ndr"));
        QVERIFY(first && again && rebuilt);
        QCOMPARE(first->size(), rebuilt->size());
        for (std::size_t i = 0; i < first->size(); ++i) {
            QCOMPARE((*first)[i].path, (*again)[i].path);
            QVERIFY((*first)[i].bytes == (*again)[i].bytes);
            QVERIFY((*first)[i].bytes == (*rebuilt)[i].bytes);
        }
    }

    void hostileNames()
    {
        // Names that would break the formats: quotes, '#', '=', '@', newlines, a path, a
        // design name longer than ibsim's line buffer.
        Design design = dgxDesign();
        design.setName(std::string(300, 'x') + "\nrouting_engine minhop\nSwitch 2 \"evil\"");
        Device spine = *deviceNamed(design, "spine01");
        spine.name = "spi\"ne#1=@x\nlmc 7";
        design.updateDevice(spine);
        Fabric fabric = *fabricNamed(design, "compute-ndr");
        fabric.name = "../../etc";
        design.updateFabric(fabric);
        auto files = exporters::infinibandFiles(design, Catalog::builtin(), fabric);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        for (const ExportedFile &file : *files) {
            QVERIFY2(exporters::checkRelativePath(file.path), file.path.c_str());
            QCOMPARE(std::count(file.path.begin(), file.path.end(), '/'), 1L); // "<fabric>/<file>"
        }
        auto text = byName(*files);
        const Topo topo = parseTopo(text["fabric.topo"]);
        QVERIFY2(topo.problem.empty(), topo.problem.c_str());
        const auto map = nameMap(text["ib-node-name-map"]);
        QCOMPARE(map.at("0x0243570000001100"), std::string("spi_ne_1__x_lmc 7"));
        QCOMPARE(topo.nameOfGuid, map);
        // The injected lines stay comments: opensm.conf has exactly one routing_engine and lmc.
        int routingLines = 0;
        int lmcLines = 0;
        for (const std::string &line : lines(text["opensm.conf"])) {
            routingLines += line.rfind("routing_engine", 0) == 0 ? 1 : 0;
            lmcLines += line.rfind("lmc", 0) == 0 ? 1 : 0;
            QVERIFY2(line.empty() || line[0] == '#' || line.find(' ') != std::string::npos,
                     line.c_str());
            QVERIFY(line.size() <= 200);
        }
        QCOMPARE(routingLines, 1);
        QCOMPARE(lmcLines, 1);
        for (const std::string &line : lines(text["root-guids.conf"]))
            QVERIFY2(line.empty() || line[0] == '#' || line.rfind("0x", 0) == 0, line.c_str());
    }

    void errors()
    {
        const Catalog &catalog = Catalog::builtin();
        {
            // An IB link on a switch's management port (leaf01 mgmt0, index 64 of qm9700).
            Design design = dgxDesign();
            const Fabric *fabric = fabricNamed(design, "compute-ndr");
            Link link;
            link.id = design.newId<LinkId>();
            link.fabric = fabric->id;
            link.a = PortRef { deviceNamed(design, "head01")->id, 0 };
            link.b = PortRef { deviceNamed(design, "leaf01")->id, 64 };
            design.addLink(link);
            auto files = exporters::infinibandFiles(design, catalog, *fabric);
            QVERIFY(!files);
            QVERIFY2(files.error().message.find("management port \"mgmt0\" of switch \"leaf01\"")
                         != std::string::npos,
                     files.error().message.c_str());
        }
        {
            // A device whose part the catalog lacks.
            Design design = dgxDesign();
            Device dgx = *deviceNamed(design, "dgx01");
            dgx.catalogType = "no-such-part";
            design.updateDevice(dgx);
            auto files
                = exporters::infinibandFiles(design, catalog, *fabricNamed(design, "compute-ndr"));
            QVERIFY(!files);
            QVERIFY2(files.error().message.find("\"dgx01\" has catalog type \"no-such-part\"")
                         != std::string::npos,
                     files.error().message.c_str());
        }
    }

    void commentBlocks()
    {
        using exporters::ib::commentBlock;
        QCOMPARE(commentBlock("# kept\nplain words"), std::string("# kept\n# plain words\n"));
        const std::string wrapped = commentBlock(std::string(500, 'a') + " b");
        for (const std::string &line : lines(wrapped)) {
            QVERIFY(line.rfind("# ", 0) == 0);
            QVERIFY(line.size() <= 96);
        }
        QCOMPARE(commentBlock("a\n\nb"), std::string("# a\n#\n# b\n"));
    }
};

QTEST_GUILESS_MAIN(TestIbFiles)
#include "tst_ib_files.moc"
