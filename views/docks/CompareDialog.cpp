#include "views/docks/CompareDialog.h"

#include "views/document/Document.h"

#include "exporters/changes/ChangeReport.h"
#include "exporters/common/FileHeader.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cw {
namespace {

enum Column { Kind, Change, Name, Description, Columns };

/// "work-order.csv" -> "work-order" + suffix, beside it.
QString besideCsv(const QString &csvPath, const QString &suffix)
{
    const QString base = csvPath.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        ? csvPath.chopped(4)
        : csvPath;
    return base + suffix;
}

} // namespace

CompareDialog::CompareDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setWindowTitle(tr("Compare with..."));
    setObjectName(QStringLiteral("CompareDialog"));
    auto *layout = new QVBoxLayout(this);
    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    layout->addWidget(m_header);
    m_table = new QTableWidget(0, Columns, this);
    m_table->setHorizontalHeaderLabels(
        { tr("Kind"), tr("Change"), tr("Name"), tr("What changed") });
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_exportBom = buttons->addButton(tr("Export BOM Delta..."), QDialogButtonBox::ActionRole);
    m_exportBom->setObjectName(QStringLiteral("exportBomDelta"));
    m_exportWorkOrder
        = buttons->addButton(tr("Export Work Order..."), QDialogButtonBox::ActionRole);
    m_exportWorkOrder->setObjectName(QStringLiteral("exportWorkOrder"));
    m_clear = buttons->addButton(tr("Clear Comparison"), QDialogButtonBox::ResetRole);
    m_clear->setObjectName(QStringLiteral("clearComparison"));
    for (QPushButton *button : { m_exportBom, m_exportWorkOrder, m_clear }) {
        button->setEnabled(false); // until a comparison succeeded
        button->setAutoDefault(false);
    }
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_exportBom, &QPushButton::clicked, this, [this] { askAndExport(false); });
    connect(m_exportWorkOrder, &QPushButton::clicked, this, [this] { askAndExport(true); });
    connect(m_clear, &QPushButton::clicked, this, &CompareDialog::clearComparison);
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) { selectRow(row); });
    resize(820, 480);
}

QString CompareDialog::compareWith(const QString &path)
{
    if (!m_document)
        return tr("no design open");
    auto loaded = loadDesignFile(path.toStdString(), m_document->catalog());
    if (!loaded) {
        const QString error = QString::fromStdString(loaded.error().message);
        m_header->setText(error);
        return error;
    }
    m_other = std::make_shared<const Design>(std::move(loaded->design));
    m_otherPath = path;
    m_exportBom->setEnabled(true);
    m_exportWorkOrder->setEnabled(true);
    m_diff = change::diffDesigns(m_document->design(), *m_other, &m_document->catalog());
    m_header->setText(
        m_diff.empty()
            ? tr("No changes from the open design to %1.").arg(QFileInfo(path).fileName())
            : tr("%n change(s) from the open design to %1. Click a row to select it. The views "
                 "show them (green added, red dashed removed, amber changed, blue moved or "
                 "re-cabled, dashed blue where it stands in the other design) until Clear "
                 "Comparison.",
                 "", static_cast<int>(m_diff.changes.size()))
                  .arg(QFileInfo(path).fileName()));
    fill();
    computeMarks();
    computeGhosts();
    m_clear->setEnabled(!m_marks.empty());
    emit compareGhostsChanged(m_ghosts);
    emit compareMarksChanged(m_marks);
    return {};
}

void CompareDialog::fill()
{
    m_table->setRowCount(static_cast<int>(m_diff.changes.size()));
    for (int r = 0; r < static_cast<int>(m_diff.changes.size()); ++r) {
        const change::EntityChange &c = m_diff.changes[static_cast<std::size_t>(r)];
        const QString texts[Columns]
            = { QString::fromStdString(c.kind),
                QString::fromStdString(std::string(toString(c.change))),
                QString::fromStdString(c.name), QString::fromStdString(c.describe()) };
        for (int column = 0; column < Columns; ++column) {
            auto *item = new QTableWidgetItem(texts[column]);
            item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
            m_table->setItem(r, column, item);
        }
    }
    m_table->resizeColumnsToContents();
}

