// The Ethernet/RoCE as-built readers (`lldpctl -f json`, the documented neighbour CSV) and the
// findings they lead to on the 8x DGX example: a neighbour table that is the design finds
// nothing; an unknown device and a link up at the wrong speed are named with both ends.

#include "model/asbuilt/AsBuiltCompare.h"
#include "model/asbuilt/AsBuiltInput.h"
#include "model/catalog/Catalog.h"
#include "model/catalog/Part.h"
#include "model/io/DesignFile.h"

#include <QtTest>

#include <algorithm>

using namespace cw;
using asbuilt::FindingKind;

namespace {

const std::filesystem::path kExample
    = CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json";

std::string portName(const Design &design, PortRef ref)
{
    const Device *device = design.device(ref.device);
    const Part *part = Catalog::builtin().find(device->catalogType);
    return part->ports[static_cast<std::size_t>(ref.port)].name;
}

std::vector<LinkId> linksOf(const Design &design, const std::string &fabricName)
{
    std::vector<LinkId> ids;
    for (const Fabric &fabric : design.fabrics())
        if (fabric.name == fabricName)
            for (const Link &link : design.links())
                if (link.fabric == fabric.id)
                    ids.push_back(link.id);
    return ids;
}

/// The neighbour CSV an installer would collect if the fabric were cabled as designed.
std::string csvOf(const Design &design, const std::vector<LinkId> &links)
{
    std::string csv = "# collected from the switches\ndevice,port,neighbour,neighbour_port\n";
    for (LinkId id : links) {
        const Link &link = *design.link(id);
        csv += design.device(link.a.device)->name + "," + portName(design, link.a) + ","
            + design.device(link.b.device)->name + "," + portName(design, link.b) + "\n";
    }
    return csv;
}

std::vector<asbuilt::Finding> findingsOf(const asbuilt::AsBuiltReport &report, FindingKind kind)
{
    std::vector<asbuilt::Finding> found;
    std::copy_if(report.findings.begin(), report.findings.end(), std::back_inserter(found),
                 [kind](const asbuilt::Finding &f) { return f.kind == kind; });
    return found;
}

} // namespace

class TestAsBuiltReaders : public QObject
{
    Q_OBJECT

    std::unique_ptr<LoadedDesign> m_loaded;

    const Design &design() const { return m_loaded->design; }

private slots:
    void initTestCase()
    {
        auto loaded = loadDesignFile(kExample, Catalog::builtin());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        m_loaded = std::make_unique<LoadedDesign>(std::move(loaded).value());
    }

    void csvOfTheDesignFindsNothing()
    {
        const std::vector<LinkId> links = linksOf(design(), "oob-mgmt");
        QVERIFY(!links.empty());
        auto observed = asbuilt::parseNeighbourCsv(csvOf(design(), links), "oob.csv");
        QVERIFY2(observed, observed ? "" : observed.error().message.c_str());
        QCOMPARE(observed->links.size(), links.size());
        QCOMPARE(observed->links.front().source, std::string("oob.csv:3")); // after comment, header
        const auto report = asbuilt::compareAsBuilt(
            design(), Catalog::builtin(), links,
            asbuilt::nameEndpoints(design(), Catalog::builtin()), *observed);
        QCOMPARE(report.findings.size(), std::size_t(0));
        QCOMPARE(report.matchedLinks, static_cast<int>(links.size()));
        QCOMPARE(report.designedLinks, static_cast<int>(links.size()));
    }

    void csvQuotingAndErrorsNameTheLine()
    {
        auto quoted = asbuilt::parseNeighbourCsv(
            "device,port,neighbour,neighbour_port\r\n\"sw \"\"a\"\", east\",swp1,host1,eth0\r\n",
            "q.csv");
        QVERIFY(quoted);
        QCOMPARE(quoted->links.size(), std::size_t(1));
        QCOMPARE(quoted->links[0].a.node, std::string("sw \"a\", east"));
        QCOMPARE(quoted->links[0].b.port, std::string("eth0"));
        QCOMPARE(quoted->reporters, std::vector<std::string> { "sw \"a\", east" });

        const std::pair<std::string, std::string> bad[] = {
            { "host,port,peer,peer_port\n",
              "bad.csv:1: expected the header device,port,neighbour,neighbour_port" },
            { "device,port,neighbour,neighbour_port\nleaf01,swp1,dgx01\n",
              "bad.csv:2: expected 4 fields (device,port,neighbour,neighbour_port), found 3" },
            { "device,port,neighbour,neighbour_port\nleaf01,,dgx01,eth0\n",
              "bad.csv:2: an empty field; every column is needed" },
            { "device,port,neighbour,neighbour_port\nleaf01,\"swp1,dgx01,eth0\n",
              "bad.csv:2: a quoted field is not closed" },
            { "", "bad.csv: empty; expected the header device,port,neighbour,neighbour_port" },
        };
        for (const auto &[text, message] : bad) {
            auto parsed = asbuilt::parseNeighbourCsv(text, "bad.csv");
            QVERIFY(!parsed);
            QCOMPARE(parsed.error().message, message);
        }
    }

