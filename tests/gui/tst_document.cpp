// The document layer: undo commands hold values, property edits merge (removals and their
// ids: tst_document_removal), refusals push nothing, files round-trip byte for byte, and the live
// validator (cheap rules synchronous, global rules on a worker) agrees with a full validation run.

#include "DocumentFixtures.h"

#include "model/validation/ValidationEngine.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>

using namespace cw;
using namespace cw::test;

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void eachEditUndoesAndRedoes_data();
    void eachEditUndoesAndRedoes();
    void propertyEditsMerge();
    void moveIsOneStepAndNotMerged();
    void refusalsPushNothing();
    void saveReopenIsByteIdentical();
    void selectionFollowsRemoval();
    void pasteMakesUniqueCopies();
    void autosaveWritesRecoveryCopy();
    void autosaveWritesOnAWorker();
    void recoveryCopySurvivesASecondCrash();
    void editRefusesNamesThePolicyRefuses();
    void destroyingAModifiedDocumentIsSilent();
};

// Every edit is one undo step; undo gives back the very bytes of the file before it.
void TestDocument::eachEditUndoesAndRedoes_data()
{
    QTest::addColumn<QString>("edit");
    for (const char *edit :
         { "addRow", "addRack", "moveRack", "addDevice", "moveDevice", "addLink", "updateDevice",
           "updateRack", "updateRow", "updateFabric", "addFabric", "addStorageTier", "remove",
           "duplicate", "recable", "updateSite", "setDesignName" })
        QTest::newRow(edit) << QString::fromLatin1(edit);
}

