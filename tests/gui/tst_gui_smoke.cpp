// The workbench window opens each reference design offscreen and renders something real.

#include <QImage>
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
        QTest::addColumn<QString>("file");
        QTest::newRow("seed") << QStringLiteral("seed-8node-hdr.cluster.json");
        QTest::newRow("dgx") << QStringLiteral("8dgx-h100-ndr.cluster.json");
    }

    void rendersEachExample()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(CW_GUI_PATH),
                      { QStringLiteral("--screenshot"), png,
                        QStringLiteral(CW_SOURCE_DIR "/resources/examples/") + file });
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width(), 1200);
        // Not blank: a rendered tree and summary use many distinct colours (text
        // antialiasing, selection, headers); an empty window has a handful.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3)
            for (int x = 0; x < image.width(); x += 3)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
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
