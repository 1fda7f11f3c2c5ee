#include "app/gui/MainWindow.h"
#include "app/gui/OpenMeter.h"

#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasView.h"

#include "model/catalog/Catalog.h"
#include "model/common/Version.h"
#include "model/core/Design.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QMessageBox>
#include <QPixmap>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTabWidget>
#include <QTextStream>

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

/// The command line's options, added to `parser` in the order --help lists them.
struct Options
{
    explicit Options(QCommandLineParser &parser)
    {
        parser.setApplicationDescription(
            QStringLiteral("Workbench for designing GPU training clusters"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("design"),
                                     QStringLiteral("A .cluster.json file to open"));
        for (const QCommandLineOption *option :
             { &screenshot, &labels, &size, &view, &select, &dock, &measureOpen })
            parser.addOption(*option);
    }

    const QCommandLineOption screenshot { QStringLiteral("screenshot"),
                                          QStringLiteral("Render the window to a PNG file and "
                                                         "exit (documentation, smoke tests)."),
                                          QStringLiteral("file") };
    const QCommandLineOption labels {
        QStringLiteral("labels"),
        QStringLiteral("With --screenshot: also write the canvas labels drawn, one a line "
                       "(x y width height text, in the PNG's pixels)."),
        QStringLiteral("file")
    };
    const QCommandLineOption size { QStringLiteral("size"),
                                    QStringLiteral("Window size for --screenshot, e.g. 1600x1000 "
                                                   "(default 1200x760)."),
                                    QStringLiteral("WxH") };
    const QCommandLineOption view { QStringLiteral("view"),
                                    QStringLiteral("Tab to show: floor-plan, rack-elevation or "
                                                   "fabric."),
                                    QStringLiteral("view") };
    const QCommandLineOption select { QStringLiteral("select"),
                                      QStringLiteral("Select the row, rack or device of this name "
                                                     "(the Inspector shows it)."),
                                      QStringLiteral("name") };
    const QCommandLineOption dock { QStringLiteral("dock"),
                                    QStringLiteral("Bring this dock to the front: inspector, "
                                                   "summary or calculators."),
                                    QStringLiteral("dock") };
    const QCommandLineOption measureOpen {
        QStringLiteral("measure-open"),
        QStringLiteral("Open this design as File > Open does, print the times to the window "
                       "painted and answering input and to the violations listed, and exit "
                       "(docs/performance.md). --view picks the tab shown."),
        QStringLiteral("file")
    };
};

/// --measure-open: the times on stdout; 0, or 2 when the design did not open in time.
int measureOpenTimes(cw::MainWindow &window, const QString &path)
{
    const cw::OpenTimes times = cw::measureOpen(window, path);
    std::printf("%s: %s\n", qPrintable(path), qPrintable(cw::describe(times)));
    return times.interactiveMs >= 0 && times.violationsMs >= 0 ? 0 : 2;
}

/// --select, --view and --dock: what the window shows. 0, or the exit code of a bad choice.
int showChoices(cw::MainWindow &window, const QCommandLineParser &parser, const Options &options)
{
    if (parser.isSet(options.select)) {
        const auto entity = window.design()
            ? entityNamed(*window.design(), parser.value(options.select).toStdString())
            : std::nullopt;
        if (!entity) {
            std::fprintf(stderr, "error: --select: no row, rack or device is called %s\n",
                         qPrintable(parser.value(options.select)));
            return 1;
        }
        // Selected only: the views stay fitted to the whole design.
        window.document()->setSelection({ *entity });
    }
    if (parser.isSet(options.view)) {
        const QStringList views { QStringLiteral("floor-plan"), QStringLiteral("rack-elevation"),
                                  QStringLiteral("fabric") };
        const auto index = views.indexOf(parser.value(options.view));
        if (index < 0) {
            std::fprintf(stderr, "error: --view expects floor-plan, rack-elevation or fabric\n");
            return 1;
        }
        window.viewTabs()->setCurrentIndex(static_cast<int>(index));
    }
    if (parser.isSet(options.dock)) {
        const QString name = parser.value(options.dock);
        QDockWidget *target = window.findChild<QDockWidget *>(name.left(1).toUpper() + name.mid(1)
                                                              + QStringLiteral("Dock"));
        if (!target) {
            std::fprintf(stderr, "error: --dock expects inspector, summary or calculators\n");
            return 1;
        }
        target->show();
        target->raise();
    }
    return 0;
}

/// Grabs the window as the user would see it to `path`, and with `labelsPath` the canvas
/// labels painted in that grab (what the smoke test reads). 0, or 2 when a file cannot be
/// written.
int writeScreenshot(cw::MainWindow &window, const QString &path, const QString &labelsPath)
{
    settle();
    cw::canvas::LabelRecorder recorder;
    const QPixmap pixmap = window.grab();
    if (!pixmap.save(path)) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        return 2;
    }
    if (labelsPath.isEmpty())
        return 0;
    // The recorder holds the labels in the canvas viewport's pixels; the PNG is the window's.
    QPoint offset;
    if (const auto *canvas
        = qobject_cast<QAbstractScrollArea *>(window.viewTabs()->currentWidget()))
        offset = canvas->viewport()->mapTo(&window, QPoint(0, 0));
    QSaveFile file(labelsPath);
    if (file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        QTextStream out(&file);
        for (const cw::canvas::DrawnLabel &label : recorder.labels()) {
            const QRect rect = label.deviceRect.toAlignedRect().translated(offset);
            out << rect.x() << ' ' << rect.y() << ' ' << rect.width() << ' ' << rect.height() << ' '
                << label.text << '\n';
        }
    }
    if (!file.commit()) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(labelsPath));
        return 2;
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Clusterwright"));
    QApplication::setOrganizationName(QStringLiteral("Clusterwright"));
    QApplication::setApplicationVersion(QString::fromLatin1(cw::clusterwrightVersion()));

    QCommandLineParser parser;
    const Options options(parser);
    parser.process(app);

    auto catalog = cw::Catalog::withUserFolders();
    if (!catalog) {
        QMessageBox::critical(nullptr, QStringLiteral("Clusterwright"),
                              QString::fromStdString(catalog.error().message));
        return 2;
    }
    cw::MainWindow window(**catalog);
    const bool batch = parser.isSet(options.screenshot);
    // A measured open shows no dialog, leaves no recovery file and starts from the default
    // layout (the same window each run).
    const bool measuring = parser.isSet(options.measureOpen);
    window.setBatchMode(batch || measuring);
    if (!batch && !measuring)
        window.readSettings();
    if (parser.isSet(options.size)) {
        const auto match = QRegularExpression(QStringLiteral("^(\\d+)x(\\d+)$"))
                               .match(parser.value(options.size));
        if (!match.hasMatch() || match.captured(1).toInt() < 200
            || match.captured(2).toInt() < 200) {
            std::fprintf(stderr, "error: --size expects WxH in pixels (at least 200x200), got %s\n",
                         qPrintable(parser.value(options.size)));
            return 1;
        }
        window.resize(match.captured(1).toInt(), match.captured(2).toInt());
    }
    window.show();
    if (parser.isSet(options.measureOpen)) {
        settle();
        if (const int code = showChoices(window, parser, options); code != 0)
            return code;
        return measureOpenTimes(window, parser.value(options.measureOpen));
    }
    if (!batch && parser.positionalArguments().isEmpty())
        window.offerRecovery();
    if (!parser.positionalArguments().isEmpty()) {
        const QString path = parser.positionalArguments().constFirst();
        // Interactive: the window paints and shows the load while a worker reads the file.
        // A screenshot or --select needs the design first: wait for it (the window still
        // paints meanwhile).
        if (batch || parser.isSet(options.select)) {
            if (!window.openFile(path) && batch)
                return 2;
        } else {
            window.startOpen(path);
        }
    }
    // Let the layout settle (views fit themselves once laid out) before choosing what shows.
    settle();
    if (const int code = showChoices(window, parser, options); code != 0)
        return code;
    if (batch)
        return writeScreenshot(window, parser.value(options.screenshot),
                               parser.value(options.labels));
    return app.exec();
}
