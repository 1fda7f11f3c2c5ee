// Kubernetes export: node labels equal the Slurm topology.conf levels, rail networks follow
// NCCL_IB_HCA, every file is yamllint-clean, every object validates against the published
// Kubernetes schemas (npm kubernetes-models), the CRD schemas and the API server's name rules,
// and kubectl decodes every object file offline (check_kubernetes.py); hostile names are quoted
// or refused.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/common/Yaml.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <map>

using namespace cw;

namespace {

const Catalog &catalog()
{
    return Catalog::builtin();
}

Design designNamed(const std::string &name)
{
    if (name == "superpod2" || name == "gb200") {
        auto generated = name == "gb200"
            ? generateDesign("gb200-nvl72", { { "racks", "2" }, { "storage", "none" } }, catalog())
            : generateDesign("superpod-h100", { { "sus", "2" } }, catalog());
        if (!generated)
            qFatal("%s: %s", name.c_str(), generated.error().message.c_str());
        return std::move(generated->design);
    }
    auto built = referenceDesigns().at(name == "seed" ? 0 : 1).build(catalog());
    if (!built)
        qFatal("%s: %s", name.c_str(), built.error().message.c_str());
    return *built;
}

Result<std::map<std::string, std::string>> run(const Design &design,
                                               std::map<std::string, std::string> params = {})
{
    auto result = exporters::makeKubernetesExporter()->run({ design, catalog(), params });
    if (!result)
        return result.error();
    std::map<std::string, std::string> files;
    for (const auto &file : result->files)
        files[file.path] = file.bytes;
    return files;
}

/// node -> label value for one label key, read from node-labels.yaml by pattern.
std::map<QString, QString> labelsOf(const std::string &yaml, const QString &key)
{
    std::map<QString, QString> out;
    QString node;
    for (const QString &line : QString::fromStdString(yaml).split('\n')) {
        static const QRegularExpression name("^  name: \"([^\"]+)\"$");
        if (auto m = name.match(line); m.hasMatch())
            node = m.captured(1);
        const QString prefix = "    \"" + key + "\": \"";
        if (line.startsWith(prefix))
            out[node] = line.mid(prefix.size()).chopped(1);
    }
    return out;
}

int countOf(const std::string &text, const std::string &needle)
{
    int n = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos;
         at = text.find(needle, at + 1))
        ++n;
    return n;
}

/// A tool the real-tool tests need: a failure, not a skip, when it is missing.
QString tool(const QString &name)
{
    const QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        qFatal("%s missing: scripts/deps.sh installs the test tools", qPrintable(name));
    return path;
}

QStringList writeAll(const std::map<std::string, std::string> &files, const QTemporaryDir &dir)
{
    QStringList paths;
    for (const auto &[name, bytes] : files) {
        QFile out(dir.filePath(QString::fromStdString(name)));
        if (!out.open(QIODevice::WriteOnly)
            || out.write(bytes.data(), static_cast<qint64>(bytes.size()))
                != static_cast<qint64>(bytes.size()))
            qFatal("cannot write %s", qPrintable(out.fileName()));
        paths << out.fileName();
    }
    return paths;
}

/// check_kubernetes.py on a folder: its exit code and output. The published schemas come from
/// npm, installed once per build tree (the first run needs the npm registry, a few seconds).
std::pair<int, QString> runChecker(const QString &folder)
{
    QProcess check;
    check.start(tool("python3"), { CW_KUBE_CHECKER, folder, CW_BINARY_DIR "/npm-kube" });
    if (!check.waitForFinished(180000))
        qFatal("check_kubernetes.py did not finish");
    QString output = QString::fromUtf8(check.readAllStandardOutput()).trimmed();
    if (check.exitCode() != 0)
        output += QString::fromUtf8(check.readAllStandardError());
    return { check.exitCode(), output };
}

} // namespace

