#include "views/docks/FabricDialog.h"

#include "views/document/Document.h"

#include "model/core/Design.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace cw {

FabricDialog::FabricDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setWindowTitle(tr("New Fabric"));
    setObjectName(QStringLiteral("fabricDialog"));
    auto *form = new QFormLayout(this);
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("fabricName"));
    // A free name: "compute", else "compute-2", ...
    QString name = QStringLiteral("compute");
    for (int n = 2; document &&
         [&] {
             for (const Fabric &fabric : document->design().fabrics())
                 if (QString::fromStdString(fabric.name) == name)
                     return true;
             return false;
         }();
         ++n)
        name = QStringLiteral("compute-%1").arg(n);
    m_name->setText(name);
    m_purpose = new QComboBox(this);
    m_purpose->setObjectName(QStringLiteral("fabricPurpose"));
    for (FabricPurpose purpose : { FabricPurpose::Compute, FabricPurpose::Storage,
                                   FabricPurpose::Frontend, FabricPurpose::OutOfBand })
        m_purpose->addItem(QString::fromUtf8(toString(purpose).data()), static_cast<int>(purpose));
    m_technology = new QComboBox(this);
    m_technology->setObjectName(QStringLiteral("fabricTechnology"));
    for (Technology technology :
         { Technology::InfiniBand, Technology::RoCEv2, Technology::Ethernet })
        m_technology->addItem(QString::fromUtf8(toString(technology).data()),
                              static_cast<int>(technology));
    m_speed = new QDoubleSpinBox(this);
    m_speed->setObjectName(QStringLiteral("fabricSpeed"));
    m_speed->setRange(1, 1600);
    m_speed->setDecimals(0);
    m_speed->setSuffix(tr(" Gb/s"));
    m_speed->setValue(Fabric {}.linkSpeedGbps);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Purpose"), m_purpose);
    form->addRow(tr("Technology"), m_technology);
    form->addRow(tr("Link speed"), m_speed);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c62828"));
    form->addRow(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &FabricDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &FabricDialog::reject);
    form->addRow(buttons);
}

Fabric FabricDialog::fabric() const
{
    Fabric fabric;
    fabric.name = m_name->text().trimmed().toStdString();
    fabric.purpose = static_cast<FabricPurpose>(m_purpose->currentData().toInt());
    fabric.technology = static_cast<Technology>(m_technology->currentData().toInt());
    fabric.linkSpeedGbps = m_speed->value();
    return fabric;
}

QString FabricDialog::apply()
{
    if (!m_document)
        return tr("No design open.");
    const std::size_t before = m_document->design().fabrics().size();
    const QString why = m_document->addFabric(fabric());
    if (why.isEmpty() && m_document->design().fabrics().size() > before)
        for (const Fabric &added : m_document->design().fabrics())
            if (added.name == fabric().name)
                m_added = added.id;
    m_message->setText(why);
    return why;
}

void FabricDialog::accept()
{
    if (apply().isEmpty())
        QDialog::accept();
}

} // namespace cw
