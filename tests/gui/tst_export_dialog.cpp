// The workbench's Export menu driven as a user would: the Export dialog over the 8x DGX H100
// example (formats and parameters from the registry, the CLI's validation gate, existing
// files refused unless overwriting, the bytes on disk equal to the exporter's), the
// facilities pack action, File > Export View as PNG/SVG, and the Calculators dock following
// the document.

#include "app/gui/MainWindow.h"

#include "views/calculators/CalculatorPanel.h"
#include "views/calculators/CalculatorsDock.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"
#include "views/export/ExportDialog.h"

#include "exporters/Exporter.h"
#include "exporters/common/ExportRun.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLoggingCategory>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <QtTest>

using namespace cw;

namespace {

const QString kDgxExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");
const QString kSeedExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/seed-8node-hdr.cluster.json");

std::unique_ptr<MainWindow> windowWith(const QString &path)
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    if (!window->openFile(path))
        qFatal("cannot open %s", qPrintable(path));
    window->resize(1600, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qFatal("window not exposed");
    window->document()->validator()->flush();
    return window;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Every file under `folder`, relative, '/'-separated, sorted.
QStringList filesUnder(const QString &folder)
{
    QStringList files;
    QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(folder).relativeFilePath(it.next());
    files.sort();
    return files;
}

QTreeWidgetItem *formatItem(exportviews::ExportDialog *dialog, const QString &name)
{
    for (int i = 0; i < dialog->formatTree()->topLevelItemCount(); ++i)
        if (dialog->formatTree()->topLevelItem(i)->text(0) == name)
            return dialog->formatTree()->topLevelItem(i);
    return nullptr;
}

/// Ticks or unticks a format with the keyboard (Space on the current row), as a user would.
void toggleFormat(exportviews::ExportDialog *dialog, const QString &name)
{
    QTreeWidgetItem *item = formatItem(dialog, name);
    QVERIFY(item);
    dialog->formatTree()->setFocus();
    dialog->formatTree()->setCurrentItem(item);
    QTest::keyClick(dialog->formatTree(), Qt::Key_Space);
}

void typeFolder(exportviews::ExportDialog *dialog, const QString &folder)
{
    dialog->folderEdit()->selectAll();
    QTest::keyClick(dialog->folderEdit(), Qt::Key_Delete);
    QTest::keyClicks(dialog->folderEdit(), folder);
}

/// Clicks a check box on its indicator (the middle of a wide box is empty space).
void clickCheckBox(QCheckBox *box)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(6, box->height() / 2));
}

void clickExport(exportviews::ExportDialog *dialog)
{
    QVERIFY(dialog->exportButton()->isEnabled());
    QTest::mouseClick(dialog->exportButton(), Qt::LeftButton);
    // The export runs on a worker thread; the dialog shows the outcome when it ends.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isExporting(), 120000);
}

/// What the slurm exporter itself produces for the design (the reference bytes).
exporters::ExportResult slurmFiles(const MainWindow &window,
                                   std::map<std::string, std::string> params = {})
{
    const exporters::Exporter *slurm = window.exporterRegistry().find("slurm");
    if (!slurm)
        qFatal("no slurm exporter");
    exporters::ExportRequest request { window.document()->design(), window.document()->catalog(),
                                       std::move(params) };
    auto result = slurm->run(request);
    if (!result)
        qFatal("slurm: %s", result.error().message.c_str());
    return result.value();
}

/// Distinct colours on a 3-pixel grid: a rendered drawing has many (antialiased text, fills,
/// outlines), a blank image one.
int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void menusOfferExport();
    void listsTheRegistryWithParameters();
    void exportsSlurmWithTheExporterBytes();
    void refusesExistingFilesUnlessOverwriting();
    void validationErrorsRefusedUnlessAllowed();
    void severalFormatsGoToSubfolders();
    void facilitiesPackAction();
    void exportViewAsPngAndSvg();
    void calculatorsDockFollowsTheDocument();
};

