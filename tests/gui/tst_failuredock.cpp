// The Failure Domains dock on the 8x DGX H100 example: its N-1 table row by row against
// `clusterwright-cli whatif --sweep N-1 --json`, and the blast radius of a feed and of the row
// checked by hand (docs/failure-domains.md).
#include "views/canvas/CanvasItem.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/docks/FailureDock.h"
#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QFocusEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QProcess>
#include <QTableWidget>
#include <QTimer>
#include <QtTest>

#include <algorithm>

using namespace cw;

namespace {

const QString kExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

std::unique_ptr<Document> openExample()
{
    QString error;
    auto document = Document::open(Catalog::builtin(), kExample, &error);
    if (!document)
        qFatal("%s", qPrintable(error));
    return document;
}

QJsonArray cliSweep()
{
    QProcess process;
    process.start(QStringLiteral(CW_CLI_PATH), { "whatif", kExample, "--sweep", "N-1", "--json" });
    if (!process.waitForFinished(120000) || process.exitCode() != 0)
        qFatal("whatif failed: %s", process.readAllStandardError().constData());
    return QJsonDocument::fromJson(process.readAllStandardOutput()).object()["sweep"].toArray();
}

QString text(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

using canvas::FailureState;

/// The three views of a document, each drawing the dock's blast radius as MainWindow wires them.
struct Views
{
    canvas::FloorPlanView floor;
    canvas::RackElevationView elevation;
    canvas::FabricView fabric;

    Views(Document *document, FailureDock &dock)
        : floor(document)
        , elevation(document)
        , fabric(document)
    {
        for (canvas::CanvasView *view : all()) {
            QObject::connect(&dock, &FailureDock::failureStatesChanged, view,
                             &canvas::CanvasView::setFailureStates);
            QObject::connect(view, &canvas::CanvasView::simulateFailureRequested, &dock,
                             &FailureDock::simulate);
        }
    }
    std::vector<canvas::CanvasView *> all() { return { &floor, &elevation, &fabric }; }
};

std::uint64_t idOf(const Document &document, const std::string &name)
{
    for (const Device &device : document.design().devices())
        if (device.name == name)
            return device.id.value;
    for (const Rack &rack : document.design().racks())
        if (rack.name == name)
            return rack.id.value;
    qFatal("no %s", name.c_str());
}

/// The states of the items `view` draws for the entity called `name` (none: not drawn there).
std::vector<FailureState> statesOf(const canvas::CanvasView &view, const Document &document,
                                   const std::string &name)
{
    std::vector<FailureState> states;
    const auto &index = view.itemIndex();
    if (const auto it = index.find(idOf(document, name)); it != index.end())
        for (const canvas::CanvasItem *item : it->second)
            states.push_back(item->failureState());
    return states;
}

bool allAre(const std::vector<FailureState> &states, FailureState state)
{
    return !states.empty()
        && std::all_of(states.begin(), states.end(), [&](FailureState s) { return s == state; });
}

QStringList legendTexts(const canvas::CanvasView &view)
{
    QStringList texts;
    for (const canvas::LegendEntry &entry : view.shownLegend())
        texts << entry.text;
    return texts;
}

} // namespace

class TestFailureDock : public QObject
{
    Q_OBJECT

private slots:
    void sweepTableMatchesTheCli()
    {
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        dock.runSweep();
        const QJsonArray expected = cliSweep();
        const QTableWidget *table = dock.sweepTable();
        QCOMPARE(table->rowCount(), static_cast<int>(expected.size()));
        QVERIFY(table->rowCount() > 0);
        for (int r = 0; r < table->rowCount(); ++r) {
            const QJsonObject row = expected[r].toObject();
            QCOMPARE(text(table, r, 0), QString::number(r + 1));
            QCOMPARE(text(table, r, 1), row["failures"].toArray()[0].toString());
            QCOMPARE(text(table, r, 2), QString::number(row["gpus_lost"].toInt()));
            QCOMPARE(text(table, r, 3), QString::number(row["nodes_lost"].toInt()));
            QCOMPARE(text(table, r, 4), QString::number(row["devices_capped"].toArray().size()));
            QCOMPARE(text(table, r, 5),
                     QString::number(row["bisection_lost_gbps"].toDouble(), 'f', 0));
            QCOMPARE(text(table, r, 6),
                     QStringLiteral("%1 nodes, %2 GPUs")
                         .arg(row["largest_job_nodes"].toInt())
                         .arg(row["largest_job_gpus"].toInt()));
        }
        // By hand: losing row R1 turns off both racks, all 8 DGX x 8 GPUs: 64 lost, the
        // worst single failure (nothing can lose more).
        QCOMPARE(text(table, 0, 2), QStringLiteral("64"));
    }

