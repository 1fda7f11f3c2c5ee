// Auto-cabling re-run on a selection (model/fabric/Recable.h): a moved rack's links get the
// length and medium the floor plan now calls for, worked out by hand; untouched links and an
// unedited design stay as they are.

#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Recable.h"
#include "model/fabric/Templates.h"

#include <QtTest>

#include <algorithm>

using namespace cw;

namespace {

const Link &linkById(const Design &design, std::uint64_t id)
{
    const Link *link = design.link(LinkId { id });
    if (!link)
        throw std::runtime_error("no link " + std::to_string(id));
    return *link;
}

bool listsLink(const std::vector<EntityRef> &refs, std::uint64_t id)
{
    return std::find(refs.begin(), refs.end(), EntityRef { EntityKind::Link, id }) != refs.end();
}

} // namespace

class TestRecable : public QObject
{
    Q_OBJECT

    const Catalog &catalog() { return Catalog::builtin(); }

private slots:
    void unchangedDesignGivesEmptyChangeSet()
    {
        // The seed design and a generated fat tree were cabled by the same rules: recabling
        // everything changes nothing.
        auto seed = buildSeed8NodeHdr(catalog());
        QVERIFY(seed);
        std::vector<EntityRef> fabrics;
        for (const Fabric &fabric : seed->fabrics())
            fabrics.push_back(EntityRef::of(fabric.id));
        QVERIFY(recable(seed.value(), catalog(), fabrics).isEmpty());
        auto generated = generateDesign("fat-tree", { { "nodes", "128" } }, catalog());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        Design &design = generated.value().design;
        std::vector<EntityRef> rows;
        for (const Row &row : design.rows())
            rows.push_back(EntityRef::of(row.id));
        QVERIFY(recable(design, catalog(), rows).isEmpty());
    }

    void slowerPortSetsTheSpeed()
    {
        // 8dgx-h100-ndr cables mds01's two storage ports to stor01; the lustre-mds part has
        // 2 x 200G QSFP56 ports, so the link runs at 200G and the reference design (like the
        // generators) already picks a 200G part whose ends fit: recable changes nothing. By
        // hand: mds01 at A01 U36, stor01 at A02 U35: (42 - 36) x 0.04445 + 0.6 = 0.8667 m up,
        // (42 - 35) x 0.04445 + 0.6 = 0.91115 m up, 0.6 m along, 1 m slack: 3.37785 m.
        // The MCP7Y60 DAC splitter reaches 2 m; the QSFP56-to-QSFP56 HDR AOC does not fit the
        // QM9700 twin-port OSFP cage; the MFA7U10 AOC splitter (twin OSFP to 2 x QSFP56, 3, 5,
        // ... m) does: aoc-hdr-splitter-osfp-2x200g, 5 m.
        auto built = buildDgx8H100Ndr(catalog());
        QVERIFY(built);
        Design &design = built.value();
        std::vector<EntityRef> fabrics;
        for (const Fabric &fabric : design.fabrics())
            fabrics.push_back(EntityRef::of(fabric.id));
        const ChangeSet changes = recable(design, catalog(), fabrics);
        QCOMPARE(changes.modified.size(), std::size_t(0));
        int mdsLinks = 0;
        for (const Link &link : design.links()) {
            if (design.device(link.a.device)->name != "mds01"
                || design.device(link.b.device)->name != "stor01")
                continue;
            ++mdsLinks;
            QCOMPARE(link.cableType.str(), std::string("aoc-hdr-splitter-osfp-2x200g"));
            QCOMPARE(link.lengthM, 5.0);
        }
        QCOMPARE(mdsLinks, 2);
    }

