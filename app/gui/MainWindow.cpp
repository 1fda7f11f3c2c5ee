#include "app/gui/MainWindow.h"
#include "app/gui/JobStatus.h"
#include "app/gui/NewDesignDefaults.h"

#include "views/calculators/CalculatorsDock.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/docks/FailureDock.h"
#include "views/docks/FindBar.h"
#include "views/docks/InspectorDock.h"
#include "views/docks/LibraryDock.h"
#include "views/docks/SafeFields.h"
#include "views/docks/SummaryDock.h"
#include "views/docks/ViolationsDock.h"
#include "views/document/EditChecks.h"
#include "views/document/LiveValidator.h"
#include "views/export/ExportDialog.h"

#include "exporters/Exporter.h"
#include "exporters/report/ReportFormat.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QStringList>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>

#include <algorithm>
#include <map>

namespace cw {

/// Autosave period: a crash loses at most this much work.
constexpr int kAutosaveIntervalMs = 60 * 1000;
/// Quiet time after an edit before the Calculators dock re-gathers the design's facts (a drag
/// or a typed name is many edits; the facts walk the whole design).
constexpr int kCalculatorsDebounceMs = 300;

MainWindow::MainWindow(const Catalog &catalog, QWidget *parent)
    : QMainWindow(parent)
    , m_catalog(catalog)
    , m_exporters(std::make_unique<exporters::ExporterRegistry>())
{
    setObjectName(QStringLiteral("MainWindow"));
    // No spin box or combo box of the workbench (wizard, dialogs, Calculators dock) is edited
    // by a wheel that only meant to scroll past it (issue 22, item 6).
    SafeFields::guardApplication();
    // The same formats as `clusterwright-cli export --list` (app/cli/ExportRegistry.cpp).
    exporters::registerBuiltinExporters(*m_exporters);
    m_exporters->add(exporters::makeReportExporter());
    m_calculatorsTimer = new QTimer(this);
    m_calculatorsTimer->setSingleShot(true);
    m_calculatorsTimer->setInterval(kCalculatorsDebounceMs);
    connect(m_calculatorsTimer, &QTimer::timeout, this, &MainWindow::refreshCalculators);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    createDocks();
    createActions();
    createToolsActions();
    createMenus();
    createToolBar();
    m_jobStatus = new JobStatus(this);
    statusBar()->addPermanentWidget(m_jobStatus);
    connect(m_jobStatus, &JobStatus::busyChanged, this, &MainWindow::updateJobActions);
    m_selectionCount = new QLabel(this);
    m_selectionCount->setObjectName(QStringLiteral("selectionCount"));
    statusBar()->addPermanentWidget(m_selectionCount);
    m_counts = new QLabel(this);
    statusBar()->addPermanentWidget(m_counts);
    connect(m_violations, &ViolationsDock::countsChanged, m_counts, &QLabel::setText);
    connect(m_violations, &ViolationsDock::focusRequested, this, &MainWindow::focusEntities);
    connect(m_library, &LibraryDock::partActivated, this,
            [this](const QString &id) { showMessage(placePart(id)); });
    connect(m_inspector, &InspectorDock::statusMessage, this, &MainWindow::showMessage);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateSelectionActions);
    resize(1200, 760);
    // First start (no saved layout): most of the height to the canvas, the Violations list a
    // band of about eight lines under it.
    resizeDocks({ m_violations }, { 190 }, Qt::Vertical);
    resizeDocks({ m_library, m_inspector }, { 250, 330 }, Qt::Horizontal);
    setDocument(std::make_unique<Document>(m_catalog, defaultNewDesign(m_catalog), QString()));
}

MainWindow::~MainWindow()
{
    // Views and docks refer to the document: let go of them first.
    m_inspector->setDocument(nullptr);
    m_violations->setDocument(nullptr);
    m_find->setDocument(nullptr);
    m_summary->setDocument(nullptr);
    m_failures->setDocument(nullptr);
    m_calculators->setDesign(nullptr);
    m_history->setStack(nullptr);
    dropViews();
    releaseDocument();
}

void MainWindow::dropViews()
{
    // Removing the shown tab shows the next one: a view that never built its scene must not
    // build it now, for a design that is going (0.2 s at 16k nodes, seconds at 131k).
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto *view = qobject_cast<canvas::CanvasView *>(m_tabs->widget(i)))
            view->dropDeferredScene();
    while (m_tabs->count() > 0) {
        QWidget *view = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete view;
    }
}