    void clickingTheRowSelectsEverythingItTakesDown()
    {
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        dock.runSweep();
        const QTableWidget *table = dock.sweepTable();
        int rowOfR1 = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (text(table, r, 1) == QStringLiteral("row:R1"))
                rowOfR1 = r;
        QVERIFY(rowOfR1 >= 0);
        QSignalSpy focus(&dock, &FailureDock::focusRequested);
        auto *view = const_cast<QTableWidget *>(table);
        view->resize(800, 600);
        view->scrollToItem(view->item(rowOfR1, 1));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualItemRect(view->item(rowOfR1, 1)).center());
        // Every device of the row's two racks is off.
        const std::size_t devices = document->design().devices().size();
        QCOMPARE(dock.blastRadius().size(), devices);
        std::vector<EntityRef> selection = document->selection();
        std::vector<EntityRef> blast = dock.blastRadius();
        std::sort(selection.begin(), selection.end());
        std::sort(blast.begin(), blast.end());
        QVERIFY(selection == blast);
        QCOMPARE(focus.count(), 1);
        QVERIFY(dock.summaryText().contains(QStringLiteral("64 of 64 GPUs lost")));
    }

    void feedLossCapsEveryDgx()
    {
        // A DGX H100 has 6 PSUs of 3.3 kW, three per feed: on feed B alone 3 x 3.3 = 9.9 kW of
        // its 10.2 kW maximum (tst_cli_whatif checks the figure). Nothing goes off; the 8 DGX
        // are among the capped devices, which become the selection.
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        QVERIFY(dock.showBlastRadius(QStringLiteral("feed:A")).isEmpty());
        int dgx = 0;
        for (const EntityRef &ref : dock.blastRadius()) {
            const Device *device = document->design().device(DeviceId { ref.id });
            QVERIFY(device);
            dgx += QString::fromStdString(device->name).startsWith(QStringLiteral("dgx")) ? 1 : 0;
        }
        QCOMPARE(dgx, 8);
        QVERIFY(dock.summaryText().contains(QStringLiteral("0 of 64 GPUs lost")));
        QVERIFY(dock.summaryText().contains(QStringLiteral("Off: 0</span>")));
        QVERIFY(dock.summaryText().contains(
            QStringLiteral("capped: %1</span>").arg(dock.blastRadius().size())));
        QVERIFY(!dock.showBlastRadius(QStringLiteral("pdu:Z99/A1")).isEmpty()); // no such rack
    }

    void rackLossIsDrawnInEveryView()
    {
        // rack:A01 turns off dgx01-04, leaf01, leaf02 and the rest of A01. dgx05-08 in A02
        // keep power but every rail ends on leaf01 or leaf02: cut off, lost too. The other
        // devices of A02 (spines, storage, head) stay up: A02 is hit in part, degraded.
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        Views views(document.get(), dock);
        QVERIFY(dock.showBlastRadius(QStringLiteral("rack:A01")).isEmpty());
        QVERIFY(allAre(statesOf(views.elevation, *document, "dgx01"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.elevation, *document, "leaf01"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.elevation, *document, "dgx05"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.elevation, *document, "spine01"), FailureState::None));
        QVERIFY(allAre(statesOf(views.fabric, *document, "dgx07"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.fabric, *document, "leaf02"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.floor, *document, "A01"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.floor, *document, "A02"), FailureState::Degraded));
        const QStringList legend = legendTexts(views.floor);
        QVERIFY(legend.contains(QStringLiteral("Failure: off / cut off")));
        QVERIFY(legend.contains(QStringLiteral("Failure: degraded (links lost, partly hit)")));
        QVERIFY(!legend.contains(QStringLiteral("Failure: capped (power or cooling)")));
        // Views that rebuild their items (another rack set, presentation mode) draw it again.
        views.elevation.setRacks({ RackId { idOf(*document, "A02") } });
        QVERIFY(allAre(statesOf(views.elevation, *document, "dgx05"), FailureState::Lost));
        QVERIFY(allAre(statesOf(views.elevation, *document, "spine01"), FailureState::None));
        views.floor.setPresentationMode(true);
        QVERIFY(allAre(statesOf(views.floor, *document, "A01"), FailureState::Lost));
        views.floor.setPresentationMode(false);
        // Another domain replaces the drawing; an edit clears it.
        QVERIFY(dock.showBlastRadius(QStringLiteral("feed:A")).isEmpty());
        QVERIFY(allAre(statesOf(views.elevation, *document, "dgx05"), FailureState::Capped));
        QVERIFY(allAre(statesOf(views.floor, *document, "A02"), FailureState::Capped));
        QVERIFY(legendTexts(views.fabric)
                    .contains(QStringLiteral("Failure: capped (power or cooling)")));
        QVERIFY(!legendTexts(views.fabric).contains(QStringLiteral("Failure: off / cut off")));
        Device renamed = *document->design().devices().begin();
        renamed.name += "-renamed";
        QVERIFY(document->updateDevice(renamed).isEmpty());
        for (canvas::CanvasView *view : views.all())
            QVERIFY(view->failureStates().empty());
        QVERIFY(allAre(statesOf(views.elevation, *document, "dgx05"), FailureState::None));
    }

