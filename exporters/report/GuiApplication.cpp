#include "exporters/report/GuiApplication.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QHashFunctions>

namespace cw::report {

Result<void> ensureGuiApplication()
{
    if (QCoreApplication *existing = QCoreApplication::instance()) {
        if (!qobject_cast<QGuiApplication *>(existing))
            return Error { "facilities report: the program runs a QCoreApplication; the report "
                           "needs a QGuiApplication (QtGui fonts and painting)" };
        return {};
    }
    // QHash seeds are random per process, and QPdfWriter orders its font objects by hash:
    // a fixed seed keeps "same design, same bytes" (set before any hash is created).
    QHashSeed::setDeterministicGlobalSeed();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // QGuiApplication keeps references to argc and argv for its whole life.
    static int argc = 1;
    static char name[] = "clusterwright";
    static char *argv[] = { name, nullptr };
    new QGuiApplication(argc, argv); // owned by Qt's global instance pointer, never deleted
    return {};
}

} // namespace cw::report
