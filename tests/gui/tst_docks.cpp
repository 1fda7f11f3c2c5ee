// The docks' own logic without the main window: the library's drag data and search, the
// summary figures checked against hand-worked numbers, the Inspector's forms and the find box.

#include "DocksFixtures.h"

using namespace cw;
using namespace cw::test;

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
};

QTEST_MAIN(TestDocks)
#include "tst_docks.moc"
