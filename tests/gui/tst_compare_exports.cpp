// File > Compare with...: Export BOM Delta... and Export Work Order... write the bytes
// `clusterwright-cli diff OLD NEW --output-dir` writes (bom-delta.csv, work-order.csv,
// work-order.md), atomically, on the 8x DGX example against a copy with two cables removed.

#include "views/docks/CompareDialog.h"
#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/io/DesignFile.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;

namespace {

const QString kExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

QByteArray bytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll()
                                          : QByteArray("<missing " + path.toUtf8() + ">");
}

} // namespace

class TestCompareExports : public QObject
{
    Q_OBJECT

private slots:
    void exportsAreTheCliBytes()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kExample, &error);
        QVERIFY2(document, qPrintable(error));
        // The other revision: the first two links (by id) removed.
        Design other = document->design();
        for (int i = 0; i < 2; ++i)
            QVERIFY(!other.removeLink(other.links().begin()->id).isEmpty());
        QTemporaryDir dir;
        const QString otherPath = dir.filePath(QStringLiteral("other.cluster.json"));
        auto saved = saveDesignFile(other, Catalog::builtin(), otherPath.toStdString());
        QVERIFY2(saved, saved ? "" : saved.error().message.c_str());

        CompareDialog dialog(document.get());
        auto *bomButton = dialog.findChild<QPushButton *>(QStringLiteral("exportBomDelta"));
        auto *orderButton = dialog.findChild<QPushButton *>(QStringLiteral("exportWorkOrder"));
        QVERIFY(bomButton && orderButton);
        QVERIFY(!bomButton->isEnabled() && !orderButton->isEnabled()); // nothing compared yet
        QVERIFY(!dialog.exportBomDelta(dir.filePath(QStringLiteral("x.csv"))).isEmpty());
        QVERIFY(dialog.compareWith(otherPath).isEmpty());
        QVERIFY(bomButton->isEnabled() && orderButton->isEnabled());

        const QString gui = dir.filePath(QStringLiteral("gui"));
        QVERIFY(QDir().mkpath(gui));
        QCOMPARE(dialog.exportWorkOrder(gui + QStringLiteral("/order.csv")), QString());
        QCOMPARE(dialog.exportBomDelta(gui + QStringLiteral("/bom.csv")), QString());

        const QString cliDir = dir.filePath(QStringLiteral("cli"));
        QProcess cli;
        cli.start(QStringLiteral(CW_CLI_PATH),
                  { "diff", kExample, otherPath, "--no-bisection", "--output-dir", cliDir });
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(bytes(gui + QStringLiteral("/order.csv")),
                 bytes(cliDir + QStringLiteral("/work-order.csv")));
        QCOMPARE(bytes(gui + QStringLiteral("/order.md")),
                 bytes(cliDir + QStringLiteral("/work-order.md")));
        QCOMPARE(bytes(gui + QStringLiteral("/bom.csv")),
                 bytes(cliDir + QStringLiteral("/bom-delta.csv")));
        // By hand: two cables to remove -> the header and two rows.
        const QList<QByteArray> rows
            = bytes(gui + QStringLiteral("/order.csv")).trimmed().split('\n');
        QCOMPARE(rows.size(), 3);
        QVERIFY2(rows[1].contains("remove") && rows[2].contains("remove"), rows[1].constData());
        // Written whole (no temporaries left), each CSV with its provenance beside it.
        QCOMPARE(QDir(gui).entryList(QDir::Files | QDir::Hidden, QDir::Name),
                 QStringList({ "bom-provenance.txt", "bom.csv", "order-provenance.txt", "order.csv",
                               "order.md" }));
        QVERIFY(bytes(gui + QStringLiteral("/order-provenance.txt")).contains("order.md"));
    }

    void unwritablePlaceIsNamed()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kExample, &error);
        QVERIFY2(document, qPrintable(error));
        CompareDialog dialog(document.get());
        QVERIFY(dialog.compareWith(kExample).isEmpty());
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("no-such-folder/order.csv"));
        const QString message = dialog.exportWorkOrder(target);
        QVERIFY2(message.contains(QStringLiteral("no-such-folder")), qPrintable(message));
        QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }
};

QTEST_MAIN(TestCompareExports)
#include "tst_compare_exports.moc"
