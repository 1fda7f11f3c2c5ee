#pragma once

#include "model/core/ChangeSet.h"

#include <QPointer>
#include <QWidget>

#include <vector>

class QCompleter;
class QLabel;
class QLineEdit;
class QStringListModel;

namespace cw {

class Document;

/// Find by name (Ctrl+F in the window): a field with completion over every device, rack,
/// row, fabric and storage tier name. Enter selects the best match and asks the window to
/// show it; Enter again steps to the next match ("3 of 12"), as a browser's find does.
/// Matching ignores case; exact names come before names that merely contain the text.
class FindBar : public QWidget
{
    Q_OBJECT

public:
    explicit FindBar(QWidget *parent = nullptr);

    void setDocument(Document *document);
    QLineEdit *field() const { return m_field; }
    /// Puts the cursor in the field with its text selected (what Ctrl+F does).
    void activate();

    /// Entities whose name matches `text`: exact matches first, then names containing it,
    /// each in design order (devices, racks, rows, fabrics, storage tiers).
    std::vector<EntityRef> matches(const QString &text) const;
    /// Selects the next match of the field's text (the first after a new text) and emits
    /// found(). Returns it, or an invalid ref (and a message) when nothing matches.
    EntityRef findNext();
    QString statusText() const;

signals:
    void found(const std::vector<cw::EntityRef> &entities);

private:
    void refreshNames();

    QPointer<Document> m_document;
    QLineEdit *m_field;
    QLabel *m_status;
    QCompleter *m_completer;
    QStringListModel *m_names;
    bool m_namesStale = true;
    QString m_lastText;
    int m_lastIndex = -1;
};

} // namespace cw
