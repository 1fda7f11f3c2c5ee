// NCCL exporter: nccl.env, nccl-topo-<type>.xml and acceptance.md for the DGX H100 reference
// design, a generated RoCE fat tree and the seed HDR cluster. Expected values are worked by
// hand in the comments from the catalog, ref:nvidia-nccl-env, ref:nvidia-cumulus-roce.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/nccl/AcceptancePlan.h"
#include "exporters/nccl/NcclEnv.h"
#include "exporters/nccl/NcclFacts.h"
#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"

#include <QRegularExpression>
#include <QXmlStreamReader>
#include <QtTest>

using namespace cw;

namespace {

struct Export
{
    exporters::ExportResult result;
    QString error;
};

Export runNccl(const Design &design)
{
    auto exporter = exporters::makeNcclExporter();
    auto result = exporter->run({ design, Catalog::builtin(), {} });
    if (!result)
        return { {}, QString::fromStdString(result.error().message) };
    return { *result, {} };
}

QString fileText(const exporters::ExportResult &result, const QString &name)
{
    for (const exporters::ExportedFile &file : result.files)
        if (QString::fromStdString(file.path) == name)
            return QString::fromStdString(file.bytes);
    return {};
}

QStringList fileNames(const exporters::ExportResult &result)
{
    QStringList names;
    for (const exporters::ExportedFile &file : result.files)
        names << QString::fromStdString(file.path);
    return names;
}

/// KEY=VALUE lines of nccl.env (split at the first '=', as NCCL's config reader does).
QMap<QString, QString> envVariables(const QString &text)
{
    QMap<QString, QString> variables;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const int eq = line.indexOf(QLatin1Char('='));
        variables.insert(line.left(eq), line.mid(eq + 1));
    }
    return variables;
}

/// What a topo XML holds, read back with Qt's XML reader.
struct TopoXml
{
    QString error;
    QMap<QString, int> counts; ///< element name -> count
    QList<QXmlStreamAttributes> pcis, gpus, nvlinks, nets, cpus;
    QMap<QString, QString> parentOfPci; ///< pci busid -> enclosing pci busid
    QMap<QString, QString> pciOfNet; ///< net name -> its pci busid
    QMap<QString, QString> numaOfPci; ///< pci busid -> cpu numaid
    QMap<QString, QString> pciOfGpuDev; ///< gpu dev -> its pci busid
    QString systemVersion;
};

TopoXml parseTopo(const QString &text)
{
    TopoXml topo;
    QXmlStreamReader reader(text);
    QStringList pciStack;
    QString numa;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isEndElement() && reader.name() == QLatin1String("pci"))
            pciStack.removeLast();
        if (!reader.isStartElement())
            continue;
        const QString name = reader.name().toString();
        const QXmlStreamAttributes attributes = reader.attributes();
        ++topo.counts[name];
        if (name == QLatin1String("system"))
            topo.systemVersion = attributes.value(QLatin1String("version")).toString();
        if (name == QLatin1String("cpu")) {
            topo.cpus << attributes;
            numa = attributes.value(QLatin1String("numaid")).toString();
        }
        if (name == QLatin1String("pci")) {
            const QString busId = attributes.value(QLatin1String("busid")).toString();
            topo.pcis << attributes;
            topo.parentOfPci.insert(busId, pciStack.isEmpty() ? QString() : pciStack.last());
            topo.numaOfPci.insert(busId, numa);
            pciStack << busId;
        }
        if (name == QLatin1String("gpu")) {
            topo.gpus << attributes;
            topo.pciOfGpuDev.insert(attributes.value(QLatin1String("dev")).toString(),
                                    pciStack.last());
        }
        if (name == QLatin1String("nvlink"))
            topo.nvlinks << attributes;
        if (name == QLatin1String("net")) {
            topo.nets << attributes;
            topo.pciOfNet.insert(attributes.value(QLatin1String("name")).toString(),
                                 pciStack.last());
        }
    }
    if (reader.hasError())
        topo.error = reader.errorString();
    return topo;
}

