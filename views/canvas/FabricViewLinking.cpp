// FabricView's link drawing: drag from one device to another, a port picker when a side has
// several free ports of the fabric's role, the cable chosen by auto-cabling in Document.

#include "views/canvas/FabricView.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/canvas/FabricItems.h"
#include "views/document/Document.h"

#include <QApplication>
#include <QGraphicsLineItem>
#include <QInputDialog>
#include <QMouseEvent>

#include <algorithm>

namespace cw::canvas {
namespace {

PortRole portRoleFor(FabricPurpose purpose)
{
    switch (purpose) {
    case FabricPurpose::Compute:
        return PortRole::Compute;
    case FabricPurpose::Storage:
        return PortRole::Storage;
    case FabricPurpose::Frontend:
        return PortRole::Frontend;
    case FabricPurpose::OutOfBand:
        break;
    }
    return PortRole::Management;
}

} // namespace

std::vector<int> FabricView::freePorts(DeviceId id, FabricId fabricId) const
{
    const Design &design = document()->design();
    const Device *device = design.device(id);
    const Fabric *fabric = design.fabric(fabricId);
    const Part *part = device ? document()->catalog().find(device->catalogType) : nullptr;
    std::vector<int> ports;
    if (!device || !fabric || !part)
        return ports;
    const PortRole wanted = portRoleFor(fabric->purpose);
    for (std::size_t i = 0; i < part->ports.size(); ++i) {
        const PortRole role = part->ports[i].role;
        const bool suits
            = role == wanted || (device->role == DeviceRole::Switch && role == PortRole::Fabric);
        const int index = static_cast<int>(i);
        if (suits && !design.linkAt(PortRef { id, index }).isValid())
            ports.push_back(index);
    }
    return ports;
}

QString FabricView::defaultPick(const Device &device, const Part &part,
                                const std::vector<int> &candidates, int *chosen)
{
    QStringList names;
    for (int index : candidates) {
        const PortSpec &port = part.ports[static_cast<std::size_t>(index)];
        names << tr("%1 (%2 Gb/s %3)")
                     .arg(QString::fromStdString(port.name))
                     .arg(port.speedGbps)
                     .arg(QString::fromStdString(port.formFactor));
    }
    bool ok = false;
    const QString name = QInputDialog::getItem(
        this, tr("Choose a port"),
        tr("Port of %1 (%2 free):").arg(QString::fromStdString(device.name)).arg(candidates.size()),
        names, 0, false, &ok);
    *chosen = ok ? candidates[static_cast<std::size_t>(std::max<qsizetype>(names.indexOf(name), 0))]
                 : -1;
    return {};
}

QString FabricView::drawLink(DeviceId a, DeviceId b, FabricId fabricId)
{
    const Design &design = document()->design();
    const Fabric *fabric = design.fabric(fabricId);
    const Device *ends[2] = { design.device(a), design.device(b) };
    QString error;
    if (!fabric)
        error = tr("create a fabric first: a link belongs to one fabric");
    else if (!ends[0] || !ends[1])
        error = tr("a link needs two existing devices");
    else if (a == b)
        error = tr("a link needs two different devices");
    PortRef refs[2] = { { a, -1 }, { b, -1 } };
    for (int side = 0; side < 2 && error.isEmpty(); ++side) {
        const Device &device = *ends[side];
        const std::vector<int> candidates = freePorts(device.id, fabricId);
        const Part *part = document()->catalog().find(device.catalogType);
        if (candidates.empty() || !part) {
            error = tr("%1 has no free port for %2 fabric %3")
                        .arg(QString::fromStdString(device.name),
                             QString::fromUtf8(toString(fabric->purpose).data()),
                             QString::fromStdString(fabric->name));
            break;
        }
        int chosen = candidates.front();
        if (candidates.size() > 1) {
            if (m_picker)
                chosen = m_picker(device, *part, candidates);
            else
                defaultPick(device, *part, candidates, &chosen);
        }
        if (chosen < 0)
            return tr("cancelled");
        refs[side].port = chosen;
    }
    const Device *first = ends[0];
    if (error.isEmpty()) {
        Link link;
        link.fabric = fabricId;
        link.a = refs[0];
        link.b = refs[1];
        // Empty cable type: Document runs auto-cabling for the medium and length.
        error = document()->addLink(std::move(link));
    }
    if (!error.isEmpty()) {
        QPointF where = mapToScene(viewport()->rect().center());
        if (first && fabric)
            if (const FabricBoxItem *box = boxItem(first->id, fabricId))
                where = box->sceneBoundingRect().center();
        showMessage(error, where);
    }
    return error;
}

void FabricView::mousePressEvent(QMouseEvent *event)
{
    m_linkFrom = nullptr;
    m_linking = false;
    if (event->button() == Qt::LeftButton)
        for (QGraphicsItem *item : items(event->position().toPoint()))
            if (auto *box = dynamic_cast<FabricBoxItem *>(item)) {
                if (box->deviceId().isValid()) {
                    m_linkFrom = box;
                    m_pressPos = event->position().toPoint();
                }
                break;
            }
    CanvasView::mousePressEvent(event);
}

void FabricView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_linkFrom && (event->buttons() & Qt::LeftButton)) {
        if (!m_linking
            && (event->position().toPoint() - m_pressPos).manhattanLength()
                >= QApplication::startDragDistance())
            m_linking = true;
        if (m_linking) {
            if (!m_rubber) {
                m_rubber = new QGraphicsLineItem;
                QPen pen(QColor(0x15, 0x65, 0xc0), 0, Qt::DashLine);
                m_rubber->setPen(pen);
                m_rubber->setZValue(1e5);
                canvasScene()->addItem(m_rubber);
            }
            m_rubber->setLine(QLineF(m_linkFrom->sceneBoundingRect().center(),
                                     mapToScene(event->position().toPoint())));
            event->accept();
            return;
        }
    }
    CanvasView::mouseMoveEvent(event);
}

void FabricView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_rubber) {
        canvasScene()->removeItem(m_rubber);
        delete m_rubber;
        m_rubber = nullptr;
    }
    if (m_linkFrom && m_linking && event->button() == Qt::LeftButton) {
        FabricBoxItem *from = m_linkFrom;
        m_linkFrom = nullptr;
        m_linking = false;
        FabricBoxItem *to = nullptr;
        for (QGraphicsItem *item : items(event->position().toPoint()))
            if (auto *box = dynamic_cast<FabricBoxItem *>(item)) {
                to = box;
                break;
            }
        if (!to || !to->deviceId().isValid() || to == from) {
            showMessage(to ? tr("drop on a single device (zoom in or raise the aggregation "
                                "limit to link inside an aggregate)")
                           : tr("drag onto another device to link them"),
                        mapToScene(event->position().toPoint()));
        } else {
            // The fabric of the band the drag started in; a device on no link yet takes the
            // other end's fabric; two such devices take the first fabric.
            FabricId fabric = from->fabricId();
            if (!fabric.isValid())
                fabric = to->fabricId();
            if (!fabric.isValid() && !document()->design().fabrics().empty())
                fabric = document()->design().fabrics().begin()->id;
            drawLink(from->deviceId(), to->deviceId(), fabric);
        }
        event->accept();
        return;
    }
    m_linkFrom = nullptr;
    m_linking = false;
    CanvasView::mouseReleaseEvent(event);
}

} // namespace cw::canvas