void TestExportDialog::menusOfferExport()
{
    auto window = windowWith(kDgxExample);
    // Export > Export... (Ctrl+E), Export > Facilities Pack..., File > Export View as PNG/SVG.
    QAction *dialogAction = window->action(QStringLiteral("exportDialog"));
    QVERIFY(dialogAction);
    QVERIFY(dialogAction->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_E)));
    QVERIFY(window->action(QStringLiteral("exportFacilitiesPack")));
    QVERIFY(window->action(QStringLiteral("fileExportView")));
    QVERIFY(window->action(QStringLiteral("viewCalculators")));
    // The shortcut opens the dialog, window-modal, without blocking.
    QTest::keySequence(window.get(), QKeySequence(Qt::CTRL | Qt::Key_E));
    auto *dialog = window->findChild<exportviews::ExportDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->windowModality(), Qt::WindowModal);
    // The default folder sits next to the design: <dir>/<name>-export.
    QCOMPARE(dialog->outputFolder(),
             QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr-export"));
    // Opening another design closes it (it points at the document).
    QVERIFY(window->openFile(kSeedExample));
    QVERIFY(!window->findChild<exportviews::ExportDialog *>());
}

void TestExportDialog::listsTheRegistryWithParameters()
{
    auto window = windowWith(kDgxExample);
    exportviews::ExportDialog *dialog = window->openExportDialog();
    // The CLI's formats: the built-ins in registration order, then the facilities report
    // (exporters/BuiltinExporters.cpp, app/cli/ExportRegistry.cpp).
    QStringList names;
    for (int i = 0; i < dialog->formatTree()->topLevelItemCount(); ++i)
        names << dialog->formatTree()->topLevelItem(i)->text(0);
    QCOMPARE(names,
             (QStringList { "slurm", "nccl", "switch", "cabling", "bom", "graphml", "kubernetes",
                            "drawio", "netbox", "report" }));
    // A line edit per declared parameter, empty (the format's default) to start with.
    int editors = 0;
    for (const exporters::Exporter *exporter : window->exporterRegistry().all())
        for (const exporters::ExportParameter &parameter : exporter->parameters()) {
            QLineEdit *edit = dialog->parameterEdit(QString::fromStdString(exporter->name()),
                                                    QString::fromStdString(parameter.key));
            QVERIFY2(edit, parameter.key.c_str());
            QVERIFY(edit->text().isEmpty());
            ++editors;
        }
    QVERIFY(dialog->parameterEdit(QStringLiteral("slurm"), QStringLiteral("slurm.topology")));
    QVERIFY(dialog->parameterEdit(QStringLiteral("report"), QStringLiteral("report.paper")));
    QCOMPARE(static_cast<int>(
                 dialog->findChildren<QLineEdit *>(QRegularExpression(QStringLiteral("^param:")))
                     .size()),
             editors);
    // Nothing ticked: Export is disabled and says why.
    QVERIFY(dialog->checkedFormats().isEmpty());
    QVERIFY(!dialog->exportButton()->isEnabled());
    toggleFormat(dialog, QStringLiteral("slurm"));
    QCOMPARE(dialog->checkedFormats(), QStringList { "slurm" });
    QVERIFY(dialog->exportButton()->isEnabled());
    // The example validates with 3 warnings and no error (clusterwright-cli validate).
    QVERIFY(dialog->validationLabel()->text().contains(QStringLiteral("no validation errors")));
}

void TestExportDialog::exportsSlurmWithTheExporterBytes()
{
    auto window = windowWith(kDgxExample);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("out"));
    exportviews::ExportDialog *dialog = window->openExportDialog();
    toggleFormat(dialog, QStringLiteral("slurm"));
    typeFolder(dialog, folder);
    QTest::keyClicks(
        dialog->parameterEdit(QStringLiteral("slurm"), QStringLiteral("slurm.topology")),
        QStringLiteral("block"));
    clickExport(dialog);
    QVERIFY(dialog->lastOutcome());
    QVERIFY2(dialog->lastOutcome()->ok(), qPrintable(dialog->resultView()->toPlainText()));

    // One format: its files straight in the folder, the three the slurm exporter documents.
    QCOMPARE(
        filesUnder(folder),
        (QStringList { "cgroup.conf", "epilog-gpu-health.sh", "gres.conf", "node-health-check.sh",
                       "prolog-gpu-health.sh", "slurm.conf", "slurmdbd.conf", "topology.conf" }));
    // Byte for byte what the exporter gives for the same parameter.
    const exporters::ExportResult expected = slurmFiles(*window, { { "slurm.topology", "block" } });
    QCOMPARE(static_cast<int>(expected.files.size()), 8);
    for (const exporters::ExportedFile &file : expected.files)
        QCOMPARE(readAll(QDir(folder).filePath(QString::fromStdString(file.path))),
                 QByteArray::fromStdString(file.bytes));
    // The parameter reached the exporter: block topology differs from the default tree.
    const exporters::ExportResult tree = slurmFiles(*window);
    bool differs = false;
    for (std::size_t i = 0; i < tree.files.size(); ++i)
        differs = differs || tree.files[i].bytes != expected.files[i].bytes;
    QVERIFY(differs);
    // The dialog says what it wrote, with the sizes.
    const QString text = dialog->resultView()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("Wrote 8 files:")), qPrintable(text));
    QVERIFY(text.contains(QDir(folder).filePath(QStringLiteral("slurm.conf"))));
    QVERIFY(text.contains(QStringLiteral("(%1 bytes)").arg(expected.files[0].bytes.size())));
}

