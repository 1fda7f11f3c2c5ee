#include "views/docks/FailureDock.h"

#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/failure/CoolingChain.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <unordered_map>

namespace cw {
namespace {

const std::set<DomainKind> kSweepKinds { DomainKind::Feed,  DomainKind::Pdu, DomainKind::Cdu,
                                         DomainKind::Hall,  DomainKind::Row, DomainKind::Rack,
                                         DomainKind::Switch };

/// The sweep table's columns, as the CLI table prints them.
enum Column { Rank, Domain, GpusLost, NodesLost, Capped, BisectionLost, LargestJob, Columns };

QTableWidgetItem *cell(const QString &text, bool number)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString kw(double watts)
{
    return QStringLiteral("%1 kW").arg(watts / 1000.0, 0, 'f', 1);
}

} // namespace

FailureDock::FailureDock(QWidget *parent)
    : QDockWidget(tr("Failure Domains"), parent)
{
    setObjectName(QStringLiteral("FailureDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    auto *row = new QHBoxLayout;
    m_domains = new QComboBox(body);
    m_domains->setToolTip(
        tr("A feed, PDU, CDU, hall, row, rack or switch: what losing it takes down"));
    m_sweepButton = new QPushButton(tr("Run N-1 Sweep"), body);
    m_sweepButton->setToolTip(
        tr("Fail every feed, PDU, CDU, hall, row, rack and switch alone and rank "
           "them by GPUs lost, then bisection lost"));
    row->addWidget(new QLabel(tr("Lose:"), body));
    row->addWidget(m_domains, 1);
    row->addWidget(m_sweepButton);
    layout->addLayout(row);
    m_summary = new QLabel(body);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, Columns, body);
    m_table->setHorizontalHeaderLabels({ tr("Rank"), tr("Domain"), tr("GPUs lost"),
                                         tr("Nodes lost"), tr("Capped"), tr("Bisection lost Gb/s"),
                                         tr("Largest job") });
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    setWidget(body);

    m_domains->setObjectName(QStringLiteral("failureDomains"));
    m_domains->addItem(tr("(choose a domain)"));
    m_domains->installEventFilter(this);
    connect(m_domains, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            showBlastRadius(m_domains->itemText(index));
    });
    connect(m_sweepButton, &QPushButton::clicked, this, &FailureDock::runSweep);
    connect(m_table, &QTableWidget::cellClicked, this, [this](int tableRow, int) {
        if (const QTableWidgetItem *item = m_table->item(tableRow, Domain))
            showBlastRadius(item->text());
    });
}

FailureDock::~FailureDock() = default;

void FailureDock::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (document)
        connect(document, &Document::changed, this, &FailureDock::designChanged);
    designChanged();
}

void FailureDock::designChanged()
{
    // The model holds pointers into the design and its results describe the old one.
    m_model.reset();
    m_sweep.clear();
    m_blast.clear();
    m_states.clear();
    emit failureStatesChanged(m_states);
    m_table->setRowCount(0);
    m_summary->setText(m_document
                           ? tr("Pick a domain to see its blast radius, or run the N-1 sweep.")
                           : QString());
    if (!m_domainsStale) {
        m_domains->clear();
        m_domains->addItem(tr("(choose a domain)"));
        m_domainsStale = true;
    }
}

bool FailureDock::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_domains
        && (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::KeyPress
            || event->type() == QEvent::FocusIn || event->type() == QEvent::Wheel))
        fillDomains();
    return QDockWidget::eventFilter(watched, event);
}

QStringList FailureDock::domainLabels() const
{
    QStringList labels;
    for (int i = 1; i < m_domains->count(); ++i)
        labels << m_domains->itemText(i);
    return labels;
}

void FailureDock::fillDomains()
{
    if (!m_domainsStale || !m_document)
        return;
    m_domainsStale = false;
    for (const FailureDomain &domain :
         enumerateDomains(m_document->design(), kSweepKinds, &m_document->catalog()))
        m_domains->addItem(QString::fromStdString(domain.label));
}