void TestDocument::eachEditUndoesAndRedoes()
{
    QFETCH(QString, edit);
    auto document = seedDocument();
    const Design &design = document->design();
    const std::string before = text(*document);
    const Rack &a01 = *rackNamed(design, "A01");
    const Device &gpu1 = *deviceNamed(design, "gpu001");
    QString why;
    if (edit == "addRow") {
        why = document->addRow(Row { RowId {}, "R2", 0, 40, "" });
    } else if (edit == "addRack") {
        Rack rack;
        rack.catalogType = "rack-42u-air";
        rack.row = a01.row;
        rack.position = -1;
        why = document->addRack(rack);
    } else if (edit == "moveRack") {
        why = document->moveRack(a01.id, a01.row, 9);
    } else if (edit == "addDevice") {
        Device device;
        device.catalogType = "hdr-8x-h100-seed";
        device.rack = a01.id;
        device.uPosition = 17;
        why = document->addDevice(device);
    } else if (edit == "moveDevice") {
        why = document->moveDevice(gpu1.id, a01.id, 20, Face::Front);
    } else if (edit == "addLink") {
        // The seed node's second HCA port is free (one HDR HCA each, port 0 in use): link
        // two nodes' management-free ports is not possible, so add a node and cable it.
        Device device;
        device.catalogType = "hdr-8x-h100-seed";
        device.rack = a01.id;
        device.uPosition = 17;
        QCOMPARE(document->addDevice(device), QString());
        const Device &added = *deviceNamed(design, "node01");
        const Device &mgmt = *deviceNamed(design, "mgmt01");
        const Part *mgmtPart = document->catalog().find(mgmt.catalogType);
        int freePort = -1;
        for (int p = 0; p < static_cast<int>(mgmtPart->ports.size()); ++p)
            if (!design.linkAt(PortRef { mgmt.id, p }).isValid()) {
                freePort = p;
                break;
            }
        QVERIFY(freePort >= 0);
        const Part *nodePart = document->catalog().find(added.catalogType);
        const int mgmtPortOfNode = [&] {
            for (int p = 0; p < static_cast<int>(nodePart->ports.size()); ++p)
                if (nodePart->ports[static_cast<std::size_t>(p)].role == PortRole::Management)
                    return p;
            return -1;
        }();
        QVERIFY(mgmtPortOfNode >= 0);
        FabricId oob;
        for (const Fabric &fabric : design.fabrics())
            if (fabric.name == "oob-mgmt")
                oob = fabric.id;
        const std::string withDevice = text(*document);
        Link link;
        link.fabric = oob;
        link.a = PortRef { added.id, mgmtPortOfNode };
        link.b = PortRef { mgmt.id, freePort };
        QCOMPARE(document->addLink(link), QString());
        // Auto-cabling chose a part and a length (same rack row: a short run).
        const Link &made = design.links().items().back();
        QVERIFY(!made.cableType.empty());
        QVERIFY(made.lengthM > 0);
        document->undoStack()->undo();
        QCOMPARE(text(*document), withDevice);
        document->undoStack()->undo();
        QCOMPARE(text(*document), before);
        return;
    } else if (edit == "updateDevice") {
        Device device = gpu1;
        device.name = "gpu-renamed";
        why = document->updateDevice(device);
    } else if (edit == "updateRack") {
        Rack rack = a01;
        rack.name = "Z01";
        why = document->updateRack(rack);
    } else if (edit == "updateRow") {
        Row row = *design.row(a01.row);
        row.powerBudgetKw = 80;
        why = document->updateRow(row);
    } else if (edit == "updateFabric") {
        Fabric fabric = design.fabrics().items().front();
        fabric.linkSpeedGbps = 100;
        why = document->updateFabric(fabric);
    } else if (edit == "addFabric") {
        Fabric fabric;
        fabric.name = "storage-eth";
        fabric.purpose = FabricPurpose::Storage;
        fabric.technology = Technology::Ethernet;
        fabric.linkSpeedGbps = 100;
        why = document->addFabric(fabric);
    } else if (edit == "addStorageTier") {
        StorageTier tier;
        tier.name = "scratch";
        tier.kind = StorageKind::NodeLocalNvme;
        tier.capacityTB = 30;
        why = document->addStorageTier(tier);
    } else if (edit == "remove") {
        why = document->remove({ EntityRef::of(gpu1.id) });
    } else if (edit == "duplicate") {
        why = document->duplicate({ EntityRef::of(gpu1.id) });
    } else if (edit == "recable") {
        // Stretch the site so every cable needs re-choosing (longer runs).
        Site site = design.site();
        site.rowPitchM = 3.0;
        site.slackM = 4.0;
        QCOMPARE(document->updateSite(site), QString());
        const std::string stretched = text(*document);
        QCOMPARE(document->recable({ EntityRef::of(a01.id) }), QString());
        QVERIFY(text(*document) != stretched);
        document->undoStack()->undo();
        QCOMPARE(text(*document), stretched);
        document->undoStack()->redo();
        QVERIFY(text(*document) != stretched);
        return;
    } else if (edit == "updateSite") {
        Site site = design.site();
        site.pue = 1.2;
        why = document->updateSite(site);
    } else if (edit == "setDesignName") {
        why = document->setDesignName(QStringLiteral("Renamed"));
    }
    QCOMPARE(why, QString());
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(document->isModified());
    const std::string after = text(*document);
    QVERIFY(after != before);
    document->undoStack()->undo();
    QCOMPARE(text(*document), before);
    QVERIFY(!document->isModified());
    document->undoStack()->redo();
    QCOMPARE(text(*document), after);
}