    void rightClickSimulatesTheFailure()
    {
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        Views views(document.get(), dock);
        canvas::FloorPlanView &floor = views.floor;
        floor.resize(1200, 800);
        floor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&floor));
        floor.zoomToFit();
        const auto &index = floor.itemIndex();
        const auto rack = index.find(idOf(*document, "A01"));
        QVERIFY(rack != index.end() && !rack->second.empty());
        const QPoint at = floor.mapFromScene(rack->second.front()->sceneBoundingRect().center());
        // The rack's domains, innermost first (A01 has PDUs A1, A2 on feed A, B1, B2 on B).
        QCOMPARE(floor.failureDomainsAt(at),
                 QStringList({ "rack:A01", "pdu:A01/A1", "pdu:A01/A2", "pdu:A01/B1", "pdu:A01/B2",
                               "feed:A", "feed:B", "row:R1" }));
        // Pick Simulate Failure > pdu:A01/A1 in the real context menu.
        bool picked = false;
        QTimer::singleShot(50, &floor, [&] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            auto *simulate = menu ? menu->findChild<QMenu *>("simulateFailureMenu") : nullptr;
            if (simulate)
                for (QAction *action : simulate->actions())
                    if (action->text() == QStringLiteral("pdu:A01/A1")) {
                        action->trigger();
                        picked = true;
                    }
            if (menu)
                menu->close();
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, floor.viewport()->mapToGlobal(at));
        QApplication::sendEvent(floor.viewport(), &event);
        QVERIFY(picked);
        // PDU A1 holds PSUs 0 and 4 of each DGX in A01: the DGX keep 4 of 6 PSUs = 13.2 kW
        // >= 10.2 kW, so they are neither capped nor off, and not drawn; the dock names it.
        QVERIFY(dock.summaryText().contains(QStringLiteral("pdu:A01/A1")));
        QVERIFY(!floor.failureStates().contains(idOf(*document, "dgx01")));
    }

    void anEditClearsTheResults()
    {
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        dock.runSweep();
        QVERIFY(!dock.sweep().empty());
        Device moved = *document->design().devices().begin();
        moved.name += "-renamed";
        QVERIFY(document->updateDevice(moved).isEmpty());
        QVERIFY(dock.sweep().empty());
        QCOMPARE(dock.sweepTable()->rowCount(), 0);
    }

    void domainsAreListedWhenTheArchitectReachesForThem()
    {
        // Listing every domain costs about a second at 131,072 nodes (200,000 feeds, PDUs,
        // racks, rows and halls): not at open, nor after every edit, but on the first focus,
        // click or key in the box. Then it offers exactly the domains the CLI's N-1 sweep
        // fails one at a time.
        auto document = openExample();
        FailureDock dock;
        dock.setDocument(document.get());
        auto *box = dock.findChild<QComboBox *>(QStringLiteral("failureDomains"));
        QVERIFY(box);
        QCOMPARE(box->count(), 1); // "(choose a domain)" only
        QVERIFY(dock.domainLabels().isEmpty());
        QFocusEvent focusIn(QEvent::FocusIn, Qt::TabFocusReason);
        QApplication::sendEvent(box, &focusIn);
        QStringList expected;
        for (const QJsonValue &row : cliSweep())
            expected << row.toObject()["failures"].toArray()[0].toString();
        QStringList listed = dock.domainLabels();
        expected.sort();
        listed.sort();
        QVERIFY(listed.contains(QStringLiteral("pdu:A01/A1")));
        QCOMPARE(listed, expected);

        Device moved = *document->design().devices().begin();
        moved.name += "-renamed";
        QVERIFY(document->updateDevice(moved).isEmpty());
        QCOMPARE(box->count(), 1); // stale: listed again on the next use
        QTest::mouseClick(box, Qt::LeftButton);
        if (QWidget *popup = QApplication::activePopupWidget())
            popup->close();
        QCOMPARE(dock.domainLabels().size(), expected.size());
    }
};

QTEST_MAIN(TestFailureDock)
#include "tst_failuredock.moc"
