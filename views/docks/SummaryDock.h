#pragma once

#include "views/docks/SummaryFigures.h"

#include "model/prefill/DesignPrefill.h"

#include "views/document/Document.h"

#include <QDockWidget>
#include <QPointer>
#include <QTimer>

#include <cstdint>

class QLabel;
class QPushButton;

namespace cw {

/// The Summary dock: GPUs, nodes, IT and facility kW (PUE), air and liquid heat, estimated
/// cost, and the bisection ratio of each fabric. Counts and power follow every change (a
/// short debounce). Bisection (a max-flow per fabric) and the cost (the bill of materials'
/// grand total, calc::capexFromBom: the figure the BOM files and the cost calculator print)
/// run on a worker after a longer one, and only on request for designs above
/// `autoBisectionNodes` compute nodes.
class SummaryDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit SummaryDock(QWidget *parent = nullptr);
    ~SummaryDock() override;

    void setDocument(Document *document);
    const SummaryFigures &figures() const { return m_figures; }
    const std::vector<FabricBisection> &bisections() const { return m_bisections; }
    /// The cost from the worker's last run (empty capexUsd before the first, or with a note).
    const calc::PrefillExtras &capex() const { return m_capex; }
    /// Whether the shown bisections and cost belong to the current design.
    bool bisectionsCurrent() const { return m_bisectionGeneration == m_generation; }
    QString text() const;
    /// Recomputes the figures now (tests, and before a screenshot).
    void refreshNow();
    /// Starts the bisection analysis and the cost now, whatever the design size.
    void analyzeFabrics();

    static constexpr int autoBisectionNodes = 2048;

signals:
    /// The worker's bisections and cost arrived.
    void bisectionsUpdated();

private:
    void scheduleRefresh();
    void render();
    QString costText() const;

    QPointer<Document> m_document;
    QLabel *m_label;
    QPushButton *m_analyze;
    QTimer m_figuresTimer;
    QTimer m_bisectionTimer;
    SummaryFigures m_figures;
    std::vector<FabricBisection> m_bisections;
    calc::PrefillExtras m_capex;
    std::uint64_t m_generation = 0;
    std::uint64_t m_bisectionGeneration = 0;
    bool m_analyzing = false;
};

} // namespace cw
