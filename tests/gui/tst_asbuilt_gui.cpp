// File > Import As-Built...: the findings of an as-built comparison become canvas markers and
// Violations dock rows (rules asbuilt.*), click to select the culprit, stay until cleared or
// re-imported, and never reach the design file.
//
// The InfiniBand input is what a real ibnetdiscover reported from ibsim running a re-cabled copy
// of the seed example's fabric.topo (tests/data/asbuilt/make-seed-hdr-perturbed.py, which lists
// the five changes: gpu001/gpu002 swapped at ib-hdr01 p1/p2, gpu003 at 1x, gpu005 removed, oss04
// moved from p13 to p14, an unknown rogue01 on p20). The expected rows below are those five,
// worked out from that list, not from the program's output.

#include "views/canvas/CanvasItem.h"
#include "views/canvas/FabricView.h"
#include "views/docks/AsBuiltProvider.h"
#include "views/docks/ViolationsDock.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include <map>
#include <set>

using namespace cw;

namespace {

const QString kSeed
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/seed-8node-hdr.cluster.json");
const QString kPerturbed
    = QStringLiteral(CW_SOURCE_DIR "/tests/data/asbuilt/seed-8node-hdr-perturbed.ibnetdiscover");

EntityRef device(const Design &design, const std::string &name)
{
    for (const Device &d : design.devices())
        if (d.name == name)
            return EntityRef::of(d.id);
    return {};
}

/// The link between the two named devices (each pair has one in the seed example).
EntityRef link(const Design &design, const std::string &a, const std::string &b)
{
    const EntityRef da = device(design, a), db = device(design, b);
    for (const Link &l : design.links()) {
        const EntityRef x = EntityRef::of(l.a.device), y = EntityRef::of(l.b.device);
        if ((x == da && y == db) || (x == db && y == da))
            return EntityRef::of(l.id);
    }
    return {};
}

struct FindingRow
{
    std::string fix;
    std::set<EntityRef> entities;
    EntityRef culprit;
    bool operator==(const FindingRow &) const = default;
};

/// The dock's as-built rows: rule -> rows (fix, objects, what a click selects).
std::multimap<std::string, FindingRow> asBuiltRows(const ViolationsDock &dock)
{
    std::multimap<std::string, FindingRow> rows;
    for (QTreeWidgetItemIterator it(dock.tree()); *it; ++it)
        if (const Violation *v = dock.violationAt(*it); v && v->ruleKey.starts_with("asbuilt.")) {
            rows.emplace(v->ruleKey,
                         FindingRow { v->fix,
                                      { v->entities.begin(), v->entities.end() },
                                      v->entities.empty() ? EntityRef {} : v->entities.front() });
            // Shown as warnings, with the objects' names beside the message.
            if (v->severity != Severity::Warning || v->names.size() != v->entities.size())
                rows.emplace("bad severity or names", FindingRow {});
        }
    return rows;
}

QTreeWidgetItem *itemOfRule(const ViolationsDock &dock, const std::string &rule)
{
    for (QTreeWidgetItemIterator it(dock.tree()); *it; ++it)
        if (const Violation *v = dock.violationAt(*it); v && v->ruleKey == rule)
            return *it;
    return nullptr;
}

} // namespace

