// The open measured as the architect sees it: from File > Open to the shown view painted in
// full and the window answering input, then to the Violations list filled.

#include "app/gui/OpenMeter.h"

#include "app/gui/JobStatus.h"
#include "app/gui/MainWindow.h"

#include "views/canvas/CanvasView.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>

namespace cw {
namespace {

/// Watches every event of the application for the shown view's viewport being painted once
/// the new document is in and that view's scene is complete.
class PaintWatch : public QObject
{
public:
    PaintWatch(MainWindow &window, const Document *before)
        : m_window(window)
        , m_before(before)
    {
        qApp->installEventFilter(this);
    }
    ~PaintWatch() override { qApp->removeEventFilter(this); }
    bool seen() const { return m_seen; }
    void rearm() { m_seen = false; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Paint || m_seen || m_window.document() == m_before)
            return false;
        auto *view = qobject_cast<canvas::CanvasView *>(m_window.viewTabs()->currentWidget());
        if (view && watched == view->viewport() && view->isSceneComplete())
            m_seen = true;
        return false;
    }

private:
    MainWindow &m_window;
    const Document *m_before;
    bool m_seen = false;
};

} // namespace

OpenTimes measureOpen(MainWindow &window, const QString &path, int timeoutMs)
{
    OpenTimes times;
    const Document *before = window.document();
    QElapsedTimer clock;
    clock.start();
    PaintWatch paints(window, before);
    QEventLoop loop;
    // A 1 ms timer: the gaps between its ticks are the GUI thread's stalls; each tick also
    // notes the document's arrival and the validator's result.
    QTimer ticker;
    ticker.setInterval(1);
    qint64 lastTick = 0;
    qint64 probePostedMs = -1;
    auto finishedAll = [&] {
        return times.interactiveMs >= 0 && times.violationsMs >= 0;
    };
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        qint64 &stall = times.interactiveMs < 0 ? times.longestStallMs : times.longestStallAfterMs;
        stall = std::max(stall, now - lastTick);
        lastTick = now;
        Document *document = window.document();
        if (document == before || window.jobStatus()->isBusy())
            return;
        if (times.documentMs < 0)
            times.documentMs = now;
        if (times.violationsMs < 0 && !document->validator()->isPending())
            times.violationsMs = now;
        // A paint of the complete view: probe the input lag with a 0 ms timer posted now (a
        // timer waits behind every slice of work queued before it, as input does).
        if (paints.seen() && times.interactiveMs < 0 && probePostedMs < 0) {
            if (times.paintedMs < 0)
                times.paintedMs = now;
            probePostedMs = now;
            QTimer::singleShot(0, &loop, [&] {
                const qint64 answered = clock.elapsed();
                const qint64 lag = answered - probePostedMs;
                times.longestProbeMs = std::max(times.longestProbeMs, lag);
                probePostedMs = -1;
                if (lag <= kProbeLimitMs)
                    times.interactiveMs = answered;
                if (finishedAll())
                    loop.quit();
            });
        }
        if (finishedAll())
            loop.quit();
    });
    ticker.start();
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    deadline.start(timeoutMs);
    if (window.startOpen(path))
        loop.exec();
    return times;
}

QString describe(const OpenTimes &times)
{
    return QStringLiteral("interactive %1 ms (document %2, painted %3; longest stall %4 ms, "
                          "longest input lag %5 ms), violations listed %6 ms (longest stall "
                          "after interactive %7 ms)")
        .arg(times.interactiveMs)
        .arg(times.documentMs)
        .arg(times.paintedMs)
        .arg(times.longestStallMs)
        .arg(times.longestProbeMs)
        .arg(times.violationsMs)
        .arg(times.longestStallAfterMs);
}

} // namespace cw
