// The docks' own logic without the main window: the library's drag data and search, and the
// summary figures checked against hand-worked numbers.

#include "views/docks/FindBar.h"
#include "views/docks/InspectorDock.h"
#include "views/docks/LibraryDock.h"
#include "views/docks/SummaryDock.h"
#include "views/docks/SummaryFigures.h"
#include "views/docks/ViolationsDock.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/BillOfMaterials.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMimeData>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableWidget>
#include <QTreeView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

using namespace cw;

namespace {

/// Two DGX H100 (8 NDR ports each) on two QM9700 leaves joined by 4 links: the halves cut
/// is 4 x 400 = 1,600 Gb/s against a full bisection of half of 16 x 400 = 3,200 Gb/s, 0.5.
Design twoLeafDesign()
{
    const Catalog &catalog = Catalog::builtin();
    Design design;
    design.setName("two leaves");
    DesignBuilder b(design, catalog);
    const RowId row = b.addRow("R1").value();
    const RackId rack = b.addRack(row, "A01", "rack-42u-air").value();
    const DeviceId n1 = b.placeDevice(rack, "dgx01", "dgx-h100", 1, DeviceRole::Compute).value();
    const DeviceId n2 = b.placeDevice(rack, "dgx02", "dgx-h100", 9, DeviceRole::Compute).value();
    const DeviceId s1
        = b.placeDevice(rack, "leaf01", "qm9700", 20, DeviceRole::Switch, Face::Rear, 0).value();
    const DeviceId s2
        = b.placeDevice(rack, "leaf02", "qm9700", 21, DeviceRole::Switch, Face::Rear, 0).value();
    Fabric fabric;
    fabric.name = "compute";
    fabric.linkSpeedGbps = 400;
    const FabricId f = b.addFabric(fabric).value();
    for (auto [node, leaf] : { std::pair { n1, s1 }, std::pair { n2, s2 } })
        for (PortRef port : b.ports(node, PortRole::Compute))
            b.connect(f, port, b.firstFreePort(leaf, PortRole::Fabric).value()).value();
    for (int i = 0; i < 4; ++i)
        b.connect(f, b.firstFreePort(s1, PortRole::Fabric).value(),
                  b.firstFreePort(s2, PortRole::Fabric).value())
            .value();
    Site site = design.site();
    site.pue = 1.3;
    site.electricityUsdPerKwh = 0.10;
    design.setSite(site);
    return design;
}

const QString kDgxExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

bool hasViolation(const Document &document, const std::string &ruleKey, const std::string &name)
{
    for (const Violation &v : document.validator()->violations())
        if (v.ruleKey == ruleKey
            && std::find(v.names.begin(), v.names.end(), name) != v.names.end())
            return true;
    return false;
}

template<typename Entity, typename Items>
const Entity *named(const Items &items, const std::string &name)
{
    for (const Entity &entity : items)
        if (entity.name == name)
            return &entity;
    return nullptr;
}

/// Stretches the first `count` cabled links of `document` to 5 km: far beyond any medium's
/// reach (the longest, single-mode optics, is 2 km), so each raises one net.cable-reach
/// error naming the link first. Returns the links, in design order.
std::vector<LinkId> stretchLinks(Document &document, int count, int skip = 0)
{
    std::vector<Link> links;
    for (const Link &candidate : document.design().links())
        if (!candidate.cableType.empty())
            links.push_back(candidate);
    std::vector<LinkId> ids;
    for (int i = skip; i < skip + count && i < static_cast<int>(links.size()); ++i) {
        Link link = links[static_cast<std::size_t>(i)];
        link.lengthM = 5000;
        if (!document.updateLink(link).isEmpty())
            return {};
        ids.push_back(link.id);
    }
    document.validator()->flush();
    return ids;
}

QTreeWidgetItem *itemOfLink(const ViolationsDock &dock, LinkId link)
{
    for (QTreeWidgetItemIterator it(dock.tree()); *it; ++it)
        if (const Violation *v = dock.violationAt(*it); v && v->ruleKey == "net.cable-reach"
            && !v->entities.empty() && v->entities.front() == EntityRef::of(link))
            return *it;
    return nullptr;
}

} // namespace

