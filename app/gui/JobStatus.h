#pragma once

#include <QFutureWatcher>
#include <QWidget>

#include <functional>

class QLabel;
class QProgressBar;
class QToolButton;

namespace cw {

/// The status bar's indicator of work running off the GUI thread (save, export, generation):
/// what runs, a progress bar (a step count when the work reports one, else busy) and a
/// Cancel button when the work can stop. Hidden when nothing runs. One job at a time: the
/// window disables the actions that would start a second (busyChanged).
class JobStatus : public QWidget
{
    Q_OBJECT

public:
    explicit JobStatus(QWidget *parent = nullptr);

    /// Shows `future` as `title` until it finishes. `cancel`, when given, is what the Cancel
    /// button calls (the work must stop at its next step). `done` runs in the event loop
    /// when the future finishes, before busyChanged(false).
    template<typename T>
    void track(const QString &title, QFuture<T> future, std::function<void()> cancel,
               std::function<void(QFuture<T>)> done)
    {
        auto *watcher = new QFutureWatcher<T>(this);
        begin(title, std::move(cancel), watcher);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, done] {
            watcher->deleteLater();
            if (done)
                done(watcher->future());
            end();
        });
        watcher->setFuture(future);
    }
    bool isBusy() const { return m_busy; }
    QString title() const;
    QProgressBar *progressBar() const { return m_progress; }
    QToolButton *cancelButton() const { return m_cancel; }
    /// The Cancel button's action (tests; does nothing when the job cannot be cancelled).
    void cancel();
    /// Runs the event loop, without user input, until `finished` says so: what the window's
    /// blocking entry points (open from the command line, scripted exports) wait with. Jobs
    /// chained on the way (a dialog starting the next one) are waited for as well.
    void waitUntil(const std::function<bool()> &finished);

signals:
    void busyChanged(bool busy);

private:
    void begin(const QString &title, std::function<void()> cancel, QFutureWatcherBase *watcher);
    void end();

    QLabel *m_label = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancel = nullptr;
    std::function<void()> m_cancelJob;
    bool m_busy = false;
};

} // namespace cw