class TestKubernetes : public QObject
{
    Q_OBJECT

private slots:
    void dgx8LabelsAndRails()
    {
        // dgx8: one rail group of 2 leaves, virtual switch su1 in topology.conf
        // ("SwitchName=su1 Nodes=dgx[01-08]"), no level above: every node's leaf is su1 and
        // none has a spine group; the Kueue levels are leaf > hostname.
        auto files = run(designNamed("dgx8"));
        QVERIFY(files);
        const auto leaf = labelsOf(files->at("node-labels.yaml"), "topology.clusterwright.io/leaf");
        QCOMPARE(leaf.size(), std::size_t(8));
        for (const auto &[node, value] : leaf)
            QCOMPARE(value, QString("su1"));
        QCOMPARE(countOf(files->at("node-labels.yaml"), "spine-group"), 0);
        QCOMPARE(labelsOf(files->at("node-labels.yaml"), "topology.clusterwright.io/rack").size(),
                 std::size_t(8));
        const std::string &kueue = files->at("kueue-topology.yaml");
        QVERIFY(kueue.find("  levels:\n    - nodeLabel: \"topology.clusterwright.io/leaf\"\n"
                           "    - nodeLabel: \"kubernetes.io/hostname\"\n")
                != std::string::npos);
        QCOMPARE(countOf(files->at("volcano-hypernodes.yaml"), "type: \"Node\""), 8);

        // Rails in NCCL_IB_HCA order (mlx5_0,3,4,5,6,9,10,11), PCI addresses from the DGX H100
        // user guide's port table (ref:nvidia-dgx-h100-ug, Table 5): 18, 40, 4f, 5e, 9a, c0,
        // ce, dc.
        const std::string &policies = files->at("sriov-policies.yaml");
        std::vector<std::string> buses;
        static const QRegularExpression root("      - \"(0000:[0-9a-f:.]+)\"");
        for (auto it = root.globalMatch(QString::fromStdString(policies)); it.hasNext();)
            buses.push_back(it.next().captured(1).toStdString());
        QCOMPARE(buses,
                 (std::vector<std::string> { "0000:18:00.0", "0000:40:00.0", "0000:4f:00.0",
                                             "0000:5e:00.0", "0000:9a:00.0", "0000:c0:00.0",
                                             "0000:ce:00.0", "0000:dc:00.0" }));
        QCOMPARE(countOf(policies, "linkType: \"IB\""), 8);
        const std::string &nads = files->at("rail-networks.yaml");
        QCOMPARE(countOf(nads, "kind: \"NetworkAttachmentDefinition\""), 8);
        QVERIFY(nads.find("\n# rail0,rail1,rail2,rail3,rail4,rail5,rail6,rail7\n")
                != std::string::npos);
        QVERIFY(nads.find("\"type\": \"ib-sriov\"") != std::string::npos);
        // DGX nodes: DGX OS carries the driver.
        QVERIFY(files->at("gpu-operator-values.yaml").find("driver:\n  enabled: false\n")
                != std::string::npos);
    }

    void spineGroupsFromTheSlurmTree()
    {
        // SuperPOD 2 SU: topology.conf lists su1 and su2 (32 nodes per SU; su1 holds 31, the
        // 32nd slot being the UFM node the reference architecture places in the first SU)
        // under one spine group; tier-2
        // HyperNode lists both leaves.
        const Design design = designNamed("superpod2");
        auto slurm = exporters::makeSlurmExporter()->run({ design, catalog(), {} });
        QVERIFY(slurm);
        std::string tree;
        for (const auto &file : slurm->files)
            if (file.path == "topology.conf")
                tree = file.bytes;
        auto files = run(design);
        QVERIFY(files);
        const auto leaf = labelsOf(files->at("node-labels.yaml"), "topology.clusterwright.io/leaf");
        const auto spine
            = labelsOf(files->at("node-labels.yaml"), "topology.clusterwright.io/spine-group");
        std::map<QString, int> perLeaf;
        for (const auto &[node, value] : leaf)
            ++perLeaf[value];
        QCOMPARE(perLeaf, (std::map<QString, int> { { "su1", 31 }, { "su2", 32 } }));
        QCOMPARE(spine.size(), leaf.size());
        const QString group = spine.begin()->second;
        for (const auto &[node, value] : spine)
            QCOMPARE(value, group);
        // The spine group is the switch of topology.conf whose children are su1 and su2.
        QVERIFY2(tree.find("SwitchName=" + group.toStdString() + " Switches=su1,su2\n")
                     != std::string::npos,
                 tree.c_str());
        const std::string &volcano = files->at("volcano-hypernodes.yaml");
        QCOMPARE(countOf(volcano, "tier: 1\n"), 2);
        QCOMPARE(countOf(volcano, "tier: 2\n"), 1);
        QVERIFY(files->at("kueue-topology.yaml")
                    .find("spine-group\"\n    - nodeLabel: "
                          "\"topology.clusterwright.io/leaf\"")
                != std::string::npos);
    }

