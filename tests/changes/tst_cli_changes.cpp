// clusterwright-cli diff and merge as a user runs them, and merge as a git merge driver in a
// temporary repository with the real git (.gitattributes + git config merge.<name>.driver).

#include "../cli/CliRunner.h"
#include "ChangeFixtures.h"

#include "model/io/DesignFile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;
using namespace cw::test;

namespace {

void save(const Design &d, const QString &path)
{
    auto saved = saveDesignFile(d, Catalog::builtin(), path.toStdString());
    if (!saved)
        qFatal("%s", saved.error().message.c_str());
}

Design load(const QString &path)
{
    auto loaded = loadDesignFile(path.toStdString(), Catalog::builtin());
    if (!loaded)
        qFatal("%s", loaded.error().message.c_str());
    return std::move(loaded).value().design;
}

/// The base design and two edits of it: ours moves pue, theirs grows the storage tier.
struct Triple
{
    Design base = dgxDesign();
    Design ours = base;
    Design theirs = base;
    Triple()
    {
        Site site = ours.site();
        site.pue = 1.4;
        ours.setSite(site);
        StorageTier tier = *theirs.storageTiers().begin();
        tier.capacityTB += 100;
        theirs.updateStorageTier(tier);
    }
};

struct Git
{
    QString dir;
    QString program = QStandardPaths::findExecutable(QStringLiteral("git"));

    CliRun run(const QStringList &args) const
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERWRIGHT_CATALOG_PATH"), QString());
        env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
        env.insert(QStringLiteral("HOME"), dir); // no user git config leaks in
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(dir);
        process.start(program, args);
        process.waitForFinished(60000);
        return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
                 process.readAllStandardOutput(), process.readAllStandardError() };
    }
    bool ok(const QStringList &args) const
    {
        const CliRun r = run(args);
        if (r.exitCode != 0)
            qWarning("git %s: %s%s", qPrintable(args.join(' ')), r.out.constData(),
                     r.err.constData());
        return r.exitCode == 0;
    }
};

} // namespace