class TestDocks : public QObject
{
    Q_OBJECT

private slots:
    void libraryDragsPartIds()
    {
        LibraryDock dock(Catalog::builtin());
        PartLibraryModel *model = dock.model();
        // Top level: one group per kind present; the racks come first.
        QVERIFY(model->rowCount() >= 8);
        QVERIFY(model->item(0)->text().startsWith(QStringLiteral("Racks")));
        QStandardItem *rack = model->item(0)->child(0);
        QVERIFY(rack);
        const QModelIndex index = rack->index();
        QVERIFY(model->flags(index) & Qt::ItemIsDragEnabled);
        QVERIFY(!(model->flags(model->item(0)->index()) & Qt::ItemIsDragEnabled));
        std::unique_ptr<QMimeData> mime(model->mimeData({ index }));
        QVERIFY(mime);
        QCOMPARE(QString::fromUtf8(mime->data(QString::fromLatin1(kPartMimeType))), rack->text());
        QCOMPARE(QString::fromLatin1(kPartMimeType),
                 QStringLiteral("application/x-clusterwright-part"));

        // Search by model name: "QM9700" is the catalog's only NDR switch of that model.
        dock.setFilterText(QStringLiteral("qm9700"));
        QSortFilterProxyModel *proxy = dock.proxy();
        int parts = 0;
        for (int g = 0; g < proxy->rowCount(); ++g)
            parts += proxy->rowCount(proxy->index(g, 0));
        QCOMPARE(parts, 1);
        // Key figures: a DGX H100 is 8U and 10.2 kW with 8 GPUs (catalog, servers.json).
        const QString figures = PartLibraryModel::keyFigures(*Catalog::builtin().find("dgx-h100"));
        QVERIFY2(figures.contains(QStringLiteral("8U"))
                     && figures.contains(QStringLiteral("10.20 kW"))
                     && figures.contains(QStringLiteral("8 GPUs")),
                 qPrintable(figures));
    }

    void summaryFiguresByHand()
    {
        const Design design = twoLeafDesign();
        const SummaryFigures f = computeSummaryFigures(design, Catalog::builtin());
        QCOMPARE(f.nodes, 2);
        QCOMPARE(f.gpus, 16);
        QCOMPARE(f.switches, 2);
        QCOMPARE(f.links, 20); // 2 x 8 node links + 4 inter-leaf links
        // 2 x 10.2 kW (DGX H100) + 2 x 1.3 kW (QM9700) = 23.0 kW; x PUE 1.3 = 29.9 kW.
        QCOMPARE(qRound(f.itKw * 1000), 23000);
        QCOMPARE(qRound(f.facilityKw * 1000), 29900);
        // All four parts are air-cooled in the catalog.
        QCOMPARE(qRound(f.airHeatKw * 1000), 23000);
        QCOMPARE(f.liquidHeatKw, 0.0);
        // Energy: 29.9 kW x 8,760 h x $0.10 = $26,192.40 a year.
        QCOMPARE(qRound(f.energyUsdPerYear * 100), 2619240);

        const auto bisections = computeBisections(design, Catalog::builtin());
        QCOMPARE(static_cast<int>(bisections.size()), 1);
        QCOMPARE(bisections.front().nodes, 2);
        QCOMPARE(bisections.front().fullBisectionGbps, 3200.0);
        QCOMPARE(bisections.front().bisectionGbps, 1600.0);
        QCOMPARE(bisections.front().ratio, 0.5);
    }

    void summaryDockUpdatesLive()
    {
        Document document(Catalog::builtin(), std::make_unique<Design>(twoLeafDesign()), QString());
        SummaryDock dock;
        QSignalSpy analyzed(&dock, &SummaryDock::bisectionsUpdated);
        dock.setDocument(&document);
        QCOMPARE(dock.figures().nodes, 2);
        QVERIFY(analyzed.wait(10000));
        QCOMPARE(dock.bisections().front().ratio, 0.5);
        QVERIFY(dock.text().contains(QStringLiteral("0.50")));
        // The cost is the bill of materials' grand total, the count the BOM files print: at
        // least the parts at catalog prices (2 x $400,000 DGX H100 + 2 x $30,000 QM9700 +
        // rack $2,000 = $862,000), spares on top, and the same call as the BOM.
        const auto bom = bom::computeBom(document.design(), Catalog::builtin());
        QVERIFY(bom);
        QVERIFY(dock.capex().capexUsd.has_value());
        QCOMPARE(*dock.capex().capexUsd, bom->grandTotalUsd);
        QVERIFY(*dock.capex().capexUsd >= 862000.0);
        const QString shown = bom->grandTotalUsd >= 1e6
            ? QStringLiteral("$%1 M").arg(bom->grandTotalUsd / 1e6, 0, 'f', 2)
            : QStringLiteral("$%L1").arg(bom->grandTotalUsd, 0, 'f', 0);
        QVERIFY2(dock.text().contains(shown), qPrintable(dock.text()));
        // A third node (U30-U37 free) shows up after the short debounce.
        Device node;
        node.catalogType = "dgx-h100";
        node.rack = document.design().racks().items().front().id;
        node.uPosition = 30;
        QCOMPARE(document.addDevice(node), QString());
        QTRY_COMPARE(dock.figures().nodes, 3);
        QTRY_COMPARE(dock.figures().gpus, 24);
        dock.setDocument(nullptr);
    }

