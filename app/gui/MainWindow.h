#pragma once

#include "views/document/Document.h"

#include <QFuture>
#include <QMainWindow>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;
class QTimer;
class QUndoView;

namespace cw {

class Catalog;
class Design;
class FailureDock;
class FindBar;
class InspectorDock;
class JobStatus;
class LibraryDock;
class SummaryDock;
class ViolationsDock;

namespace calcviews {
class CalculatorsDock;
}
namespace exporters {
class ExporterRegistry;
struct ExportRunOptions;
struct ExportRunOutcome;
} // namespace exporters
namespace exportviews {
class ExportDialog;
}

namespace canvas {
class CanvasView;
class FabricView;
class FloorPlanView;
class RackElevationView;
} // namespace canvas

/// The workbench window: one Document shown by the three canvas views (tabs) and the docks
/// (library, inspector, violations, summary, calculators, undo history); menus for files,
/// editing, views and export. Wiring only - everything it calls lives in views/ and below.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const Catalog &catalog, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// startOpen() and wait for it (the event loop runs, user input excluded): batch use,
    /// tests, a design named on the command line with --select. On failure shows the reason
    /// and keeps the current one.
    bool openFile(const QString &path);
    /// Loads `path` on a worker thread (MainWindowOpen.cpp): the window keeps painting and
    /// the status bar shows the load with Cancel. When it is loaded the design replaces the
    /// current one (after asking again about edits made to it meanwhile); a cancel or a bad
    /// file keep the current one untouched. `adopt` runs on the new document before it is
    /// shown (recovery); `done` tells whether it was opened. false (and no `done`) when
    /// another job runs.
    bool startOpen(const QString &path, std::function<void(bool)> done = {},
                   std::function<void(Document &)> adopt = {});
    /// Where File > Open starts: the open design's folder, else the most recent file's
    /// (that still exists), else the home folder.
    QString openDialogFolder() const;
    /// Replaces the document by a new one holding `design` (untitled, unmodified).
    void newDocument(std::unique_ptr<Design> design);
    const Design *design() const;
    Document *document() const { return m_document.get(); }
    /// Batch use (--screenshot, tests): errors go to stderr instead of a modal dialog, no
    /// prompts, and the window leaves QSettings alone.
    void setBatchMode(bool batch) { m_batch = batch; }
    /// Offers to restore recovery copies a crash left behind (start-up, interactive only).
    void offerRecovery();
    /// Window geometry, dock layout and recent files from QSettings (interactive start-up).
    void readSettings();

    // Reached by tests and by the menus alike.
    LibraryDock *libraryDock() const { return m_library; }
    InspectorDock *inspectorDock() const { return m_inspector; }
    ViolationsDock *violationsDock() const { return m_violations; }
    SummaryDock *summaryDock() const { return m_summary; }
    FailureDock *failureDock() const { return m_failures; }
    calcviews::CalculatorsDock *calculatorsDock() const { return m_calculators; }
    QTabWidget *viewTabs() const { return m_tabs; }
    canvas::CanvasView *currentView() const;
    /// The views, their scenes built: a view not yet shown builds its scene when asked for
    /// (setDocument builds only the shown tab's scene; the others wait to be shown).
    canvas::FloorPlanView *floorPlanView() const;
    canvas::RackElevationView *rackElevationView() const;
    canvas::FabricView *fabricView() const;
    QAction *action(const QString &objectName) const;
    QStringList recentFiles() const { return m_recent; }
    bool isPresentationMode() const { return m_presentation; }

    /// Places a library part: a rack at the end of the first row (a row is made if there is
    /// none), anything else at the first free U of the selected rack (or the selected
    /// device's rack). Returns the refusal, empty on success.
    QString placePart(const QString &partId);
    /// Shows the entities in the view that suits them (floor plan for racks and rows, rack
    /// elevation for devices, fabric for links and fabrics) and selects them.
    void focusEntities(const std::vector<EntityRef> &entities);
    void setPresentationMode(bool on);
    /// Edit > New Storage Tier... without the dialog: adds `tier` (members as given, see
    /// proposeStorageTier() in views/docks/StorageTierDialog.h) as one undo step and selects
    /// it. Returns the refusal, empty on success.
    QString createStorageTier(const StorageTier &tier);

    // Tools (MainWindowTools.cpp): the toolbar, find, hand-made fabrics and links.
    FindBar *findBar() const { return m_find; }
    /// Edit > Add Link...: the dialog with `from` as its first end (or the selected devices).
    void addLinkWithDialog(std::optional<PortRef> from = std::nullopt);
    void newFabricWithDialog();
    /// The "what next" hint over an empty design's views (null when the design has racks).
    QLabel *emptyHint() const { return m_emptyHint; }