/// The layout rules of NCCL's hand-written parser (ref:nvidia-nccl-src): no XML declaration, no
/// tabs, each tag (start tag with all its attributes) on one line, double-quoted values.
void checkNcclParserRules(const QString &text)
{
    QVERIFY(!text.contains(QLatin1String("<?xml")));
    QVERIFY(!text.contains(QLatin1Char('\t')));
    QVERIFY(!text.contains(QLatin1String("='"))); // values in double quotes
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QCOMPARE(line.count(QLatin1Char('<')), 1);
        QCOMPARE(line.count(QLatin1Char('>')), 1);
        QVERIFY2(line.trimmed().startsWith(QLatin1Char('<')) && line.endsWith(QLatin1Char('>')),
                 qPrintable(line));
        // Attributes separated by single spaces.
        if (!line.trimmed().startsWith(QLatin1String("<!--")))
            QVERIFY2(!line.trimmed().contains(QLatin1String("  ")), qPrintable(line));
    }
}

/// Every variable line of nccl.env has its one-line `#` reason right above it.
void checkReasons(const QString &env)
{
    const QStringList lines = env.split(QLatin1Char('\n'));
    int variables = 0;
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].isEmpty() || lines[i].startsWith(QLatin1Char('#')))
            continue;
        ++variables;
        QVERIFY2(i > 0 && lines[i - 1].startsWith(QLatin1String("# ")), qPrintable(lines[i]));
        QVERIFY(lines[i].startsWith(QLatin1String("NCCL_")));
    }
    QVERIFY(variables > 0);
}

const QStringList kNcclLinkSpeeds { "2.5 GT/s",       "5 GT/s",        "8 GT/s",
                                    "16 GT/s",        "32 GT/s",       "2.5 GT/s PCIe",
                                    "5.0 GT/s PCIe",  "8.0 GT/s PCIe", "16.0 GT/s PCIe",
                                    "32.0 GT/s PCIe", "64.0 GT/s PCIe" };

Design generate(const std::map<std::string, std::string> &parameters)
{
    auto generated = generateDesign("fat-tree", parameters, Catalog::builtin());
    if (!generated)
        qFatal("generateDesign: %s", generated.error().message.c_str());
    return std::move(generated->design);
}

const nccl::AllReduceStep *findStep(const nccl::AcceptancePlan &plan, const QString &title)
{
    for (const nccl::AllReduceStep &step : plan.steps)
        if (QString::fromStdString(step.title) == title)
            return &step;
    return nullptr;
}

} // namespace

