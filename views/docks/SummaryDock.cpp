#include "views/docks/SummaryDock.h"

#include "views/document/DesignSnapshots.h"
#include "views/document/Document.h"

#include "model/core/Design.h"
#include "model/prefill/CapexPrefill.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <memory>

namespace cw {
namespace {

/// Counts are cheap (one pass); keep them live but coalesce a burst of edits.
constexpr int kFiguresDebounceMs = 150;
/// Bisection is a max-flow per fabric: wait until the edits pause.
constexpr int kBisectionDebounceMs = 800;

QString money(double usd)
{
    if (usd >= 1e6)
        return QStringLiteral("$%1 M").arg(usd / 1e6, 0, 'f', 2);
    return QStringLiteral("$%L1").arg(usd, 0, 'f', 0);
}

} // namespace

SummaryDock::SummaryDock(QWidget *parent)
    : QDockWidget(tr("Summary"), parent)
{
    setObjectName(QStringLiteral("SummaryDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    m_label = new QLabel(body);
    m_label->setTextFormat(Qt::RichText);
    m_label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_analyze = new QPushButton(tr("Analyze Fabrics"), body);
    m_analyze->setToolTip(tr("Max-flow bisection of every fabric (automatic up to %1 nodes)")
                              .arg(autoBisectionNodes));
    layout->addWidget(m_label);
    layout->addWidget(m_analyze, 0, Qt::AlignLeft);
    layout->addStretch(1);
    // One bisection row per fabric: a campus has a hundred (an out-of-band tree per hall).
    // In a scroll area the dock's minimum height stays a few lines whatever the design, so
    // the main window never grows past the screen to make room for the table.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("summaryScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(body);
    setWidget(scroll);
    m_figuresTimer.setSingleShot(true);
    m_figuresTimer.setInterval(kFiguresDebounceMs);
    m_bisectionTimer.setSingleShot(true);
    m_bisectionTimer.setInterval(kBisectionDebounceMs);
    connect(&m_figuresTimer, &QTimer::timeout, this, &SummaryDock::refreshSoon);
    connect(&m_bisectionTimer, &QTimer::timeout, this, &SummaryDock::analyzeFabrics);
    connect(m_analyze, &QPushButton::clicked, this, &SummaryDock::analyzeFabrics);
}

// The analysis runs on the snapshot's job pool and holds no pointer to the dock: its watcher
// is a child of the dock and goes with it, so there is nothing to wait for here.
SummaryDock::~SummaryDock() = default;

void SummaryDock::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    ++m_generation;
    m_bisections.clear();
    m_capex = {};
    if (document)
        connect(document, &Document::changed, this, &SummaryDock::scheduleRefresh);
    m_figures = {};
    m_analyzeWhenCounted = document != nullptr;
    refreshSoon();
}

void SummaryDock::scheduleRefresh()
{
    ++m_generation;
    m_figuresTimer.start();
    if (m_counting)
        m_analyzeWhenCounted = m_analyzeWhenCounted || m_bisections.empty();
    else if (m_figures.nodes <= autoBisectionNodes)
        m_bisectionTimer.start();
}

void SummaryDock::refreshNow()
{
    m_figuresTimer.stop();
    m_counting = false;
    m_figures = m_document ? computeSummaryFigures(m_document->design(), m_document->catalog())
                           : SummaryFigures {};
    figuresArrived(m_generation);
}

void SummaryDock::refreshSoon()
{
    if (!m_document || m_document->design().devices().size() <= syncCountDevices) {
        refreshNow();
        return;
    }
    // On a snapshot, as the analysis: the window answers while the design is counted.
    m_figuresTimer.stop();
    m_counting = true;
    render();
    const Catalog *catalog = &m_document->catalog();
    const std::uint64_t generation = m_generation;
    const QFuture<SummaryFigures> future = m_document->snapshots()->run<SummaryFigures>(
        backgroundJobs(), [catalog](QPromise<SummaryFigures> &promise, const Design &design) {
            promise.addResult(computeSummaryFigures(design, *catalog));
        });
    auto *watcher = new QFutureWatcher<SummaryFigures>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation || watcher->future().resultCount() == 0)
            return; // the design changed meanwhile; a newer count follows
        m_counting = false;
        m_figures = watcher->result();
        figuresArrived(generation);
    });
    watcher->setFuture(future);
}

void SummaryDock::figuresArrived(std::uint64_t generation)
{
    render();
    emit figuresUpdated();
    if (!m_analyzeWhenCounted || generation != m_generation)
        return;
    m_analyzeWhenCounted = false;
    if (m_document && m_figures.nodes <= autoBisectionNodes)
        m_bisectionTimer.start(0);
}

