#pragma once

#include "model/change/DesignDiff.h"
#include "model/core/ChangeSet.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QTableWidget;

namespace cw {

class Document;

/// File > Compare with...: the semantic changes from the open design to another design file
/// (model/change/DesignDiff.h, the code `clusterwright-cli diff` runs), one row per change: kind,
/// what happened, name, the change as a reviewer reads it (moves and re-cabling first). A click
/// on a row selects that entity in the open design when it exists there.
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

signals:
    void focusRequested(const std::vector<cw::EntityRef> &entities);

private:
    void fill();
    void selectRow(int row);

    QPointer<Document> m_document;
    QLabel *m_header;
    QTableWidget *m_table;
    change::DesignDiff m_diff;
};

} // namespace cw