    void inspectorEditsPdus()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        const Rack *a01 = named<Rack>(document->design().racks(), "A01");
        QVERIFY(a01);
        const RackId rackId = a01->id;
        InspectorDock dock;
        dock.setDocument(document.get());
        document->setSelection({ EntityRef::of(rackId) });
        auto *table = qobject_cast<QTableWidget *>(dock.editor(QStringLiteral("pdus")));
        QVERIFY(table);
        // The example's A01: A1, A2 on feed A and B1, B2 on feed B, 3-phase 400 V 63 A.
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("A1"));
        QCOMPARE(table->item(2, 1)->text(), QStringLiteral("B"));
        QCOMPARE(table->item(0, 4)->text(), QStringLiteral("63"));
        QVERIFY(!hasViolation(*document, "power.rack-over-feed", "A01"));

        // Zero and negative values are refused with a message, nothing pushed.
        QUndoStack *stack = document->undoStack();
        const int before = stack->index();
        table->item(0, 4)->setText(QStringLiteral("0"));
        QVERIFY(dock.lastMessage().contains(QStringLiteral("breaker")));
        table->item(0, 3)->setText(QStringLiteral("-230"));
        QVERIFY(dock.lastMessage().contains(QStringLiteral("voltage")));
        QCOMPARE(stack->index(), before);
        QCOMPARE(table->item(0, 4)->text(), QStringLiteral("63")); // reloaded from the model
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("400"));

        // 16 A on every PDU. By hand: a 3-phase 400 V 16 A PDU carries sqrt(3) x 400 x 16 x
        // 0.8 (derating) = 8.87 kW, two per feed 17.7 kW; the four DGX H100 of A01 alone
        // draw 4 x 10.2 = 40.8 kW (catalog maximum power), so both feeds are over.
        for (int row = 0; row < table->rowCount(); ++row)
            table->item(row, 4)->setText(QStringLiteral("16"));
        QCOMPARE(dock.lastMessage(), QString());
        for (const Pdu &pdu : document->design().rack(rackId)->pdus)
            QCOMPARE(pdu.breakerA, 16.0);
        QVERIFY(hasViolation(*document, "power.rack-over-feed", "A01"));
        // The four edits of the same property merge into one undo step (Document's rule for
        // successive edits of one field), so a single undo restores 63 A and clears the rule.
        QCOMPARE(stack->index(), before + 1);
        stack->undo();
        for (const Pdu &pdu : document->design().rack(rackId)->pdus)
            QCOMPARE(pdu.breakerA, 63.0);
        QVERIFY(!hasViolation(*document, "power.rack-over-feed", "A01"));
        QCOMPARE(table->item(3, 4)->text(), QStringLiteral("63"));

        // Add then remove a PDU: the new one goes on feed A (2 of 4 on A: balanced, A first).
        auto *add = qobject_cast<QPushButton *>(dock.editor(QStringLiteral("addPdu")));
        auto *remove = qobject_cast<QPushButton *>(dock.editor(QStringLiteral("removePdu")));
        QVERIFY(add && remove);
        add->click();
        QCOMPARE(document->design().rack(rackId)->pdus.size(), std::size_t(5));
        QVERIFY(document->design().rack(rackId)->pdus.back().feed == Feed::A);
        QCOMPARE(table->rowCount(), 5);
        table->setCurrentCell(4, 0);
        remove->click();
        QCOMPARE(document->design().rack(rackId)->pdus.size(), std::size_t(4));
        QCOMPARE(table->rowCount(), 4);
        dock.setDocument(nullptr);
    }

    void inspectorEditsRoceOverride()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        const Device *dgx = named<Device>(document->design().devices(), "dgx01");
        QVERIFY(dgx);
        const DeviceId id = dgx->id;
        QVERIFY(!dgx->qos.has_value());
        InspectorDock dock;
        dock.setDocument(document.get());
        document->setSelection({ EntityRef::of(id) });
        auto *follows = qobject_cast<QCheckBox *>(dock.editor(QStringLiteral("qosFollowsFabric")));
        auto *mtu = qobject_cast<QSpinBox *>(dock.editor(QStringLiteral("qosHostMtu")));
        auto *pfc = qobject_cast<QSpinBox *>(dock.editor(QStringLiteral("qosPfcPriority")));
        auto *dscp = qobject_cast<QSpinBox *>(dock.editor(QStringLiteral("qosRoceDscp")));
        QVERIFY(follows && mtu && pfc && dscp);
        QVERIFY(follows->isChecked());
        // While following, the fields show the fabric's profile: the example's fabrics keep
        // the QosProfile defaults (host MTU 9000, PFC priority 3, DSCP 26;
        // ref:nvidia-cumulus-roce).
        QCOMPARE(mtu->value(), 9000);
        QCOMPARE(pfc->value(), 3);
        QCOMPARE(dscp->maximum(), 63); // 6-bit DSCP
        QCOMPARE(pfc->maximum(), 7); // 3-bit priority

        QUndoStack *stack = document->undoStack();
        const int before = stack->index();
        follows->setChecked(false);
        mtu->setValue(4200);
        const Device *edited = document->design().device(id);
        QVERIFY(edited->qos.has_value());
        QCOMPARE(edited->qos->hostMtu, 4200);
        QCOMPARE(edited->qos->pfcPriority, 3); // the rest copied from the fabric
        QVERIFY(!follows->isChecked());
        // A zero MTU is refused with a message and changes nothing.
        mtu->setValue(0);
        QVERIFY(dock.lastMessage().contains(QStringLiteral("MTU")));
        QCOMPARE(document->design().device(id)->qos->hostMtu, 4200);
        QCOMPARE(mtu->value(), 4200);
        // Undo back to the start restores "follows the fabric" (nullopt).
        while (stack->index() > before)
            stack->undo();
        QVERIFY(!document->design().device(id)->qos.has_value());
        QVERIFY(follows->isChecked());
        QCOMPARE(mtu->value(), 9000);
        dock.setDocument(nullptr);
    }
    // One wheel notch over an unfocused field scrolls past it: nothing is edited (it used to
    // set dgx01's PFC priority from 3 to 2 and create a RoCE override). Focused, the wheel
    // edits as usual. Ctrl+Z goes to the design once the field has committed its edit, and
    // to the field only while it holds uncommitted typing.
    void inspectorFieldsAreSafe()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        const DeviceId id = named<Device>(document->design().devices(), "dgx01")->id;
        QMainWindow window;
        auto *dock = new InspectorDock(&window);
        window.addDockWidget(Qt::RightDockWidgetArea, dock);
        auto *canvas = new QLineEdit(&window); // stands for the canvas holding the focus
        window.setCentralWidget(canvas);
        QAction *undo = document->undoStack()->createUndoAction(&window);
        undo->setShortcut(QKeySequence::Undo);
        window.addAction(undo);
        dock->setDocument(document.get());
        document->setSelection({ EntityRef::of(id) });
        window.resize(900, 1400);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        canvas->setFocus();
        auto *pfc = qobject_cast<QSpinBox *>(dock->editor(QStringLiteral("qosPfcPriority")));
        QVERIFY(pfc && pfc->isVisible());
        QVERIFY(!pfc->hasFocus());
        QCOMPARE(pfc->value(), 3);
        QUndoStack *stack = document->undoStack();
        const int before = stack->index();

        const auto notch = [pfc](int degrees8) {
            const QPointF centre = QRectF(pfc->rect()).center();
            QWheelEvent wheel(centre, pfc->mapToGlobal(centre), QPoint(), QPoint(0, degrees8),
                              Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(pfc, &wheel);
        };
        notch(-120); // one notch down
        QCOMPARE(pfc->value(), 3);
        QVERIFY(!document->design().device(id)->qos.has_value());
        QCOMPARE(stack->index(), before);
        QVERIFY(!pfc->hasFocus()); // and the wheel did not take the focus either

        pfc->setFocus();
        QVERIFY(pfc->hasFocus());
        notch(120); // focused: one notch up edits, as the user meant
        QCOMPARE(pfc->value(), 4);
        QVERIFY(document->design().device(id)->qos.has_value());
        QCOMPARE(document->design().device(id)->qos->pfcPriority, 4);
        QCOMPARE(stack->index(), before + 1);

        // Committed: Ctrl+Z in the field undoes the design's edit.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(stack->index(), before);
        QVERIFY(!document->design().device(id)->qos.has_value());
        QCOMPARE(pfc->value(), 3);

        // Typing not yet committed: Ctrl+Z takes the typing back, the design is untouched.
        pfc->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_End);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backspace);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("5"));
        QCOMPARE(pfc->text(), QStringLiteral("5"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(stack->index(), before);
        QVERIFY(pfc->text() != QStringLiteral("5"));
        QVERIFY(!document->design().device(id)->qos.has_value());
        dock->setDocument(nullptr);
    }
    // Clicking a cable's finding selects the cable alone (not its two devices as well) and
    // asks the window to zoom to it.
    void violationClickSelectsTheCulprit()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        // Stretch one cabled link far beyond any medium's reach: net.cable-reach names the
        // link, then its two ends.
        Link link;
        for (const Link &candidate : document->design().links())
            if (!candidate.cableType.empty()) {
                link = candidate;
                break;
            }
        QVERIFY(link.id.isValid());
        link.lengthM = 5000;
        QCOMPARE(document->updateLink(link), QString());
        QTreeWidgetItem *item = nullptr;
        for (QTreeWidgetItemIterator it(dock.tree()); *it && !item; ++it)
            if (const Violation *v = dock.violationAt(*it); v && v->ruleKey == "net.cable-reach"
                && !v->entities.empty() && v->entities.front() == EntityRef::of(link.id))
                item = *it;
        QVERIFY(item);
        QCOMPARE(dock.violationAt(item)->entities.size(), std::size_t(3));
        QSignalSpy focus(&dock, &ViolationsDock::focusRequested);
        dock.activate(item);
        QCOMPARE(document->selection(), std::vector<EntityRef> { EntityRef::of(link.id) });
        QCOMPARE(focus.count(), 1);
        QCOMPARE(focus.first().at(0).value<std::vector<EntityRef>>(),
                 std::vector<EntityRef> { EntityRef::of(link.id) });
        dock.setDocument(nullptr);
    }

    // Every edit refreshes the tree in place: a rule the user collapsed stays collapsed, a
    // group they opened stays open, the selected finding stays selected.
    void violationTreeKeepsExpansionAndSelection()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::vector<LinkId> links = stretchLinks(*document, 2);
        QCOMPARE(links.size(), std::size_t(2));
        QTreeWidgetItem *rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(rule->childCount(), 2);
        QVERIFY(rule->isExpanded()); // two findings: open by default
        QTreeWidgetItem *second = itemOfLink(dock, links[1]);
        QVERIFY(second);
        dock.tree()->setCurrentItem(second);
        rule->setExpanded(false);

        QCOMPARE(stretchLinks(*document, 1, 2).size(), std::size_t(1)); // a third finding
        rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(rule->childCount(), 3);
        QVERIFY(!rule->isExpanded());
        QTreeWidgetItem *selected = itemOfLink(dock, links[1]);
        QVERIFY(selected);
        QVERIFY(selected->isSelected());
        QCOMPARE(dock.tree()->currentItem(), selected);
        QCOMPARE(dock.tree()->selectedItems().size(), 1);

        // Reopened by the user: open after the next edit as well.
        rule->setExpanded(true);
        QCOMPARE(document->undoStack()->count() > 0, true);
        document->undoStack()->undo();
        document->validator()->flush();
        rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(rule->childCount(), 2);
        QVERIFY(rule->isExpanded());
        dock.setDocument(nullptr);
    }

    // The scroll position survives a refresh: a user reading findings far down the list is
    // not thrown back to the top by the next edit.
    void violationTreeKeepsScrollPosition()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.resize(600, 220);
        dock.show();
        dock.setDocument(document.get());
        QCOMPARE(stretchLinks(*document, 40).size(), std::size_t(40));
        QTreeWidgetItem *rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QVERIFY(!rule->isExpanded()); // more than 20 findings: closed by default
        rule->setExpanded(true);
        QScrollBar *bar = dock.tree()->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 20);
        bar->setValue(bar->maximum() / 2);
        const int scrolled = bar->value();
        QVERIFY(scrolled > 0);
        QCOMPARE(stretchLinks(*document, 1, 40).size(), std::size_t(1)); // one more finding
        QCOMPARE(dock.ruleItem("net.cable-reach")->childCount(), 41);
        QCOMPARE(dock.tree()->verticalScrollBar()->value(), scrolled);
        dock.setDocument(nullptr);
    }

    // Next/Previous walk the shown findings in tree order, select each culprit alone and
    // wrap around at both ends.
    void violationNextPrevious()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::vector<LinkId> links = stretchLinks(*document, 3);
        QCOMPARE(links.size(), std::size_t(3));
        // Only the cable findings: the example's own warnings are filtered away.
        dock.setFilterText(QStringLiteral("net.cable-reach"));
        QCOMPARE(dock.shownViolationCount(), 3);
        std::vector<EntityRef> order;
        for (QTreeWidgetItemIterator it(dock.tree()); *it; ++it)
            if (const Violation *v = dock.violationAt(*it))
                order.push_back(v->entities.front());
        QCOMPARE(order.size(), std::size_t(3));
        // The three stretched links, each once.
        for (LinkId link : links)
            QCOMPARE(std::count(order.begin(), order.end(), EntityRef::of(link)), 1);

        QSignalSpy focus(&dock, &ViolationsDock::focusRequested);
        auto selectedNow = [&] {
            return document->selection();
        };
        dock.nextAction()->trigger(); // nothing current: the first
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[0] });
        dock.nextAction()->trigger();
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[1] });
        dock.nextAction()->trigger();
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[2] });
        dock.nextAction()->trigger(); // wraps to the first
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[0] });
        dock.previousAction()->trigger(); // and back to the last
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[2] });
        dock.previousAction()->trigger();
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[1] });
        QCOMPARE(focus.count(), 6);
        QCOMPARE(dock.nextAction()->shortcut(), QKeySequence(Qt::Key_F8));
        QCOMPARE(dock.previousAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F8));

        // A collapsed rule is opened to show the finding it steps to.
        dock.ruleItem("net.cable-reach")->setExpanded(false);
        dock.tree()->setCurrentItem(nullptr);
        QTreeWidgetItem *first = dock.stepViolation(1);
        QVERIFY(first);
        QVERIFY(first->parent()->isExpanded());
        dock.setDocument(nullptr);
    }

    // Two selected findings waived with one reason are one undo step; a rule item waives the
    // whole rule with one waiver naming no object, which also covers later findings.
    void violationBulkWaive()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::vector<LinkId> links = stretchLinks(*document, 3);
        QCOMPARE(links.size(), std::size_t(3));
        const int errorsBefore = document->validator()->result().errors;
        const int waivedBefore = document->validator()->result().waived;
        const std::size_t waiversBefore = document->design().waivers().size();
        const int steps = document->undoStack()->count();

        const QString reason = QStringLiteral("Temporary run to the far hall, re-cabled in Q3");
        QCOMPARE(
            dock.waiveItems({ itemOfLink(dock, links[0]), itemOfLink(dock, links[2]) }, reason),
            QString());
        document->validator()->flush();
        QCOMPARE(document->undoStack()->count(), steps + 1);
        QCOMPARE(document->validator()->result().errors, errorsBefore - 2);
        QCOMPARE(document->validator()->result().waived, waivedBefore + 2);
        QCOMPARE(document->design().waivers().size(), waiversBefore + 2);
        for (const Waiver &waiver : document->design().waivers())
            if (waiver.ruleKey == "net.cable-reach")
                QCOMPARE(QString::fromStdString(waiver.reason), reason);
        document->undoStack()->undo();
        document->validator()->flush();
        QCOMPARE(document->validator()->result().errors, errorsBefore);
        QCOMPARE(document->design().waivers().size(), waiversBefore);

        // The whole rule: one waiver without objects, three findings waived, and a fourth
        // stretched link is waived by it as well.
        QTreeWidgetItem *rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(dock.waiveItems({ rule, rule->child(0) }, reason), QString());
        document->validator()->flush();
        QCOMPARE(document->design().waivers().size(), waiversBefore + 1);
        QVERIFY(document->design().waivers().back().entityIds.empty());
        QCOMPARE(document->validator()->result().errors, errorsBefore - 3);
        QCOMPARE(document->validator()->result().waived, waivedBefore + 3);
        QCOMPARE(stretchLinks(*document, 1, 3).size(), std::size_t(1));
        QCOMPARE(document->validator()->result().waived, waivedBefore + 4);
        QCOMPARE(document->validator()->result().errors, errorsBefore - 3);
        QVERIFY(dock.ruleItem("net.cable-reach", true));
        QCOMPARE(dock.ruleItem("net.cable-reach", true)->childCount(), 4);
        dock.setDocument(nullptr);
    }

    // The severity boxes hide whole severities; what stays shown is exactly the rest.
    void inspectorLinkNamesBothPorts()
    {
        // The example's first link: dgx01's first compute port (ConnectX-7, 400 Gb/s NDR) to
        // port p1 of leaf01 (a QM9700: 64 ports of 400 Gb/s). The form said only "link dgx01 -
        // leaf01": a speed mismatch could not be read without opening both devices.
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        const Device *dgx01 = named<Device>(document->design().devices(), "dgx01");
        const Device *leaf01 = named<Device>(document->design().devices(), "leaf01");
        QVERIFY(dgx01 && leaf01);
        LinkId id;
        for (const Link &link : document->design().links())
            if (link.a.device == dgx01->id && link.b.device == leaf01->id && !id.isValid())
                id = link.id;
        QVERIFY(id.isValid());
        InspectorDock dock;
        dock.setDocument(document.get());
        document->setSelection({ EntityRef::of(id) });
        auto *endA = dock.findChild<QLabel *>(QStringLiteral("linkEndA"));
        auto *endB = dock.findChild<QLabel *>(QStringLiteral("linkEndB"));
        QVERIFY(endA && endB);
        QCOMPARE(endA->text(), QStringLiteral("dgx01 · mlx5_0 · 400 Gb/s"));
        QCOMPARE(endB->text(), QStringLiteral("leaf01 · p1 · 400 Gb/s"));
        dock.setDocument(nullptr);
    }

    void findCountsAsYouType()
    {
        // The example names dgx01..dgx08: "dgx0" matches all eight while typing, before Enter;
        // a name that is not there says so at once, not after Enter.
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        FindBar bar;
        bar.setDocument(document.get());
        QSignalSpy found(&bar, &FindBar::found);
        QTest::keyClicks(bar.field(), QStringLiteral("dgx0"));
        QCOMPARE(bar.statusText(), QStringLiteral("8 matches"));
        QCOMPARE(found.count(), 0);
        QTest::keyClick(bar.field(), Qt::Key_Return);
        QCOMPARE(bar.statusText(), QStringLiteral("1 of 8"));
        QCOMPARE(found.count(), 1);
        QTest::keyClicks(bar.field(), QStringLiteral("9"));
        QCOMPARE(bar.statusText(), QStringLiteral("no match"));
        QTest::keyClick(bar.field(), Qt::Key_Backspace);
        QTest::keyClick(bar.field(), Qt::Key_Backspace);
        QTest::keyClicks(bar.field(), QStringLiteral("01"));
        QCOMPARE(bar.field()->text(), QStringLiteral("dgx01"));
        QCOMPARE(bar.statusText(), QStringLiteral("1 match"));
        bar.setDocument(nullptr);
    }

    void violationSeverityFilter()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        QCOMPARE(stretchLinks(*document, 2).size(), std::size_t(2));
        const ValidationResult &result = document->validator()->result();
        auto countOf = [&](bool errors, bool warnings, bool infos, bool waived) {
            int n = 0;
            for (const Violation &v : result.violations)
                n += v.waived ? waived
                              : (v.severity == Severity::Error         ? errors
                                     : v.severity == Severity::Warning ? warnings
                                                                       : infos);
            return n;
        };
        QVERIFY(result.errors >= 2);
        QCOMPARE(dock.shownViolationCount(), countOf(true, true, true, true));
        dock.setShowErrors(false);
        QCOMPARE(dock.shownViolationCount(), countOf(false, true, true, true));
        QVERIFY(!dock.firstItemOfRule("net.cable-reach"));
        dock.setShowErrors(true);
        dock.setShowWarnings(false);
        dock.setShowInfos(false);
        dock.setShowWaived(false);
        QCOMPARE(dock.shownViolationCount(), result.errors);
        QVERIFY(dock.firstItemOfRule("net.cable-reach"));
        dock.setDocument(nullptr);
    }
};

QTEST_MAIN(TestDocks)
#include "tst_docks.moc"