void TestExportDialog::refusesExistingFilesUnlessOverwriting()
{
    auto window = windowWith(kDgxExample);
    QTemporaryDir dir;
    // slurm.conf is in the way; the other two files are not.
    QFile inTheWay(dir.filePath(QStringLiteral("slurm.conf")));
    QVERIFY(inTheWay.open(QIODevice::WriteOnly));
    inTheWay.write("# mine\n");
    inTheWay.close();

    exportviews::ExportDialog *dialog = window->openExportDialog();
    toggleFormat(dialog, QStringLiteral("slurm"));
    typeFolder(dialog, dir.path());
    clickExport(dialog);
    QVERIFY(dialog->lastOutcome()->status == exporters::ExportStatus::FilesExist);
    QCOMPARE(static_cast<int>(dialog->lastOutcome()->existing.size()), 1);
    // All or nothing: the file in the way is untouched and neither of the others was written.
    QCOMPARE(readAll(dir.filePath(QStringLiteral("slurm.conf"))), QByteArray("# mine\n"));
    QCOMPARE(filesUnder(dir.path()), QStringList { "slurm.conf" });
    const QString text = dialog->resultView()->toPlainText();
    QVERIFY2(text.startsWith(QStringLiteral("Nothing was written: 1 file already exists:")),
             qPrintable(text));
    QVERIFY(text.contains(dir.filePath(QStringLiteral("slurm.conf"))));

    // Ticking "Overwrite existing files" replaces it with the exporter's bytes.
    clickCheckBox(dialog->overwriteBox());
    QVERIFY(dialog->overwriteBox()->isChecked());
    clickExport(dialog);
    QVERIFY2(dialog->lastOutcome()->ok(), qPrintable(dialog->resultView()->toPlainText()));
    const exporters::ExportResult expected = slurmFiles(*window);
    for (const exporters::ExportedFile &file : expected.files)
        QCOMPARE(readAll(dir.filePath(QString::fromStdString(file.path))),
                 QByteArray::fromStdString(file.bytes));
}