void TestDocument::propertyEditsMerge()
{
    auto document = seedDocument();
    const Design &design = document->design();
    const std::string before = text(*document);
    const DeviceId id = deviceNamed(design, "gpu001")->id;
    // Typing "n", "no", "nod", "node" into the name field: four edits, one undo step.
    for (const char *name : { "n", "no", "nod", "node" }) {
        Device device = *design.device(id);
        device.name = name;
        QCOMPARE(document->updateDevice(device), QString());
    }
    QCOMPARE(document->undoStack()->count(), 1);
    QCOMPARE(design.device(id)->name, std::string("node"));
    // Another property of the same device is a new step.
    Device device = *design.device(id);
    device.tier = 0;
    QCOMPARE(document->updateDevice(device), QString());
    QCOMPARE(document->undoStack()->count(), 2);
    document->undoStack()->undo();
    document->undoStack()->undo();
    QCOMPARE(text(*document), before);

    // A multi-selection edit is one step for all the devices.
    std::vector<Device> nodes;
    for (const char *name : { "gpu001", "gpu002", "gpu003" }) {
        Device node = *deviceNamed(design, name);
        node.tier = 1;
        nodes.push_back(node);
    }
    QCOMPARE(document->updateDevices(nodes), QString());
    QCOMPARE(document->undoStack()->index(), 1);
    QCOMPARE(deviceNamed(design, "gpu003")->tier, 1);
    document->undoStack()->undo();
    QCOMPARE(deviceNamed(design, "gpu003")->tier, -1);

    // Editing back to the starting value leaves nothing to undo (the command is obsolete).
    Row row = *design.row(rackNamed(design, "A01")->row);
    const double budget = row.powerBudgetKw;
    row.powerBudgetKw = 70;
    QCOMPARE(document->updateRow(row), QString());
    row.powerBudgetKw = budget;
    QCOMPARE(document->updateRow(row), QString());
    QCOMPARE(text(*document), before);
    QVERIFY(!document->undoStack()->canUndo());
}

void TestDocument::moveIsOneStepAndNotMerged()
{
    auto document = seedDocument();
    const Design &design = document->design();
    const Device &gpu = *deviceNamed(design, "gpu001");
    const DeviceId id = gpu.id;
    const RackId a01 = gpu.rack;
    // A drag ends in one moveDevice; two drags are two steps.
    QCOMPARE(document->moveDevice(id, a01, 20, Face::Front), QString());
    QCOMPARE(document->moveDevice(id, a01, 30, Face::Front), QString());
    QCOMPARE(document->undoStack()->count(), 2);
    QCOMPARE(design.device(id)->uPosition, 30);
    document->undoStack()->undo();
    QCOMPARE(design.device(id)->uPosition, 20);
    // Between racks.
    const RackId a02 = rackNamed(design, "A02")->id;
    QCOMPARE(document->moveDevice(id, a02, 20, Face::Front), QString());
    QVERIFY(design.device(id)->rack == a02);
    QCOMPARE(static_cast<int>(design.devicesInRack(a02).size()), 3);
    document->undoStack()->undo();
    QVERIFY(design.device(id)->rack == a01);
}

void TestDocument::refusalsPushNothing()
{
    auto document = seedDocument();
    const Design &design = document->design();
    const Rack &a01 = *rackNamed(design, "A01");
    const std::string before = text(*document);
    Device device;
    device.catalogType = "hdr-8x-h100-seed";
    device.rack = a01.id;
    // gpu001 sits at U1-U8 (first free U of an empty rack, 8U part).
    device.uPosition = 5;
    QString why = document->addDevice(device);
    QVERIFY2(why.contains("overlaps gpu001"), qPrintable(why));
    // rack-42u-air has U1-U42: an 8U part at U40 would reach U47.
    device.uPosition = 40;
    why = document->addDevice(device);
    QVERIFY2(why.contains("U1-U42") && why.contains("U47"), qPrintable(why));
    device.uPosition = 17;
    device.catalogType = "no-such-server";
    why = document->addDevice(device);
    QVERIFY2(why.contains("unknown catalog type"), qPrintable(why));
    Row row = *design.row(a01.row);
    row.powerBudgetKw = -5;
    why = document->updateRow(row);
    QVERIFY2(why.contains(">= 0 kW"), qPrintable(why));
    Site site = design.site();
    site.itPowerBudgetKw = -1;
    QVERIFY(!document->updateSite(site).isEmpty());
    Device renamed = *deviceNamed(design, "gpu001");
    renamed.name = "gpu002";
    why = document->updateDevice(renamed);
    QVERIFY2(why.contains("already used"), qPrintable(why));
    QVERIFY(!document->moveRack(a01.id, a01.row, rackNamed(design, "A02")->position).isEmpty());
    QCOMPARE(document->undoStack()->count(), 0);
    QCOMPARE(text(*document), before);
}

