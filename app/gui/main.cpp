#include "app/gui/MainWindow.h"

#include "model/catalog/Catalog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Clusterwright"));
    QApplication::setOrganizationName(QStringLiteral("Clusterwright"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Workbench for designing GPU training clusters"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .cluster.json file to open"));
    parser.process(app);

    auto catalog = cw::Catalog::withUserFolders();
    if (!catalog) {
        QMessageBox::critical(nullptr, QStringLiteral("Clusterwright"),
                              QString::fromStdString(catalog.error().message));
        return 2;
    }
    cw::MainWindow window(**catalog);
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    return app.exec();
}