const FailureModel *FailureDock::model(QString *error)
{
    if (!m_document) {
        *error = tr("no design open");
        return nullptr;
    }
    if (!m_model) {
        WhatIfOptions options;
        options.analysis.randomPartitions = 0; // as the CLI sweep: halves and interleaved
        auto built = FailureModel::build(m_document->design(), m_document->catalog(), options);
        if (!built) {
            *error = QString::fromStdString(built.error().message);
            return nullptr;
        }
        m_model = std::make_unique<FailureModel>(std::move(built).value());
    }
    return m_model.get();
}

QString FailureDock::showBlastRadius(const QString &label)
{
    QString error;
    const FailureModel *failureModel = model(&error);
    if (!failureModel) {
        m_summary->setText(error.toHtmlEscaped());
        return error;
    }
    const Design &design = m_document->design();
    auto domain = parseFailureDomain(design, label.toStdString(), &m_document->catalog());
    if (!domain) {
        error = QString::fromStdString(domain.error().message);
        m_summary->setText(error.toHtmlEscaped());
        return error;
    }
    const WhatIfReport report = failureModel->simulate({ domain.value() });
    std::unordered_map<std::string, DeviceId> byName;
    for (const Device &device : design.devices())
        byName.emplace(device.name, device.id);
    m_blast.clear();
    for (const std::string &name : report.devicesOff)
        if (auto it = byName.find(name); it != byName.end())
            m_blast.push_back(EntityRef::of(it->second));
    for (const CappedDevice &capped : report.devicesCapped)
        m_blast.push_back(EntityRef::of(capped.device));

    QString text
        = QStringLiteral("<p>%1</p>").arg(QString::fromStdString(report.verdict).toHtmlEscaped());
    text += tr("<p><span style='color:#c62828'>Off: %1</span> &middot; "
               "<span style='color:#ef6c00'>capped: %2</span> &middot; PDUs overloaded: %3")
                .arg(report.devicesOff.size())
                .arg(report.devicesCapped.size())
                .arg(report.pdusOverloaded.size());
    if (!report.devicesCapped.empty())
        text += tr(" (e.g. %1 at %2 of %3)")
                    .arg(QString::fromStdString(report.devicesCapped.front().name).toHtmlEscaped(),
                         kw(report.devicesCapped.front().availableW),
                         kw(report.devicesCapped.front().maxPowerW));
    text += QStringLiteral("</p>");
    if (!report.cdusLost.empty())
        text += tr("<p>CDUs lost: %1").arg(report.cdusLost.size());
    for (const RowCoolingImpact &row : report.coolingRows)
        text += tr("<br>row %1: %2 of %3 CDUs left, %4 for %5 of liquid heat%6")
                    .arg(QString::fromStdString(row.row).toHtmlEscaped())
                    .arg(row.cdusUp)
                    .arg(row.cdus)
                    .arg(kw(row.capacityW), kw(row.liquidW),
                         row.devicesOff > 0          ? tr(": liquid-cooled devices off")
                             : row.devicesCapped > 0 ? tr(": liquid-cooled devices capped")
                                                     : tr(": covered"));
    for (const FabricImpact &fabric : report.fabrics)
        text += tr("<br>%1: bisection at most %2 of %3 Gb/s, %4 nodes cut off, %5 degraded")
                    .arg(QString::fromStdString(fabric.name).toHtmlEscaped())
                    .arg(fabric.bisectionGbps, 0, 'f', 0)
                    .arg(fabric.bisectionBeforeGbps, 0, 'f', 0)
                    .arg(fabric.nodesDisconnected)
                    .arg(fabric.nodesDegraded);
    m_summary->setText(text);
    fillDomains();
    m_domains->setCurrentText(label);
    setStates(report);
    // Also the selection, for the inspector and the focus: the lost and capped devices.
    m_document->setSelection(m_blast);
    if (!m_blast.empty())
        emit focusRequested(m_blast);
    return {};
}

void FailureDock::simulate(const QString &label)
{
    show();
    raise();
    showBlastRadius(label);
}