class TestNccl : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        auto dgx = buildDgx8H100Ndr(Catalog::builtin());
        QVERIFY(dgx.ok());
        m_dgx = *dgx;
        auto seed = buildSeed8NodeHdr(Catalog::builtin());
        QVERIFY(seed.ok());
        m_seed = *seed;
        // 40 DGX H100 on 64-port RoCE leaves, rail-optimized: rail leaves have 32 node ports,
        // so nodes 1-32 share leaves 1-8 and nodes 33-40 leaves 9-16 (one SU and a part).
        m_roce = generate({ { "nodes", "40" }, { "technology", "roce" } });
    }

    void exporterIdentity()
    {
        auto exporter = exporters::makeNcclExporter();
        QCOMPARE(QString::fromStdString(exporter->name()), QStringLiteral("nccl"));
        QVERIFY(!exporter->summary().empty());
    }

    void dgxEnvInfiniband()
    {
        const Export out = runNccl(m_dgx);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        QCOMPARE(fileNames(out.result),
                 (QStringList { "nccl.env", "nccl-topo-dgx-h100.xml", "acceptance.md" }));
        const QString env = fileText(out.result, "nccl.env");
        // Header: the design, the schema version and the generator (FileHeader.h).
        QVERIFY(env.startsWith(QLatin1String("# nccl.env")));
        QVERIFY(env.section(QLatin1Char('\n'), 0, 0)
                    .contains(QLatin1String("8x DGX H100, NDR 400G 2-leaf/2-spine")));
        QVERIFY(env.section(QLatin1Char('\n'), 0, 0).contains(QLatin1String("schema version")));
        QVERIFY(env.section(QLatin1Char('\n'), 0, 0).contains(QLatin1String("generated by")));
        checkReasons(env);
        const auto vars = envVariables(env);
        // DGX H100 User Guide Table 6 (ref:nvidia-dgx-h100-ug): rail r = the NIC local to GPU r.
        QCOMPARE(vars.value("NCCL_IB_HCA"),
                 QStringLiteral("=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11"));
        // The design cables no frontend fabric: naming dgx-h100's catalog frontend ports
        // (slot-3 100GbE ens6f0/ens6f1) would point NCCL's bootstrap at dead links, so the
        // variable stays unset and a comment says what to set once they are cabled.
        QVERIFY(!vars.contains("NCCL_SOCKET_IFNAME"));
        QVERIFY(env.contains(QLatin1String("# NCCL_SOCKET_IFNAME is not set: the design cables no "
                                           "frontend fabric to dgx-h100")));
        QVERIFY(env.contains(QLatin1String("NCCL_SOCKET_IFNAME==ens6f0,ens6f1 once those ports "
                                           "are cabled")));
        // Each rail NIC shares a PCIe switch with its GPU in the catalog -> PXB.
        QCOMPARE(vars.value("NCCL_NET_GDR_LEVEL"), QStringLiteral("PXB"));
        QCOMPARE(vars.value("NCCL_IB_TIMEOUT"), QStringLiteral("20"));
        // compute-ndr has railOptimized = true.
        QCOMPARE(vars.value("NCCL_CROSS_NIC"), QStringLiteral("0"));
        // QM9700's catalog description names SHARPv3, but the switch export configures
        // upstream OpenSM, which has no SHARP aggregation manager: CollNet stays off (NCCL's
        // own default, ref:nvidia-nccl-env, ref:opensm-man) with a comment on what turns it on.
        QCOMPARE(vars.value("NCCL_COLLNET_ENABLE"), QStringLiteral("0"));
        QVERIFY(env.contains(QLatin1String("set 1 only with UFM (or sharp_am)")));
        QCOMPARE(vars.value("NCCL_TOPO_FILE"), QStringLiteral("/etc/nccl/nccl-topo-dgx-h100.xml"));
        // RoCE-only settings stay out of an InfiniBand file.
        QVERIFY(!vars.contains("NCCL_IB_TC"));
        QVERIFY(!vars.contains("NCCL_IB_GID_INDEX"));
        QVERIFY(!vars.contains("NCCL_IB_SL"));
        // 4.096 us x 2^20 = 4.29 s, x 7 retries = 30 s.
        QVERIFY(
            env.contains(QLatin1String("4.096 us x 2^20 = 4.3 s per attempt, x 7 retries = 30 s")));
    }

    void socketIfnameOnlyWhenCabled()
    {
        // Cable port ens6f0 of every DGX to a frontend switch: NCCL_SOCKET_IFNAME names the
        // cabled frontend ports, here ens6f0 alone (ens6f1 stays uncabled).
        Design design = m_dgx;
        Fabric frontend;
        frontend.id = design.newId<FabricId>();
        frontend.name = "frontend";
        frontend.purpose = FabricPurpose::Frontend;
        frontend.technology = Technology::Ethernet;
        frontend.linkSpeedGbps = 100;
        design.addFabric(frontend);
        const Device &first = *design.devices().begin();
        Device sw;
        sw.id = design.newId<DeviceId>();
        sw.name = "fe01";
        sw.catalogType = "sonic-64x400g";
        sw.rack = first.rack;
        sw.uPosition = 42;
        sw.role = DeviceRole::Switch;
        sw.tier = 0;
        design.addDevice(sw);
        const Part *dgx = Catalog::builtin().find("dgx-h100");
        QVERIFY(dgx);
        const int ens6f0 = dgx->portIndex("ens6f0");
        QVERIFY(ens6f0 >= 0);
        std::vector<DeviceId> nodes;
        for (const Device &device : design.devices())
            if (device.catalogType == "dgx-h100")
                nodes.push_back(device.id);
        QCOMPARE(nodes.size(), std::size_t(8));
        int port = 0;
        for (DeviceId node : nodes) {
            Link link;
            link.id = design.newId<LinkId>();
            link.fabric = frontend.id;
            link.a = { node, ens6f0 };
            link.b = { sw.id, port++ };
            link.lengthM = 3;
            design.addLink(link);
        }
        const Export out = runNccl(design);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        const QString env = fileText(out.result, "nccl.env");
        checkReasons(env);
        QCOMPARE(envVariables(env).value("NCCL_SOCKET_IFNAME"), QStringLiteral("=ens6f0"));
        QVERIFY(!env.contains(QLatin1String("NCCL_SOCKET_IFNAME is not set")));
    }

    void collnetOnlyWhenAsked()
    {
        // The design's NCCL settings ask for CollNet on SHARP-capable QM9700s: 1, with a note
        // that a SHARP aggregation manager (UFM or sharp_am) must run.
        Design design = m_dgx;
        NcclSettings settings = design.nccl();
        settings.collnetEnable = true;
        design.setNccl(settings);
        const Export out = runNccl(design);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        QCOMPARE(envVariables(fileText(out.result, "nccl.env")).value("NCCL_COLLNET_ENABLE"),
                 QStringLiteral("1"));
        bool noted = false;
        for (const std::string &note : out.result.notes)
            noted = noted || note.find("aggregation manager") != std::string::npos;
        QVERIFY(noted);
        QVERIFY(fileText(out.result, "acceptance.md")
                    .contains(QLatin1String("nccl.env turns SHARP on")));
    }

    void dgxTopoXml()
    {
        const Export out = runNccl(m_dgx);
        const QString xml = fileText(out.result, "nccl-topo-dgx-h100.xml");
        QVERIFY(!xml.isEmpty());
        QVERIFY(xml.startsWith(QLatin1String("<!-- nccl-topo-dgx-h100.xml")));
        QVERIFY(xml.section(QLatin1Char('\n'), 0, 0).contains(QLatin1String("generated by")));
        checkNcclParserRules(xml);
        const TopoXml topo = parseTopo(xml);
        QVERIFY2(topo.error.isEmpty(), qPrintable(topo.error));
        QCOMPARE(topo.systemVersion, QStringLiteral("1"));
        // 2 sockets; 8 PCIe switches (one per GPU/NIC pair, catalog pcieSwitches) + 8 GPUs + 8
        // NICs.
        QCOMPARE(topo.counts.value("cpu"), 2);
        QCOMPARE(topo.counts.value("pci"), 24);
        QCOMPARE(topo.counts.value("gpu"), 8);
        QCOMPARE(topo.counts.value("nvlink"), 8);
        QCOMPARE(topo.counts.value("nic"), 8);
        QCOMPARE(topo.counts.value("net"), 8);

        const QRegularExpression busId(
            QStringLiteral("^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-9a-f]$"));
        int switches = 0;
        for (const QXmlStreamAttributes &pci : topo.pcis) {
            QVERIFY(busId.match(pci.value("busid")).hasMatch());
            const QString pciClass = pci.value("class").toString();
            QVERIFY(pciClass == "0x060400" || pciClass == "0x030200" || pciClass == "0x020700");
            switches += pciClass == "0x060400";
            QVERIFY(kNcclLinkSpeeds.contains(pci.value("link_speed").toString()));
            // H100 and ConnectX-7 400G are PCIe Gen5 x16.
            QCOMPARE(pci.value("link_speed").toString(), QStringLiteral("32.0 GT/s PCIe"));
            QCOMPARE(pci.value("link_width").toString(), QStringLiteral("16"));
        }
        QCOMPARE(switches, 8);
        for (const QXmlStreamAttributes &gpu : topo.gpus) {
            QVERIFY(gpu.hasAttribute("dev") && gpu.hasAttribute("rank") && gpu.hasAttribute("gdr"));
            QCOMPARE(gpu.value("sm").toString(), QStringLiteral("90")); // Hopper, CC 9.0
        }
        for (const QXmlStreamAttributes &link : topo.nvlinks) {
            QCOMPARE(link.value("count").toString(), QStringLiteral("18")); // 18 NVLink4 per H100
            QCOMPARE(link.value("tclass").toString(), QStringLiteral("0x068000"));
        }
        QStringList netNames;
        for (const QXmlStreamAttributes &net : topo.nets) {
            QVERIFY(net.hasAttribute("dev"));
            QCOMPARE(net.value("speed").toString(), QStringLiteral("400000")); // 400 Gb/s in Mb/s
            QVERIFY(!net.hasAttribute("guid")); // a shared guid would merge NICs
            netNames << net.value("name").toString();
        }
        QCOMPARE(netNames,
                 (QStringList { "mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9",
                                "mlx5_10", "mlx5_11" }));
        // User Guide Table 5: mlx5_0 at 18:00.0, GPU0 at 1b:00.0, on one PCIe switch; likewise
        // mlx5_11 (dc:00.0) with GPU7 (df:00.0).
        QCOMPARE(topo.pciOfNet.value("mlx5_0"), QStringLiteral("0000:18:00.0"));
        QCOMPARE(topo.pciOfGpuDev.value("0"), QStringLiteral("0000:1b:00.0"));
        QCOMPARE(topo.parentOfPci.value("0000:18:00.0"), topo.parentOfPci.value("0000:1b:00.0"));
        QCOMPARE(topo.parentOfPci.value("0000:dc:00.0"), topo.parentOfPci.value("0000:df:00.0"));
        QVERIFY(topo.parentOfPci.value("0000:18:00.0") != topo.parentOfPci.value("0000:df:00.0"));
        // GPUs 0-3 on CPU 0, 4-7 on CPU 1 (Table 6).
        QCOMPARE(topo.numaOfPci.value("0000:61:00.0"), QStringLiteral("0"));
        QCOMPARE(topo.numaOfPci.value("0000:9d:00.0"), QStringLiteral("1"));
        // Xeon 8480C: Sapphire Rapids, family 6 model 0x8F = 143. 2 x 56 cores x 2 threads =
        // 224 CPUs = 7 words; NUMA 0 = CPUs 0-55 and 112-167:
        // w0 ffffffff, w1 00ffffff (32-55), w2 0, w3 ffff0000 (112-127), w4 ffffffff, w5 000000ff.
        QCOMPARE(topo.cpus[0].value("vendor").toString(), QStringLiteral("GenuineIntel"));
        QCOMPARE(topo.cpus[0].value("familyid").toString(), QStringLiteral("6"));
        QCOMPARE(topo.cpus[0].value("modelid").toString(), QStringLiteral("143"));
        QCOMPARE(topo.cpus[0].value("arch").toString(), QStringLiteral("x86_64"));
        QCOMPARE(topo.cpus[0].value("affinity").toString(),
                 QStringLiteral("00000000,000000ff,ffffffff,ffff0000,00000000,00ffffff,ffffffff"));
        // NUMA 1 = CPUs 56-111 and 168-223.
        QCOMPARE(topo.cpus[1].value("affinity").toString(),
                 QStringLiteral("ffffffff,ffffff00,00000000,0000ffff,ffffffff,ff000000,00000000"));
    }

    void dgxAcceptanceNumbers()
    {
        auto facts = nccl::collectNcclFacts(m_dgx, Catalog::builtin());
        QVERIFY(facts.ok());
        const nccl::AcceptancePlan plan = nccl::planAcceptance(m_dgx, Catalog::builtin(), *facts);
        QCOMPARE(plan.steps.size(), std::size_t(3));
        // Single node: n = 8, 2 x 7 / 8 = 1.75; NVLink 900 GB/s both ways -> 450 x 0.80 = 360.
        const nccl::AllReduceStep *single = findStep(plan, "Single node (dgx-h100)");
        QVERIFY(single);
        QCOMPARE(single->ranks, 8LL);
        QCOMPARE(single->busFactor, 1.75);
        QCOMPARE(single->expectedBusGBps, 360.0);
        QCOMPARE(single->acceptBusGBps, 324.0);
        QVERIFY(qAbs(single->expectedAlgGBps - 360.0 / 1.75) < 1e-9); // 205.7
        // Both leaves carry all 8 nodes (rails 0-3 on leaf01, 4-7 on leaf02): n = 64,
        // 2 x 63 / 64 = 1.96875; network 8 x 400 / 8 = 400 GB/s x 0.92 = 368 > 360, so NVLink
        // rules.
        const nccl::AllReduceStep *leaf = findStep(plan, "One leaf group");
        QVERIFY(leaf);
        QCOMPARE(leaf->nodes.size(), std::size_t(8));
        QCOMPARE(leaf->ranks, 64LL);
        QCOMPARE(leaf->busFactor, 1.96875);
        QVERIFY(qAbs(leaf->networkGBps - 368.0) < 1e-9);
        QCOMPARE(leaf->expectedBusGBps, 360.0);
        QCOMPARE(QString::fromStdString(leaf->limit), QStringLiteral("NVLink"));
        const nccl::AllReduceStep *whole = findStep(plan, "Whole fabric");
        QVERIFY(whole);
        QCOMPARE(whole->ranks, 64LL);
        // ib_write_bw: 400 x 0.95 = 380 Gb/s, accept 0.9 x 380 = 342.
        QVERIFY(qAbs(plan.ibWriteGbps - 380.0) < 1e-9);
        QVERIFY(qAbs(plan.ibWriteAcceptGbps - 342.0) < 1e-9);
        QCOMPARE(plan.linkTests.size(), std::size_t(8)); // one per rail, all on one leaf group
        // 8 nodes x 8 rails node links; 2 leaves x 2 spines x 16 uplinks.
        QCOMPARE(plan.nodeLinks, 64);
        QCOMPARE(plan.switchLinks, 64);
        // Lustre: 4 OSS x 45 / 30 GB/s = 180 / 120; clients 8 x 2 x 400 Gb/s = 800 GB/s, so the
        // servers set it; 180 / 8 = 22.5 and 120 / 8 = 15 per client.
        QCOMPARE(plan.storage.size(), std::size_t(1));
        QCOMPARE(plan.storage[0].clients, 8);
        QCOMPARE(plan.storage[0].clientLinkGBps, 100.0);
        QCOMPARE(plan.storage[0].readGBps, 180.0);
        QCOMPARE(plan.storage[0].writeGBps, 120.0);
        QCOMPARE(plan.storage[0].perClientReadGBps, 22.5);
        QCOMPARE(plan.storage[0].perClientWriteGBps, 15.0);

        const QString md = fileText(runNccl(m_dgx).result, "acceptance.md");
        QVERIFY(md.startsWith(QLatin1String("<!-- acceptance.md")));
        QVERIFY(md.contains(QLatin1String("| **Expected busbw** | **360.0 GB/s** |")));
        QVERIFY(md.contains(QLatin1String("| Bus factor 2(n-1)/n | 1.9688 | 2 x 63 / 64 |")));
        QVERIFY(md.contains(QLatin1String("| Expected algbw | 182.9 GB/s |"))); // 360 / 1.96875
        QVERIFY(md.contains(
            QLatin1String("srun -N 8 -w 'dgx[01-08]' --ntasks-per-node=8 --gpus-per-node=8")));
        QVERIFY(md.contains(QLatin1String("all_reduce_perf -b 8 -e 8G -f 2 -g 1")));
        QVERIFY(md.contains(QLatin1String("ib_write_bw -d mlx5_0 -F --report_gbits")));
        QVERIFY(md.contains(
            QLatin1String("| lustre read, aggregate | 8 | - | 180.0 GB/s | 162.0 GB/s |")));
        QVERIFY(md.contains(
            QLatin1String("| lustre write, aggregate | 8 | - | 120.0 GB/s | 108.0 GB/s |")));
        QVERIFY(md.contains(QLatin1String("## 7. When a number is missed")));
    }

    void roceFatTree()
    {
        const Export out = runNccl(m_roce);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        const QString env = fileText(out.result, "nccl.env");
        checkReasons(env);
        const auto vars = envVariables(env);
        QCOMPARE(vars.value("NCCL_IB_HCA"),
                 QStringLiteral("=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11"));
        // Default QoS profile: DSCP 26, ECN on -> 26 << 2 = 104, | 2 (ECT(0)) = 106
        // (ref:nvidia-nccl-env, ref:nvidia-cumulus-roce).
        QCOMPARE(vars.value("NCCL_IB_TC"), QStringLiteral("106"));
        QCOMPARE(vars.value("NCCL_IB_GID_INDEX"), QStringLiteral("3"));
        QCOMPARE(vars.value("NCCL_IB_SL"), QStringLiteral("3")); // PFC priority of the profile
        QCOMPARE(vars.value("NCCL_IB_QPS_PER_CONNECTION"), QStringLiteral("4")); // 2 tiers
        QCOMPARE(vars.value("NCCL_CROSS_NIC"), QStringLiteral("0"));
        QVERIFY(!vars.contains("NCCL_COLLNET_ENABLE")); // sonic-64x400g: Ethernet, no SHARP
        const TopoXml topo = parseTopo(fileText(out.result, "nccl-topo-dgx-h100.xml"));
        QVERIFY2(topo.error.isEmpty(), qPrintable(topo.error));
        QCOMPARE(topo.counts.value("net"), 8);
        for (const QXmlStreamAttributes &pci : topo.pcis)
            if (topo.pciOfNet.values().contains(pci.value("busid").toString()))
                QCOMPARE(pci.value("class").toString(),
                         QStringLiteral("0x020000")); // Ethernet mode

        auto facts = nccl::collectNcclFacts(m_roce, Catalog::builtin());
        QVERIFY(facts.ok());
        QCOMPARE(facts->leafGroups.size(), std::size_t(2));
        QCOMPARE(facts->switchTiers, 2);
        const nccl::AcceptancePlan plan = nccl::planAcceptance(m_roce, Catalog::builtin(), *facts);
        // One leaf group = 32 nodes (32 node ports per 64-port leaf): n = 256,
        // 2 x 255 / 256 = 1.9921875. Network 400 GB/s x 0.88 = 352 < NVLink 360: network rules.
        const nccl::AllReduceStep *leaf = findStep(plan, "One leaf group");
        QVERIFY(leaf);
        QCOMPARE(leaf->nodes.size(), std::size_t(32));
        QCOMPARE(leaf->ranks, 256LL);
        QCOMPARE(leaf->busFactor, 1.9921875);
        QVERIFY(qAbs(leaf->expectedBusGBps - 352.0) < 1e-9);
        QVERIFY(qAbs(leaf->acceptBusGBps - 316.8) < 1e-9);
        QCOMPARE(QString::fromStdString(leaf->limit), QStringLiteral("network (node NICs)"));
        // Whole fabric: 40 nodes, n = 320, 2 x 319 / 320 = 1.99375; algbw 352 / 1.99375 = 176.55.
        const nccl::AllReduceStep *whole = findStep(plan, "Whole fabric");
        QVERIFY(whole);
        QCOMPARE(whole->ranks, 320LL);
        QCOMPARE(whole->busFactor, 1.99375);
        QVERIFY(qAbs(whole->expectedAlgGBps - 352.0 / 1.99375) < 1e-9);
        // 8 same-leaf pairs (one per rail) and one pair through the spine.
        QCOMPARE(plan.linkTests.size(), std::size_t(9));
        QCOMPARE(QString::fromStdString(plan.linkTests.back().path),
                 QStringLiteral("through the spine"));
        // Lustre 180 / 120 GB/s over 40 clients: 4.5 and 3.0 each.
        QCOMPARE(plan.storage.size(), std::size_t(1));
        QCOMPARE(plan.storage[0].clients, 40);
        QCOMPARE(plan.storage[0].perClientReadGBps, 4.5);
        QCOMPARE(plan.storage[0].perClientWriteGBps, 3.0);
        const QString md = fileText(out.result, "acceptance.md");
        QVERIFY(md.contains(QLatin1String("| Expected algbw | 176.6 GB/s |")));
        QVERIFY(md.contains(QLatin1String("ib_write_bw -d mlx5_0 -x 3 -F --report_gbits")));
    }

    void roceTrafficClassFollowsQos()
    {
        Design design = generate({ { "nodes", "4" }, { "technology", "roce" } });
        for (const Fabric &f : design.fabrics())
            if (f.purpose == FabricPurpose::Compute) {
                Fabric changed = f;
                changed.qos.roceDscp = 24;
                changed.qos.ecnEnabled = false;
                design.updateFabric(changed);
            }
        // Default profile: 26 << 2 | 2 = 106. DSCP 24 with ECN off: 24 << 2 | 0 = 96.
        QCOMPARE(nccl::trafficClass(QosProfile {}), 106);
        QosProfile changed;
        changed.roceDscp = 24;
        changed.ecnEnabled = false;
        QCOMPARE(nccl::trafficClass(changed), 96);
        QCOMPARE(envVariables(fileText(runNccl(design).result, "nccl.env")).value("NCCL_IB_TC"),
                 QStringLiteral("96"));
        // A setting of 106 (DSCP 26) contradicts the profile: 96 is written and a note says so.
        NcclSettings settings;
        settings.ibTrafficClass = 106;
        design.setNccl(settings);
        Export out = runNccl(design);
        QCOMPARE(envVariables(fileText(out.result, "nccl.env")).value("NCCL_IB_TC"),
                 QStringLiteral("96"));
        bool noted = false;
        for (const std::string &note : out.result.notes)
            noted = noted
                || QString::fromStdString(note).contains(QLatin1String("ibTrafficClass 106"));
        QVERIFY(noted);
        // 98 = 24 << 2 | 2 agrees with DSCP 24 and is kept.
        settings.ibTrafficClass = 98;
        settings.crossNic = 2;
        settings.ibGidIndex = 5;
        design.setNccl(settings);
        const auto vars = envVariables(fileText(runNccl(design).result, "nccl.env"));
        QCOMPARE(vars.value("NCCL_IB_TC"), QStringLiteral("98"));
        QCOMPARE(vars.value("NCCL_CROSS_NIC"), QStringLiteral("2"));
        QCOMPARE(vars.value("NCCL_IB_GID_INDEX"), QStringLiteral("5"));
    }

    void seedHdrWithoutSharpOrBusIds()
    {
        const Export out = runNccl(m_seed);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        // hdr-8x-h100-seed has no PCI bus ids in the catalog: no topology file, a note instead.
        QCOMPARE(fileNames(out.result), (QStringList { "nccl.env", "acceptance.md" }));
        bool noted = false;
        for (const std::string &note : out.result.notes)
            noted = noted
                || QString::fromStdString(note).startsWith(
                    QLatin1String("no nccl-topo-hdr-8x-h100-seed.xml"));
        QVERIFY(noted);
        const QString env = fileText(out.result, "nccl.env");
        checkReasons(env);
        const auto vars = envVariables(env);
        QCOMPARE(vars.value("NCCL_IB_HCA"), QStringLiteral("=mlx5_0"));
        QCOMPARE(vars.value("NCCL_CROSS_NIC"), QStringLiteral("1")); // not rail-optimized
        QVERIFY(!vars.contains("NCCL_COLLNET_ENABLE")); // QM8700: no SHARP in the catalog
        QVERIFY(!vars.contains("NCCL_SOCKET_IFNAME")); // the seed node has no frontend port
        QVERIFY(!vars.contains("NCCL_TOPO_FILE"));
        QVERIFY(env.contains(QLatin1String("# NCCL_COLLNET_ENABLE is not set")));
        // One HDR HCA per 8 GPUs: 200 / 8 = 25 GB/s x 0.92 = 23 GB/s for every multi-node step.
        auto facts = nccl::collectNcclFacts(m_seed, Catalog::builtin());
        QVERIFY(facts.ok());
        const nccl::AcceptancePlan plan = nccl::planAcceptance(m_seed, Catalog::builtin(), *facts);
        const nccl::AllReduceStep *whole = findStep(plan, "Whole fabric");
        QVERIFY(whole);
        QVERIFY(qAbs(whole->expectedBusGBps - 23.0) < 1e-9);
        // Converged Lustre on 4 x lustre-oss-hdr (40 GB/s read each in the catalog, the seed's
        // HDR OSS since the reference design placed them): 4 x 40 = 160 GB/s read; 8 clients x
        // 200 Gb/s = 200 GB/s > 160, so the tier sets it.
        QCOMPARE(plan.storage[0].readGBps, 160.0);
        QCOMPARE(plan.storage[0].clientLinkGBps, 25.0);
    }

    void deterministic()
    {
        for (const Design *design : { &m_dgx, &m_roce, &m_seed }) {
            const Export a = runNccl(*design);
            const Export b = runNccl(*design);
            QCOMPARE(a.result.files.size(), b.result.files.size());
            for (std::size_t i = 0; i < a.result.files.size(); ++i) {
                QCOMPARE(a.result.files[i].path, b.result.files[i].path);
                QVERIFY(a.result.files[i].bytes == b.result.files[i].bytes);
            }
        }
    }

    void hostileDesignName()
    {
        Design design = m_dgx;
        design.setName("evil--name\nNCCL_IB_HCA=oops -->");
        const Export out = runNccl(design);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        const QString env = fileText(out.result, "nccl.env");
        checkReasons(env); // the name's second line stays a comment
        QCOMPARE(envVariables(env).value("NCCL_IB_HCA").left(7), QStringLiteral("=mlx5_0"));
        const QString xml = fileText(out.result, "nccl-topo-dgx-h100.xml");
        checkNcclParserRules(xml);
        QVERIFY(parseTopo(xml).error.isEmpty());
        QVERIFY(fileText(out.result, "acceptance.md")
                    .section(QLatin1Char('\n'), 0, 0)
                    .endsWith(QLatin1String("-->")));
    }

    void refusesDesignWithoutComputeFabric()
    {
        const Export out = runNccl(Design {});
        QVERIFY(out.error.contains(QLatin1String("no compute fabric")));
    }

private:
    Design m_dgx;
    Design m_seed;
    Design m_roce;
};

QTEST_GUILESS_MAIN(TestNccl)
#include "tst_nccl.moc"