void SummaryDock::analyzeFabrics()
{
    if (!m_document)
        return;
    m_bisectionTimer.stop();
    const Catalog *catalog = &m_document->catalog();
    const std::uint64_t generation = m_generation;
    m_analyzing = true;
    render();
    // On a snapshot of the design (views/document/DesignSnapshots.h): nothing is copied on
    // the GUI thread, and edits go on while the max-flows and the BOM run. The work holds no
    // pointer to this dock (the watcher dies with it), so it runs on the global pool.
    struct Analysis
    {
        std::vector<FabricBisection> bisections;
        calc::PrefillExtras capex;
    };
    const QFuture<Analysis> future = m_document->snapshots()->run<Analysis>(
        backgroundJobs(), [catalog](QPromise<Analysis> &promise, const Design &design) {
            promise.addResult(Analysis { computeBisections(design, *catalog),
                                         calc::capexFromBom(design, *catalog) });
        });
    auto *watcher = new QFutureWatcher<Analysis>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation || watcher->future().resultCount() == 0)
            return; // the design changed meanwhile; a newer run follows
        Analysis analysis = watcher->result();
        m_analyzing = false;
        m_bisections = std::move(analysis.bisections);
        m_capex = std::move(analysis.capex);
        m_bisectionGeneration = generation;
        render();
        emit bisectionsUpdated();
    });
    watcher->setFuture(future);
}

QString SummaryDock::costText() const
{
    if (!m_capex.capexUsd && m_capex.capexNote.empty()) // no worker run yet for this document
        return QStringLiteral("<i>%1</i>")
            .arg(m_analyzing                                ? tr("analyzing...")
                     : m_figures.nodes > autoBisectionNodes ? tr("use Analyze Fabrics")
                                                            : tr("pending"));
    if (!m_capex.capexUsd)
        return QStringLiteral("<i>%1</i>")
            .arg(QString::fromStdString(m_capex.capexNote).toHtmlEscaped());
    QString text = money(*m_capex.capexUsd);
    if (m_capex.unpricedLines > 0)
        text += tr(" (unpriced BOM lines: %1)").arg(m_capex.unpricedLines);
    return text;
}

QString SummaryDock::text() const
{
    return m_label->text();
}

void SummaryDock::render()
{
    if (!m_document) {
        m_label->setText(tr("<i>No design open</i>"));
        m_analyze->setEnabled(false);
        return;
    }
    m_analyze->setEnabled(true);
    if (m_counting && m_figures.nodes == 0 && m_figures.links == 0) {
        m_label->setText(
            tr("<h3>%1</h3><i>counting...</i>")
                .arg(QString::fromStdString(m_document->design().name()).toHtmlEscaped()));
        return;
    }
    const SummaryFigures &f = m_figures;
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing=4>")
                       .arg(QString::fromStdString(m_document->design().name()).toHtmlEscaped());
    auto row = [&html](const QString &label, const QString &value) {
        html += QStringLiteral("<tr><td>%1</td><td align=right><b>%2</b></td></tr>")
                    .arg(label, value);
    };
    row(tr("GPUs"), QString::number(f.gpus));
    row(tr("Compute nodes"), QString::number(f.nodes));
    row(tr("Racks"), QString::number(f.racks));
    row(tr("Switches"), QString::number(f.switches));
    row(tr("Links"), QString::number(f.links));
    row(tr("IT power (max)"), tr("%1 kW").arg(f.itKw, 0, 'f', 1));
    row(tr("Facility power (PUE %1)").arg(f.pue, 0, 'f', 2),
        tr("%1 kW").arg(f.facilityKw, 0, 'f', 1));
    row(tr("Heat to air"), tr("%1 kW").arg(f.airHeatKw, 0, 'f', 1));
    row(tr("Heat to liquid"), tr("%1 kW").arg(f.liquidHeatKw, 0, 'f', 1));
    row(tr("Estimated cost"), costText());
    row(tr("Energy per year"), money(f.energyUsdPerYear));
    html += QStringLiteral("</table><h4>%1</h4><table cellspacing=4>").arg(tr("Bisection"));
    if (m_bisections.empty())
        html
            += QStringLiteral("<tr><td><i>%1</i></td></tr>")
                   .arg(m_analyzing                        ? tr("analyzing...")
                            : f.nodes > autoBisectionNodes ? tr("large design: use Analyze Fabrics")
                                                           : tr("no fabric analyzed yet"));
    for (const FabricBisection &fabric : m_bisections) {
        const QString name = QString::fromStdString(fabric.name).toHtmlEscaped();
        if (!fabric.note.empty())
            row(name,
                QStringLiteral("<i>%1</i>")
                    .arg(QString::fromStdString(fabric.note).toHtmlEscaped()));
        else
            row(name,
                tr("%1 (%2 of %3 Tb/s)")
                    .arg(fabric.ratio, 0, 'f', 2)
                    .arg(fabric.bisectionGbps / 1000.0, 0, 'f', 1)
                    .arg(fabric.fullBisectionGbps / 1000.0, 0, 'f', 1));
    }
    html += QStringLiteral("</table>");
    if ((!m_bisections.empty() || m_capex.capexUsd) && !bisectionsCurrent())
        html += tr("<i>bisection and cost from before the last change%1</i>")
                    .arg(m_analyzing ? tr("; updating...") : QString());
    m_label->setText(html);
}

} // namespace cw
