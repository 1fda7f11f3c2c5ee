// MainWindow's open off the GUI thread: File > Open, recent files, Revert, recovery and the
// command line load the design on a worker (views/document/DocumentOpen.h) while the window
// keeps painting and the status bar shows the load with Cancel.

#include "app/gui/JobStatus.h"
#include "app/gui/MainWindow.h"

#include "views/document/DocumentOpen.h"

#include "model/core/Design.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPointer>
#include <QUndoStack>

#include <atomic>
#include <cstdio>

namespace cw {

bool MainWindow::startOpen(const QString &path, std::function<void(bool)> done,
                           std::function<void(Document &)> adopt)
{
    if (m_jobStatus->isBusy()) {
        showMessage(tr("%1 is still running; wait for it or cancel it.").arg(m_jobStatus->title()));
        return false;
    }
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    // The current design stays editable while the file loads: edits made meanwhile are
    // asked about again before it is replaced.
    const QPointer<Document> before = m_document.get();
    const int indexBefore = m_document ? m_document->undoStack()->index() : 0;
    m_jobStatus->track<OpenedDesign>(
        tr("Opening %1").arg(QFileInfo(path).fileName()),
        openInBackground(m_catalog, path, cancelled), [cancelled] { cancelled->store(true); },
        [this, path, cancelled, before, indexBefore, adopt = std::move(adopt),
         done = std::move(done)](QFuture<OpenedDesign> future) {
            bool opened = false;
            if (cancelled->load()) {
                showMessage(tr("Open of %1 cancelled; the design is as it was.").arg(path));
            } else {
                const bool edited = before && before == m_document.get()
                    && m_document->undoStack()->index() != indexBefore;
                OpenedDesign loaded;
                if (future.isValid() && future.resultCount() > 0)
                    loaded = future.takeResult(); // the only holder of the copies from here
                loaded.path = path;
                opened = finishOpen(path, std::move(loaded), edited, adopt);
            }
            if (done)
                done(opened);
        });
    return true;
}

bool MainWindow::finishOpen(const QString &path, OpenedDesign opened, bool editedMeanwhile,
                            const std::function<void(Document &)> &adopt)
{
    if (!opened.design) {
        const QString error = opened.error.isEmpty()
            ? tr("%1: the design could not be loaded").arg(path)
            : opened.error;
        if (m_batch)
            std::fprintf(stderr, "error: %s\n", qPrintable(error));
        else
            QMessageBox::warning(this, tr("Cannot open design"), error);
        return false;
    }
    if (editedMeanwhile && !maybeSave())
        return false;
    auto document = std::make_unique<Document>(m_catalog, std::move(opened));
    if (adopt)
        adopt(*document);
    setDocument(std::move(document));
    if (!adopt) // a recovery copy is not a file the architect chose
        addRecentFile(path);
    return true;
}

bool MainWindow::openFile(const QString &path)
{
    std::optional<bool> result;
    if (!startOpen(path, [&result](bool opened) { result = opened; }))
        return false;
    m_jobStatus->waitUntil([&result] { return result.has_value(); });
    return *result;
}

} // namespace cw