void MainWindow::releaseDocument()
{
    // Destroying a document emits from its undo stack and timers; the window must not hear
    // those signals about a half-destroyed document.
    if (!m_document)
        return;
    disconnect(m_document.get(), nullptr, this, nullptr);
    if (QUndoStack *stack = m_document->undoStack())
        disconnect(stack, nullptr, this, nullptr);
    m_document.reset();
}

const Design *MainWindow::design() const
{
    return m_document ? &m_document->design() : nullptr;
}

QAction *MainWindow::action(const QString &objectName) const
{
    return findChild<QAction *>(objectName);
}

canvas::FloorPlanView *MainWindow::floorPlanView() const
{
    if (m_floorPlan)
        m_floorPlan->ensureScene();
    return m_floorPlan;
}

canvas::RackElevationView *MainWindow::rackElevationView() const
{
    if (m_elevation)
        m_elevation->ensureScene();
    return m_elevation;
}

canvas::FabricView *MainWindow::fabricView() const
{
    if (m_fabric)
        m_fabric->ensureScene();
    return m_fabric;
}

canvas::CanvasView *MainWindow::currentView() const
{
    return qobject_cast<canvas::CanvasView *>(m_tabs->currentWidget());
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    m_library = new LibraryDock(m_catalog, this);
    m_inspector = new InspectorDock(this);
    m_violations = new ViolationsDock(this);
    m_summary = new SummaryDock(this);
    m_calculators = new calcviews::CalculatorsDock(m_catalog, this);
    m_calculators->toggleViewAction()->setObjectName(QStringLiteral("viewCalculators"));
    // A hidden dock skips the refreshes; it catches up when shown.
    // isVisible() stays true for a dock tabbed behind another: only this signal tells.
    connect(m_calculators, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_calculatorsShown = visible;
        if (visible && m_calculatorsStale)
            refreshCalculators();
    });
    m_historyDock = new QDockWidget(tr("Undo History"), this);
    m_historyDock->setObjectName(QStringLiteral("UndoHistoryDock"));
    m_history = new QUndoView(m_historyDock);
    m_history->setEmptyLabel(tr("<opened>"));
    m_historyDock->setWidget(m_history);
    addDockWidget(Qt::LeftDockWidgetArea, m_library);
    addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    addDockWidget(Qt::RightDockWidgetArea, m_summary);
    addDockWidget(Qt::RightDockWidgetArea, m_calculators);
    tabifyDockWidget(m_inspector, m_summary);
    tabifyDockWidget(m_summary, m_calculators);
    m_inspector->raise();
    addDockWidget(Qt::BottomDockWidgetArea, m_violations);
    addDockWidget(Qt::BottomDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_violations, m_historyDock);
    m_failures = new FailureDock(this); // blast radius and N-1 sweep (docs/failure-domains.md)
    addDockWidget(Qt::BottomDockWidgetArea, m_failures);
    tabifyDockWidget(m_historyDock, m_failures);
    connect(m_failures, &FailureDock::focusRequested, this, &MainWindow::focusEntities);
    m_violations->raise();
}

