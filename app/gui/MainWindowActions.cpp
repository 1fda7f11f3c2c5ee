// MainWindow's actions and menus, and the Edit commands they run.

#include "app/gui/JobStatus.h"
#include "app/gui/MainWindow.h"

#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/docks/AsBuiltProvider.h"
#include "views/docks/CompareDialog.h"
#include "views/docks/LibraryDock.h"
#include "views/docks/StorageTierDialog.h"
#include "views/docks/ViolationsDock.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/SelectionFabric.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFormLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>
#include <QTabWidget>
#include <QUndoStack>

#include <algorithm>
#include <atomic>
#include <memory>

namespace cw {

void MainWindow::createActions()
{
    // Every action is also added to the window so that its shortcut works while the menu
    // bar is hidden (presentation mode).
    auto make = [this](const char *name, const QString &text, const QList<QKeySequence> &keys,
                       auto slot) {
        auto *a = new QAction(text, this);
        a->setObjectName(QString::fromLatin1(name));
        a->setShortcuts(keys);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
        return a;
    };
    make("fileNew", tr("&New"), { QKeySequence::New }, [this] { newEmpty(); });
    make("fileNewFromTemplate", tr("New from &Template..."),
         { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N) }, [this] { newFromTemplate(); });
    make("fileOpen", tr("&Open..."), { QKeySequence::Open }, [this] { openWithDialog(); });
    make("fileSave", tr("&Save"), { QKeySequence::Save }, [this] { save(); });
    make("fileSaveAs", tr("Save &As..."), { QKeySequence::SaveAs }, [this] { saveAs(); });
    make("fileRevert", tr("Re&vert to Saved"), {}, [this] { revert(); });
    make("fileExportView", tr("Export &View as PNG/SVG..."), {},
         [this] { exportViewWithDialog(); });
    make("fileCompareWith", tr("&Compare with..."), {}, [this] { // issue 17: semantic diff
        const QString path = QFileDialog::getOpenFileName(this, tr("Compare with"), {},
                                                          tr("Designs (*.cluster.json *.json)"));
        if (path.isEmpty() || !m_document)
            return;
        auto *dialog = new CompareDialog(m_document.get(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &CompareDialog::focusRequested, this, &MainWindow::focusEntities);
        // The changes drawn in every view; they stay after the dialog closes, until Clear.
        for (canvas::CanvasView *view : { static_cast<canvas::CanvasView *>(m_floorPlan),
                                          static_cast<canvas::CanvasView *>(m_elevation),
                                          static_cast<canvas::CanvasView *>(m_fabric) }) {
            connect(dialog, &CompareDialog::compareMarksChanged, view,
                    &canvas::CanvasView::setCompareMarks);
            // Where moved racks and devices stand in the other revision (dashed ghosts).
            connect(dialog, &CompareDialog::compareGhostsChanged, view,
                    &canvas::CanvasView::setCompareGhosts);
        }
        dialog->compareWith(path);
        dialog->show();
    });
    make("fileClearComparison", tr("Clear Co&mparison"), {}, [this] {
        for (canvas::CanvasView *view : { static_cast<canvas::CanvasView *>(m_floorPlan),
                                          static_cast<canvas::CanvasView *>(m_elevation),
                                          static_cast<canvas::CanvasView *>(m_fabric) })
            if (view)
                view->setCompareMarks({});
    });
    // issue 17: as-built findings as violations (markers and Violations dock rows)
    make("fileImportAsBuilt", tr("&Import As-Built..."), {}, [this] {
        if (auto *provider = AsBuiltProvider::of(m_document.get()))
            showMessage(provider->importWithDialog(this));
    });
    make("fileClearAsBuilt", tr("C&lear As-Built"), {}, [this] {
        if (auto *provider = AsBuiltProvider::of(m_document.get()))
            provider->clear();
    });
    make("fileQuit", tr("&Quit"), { QKeySequence::Quit }, [this] { close(); });

    make("editUndo", tr("&Undo"), { QKeySequence::Undo }, [this] {
        if (m_document)
            m_document->undoStack()->undo();
    });
    // Ctrl+Shift+Z everywhere, and Ctrl+Y where it is the platform's redo.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)))
        redoKeys.prepend(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    make("editRedo", tr("&Redo"), redoKeys, [this] {
        if (m_document)
            m_document->undoStack()->redo();
    });
    make("editCut", tr("Cu&t"), { QKeySequence::Cut }, [this] { cut(); });
    make("editCopy", tr("&Copy"), { QKeySequence::Copy }, [this] { copy(); });
    make("editPaste", tr("&Paste"), { QKeySequence::Paste }, [this] { paste(); });
    make("editDuplicate", tr("D&uplicate"), { QKeySequence(Qt::CTRL | Qt::Key_D) },
         [this] { duplicate(); });
    make("editDelete", tr("&Delete"), { QKeySequence::Delete, QKeySequence(Qt::Key_Backspace) },
         [this] { deleteSelection(); });
    make("editSelectAll", tr("Select &All"), { QKeySequence::SelectAll }, [this] { selectAll(); });
    make("editNewStorageTier", tr("New &Storage Tier..."), {},
         [this] { newStorageTierWithDialog(); });
    make("editGenerateFabric", tr("&Generate Fabric for Selection..."), {},
         [this] { generateFabricWithDialog(); });

    make("exportDialog", tr("&Export..."), { QKeySequence(Qt::CTRL | Qt::Key_E) },
         [this] { openExportDialog(); });
    make("exportFacilitiesPack", tr("&Facilities Pack..."), {}, [this] { exportFacilitiesPack(); });

    // Ctrl+= as well: Ctrl++ needs Shift on most keyboards.
    make("viewZoomIn", tr("Zoom &In"),
         { QKeySequence(QKeySequence::ZoomIn), QKeySequence(Qt::CTRL | Qt::Key_Equal) }, [this] {
             if (auto *view = currentView())
                 view->zoomIn();
         });
    // Ctrl+- whatever the platform's ZoomOut is (listed once: twice would be ambiguous).
    QList<QKeySequence> zoomOutKeys = QKeySequence::keyBindings(QKeySequence::ZoomOut);
    if (!zoomOutKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Minus)))
        zoomOutKeys.prepend(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    make("viewZoomOut", tr("Zoom &Out"), zoomOutKeys, [this] {
        if (auto *view = currentView())
            view->zoomOut();
    });
    make("viewZoomFit", tr("Zoom to &Fit"), { QKeySequence(Qt::CTRL | Qt::Key_0) }, [this] {
        if (auto *view = currentView())
            view->zoomToFit();
    });
    make("viewFloorPlan", tr("&Floor Plan"), { QKeySequence(Qt::CTRL | Qt::Key_1) },
         [this] { m_tabs->setCurrentIndex(0); });
    make("viewRackElevation", tr("&Rack Elevation"), { QKeySequence(Qt::CTRL | Qt::Key_2) },
         [this] { m_tabs->setCurrentIndex(1); });
    make("viewFabric", tr("F&abric"), { QKeySequence(Qt::CTRL | Qt::Key_3) },
         [this] { m_tabs->setCurrentIndex(2); });
    QList<QKeySequence> fullScreen = QKeySequence::keyBindings(QKeySequence::FullScreen);
    if (!fullScreen.contains(QKeySequence(Qt::Key_F11)))
        fullScreen.prepend(QKeySequence(Qt::Key_F11));
    QAction *presentation = make("viewPresentation", tr("&Presentation Mode"), fullScreen,
                                 [this](bool on) { setPresentationMode(on); });
    presentation->setCheckable(true);
    QAction *legend = make("viewLegend", tr("&Legend"), {}, [this](bool on) {
        for (canvas::CanvasView *view : { static_cast<canvas::CanvasView *>(m_floorPlan),
                                          static_cast<canvas::CanvasView *>(m_elevation),
                                          static_cast<canvas::CanvasView *>(m_fabric) })
            view->setLegendVisible(on);
    });
    legend->setCheckable(true);
    legend->setChecked(true);
    // No shortcut here: the elevation's own Ctrl+Shift+R would make both ambiguous.
    make("viewShowRacks", tr("Show &Racks..."), {}, [this] {
        m_tabs->setCurrentWidget(m_elevation);
        m_elevation->pickRacks();
    });
    // Escape leaves presentation mode, as in every slide viewer.
    make("viewLeavePresentation", tr("Leave Presentation Mode"), { QKeySequence(Qt::Key_Escape) },
         [this] { setPresentationMode(false); })
        ->setEnabled(false); // only in presentation mode: Escape belongs to the views otherwise
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(action(QStringLiteral("fileNew")));
    file->addAction(action(QStringLiteral("fileNewFromTemplate")));
    file->addAction(action(QStringLiteral("fileOpen")));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(action(QStringLiteral("fileSave")));
    file->addAction(action(QStringLiteral("fileSaveAs")));
    file->addAction(action(QStringLiteral("fileRevert")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("fileCompareWith")));
    file->addAction(action(QStringLiteral("fileClearComparison")));
    file->addAction(action(QStringLiteral("fileImportAsBuilt")));
    file->addAction(action(QStringLiteral("fileClearAsBuilt")));
    file->addAction(action(QStringLiteral("fileExportView")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("fileQuit")));

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(action(QStringLiteral("editUndo")));
    edit->addAction(action(QStringLiteral("editRedo")));
    edit->addSeparator();
    for (const char *name : { "editCut", "editCopy", "editPaste", "editDuplicate", "editDelete" })
        edit->addAction(action(QString::fromLatin1(name)));
    edit->addSeparator();
    edit->addAction(action(QStringLiteral("editSelectAll")));
    edit->addSeparator();
    edit->addAction(action(QStringLiteral("editNewStorageTier")));
    edit->addAction(action(QStringLiteral("editGenerateFabric")));
    edit->addAction(action(QStringLiteral("editNewFabric")));
    edit->addAction(action(QStringLiteral("editAddLink")));
    edit->addSeparator();
    edit->addAction(action(QStringLiteral("editFind")));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (const char *name : { "viewZoomIn", "viewZoomOut", "viewZoomFit" })
        view->addAction(action(QString::fromLatin1(name)));
    view->addSeparator();
    for (const char *name : { "viewFloorPlan", "viewRackElevation", "viewFabric" })
        view->addAction(action(QString::fromLatin1(name)));
    view->addSeparator();
    view->addAction(action(QStringLiteral("viewPresentation")));
    view->addAction(action(QStringLiteral("viewLegend")));
    view->addAction(action(QStringLiteral("viewShowRacks")));
    view->addSeparator();
    view->addAction(m_violations->previousAction());
    view->addAction(m_violations->nextAction());
    QMenu *panels = view->addMenu(tr("&Docks"));
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        panels->addAction(dock->toggleViewAction());

    QMenu *exportMenu = menuBar()->addMenu(tr("E&xport"));
    exportMenu->addAction(action(QStringLiteral("exportDialog")));
    exportMenu->addAction(action(QStringLiteral("exportFacilitiesPack")));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Clusterwright"), this, [this] {
        QMessageBox::about(this, tr("About Clusterwright"),
                           tr("Clusterwright %1: a workbench for designing GPU training clusters.")
                               .arg(QApplication::applicationVersion()));
    });
    rebuildRecentMenu();
}

