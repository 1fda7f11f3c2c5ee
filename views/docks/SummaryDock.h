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
    /// Whether the figures are being counted on a worker (a large design just opened or
    /// edited); the dock shows the previous figures, or "counting..." at open.
    bool isCounting() const { return m_counting; }

    /// Designs with more devices than this are counted on a worker: at 16,384 nodes (30,383
    /// devices, 521,976 links) the count takes 0.12 s of the GUI thread.
    static constexpr std::size_t syncCountDevices = 8192;
    /// Starts the bisection analysis and the cost now, whatever the design size.
    void analyzeFabrics();

    static constexpr int autoBisectionNodes = 2048;

signals:
    /// The worker's bisections and cost arrived.
    void bisectionsUpdated();
    /// The figures were counted again (at once, or on the worker for a large design).
    void figuresUpdated();

private:
    void scheduleRefresh();
    /// refreshNow() for a small design; a large one is counted on the document's snapshot.
    void refreshSoon();
    /// The figures of generation `generation` are in: show them, start the auto analysis.
    void figuresArrived(std::uint64_t generation);
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
    bool m_counting = false;
    bool m_analyzeWhenCounted = false; ///< the automatic analysis waits for the node count
};

} // namespace cw