void CompareDialog::selectRow(int row)
{
    const std::vector<EntityRef> entities = entitiesOfRow(row);
    if (!m_document || entities.empty())
        return;
    m_document->setSelection(entities);
    emit focusRequested(entities);
}

} // namespace cw

namespace cw {

QString CompareDialog::writeAll(const std::vector<std::pair<QString, std::string>> &files)
{
    for (const auto &[path, text] : files)
        if (auto written = writeFileAtomically(path.toStdString(), text); !written)
            return QString::fromStdString(written.error().message);
    return {};
}

QString CompareDialog::exportBomDelta(const QString &csvPath)
{
    if (!m_document || !m_other)
        return tr("Compare with a design first.");
    // The same code and options as `clusterwright-cli diff --output-dir` (app/cli/CommandDiff):
    // the artifacts do not depend on bisection, so it is skipped.
    auto report = changes::buildChangeReport(m_document->design(), *m_other, m_document->catalog(),
                                             { .bisection = false, .today = {} });
    if (!report)
        return QString::fromStdString(report.error().message);
    const std::string provenance
        = exporters::headerLine(*m_other, "BOM delta, changes from \"" + report->oldName + "\"")
        + "\nFiles: " + QFileInfo(csvPath).fileName().toStdString()
        + " (RFC 4180, one header row); the same as bom-delta.csv of clusterwright-cli diff "
          "--output-dir, see docs/cli.md (diff).\n";
    return writeAll({ { csvPath, changes::bomDeltaCsv(report->bom) },
                      { besideCsv(csvPath, QStringLiteral("-provenance.txt")), provenance } });
}

QString CompareDialog::exportWorkOrder(const QString &csvPath)
{
    if (!m_document || !m_other)
        return tr("Compare with a design first.");
    auto report = changes::buildChangeReport(m_document->design(), *m_other, m_document->catalog(),
                                             { .bisection = false, .today = {} });
    if (!report)
        return QString::fromStdString(report.error().message);
    const QString markdownPath = besideCsv(csvPath, QStringLiteral(".md"));
    const std::string provenance
        = exporters::headerLine(*m_other,
                                "cabling work order, changes from \"" + report->oldName + "\"")
        + "\nFiles: " + QFileInfo(csvPath).fileName().toStdString()
        + " (RFC 4180, one header row), " + QFileInfo(markdownPath).fileName().toStdString()
        + "; the same as work-order.csv and work-order.md of clusterwright-cli diff "
          "--output-dir, see docs/cli.md (diff).\n";
    return writeAll(
        { { csvPath, changes::workOrderCsv(report->workOrder) },
          { markdownPath, changes::workOrderMarkdown(report->workOrder, report->newName) },
          { besideCsv(csvPath, QStringLiteral("-provenance.txt")), provenance } });
}

void CompareDialog::askAndExport(bool workOrder)
{
    const QString suggested = QFileInfo(m_otherPath)
                                  .dir()
                                  .filePath(workOrder ? QStringLiteral("work-order.csv")
                                                      : QStringLiteral("bom-delta.csv"));
    const QString path = QFileDialog::getSaveFileName(
        this, workOrder ? tr("Export Work Order") : tr("Export BOM Delta"), suggested,
        tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    const QString error = workOrder ? exportWorkOrder(path) : exportBomDelta(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, workOrder ? tr("Export Work Order") : tr("Export BOM Delta"),
                             error);
    else
        m_header->setText(workOrder ? tr("Work order written to %1 (and .md).").arg(path)
                                    : tr("BOM delta written to %1.").arg(path));
}

} // namespace cw