    void nvlinkDomainsPerRack()
    {
        // GB200 NVL72, 2 racks: 18 compute trays per rack, each rack one NVLink domain.
        auto files = run(designNamed("gb200"));
        QVERIFY(files);
        const auto domain
            = labelsOf(files->at("node-labels.yaml"), "topology.clusterwright.io/nvlink-domain");
        std::map<QString, int> perDomain;
        for (const auto &[node, value] : domain)
            ++perDomain[value];
        QCOMPARE(perDomain.size(), std::size_t(2));
        for (const auto &[name, count] : perDomain)
            QCOMPARE(count, 18);
    }

    void yamlEscaping()
    {
        QCOMPARE(yaml::quoted("a\"b\\c\nd: #e"), std::string("\"a\\\"b\\\\c\\x0ad: #e\""));
        QCOMPARE(yaml::quoted("\xe2\x80\xa8"), std::string("\"\\L\""));
        QCOMPARE(yaml::labelValue("-Rack \"A\"/01-"), std::string("Rack--A--01"));
        QCOMPARE(yaml::dnsLabel("DGX_H100"), std::string("dgx-h100"));
        QVERIFY(yaml::isDnsSubdomain("dgx01.pod1"));
        QVERIFY(!yaml::isDnsSubdomain("DGX01"));
        QVERIFY(!yaml::isDnsSubdomain("a..b"));
    }

    void refusesWhatItCannotName()
    {
        Design design = designNamed("seed");
        Device device;
        for (const Device &candidate : design.devices())
            if (candidate.role == DeviceRole::Compute) {
                device = candidate;
                break;
            }
        device.name = "gpu\"001";
        design.updateDevice(device);
        auto files = run(design);
        QVERIFY(!files);
        QVERIFY(QString::fromStdString(files.error().message).contains("DNS subdomain"));
        auto badNamespace = run(designNamed("seed"), { { "namespace", "Bad NS" } });
        QVERIFY(!badNamespace);
        QVERIFY(QString::fromStdString(badNamespace.error().message).contains("namespace"));
    }

    void realTools_data()
    {
        QTest::addColumn<QString>("design");
        QTest::addColumn<QString>("objects");
        // dgx8: 8 Nodes + Topology + 1 flavor + 1 HyperNode + 8 policies + 8 NADs = 27.
        QTest::newRow("dgx8") << "dgx8"
                              << "objects=27 kinds=HyperNode:1,NetworkAttachmentDefinition:8,"
                                 "Node:8,ResourceFlavor:1,SriovNetworkNodePolicy:8,Topology:1 "
                                 "published=27 core=8 kubectl=27";
        // seed: 8 Nodes + Topology + 1 flavor + 1 HyperNode + 1 policy + 1 NAD = 13.
        QTest::newRow("seed") << "seed"
                              << "objects=13 kinds=HyperNode:1,NetworkAttachmentDefinition:1,"
                                 "Node:8,ResourceFlavor:1,SriovNetworkNodePolicy:1,Topology:1 "
                                 "published=13 core=8 kubectl=13";
        // gb200, 2 racks: 2 x 18 compute trays, 4 ConnectX-7 rails per tray (4 policies, 4
        // NADs), HyperNodes = the 5 leaf switches + 1 spine group of its topology.conf.
        QTest::newRow("gb200") << "gb200"
                               << "objects=52 kinds=HyperNode:6,NetworkAttachmentDefinition:4,"
                                  "Node:36,ResourceFlavor:1,SriovNetworkNodePolicy:4,Topology:1 "
                                  "published=52 core=36 kubectl=52";
        // hostile: the seed with a rack and design name full of YAML syntax.
        QTest::newRow("hostile") << "hostile"
                                 << "objects=13 kinds=HyperNode:1,NetworkAttachmentDefinition:1,"
                                    "Node:8,ResourceFlavor:1,SriovNetworkNodePolicy:1,Topology:1 "
                                    "published=13 core=8 kubectl=13";
    }

