// The docks' own logic without the main window: the library's drag data and search, and the
// summary figures checked against hand-worked numbers.

#include "views/docks/LibraryDock.h"
#include "views/docks/SummaryDock.h"
#include "views/docks/SummaryFigures.h"
#include "views/document/Document.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QMimeData>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QtTest>

using namespace cw;

namespace {

/// Two DGX H100 (8 NDR ports each) on two QM9700 leaves joined by 4 links: the halves cut
/// is 4 x 400 = 1,600 Gb/s against a full bisection of half of 16 x 400 = 3,200 Gb/s, 0.5.
Design twoLeafDesign()
{
    const Catalog &catalog = Catalog::builtin();
    Design design;
    design.setName("two leaves");
    DesignBuilder b(design, catalog);
    const RowId row = b.addRow("R1").value();
    const RackId rack = b.addRack(row, "A01", "rack-42u-air").value();
    const DeviceId n1 = b.placeDevice(rack, "dgx01", "dgx-h100", 1, DeviceRole::Compute).value();
    const DeviceId n2 = b.placeDevice(rack, "dgx02", "dgx-h100", 9, DeviceRole::Compute).value();
    const DeviceId s1
        = b.placeDevice(rack, "leaf01", "qm9700", 20, DeviceRole::Switch, Face::Rear, 0).value();
    const DeviceId s2
        = b.placeDevice(rack, "leaf02", "qm9700", 21, DeviceRole::Switch, Face::Rear, 0).value();
    Fabric fabric;
    fabric.name = "compute";
    fabric.linkSpeedGbps = 400;
    const FabricId f = b.addFabric(fabric).value();
    for (auto [node, leaf] : { std::pair { n1, s1 }, std::pair { n2, s2 } })
        for (PortRef port : b.ports(node, PortRole::Compute))
            b.connect(f, port, b.firstFreePort(leaf, PortRole::Fabric).value()).value();
    for (int i = 0; i < 4; ++i)
        b.connect(f, b.firstFreePort(s1, PortRole::Fabric).value(),
                  b.firstFreePort(s2, PortRole::Fabric).value())
            .value();
    Site site = design.site();
    site.pue = 1.3;
    site.electricityUsdPerKwh = 0.10;
    design.setSite(site);
    return design;
}

} // namespace

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
        // Catalog prices: 2 x $400,000 + 2 x $30,000 + rack $2,000 = $862,000, plus the
        // cables left unchosen (connect() without a cable type): 20 unpriced items.
        QCOMPARE(qRound(f.capexUsd), 862000);
        QCOMPARE(f.unpricedItems, 20);

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
};

QTEST_MAIN(TestDocks)
#include "tst_docks.moc"
