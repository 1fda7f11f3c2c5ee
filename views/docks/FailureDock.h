#pragma once

#include "model/core/ChangeSet.h"
#include "model/failure/FailureSweep.h"

#include <QDockWidget>
#include <QPointer>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace cw {

class Document;

/// The Failure Domains dock (docs/failure-domains.md): pick a feed, PDU, row, rack or switch
/// and see its blast radius (the devices it turns off and caps become the selection, so every
/// view highlights them; the verdict and counts are listed here), and run the N-1 sweep: every
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
    /// Runs the N-1 sweep over the default kinds (feed, PDU, row, rack, switch).
    void runSweep();

    const std::vector<SweepEntry> &sweep() const { return m_sweep; }
    const QTableWidget *sweepTable() const { return m_table; }
    QString summaryText() const;
    /// The devices of the shown blast radius: off, then capped.
    const std::vector<EntityRef> &blastRadius() const { return m_blast; }

signals:
    void focusRequested(const std::vector<cw::EntityRef> &entities);

private:
    void designChanged();
    void fillDomains();
    void fillTable();
    const FailureModel *model(QString *error);

    QPointer<Document> m_document;
    QComboBox *m_domains;
    QPushButton *m_sweepButton;
    QLabel *m_summary;
    QTableWidget *m_table;
    std::unique_ptr<FailureModel> m_model; ///< built on first use after each change
    std::vector<SweepEntry> m_sweep;
    std::vector<EntityRef> m_blast;
};

} // namespace cw