// --- Edit -----------------------------------------------------------------------------------

void MainWindow::copy()
{
    if (!m_document || m_document->selection().empty())
        return;
    m_clipboard = m_document->copy(m_document->selection());
    // Other programs get the names, one per line.
    QStringList names;
    for (EntityRef ref : m_document->selection())
        names << m_document->displayName(ref);
    QApplication::clipboard()->setText(names.join(u'\n'));
    updateSelectionActions();
    showMessage(m_clipboard.isEmpty()
                    ? tr("Only rows, racks and devices can be copied.")
                    : tr("Copied %n object(s)", nullptr, static_cast<int>(names.size())));
}

void MainWindow::cut()
{
    if (!m_document || m_document->selection().empty())
        return;
    copy();
    showMessage(m_document->remove(m_document->selection()));
}

void MainWindow::paste()
{
    if (!m_document || m_clipboard.isEmpty())
        return;
    // Into the selected rack (or the selected device's rack) when there is one.
    RackId target;
    for (EntityRef ref : m_document->selection()) {
        if (ref.kind == EntityKind::Rack)
            target = RackId { ref.id };
        else if (ref.kind == EntityKind::Device)
            if (const Device *device = m_document->design().device(DeviceId { ref.id }))
                target = device->rack;
        if (target.isValid())
            break;
    }
    showMessage(m_document->paste(m_clipboard, target));
}

