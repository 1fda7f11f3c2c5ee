// The generators' out-of-band management network (ClusterAssemblerOutOfBand.cpp): a hall whose
// tree would be deeper than the 7 device tiers a design file holds gets several trees, each
// its own fabric, so the generated design loads and validates; aggregation switches go to the
// first rack of their hall with room (network racks first), found through an index.
//
// The tree test swaps the catalog's mgmt-48x1g for a small one of the same id: 4 x 1G access
// ports and 3 x 100G (one uplink, two children per aggregation switch). A tree of 7
// aggregation tiers then joins at most 2^7 = 128 access switches, so a few hundred devices in
// one hall need two trees (the real SN2201, 3 children: 3^7 = 2,187 access switches, about
// 100,000 devices, which a 131,072-node design in one hall exceeds).

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"
#include "resources/EmbeddedResources.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <map>
#include <set>

using namespace cw;

namespace {

/// The built-in catalog with mgmt-48x1g replaced by a 4 + 3 port switch of the same id.
const Catalog &smallMgmtCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        nlohmann::json small;
        for (const auto &file : resources::catalogFiles()) {
            auto json = nlohmann::json::parse(file.text);
            auto &parts = json["parts"];
            for (auto it = parts.begin(); it != parts.end(); ++it)
                if ((*it)["id"] == "mgmt-48x1g") {
                    small = *it;
                    parts.erase(it);
                    break;
                }
            if (auto added = c.addFile(file.name, json.dump()); !added)
                throw std::runtime_error(added.error().message);
        }
        small["radix"] = 7;
        small["ports"] = nlohmann::json::parse(R"([
            {"role": "fabric", "count": 4, "speedGbps": 1, "formFactor": "RJ45",
             "namePrefix": "swp"},
            {"role": "fabric", "count": 3, "speedGbps": 100, "formFactor": "QSFP28",
             "names": ["swp5", "swp6", "swp7"]},
            {"role": "management", "count": 1, "speedGbps": 1, "formFactor": "RJ45",
             "names": ["eth0"]}])");
        const nlohmann::json file { { "format", "clusterwright-catalog" },
                                    { "version", 1 },
                                    { "parts", nlohmann::json::array({ small }) } };
        if (auto added = c.addFile("test-small-mgmt.json", file.dump()); !added)
            throw std::runtime_error(added.error().message);
        return c;
    }();
    return catalog;
}

Hall hall(const std::string &name, int rows, int positions)
{
    Hall h;
    h.name = name;
    h.rows = rows;
    h.positionsPerRow = positions;
    h.maxKwPerPosition = 45;
    h.cooling = HallCooling::RearDoor;
    return h;
}

bool isMgmtSwitch(const Device &device)
{
    return device.catalogType == "mgmt-48x1g";
}

/// Aggregation switches of one tree over `leaves` access switches, `fanIn` children each:
/// ceil(n / fanIn) per tier until one is left.
int aggregationSwitches(int leaves, int fanIn)
{
    int total = 0;
    for (int level = leaves; level > 1;) {
        level = (level + fanIn - 1) / fanIn;
        total += level;
    }
    return total;
}

} // namespace

