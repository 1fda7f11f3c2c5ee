#include "views/canvas/RackPicker.h"

#include "model/core/Design.h"
#include "views/document/Document.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace cw::canvas {
namespace {

constexpr int kRackRole = Qt::UserRole;
constexpr int kRowRole = Qt::UserRole + 1;

} // namespace

RackPicker::RackPicker(const Document &document, const std::vector<RackId> &current,
                       std::size_t maxRacks, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_maxRacks(maxRacks)
    , m_row(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_list(new QListWidget(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("rackPicker"));
    setWindowTitle(tr("Racks in the Elevation"));
    const Design &design = document.design();

    std::vector<const Row *> rows;
    for (const Row &row : design.rows())
        rows.push_back(&row);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row *a, const Row *b) { return a->index < b->index; });
    std::unordered_map<std::uint64_t, int> rowRank;
    m_row->addItem(tr("All rows"), QVariant::fromValue<qulonglong>(0));
    for (const Row *row : rows) {
        rowRank[row->id.value] = static_cast<int>(rowRank.size());
        m_row->addItem(QString::fromStdString(row->name),
                       QVariant::fromValue<qulonglong>(row->id.value));
    }

    // Racks in floor order: row, then position.
    std::vector<const Rack *> racks;
    for (const Rack &rack : design.racks())
        racks.push_back(&rack);
    std::stable_sort(racks.begin(), racks.end(), [&](const Rack *a, const Rack *b) {
        return std::pair(rowRank[a->row.value], a->position)
            < std::pair(rowRank[b->row.value], b->position);
    });
    const std::set<RackId> shown(current.begin(), current.end());
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    for (const Rack *rack : racks) {
        const Row *row = design.row(rack->row);
        auto *item = new QListWidgetItem(
            tr("%1  (row %2, position %3)")
                .arg(QString::fromStdString(rack->name),
                     row ? QString::fromStdString(row->name) : QStringLiteral("?"))
                .arg(rack->position + 1),
            m_list);
        item->setData(kRackRole, QVariant::fromValue<qulonglong>(rack->id.value));
        item->setData(kRowRole, QVariant::fromValue<qulonglong>(rack->row.value));
        item->setSelected(shown.contains(rack->id));
    }

    m_name->setPlaceholderText(tr("part of a rack name"));
    m_name->setClearButtonEnabled(true);
    auto *fromSelection = new QPushButton(tr("Racks of the &Selection"), this);
    fromSelection->setEnabled(!document.selection().empty());
    auto *form = new QFormLayout;
    form->addRow(tr("&Row:"), m_row);
    form->addRow(tr("&Name:"), m_name);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(fromSelection);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(m_row, &QComboBox::currentIndexChanged, this, &RackPicker::refilter);
    connect(m_name, &QLineEdit::textChanged, this, &RackPicker::refilter);
    connect(fromSelection, &QPushButton::clicked, this, &RackPicker::pickSelection);
    connect(m_list, &QListWidget::itemSelectionChanged, this, &RackPicker::limitPicks);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    limitPicks();
    resize(420, 520);
}

std::vector<RackId> RackPicker::racks() const
{
    std::vector<RackId> picked;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->isSelected())
            picked.push_back(RackId { m_list->item(i)->data(kRackRole).toULongLong() });
    return picked;
}

void RackPicker::setRowFilter(RowId row)
{
    const int index = m_row->findData(QVariant::fromValue<qulonglong>(row.value));
    m_row->setCurrentIndex(std::max(index, 0));
}

void RackPicker::setNameFilter(const QString &text)
{
    m_name->setText(text);
}

void RackPicker::refilter()
{
    const qulonglong row = m_row->currentData().toULongLong();
    const QString text = m_name->text().trimmed();
    const bool narrowed = row != 0 || !text.isEmpty();
    int shown = 0;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const bool visible = (row == 0 || item->data(kRowRole).toULongLong() == row)
            && (text.isEmpty()
                || item->text()
                       .section(QLatin1Char(' '), 0, 0)
                       .contains(text, Qt::CaseInsensitive));
        item->setHidden(!visible);
        shown += visible ? 1 : 0;
    }
    // A narrowed list shows what to look at: pick its first racks unless the user has.
    if (narrowed && shown > 0) {
        m_list->clearSelection();
        std::size_t picked = 0;
        for (int i = 0; i < m_list->count() && picked < m_maxRacks; ++i)
            if (!m_list->item(i)->isHidden()) {
                m_list->item(i)->setSelected(true);
                ++picked;
            }
    }
    limitPicks();
}

int RackPicker::visibleCount() const
{
    int shown = 0;
    for (int i = 0; i < m_list->count(); ++i)
        shown += m_list->item(i)->isHidden() ? 0 : 1;
    return shown;
}

void RackPicker::pickSelection()
{
    const Design &design = m_document.design();
    std::set<RackId> wanted;
    for (const EntityRef &ref : m_document.selection()) {
        if (ref.kind == EntityKind::Rack)
            wanted.insert(RackId { ref.id });
        else if (ref.kind == EntityKind::Device)
            if (const Device *device = design.device(DeviceId { ref.id }))
                wanted.insert(device->rack);
    }
    m_row->setCurrentIndex(0);
    m_name->clear();
    m_list->clearSelection();
    for (int i = 0; i < m_list->count(); ++i)
        if (wanted.contains(RackId { m_list->item(i)->data(kRackRole).toULongLong() }))
            m_list->item(i)->setSelected(true);
    limitPicks();
}

void RackPicker::limitPicks()
{
    std::size_t picked = 0;
    const QSignalBlocker block(m_list);
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->isSelected() && ++picked > m_maxRacks)
            m_list->item(i)->setSelected(false);
    picked = std::min(picked, m_maxRacks);
    m_status->setText(tr("%1 of at most %2 racks picked; %3 listed")
                          .arg(picked)
                          .arg(m_maxRacks)
                          .arg(visibleCount()));
}

} // namespace cw::canvas