void MainWindow::setDocument(std::unique_ptr<Document> document)
{
    // Everything that points at the old document goes before it does.
    for (exportviews::ExportDialog *dialog : findChildren<exportviews::ExportDialog *>())
        delete dialog;
    m_inspector->setDocument(nullptr);
    m_violations->setDocument(nullptr);
    m_find->setDocument(nullptr);
    m_summary->setDocument(nullptr);
    m_failures->setDocument(nullptr);
    // The dock keeps a pointer to the design (for the cost prefill): drop it first.
    m_calculatorsTimer->stop();
    m_calculators->setDesign(nullptr);
    m_history->setStack(nullptr);
    const int currentTab = std::max(m_tabs->currentIndex(), 0);
    dropViews();
    m_floorPlan = nullptr;
    m_elevation = nullptr;
    m_fabric = nullptr;
    releaseDocument();
    m_document = std::move(document);
    Document *doc = m_document.get();
    if (!m_batch)
        doc->setAutosave(Document::recoveryPathFor(doc->filePath()), kAutosaveIntervalMs);

    // Only the shown tab's scene is built now; the others when first shown (at 16k nodes the
    // fabric's scene alone is 0.2 s of the GUI thread).
    constexpr auto kWhenShown = canvas::CanvasView::SceneBuild::WhenShown;
    m_floorPlan = new canvas::FloorPlanView(doc, m_tabs, kWhenShown);
    m_elevation = new canvas::RackElevationView(doc, m_tabs, kWhenShown);
    m_fabric = new canvas::FabricView(doc, m_tabs, kWhenShown);
    m_tabs->addTab(m_floorPlan, tr("Floor Plan"));
    m_tabs->addTab(m_elevation, tr("Rack Elevation"));
    m_tabs->addTab(m_fabric, tr("Fabric"));
    m_tabs->setCurrentIndex(currentTab);
    for (canvas::CanvasView *view : { static_cast<canvas::CanvasView *>(m_floorPlan),
                                      static_cast<canvas::CanvasView *>(m_elevation),
                                      static_cast<canvas::CanvasView *>(m_fabric) }) {
        connect(view, &canvas::CanvasView::statusMessage, this, &MainWindow::showMessage);
        // Blast radius in every view; right-click > Simulate Failure opens it in the dock.
        connect(m_failures, &FailureDock::failureStatesChanged, view,
                &canvas::CanvasView::setFailureStates);
        connect(view, &canvas::CanvasView::simulateFailureRequested, m_failures,
                &FailureDock::simulate);
        view->setPresentationMode(m_presentation);
        if (QAction *legend = action(QStringLiteral("viewLegend")))
            view->setLegendVisible(legend->isChecked()); // the choice outlives the document
    }

    m_inspector->setDocument(doc);
    m_violations->setDocument(doc);
    m_find->setDocument(doc);
    m_summary->setDocument(doc);
    m_failures->setDocument(doc);
    connect(doc, &Document::changed, this, &MainWindow::updateEmptyHint);
    updateEmptyHint();
    m_history->setStack(doc->undoStack());
    refreshCalculators();
    connect(doc, &Document::changed, m_calculatorsTimer, qOverload<>(&QTimer::start));
    connect(doc, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(doc, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(doc, &Document::saveFinished, this, &MainWindow::saveFinished);
    connect(doc, &Document::selectionChanged, this, &MainWindow::updateSelectionActions);
    QUndoStack *stack = doc->undoStack();
    connect(stack, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::cleanChanged, this, &MainWindow::updateUndoActions);
    updateTitle();
    updateUndoActions();
    updateSelectionActions();
    // Let the views lay out before fitting them to the window.
    QMetaObject::invokeMethod(
        this,
        [this] {
            for (int i = 0; i < m_tabs->count(); ++i)
                if (auto *view = qobject_cast<canvas::CanvasView *>(m_tabs->widget(i)))
                    view->zoomToFit();
        },
        Qt::QueuedConnection);
}

void MainWindow::updateTitle()
{
    const QString path = m_document ? m_document->filePath() : QString();
    const QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    setWindowTitle(tr("%1[*] - Clusterwright").arg(name));
    setWindowModified(m_document && m_document->isModified());
    if (QAction *revert = action(QStringLiteral("fileRevert")))
        revert->setEnabled(!path.isEmpty() && m_document->isModified()
                           && !(m_jobStatus && m_jobStatus->isBusy()));
}

void MainWindow::updateJobActions()
{
    // While a job runs: editing goes on (the job has its own snapshot of the design), but
    // nothing may start a second job or replace the document under the first.
    const bool idle = !m_jobStatus->isBusy();
    for (const char *name :
         { "fileNew", "fileNewFromTemplate", "fileOpen", "fileSave", "fileSaveAs", "exportDialog",
           "exportFacilitiesPack", "editGenerateFabric" })
        if (QAction *a = action(QString::fromLatin1(name)))
            a->setEnabled(idle);
    if (m_recentMenu)
        m_recentMenu->setEnabled(idle && !m_recent.isEmpty());
    updateTitle();
}

void MainWindow::updateUndoActions()
{
    QUndoStack *stack = m_document ? m_document->undoStack() : nullptr;
    QAction *undo = action(QStringLiteral("editUndo"));
    QAction *redo = action(QStringLiteral("editRedo"));
    undo->setEnabled(stack && stack->canUndo());
    redo->setEnabled(stack && stack->canRedo());
    undo->setText(stack && stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
    redo->setText(stack && stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
    updateTitle();
}

void MainWindow::updateSelectionActions()
{
    const bool any = m_document && !m_document->selection().empty();
    for (const char *name : { "editCut", "editCopy", "editDuplicate", "editDelete" })
        if (QAction *a = action(QString::fromLatin1(name)))
            a->setEnabled(any);
    if (QAction *paste = action(QStringLiteral("editPaste")))
        paste->setEnabled(!m_clipboard.isEmpty());
    // The selection count, by kind, for a selection that is mostly off screen.
    std::map<EntityKind, int> kinds;
    if (m_document)
        for (const EntityRef &ref : m_document->selection())
            ++kinds[ref.kind];
    QStringList parts;
    for (const auto &[kind, count] : kinds)
        parts << QStringLiteral("%1 %2").arg(count).arg(
            QString::fromUtf8(entityKindName(kind))
            + (count == 1 ? QString() : QStringLiteral("s")));
    const int total = m_document ? static_cast<int>(m_document->selection().size()) : 0;
    m_selectionCount->setText(
        total == 0 ? QString()
                   : tr("%1 selected: %2").arg(total).arg(parts.join(QStringLiteral(", "))));
}

void MainWindow::showMessage(const QString &message)
{
    if (!message.isEmpty())
        statusBar()->showMessage(message, 8000);
}

void MainWindow::refreshCalculators()
{
    m_calculatorsTimer->stop();
    // Same Design object for the document's whole life, so a hidden dock holding the
    // previous facts still points at a live design.
    m_calculatorsStale = !m_calculatorsShown;
    if (!m_calculatorsStale)
        m_calculators->setDesign(design());
}

void MainWindow::focusEntities(const std::vector<EntityRef> &entities)
{
    if (entities.empty() || !m_document)
        return;
    // The view that draws the first named object best.
    canvas::CanvasView *view = m_floorPlan;
    switch (entities.front().kind) {
    case EntityKind::Device:
        view = m_elevation;
        if (const Device *device = m_document->design().device(DeviceId { entities.front().id }))
            m_elevation->setRacks({ device->rack });
        break;
    case EntityKind::Link:
    case EntityKind::Fabric:
    case EntityKind::StorageTier:
        view = m_fabric;
        break;
    case EntityKind::Row:
    case EntityKind::Rack:
        view = m_floorPlan;
        break;
    }
    m_tabs->setCurrentWidget(view);
    view->focusOn(entities);
}

QString MainWindow::placePart(const QString &partId)
{
    if (!m_document)
        return tr("No design open.");
    const Part *part = m_catalog.find(partId.toStdString());
    if (!part)
        return tr("unknown catalog type \"%1\"").arg(partId);
    const Design &design = m_document->design();
    if (part->kind == PartKind::Rack) {
        RowId row;
        if (design.rows().empty()) {
            if (const QString why = m_document->addRow(Row {}); !why.isEmpty())
                return why;
        }
        row = design.rows().items().front().id;
        for (EntityRef ref : m_document->selection())
            if (ref.kind == EntityKind::Row)
                row = RowId { ref.id };
        Rack rack;
        rack.catalogType = part->id;
        rack.row = row;
        rack.position = -1;
        std::vector<RackId> before;
        for (const Rack &existing : design.racks())
            before.push_back(existing.id);
        if (const QString why = m_document->addRack(rack); !why.isEmpty())
            return why;
        // The new rack becomes the selection: the next server placed goes into it.
        for (const Rack &added : m_document->design().racks())
            if (std::find(before.begin(), before.end(), added.id) == before.end())
                m_document->setSelection({ EntityRef::of(added.id) });
        return {};
    }
    RackId rack;
    for (EntityRef ref : m_document->selection()) {
        if (ref.kind == EntityKind::Rack)
            rack = RackId { ref.id };
        else if (ref.kind == EntityKind::Device)
            if (const Device *device = design.device(DeviceId { ref.id }))
                rack = device->rack;
        if (rack.isValid())
            break;
    }
    if (!rack.isValid())
        return tr("Select a rack to place %1 in (or drag it onto a rack).").arg(partId);
    std::string why;
    const int u = firstFreeU(design, m_catalog, rack, part->id, &why);
    if (u < 0)
        return QString::fromStdString(why);
    Device device;
    device.catalogType = part->id;
    device.rack = rack;
    device.uPosition = u;
    if (const QString refusal = m_document->addDevice(device); !refusal.isEmpty())
        return refusal;
    // The rack stays the selection, so that the next part goes in above this one.
    m_document->setSelection({ EntityRef::of(rack) });
    return {};
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        m_stateBeforePresentation = saveState();
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            dock->hide();
        showFullScreen();
    } else {
        showNormal();
        restoreState(m_stateBeforePresentation);
    }
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    // A projector shows the drawing: the toolbar goes with the menus (docs/canvas.md lists the
    // keys and mouse gestures that stay); leaving restores it with the rest of the state.
    if (auto *bar = findChild<QToolBar *>(QStringLiteral("mainToolBar")))
        bar->setVisible(!on);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto *view = qobject_cast<canvas::CanvasView *>(m_tabs->widget(i)))
            view->setPresentationMode(on);
    if (QAction *a = action(QStringLiteral("viewPresentation")))
        a->setChecked(on);
    if (QAction *a = action(QStringLiteral("viewLeavePresentation")))
        a->setEnabled(on);
}

} // namespace cw
