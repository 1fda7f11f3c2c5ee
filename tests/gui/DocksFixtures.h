#pragma once

// What the dock tests share: a two-leaf design worked by hand, the DGX example, and finders
// for violations and their tree rows.

#include "views/docks/FindBar.h"
#include "views/docks/InspectorDock.h"
#include "views/docks/LibraryDock.h"
#include "views/docks/SummaryDock.h"
#include "views/docks/SummaryFigures.h"
#include "views/docks/ViolationsDock.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/BillOfMaterials.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMimeData>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableWidget>
#include <QTreeView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

namespace cw::test {

/// Two DGX H100 (8 NDR ports each) on two QM9700 leaves joined by 4 links: the halves cut
/// is 4 x 400 = 1,600 Gb/s against a full bisection of half of 16 x 400 = 3,200 Gb/s, 0.5.
inline Design twoLeafDesign()
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

inline const QString kDgxExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

inline bool hasViolation(const Document &document, const std::string &ruleKey,
                         const std::string &name)
{
    for (const Violation &v : document.validator()->violations())
        if (v.ruleKey == ruleKey
            && std::find(v.names.begin(), v.names.end(), name) != v.names.end())
            return true;
    return false;
}

template<typename Entity, typename Items>
const Entity *named(const Items &items, const std::string &name)
{
    for (const Entity &entity : items)
        if (entity.name == name)
            return &entity;
    return nullptr;
}

/// Stretches the first `count` cabled links of `document` to 5 km: far beyond any medium's
/// reach (the longest, single-mode optics, is 2 km), so each raises one net.cable-reach
/// error naming the link first. Returns the links, in design order.
inline std::vector<LinkId> stretchLinks(Document &document, int count, int skip = 0)
{
    std::vector<Link> links;
    for (const Link &candidate : document.design().links())
        if (!candidate.cableType.empty())
            links.push_back(candidate);
    std::vector<LinkId> ids;
    for (int i = skip; i < skip + count && i < static_cast<int>(links.size()); ++i) {
        Link link = links[static_cast<std::size_t>(i)];
        link.lengthM = 5000;
        if (!document.updateLink(link).isEmpty())
            return {};
        ids.push_back(link.id);
    }
    document.validator()->flush();
    return ids;
}

inline QTreeWidgetItem *itemOfLink(const ViolationsDock &dock, LinkId link)
{
    for (QTreeWidgetItemIterator it(dock.tree()); *it; ++it)
        if (const Violation *v = dock.violationAt(*it); v && v->ruleKey == "net.cable-reach"
            && !v->entities.empty() && v->entities.front() == EntityRef::of(link))
            return *it;
    return nullptr;
}

} // namespace cw::test