    void lldpJsonListAndSingleForms()
    {
        // lldpctl -f json as lldpd 1.0 writes it: a list of interfaces when there are several,
        // the neighbour's system name as the key of "chassis", the port id typed.
        const std::string two = R"({"lldp": {"interface": [
            {"eth0": {"via": "LLDP", "rid": "1", "age": "0 day, 01:02:03",
                      "chassis": {"mgmt-sw01": {"id": {"type": "mac", "value": "0c:42:a1:00:00:01"},
                                                "descr": "Cumulus Linux"}},
                      "port": {"id": {"type": "ifname", "value": "swp7"}, "descr": "swp7", "ttl": "120"}}},
            {"eth1": {"via": "LLDP", "rid": "2",
                      "chassis": {"mgmt-sw02": {"id": {"type": "mac", "value": "0c:42:a1:00:00:02"}}},
                      "port": {"id": {"type": "mac", "value": "0c:42:a1:00:00:99"}, "descr": "Ethernet12"}}}
        ]}})";
        auto parsed = asbuilt::parseLldpJson(two, "head01", "head01.json");
        QVERIFY2(parsed, parsed ? "" : parsed.error().message.c_str());
        QCOMPARE(parsed->links.size(), std::size_t(2));
        QCOMPARE(parsed->links[0].a.node, std::string("head01"));
        QCOMPARE(parsed->links[0].a.port, std::string("eth0"));
        QCOMPARE(parsed->links[0].b.node, std::string("mgmt-sw01"));
        QCOMPARE(parsed->links[0].b.port, std::string("swp7"));
        // A MAC as the port id: the description names the port (SONiC's "Ethernet12").
        QCOMPARE(parsed->links[1].b.port, std::string("Ethernet12"));
        QCOMPARE(parsed->links[1].source, std::string("head01.json:/lldp/interface/1"));
        QCOMPARE(parsed->reporters, std::vector<std::string> { "head01" });

        // One interface: a bare object; the -f json0 style "name" also names the neighbour.
        const std::string one = R"({"lldp": {"interface": {"eth0": {
            "chassis": {"name": {"value": "mgmt-sw01"}},
            "port": {"id": {"type": "ifname", "value": "swp9"}}}}}})";
        auto single = asbuilt::parseLldpJson(one, "head01", "one.json");
        QVERIFY(single);
        QCOMPARE(single->links.size(), std::size_t(1));
        QCOMPARE(single->links[0].b.node, std::string("mgmt-sw01"));
        QCOMPARE(single->links[0].b.port, std::string("swp9"));

        auto notJson = asbuilt::parseLldpJson("lldpctl: unable to connect", "h", "h.json");
        QVERIFY(!notJson);
        QCOMPARE(notJson.error().message,
                 std::string("h.json: not JSON; expected `lldpctl -f json` output"));
        auto noLldp = asbuilt::parseLldpJson(R"({"interfaces": []})", "h", "h.json");
        QVERIFY(!noLldp);
        QVERIFY(noLldp.error().message.starts_with("h.json: no \"lldp\" object at /lldp"));
        auto nameless = asbuilt::parseLldpJson(
            R"({"lldp": {"interface": {"eth0": {"chassis": {"id": {"type": "mac", "value": "x"}}, "port": {}}}}})",
            "h", "h.json");
        QVERIFY(!nameless);
        QCOMPARE(nameless.error().message,
                 std::string("h.json:/lldp/interface/0 (eth0): the neighbour has no system name"));
    }

    void unknownDeviceNamesWhereItIsCabled()
    {
        // The first management cable ends on a device the design does not have.
        const std::vector<LinkId> links = linksOf(design(), "oob-mgmt");
        const Link &first = *design().link(links.front());
        const std::string a = design().device(first.a.device)->name;
        const std::string b = design().device(first.b.device)->name;
        std::string csv = csvOf(design(), links);
        const std::string line = a + "," + portName(design(), first.a) + "," + b + ",";
        const auto at = csv.find(line);
        QVERIFY(at != std::string::npos);
        csv.replace(at + a.size() + portName(design(), first.a).size() + 2, b.size(), "mystery01");
        auto observed = asbuilt::parseNeighbourCsv(csv, "oob.csv");
        QVERIFY(observed);
        const auto report = asbuilt::compareAsBuilt(
            design(), Catalog::builtin(), links,
            asbuilt::nameEndpoints(design(), Catalog::builtin()), *observed);
        const auto unknown = findingsOf(report, FindingKind::UnknownDevice);
        QCOMPARE(unknown.size(), std::size_t(1));
        QVERIFY2(unknown[0].message.starts_with("unknown device \"mystery01\" port "
                                                + portName(design(), first.b) + " is cabled to " + a
                                                + " " + portName(design(), first.a) + " ("),
                 unknown[0].message.c_str());
        QCOMPARE(unknown[0].action,
                 "unplug it from " + a + " " + portName(design(), first.a)
                     + " or add it to the design");
        QCOMPARE(unknown[0].source, std::string("oob.csv:3"));
        // The designed cable's other end is bare now: that cable is missing, and nothing else.
        const auto missing = findingsOf(report, FindingKind::Missing);
        QCOMPARE(missing.size(), std::size_t(1));
        QCOMPARE(report.findings.size(), std::size_t(2));
        QCOMPARE(report.matchedLinks, static_cast<int>(links.size()) - 1);
    }

    void wrongSpeedNamesBothEndsAndTheRates()
    {
        // Every compute cable observed at 4xNDR (4 x 100 = 400 Gb/s) except one at 4xHDR
        // (4 x 50 = 200 Gb/s): exactly one wrong-speed finding.
        const std::vector<LinkId> links = linksOf(design(), "compute-ndr");
        QVERIFY(!links.empty());
        asbuilt::Observed observed;
        for (LinkId id : links) {
            const Link &link = *design().link(id);
            asbuilt::ObservedLink o;
            o.a = { design().device(link.a.device)->name, 0, portName(design(), link.a) };
            o.b = { design().device(link.b.device)->name, 0, portName(design(), link.b) };
            o.width = 4;
            o.rate = id == links[3] ? "HDR" : "NDR";
            o.speedGbps = 4 * asbuilt::laneGbps(o.rate);
            o.source = "hand:" + std::to_string(id.value);
            observed.links.push_back(o);
        }
        const auto report = asbuilt::compareAsBuilt(
            design(), Catalog::builtin(), links,
            asbuilt::nameEndpoints(design(), Catalog::builtin()), observed);
        QCOMPARE(report.findings.size(), std::size_t(1));
        const asbuilt::Finding &f = report.findings.front();
        QVERIFY(f.kind == FindingKind::WrongSpeed);
        QCOMPARE(f.places.size(), std::size_t(2));
        const Link &slow = *design().link(links[3]);
        QVERIFY(f.message.ends_with(" is up at 4xHDR (200 Gb/s), designed 4xNDR (400 Gb/s)"));
        QVERIFY(
            f.message.find(design().device(slow.a.device)->name + " " + portName(design(), slow.a))
            != std::string::npos);
        QVERIFY(
            f.message.find(design().device(slow.b.device)->name + " " + portName(design(), slow.b))
            != std::string::npos);
        QCOMPARE(f.source, "hand:" + std::to_string(links[3].value));
        QCOMPARE(report.matchedLinks, static_cast<int>(links.size()));
    }

    // The workbench takes any of the three inputs and tells them apart by their text.
    void formatsAreToldApart()
    {
        using asbuilt::InputFormat;
        const std::string ibnet = "#\n# Topology file: generated on ...\n#\nvendid=0x0\n"
                                  "switchguid=0x243570000000900(243570000000900)\n"
                                  "Switch\t40 \"S-0243570000000900\"\t\t# \"ib-hdr01\"\n";
        QCOMPARE(asbuilt::detectFormat(ibnet), InputFormat::Ibnetdiscover);
        QCOMPARE(asbuilt::detectFormat("  \n{\"lldp\": {}}"), InputFormat::LldpJson);
        QCOMPARE(asbuilt::detectFormat("# from the switches\ndevice,port,neighbour,neighbour_port\n"
                                       "leaf01,swp1,dgx01,eth0\n"),
                 InputFormat::NeighbourCsv);
        // A spreadsheet's CSV: byte order mark, CRLF, spaces after the commas.
        QCOMPARE(asbuilt::detectFormat("\xEF\xBB\xBF"
                                       "Device, Port, Neighbour, Neighbour_Port\r\n"),
                 InputFormat::NeighbourCsv);
        auto spreadsheet = asbuilt::parseNeighbourCsv(
            "\xEF\xBB\xBF"
            "Device, Port, Neighbour, Neighbour_Port\r\nleaf01,swp1,dgx01,eth0\r\n",
            "s.csv");
        QVERIFY2(spreadsheet, spreadsheet ? "" : spreadsheet.error().message.c_str());
        QCOMPARE(spreadsheet->links.size(), std::size_t(1));
        QCOMPARE(spreadsheet->links[0].b.port, std::string("eth0"));
        QCOMPARE(asbuilt::detectFormat("cable list to follow\n"), InputFormat::Unknown);
        QCOMPARE(asbuilt::detectFormat(""), InputFormat::Unknown);
        QCOMPARE(asbuilt::hostOfFile("/tmp/x/leaf01.lldp.json"), std::string("leaf01"));
    }
};

QTEST_GUILESS_MAIN(TestAsBuiltReaders)
#include "tst_asbuilt_readers.moc"