class TestCliChanges : public QObject
{
    Q_OBJECT

private slots:
    void diffJsonAndFiles()
    {
        QTemporaryDir dir;
        Triple t;
        Design after = t.base;
        const Device dgx = byName(after.devices(), "dgx03");
        after.removeLink(after.linksOfDevice(dgx.id).front());
        save(t.base, dir.filePath("old.cluster.json"));
        save(after, dir.filePath("new.cluster.json"));
        const CliRun r
            = runCli({ "diff", dir.filePath("old.cluster.json"), dir.filePath("new.cluster.json"),
                       "--json", "--no-bisection", "--output-dir", dir.filePath("out") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["changes"].toArray().size(), 1);
        QCOMPARE(j["changes"][0]["kind"].toString(), QStringLiteral("link"));
        QCOMPARE(j["changes"][0]["change"].toString(), QStringLiteral("removed"));
        QCOMPARE(j["work_order"].toArray().size(), 1);
        QCOMPARE(j["work_order"][0]["action"].toString(), QStringLiteral("remove"));
        QCOMPARE(j["work_order"][0]["from_a"]["device"].toString(), QStringLiteral("dgx03"));
        QVERIFY(j["bom_delta"]["delta_total_usd"].toDouble() <= 0);
        QFile csv(dir.filePath("out/work-order.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        // RFC 4180: the header row is the first line, nothing before it.
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines[0],
                 QByteArray("step,action,fabric,cable_id,cable_part,length_m,"
                            "from_a_row,from_a_rack,from_a_u,from_a_device,from_a_port,"
                            "from_z_row,from_z_rack,from_z_u,from_z_device,from_z_port,"
                            "to_a_row,to_a_rack,to_a_u,to_a_device,to_a_port,"
                            "to_z_row,to_z_rack,to_z_u,to_z_device,to_z_port,note\r"));
        QVERIFY(lines[1].startsWith("1,remove,"));
        QVERIFY(QFile::exists(dir.filePath("out/work-order.md")));
        QFile delta(dir.filePath("out/bom-delta.csv"));
        QVERIFY(delta.open(QIODevice::ReadOnly));
        QCOMPARE(delta.readLine(),
                 QByteArray("category,part_number,description,spare,old_quantity,new_quantity,"
                            "delta_quantity,old_usd,new_usd,delta_usd\r\n"));
        // The provenance is its own file: the header facts, then the files it covers.
        QFile provenance(dir.filePath("out/changes-provenance.txt"));
        QVERIFY(provenance.open(QIODevice::ReadOnly));
        const QList<QByteArray> facts = provenance.readAll().split('\n');
        QCOMPARE(facts.size(), 3); // two lines and the final newline
        QVERIFY2(facts[0].startsWith("cabling work order and BOM delta, changes from \""),
                 facts[0].constData());
        QVERIFY(facts[0].contains("for design"));
        QCOMPARE(facts[1],
                 QByteArray("Files: work-order.csv, bom-delta.csv (RFC 4180, one header row), "
                            "work-order.md; see docs/cli.md (diff)."));
        QCOMPARE(runCli({ "diff", dir.filePath("old.cluster.json"),
                          dir.filePath("new.cluster.json"), "--exit-code", "--no-bisection" })
                     .exitCode,
                 3);
        QCOMPARE(runCli({ "diff", dir.filePath("old.cluster.json"),
                          dir.filePath("old.cluster.json"), "--exit-code", "--no-bisection" })
                     .exitCode,
                 0);
        QCOMPARE(runCli({ "diff", dir.filePath("old.cluster.json") }).exitCode, 1);
        QCOMPARE(runCli({ "diff", dir.filePath("old.cluster.json"), dir.filePath("nope.json") })
                     .exitCode,
                 2);
    }

    void mergeWritesOnlyWithoutConflict()
    {
        QTemporaryDir dir;
        Triple t;
        save(t.base, dir.filePath("base.json"));
        save(t.ours, dir.filePath("ours.json"));
        save(t.theirs, dir.filePath("theirs.json"));
        const CliRun ok = runCli({ "merge", dir.filePath("base.json"), dir.filePath("ours.json"),
                                   dir.filePath("theirs.json"), "-o", dir.filePath("out.json") });
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        const Design merged = load(dir.filePath("out.json"));
        QCOMPARE(merged.site().pue, 1.4);
        QCOMPARE(merged.storageTiers().begin()->capacityTB,
                 t.base.storageTiers().begin()->capacityTB + 100);
        QVERIFY(ok.out.contains("merged design: 0 error(s)"));

        Design other = t.base;
        Site site = other.site();
        site.pue = 1.5;
        other.setSite(site);
        save(other, dir.filePath("other.json"));
        const CliRun conflict
            = runCli({ "merge", dir.filePath("base.json"), dir.filePath("ours.json"),
                       dir.filePath("other.json"), "-o", dir.filePath("c.json") });
        QCOMPARE(conflict.exitCode, 1);
        QVERIFY(
            conflict.err.contains("conflict: site: pue changed both ways: ours 1.4, theirs 1.5"));
        QVERIFY(!QFile::exists(dir.filePath("c.json")));
        const CliRun resolved
            = runCli({ "merge", dir.filePath("base.json"), dir.filePath("ours.json"),
                       dir.filePath("other.json"), "-o", dir.filePath("c.json"), "--resolve",
                       "theirs", "--json" });
        QCOMPARE(resolved.exitCode, 0);
        QCOMPARE(load(dir.filePath("c.json")).site().pue, 1.5);
        const QJsonObject j = QJsonDocument::fromJson(resolved.out).object();
        QCOMPARE(j["conflicts"].toArray().size(), 1);
        QCOMPARE(j["written"].toBool(), true);
        QCOMPARE(runCli({ "merge", "a", "b", "c" }).exitCode, 1); // no -o
    }

    void gitMergeDriver()
    {
        QTemporaryDir dir;
        Git git { dir.path() };
        if (git.program.isEmpty())
            QSKIP("git not installed (scripts/deps.sh installs it)");
        Triple t;
        const QString file = dir.filePath("pod.cluster.json");
        QVERIFY(git.ok({ "init", "-q", "-b", "main" }));
        QVERIFY(git.ok({ "config", "user.name", "Test" }));
        QVERIFY(git.ok({ "config", "user.email", "test@example.invalid" }));
        QVERIFY(git.ok({ "config", "commit.gpgsign", "false" }));
        // The documented setup (docs/cli.md "As a git merge driver").
        QVERIFY(git.ok({ "config", "merge.clusterwright.name", "Clusterwright design merge" }));
        QVERIFY(git.ok({ "config", "merge.clusterwright.driver",
                         QStringLiteral("'%1' merge %O %A %B -o %A").arg(CW_CLI_PATH) }));
        QFile attributes(dir.filePath(".gitattributes"));
        QVERIFY(attributes.open(QIODevice::WriteOnly));
        attributes.write("*.cluster.json merge=clusterwright\n");
        attributes.close();
        save(t.base, file);
        QVERIFY(git.ok({ "add", "." }));
        QVERIFY(git.ok({ "commit", "-qm", "base" }));
        QVERIFY(git.ok({ "checkout", "-qb", "theirs" }));
        save(t.theirs, file);
        QVERIFY(git.ok({ "commit", "-qam", "more storage" }));
        QVERIFY(git.ok({ "checkout", "-q", "main" }));
        QVERIFY(git.ok({ "checkout", "-qb", "clash" }));
        Design clash = t.base;
        Site site = clash.site();
        site.pue = 1.5;
        clash.setSite(site);
        save(clash, file);
        QVERIFY(git.ok({ "commit", "-qam", "pue 1.5" }));
        QVERIFY(git.ok({ "checkout", "-q", "main" }));
        save(t.ours, file);
        QVERIFY(git.ok({ "commit", "-qam", "pue 1.4" }));

        // A text merge of these files would conflict or mix lines; the driver merges entities.
        QVERIFY(git.ok({ "merge", "-q", "--no-edit", "theirs" }));
        const Design merged = load(file);
        QCOMPARE(merged.site().pue, 1.4);
        QCOMPARE(merged.storageTiers().begin()->capacityTB,
                 t.base.storageTiers().begin()->capacityTB + 100);
        QVERIFY(git.run({ "status", "--porcelain" }).out.trimmed().isEmpty());

        const CliRun conflict = git.run({ "merge", "--no-edit", "clash" });
        QVERIFY(conflict.exitCode != 0);
        QVERIFY2(conflict.err.contains("pue changed both ways")
                     || conflict.out.contains("pue changed both ways"),
                 conflict.out + conflict.err);
        QVERIFY(git.run({ "status", "--porcelain" }).out.contains("UU pod.cluster.json"));
        QCOMPARE(load(file).site().pue, 1.4); // nothing written: ours stays for the user to resolve
    }
};

QTEST_GUILESS_MAIN(TestCliChanges)
#include "tst_cli_changes.moc"
