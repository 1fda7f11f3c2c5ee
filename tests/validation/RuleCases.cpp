// The rule table: a fixture that trips each rule (and the message with its numbers, worked by
// hand in the comment) and a near miss that does not. Both start from the clean mini design of
// ValidationFixtures.h (figures worked there).

#include "RuleCases.h"

namespace cw::test {

/// The mini design's row R1 in a one-row air hall "H" of `positions` positions.
void putInHall(Mini &m, double kwPerPosition, int positions)
{
    Site site = m.design.site();
    Hall hall;
    hall.name = "H";
    hall.rows = 1;
    hall.positionsPerRow = positions;
    hall.maxKwPerPosition = kwPerPosition;
    site.halls = { hall };
    m.design.setSite(site);
    for (const Row &row : std::vector<Row>(m.design.rows().begin(), m.design.rows().end())) {
        Row inHall = row;
        inHall.hall = "H";
        m.design.updateRow(inHall);
    }
}

void place(Mini &m, const Catalog &catalog, RackId rack, const char *name, const char *type, int u)
{
    DesignBuilder builder(m.design, catalog);
    must(builder.placeDevice(rack, name, type, u, DeviceRole::Management));
}

/// Puts `trays` GB200 compute trays and `switches` NVLink switch trays in rack A03 in the
/// gb200-nvl72-rack order (power shelves U1-U4, 8 trays, 9 switch trays, 10 trays), retyping
/// the rack to gb200-nvl72-rack when `rackScale`.
void fillNvl72(Mini &m, const Catalog &catalog, int trays, int switches, bool rackScale)
{
    if (rackScale)
        editRack(m, m.a03, [](Rack &r) { r.catalogType = "gb200-nvl72-rack"; });
    DesignBuilder builder(m.design, catalog);
    int u = 5;
    int placedTrays = 0;
    int placedSwitches = 0;
    for (int slot = 0; slot < 27; ++slot, ++u) {
        const bool switchSlot = slot >= 8 && slot < 17;
        if (switchSlot && placedSwitches < switches)
            must(builder.placeDevice(m.a03, ("nvsw" + std::to_string(++placedSwitches)).c_str(),
                                     "gb200-nvl72-nvlink-switch-tray", u, DeviceRole::Switch));
        else if (!switchSlot && placedTrays < trays)
            must(builder.placeDevice(m.a03, ("gb" + std::to_string(++placedTrays)).c_str(),
                                     "gb200-nvl72-compute-tray", u, DeviceRole::Compute));
    }
}

/// Swaps the leaves of gpu01's rail 0 (leaf01) and rail 4 (leaf02) links.
void swapRails(Mini &m)
{
    const Link rail0 = *m.design.link(m.gpu01Rails[0]);
    const Link rail4 = *m.design.link(m.gpu01Rails[4]);
    m.design.removeLink(rail0.id);
    m.design.removeLink(rail4.id);
    Link a = rail0;
    a.id = m.design.newId<LinkId>();
    a.b = rail4.b;
    Link b = rail4;
    b.id = m.design.newId<LinkId>();
    b.b = rail0.b;
    m.design.addLink(a);
    m.design.addLink(b);
}

QosProfile lossless(std::vector<int> priorities)
{
    QosProfile qos;
    qos.losslessPriorities = std::move(priorities);
    return qos;
}

const std::vector<Case> &ruleCases()
{
    static const std::vector<Case> table {
        // 230 V x 32 A x 0.8 = 5888 W = 5.9 kW per single-phase feed < 13.0 kW.
        { "power.rack-over-feed",
          [](Mini &m, const Catalog &) {
              editRack(m, m.a01, [](Rack &r) {
                  r.pdus = { { "A1", Feed::A, "", 1, 230, 32 }, { "B1", Feed::B, "", 1, 230, 32 } };
              });
          },
          // One feed only, 3-phase 400 V 32 A: 17.7 kW >= 13.0 kW.
          [](Mini &m, const Catalog &) {
              editRack(m, m.a01, [](Rack &r) { r.pdus = { { "A1", Feed::A, "", 3, 400, 32 } }; });
          },
          "rack A01 draws 13.0 kW; feed A can carry 5.9 kW after 80% derating of 1 x 1-phase 32 A "
          "at 230 V (A/B redundant: one feed must carry the whole rack)" },
        { "power.rack-over-rating",
          [](Mini &m, const Catalog &) {
              editRack(m, m.a01, [](Rack &r) { r.catalogType = "rack-test-10kw"; });
          },
          [](Mini &m, const Catalog &) {
              editRack(m, m.a01, [](Rack &r) { r.catalogType = "rack-48u-air"; });
          },
          "rack A01 draws 13.0 kW; its type rack-test-10kw is rated 10.0 kW" },
        // 2 x 10.2 + 4 x 1.4 + 1.6 = 27.6 kW over 7 devices.
        { "power.site-it-budget",
          [](Mini &m, const Catalog &) { editSite(m, [](Site &s) { s.itPowerBudgetKw = 20; }); },
          [](Mini &m, const Catalog &) { editSite(m, [](Site &s) { s.itPowerBudgetKw = 28; }); },
          "IT load is 27.6 kW (maximum power of 7 devices); the site IT budget is 20.0 kW" },
        // 27.6 kW x 1.3 = 35.88 kW.
        { "power.site-utility",
          [](Mini &m, const Catalog &) { editSite(m, [](Site &s) { s.utilityPowerKw = 30; }); },
          [](Mini &m, const Catalog &) { editSite(m, [](Site &s) { s.utilityPowerKw = 36; }); },
          "IT load 27.6 kW x PUE 1.30 = 35.9 kW; the utility feed carries 30.0 kW" },
        // (2 - 1) x 1000 W = 1.0 kW < 1.5 kW; mgmt-server-1u: 1 x 1200 W >= 800 W.
        { "power.psu-redundancy",
          [](Mini &m, const Catalog &c) { place(m, c, m.a01, "util01", "test-psu-short", 20); },
          [](Mini &m, const Catalog &c) { place(m, c, m.a01, "util01", "mgmt-server-1u", 20); },
          "util01 (test-psu-short) draws up to 1.5 kW; with 1 of 2 PSUs failed the remaining 1 x "
          "1.0 kW carry 1.0 kW" },
        // A DGX H100 (6 x 3.3 kW PSUs, 10.2 kW maximum) in the A/B rack A01: PSUs alternate
        // feeds, 3 on B = 9.9 kW < 10.2 kW. With both of A01's and A02's PDUs on feed A there is
        // no feed redundancy to judge.
        { "power.feed-loss-capacity", [](Mini &, const Catalog &) {},
          [](Mini &m, const Catalog &) {
              for (RackId rack : { m.a01, m.a02 })
                  editRack(m, rack, [](Rack &r) {
                      for (Pdu &pdu : r.pdus)
                          pdu.feed = Feed::A;
                  });
          },
          "gpu01 (dgx-h100) draws up to 10.2 kW; on feed B alone it keeps 3 of 6 PSUs = 3 x "
          "3.3 kW = 9.9 kW: losing feed A caps it at 9.9 kW (3% below)" },
        // The same A01 with both PDUs moved to feed A: all 6 of gpu01's PSUs on feed A, so
        // losing feed A turns gpu01 (8 GPUs) off; with A and B (the fixture) nothing fires.
        { "power.single-point-of-failure",
          [](Mini &m, const Catalog &) {
              for (RackId rack : { m.a01, m.a02 })
                  editRack(m, rack, [](Rack &r) {
                      for (Pdu &pdu : r.pdus)
                          pdu.feed = Feed::A;
                  });
          },
          [](Mini &, const Catalog &) {},
          "gpu01 (dgx-h100, 10.2 kW): all 6 of its PSUs draw from feed A (rack A01 has no PDU on "
          "the other feed); losing feed A turns off gpu01 and its 8 GPUs" },
        { "cooling.air-rack-limit",
          [](Mini &m, const Catalog &) { editSite(m, [](Site &s) { s.airLimitPerRackKw = 12; }); },
          [](Mini &m, const Catalog &) { editSite(m, [](Site &s) { s.airLimitPerRackKw = 15; }); },
          "air-cooled rack A01 dissipates 13.0 kW; the site's air limit is 12.0 kW per rack" },
        { "cooling.liquid-required",
          [](Mini &m, const Catalog &c) { place(m, c, m.a01, "lq01", "test-liquid-node", 20); },
          [](Mini &m, const Catalog &c) { place(m, c, m.a03, "lq01", "test-liquid-node", 20); },
          "lq01 (test-liquid-node) is liquid-cooled only, but rack A01 (rack-42u-air) is "
          "air-cooled" },
        // Row R1 with one 1.0 kW liquid node (test-liquid-node) in the liquid rack A03.
        { "cooling.liquid-without-cdu",
          [](Mini &m, const Catalog &c) { place(m, c, m.a03, "lq01", "test-liquid-node", 20); },
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a03, "lq01", "test-liquid-node", 20);
              place(m, c, m.a03, "cdu01", "test-cdu-1500w", 21);
          },
          "1 liquid-cooled part(s) (1.0 kW) in row R1: no CDU supplies the row" },
        // 2 x 1.0 kW liquid heat on one 1.5 kW CDU; one node (1.0 kW) fits.
        { "cooling.cdu-capacity",
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a03, "lq01", "test-liquid-node", 20);
              place(m, c, m.a03, "lq02", "test-liquid-node", 21);
              place(m, c, m.a03, "cdu01", "test-cdu-1500w", 22);
          },
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a03, "lq01", "test-liquid-node", 20);
              place(m, c, m.a03, "cdu01", "test-cdu-1500w", 22);
          },
          "row R1 carries 2.0 kW of liquid heat; its 1 CDU(s) give 1.5 kW" },
        // N+1: with the one 1.5 kW CDU failed nothing is left for 1.0 kW; two CDUs leave 1.5 kW.
        { "cooling.cdu-redundancy",
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a03, "lq01", "test-liquid-node", 20);
              place(m, c, m.a03, "cdu01", "test-cdu-1500w", 22);
          },
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a03, "lq01", "test-liquid-node", 20);
              place(m, c, m.a03, "cdu01", "test-cdu-1500w", 22);
              place(m, c, m.a03, "cdu02", "test-cdu-1500w", 23);
          },
          "row R1 carries 1.0 kW of liquid heat; with 1 of its 1 CDU(s) failed the rest give 0.0 "
          "kW "
          "(the site asks for N+1)" },
        // Rack A01 draws 13.0 kW (A02 14.6 kW); hall H gives 12 kW, then 15 kW per position.
        { "power.position-limit", [](Mini &m, const Catalog &) { putInHall(m, 12, 3); },
          [](Mini &m, const Catalog &) { putInHall(m, 15, 3); },
          "rack A01 draws 13.0 kW; a position of hall H takes 12.0 kW (air cooling)" },
        // A03 stands at position 3 (index 2) of row R1.
        { "space.hall-position", [](Mini &m, const Catalog &) { putInHall(m, 0, 2); },
          [](Mini &m, const Catalog &) { putInHall(m, 0, 3); },
          "rack A03 stands at row 1, position 3 of hall H, which has 1 rows of 2 positions" },
        // Rack A02 carries 14.6 kW: + 105.4 kW = 120.0 kW (trips: "at or above"); + 105.3 kW =
        // 119.9 kW passes. A03 is liquid (see rackNeedsLiquidNearMisses for 120 kW there).
        { "cooling.rack-needs-liquid",
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a02, "dense01", "test-dense-air-105400w", 20);
          },
          [](Mini &m, const Catalog &c) {
              place(m, c, m.a02, "dense01", "test-dense-air-105300w", 20);
          },
          "rack A02 dissipates 120.0 kW, at or above 120.0 kW where a rack needs direct liquid "
          "cooling, but its type rack-42u-air is air-cooled" },
        // One GB200 tray in the generic liquid rack A03 (no NVLink spine) trips; a complete
        // gb200-nvl72-rack (18 trays, 9 NVLink switch trays) passes.
        { "nvlink.domain-incomplete",
          [](Mini &m, const Catalog &c) { fillNvl72(m, c, 1, 0, false); },
          [](Mini &m, const Catalog &c) { fillNvl72(m, c, 18, 9, true); },
          "rack A03 holds 1 x gb200-nvl72-compute-tray but is a rack-48u-liquid: the trays join "
          "their NVLink domain only through a rack-scale system's NVLink spine" },
        { "cooling.site-capacity",
          [](Mini &m, const Catalog &) {
              editSite(m, [](Site &s) { s.airCoolingCapacityKw = 20; });
          },
          [](Mini &m, const Catalog &) {
              editSite(m, [](Site &s) { s.airCoolingCapacityKw = 28; });
          },
          "air-cooled equipment dissipates 27.6 kW; the site's air cooling capacity is 20.0 kW" },
        // gpu01 (8U) at U1-U8; sonic-64x400g is 2U.
        { "space.u-overlap",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.uPosition = 5; });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.uPosition = 13; });
          },
          "rack A01: gpu01 (U1-U8) overlaps leaf01 (U5-U6)" },
        { "space.u-overflow",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.uPosition = 42; });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.uPosition = 41; });
          },
          "leaf01 (2U at U42) reaches U42-U43; rack A01 has U1-U42" },
        // 130.45 + 18 + 18 = 166.45 kg (printed 166.4: 166.45 is 166.4499... in binary).
        { "space.rack-weight",
          [](Mini &m, const Catalog &) {
              editRack(m, m.a01, [](Rack &r) { r.catalogType = "rack-test-light"; });
          },
          [](Mini &m, const Catalog &) {
              editRack(m, m.a01, [](Rack &r) { r.catalogType = "rack-48u-air"; });
          },
          "rack A01 holds 166.4 kg of equipment; rack-test-light is rated for 150 kg static load" },
        // A01's weighed equipment is still 130.45 + 18 + 18 = 166.45 kg (printed 166.4, as
        // above); the part without a weight adds nothing, so the sum is only a lower bound.
        { "space.rack-weight-unknown",
          [](Mini &m, const Catalog &catalog) {
              place(m, catalog, m.a01, "nodata01", "test-unweighed-1u", 13);
          },
          [](Mini &m, const Catalog &catalog) {
              place(m, catalog, m.a01, "psu01", "test-psu-short", 13);
          },
          "rack A01: 1 device has no weight in the catalog (test-unweighed-1u): the 166.4 kg "
          "counted is a lower bound, not checked against rack-42u-air's 1361 kg static load "
          "rating" },
        { "net.port-unconnected",
          [](Mini &m, const Catalog &) { m.design.removeLink(m.gpu01Rails[0]); },
          [](Mini &m, const Catalog &) { m.design.removeLink(m.leaf01Uplinks[0]); },
          "gpu01: 1 of 8 compute NIC ports have no link (mlx5_0)" },
        { "net.port-speed-mismatch",
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) {
                  l.cableType = "dac-hdr-200g-qsfp56";
                  l.lengthM = 1;
              });
          },
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) {
                  l.cableType = "dac-400g-qsfpdd";
                  l.lengthM = 1;
              });
          },
          "cable dac-hdr-200g-qsfp56 carries 200 Gb/s per link between 400 Gb/s ports gpu01 mlx5_0 "
          "and leaf01 Ethernet0" },
        // A link with no cable part (as auto-cabling left one when nothing reached) and one
        // naming a part that is not a cable; near miss: the same link with the fixture AOC
        // (a cable part of the catalog, ValidationFixtures.h).
        { "net.link-without-cable",
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) { l.cableType.clear(); });
              editLink(m, m.leaf01Uplinks[0], [](Link &l) { l.cableType = "dgx-h100"; });
          },
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) { l.cableType = kNodeCable; });
          },
          "gpu01 mlx5_0 - leaf01 Ethernet0 (5.0 m) has no cable part" },
        { "net.cable-reach",
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) { l.lengthM = 40; });
          },
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) { l.lengthM = 30; });
          },
          // The node links use the fixture AOC test-aoc-osfp-twin-qsfpdd (30 m,
          // ValidationFixtures.h).
          "gpu01 mlx5_0 - leaf01 Ethernet0: 40.0 m exceeds the 30.0 m reach of "
          "test-aoc-osfp-twin-qsfpdd (aoc, 400 Gb/s)" },
        // gpu01 mlx5_0 is a DGX H100 twin-port OSFP cage, leaf01 Ethernet0 a QSFP-DD cage.
        // Trip: an MCP7Y00 splitter (twin-port OSFP head, 2 x single OSFP tails; LinkX spec,
        // ref:nvidia-linkx-specs) fits neither cage. Near miss: a QSFP-DD to QSFP-DD DAC between
        // the
        // leaf and the spine (both QSFP-DD cages) fits.
        { "net.cable-connector-mismatch",
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) {
                  l.cableType = "dac-ndr-splitter-2x400g-osfp";
                  l.lengthM = 2;
              });
          },
          [](Mini &m, const Catalog &) {
              editLink(m, m.leaf01Uplinks[0], [](Link &l) {
                  l.cableType = "dac-400g-qsfpdd";
                  l.lengthM = 2;
              });
          },
          "gpu01 mlx5_0 (OSFP-twin cage) - leaf01 Ethernet0 (QSFP-DD cage): cable "
          "dac-ndr-splitter-2x400g-osfp (OSFP-twin to 2 x OSFP) does not fit" },
        // leaf01 carries 8 node + 8 spine links on ports #1-#16.
        { "net.switch-ports-exceeded",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.catalogType = "test-switch-4p"; });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.spine01, [](Device &d) { d.catalogType = "arista-7060dx5-64s"; });
          },
          "leaf01 (test-switch-4p) has 4 ports; 16 links use it, 12 of them on ports it does not "
          "have (#5-16)" },
        { "net.fabric-disconnected",
          [](Mini &m, const Catalog &c) {
              DesignBuilder b(m.design, c);
              must(b.connect(m.compute, PortRef { m.oss01, 2 },
                             must(b.firstFreePort(m.stor01, PortRole::Fabric)), kCable, kCableM));
          },
          [](Mini &m, const Catalog &c) {
              DesignBuilder b(m.design, c);
              must(b.connect(m.compute, PortRef { m.oss01, 2 },
                             must(b.firstFreePort(m.spine01, PortRole::Fabric)), kCable, kCableM));
          },
          "fabric compute-roce is split into 2 islands that cannot reach each other: 5 devices "
          "(gpu01, leaf01, leaf02 and 2 more) and 2 devices (stor01, oss01)" },
        // 8 x 400 down, 4 x 400 up: 3200 / 1600 = 2:1.
        { "net.oversubscription",
          [](Mini &m, const Catalog &) {
              for (int i = 0; i < 4; ++i)
                  m.design.removeLink(m.leaf01Uplinks[static_cast<std::size_t>(i)]);
          },
          [](Mini &m, const Catalog &) {
              for (int i = 0; i < 4; ++i)
                  m.design.removeLink(m.leaf01Uplinks[static_cast<std::size_t>(i)]);
              editFabric(m, m.compute, [](Fabric &f) { f.topology.oversubscription = 2; });
          },
          "leaf leaf01 on compute-roce has 3200 Gb/s down and 1600 Gb/s up (2.00:1); the fabric's "
          "target is 1.00:1 (non-blocking)" },
        // leaf01 then carries rails 1-3 twice each, rail 0 and rail 4 once.
        { "net.rail-misaligned", [](Mini &m, const Catalog &) { swapRails(m); },
          [](Mini &m, const Catalog &) {
              swapRails(m);
              editFabric(m, m.compute, [](Fabric &f) { f.topology.railOptimized = false; });
          },
          "gpu01 mlx5_6 (rail 4) lands on leaf01, whose NICs are rails 1-3 (rail 4: 1 of 8 NICs "
          "there)" },
        { "net.converged-storage",
          [](Mini &m, const Catalog &) {
              StorageTier tier = *m.design.storageTier(m.lustre);
              tier.fabric = m.compute;
              m.design.updateStorageTier(tier);
          },
          [](Mini &m, const Catalog &) {
              StorageTier tier = *m.design.storageTier(m.lustre);
              tier.kind = StorageKind::Object;
              m.design.updateStorageTier(tier);
          },
          "storage tier lustre is on compute fabric compute-roce: checkpoint and dataset traffic "
          "competes with the collectives; never mix them" },
        { "net.single-point-of-failure",
          [](Mini &m, const Catalog &) { m.design.removeDevice(m.leaf02); },
          [](Mini &m, const Catalog &) { m.design.removeDevice(m.spine01); },
          "losing switch leaf01 splits the 2 compute nodes on compute-roce into 2 groups that "
          "cannot reach each other (largest: 1 nodes)" },
        { "roce.pfc-not-end-to-end",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.qos = lossless({}); });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) { d.qos = lossless({ 3 }); });
          },
          "switch leaf01 has PFC on priorities none but RoCE on compute-roce travels on priority "
          "3: "
          "one hop without PFC makes the whole path lossy" },
        { "roce.pfc-priority-mismatch",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.gpu01, [](Device &d) {
                  QosProfile q = lossless({ 3, 4 });
                  q.pfcPriority = 4;
                  d.qos = q;
              });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.gpu01, [](Device &d) { d.qos = lossless({ 3, 4 }); });
          },
          "host gpu01 uses PFC priority 4, switch leaf01 uses 3 on compute-roce: pause frames for "
          "one are ignored by the other" },
        // SONiC's AZURE map sends DSCP 26 to TC1 (ref:sonic-config-db).
        { "roce.dscp-map-inconsistent",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) {
                  d.qos = QosProfile {};
                  d.qos->dscpToPriority[26] = 1;
              });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.leaf01, [](Device &d) {
                  d.qos = QosProfile {};
                  d.qos->dscpToPriority[26] = 3;
              });
          },
          "on switch leaf01 DSCP 26 maps to priority 1, not to the lossless RoCE priority 3: RoCE "
          "traffic is silently lossy" },
        { "roce.ecn-misconfigured",
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) {
                  f.qos.ecnMinBytes = 1500000;
                  f.qos.ecnMaxBytes = 150000;
              });
          },
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) {
                  f.qos.ecnMinBytes = 150000;
                  f.qos.ecnMaxBytes = 150001;
              });
          },
          "ECN Kmin 1500000 B >= Kmax 150000 B on fabric compute-roce's QoS profile" },
        { "roce.cnp-priority",
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.losslessPriorities = { 3, 6 }; });
          },
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.losslessPriorities = { 3, 4 }; });
          },
          "CNP priority 6 on fabric compute-roce's QoS profile is lossless: congestion "
          "notifications "
          "get paused with the data they should slow down" },
        { "roce.pfc-watchdog",
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.pfcWatchdogDetectionMs = 400; });
          },
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.pfcWatchdogDetectionMs = 100; });
          },
          "PFC watchdog on fabric compute-roce's QoS profile detects a storm after 400 ms; allowed "
          "100-200 ms" },
        // SONiC formula (ref:sonic-buffer-headroom), 400G, MTU 9216, Spectrum constants: peer 905 x
        // 64 = 57920 B,
        // cable 2 x 150 x 4e5 x 1e9 / 1.98e8 / 8192 = 73981 B; xoff = ceil1K(1024 + (9216 +
        // 73981 + 819.2 + 57920) x 2.25) = 320512; + xon 18432 = 338944 B. At 100 m: cable
        // 49321 B, xoff 265216, headroom 283648 B.
        { "roce.headroom",
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) { l.lengthM = 150; });
          },
          [](Mini &m, const Catalog &) {
              editLink(m, m.gpu01Rails[0], [](Link &l) { l.lengthM = 100; });
          },
          "switch leaf01: 1 port(s) have cables longer than the headroom was sized for; worst "
          "leaf01 "
          "Ethernet0: a 150.0 m cable at 400 Gb/s needs 338944 B of PFC headroom per lossless "
          "priority; sized for 100 m it gets 283648 B" },
        { "roce.mtu-mismatch",
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.hostMtu = 1500; });
          },
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.hostMtu = 4192; });
          },
          "host MTU 1500 on fabric compute-roce's QoS profile is below 4192: RoCE MTU 4096 needs "
          "4096 + 96 B of headers" },
        { "roce.too-many-lossless",
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.losslessPriorities = { 3, 4, 5 }; });
          },
          [](Mini &m, const Catalog &) {
              editFabric(m, m.compute, [](Fabric &f) { f.qos.losslessPriorities = { 3, 4 }; });
          },
          "fabric compute-roce's QoS profile has PFC on 3 priorities (3-5)" },
        // 96 >> 2 = 24; 104 >> 2 = 26 (no ECN bits) is accepted.
        { "roce.nccl-traffic-class",
          [](Mini &m, const Catalog &) {
              NcclSettings n;
              n.ibTrafficClass = 96;
              m.design.setNccl(n);
          },
          [](Mini &m, const Catalog &) {
              NcclSettings n;
              n.ibTrafficClass = 104;
              n.ibGidIndex = 3;
              m.design.setNccl(n);
          },
          "NCCL_IB_TC=96 is DSCP 24 (TC >> 2); RoCE on compute-roce uses DSCP 26, so NCCL traffic "
          "misses the lossless class" },
        // 70e9 x 14 B = 980 GB / 30 GB/s = 32.67 s; / 600 s = 5.44% (11 min: 4.95%).
        { "storage.checkpoint-stall",
          [](Mini &m, const Catalog &) {
              editWorkload(m, [](Workload &w) { w.checkpointIntervalMin = 10; });
          },
          [](Mini &m, const Catalog &) {
              editWorkload(m, [](Workload &w) { w.checkpointIntervalMin = 11; });
          },
          "a 980 GB checkpoint (70.0B parameters x 14 B) written at 30.0 GB/s to lustre stalls "
          "training 32.7 s every 10 min = 5.44%; the workload allows 5.00%" },
        // 45 GB/s x 1000 / 16 GPUs = 2812.5 MB/s per GPU.
        { "storage.read-starvation",
          [](Mini &m, const Catalog &) {
              editWorkload(m, [](Workload &w) { w.datasetReadMBpsPerGpu = 3000; });
          },
          [](Mini &m, const Catalog &) {
              editWorkload(m, [](Workload &w) { w.datasetReadMBpsPerGpu = 2812; });
          },
          "storage tier lustre reads 45.0 GB/s = 2812.5 MB/s per GPU for 16 GPUs; the data loader "
          "needs 3000.0 MB/s per GPU" },
        { "slurm.hostname-invalid",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.gpu02, [](Device &d) { d.name = "gpu_02"; });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.gpu02, [](Device &d) { d.name = "gpu-02"; });
          },
          "hostname \"gpu_02\" is not valid: '_' is not a letter, digit or '-'" },
        { "slurm.hostname-duplicate",
          [](Mini &m, const Catalog &) {
              editDevice(m, m.gpu02, [](Device &d) { d.name = "GPU01"; });
          },
          [](Mini &m, const Catalog &) {
              editDevice(m, m.gpu02, [](Device &d) { d.name = "gpu03"; });
          },
          "hostname gpu01 is used by 2 devices (ids {gpu01}, {gpu02})" },
    };
    return table;
}

} // namespace cw::test