void TestDocument::saveReopenIsByteIdentical()
{
    QTemporaryDir dir;
    auto document = seedDocument();
    const QString first = dir.filePath(QStringLiteral("seed.cluster.json"));
    QSignalSpy pathChanged(document.get(), &Document::filePathChanged);
    QCOMPARE(document->save(first), QString());
    QCOMPARE(pathChanged.count(), 1);
    QCOMPARE(document->filePath(), first);

    // Edits then undo of all of them: the saved bytes do not change (ids counter included).
    const Design &design = document->design();
    Device device;
    device.catalogType = "hdr-8x-h100-seed";
    device.rack = rackNamed(design, "A01")->id;
    device.uPosition = 17;
    QCOMPARE(document->addDevice(device), QString());
    QCOMPARE(document->remove({ EntityRef::of(rackNamed(design, "A05")->id) }), QString());
    QVERIFY(document->isModified());
    while (document->undoStack()->canUndo())
        document->undoStack()->undo();
    QVERIFY(!document->isModified());
    const QString second = dir.filePath(QStringLiteral("again.cluster.json"));
    QCOMPARE(document->save(second), QString());

    QString error;
    auto reopened = Document::open(Catalog::builtin(), first, &error);
    QVERIFY2(reopened, qPrintable(error));
    const QString third = dir.filePath(QStringLiteral("third.cluster.json"));
    QCOMPARE(reopened->save(third), QString());
    QFile a(first), b(second), c(third);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly)
            && c.open(QIODevice::ReadOnly));
    const QByteArray bytes = a.readAll();
    QVERIFY(bytes.size() > 1000);
    QCOMPARE(b.readAll(), bytes);
    QCOMPARE(c.readAll(), bytes);

    auto missing = Document::open(Catalog::builtin(),
                                  dir.filePath(QStringLiteral("none.cluster.json")), &error);
    QVERIFY(!missing);
    QVERIFY2(error.contains("none.cluster.json"), qPrintable(error));
}

void TestDocument::selectionFollowsRemoval()
{
    auto document = seedDocument();
    const Design &design = document->design();
    const DeviceId gpu = deviceNamed(design, "gpu001")->id;
    const RackId rack = rackNamed(design, "A01")->id;
    QSignalSpy spy(document.get(), &Document::selectionChanged);
    document->setSelection({ EntityRef::of(gpu), EntityRef::of(rack), EntityRef::of(gpu) });
    QCOMPARE(spy.count(), 1);
    QCOMPARE(static_cast<int>(document->selection().size()), 2);
    document->setSelection({ EntityRef::of(rack), EntityRef::of(gpu) });
    QCOMPARE(spy.count(), 1); // same set: no signal
    QCOMPARE(document->remove({ EntityRef::of(gpu) }), QString());
    QCOMPARE(spy.count(), 2);
    QCOMPARE(static_cast<int>(document->selection().size()), 1);
    // Undo brings gpu001 back selected, as it was before the Delete; redo drops it again.
    document->undoStack()->undo();
    QCOMPARE(spy.count(), 3);
    QVERIFY(document->selection()
            == (std::vector<EntityRef> { EntityRef::of(rack), EntityRef::of(gpu) }));
    document->undoStack()->redo();
    QVERIFY(document->selection() == std::vector<EntityRef> { EntityRef::of(rack) });
}

void TestDocument::pasteMakesUniqueCopies()
{
    auto document = seedDocument();
    const Design &design = document->design();
    const Rack &a01 = *rackNamed(design, "A01");
    const auto racks = design.racks().size();
    const auto devices = design.devices().size();
    // A rack copy takes its two nodes along and lands at the end of the row.
    QCOMPARE(document->duplicate({ EntityRef::of(a01.id) }), QString());
    QCOMPARE(design.racks().size(), racks + 1);
    QCOMPARE(design.devices().size(), devices + 2);
    const Rack &copy = design.racks().items().back();
    QCOMPARE(copy.name, std::string("A01-2"));
    QCOMPARE(copy.position, 5); // A01..A05 hold positions 0..4
    // Hostnames continue the 3-digit numbering: gpu001..gpu008 exist.
    QVERIFY(deviceNamed(design, "gpu009"));
    QVERIFY(deviceNamed(design, "gpu010"));
    QCOMPARE(static_cast<int>(document->selection().size()), 3);
    QCOMPARE(document->undoStack()->count(), 1);

    // A device pasted into a rack goes to the first free U: A02 holds U1-U16.
    const EntityClipboard clip
        = document->copy({ EntityRef::of(deviceNamed(design, "gpu001")->id) });
    QCOMPARE(document->paste(clip, rackNamed(design, "A02")->id), QString());
    const Device &pasted = design.devices().items().back();
    QCOMPARE(pasted.uPosition, 17);
    QCOMPARE(pasted.name, std::string("gpu011"));
}