class TestOobManagement : public QObject
{
    Q_OBJECT

private slots:
    void hallTooLargeForOneTreeGetsSeveral()
    {
        Site site;
        site.halls = { hall("A", 12, 20) };
        const Catalog &catalog = smallMgmtCatalog();
        auto generated = generateDesign(
            "fat-tree", { { "nodes", "512" }, { "rails", "1" }, { "storage", "none" } }, catalog,
            site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;

        // Access switches: each row's managed devices in groups of 4 (a group never leaves
        // its row), counted here from the placed devices alone.
        std::map<RowId, int> managedInRow;
        for (const Device &device : design.devices()) {
            const Part *part = catalog.find(device.catalogType);
            if (isMgmtSwitch(device) || !part)
                continue;
            for (const PortSpec &port : part->ports)
                if (port.role == PortRole::Management) {
                    ++managedInRow[design.rack(device.rack)->row];
                    break;
                }
        }
        int access = 0;
        for (const auto &[row, count] : managedInRow)
            access += (count + 3) / 4;
        // More than one tree of 2^7 holds, so two trees of about half each.
        QVERIFY2(access > 128 && access <= 256, std::to_string(access).c_str());
        const int expectedAgg
            = aggregationSwitches(access / 2, 2) + aggregationSwitches(access - access / 2, 2);

        int accessPlaced = 0;
        int aggPlaced = 0;
        int deepest = 0;
        for (const Device &device : design.devices()) {
            QVERIFY(device.tier <= 7);
            if (!isMgmtSwitch(device))
                continue;
            ++(device.tier == 0 ? accessPlaced : aggPlaced);
            deepest = std::max(deepest, device.tier);
        }
        QCOMPARE(accessPlaced, access);
        QCOMPARE(aggPlaced, expectedAgg);
        // Trees of 65-128 access switches at 2 children: 7 tiers, the most a file holds.
        QCOMPARE(deepest, 7);

        // Two fabrics, each one tree: connected with one link fewer than its switches and
        // devices, every device on exactly one of them.
        std::vector<FabricId> oob;
        for (const Fabric &fabric : design.fabrics())
            if (fabric.purpose == FabricPurpose::OutOfBand) {
                oob.push_back(fabric.id);
                QVERIFY(fabric.name == "oob-mgmt-1" || fabric.name == "oob-mgmt-2");
            }
        QCOMPARE(oob.size(), std::size_t(2));
        std::set<DeviceId> everyMember;
        for (FabricId fabric : oob) {
            std::set<DeviceId> members;
            int links = 0;
            for (const Link &link : design.links())
                if (link.fabric == fabric) {
                    ++links;
                    members.insert(link.a.device);
                    members.insert(link.b.device);
                }
            QCOMPARE(links, static_cast<int>(members.size()) - 1);
            for (DeviceId id : members)
                QVERIFY(everyMember.insert(id).second);
        }

        // The design file takes it back, and the project's rules find no error.
        const std::string text = serializeDesign(design, catalog);
        auto loaded = parseDesign(text, catalog);
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        const ValidationResult result = validateDesign(loaded->design, catalog);
        QCOMPARE(result.errors, 0);
    }

    void aggregationSwitchesGoToTheFirstRackOfTheirHall()
    {
        // Three standard rear-door halls of 4 rows x 10 positions (45 kW each), 256 DGX H100
        // with Lustre: SU 1-4 (8 node racks + a leaf rack each) fill H1 with the network
        // racks in their middle, SU 5-8 go to H2, nothing to H3. An aggregation switch takes
        // the first rack of its hall, network racks first, with a free U and headroom: in H1
        // the first network rack N001 (storage servers, storage leaves, head node and spines
        // fill U1-28), in H2, which has no network rack, its first node rack C0037 (4 x 8U
        // DGX in U1-32; 4 x 10.2 kW + the access switch and three 0.2 kW aggregation switches
        // stay within 45 kW). H1 has 5 access switches (one per row of up to 48 devices, two
        // in its fourth row), H2 4: at 3 children, 2 + 1 aggregation switches each. The same
        // placements as the linear scan this index replaced (main at 9ab311c, whose designs at 256,
        // 2,048 and 16,384 nodes are byte for byte the same).
        Site site;
        site.halls = { hall("H1", 4, 10), hall("H2", 4, 10), hall("H3", 4, 10) };
        site.hallDistances = { { "H1", "H2", 30 }, { "H1", "H3", 60 }, { "H2", "H3", 30 } };
        auto generated
            = generateDesign("fat-tree", { { "nodes", "256" } }, Catalog::builtin(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        std::map<std::string, std::pair<std::string, int>> where; // name -> (rack, U)
        for (const Device &device : design.devices())
            if (device.name.rfind("mgmt-agg", 0) == 0)
                where[device.name] = { design.rack(device.rack)->name, device.uPosition };
        const std::map<std::string, std::pair<std::string, int>> expected {
            { "mgmt-agg0010", { "N001", 29 } },  { "mgmt-agg0011", { "N001", 30 } },
            { "mgmt-agg0012", { "N001", 31 } },  { "mgmt-agg0013", { "C0037", 33 } },
            { "mgmt-agg0014", { "C0037", 34 } }, { "mgmt-agg0015", { "C0037", 35 } },
        };
        QCOMPARE(where, expected);
        std::vector<std::string> oob;
        for (const Fabric &fabric : design.fabrics())
            if (fabric.purpose == FabricPurpose::OutOfBand)
                oob.push_back(fabric.name);
        QCOMPARE(oob, (std::vector<std::string> { "oob-mgmt-H1", "oob-mgmt-H2" }));
    }
};

QTEST_GUILESS_MAIN(TestOobManagement)
#include "tst_oob_management.moc"
