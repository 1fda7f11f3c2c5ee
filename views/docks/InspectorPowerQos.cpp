// The Inspector's two list-like editors: a rack's PDU table and a device's RoCE override.
// Like the plain fields, every change reads the entity afresh by id and goes through
// Document (updateRack / updateDevice), so it is an undo step and a refusal is shown.

#include "views/docks/InspectorDock.h"

#include "views/document/Document.h"

#include "model/core/Design.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>

namespace cw {
namespace {

enum PduColumn { ColName, ColFeed, ColPhases, ColVoltage, ColBreaker, ColCount };

QString cellText(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text().trimmed() : QString();
}

/// Reads one table row back into a PDU; an empty string on success, else why not.
QString pduFromRow(const QTableWidget *table, int row, Pdu &pdu)
{
    const QString where = InspectorDock::tr("PDU row %1: ").arg(row + 1);
    pdu.name = cellText(table, row, ColName).toStdString();
    const auto feed = parseFeed(cellText(table, row, ColFeed).toUpper().toStdString());
    if (!feed)
        return where + InspectorDock::tr("feed must be A or B");
    pdu.feed = *feed;
    bool ok = false;
    const int phases = cellText(table, row, ColPhases).toInt(&ok);
    if (!ok || (phases != 1 && phases != 3))
        return where + InspectorDock::tr("phases must be 1 or 3");
    pdu.phases = phases;
    const double voltageV = cellText(table, row, ColVoltage).toDouble(&ok);
    if (!ok || voltageV <= 0)
        return where + InspectorDock::tr("voltage must be a number > 0 V");
    pdu.voltageV = voltageV;
    const double breakerA = cellText(table, row, ColBreaker).toDouble(&ok);
    if (!ok || breakerA <= 0)
        return where + InspectorDock::tr("breaker must be a number > 0 A");
    pdu.breakerA = breakerA;
    return {};
}

void setCell(QTableWidget *table, int row, int column, const QString &text)
{
    // Items are updated in place: the table may be reloaded from inside its own
    // itemChanged signal (Document::changed is emitted synchronously).
    if (QTableWidgetItem *item = table->item(row, column))
        item->setText(text);
    else
        table->setItem(row, column, new QTableWidgetItem(text));
}

} // namespace

void InspectorDock::buildPduTable(RackId id)
{
    Document *doc = m_document;
    auto rack = [doc, id] {
        const Rack *r = doc->design().rack(id);
        return r ? *r : Rack {};
    };
    auto *table = new QTableWidget(0, ColCount, m_formHost);
    table->setObjectName(QStringLiteral("pdus"));
    table->setHorizontalHeaderLabels(
        { tr("Name"), tr("Feed"), tr("Phases"), tr("Voltage (V)"), tr("Breaker (A)") });
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setMaximumHeight(160);
    m_form->addRow(tr("PDUs"), table);
    m_fields.push_back({ table, [table, rack] {
                            const QSignalBlocker blocker(table);
                            const std::vector<Pdu> pdus = rack().pdus;
                            table->setRowCount(static_cast<int>(pdus.size()));
                            for (int row = 0; row < table->rowCount(); ++row) {
                                const Pdu &pdu = pdus[static_cast<std::size_t>(row)];
                                setCell(table, row, ColName, QString::fromStdString(pdu.name));
                                setCell(table, row, ColFeed,
                                        QString::fromUtf8(toString(pdu.feed).data()));
                                setCell(table, row, ColPhases, QString::number(pdu.phases));
                                setCell(table, row, ColVoltage, QString::number(pdu.voltageV));
                                setCell(table, row, ColBreaker, QString::number(pdu.breakerA));
                            }
                        } });
    connect(table, &QTableWidget::itemChanged, this,
            [this, doc, rack, table](QTableWidgetItem *item) {
                if (m_loading)
                    return;
                Rack r = rack();
                const int row = item->row();
                if (row < 0 || row >= static_cast<int>(r.pdus.size()))
                    return;
                Pdu pdu = r.pdus[static_cast<std::size_t>(row)];
                QString why = pduFromRow(table, row, pdu);
                if (why.isEmpty()) {
                    r.pdus[static_cast<std::size_t>(row)] = pdu;
                    why = doc->updateRack(r);
                }
                report(why);
                loadAll();
            });

    auto *add = new QPushButton(tr("Add PDU"), m_formHost);
    add->setObjectName(QStringLiteral("addPdu"));
    auto *remove = new QPushButton(tr("Remove PDU"), m_formHost);
    remove->setObjectName(QStringLiteral("removePdu"));
    m_fields.push_back({ add, {} });
    m_fields.push_back({ remove, {} });
    m_form->addRow(QString(), add);
    m_form->addRow(QString(), remove);
    connect(add, &QPushButton::clicked, this, [this, doc, rack] {
        Rack r = rack();
        // A new PDU balances the feeds: it goes on the feed with fewer PDUs, with the
        // default rating of Pdu (3-phase 400 V 32 A, model/core/Facility.h).
        int onA = 0;
        for (const Pdu &pdu : r.pdus)
            onA += pdu.feed == Feed::A;
        Pdu pdu;
        pdu.feed = onA * 2 <= static_cast<int>(r.pdus.size()) ? Feed::A : Feed::B;
        pdu.name = std::string(toString(pdu.feed)) + std::to_string(r.pdus.size() + 1);
        r.pdus.push_back(pdu);
        report(doc->updateRack(r));
        loadAll();
    });
    connect(remove, &QPushButton::clicked, this, [this, doc, rack, table] {
        const int row = table->currentRow();
        Rack r = rack();
        if (row < 0 || row >= static_cast<int>(r.pdus.size())) {
            report(tr("select the PDU to remove"));
            return;
        }
        r.pdus.erase(r.pdus.begin() + row);
        report(doc->updateRack(r));
        loadAll();
    });
}

void InspectorDock::buildQosGroup(DeviceId id)
{
    Document *doc = m_document;
    auto device = [doc, id] {
        const Device *d = doc->design().device(id);
        return d ? *d : Device {};
    };
    // The profile the device follows: that of the first RoCE fabric it is linked on, else
    // of its first fabric, else the defaults (ref:nvidia-cumulus-roce).
    auto fabricProfile = [doc, id] {
        const Design &design = doc->design();
        const Fabric *chosen = nullptr;
        for (LinkId linkId : design.linksOfDevice(id)) {
            const Link *link = design.link(linkId);
            const Fabric *fabric = link ? design.fabric(link->fabric) : nullptr;
            if (!fabric)
                continue;
            if (!chosen
                || (chosen->technology != Technology::RoCEv2
                    && fabric->technology == Technology::RoCEv2))
                chosen = fabric;
        }
        return chosen ? chosen->qos : QosProfile {};
    };
    auto profile = [device, fabricProfile] {
        const Device d = device();
        return d.qos ? *d.qos : fabricProfile();
    };
    auto apply = [doc, device, fabricProfile](const std::function<void(QosProfile &)> &change) {
        Device d = device();
        if (!d.qos)
            d.qos = fabricProfile();
        change(*d.qos);
        return doc->updateDevice(d);
    };

    auto *heading = new QLabel(tr("<b>RoCE override</b>"), m_formHost);
    m_form->addRow(heading);
    addCheck(
        QStringLiteral("qosFollowsFabric"), tr("Follows the fabric"),
        [device] { return !device().qos.has_value(); },
        [doc, device, fabricProfile](bool follows) {
            Device d = device();
            if (follows)
                d.qos.reset();
            else
                d.qos = fabricProfile(); // the override starts as a copy of the fabric's
            return doc->updateDevice(d);
        });
    auto integer = [&](const char *name, const QString &label, int min, int max,
                       int QosProfile::*member, const QString &suffix = {}) {
        const bool positive = min < 0; // sizes: refused at 0 and below, with a message
        QSpinBox *spin = addInteger(
            QString::fromLatin1(name), label, min, max,
            [profile, member] { return profile().*member; },
            [apply, member, positive, label](int value) {
                if (positive && value <= 0)
                    return tr("%1 must be > 0 B").arg(label);
                return apply([member, value](QosProfile &q) { q.*member = value; });
            });
        spin->setSuffix(suffix);
        spin->setToolTip(tr("Editing a value while the device follows the fabric starts an "
                            "override from the fabric's profile"));
    };
    // Ranges are those of the fields themselves: 3-bit PCP priority, 6-bit DSCP
    // (ref:nvidia-cumulus-roce).
    integer("qosPfcPriority", tr("PFC priority"), 0, 7, &QosProfile::pfcPriority);
    integer("qosRoceDscp", tr("RoCE DSCP"), 0, 63, &QosProfile::roceDscp);
    integer("qosCnpDscp", tr("CNP DSCP"), 0, 63, &QosProfile::cnpDscp);
    // Sizes allow 0 and below in the box so that the refusal says why instead of clamping.
    integer("qosHostMtu", tr("Host MTU"), -1, 65535, &QosProfile::hostMtu, QStringLiteral(" B"));
    integer("qosSwitchMtu", tr("Switch MTU"), -1, 65535, &QosProfile::switchMtu,
            QStringLiteral(" B"));
    integer("qosEcnMinBytes", tr("ECN min threshold"), -1, 1 << 30, &QosProfile::ecnMinBytes,
            QStringLiteral(" B"));
    integer("qosEcnMaxBytes", tr("ECN max threshold"), -1, 1 << 30, &QosProfile::ecnMaxBytes,
            QStringLiteral(" B"));
}

} // namespace cw