    // Export (MainWindowExport.cpp).
    /// The formats the Export dialog offers: the built-in exporters and the facilities report.
    const exporters::ExporterRegistry &exporterRegistry() const { return *m_exporters; }
    /// Export > Export...: opens the Export dialog (window-modal, returns at once).
    exportviews::ExportDialog *openExportDialog();
    /// File > Export View as PNG/SVG... without the file dialog: the current canvas view's
    /// drawing to `path` (.png or .svg). Returns an empty string on success, else the reason.
    QString exportCurrentView(const QString &path);
    /// Export > Facilities Pack... without the folder dialog: the "report" format into
    /// `folder` through the CLI's gate, on a worker thread (the status bar's job, with
    /// Cancel). Interactive runs ask whether to export despite validation errors and
    /// whether to overwrite; batch runs refuse instead. `done` gets the final outcome.
    void startFacilitiesPack(const QString &folder,
                             std::function<void(const exporters::ExportRunOutcome &)> done = {});
    /// startFacilitiesPack() and wait for it (the event loop runs, user input excluded).
    exporters::ExportRunOutcome exportFacilitiesPackTo(const QString &folder);

    // Work off the GUI thread (save, facilities pack): one job at a time, shown in the
    // status bar; the actions that would start another are disabled meanwhile.
    JobStatus *jobStatus() const { return m_jobStatus; }
    /// Saves the design to `path` on a worker thread (File > Save and Save As end here);
    /// the future gives the error text, empty when saved. Editing goes on meanwhile.
    QFuture<QString> saveTo(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override; ///< MainWindowTools.cpp

private:
    void createActions();
    void createMenus();
    void createDocks();
    void setDocument(std::unique_ptr<Document> document);
    void releaseDocument();
    /// Removes and deletes the canvas views (those never shown build nothing on the way out).
    void dropViews();
    void updateTitle();
    void updateUndoActions();
    void updateSelectionActions();
    void showMessage(const QString &message);
    void refreshCalculators();
    void createToolsActions(); ///< MainWindowTools.cpp
    void createToolBar(); ///< MainWindowTools.cpp
    void updateEmptyHint(); ///< MainWindowTools.cpp
    void updateJobActions();
    void runFacilitiesPack(const QString &folder, exporters::ExportRunOptions options,
                           std::function<void(const exporters::ExportRunOutcome &)> done);
    void reportFacilitiesPack(const QString &folder, const exporters::ExportRunOutcome &outcome,
                              bool declined);
    /// Waits in a local event loop (no user input) until no job runs.
    void waitForJob();

    // Export (MainWindowExport.cpp).
    void exportViewWithDialog();
    void exportFacilitiesPack();
    QString defaultExportFolder() const;

    // Files (MainWindowFiles.cpp).
    void newEmpty();
    void newFromTemplate();
    void openWithDialog();
    bool save(); ///< starts the save; true when it started
    bool saveAs();
    void saveFinished(const QString &path, const QString &error);
    void revert();
    /// The end of startOpen(): the loaded design becomes the document, or the reason not.
    bool finishOpen(const QString &path, OpenedDesign opened, bool editedMeanwhile,
                    const std::function<void(Document &)> &adopt);
    bool maybeSave();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    void writeSettings();

    // Edit (MainWindowEdit.cpp).
    void cut();
    void copy();
    void paste();
    void duplicate();
    void deleteSelection();
    void selectAll();
    void newStorageTierWithDialog();
    void generateFabricWithDialog();

    const Catalog &m_catalog;
    std::unique_ptr<Document> m_document;
    QTabWidget *m_tabs = nullptr;
    canvas::FloorPlanView *m_floorPlan = nullptr;
    canvas::RackElevationView *m_elevation = nullptr;
    canvas::FabricView *m_fabric = nullptr;
    LibraryDock *m_library = nullptr;
    InspectorDock *m_inspector = nullptr;
    ViolationsDock *m_violations = nullptr;
    SummaryDock *m_summary = nullptr;
    FailureDock *m_failures = nullptr;
    calcviews::CalculatorsDock *m_calculators = nullptr;
    QTimer *m_calculatorsTimer = nullptr;
    bool m_calculatorsShown = false; ///< on screen (not closed, not tabbed behind another dock)
    bool m_calculatorsStale = false; ///< the design changed while the dock was not shown
    std::unique_ptr<exporters::ExporterRegistry> m_exporters;
    QString m_exportFolder; ///< the last folder exported into (this session)
    QDockWidget *m_historyDock = nullptr;
    QUndoView *m_history = nullptr;
    QLabel *m_counts = nullptr;
    FindBar *m_find = nullptr;
    QLabel *m_emptyHint = nullptr;
    QLabel *m_selectionCount = nullptr; ///< "3 selected: 2 devices, 1 rack"
    JobStatus *m_jobStatus = nullptr;
    QMenu *m_recentMenu = nullptr;
    QStringList m_recent;
    EntityClipboard m_clipboard;
    QByteArray m_stateBeforePresentation;
    bool m_presentation = false;
    bool m_batch = false;
};

} // namespace cw
