#pragma once

#include "model/core/ChangeSet.h"
#include "model/failure/FailureSweep.h"
#include "views/canvas/FailureState.h"

#include <QDockWidget>
#include <QPointer>
#include <QStringList>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace cw {

class Document;

/// The Failure Domains dock (docs/failure-domains.md): pick a feed, PDU, CDU, hall, row, rack or
/// switch and see its blast radius (every view draws the lost, capped and degraded devices and
/// racks in their own style, failureStatesChanged; they also become the selection; the verdict
/// and counts are listed here), and run the N-1 sweep: every
/// single domain ranked as `clusterwright-cli whatif --sweep N-1` ranks them (the same model
/// code), a click on a row showing that domain's blast radius.
class FailureDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit FailureDock(QWidget *parent = nullptr);
    ~FailureDock() override;

    void setDocument(Document *document);

    /// Fails `label` ("feed:A", "pdu:A01/A1"...) alone: shows and selects its blast radius.
    /// Returns an error naming the domain when it is not one of the design's.
    QString showBlastRadius(const QString &label);
    /// Shows the dock and the blast radius of `label` (a view's "Simulate Failure").
    void simulate(const QString &label);
    /// Runs the N-1 sweep over the default kinds (feed, PDU, CDU, hall, row, rack, switch).
    void runSweep();

    const std::vector<SweepEntry> &sweep() const { return m_sweep; }
    const QTableWidget *sweepTable() const { return m_table; }
    QString summaryText() const;
    /// The devices of the shown blast radius: off, then capped.
    const std::vector<EntityRef> &blastRadius() const { return m_blast; }
    /// Per device and rack of the shown blast radius: lost, capped or degraded.
    const canvas::FailureStates &failureStates() const { return m_states; }
    /// The domains the "Lose:" list offers: listed when the architect first reaches for it
    /// (click, key or focus), not on every edit.
    QStringList domainLabels() const;

signals:
    void focusRequested(const std::vector<cw::EntityRef> &entities);
    /// The blast radius to draw in every view (empty: none shown).
    void failureStatesChanged(const cw::canvas::FailureStates &states);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void designChanged();
    /// Lists every domain in the "Lose:" box when the list is stale: at 131,072 nodes that
    /// is 200,000 feeds, PDUs, racks, rows and halls (about a second), so an edit only marks
    /// it stale.
    void fillDomains();
    void fillTable();
    const FailureModel *model(QString *error);
    void setStates(const WhatIfReport &report);

    QPointer<Document> m_document;
    QComboBox *m_domains;
    bool m_domainsStale = true;
    QPushButton *m_sweepButton;
    QLabel *m_summary;
    QTableWidget *m_table;
    std::unique_ptr<FailureModel> m_model; ///< built on first use after each change
    std::vector<SweepEntry> m_sweep;
    std::vector<EntityRef> m_blast;
    canvas::FailureStates m_states;
};

} // namespace cw
