#include "app/gui/MainWindow.h"

#include "views/canvas/CanvasView.h"

#include "model/catalog/Catalog.h"
#include "model/common/Version.h"
#include "model/core/Design.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTabWidget>

#include <cstdio>
#include <optional>

namespace {

/// The row, rack or device (hostname) called `name`.
std::optional<cw::EntityRef> entityNamed(const cw::Design &design, const std::string &name)
{
    for (const cw::Row &row : design.rows())
        if (row.name == name)
            return cw::EntityRef::of(row.id);
    for (const cw::Rack &rack : design.racks())
        if (rack.name == name)
            return cw::EntityRef::of(rack.id);
    for (const cw::Device &device : design.devices())
        if (device.name == name)
            return cw::EntityRef::of(device.id);
    return std::nullopt;
}

/// Settles layout, queued fits and repaints before a grab.
void settle()
{
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Clusterwright"));
    QApplication::setOrganizationName(QStringLiteral("Clusterwright"));
    QApplication::setApplicationVersion(QString::fromLatin1(cw::clusterwrightVersion()));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Workbench for designing GPU training clusters"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("design"),
                                 QStringLiteral("A .cluster.json file to open"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to a PNG file and exit "
                                                       "(documentation, smoke tests)."),
                                        QStringLiteral("file"));
    parser.addOption(screenshot);
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size for --screenshot, e.g. 1600x1000 "
                                                 "(default 1200x760)."),
                                  QStringLiteral("WxH"));
    parser.addOption(size);
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("Tab to show: floor-plan, rack-elevation or "
                                                 "fabric."),
                                  QStringLiteral("view"));
    parser.addOption(view);
    const QCommandLineOption select(QStringLiteral("select"),
                                    QStringLiteral("Select the row, rack or device of this name "
                                                   "(the Inspector shows it)."),
                                    QStringLiteral("name"));
    parser.addOption(select);
    const QCommandLineOption dock(QStringLiteral("dock"),
                                  QStringLiteral("Bring this dock to the front: inspector, summary "
                                                 "or calculators."),
                                  QStringLiteral("dock"));
    parser.addOption(dock);
    parser.process(app);

    auto catalog = cw::Catalog::withUserFolders();
    if (!catalog) {
        QMessageBox::critical(nullptr, QStringLiteral("Clusterwright"),
                              QString::fromStdString(catalog.error().message));
        return 2;
    }
    cw::MainWindow window(**catalog);
    const bool batch = parser.isSet(screenshot);
    window.setBatchMode(batch);
    if (!batch)
        window.readSettings();
    if (parser.isSet(size)) {
        const auto match
            = QRegularExpression(QStringLiteral("^(\\d+)x(\\d+)$")).match(parser.value(size));
        if (!match.hasMatch() || match.captured(1).toInt() < 200
            || match.captured(2).toInt() < 200) {
            std::fprintf(stderr, "error: --size expects WxH in pixels (at least 200x200), got %s\n",
                         qPrintable(parser.value(size)));
            return 1;
        }
        window.resize(match.captured(1).toInt(), match.captured(2).toInt());
    }
    window.show();
    if (!batch && parser.positionalArguments().isEmpty())
        window.offerRecovery();
    if (!parser.positionalArguments().isEmpty()
        && !window.openFile(parser.positionalArguments().constFirst()) && parser.isSet(screenshot))
        return 2;
    // Let the layout settle (views fit themselves once laid out) before choosing what shows.
    settle();
    if (parser.isSet(select)) {
        const auto entity = window.design()
            ? entityNamed(*window.design(), parser.value(select).toStdString())
            : std::nullopt;
        if (!entity) {
            std::fprintf(stderr, "error: --select: no row, rack or device is called %s\n",
                         qPrintable(parser.value(select)));
            return 1;
        }
        // Selected only: the views stay fitted to the whole design.
        window.document()->setSelection({ *entity });
    }
    if (parser.isSet(view)) {
        const QStringList views { QStringLiteral("floor-plan"), QStringLiteral("rack-elevation"),
                                  QStringLiteral("fabric") };
        const auto index = views.indexOf(parser.value(view));
        if (index < 0) {
            std::fprintf(stderr, "error: --view expects floor-plan, rack-elevation or fabric\n");
            return 1;
        }
        window.viewTabs()->setCurrentIndex(static_cast<int>(index));
    }
    if (parser.isSet(dock)) {
        QDockWidget *target
            = window.findChild<QDockWidget *>(parser.value(dock).left(1).toUpper()
                                              + parser.value(dock).mid(1) + QStringLiteral("Dock"));
        if (!target) {
            std::fprintf(stderr, "error: --dock expects inspector, summary or calculators\n");
            return 1;
        }
        target->show();
        target->raise();
    }
    if (parser.isSet(screenshot)) {
        // Grab the window as the user would see it once the choices above are laid out.
        settle();
        const QString path = parser.value(screenshot);
        if (!window.grab().save(path)) {
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
            return 2;
        }
        return 0;
    }
    return app.exec();
}
