#include "views/docks/LinkDialog.h"

#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStringListModel>

namespace cw {
namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace

LinkDialog::LinkDialog(Document *document, const std::vector<EntityRef> &selection, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setWindowTitle(tr("Add Link"));
    setObjectName(QStringLiteral("linkDialog"));
    auto *form = new QFormLayout(this);
    m_fabric = new QComboBox(this);
    m_fabric->setObjectName(QStringLiteral("linkFabric"));
    for (const Fabric &fabric : document->design().fabrics())
        m_fabric->addItem(qs(fabric.name), QVariant::fromValue(fabric.id.value));
    form->addRow(tr("Fabric"), m_fabric);
    QStringList names;
    for (const Device &device : document->design().devices())
        names << qs(device.name);
    auto *model = new QStringListModel(names, this);
    for (int i = 0; i < 2; ++i) {
        End &end = m_ends[i];
        end.device = new QLineEdit(this);
        end.device->setObjectName(QStringLiteral("linkDevice%1").arg(i == 0 ? 'A' : 'B'));
        end.device->setPlaceholderText(tr("device name"));
        auto *completer = new QCompleter(model, end.device);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        end.device->setCompleter(completer);
        end.port = new QComboBox(this);
        end.port->setObjectName(QStringLiteral("linkPort%1").arg(i == 0 ? 'A' : 'B'));
        form->addRow(i == 0 ? tr("From device") : tr("To device"), end.device);
        form->addRow(tr("Port"), end.port);
        connect(end.device, &QLineEdit::textChanged, this, [this, i] { fillPorts(m_ends[i]); });
    }
    auto *cable = new QLabel(tr("The cable and its length are chosen by auto-cabling."), this);
    cable->setWordWrap(true);
    form->addRow(cable);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("linkMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c62828"));
    form->addRow(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &LinkDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &LinkDialog::reject);
    form->addRow(buttons);

    // The selected devices are the ends; a device's fabric is the one its links use.
    int filled = 0;
    for (const EntityRef &ref : selection) {
        if (ref.kind != EntityKind::Device || filled == 2)
            continue;
        if (const Device *device = document->design().device(DeviceId { ref.id }))
            m_ends[filled++].device->setText(qs(device->name));
    }
    if (filled > 0)
        if (const Device *device = deviceNamed(m_ends[0].device->text()))
            for (LinkId id : document->design().linksOfDevice(device->id))
                if (const Link *link = document->design().link(id))
                    if (const Fabric *fabric = document->design().fabric(link->fabric)) {
                        m_fabric->setCurrentText(qs(fabric->name));
                        break;
                    }
}

const Device *LinkDialog::deviceNamed(const QString &name) const
{
    if (!m_document)
        return nullptr;
    const std::string wanted = name.trimmed().toStdString();
    for (const Device &device : m_document->design().devices())
        if (device.name == wanted)
            return &device;
    return nullptr;
}

void LinkDialog::fillPorts(End &end)
{
    end.port->clear();
    const Device *device = deviceNamed(end.device->text());
    if (!device || !m_document)
        return;
    const Part *part = m_document->catalog().find(device->catalogType);
    if (!part)
        return;
    // Free ports only, in the part's order; the first free one is preselected.
    for (int i = 0; i < static_cast<int>(part->ports.size()); ++i) {
        if (m_document->design().linkAt(PortRef { device->id, i }).isValid())
            continue;
        const PortSpec &spec = part->ports[static_cast<std::size_t>(i)];
        end.port->addItem(tr("%1 (%2, %3 Gb/s)")
                              .arg(qs(spec.name), qs(std::string(toString(spec.role))))
                              .arg(spec.speedGbps),
                          i);
    }
}

void LinkDialog::setEnd(int end, const QString &deviceName, int port)
{
    End &target = m_ends[end == 0 ? 0 : 1];
    target.device->setText(deviceName);
    const int index = target.port->findData(port);
    if (index >= 0)
        target.port->setCurrentIndex(index);
}

void LinkDialog::setFabric(const QString &fabricName)
{
    m_fabric->setCurrentText(fabricName);
}

Link LinkDialog::link() const
{
    Link link;
    link.fabric = FabricId { m_fabric->currentData().toULongLong() };
    for (int i = 0; i < 2; ++i) {
        PortRef &port = i == 0 ? link.a : link.b;
        if (const Device *device = deviceNamed(m_ends[i].device->text()))
            port.device = device->id;
        port.port
            = m_ends[i].port->currentIndex() >= 0 ? m_ends[i].port->currentData().toInt() : -1;
    }
    return link;
}

QString LinkDialog::apply()
{
    if (!m_document)
        return tr("No design open.");
    QString why;
    if (m_fabric->count() == 0)
        why = tr("No fabric to put the link on: create one first (Edit > New Fabric...).");
    for (int i = 0; i < 2 && why.isEmpty(); ++i) {
        const QString name = m_ends[i].device->text().trimmed();
        if (!deviceNamed(name))
            why = tr("%1: no device named \"%2\".").arg(i == 0 ? tr("From") : tr("To"), name);
        else if (m_ends[i].port->count() == 0)
            why = tr("%1 has no free port.").arg(name);
    }
    if (why.isEmpty())
        why = m_document->addLink(link());
    m_message->setText(why);
    return why;
}

QString LinkDialog::message() const
{
    return m_message->text();
}

void LinkDialog::accept()
{
    if (apply().isEmpty())
        QDialog::accept();
}

} // namespace cw