    void realTools()
    {
        QFETCH(QString, design);
        QFETCH(QString, objects);
        Design d = designNamed(design == "hostile" ? "seed" : design.toStdString());
        if (design == "hostile") {
            d.setName("x\n---\n\"evil\": [&a, *a] # \xe2\x80\xa8");
            Rack rack = *d.racks().begin();
            rack.name = "R: \"1\"\n- {a}";
            d.updateRack(rack);
        }
        auto files = run(d);
        QVERIFY(files);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QStringList paths = writeAll(*files, dir);
        QCOMPARE(paths.size(), 7);
        const QString yamllint = tool("yamllint");
        QProcess lint;
        lint.start(yamllint, QStringList { "-s", "-f", "parsable" } + paths);
        QVERIFY(lint.waitForFinished(60000));
        QVERIFY2(lint.exitCode() == 0, lint.readAllStandardOutput().constData());
        const auto [exitCode, output] = runChecker(dir.path());
        QVERIFY2(exitCode == 0, qPrintable(output));
        QCOMPARE(output, objects);
    }

    // The checker is not vacuous: each layer refuses a broken object with its own message.
    void checkerRefuses_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message");
        const QString typeLabel = "    \"node.clusterwright.io/server-type\": \"dgx-h100\"";
        // A label value that is not a string: the published ObjectMeta schema (labels are
        // map[string]string) and kubectl's decoder both refuse it.
        QTest::newRow("published")
            << "node-labels.yaml" << typeLabel << "    \"node.clusterwright.io/server-type\": 7"
            << "type {\"type\":\"string\"}";
        QTest::newRow("kubectl") << "node-labels.yaml" << typeLabel
                                 << "    \"node.clusterwright.io/server-type\": 7"
                                 << "cannot unmarshal number into Go struct field ObjectMeta";
        // Kueue's CEL rule: kubernetes.io/hostname only as the lowest level.
        QTest::newRow("cel") << "kueue-topology.yaml"
                             << "    - nodeLabel: \"topology.clusterwright.io/leaf\""
                             << "    - nodeLabel: \"kubernetes.io/hostname\""
                             << "kubernetes.io/hostname must be the lowest level";
        // Volcano's CRD: tier minimum 0.
        QTest::newRow("crd") << "volcano-hypernodes.yaml"
                             << "tier: 1"
                             << "tier: -1"
                             << "-1 is less than the minimum of 0";
    }

    void checkerRefuses()
    {
        QFETCH(QString, file);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message);
        auto exported = run(designNamed("dgx8"));
        QVERIFY(exported);
        std::map<std::string, std::string> files = *exported;
        std::string &text = files.at(file.toStdString());
        const auto at = text.find(from.toStdString());
        QVERIFY(at != std::string::npos);
        text.replace(at, std::size_t(from.toUtf8().size()), to.toStdString());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeAll(files, dir);
        const auto [exitCode, output] = runChecker(dir.path());
        QCOMPARE(exitCode, 1);
        QVERIFY2(output.contains(message), qPrintable(output));
    }
};

QTEST_GUILESS_MAIN(TestKubernetes)
#include "tst_kubernetes.moc"
