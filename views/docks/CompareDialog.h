#pragma once

#include "model/change/DesignDiff.h"
#include "model/core/ChangeSet.h"
#include "views/canvas/CompareState.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QLabel;
class QPushButton;
class QTableWidget;

namespace cw {

class Design;
class Document;

/// File > Compare with...: the semantic changes from the open design to another design file
/// (model/change/DesignDiff.h, the code `clusterwright-cli diff` runs), one row per change: kind,
/// what happened, name, the change as a reviewer reads it (moves and re-cabling first). A click
/// on a row selects that entity in the open design when it exists there. Export BOM Delta... and
/// Export Work Order... write the files `clusterwright-cli diff OPEN OTHER --output-dir` writes,
/// byte for byte. The changes are also drawn in every view (compareMarksChanged, wired by
/// MainWindow to CanvasView::setCompareMarks) until Clear Comparison.
class CompareDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CompareDialog(Document *document, QWidget *parent = nullptr);

    /// Loads `path` and lists the changes from the open design to it; returns an error naming
    /// the file, or an empty string.
    QString compareWith(const QString &path);

    const change::DesignDiff &diff() const { return m_diff; }
    const QTableWidget *table() const { return m_table; }
    /// How the changes show on the open design's items (empty before a comparison and after
    /// clearComparison).
    const canvas::CompareMarks &compareMarks() const { return m_marks; }
    /// Where the moved racks and devices stand in the other design (the views' ghosts).
    const canvas::CompareGhosts &compareGhosts() const { return m_ghosts; }
    /// The open design's entities row `row` names: the entity itself, or for one only in the
    /// other design the items that hold it (an added device's rack, an added cable's ends).
    std::vector<EntityRef> entitiesOfRow(int row) const;
    /// Takes the highlight off the views (the list stays).
    void clearComparison();

    /// Writes the BOM delta (bom-delta.csv of the CLI) to `csvPath` and what it was made from to
    /// "<csvPath without .csv>-provenance.txt", each atomically. Returns an error naming the file,
    /// or an empty string.
    QString exportBomDelta(const QString &csvPath);
    /// Writes the cabling work order (work-order.csv) to `csvPath`, its Markdown (work-order.md)
    /// beside it with the extension .md, and the provenance file, each atomically.
    QString exportWorkOrder(const QString &csvPath);

signals:
    void focusRequested(const std::vector<cw::EntityRef> &entities);
    void compareMarksChanged(const cw::canvas::CompareMarks &marks);
    /// Sent before compareMarksChanged (which clears them when empty).
    void compareGhostsChanged(const cw::canvas::CompareGhosts &ghosts);

private:
    void fill();
    /// m_marks and m_rowEntities from m_diff (linear in the changes).
    void computeMarks();
    /// m_ghosts from m_diff's moves (CompareDialogGhosts.cpp).
    void computeGhosts();
    void selectRow(int row);
    void askAndExport(bool workOrder);
    /// The files of one export, every text made before any is written.
    QString writeAll(const std::vector<std::pair<QString, std::string>> &files);

    QPointer<Document> m_document;
    QLabel *m_header;
    QTableWidget *m_table;
    QPushButton *m_exportBom;
    QPushButton *m_exportWorkOrder;
    QPushButton *m_clear;
    change::DesignDiff m_diff;
    canvas::CompareMarks m_marks;
    canvas::CompareGhosts m_ghosts;
    std::vector<std::vector<EntityRef>> m_rowEntities; ///< per row of m_diff.changes
    std::shared_ptr<const Design> m_other; ///< the design compared with
    QString m_otherPath;
};

} // namespace cw
