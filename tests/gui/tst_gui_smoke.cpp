// The workbench program opens each reference design offscreen and paints the names of its
// racks, fabrics and servers where the picture shows them (--screenshot with --labels).

#include <QFile>
#include <QImage>
#include <QMap>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

class TestGuiSmoke : public QObject
{
    Q_OBJECT

private slots:
    void rendersEachExample_data()
    {
        // The canvas names the program must paint in each view, from
        // model/examples/ReferenceDesigns.cpp: the seed's racks A01-A05 on the floor plan;
        // the DGX example's three fabrics on the fabric view (fitted, a box is too small for
        // a device name); the two racks its elevation shows and their front servers.
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("seed/floor-plan")
            << QStringLiteral("seed-8node-hdr.cluster.json") << QStringLiteral("floor-plan")
            << QStringList { "A01", "A02", "A03", "A04", "A05" };
        QTest::newRow("dgx/fabric")
            << QStringLiteral("8dgx-h100-ndr.cluster.json") << QStringLiteral("fabric")
            << QStringList { "compute-ndr", "storage-ndr", "oob-mgmt" };
        QTest::newRow("dgx/rack-elevation")
            << QStringLiteral("8dgx-h100-ndr.cluster.json") << QStringLiteral("rack-elevation")
            << QStringList { "A01", "A02", "dgx01", "dgx04", "dgx05", "dgx08" };
    }

    void rendersEachExample()
    {
        QFETCH(QString, file);
        QFETCH(QString, view);
        QFETCH(QStringList, names);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        const QString labels = dir.filePath(QStringLiteral("labels.txt"));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(CW_GUI_PATH),
                      { QStringLiteral("--screenshot"), png, QStringLiteral("--labels"), labels,
                        QStringLiteral("--view"), view,
                        QStringLiteral(CW_SOURCE_DIR "/resources/examples/") + file });
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width(), 1200);
        // What is drawn: each name is painted once at least, inside the picture, and its
        // pixels are not all one colour (the text is there, not only its box).
        QFile list(labels);
        QVERIFY(list.open(QIODevice::ReadOnly | QIODevice::Text));
        QMap<QString, QRect> drawn;
        while (!list.atEnd()) {
            const QStringList fields = QString::fromUtf8(list.readLine()).trimmed().split(' ');
            if (fields.size() < 5)
                continue;
            const QRect rect(fields[0].toInt(), fields[1].toInt(), fields[2].toInt(),
                             fields[3].toInt());
            drawn.insert(fields.mid(4).join(' '), rect);
        }
        for (const QString &name : names) {
            // The name alone, or first (the elevation's rack titles read "A01 · front").
            QRect at;
            for (auto it = drawn.cbegin(); it != drawn.cend() && at.isNull(); ++it)
                if (it.key() == name || it.key().startsWith(name + ' '))
                    at = it.value();
            QVERIFY2(!at.isNull(), qPrintable(name + " not drawn in " + view));
            const QRect rect = at.intersected(image.rect());
            QVERIFY2(!rect.isEmpty(), qPrintable(name + " drawn outside the picture"));
            QSet<QRgb> colours;
            for (int y = rect.top(); y <= rect.bottom(); ++y)
                for (int x = rect.left(); x <= rect.right(); ++x)
                    colours.insert(image.pixel(x, y));
            QVERIFY2(colours.size() > 1, qPrintable(name + ": no text pixels where it is drawn"));
        }
    }

    void badFileFailsCleanly()
    {
        QTemporaryDir dir;
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(CW_GUI_PATH),
                      { QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png")),
                        dir.filePath(QStringLiteral("missing.cluster.json")) });
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("cannot be opened"));
    }
};

QTEST_GUILESS_MAIN(TestGuiSmoke)
#include "tst_gui_smoke.moc"