class TestAsBuiltGui : public QObject
{
    Q_OBJECT

private slots:
    void infinibandFindingsAreMarkersAndRows()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kSeed, &error);
        QVERIFY2(document, qPrintable(error));
        document->validator()->flush();
        canvas::FabricView view(document.get());
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::set<canvas::CanvasItem *> before(view.markedItems().begin(),
                                                    view.markedItems().end());
        const std::size_t rulesFindings = document->validator()->violations().size();

        AsBuiltProvider *provider = AsBuiltProvider::of(document.get());
        QCOMPARE(AsBuiltProvider::of(document.get()), provider); // one per document
        QCOMPARE(provider->importFiles({ kPerturbed }), QString());
        QVERIFY(provider->isActive());

        const Design &d = document->design();
        const EntityRef sw = device(d, "ib-hdr01");
        // The five changes, by hand (ib-hdr01's IB port n is its catalog port "p<n>").
        const std::multimap<std::string, FindingRow> expected {
            { "asbuilt.swapped-cables",
              { "swap the cables at ib-hdr01 p1 and p2",
                { link(d, "gpu001", "ib-hdr01"), link(d, "gpu002", "ib-hdr01"), sw,
                  device(d, "gpu001"), device(d, "gpu002") },
                link(d, "gpu001", "ib-hdr01") } },
            { "asbuilt.wrong-width",
              { "reseat or replace the cable between ib-hdr01 p3 and gpu003 mlx5_0 (lanes down), "
                "then check both ports",
                { link(d, "gpu003", "ib-hdr01"), sw, device(d, "gpu003") },
                link(d, "gpu003", "ib-hdr01") } },
            { "asbuilt.missing-cable",
              { "install the cable between gpu005 mlx5_0 and ib-hdr01 p5",
                { link(d, "gpu005", "ib-hdr01"), sw, device(d, "gpu005") },
                link(d, "gpu005", "ib-hdr01") } },
            { "asbuilt.wrong-port",
              { "move the cable at ib-hdr01 p14 to p13",
                { link(d, "oss04", "ib-hdr01"), sw, device(d, "oss04") },
                link(d, "oss04", "ib-hdr01") } },
            { "asbuilt.unknown-device",
              { "unplug it from ib-hdr01 p20 or add it to the design", { sw }, sw } },
        };
        auto rows = asBuiltRows(dock);
        // The swap is the same whichever port is named first.
        for (auto &[rule, row] : rows)
            if (rule == "asbuilt.swapped-cables"
                && row.fix == "swap the cables at ib-hdr01 p2 and p1")
                row.fix = "swap the cables at ib-hdr01 p1 and p2";
        QCOMPARE(rows.size(), expected.size());
        for (const auto &[rule, row] : expected) {
            const auto found = rows.find(rule);
            QVERIFY2(found != rows.end(), rule.c_str());
            QCOMPARE(found->second.fix, row.fix);
            QVERIFY2(found->second.entities == row.entities, rule.c_str());
            // A swap has two designed cables; either is the culprit.
            if (rule == "asbuilt.swapped-cables")
                QVERIFY(found->second.culprit == link(d, "gpu001", "ib-hdr01")
                        || found->second.culprit == link(d, "gpu002", "ib-hdr01"));
            else
                QCOMPARE(found->second.culprit, row.culprit);
        }
        QCOMPARE(document->validator()->violations().size(), rulesFindings + expected.size());

        // Markers: the items marked before (the rules' findings) and exactly the items of the
        // objects the findings name, on the fabric view.
        std::set<EntityRef> named;
        std::set<canvas::CanvasItem *> shouldBeMarked = before;
        for (const auto &[rule, row] : expected)
            for (const EntityRef &ref : row.entities) {
                named.insert(ref);
                const auto items = view.markerItemsFor(ref);
                QVERIFY2(!items.empty(), rule.c_str()); // every object is drawn in this view
                shouldBeMarked.insert(items.begin(), items.end());
            }
        const std::set<canvas::CanvasItem *> marked(view.markedItems().begin(),
                                                    view.markedItems().end());
        QVERIFY(marked == shouldBeMarked);
        for (canvas::CanvasItem *item : marked) // what is newly marked stands for a named object
            if (!before.contains(item))
                for (const EntityRef &ref : item->entities())
                    QVERIFY(named.contains(ref));

        // A click selects the culprit: a designed cable of the swap.
        QTreeWidgetItem *swap = itemOfRule(dock, "asbuilt.swapped-cables");
        QVERIFY(swap);
        QSignalSpy focus(&dock, &ViolationsDock::focusRequested);
        dock.activate(swap);
        QCOMPARE(document->selection(),
                 std::vector<EntityRef> { rows.find("asbuilt.swapped-cables")->second.culprit });
        QCOMPARE(document->selection().front().kind, EntityKind::Link);
        QCOMPARE(focus.count(), 1);
        // Not the design's to waive: no waiver is written.
        QVERIFY(!dock.waive(swap, QStringLiteral("accepted")).isEmpty());
        QVERIFY(document->design().waivers().empty());

        // They survive an edit and a re-import (replaced, not doubled), and never reach the file.
        Device renamed = *document->design().device(DeviceId { device(d, "gpu008").id });
        renamed.name = "gpu008-renamed";
        QCOMPARE(document->updateDevice(renamed), QString());
        QCOMPARE(asBuiltRows(dock).size(), expected.size());
        QCOMPARE(provider->importFiles({ kPerturbed }), QString());
        QCOMPARE(asBuiltRows(dock).size(), expected.size());
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("seed.cluster.json"));
        QCOMPARE(document->save(saved), QString());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("asbuilt"));

        // File > Clear As-Built: rows and markers gone, the rules' findings as they were.
        provider->clear();
        QVERIFY(asBuiltRows(dock).empty());
        QVERIFY(std::set<canvas::CanvasItem *>(view.markedItems().begin(), view.markedItems().end())
                == before);
        QCOMPARE(document->validator()->violations().size(), rulesFindings);
        dock.setDocument(nullptr);
    }

    // The Ethernet side: mgmt01's neighbour CSV with gpu002's BMC cable missing and gpu003's in
    // swp15 instead of swp3 (the example cables host n's BMC to swp n).
    void neighbourCsvFindings()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kSeed, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("mgmt01.csv"));
        QFile out(csv);
        QVERIFY(out.open(QIODevice::WriteOnly));
        QByteArray text = "device,port,neighbour,neighbour_port\n";
        const char *hosts[]
            = { "gpu001", "gpu002", "gpu003", "gpu004", "gpu005", "gpu006", "gpu007",
                "gpu008", "head01", "mds01",  "oss01",  "oss02",  "oss03",  "oss04" };
        for (int port = 1; port <= 14; ++port) {
            if (port == 2)
                continue;
            text += "mgmt01,swp" + QByteArray::number(port == 3 ? 15 : port) + "," + hosts[port - 1]
                + ",bmc\n";
        }
        out.write(text);
        out.close();
        QCOMPARE(AsBuiltProvider::of(document.get())->importFiles({ csv }), QString());
        const Design &d = document->design();
        const std::multimap<std::string, FindingRow> expected {
            { "asbuilt.missing-cable",
              { "install the cable between gpu002 bmc and mgmt01 swp2",
                { link(d, "gpu002", "mgmt01"), device(d, "gpu002"), device(d, "mgmt01") },
                link(d, "gpu002", "mgmt01") } },
            { "asbuilt.wrong-port",
              { "move the cable at mgmt01 swp15 to swp3",
                { link(d, "gpu003", "mgmt01"), device(d, "gpu003"), device(d, "mgmt01") },
                link(d, "gpu003", "mgmt01") } },
        };
        QVERIFY(asBuiltRows(dock) == expected);
        dock.setDocument(nullptr);
    }

    // A file that is none of the three formats is refused by name; what was shown stays.
    void unreadableInputIsRefused()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kSeed, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        AsBuiltProvider *provider = AsBuiltProvider::of(document.get());
        QCOMPARE(provider->importFiles({ kPerturbed }), QString());
        QTemporaryDir dir;
        const QString junk = dir.filePath(QStringLiteral("notes.txt"));
        QFile out(junk);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("cable list to follow\n");
        out.close();
        const QString refused = provider->importFiles({ junk });
        QVERIFY2(refused.contains(junk) && refused.contains(QStringLiteral("ibnetdiscover")),
                 qPrintable(refused));
        QCOMPARE(asBuiltRows(dock).size(), std::size_t(5));
        const QString missing = provider->importFiles({ dir.filePath(QStringLiteral("none")) });
        QVERIFY2(missing.contains(QStringLiteral("none")), qPrintable(missing));
        // ibnetdiscover output goes alone.
        QVERIFY(!provider->importFiles({ kPerturbed, kPerturbed }).isEmpty());
        QCOMPARE(asBuiltRows(dock).size(), std::size_t(5));
        dock.setDocument(nullptr);
    }
};

QTEST_MAIN(TestAsBuiltGui)
#include "tst_asbuilt_gui.moc"
