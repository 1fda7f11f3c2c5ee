#pragma once

#include <QString>

namespace cw {

class MainWindow;

/// What the architect waits for when a design opens, each from the open request (ms; -1 when
/// it did not happen within the time allowed).
struct OpenTimes
{
    qint64 documentMs = -1; ///< the loaded design is the window's document
    qint64 paintedMs = -1; ///< the shown view painted with every item of its scene
    /// Painted, and a timer probe posted after that paint answered within kProbeLimitMs: the
    /// window answers input (a click or a key waits no longer than that).
    qint64 interactiveMs = -1;
    qint64 violationsMs = -1; ///< the Violations list shows the validator's full result
    qint64 longestStallMs = 0; ///< longest turn of the event loop, request to interactive
    qint64 longestStallAfterMs = 0; ///< the same from interactive to the violations listed
    /// The longest gap between a probe's post and its answer (the input lag), same span.
    qint64 longestProbeMs = 0;
};

/// Opens `path` in `window` as File > Open does (MainWindow::startOpen) and times it as the
/// architect sees it (OpenTimes). For `clusterwright --measure-open` and the open test's log;
/// figures for docs/performance.md, never asserted. Waits at most `timeoutMs`.
OpenTimes measureOpen(MainWindow &window, const QString &path, int timeoutMs = 600000);

/// One line for a log: "interactive 812 ms (document 640, painted 790), violations 2,100 ms...".
QString describe(const OpenTimes &times);

/// A probe answered within this many ms counts as the window answering input.
constexpr qint64 kProbeLimitMs = 50;

} // namespace cw
