// File > Compare with...: the dialog's rows against `clusterwright-cli diff OLD NEW --json` on
// the 8x DGX example and a copy edited by hand (a device renamed, a link removed),
// and a click selecting the entity in the open design.
#include "views/docks/CompareDialog.h"
#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/io/DesignFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;

namespace {

const QString kExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

QString text(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

class TestCompareDialog : public QObject
{
    Q_OBJECT

private slots:
    void rowsMatchTheCliDiff()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kExample, &error);
        QVERIFY2(document, qPrintable(error));
        // The other revision: dgx07 renamed, the first link removed.
        Design other = document->design();
        const Device *dgx07 = nullptr;
        for (const Device &d : other.devices())
            if (d.name == "dgx07")
                dgx07 = &d;
        QVERIFY(dgx07);
        Device renamed = *dgx07;
        const std::uint64_t renamedId = renamed.id.value;
        renamed.name = "dgx07-new";
        QVERIFY(!other.updateDevice(renamed).isEmpty());
        QVERIFY(!other.removeLink(other.links().begin()->id).isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("other.cluster.json"));
        auto saved = saveDesignFile(other, Catalog::builtin(), path.toStdString());
        QVERIFY2(saved, saved ? "" : saved.error().message.c_str());

        CompareDialog dialog(document.get());
        QVERIFY(dialog.compareWith(path).isEmpty());

        QProcess cli;
        cli.start(QStringLiteral(CW_CLI_PATH),
                  { "diff", kExample, path, "--json", "--no-bisection" });
        QVERIFY(cli.waitForFinished(60000));
        const QJsonArray changes
            = QJsonDocument::fromJson(cli.readAllStandardOutput()).object()["changes"].toArray();
        const QTableWidget *table = dialog.table();
        QCOMPARE(table->rowCount(), static_cast<int>(changes.size()));
        QCOMPARE(table->rowCount(), 2); // by hand: the rename and the removed link
        for (int r = 0; r < table->rowCount(); ++r) {
            const QJsonObject c = changes[r].toObject();
            QCOMPARE(text(table, r, 0), c["kind"].toString());
            QCOMPARE(text(table, r, 1), c["change"].toString());
            QCOMPARE(text(table, r, 2), c["name"].toString());
        }
        int renamedRow = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (text(table, r, 0) == QStringLiteral("device"))
                renamedRow = r;
        QVERIFY(renamedRow >= 0);
        QVERIFY2(
            text(table, renamedRow, 3).contains(QStringLiteral("name \"dgx07\" -> \"dgx07-new\"")),
            qPrintable(text(table, renamedRow, 3)));

        QSignalSpy focus(&dialog, &CompareDialog::focusRequested);
        auto *view = const_cast<QTableWidget *>(table);
        dialog.show();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualItemRect(view->item(renamedRow, 0)).center());
        QCOMPARE(focus.count(), 1);
        QCOMPARE(document->selection().size(), std::size_t(1));
        QCOMPARE(document->selection().front().id, renamedId);
    }

    void unreadableFileIsNamed()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kExample, &error);
        QVERIFY(document);
        CompareDialog dialog(document.get());
        const QString message = dialog.compareWith(QStringLiteral("/nonexistent/x.cluster.json"));
        QVERIFY2(message.contains(QStringLiteral("/nonexistent/x.cluster.json")),
                 qPrintable(message));
        QCOMPARE(dialog.table()->rowCount(), 0);
    }
};

QTEST_MAIN(TestCompareDialog)
#include "tst_comparedialog.moc"