// The timer's autosave copies the design and writes it on a worker: edits made while it
// writes are not in that copy (the next one has them), and a clean close waits for the
// write so no recovery copy is left behind.
void TestDocument::autosaveWritesOnAWorker()
{
    QTemporaryDir dir;
    const QString recovery = dir.filePath(QStringLiteral("recovery/worker.cluster.json"));
    auto nameInCopy = [&recovery] {
        auto loaded = loadDesignFile(recovery.toStdString(), Catalog::builtin());
        return loaded ? QString::fromStdString(loaded.value().design.name()) : QString();
    };
    {
        auto document = seedDocument();
        document->setAutosave(recovery, 60000);
        QVERIFY(!document->autosaveInBackground().result()); // unmodified: nothing to write
        QCOMPARE(document->setDesignName(QStringLiteral("First")), QString());
        QFuture<bool> first = document->autosaveInBackground();
        QCOMPARE(document->setDesignName(QStringLiteral("Second")), QString());
        first.waitForFinished();
        QVERIFY(first.result());
        QCOMPARE(nameInCopy(), QStringLiteral("First"));
        QCoreApplication::processEvents(); // the document hears of the finished write
        QFuture<bool> second = document->autosaveInBackground();
        QVERIFY(second.result());
        QCOMPARE(nameInCopy(), QStringLiteral("Second"));
        QCoreApplication::processEvents();
        QCOMPARE(document->setDesignName(QStringLiteral("Third")), QString());
        document->autosaveInBackground(); // still writing when the document closes
    }
    QVERIFY(!QFile::exists(recovery));
    QVERIFY(!QFile::exists(recovery + QStringLiteral(".origin")));
}

void TestDocument::autosaveWritesRecoveryCopy()
{
    QTemporaryDir dir;
    const QString recovery = dir.filePath(QStringLiteral("recovery/untitled.cluster.json"));
    {
        auto document = seedDocument();
        document->setAutosave(recovery, 60000);
        QVERIFY(!document->autosaveNow()); // nothing to save while unmodified
        QCOMPARE(document->setDesignName(QStringLiteral("Work in progress")), QString());
        QVERIFY(document->autosaveNow());
        QVERIFY(QFile::exists(recovery));
        auto loaded = loadDesignFile(recovery.toStdString(), Catalog::builtin());
        QVERIFY(loaded);
        QCOMPARE(loaded.value().design.name(), std::string("Work in progress"));
        QFile origin(recovery + QStringLiteral(".origin"));
        QVERIFY(origin.open(QIODevice::ReadOnly));
        QCOMPARE(origin.readAll(), QByteArray("\n")); // untitled
    }
    // A clean close removes the recovery copy; only a crash leaves it behind.
    QVERIFY(!QFile::exists(recovery));

    // After a crash: the copy opens as the original file with its changes unsaved.
    auto crashed = seedDocument();
    crashed->setAutosave(recovery, 60000);
    QCOMPARE(crashed->setDesignName(QStringLiteral("Recovered")), QString());
    QVERIFY(crashed->autosaveNow());
    const QString copy = dir.filePath(QStringLiteral("left-behind.cluster.json"));
    QVERIFY(QFile::copy(recovery, copy)); // what the crash leaves on disk
    QString error;
    auto restored = Document::open(Catalog::builtin(), copy, &error);
    QVERIFY2(restored, qPrintable(error));
    const QString original = dir.filePath(QStringLiteral("design.cluster.json"));
    restored->adoptRecovery(original);
    QCOMPARE(restored->filePath(), original);
    QVERIFY(restored->isModified());
    QCOMPARE(restored->design().name(), std::string("Recovered"));
    // A document that did not write a recovery copy never deletes one.
    {
        Document bystander(Catalog::builtin());
        bystander.setAutosave(copy, 60000);
    }
    QVERIFY(QFile::exists(copy));
}