void FailureDock::setStates(const WhatIfReport &report)
{
    using canvas::FailureState;
    const Design &design = m_document->design();
    m_states.clear();
    auto mark = [this](std::uint64_t id, FailureState state) {
        FailureState &current = m_states[id];
        current = std::max(current, state);
    };
    for (const CappedDevice &capped : report.devicesCapped)
        mark(capped.device.value, FailureState::Capped);
    std::unordered_map<std::string, std::uint64_t> byName;
    for (const Device &device : design.devices())
        byName.emplace(device.name, device.id.value);
    for (const std::string &name : report.devicesOff)
        if (auto it = byName.find(name); it != byName.end())
            mark(it->second, FailureState::Lost);
    for (DeviceId id : report.nodesCutOff)
        mark(id.value, FailureState::Lost);
    for (DeviceId id : report.nodesDegraded)
        mark(id.value, FailureState::Degraded);
    const std::vector<CduUnit> cdus = findCdus(design, m_document->catalog());
    for (const std::string &name : report.cdusLost)
        for (const CduUnit &cdu : cdus)
            if (cdu.name == name)
                mark(cdu.id, FailureState::Lost);
    // A rack: lost when everything in it is, degraded when part of it is lost or degraded,
    // capped when something in it is capped.
    for (const Rack &rack : design.racks()) {
        int lost = 0;
        int degraded = 0;
        int capped = 0;
        const std::vector<DeviceId> &devices = design.devicesInRack(rack.id);
        for (DeviceId id : devices) {
            const auto it = m_states.find(id.value);
            const FailureState state = it == m_states.end() ? FailureState::None : it->second;
            lost += state == FailureState::Lost ? 1 : 0;
            degraded += state == FailureState::Degraded ? 1 : 0;
            capped += state == FailureState::Capped ? 1 : 0;
        }
        if (!devices.empty() && lost == static_cast<int>(devices.size()))
            mark(rack.id.value, FailureState::Lost);
        else if (lost > 0 || degraded > 0)
            mark(rack.id.value, FailureState::Degraded);
        else if (capped > 0)
            mark(rack.id.value, FailureState::Capped);
    }
    std::erase_if(m_states, [](const auto &entry) { return entry.second == FailureState::None; });
    emit failureStatesChanged(m_states);
}

void FailureDock::runSweep()
{
    QString error;
    const FailureModel *failureModel = model(&error);
    if (!failureModel) {
        m_summary->setText(error.toHtmlEscaped());
        return;
    }
    m_sweep = sweepSingleFailures(
        *failureModel, enumerateDomains(m_document->design(), kSweepKinds, &m_document->catalog()));
    fillTable();
    m_summary->setText(
        tr("N-1 sweep over %1 domains, worst first (GPUs lost, then bisection lost). "
           "Bisection: the minimum over the halves and interleaved partitions, an "
           "upper bound. Click a row for its blast radius.")
            .arg(m_sweep.size()));
}

void FailureDock::fillTable()
{
    m_table->setRowCount(static_cast<int>(m_sweep.size()));
    for (int r = 0; r < static_cast<int>(m_sweep.size()); ++r) {
        const SweepEntry &entry = m_sweep[static_cast<std::size_t>(r)];
        const WhatIfReport &report = entry.report;
        m_table->setItem(r, Rank, cell(QString::number(r + 1), true));
        m_table->setItem(r, Domain, cell(QString::fromStdString(report.failures.front()), false));
        m_table->setItem(r, GpusLost, cell(QString::number(report.gpusLost), true));
        m_table->setItem(r, NodesLost, cell(QString::number(report.nodesLost), true));
        m_table->setItem(r, Capped, cell(QString::number(report.devicesCapped.size()), true));
        m_table->setItem(r, BisectionLost,
                         cell(QString::number(entry.bisectionLostGbps, 'f', 0), true));
        m_table->setItem(
            r, LargestJob,
            cell(tr("%1 nodes, %2 GPUs").arg(report.largestJobNodes).arg(report.largestJobGpus),
                 false));
    }
}

QString FailureDock::summaryText() const
{
    return m_summary->text();
}

} // namespace cw