void TestExportDialog::validationErrorsRefusedUnlessAllowed()
{
    auto window = windowWith(kDgxExample);
    Document *document = window->document();
    // An IT budget of 10 kW: the eight DGX H100 alone draw 8 x 10.2 kW = 81.6 kW (catalog
    // maximum power), so power.site-it-budget fires; utility (180 kW) and cooling (130 kW)
    // still cover the 96.5 kW x 1.3 PUE = 125.5 kW load, so it is the only error.
    Site site = document->design().site();
    site.itPowerBudgetKw = 10;
    QCOMPARE(document->updateSite(site), QString());
    document->validator()->flush();

    QTemporaryDir dir;
    exportviews::ExportDialog *dialog = window->openExportDialog();
    QVERIFY2(dialog->validationLabel()->text().contains(QStringLiteral("1 validation error")),
             qPrintable(dialog->validationLabel()->text()));
    toggleFormat(dialog, QStringLiteral("slurm"));
    typeFolder(dialog, dir.path());
    clickExport(dialog);
    QVERIFY(dialog->lastOutcome()->status == exporters::ExportStatus::RefusedByValidation);
    QCOMPARE(static_cast<int>(dialog->lastOutcome()->blockingErrors.size()), 1);
    QCOMPARE(dialog->lastOutcome()->blockingErrors.front().ruleKey,
             std::string("power.site-it-budget"));
    QVERIFY(filesUnder(dir.path()).isEmpty());
    QString text = dialog->resultView()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("1 validation error that is not waived")),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("power.site-it-budget")));

    // "Export despite validation errors": written, with the error still reported.
    clickCheckBox(dialog->allowErrorsBox());
    clickExport(dialog);
    QVERIFY2(dialog->lastOutcome()->ok(), qPrintable(dialog->resultView()->toPlainText()));
    QCOMPARE(
        filesUnder(dir.path()),
        (QStringList { "cgroup.conf", "epilog-gpu-health.sh", "gres.conf", "node-health-check.sh",
                       "prolog-gpu-health.sh", "slurm.conf", "slurmdbd.conf", "topology.conf" }));
    text = dialog->resultView()->toPlainText();
    QVERIFY2(text.startsWith(QStringLiteral("Exported despite 1 validation error")),
             qPrintable(text));

    // A waived error no longer blocks (the gate counts errors that are not waived).
    QCOMPARE(document->setWaived(dialog->lastOutcome()->blockingErrors.front(),
                                 QStringLiteral("budget raised next quarter")),
             QString());
    clickCheckBox(dialog->allowErrorsBox());
    QVERIFY(!dialog->allowErrorsBox()->isChecked());
    clickCheckBox(dialog->overwriteBox());
    clickExport(dialog);
    QVERIFY2(dialog->lastOutcome()->ok(), qPrintable(dialog->resultView()->toPlainText()));
    QVERIFY(dialog->lastOutcome()->blockingErrors.empty());
}

void TestExportDialog::severalFormatsGoToSubfolders()
{
    auto window = windowWith(kDgxExample);
    QTemporaryDir dir;
    exportviews::ExportDialog *dialog = window->openExportDialog();
    toggleFormat(dialog, QStringLiteral("graphml"));
    toggleFormat(dialog, QStringLiteral("slurm"));
    typeFolder(dialog, dir.path());
    clickExport(dialog);
    QVERIFY2(dialog->lastOutcome()->ok(), qPrintable(dialog->resultView()->toPlainText()));
    // As `clusterwright-cli export --format all`: <folder>/<format>/, registry order; graphml
    // writes one <fabric>.graphml per fabric (compute-ndr, storage-ndr, oob-mgmt).
    QCOMPARE(filesUnder(dir.path()),
             (QStringList { "graphml/compute-ndr.graphml", "graphml/oob-mgmt.graphml",
                            "graphml/storage-ndr.graphml", "slurm/cgroup.conf",
                            "slurm/epilog-gpu-health.sh", "slurm/gres.conf",
                            "slurm/node-health-check.sh", "slurm/prolog-gpu-health.sh",
                            "slurm/slurm.conf", "slurm/slurmdbd.conf", "slurm/topology.conf" }));
    QCOMPARE(dialog->lastOutcome()->files.front().path, std::string("slurm/slurm.conf"));
}

void TestExportDialog::facilitiesPackAction()
{
    auto window = windowWith(kDgxExample);
    QTemporaryDir dir;
    const exporters::ExportRunOutcome outcome = window->exportFacilitiesPackTo(dir.path());
    QVERIFY2(outcome.ok(), outcome.error.c_str());
    // docs/facilities-report.md: the PDF, the floor plan, one SVG per distinct elevation (A01
    // and A02 differ: E1, E2), the rack index and the device list.
    QCOMPARE(filesUnder(dir.path()),
             (QStringList { "facilities-report.pdf", "floorplan.svg", "racks/E1.svg",
                            "racks/E2.svg", "racks/devices.csv", "racks/index.csv" }));
    QVERIFY(readAll(dir.filePath(QStringLiteral("facilities-report.pdf"))).startsWith("%PDF-"));
    // Batch mode does not ask: a second run is refused because the files exist.
    const exporters::ExportRunOutcome again = window->exportFacilitiesPackTo(dir.path());
    QVERIFY(again.status == exporters::ExportStatus::FilesExist);
    QCOMPARE(static_cast<int>(again.existing.size()), 6);
}