    void movedRackGetsOpticalLongerLinks()
    {
        // 8dgx-h100-ndr: link 91 runs leaf01 (rack A01, position 0, U33) p33 to spine01
        // (rack A02, position 1, U33) p1, one row, 42U racks; site: rack width 0.6 m, tray
        // 0.6 m above the rack top, slack 1 m; 1U = 0.04445 m (EIA-310).
        auto built = buildDgx8H100Ndr(catalog());
        QVERIFY(built);
        Design &design = built.value();
        const Link &before = linkById(design, 91);
        QCOMPARE(design.device(before.a.device)->name, std::string("leaf01"));
        QCOMPARE(design.device(before.b.device)->name, std::string("spine01"));
        // Before, by hand: up (42 - 33) x 0.04445 + 0.6 = 1.00005 m at each end, along
        // 1 x 0.6 = 0.6 m, slack 1 m: 3.6001 m. Copper DACs reach 2-3 m, the 800G twin ACC
        // 5 m, ordered in 4 or 5 m: acc-ndr-800g-twin, 4 m.
        QCOMPARE(before.cableType.str(), std::string("acc-ndr-800g-twin"));
        QCOMPARE(before.lengthM, 4.0);
        const Link untouched = linkById(design, 27); // dgx01 - leaf01, both in A01

        // Move A02 to position 20 of the row (12 m along the tray from A01).
        const Rack *a02 = nullptr;
        for (const Rack &rack : design.racks())
            if (rack.name == "A02")
                a02 = &rack;
        QVERIFY(a02);
        Rack moved = *a02;
        moved.position = 20;
        design.updateRack(moved);
        QCOMPARE(linkById(design, 91).lengthM, 4.0); // moving alone does not recable

        const ChangeSet changes = recable(design, catalog(), { EntityRef::of(moved.id) });
        const Link &after = linkById(design, 91);
        // After, by hand: 1.00005 + 20 x 0.6 + 1.00005 + 1 = 15.0001 m. Beyond every copper
        // part (ACC 5 m); the 400G AOC is QSFP-DD and does not fit the QM9700's OSFP cages;
        // of the OSFP twin-port optics (SR4 50 m, DR4 100 m, FR4 2 km) the shortest reach is
        // chosen: mma4z00-ns, fibre cut to whole metres: 16 m.
        QCOMPARE(after.cableType.str(), std::string("mma4z00-ns"));
        QCOMPARE(after.lengthM, 16.0);
        QVERIFY(listsLink(changes.modified, 91));
        QVERIFY(changes.added.empty() && changes.removed.empty());
        // Both ends in A01: not selected, not changed.
        QVERIFY(!listsLink(changes.modified, 27));
        QVERIFY(linkById(design, 27) == untouched);
        // Every link listed is one with an end in A02, and each of those changed: all of
        // them now span at least the 12 m along the tray, so no copper part reaches any.
        for (const EntityRef &ref : changes.modified) {
            QVERIFY(ref.kind == EntityKind::Link);
            const Link &link = linkById(design, ref.id);
            const bool inA02 = design.device(link.a.device)->rack == moved.id
                || design.device(link.b.device)->rack == moved.id;
            const bool bothInA02 = design.device(link.a.device)->rack == moved.id
                && design.device(link.b.device)->rack == moved.id;
            QVERIFY(inA02);
            if (!bothInA02)
                QVERIFY2(link.lengthM >= 14, std::to_string(link.lengthM).c_str());
        }
        // Recabling again finds nothing to do.
        QVERIFY(recable(design, catalog(), { EntityRef::of(moved.id) }).isEmpty());
    }

    void tooFarForAnyFittingPartStaysUncabled()
    {
        // 8dgx-h100-ndr: mds01 (A01 U36, 200G QSFP56) to stor01 (A02 U35, QM9700 twin-port
        // OSFP). Only twin-OSFP-to-2xQSFP56 splitters join those cages at 200G (MCP7Y60 DAC
        // 2 m, MFA7U10 AOC 30 m). A02 moved to position 60: up 0.8667 m + up 0.91115 m +
        // 60 x 0.6 m along + 1 m slack = 38.778 m, beyond both. No part that does not fit is
        // chosen: the links get no cable type and 39 m (net.link-without-cable reports them).
        auto built = buildDgx8H100Ndr(catalog());
        QVERIFY(built);
        Design &design = built.value();
        Rack moved;
        for (const Rack &rack : design.racks())
            if (rack.name == "A02")
                moved = rack;
        moved.position = 60;
        design.updateRack(moved);
        recable(design, catalog(), { EntityRef::of(moved.id) });
        int mdsLinks = 0;
        for (const Link &link : design.links()) {
            if (design.device(link.a.device)->name != "mds01"
                || design.device(link.b.device)->name != "stor01")
                continue;
            ++mdsLinks;
            QCOMPARE(link.cableType.str(), std::string());
            QCOMPARE(link.lengthM, 39.0);
        }
        QCOMPARE(mdsLinks, 2);
    }

    void selectionByLinkAndDevice()
    {
        auto built = buildDgx8H100Ndr(catalog());
        QVERIFY(built);
        Design &design = built.value();
        for (const Rack &rack : design.racks())
            if (rack.name == "A02") {
                Rack moved = rack;
                moved.position = 20;
                design.updateRack(moved);
            }
        // Only the selected link is recabled, not its neighbours on the same switches.
        const ChangeSet one = recable(design, catalog(), { { EntityKind::Link, 91 } });
        QCOMPARE(one.modified.size(), std::size_t(1));
        QCOMPARE(linkById(design, 91).cableType.str(), std::string("mma4z00-ns"));
        QCOMPARE(linkById(design, 92).cableType.str(), std::string("acc-ndr-800g-twin"));
        // Selecting spine01 recables its links: 32 downlinks (16 from each of leaf01 and
        // leaf02, both in A01; the switches' management ports are not cabled in this design,
        // whose management network is 8 DGX + head + MDS + 4 OSS = 14 links), less link 91,
        // which is done: 31, and nothing else.
        DeviceId spine01;
        for (const Device &device : design.devices())
            if (device.name == "spine01")
                spine01 = device.id;
        const ChangeSet spine = recable(design, catalog(), { EntityRef::of(spine01) });
        QCOMPARE(spine.modified.size(), std::size_t(31));
        for (const EntityRef &ref : spine.modified) {
            const Link &link = linkById(design, ref.id);
            QVERIFY(link.a.device == spine01 || link.b.device == spine01);
        }
        // Ids not in the design are ignored.
        QVERIFY(recable(design, catalog(), { { EntityKind::Rack, 999999 } }).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRecable)
#include "tst_recable.moc"
