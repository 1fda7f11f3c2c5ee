// Removals through the document: a rack's delete restores its ids on undo, a mass delete
// and a rack's delete (bulk patches, rebuilt or batched) give what Design's own mutators
// give, byte for byte, and undo and redo give the bytes back.

#include "DocumentFixtures.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>

using namespace cw;
using namespace cw::test;

class TestDocumentRemoval : public QObject
{
    Q_OBJECT

private slots:
    void removeRackRestoresIds();
    void bulkDeleteMatchesDesignMutators();
    void rackDeleteIsBatchedNotRebuilt();
};

// A delete of thousands of objects takes the bulk path (DesignPatch rebuilds the tables in
// one pass); the result must be what Design's own mutators give one rack at a time, byte for
// byte, and undo must give back the original bytes.
void TestDocumentRemoval::bulkDeleteMatchesDesignMutators()
{
    auto [reference, owned] = generated256();
    Document &document = *owned;
    const Design &design = document.design();
    const std::string before = text(document);
    // Every other rack: survivors on both sides of each gap, storage servers among the
    // removed (their tier loses members), partitions lose nodes.
    std::vector<EntityRef> racks;
    bool take = true;
    for (const Rack &rack : design.racks()) {
        if (take)
            racks.push_back(EntityRef::of(rack.id));
        take = !take;
    }
    QVERIFY(racks.size() > 10);
    for (const EntityRef &rack : racks)
        reference.removeRack(RackId { rack.id });
    const std::string expected = serializeDesign(reference, Catalog::builtin());

    QCOMPARE(document.remove(racks), QString());
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(design.racks().size(), reference.racks().size());
    QCOMPARE(design.devices().size(), reference.devices().size());
    QCOMPARE(design.links().size(), reference.links().size());
    QVERIFY(text(document) == expected);
    document.undoStack()->undo();
    QVERIFY(text(document) == before);
    document.undoStack()->redo();
    QVERIFY(text(document) == expected);
    document.undoStack()->undo();
    QVERIFY(text(document) == before);
}

// Deleting one rack of a generated design takes its devices and well over 32 links: the
// patch is bulk but adds back only a few entities other than links, so it is applied in
// batches (one Design::removeMany, one Design::addLinks) instead of rebuilding the design.
// The bytes must be those of Design::removeRack, and undo and redo must give the bytes back
// (the batched path has no kept copy to swap in: each way is applied).
void TestDocumentRemoval::rackDeleteIsBatchedNotRebuilt()
{
    auto [reference, owned] = generated256();
    Document &document = *owned;
    const Design &design = document.design();
    const std::string before = text(document);
    // The first rack that holds a compute node: 4 DGX H100 with their rails and BMC links.
    RackId target;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute) {
            target = device.rack;
            break;
        }
    QVERIFY(target.isValid());
    std::size_t links = 0;
    for (DeviceId device : design.devicesInRack(target))
        links += design.linksOfDevice(device).size();
    const std::size_t devices = design.devicesInRack(target).size();
    QVERIFY2(devices + 1 <= 32 && devices + 1 + links > 32, "not a batched-size edit");
    reference.removeRack(target);
    const std::string expected = serializeDesign(reference, Catalog::builtin());

    QCOMPARE(document.remove({ EntityRef::of(target) }), QString());
    QVERIFY(text(document) == expected);
    document.undoStack()->undo();
    QVERIFY(text(document) == before);
    QVERIFY(design.rack(target));
    document.undoStack()->redo();
    QVERIFY(text(document) == expected);
    document.undoStack()->undo();
    QVERIFY(text(document) == before);
}

void TestDocumentRemoval::removeRackRestoresIds()
{
    auto document = seedDocument();
    const Design &design = document->design();
    const std::string before = text(*document);
    const Rack &a05 = *rackNamed(design, "A05"); // switches, head node, Lustre
    const RackId rackId = a05.id;
    std::vector<DeviceId> devices = design.devicesInRack(rackId);
    std::vector<LinkId> links;
    for (DeviceId device : devices)
        for (LinkId link : design.linksOfDevice(device))
            links.push_back(link);
    // The seed's A05 holds 8 devices (IB switch, mgmt switch, head, MDS, 4 OSS) and every
    // link of the design ends on one of its two switches: 13 IB + 14 management = 27.
    QCOMPARE(static_cast<int>(devices.size()), 8);
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    QCOMPARE(static_cast<int>(links.size()), 27);
    QCOMPARE(static_cast<int>(design.storageTiers().items().front().members.size()), 5);

    QSignalSpy changed(document.get(), &Document::changed);
    QCOMPARE(document->remove({ EntityRef::of(rackId) }), QString());
    QVERIFY(!design.rack(rackId));
    QCOMPARE(static_cast<int>(design.links().size()), 0);
    QVERIFY(design.storageTiers().items().front().members.empty());
    QCOMPARE(changed.count(), 1);
    const auto changes = changed.takeFirst().at(0).value<ChangeSet>();
    // 1 rack + 8 devices + 27 links removed; the Lustre tier lost its members.
    QCOMPARE(static_cast<int>(changes.removed.size()), 36);
    QCOMPARE(static_cast<int>(changes.modified.size()), 1);

    document->undoStack()->undo();
    QVERIFY(design.rack(rackId));
    for (DeviceId device : devices)
        QVERIFY(design.device(device));
    for (LinkId link : links)
        QVERIFY(design.link(link));
    QCOMPARE(text(*document), before);
}

QTEST_GUILESS_MAIN(TestDocumentRemoval)
#include "tst_document_removal.moc"
