// The Failure Domains dock on the 8x DGX H100 example: its N-1 table row by row against
// `clusterwright-cli whatif --sweep N-1 --json`, and the blast radius of a feed and of the row
// checked by hand (docs/failure-domains.md).
#include "views/docks/FailureDock.h"
#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTableWidget>
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
            QStringLiteral("power-capped: %1</span>").arg(dock.blastRadius().size())));
        QVERIFY(!dock.showBlastRadius(QStringLiteral("pdu:Z99/A1")).isEmpty()); // no such rack
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
};

QTEST_MAIN(TestFailureDock)
#include "tst_failuredock.moc"
