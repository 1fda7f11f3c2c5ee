#include "views/docks/LibraryDock.h"

#include "model/catalog/Catalog.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>

namespace cw {
namespace {

/// Kinds in the order an architect builds: racks, then what goes in them, then cabling.
constexpr PartKind kKindOrder[] = { PartKind::Rack,       PartKind::Server, PartKind::Switch,
                                    PartKind::Storage,    PartKind::Cdu,    PartKind::Pdu,
                                    PartKind::Nic,        PartKind::Gpu,    PartKind::Cable,
                                    PartKind::Transceiver };

QString kindTitle(PartKind kind)
{
    switch (kind) {
    case PartKind::Rack:
        return LibraryDock::tr("Racks");
    case PartKind::Server:
        return LibraryDock::tr("Servers");
    case PartKind::Switch:
        return LibraryDock::tr("Switches");
    case PartKind::Storage:
        return LibraryDock::tr("Storage");
    case PartKind::Cdu:
        return LibraryDock::tr("Coolant distribution units");
    case PartKind::Pdu:
        return LibraryDock::tr("PDUs");
    case PartKind::Nic:
        return LibraryDock::tr("NICs and HCAs");
    case PartKind::Gpu:
        return LibraryDock::tr("GPUs");
    case PartKind::Cable:
        return LibraryDock::tr("Cables");
    case PartKind::Transceiver:
        return LibraryDock::tr("Transceivers");
    }
    return {};
}

QString speedText(double gbps)
{
    return gbps >= 1 ? QStringLiteral("%1G").arg(gbps) : QStringLiteral("%1M").arg(gbps * 1000);
}

/// "8x400G compute + 2x200G storage": ports grouped by role and speed.
QString portsText(const Part &part)
{
    std::map<std::pair<PortRole, double>, int> groups;
    for (const PortSpec &port : part.ports)
        ++groups[{ port.role, port.speedGbps }];
    QStringList parts;
    for (const auto &[key, count] : groups)
        parts << QStringLiteral("%1x%2 %3")
                     .arg(count)
                     .arg(speedText(key.second), QString::fromUtf8(toString(key.first).data()));
    return parts.join(QStringLiteral(" + "));
}

} // namespace

PartLibraryModel::PartLibraryModel(const Catalog &catalog, QObject *parent)
    : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({ tr("Part"), tr("U"), tr("Power"), tr("Ports"), tr("Price") });
    std::map<PartKind, std::vector<const Part *>> byKind;
    for (const auto &part : catalog.parts())
        byKind[part->kind].push_back(part.get());
    for (PartKind kind : kKindOrder) {
        auto it = byKind.find(kind);
        if (it == byKind.end())
            continue;
        auto *group = new QStandardItem(
            QStringLiteral("%1 (%2)").arg(kindTitle(kind)).arg(it->second.size()));
        group->setEditable(false);
        group->setDragEnabled(false);
        QList<QStandardItem *> groupRow { group };
        for (int c = 1; c < ColumnCount; ++c) {
            auto *filler = new QStandardItem;
            filler->setEditable(false);
            filler->setDragEnabled(false);
            groupRow << filler;
        }
        appendRow(groupRow);
        for (const Part *part : it->second) {
            const QString id = QString::fromStdString(part->id);
            auto *name = new QStandardItem(id);
            name->setData(id, PartIdRole);
            // The search looks at what a person remembers: vendor, model, description.
            name->setData(QStringLiteral("%1 %2 %3 %4")
                              .arg(id, QString::fromStdString(part->vendor),
                                   QString::fromStdString(part->model),
                                   QString::fromStdString(part->description)),
                          Qt::UserRole + 2);
            name->setToolTip(QStringLiteral("<b>%1 %2</b><br>%3<br>%4<br><i>%5</i>")
                                 .arg(QString::fromStdString(part->vendor).toHtmlEscaped(),
                                      QString::fromStdString(part->model).toHtmlEscaped(),
                                      QString::fromStdString(part->description).toHtmlEscaped(),
                                      keyFigures(*part).toHtmlEscaped(),
                                      QString::fromStdString(part->source).toHtmlEscaped()));
            auto *units = new QStandardItem(
                part->uHeight > 0 ? QStringLiteral("%1U").arg(part->uHeight) : QString());
            auto *power = new QStandardItem(part->maxPowerW > 0 ? QStringLiteral("%1 kW").arg(
                                                part->maxPowerW / 1000.0, 0, 'f', 2)
                                                                : QString());
            auto *ports = new QStandardItem(portsText(*part));
            auto *price = new QStandardItem(
                part->priceUsd > 0 ? QStringLiteral("$%L1").arg(part->priceUsd, 0, 'f', 0)
                                   : QString());
            QList<QStandardItem *> row { name, units, power, ports, price };
            for (QStandardItem *item : row) {
                item->setEditable(false);
                item->setData(id, PartIdRole);
            }
            units->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            power->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            price->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            group->appendRow(row);
        }
    }
}

QString PartLibraryModel::keyFigures(const Part &part)
{
    QStringList figures;
    if (part.uHeight > 0)
        figures << QStringLiteral("%1U").arg(part.uHeight);
    if (part.maxPowerW > 0)
        figures << QStringLiteral("%1 kW").arg(part.maxPowerW / 1000.0, 0, 'f', 2);
    if (part.server && part.server->gpuCount > 0)
        figures << QStringLiteral("%1 GPUs").arg(part.server->gpuCount);
    if (part.rack)
        figures << QStringLiteral("%1U rack").arg(part.rack->rackUnits);
    if (!part.ports.empty())
        figures << portsText(part);
    return figures.join(QStringLiteral(" · "));
}

Qt::ItemFlags PartLibraryModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QStandardItemModel::flags(index);
    if (index.data(PartIdRole).toString().isEmpty())
        flags &= ~Qt::ItemIsDragEnabled;
    else
        flags |= Qt::ItemIsDragEnabled;
    return flags;
}

QStringList PartLibraryModel::mimeTypes() const
{
    return { QString::fromLatin1(kPartMimeType) };
}

QMimeData *PartLibraryModel::mimeData(const QModelIndexList &indexes) const
{
    for (const QModelIndex &index : indexes) {
        const QString id = index.data(PartIdRole).toString();
        if (id.isEmpty())
            continue;
        auto *mime = new QMimeData;
        mime->setData(QString::fromLatin1(kPartMimeType), id.toUtf8());
        mime->setText(id);
        return mime;
    }
    return nullptr;
}

LibraryDock::LibraryDock(const Catalog &catalog, QWidget *parent)
    : QDockWidget(tr("Library"), parent)
    , m_model(new PartLibraryModel(catalog, this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("LibraryDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    m_filter = new QLineEdit(body);
    m_filter->setPlaceholderText(tr("Search parts (id, vendor, model)"));
    m_filter->setClearButtonEnabled(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(Qt::UserRole + 2);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_view = new QTreeView(body);
    m_view->setModel(m_proxy);
    m_view->setDragEnabled(true);
    m_view->setDragDropMode(QAbstractItemView::DragOnly);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->expandAll();
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
    setWidget(body);
    connect(m_filter, &QLineEdit::textChanged, this, &LibraryDock::setFilterText);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const QString id = index.data(PartLibraryModel::PartIdRole).toString();
        if (!id.isEmpty())
            emit partActivated(id);
    });
}

void LibraryDock::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text);
    m_proxy->setFilterFixedString(text);
    m_view->expandAll();
}

QString LibraryDock::currentPartId() const
{
    return m_view->currentIndex().data(PartLibraryModel::PartIdRole).toString();
}

} // namespace cw