void MainWindow::duplicate()
{
    if (m_document && !m_document->selection().empty())
        showMessage(m_document->duplicate(m_document->selection()));
}

void MainWindow::deleteSelection()
{
    if (m_document && !m_document->selection().empty())
        showMessage(m_document->remove(m_document->selection()));
}

void MainWindow::selectAll()
{
    if (!m_document)
        return;
    // What the current view shows: racks on the floor plan, devices elsewhere.
    std::vector<EntityRef> all;
    const bool floor = m_tabs->currentWidget() == m_floorPlan;
    for (EntityRef ref : m_document->allEntities())
        if (ref.kind == (floor ? EntityKind::Rack : EntityKind::Device))
            all.push_back(ref);
    m_document->setSelection(all);
}

void MainWindow::newStorageTierWithDialog()
{
    if (!m_document)
        return;
    int skipped = 0;
    const StorageTier proposal
        = proposeStorageTier(m_document->design(), m_catalog, m_document->selection(), &skipped);
    StorageTierDialog dialog(m_document->design(), proposal, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString why = createStorageTier(dialog.tier());
    if (!why.isEmpty())
        showMessage(why);
    else if (skipped > 0)
        showMessage(tr("%n selected device(s) are not storage servers and were left out.", nullptr,
                       skipped));
}

void MainWindow::generateFabricWithDialog()
{
    if (!m_document)
        return;
    // A small form for SelectionFabricSpec (model/fabric/SelectionFabric.h).
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Generate Fabric for Selection"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(QStringLiteral("compute-new"), &dialog);
    auto *technology = new QComboBox(&dialog);
    technology->addItem(tr("InfiniBand"), static_cast<int>(Technology::InfiniBand));
    technology->addItem(tr("RoCEv2"), static_cast<int>(Technology::RoCEv2));
    auto *switchType = new QComboBox(&dialog);
    for (const Part *part : m_catalog.partsOfKind(PartKind::Switch))
        switchType->addItem(QString::fromStdString(part->id + " - " + part->model),
                            QString::fromStdString(part->id));
    // The switches the architect placed and selected are reused: offer their type first.
    for (const EntityRef &ref : m_document->selection())
        if (const Device *device = ref.kind == EntityKind::Device
                ? m_document->design().device(DeviceId { ref.id })
                : nullptr;
            device && device->role != DeviceRole::Compute)
            if (const int index = switchType->findData(QString::fromStdString(device->catalogType));
                index >= 0) {
                switchType->setCurrentIndex(index);
                break;
            }
    auto *rails = new QSpinBox(&dialog);
    rails->setRange(0, 64);
    rails->setSpecialValueText(tr("all compute ports"));
    auto *railOptimized = new QCheckBox(&dialog);
    railOptimized->setChecked(true);
    auto *ratio = new QSpinBox(&dialog);
    ratio->setRange(1, 8);
    ratio->setSuffix(QStringLiteral(":1"));
    form->addRow(tr("Fabric name:"), name);
    form->addRow(tr("Technology:"), technology);
    form->addRow(tr("Switch:"), switchType);
    form->addRow(tr("Rails:"), rails);
    form->addRow(tr("Rail-optimized:"), railOptimized);
    form->addRow(tr("Leaf oversubscription:"), ratio);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    SelectionFabricSpec spec;
    spec.name = name->text().trimmed().toStdString();
    spec.technology = static_cast<Technology>(technology->currentData().toInt());
    spec.switchType = switchType->currentData().toString().toStdString();
    spec.rails = rails->value();
    spec.railOptimized = railOptimized->isChecked();
    spec.oversubscription = ratio->value();
    // Generated on a snapshot on a worker (seconds for thousands of nodes); the edit is
    // pushed when it is ready, unless the design was edited meanwhile or Cancel was pressed.
    if (m_jobStatus->isBusy()) {
        showMessage(tr("%1 is still running; wait for it or cancel it.").arg(m_jobStatus->title()));
        return;
    }
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    const QFuture<QString> future
        = m_document->generateFabricInBackground(m_document->selection(), spec, cancelled);
    if (future.isFinished()) { // refused at once (no compute node selected)
        showMessage(future.result());
        return;
    }
    m_jobStatus->track<QString>(
        tr("Generating fabric %1").arg(QString::fromStdString(spec.name)), future,
        [cancelled] { cancelled->store(true); },
        [this, name = spec.name](QFuture<QString> done) {
            const QString why = done.resultCount() > 0 ? done.result() : tr("Cancelled.");
            showMessage(why.isEmpty() ? tr("Generated fabric %1").arg(QString::fromStdString(name))
                                      : why);
        });
}

QString MainWindow::createStorageTier(const StorageTier &tier)
{
    if (!m_document)
        return tr("No design open.");
    StorageTier added = tier;
    if (!added.id.isValid()) {
        // Document assigns the id; find the new tier by its absence from the old set.
        std::vector<StorageTierId> before;
        for (const StorageTier &t : m_document->design().storageTiers())
            before.push_back(t.id);
        const QString why = m_document->addStorageTier(added);
        if (!why.isEmpty())
            return why;
        for (const StorageTier &t : m_document->design().storageTiers())
            if (std::find(before.begin(), before.end(), t.id) == before.end())
                added.id = t.id;
    } else if (const QString why = m_document->addStorageTier(added); !why.isEmpty()) {
        return why;
    }
    m_document->setSelection({ EntityRef::of(added.id) });
    return {};
}

} // namespace cw
