#include "app/gui/MainWindow.h"

#include "model/catalog/Catalog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Clusterwright"));
    QApplication::setOrganizationName(QStringLiteral("Clusterwright"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

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
    window.show();
    if (!batch && parser.positionalArguments().isEmpty())
        window.offerRecovery();
    if (!parser.positionalArguments().isEmpty()
        && !window.openFile(parser.positionalArguments().constFirst()) && parser.isSet(screenshot))
        return 2;
    if (parser.isSet(screenshot)) {
        // Let the layout settle (views fit themselves once laid out), then grab the window
        // as the user would see it.
        QApplication::processEvents();
        QApplication::processEvents();
        const QString path = parser.value(screenshot);
        if (!window.grab().save(path)) {
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
            return 2;
        }
        return 0;
    }
    return app.exec();
}