void TestExportDialog::exportViewAsPngAndSvg()
{
    auto window = windowWith(kDgxExample);
    QTemporaryDir dir;
    // The rack elevation's empty U slots are hatched: QSvgGenerator writes an SVG <pattern>,
    // which browsers and Inkscape draw but Qt 6.4's QSvgRenderer (SVG Tiny) cannot resolve;
    // it warns once per use. The document is still checked to be valid below.
    QLoggingCategory::setFilterRules(QStringLiteral("qt.svg.warning=false"));
    struct Case
    {
        QWidget *view;
        const char *stem;
        const char *shown; ///< a name the drawing must contain
    };
    const Case cases[] = { { window->floorPlanView(), "floor", "A02" },
                           { window->rackElevationView(), "racks", "dgx03" },
                           { window->fabricView(), "fabric", "spine01" } };
    for (const Case &c : cases) {
        window->viewTabs()->setCurrentWidget(c.view);
        const QString png = dir.filePath(QString::fromLatin1(c.stem) + QStringLiteral(".png"));
        QCOMPARE(window->exportCurrentView(png), QString());
        const QImage image(png);
        QVERIFY(!image.isNull());
        // The longer side is scaled to 3200 px (views/export/ViewExport.h).
        QCOMPARE(std::max(image.width(), image.height()), 3200);
        QVERIFY2(distinctColours(image) > 20, c.stem);

        const QString svg = dir.filePath(QString::fromLatin1(c.stem) + QStringLiteral(".svg"));
        QCOMPARE(window->exportCurrentView(svg), QString());
        const QByteArray bytes = readAll(svg);
        QXmlStreamReader xml(bytes);
        bool sawSvg = false;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"svg")
                sawSvg = true;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);
        QVERIFY(QSvgRenderer(svg).isValid());
        QVERIFY2(bytes.contains(c.shown), c.shown);
    }
    // Anything but .png or .svg is refused with the reason, and nothing is written.
    const QString bad = dir.filePath(QStringLiteral("view.bmp"));
    QVERIFY(window->exportCurrentView(bad).contains(QStringLiteral("expected a .png or .svg")));
    QVERIFY(!QFile::exists(bad));
}

void TestExportDialog::calculatorsDockFollowsTheDocument()
{
    auto window = windowWith(kDgxExample);
    calcviews::CalculatorsDock *dock = window->calculatorsDock();
    QVERIFY(dock);
    QAction *toggle = window->action(QStringLiteral("viewCalculators"));
    QVERIFY(toggle);
    // It starts tabbed behind the Inspector (open, so its View > Docks toggle is checked);
    // behind, it skips refreshes, and catches up when brought to the front.
    QVERIFY(toggle->isChecked());
    calcviews::CalculatorPanel *power = dock->panel(QStringLiteral("power"));
    QVERIFY(power->prefilledValue(QStringLiteral("it-kw")).isEmpty());
    dock->raise();
    // IT load from the design: the racks' 47.8 + 48.7 kW (the floor plan's labels, the
    // parts' maximum power) = 96.5 kW.
    QTRY_COMPARE(power->prefilledValue(QStringLiteral("it-kw")), QStringLiteral("96.5"));

    // An edit reaches the dock (debounced): removing dgx03 takes 10.2 kW off, 86.3 kW.
    Document *document = window->document();
    DeviceId dgx03;
    for (const Device &device : document->design().devices())
        if (device.name == "dgx03")
            dgx03 = device.id;
    QCOMPARE(document->remove({ EntityRef::of(dgx03) }), QString());
    QTRY_COMPARE(power->prefilledValue(QStringLiteral("it-kw")), QStringLiteral("86.3"));

    // Closed with the toggle, it skips refreshes and catches up when opened again (undo
    // puts dgx03 back).
    toggle->trigger();
    QVERIFY(dock->isHidden());
    document->undoStack()->undo();
    QTest::qWait(500); // past the 300 ms debounce
    QCOMPARE(power->prefilledValue(QStringLiteral("it-kw")), QStringLiteral("86.3"));
    toggle->trigger();
    QVERIFY(!dock->isHidden());
    dock->raise(); // reopened into its tab group, possibly behind the Inspector
    QTRY_COMPARE(power->prefilledValue(QStringLiteral("it-kw")), QStringLiteral("96.5"));

    // A new document replaces the design the dock reads (an empty design prefills nothing).
    window->newDocument(std::make_unique<Design>());
    QVERIFY(power->prefilledValue(QStringLiteral("it-kw")).isEmpty());
}

QTEST_MAIN(TestExportDialog)
#include "tst_export_dialog.moc"
