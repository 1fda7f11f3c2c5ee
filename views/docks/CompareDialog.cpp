#include "views/docks/CompareDialog.h"

#include "views/document/Document.h"

#include "model/io/DesignFile.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cw {
namespace {

enum Column { Kind, Change, Name, Description, Columns };

/// The open design's entity a change names (its old id), when it is one the views can select.
std::optional<EntityRef> entityOf(const change::EntityChange &change)
{
    if (change.oldId == 0)
        return std::nullopt;
    if (change.kind == "device")
        return EntityRef { EntityKind::Device, change.oldId };
    if (change.kind == "rack")
        return EntityRef { EntityKind::Rack, change.oldId };
    if (change.kind == "row")
        return EntityRef { EntityKind::Row, change.oldId };
    if (change.kind == "link")
        return EntityRef { EntityKind::Link, change.oldId };
    if (change.kind == "fabric")
        return EntityRef { EntityKind::Fabric, change.oldId };
    if (change.kind == "storage tier")
        return EntityRef { EntityKind::StorageTier, change.oldId };
    return std::nullopt;
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
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
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
    m_diff = change::diffDesigns(m_document->design(), loaded->design, &m_document->catalog());
    m_header->setText(
        m_diff.empty()
            ? tr("No changes from the open design to %1.").arg(QFileInfo(path).fileName())
            : tr("%n change(s) from the open design to %1. Click a row to select it.", "",
                 static_cast<int>(m_diff.changes.size()))
                  .arg(QFileInfo(path).fileName()));
    fill();
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
    if (!m_document || row < 0 || row >= static_cast<int>(m_diff.changes.size()))
        return;
    if (const auto entity = entityOf(m_diff.changes[static_cast<std::size_t>(row)])) {
        m_document->setSelection({ *entity });
        emit focusRequested({ *entity });
    }
}

} // namespace cw
