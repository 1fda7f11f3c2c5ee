#include "app/gui/MainWindow.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/io/DesignFile.h"
#include "model/summary/DesignSummary.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTreeWidget>

#include <algorithm>
#include <cstdio>

namespace cw {

MainWindow::MainWindow(const Catalog &catalog, QWidget *parent)
    : QMainWindow(parent)
    , m_catalog(catalog)
{
    setWindowTitle(tr("Clusterwright"));
    auto *splitter = new QSplitter(this);
    m_tree = new QTreeWidget(splitter);
    m_tree->setColumnCount(5);
    m_tree->setHeaderLabels({tr("Name"), tr("Part"), tr("Role"), tr("U"), tr("Max power")});
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary = new QLabel(splitter);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setMargin(12);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open..."), this, &MainWindow::openWithDialog);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Clusterwright"), this, [this] {
        QMessageBox::about(this, tr("About Clusterwright"),
                           tr("Clusterwright: a workbench for designing GPU training clusters."));
    });
    resize(1200, 760);
    statusBar()->showMessage(tr("No design open"));
}

MainWindow::~MainWindow() = default;

void MainWindow::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open design"), QString(),
                                                      tr("Cluster designs (*.cluster.json)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString &path)
{
    auto loaded = loadDesignFile(path.toStdString(), m_catalog);
    if (!loaded) {
        if (m_batch)
            std::fprintf(stderr, "error: %s\n", loaded.error().message.c_str());
        else
            QMessageBox::warning(this, tr("Cannot open design"),
                                 QString::fromStdString(loaded.error().message));
        return false;
    }
    m_design = std::make_unique<Design>(std::move(loaded.value().design));
    m_path = path;
    showDesign();
    return true;
}

void MainWindow::showDesign()
{
    m_tree->clear();
    const Design &design = *m_design;
    setWindowTitle(tr("%1 - Clusterwright").arg(QFileInfo(m_path).fileName()));
    std::vector<const Rack *> racks;
    for (const Rack &rack : design.racks())
        racks.push_back(&rack);
    std::sort(racks.begin(), racks.end(), [&design](const Rack *a, const Rack *b) {
        const int rowA = design.row(a->row)->index;
        const int rowB = design.row(b->row)->index;
        return rowA != rowB ? rowA < rowB : a->position < b->position;
    });
    for (const Rack *rack : racks) {
        auto *rackItem = new QTreeWidgetItem(m_tree);
        rackItem->setText(0, QString::fromStdString(rack->name));
        rackItem->setText(1, QString::fromStdString(rack->catalogType));
        rackItem->setText(2, QString::fromStdString(design.row(rack->row)->name));
        double rackPowerW = 0;
        std::vector<const Device *> devices;
        for (DeviceId id : design.devicesInRack(rack->id))
            devices.push_back(design.device(id));
        std::sort(devices.begin(), devices.end(),
                  [](const Device *a, const Device *b) { return a->uPosition > b->uPosition; });
        for (const Device *device : devices) {
            const Part *part = m_catalog.find(device->catalogType);
            auto *item = new QTreeWidgetItem(rackItem);
            item->setText(0, QString::fromStdString(device->name));
            item->setText(1, QString::fromStdString(device->catalogType));
            item->setText(2, QString::fromUtf8(toString(device->role).data()));
            item->setText(3, QString::number(device->uPosition));
            const double powerW = part ? part->maxPowerW : 0;
            rackPowerW += powerW;
            item->setText(4, tr("%1 kW").arg(powerW / 1000.0, 0, 'f', 2));
        }
        rackItem->setText(4, tr("%1 kW").arg(rackPowerW / 1000.0, 0, 'f', 1));
        rackItem->setExpanded(true);
    }

    const DesignSummary s = summarize(design, m_catalog);
    QString html = tr("<h3>%1</h3><table>").arg(QString::fromStdString(design.name()).toHtmlEscaped());
    auto row = [&html](const QString &label, const QString &value) {
        html += QStringLiteral("<tr><td>%1</td><td align=right><b>%2</b></td></tr>").arg(label, value);
    };
    row(tr("Racks"), QString::number(s.racks));
    row(tr("Compute nodes"), QString::number(s.nodes));
    row(tr("GPUs"), QString::number(s.gpus));
    row(tr("Switches"), QString::number(s.switches));
    row(tr("Storage servers"), QString::number(s.storageServers));
    row(tr("Links"), QString::number(s.links));
    row(tr("IT power (max)"), tr("%1 kW").arg(s.itPowerKw, 0, 'f', 1));
    row(tr("Facility power (PUE %1)").arg(design.site().pue),
        tr("%1 kW").arg(s.itPowerKw * design.site().pue, 0, 'f', 1));
    row(tr("Storage capacity"), tr("%1 TB").arg(s.storageCapacityTB, 0, 'f', 0));
    html += QStringLiteral("</table><h4>%1</h4><table>").arg(tr("Fabrics"));
    for (const FabricSummary &fabric : s.fabrics)
        row(QString::fromStdString(fabric.name),
            tr("%1 links, %2 Gb/s").arg(fabric.links).arg(fabric.linkSpeedGbps));
    html += QStringLiteral("</table>");
    m_summary->setText(html);
    statusBar()->showMessage(tr("%1 racks, %2 devices, %3 links")
                                 .arg(s.racks)
                                 .arg(s.devices)
                                 .arg(s.links));
}

} // namespace cw
