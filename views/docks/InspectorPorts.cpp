// The Inspector's port table for one device: every port of its part with what is plugged
// into it (peer device and port, cable, length). Length is edited in place; a double click
// selects the link (its own form edits the cable); Connect and Disconnect add or remove a
// link through Document, so both are undo steps and a refusal is shown.

#include "views/docks/InspectorDock.h"

#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>

namespace cw {
namespace {

enum PortColumn { ColPort, ColRole, ColSpeed, ColPeer, ColCable, ColLength, ColCount };

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QTableWidgetItem *cell(QTableWidget *table, int row, int column, const QString &text, bool editable)
{
    QTableWidgetItem *item = table->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        table->setItem(row, column, item);
    }
    item->setText(text);
    item->setFlags(editable ? item->flags() | Qt::ItemIsEditable
                            : item->flags() & ~Qt::ItemIsEditable);
    return item;
}

/// "leaf01 p17" for the other end of `link` seen from `device`.
QString peerText(const Design &design, const Catalog &catalog, const Link &link, DeviceId device)
{
    const PortRef peer = link.a.device == device ? link.b : link.a;
    const Device *other = design.device(peer.device);
    if (!other)
        return QStringLiteral("?");
    QString port = QStringLiteral("#%1").arg(peer.port);
    if (const Part *part = catalog.find(other->catalogType);
        part && peer.port >= 0 && peer.port < static_cast<int>(part->ports.size()))
        port = qs(part->ports[static_cast<std::size_t>(peer.port)].name);
    return QStringLiteral("%1 %2").arg(qs(other->name), port);
}

} // namespace

void InspectorDock::buildPortTable(DeviceId id)
{
    Document *doc = m_document;
    const Device *device = doc->design().device(id);
    const Part *part = device ? doc->catalog().find(device->catalogType) : nullptr;
    if (!part || part->ports.empty())
        return;
    auto *table = new QTableWidget(0, ColCount, m_formHost);
    table->setObjectName(QStringLiteral("ports"));
    table->setHorizontalHeaderLabels(
        { tr("Port"), tr("Role"), tr("Speed"), tr("Peer"), tr("Cable"), tr("Length (m)") });
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setMaximumHeight(220);
    table->setToolTip(tr("Double-click a cabled port to select its link"));
    // Role and speed go into the port's tooltip: the dock is narrow, the peer and cable are
    // what an architect reads here. The table spans the form's width.
    table->setColumnHidden(ColRole, true);
    table->setColumnHidden(ColSpeed, true);
    table->setMinimumHeight(160);
    m_form->addRow(new QLabel(tr("Ports (double-click: select the link)"), m_formHost));
    m_form->addRow(table);
    m_fields.push_back(
        { table, [table, doc, id] {
             const QSignalBlocker blocker(table);
             const Device *d = doc->design().device(id);
             const Part *p = d ? doc->catalog().find(d->catalogType) : nullptr;
             table->setRowCount(p ? static_cast<int>(p->ports.size()) : 0);
             for (int row = 0; row < table->rowCount(); ++row) {
                 const PortSpec &spec = p->ports[static_cast<std::size_t>(row)];
                 cell(table, row, ColPort, qs(spec.name), false);
                 cell(table, row, ColRole, qs(std::string(toString(spec.role))), false);
                 cell(table, row, ColSpeed, tr("%1 Gb/s").arg(spec.speedGbps), false);
                 const Link *link = doc->design().link(doc->design().linkAt(PortRef { id, row }));
                 cell(table, row, ColPeer,
                      link ? peerText(doc->design(), doc->catalog(), *link, id) : tr("(free)"),
                      false);
                 cell(table, row, ColCable, link ? qs(link->cableType) : QString(), false);
                 cell(table, row, ColLength,
                      link ? QString::number(link->lengthM, 'f', 1) : QString(), link != nullptr);
             }
         } });
    auto linkOfRow = [doc, id](int row) -> const Link * {
        return doc->design().link(doc->design().linkAt(PortRef { id, row }));
    };
    connect(table, &QTableWidget::itemChanged, this,
            [this, doc, linkOfRow](QTableWidgetItem *item) {
                if (m_loading || item->column() != ColLength)
                    return;
                const Link *current = linkOfRow(item->row());
                if (!current)
                    return;
                Link link = *current;
                bool ok = false;
                const double lengthM = item->text().trimmed().toDouble(&ok);
                QString why = tr("port table: length must be a number of metres");
                if (ok) {
                    link.lengthM = lengthM;
                    why = doc->updateLink(link);
                }
                report(why);
                loadAll();
            });
    connect(table, &QTableWidget::cellDoubleClicked, this, [doc, linkOfRow](int row, int column) {
        if (column == ColLength)
            return; // editing the length, not leaving the device
        if (const Link *link = linkOfRow(row))
            doc->setSelection({ EntityRef::of(link->id) });
    });

    auto *buttons = new QWidget(m_formHost);
    auto *layout = new QHBoxLayout(buttons);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *connectButton = new QPushButton(tr("Connect..."), buttons);
    connectButton->setObjectName(QStringLiteral("connectPort"));
    auto *disconnectButton = new QPushButton(tr("Disconnect"), buttons);
    disconnectButton->setObjectName(QStringLiteral("disconnectPort"));
    layout->addWidget(connectButton);
    layout->addWidget(disconnectButton);
    layout->addStretch(1);
    m_fields.push_back({ buttons, {} });
    m_form->addRow(QString(), buttons);
    connect(connectButton, &QPushButton::clicked, this, [this, table, id, linkOfRow] {
        const int row = table->currentRow();
        if (row < 0 || linkOfRow(row)) {
            report(tr("Select a free port to connect."));
            return;
        }
        emit connectPortRequested(PortRef { id, row });
    });
    connect(disconnectButton, &QPushButton::clicked, this, [this, doc, table, linkOfRow] {
        const Link *link = linkOfRow(table->currentRow());
        if (!link) {
            report(tr("Select a cabled port to disconnect."));
            return;
        }
        report(doc->remove({ EntityRef::of(link->id) }));
    });
}

} // namespace cw