void TestDocument::recoveryCopySurvivesASecondCrash()
{
    QTemporaryDir dir;
    // Untitled designs each get their own copy.
    QVERIFY(Document::recoveryPathFor(QString()) != Document::recoveryPathFor(QString()));
    const QString first = dir.filePath(QStringLiteral("recovery/untitled-a.cluster.json"));
    const QString second = dir.filePath(QStringLiteral("recovery/design-b.cluster.json"));
    const QString kept = dir.filePath(QStringLiteral("kept.cluster.json"));
    {
        // Crash 1: the untitled design's copy is what the disk holds (the document is
        // released without its destructor, as a crash would leave things).
        auto crashed = seedDocument();
        crashed->setAutosave(first, 60000);
        QCOMPARE(crashed->setDesignName(QStringLiteral("Edit before crash")), QString());
        QVERIFY(crashed->autosaveNow());
        QVERIFY(QFile::copy(first, kept));
    }
    QVERIFY(QFile::copy(kept, first)); // the destructor above stands for nothing in a crash
    // Restart: restored from the copy, which stays on disk.
    QString error;
    auto restored = Document::open(Catalog::builtin(), first, &error);
    QVERIFY2(restored, qPrintable(error));
    restored->adoptRecovery(QString(), first);
    restored->setAutosave(second, 60000);
    QVERIFY(QFile::exists(first)); // crash 2 now, before any autosave: nothing lost
    auto again = loadDesignFile(first.toStdString(), Catalog::builtin());
    QVERIFY(again);
    QCOMPARE(again.value().design.name(), std::string("Edit before crash"));
    // The next autosave writes the new copy, then drops the old one.
    QVERIFY(restored->autosaveNow());
    QVERIFY(QFile::exists(second));
    QVERIFY(!QFile::exists(first));
    // Saving ends it: the copy goes.
    const QString target = dir.filePath(QStringLiteral("saved.cluster.json"));
    QCOMPARE(restored->save(target), QString());
    QVERIFY(!QFile::exists(second));
}

void TestDocument::editRefusesNamesThePolicyRefuses()
{
    auto document = seedDocument();
    const QString refused = document->setDesignName(QStringLiteral("line one\nline two"));
    QVERIFY2(refused.startsWith(QStringLiteral("design name \"line one\\x0Aline two\" is refused")),
             qPrintable(refused));
    QVERIFY(document->setDesignName(QString(200, QLatin1Char('x')))
                .contains(QStringLiteral("at most 128")));
    QCOMPARE(document->setDesignName(QStringLiteral("<b>fine</b> \"quoted\"")), QString());
}

QTEST_GUILESS_MAIN(TestDocument)
void TestDocument::destroyingAModifiedDocumentIsSilent()
{
    // CI caught MainWindow::updateTitle() calling isModified() on a document in the middle of
    // its destructor: QUndoStack::clear() emits cleanChanged as the stack is deleted, after the
    // document's private data is gone. The document now deletes its stack silently.
    auto document = seedDocument();
    Device device = *deviceNamed(document->design(), "gpu001");
    device.name = "renamed";
    QCOMPARE(document->updateDevice(device), QString());
    QVERIFY(document->isModified());
    int callsDuringDestruction = 0;
    connect(document.get(), &Document::modifiedChanged, this,
            [&callsDuringDestruction] { ++callsDuringDestruction; });
    connect(document->undoStack(), &QUndoStack::indexChanged, this,
            [&callsDuringDestruction] { ++callsDuringDestruction; });
    document.reset();
    QCOMPARE(callsDuringDestruction, 0);
}

#include "tst_document.moc"
