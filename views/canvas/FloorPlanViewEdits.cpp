// The floor plan's edits by hand: rows and racks added and renamed from the context menu,
// racks dropped from the library. The view's scene, layout and drawing are FloorPlanView.cpp.

#include "views/canvas/FloorPlanView.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/NewEntities.h"
#include "views/document/Document.h"

#include <QContextMenuEvent>
#include <QDropEvent>
#include <QInputDialog>
#include <QMenu>

#include <algorithm>

namespace cw::canvas {

QString FloorPlanView::addRow(const QString &name)
{
    const Design &design = document()->design();
    Row row;
    row.name = name.trimmed().isEmpty() ? newRowName(design) : name.trimmed().toStdString();
    int index = 0;
    for (const Row &other : design.rows())
        index = std::max(index, other.index + 1);
    row.index = index;
    const QString error = document()->addRow(std::move(row));
    if (!error.isEmpty())
        showMessage(error, mapToScene(viewport()->rect().center()));
    return error;
}

QString FloorPlanView::renameRow(RowId id, const QString &name)
{
    const Row *current = document()->design().row(id);
    if (!current)
        return tr("row %1 does not exist").arg(id.value);
    if (name.trimmed().isEmpty()) {
        const QString error = tr("a row needs a name");
        showMessage(error, slotRect(id, 0).topLeft());
        return error;
    }
    Row row = *current;
    row.name = name.trimmed().toStdString();
    const QString error = document()->updateRow(row);
    if (!error.isEmpty())
        showMessage(error, slotRect(id, 0).topLeft());
    return error;
}

QString FloorPlanView::addRack(const std::string &partId, RowId row, int position)
{
    const Design &design = document()->design();
    const Part *part = document()->catalog().find(partId);
    QString error;
    if (!part || !part->rack)
        error = tr("\"%1\" is not a rack in the catalog").arg(QString::fromStdString(partId));
    else if (!design.row(row))
        error = tr("add a row first (right-click > Add row)");
    else
        error = document()->addRack(newRack(design, *part, row, position));
    if (!error.isEmpty())
        showMessage(error, slotRect(row, position).topLeft());
    return error;
}

void FloorPlanView::contextMenuEvent(QContextMenuEvent *event)
{
    const QPointF scenePos = mapToScene(event->pos());
    FloorRackItem *rack = nullptr;
    FloorRowItem *row = nullptr;
    for (QGraphicsItem *item : items(event->pos())) {
        if (!rack)
            rack = dynamic_cast<FloorRackItem *>(item);
        if (!row)
            row = dynamic_cast<FloorRowItem *>(item);
    }
    QMenu menu(this);
    if (rack) {
        if (!rack->isSelected()) {
            canvasScene()->clearSelection();
            rack->setSelected(true);
        }
        menu.addAction(tr("Duplicate"), this, &CanvasView::duplicateSelection);
        menu.addAction(tr("Delete"), this, &CanvasView::deleteSelection);
        menu.addSeparator();
    }
    addSimulateFailureMenu(menu, event->pos());
    if (const auto slot = slotAt(scenePos); slot && row) {
        QMenu *add = menu.addMenu(tr("Add rack here"));
        for (const Part *part : document()->catalog().partsOfKind(PartKind::Rack)) {
            const std::string id = part->id;
            add->addAction(QString::fromStdString(part->id + " - " + part->model), this,
                           [this, id, slot] { addRack(id, slot->row, slot->position); });
        }
        const RowId rowId = row->rowId();
        menu.addAction(tr("Rename row..."), this, [this, rowId] {
            bool ok = false;
            const Row *current = document()->design().row(rowId);
            const QString name = QInputDialog::getText(
                this, tr("Rename row"), tr("Row name:"), QLineEdit::Normal,
                current ? QString::fromStdString(current->name) : QString(), &ok);
            if (ok)
                renameRow(rowId, name);
        });
        menu.addAction(tr("Delete row"), this, [this, rowId] {
            const QString error = document()->remove({ EntityRef::of(rowId) });
            if (!error.isEmpty())
                showMessage(error, slotRect(rowId, 0).topLeft());
        });
    }
    menu.addAction(tr("Add row..."), this, [this] {
        bool ok = false;
        const QString name
            = QInputDialog::getText(this, tr("Add row"), tr("Row name:"), QLineEdit::Normal,
                                    QString::fromStdString(newRowName(document()->design())), &ok);
        if (ok)
            addRow(name);
    });
    menu.addSeparator();
    QAction *legendAction = menu.addAction(tr("Show Legend"));
    legendAction->setCheckable(true);
    legendAction->setChecked(isLegendVisible());
    connect(legendAction, &QAction::toggled, this, &CanvasView::setLegendVisible);
    menu.exec(event->globalPos());
}

void FloorPlanView::dragEnterEvent(QDragEnterEvent *event)
{
    const Part *part = partFromMime(event->mimeData(), document()->catalog());
    if (part && part->rack)
        event->acceptProposedAction();
    else
        event->ignore();
}

void FloorPlanView::dragMoveEvent(QDragMoveEvent *event)
{
    const Part *part = partFromMime(event->mimeData(), document()->catalog());
    if (part && part->rack && slotAt(mapToScene(event->position().toPoint())))
        event->acceptProposedAction();
    else
        event->ignore();
}

void FloorPlanView::dropEvent(QDropEvent *event)
{
    const Part *part = partFromMime(event->mimeData(), document()->catalog());
    const QPointF scenePos = mapToScene(event->position().toPoint());
    if (!part || !part->rack) {
        showMessage(tr("only racks can be placed on the floor plan; drop devices on a rack "
                       "elevation"),
                    scenePos);
        event->ignore();
        return;
    }
    const auto slot = slotAt(scenePos);
    if (!slot) {
        showMessage(tr("add a row first (right-click > Add row)"), scenePos);
        event->ignore();
        return;
    }
    if (addRack(part->id, slot->row, slot->position).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

} // namespace cw::canvas
