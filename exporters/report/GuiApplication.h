#pragma once

#include "model/common/Result.h"

namespace cw::report {

/// Makes sure a QGuiApplication exists, creating one on first use when the process has none
/// (clusterwright-cli, benchmarks). QPdfWriter, QSvgGenerator and the font database need it.
///
/// - The GUI and Qt Test programs already have one: it is used as is.
/// - When this creates it and QT_QPA_PLATFORM is unset, the platform is "offscreen": the
///   report never opens a window, so it must not need a display.
/// - The created instance lives until the process exits (never deleted: Qt objects created
///   later, such as cached fonts, may outlive any scope we could give it).
/// - A plain QCoreApplication that is not a QGuiApplication cannot be upgraded: that is an
///   Error, not a crash.
/// Call from the main thread, before other threads use QtGui.
Result<void> ensureGuiApplication();

} // namespace cw::report
