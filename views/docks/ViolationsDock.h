#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/ValidationEngine.h"

#include "views/document/Document.h"

#include <QDockWidget>
#include <QPointer>

#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace cw {

/// The Violations dock: the live validator's list grouped by severity and rule with counts,
/// filterable by text and severity. Clicking a violation selects what it names (and asks the
/// window to zoom to it); right-click waives it with a reason or removes a waiver. Waived
/// violations and stale waivers (matching nothing, expired, unknown rule) have their own
/// groups so nothing accepted disappears from sight.
class ViolationsDock : public QDockWidget
{
    Q_OBJECT

public:
    /// What a tree item stands for (Qt::UserRole + 1 of column 0).
    enum ItemKind { GroupItem, RuleItem, ViolationItem, StaleWaiverItem, MoreItem };

    explicit ViolationsDock(QWidget *parent = nullptr);

    void setDocument(Document *document);
    QTreeWidget *tree() const { return m_tree; }

    void setFilterText(const QString &text);
    void setShowWarnings(bool show);
    void setShowInfos(bool show);
    void setShowWaived(bool show);

    /// The violation an item shows, or null for groups.
    const Violation *violationAt(const QTreeWidgetItem *item) const;
    /// The first item showing a violation of `ruleKey`, or null.
    QTreeWidgetItem *firstItemOfRule(const std::string &ruleKey) const;
    /// Violation items in the tree (after filtering).
    int shownViolationCount() const;
    /// What a click does: select the violation's culprit (its first, most specific object)
    /// and ask to zoom to it.
    void activate(QTreeWidgetItem *item);
    /// What the context menu's Waive does, without the reason dialog. Empty reason removes
    /// the waiver. Returns Document's refusal, if any.
    QString waive(QTreeWidgetItem *item, const QString &reason);
    /// "3 errors, 1 warning, 2 waived" - also what the status bar shows.
    QString countsText() const;

signals:
    void focusRequested(const std::vector<cw::EntityRef> &entities);
    void countsChanged(const QString &text);

private:
    void rebuild();
    void showContextMenu(const QPoint &pos);
    bool passesFilter(const Violation &violation) const;
    /// What a waive on `item` names: its violation, or a stale waiver's rule and ids.
    std::optional<Violation> waiverTarget(const QTreeWidgetItem *item) const;

    QPointer<Document> m_document;
    QLabel *m_counts;
    QLineEdit *m_filter;
    QCheckBox *m_warnings;
    QCheckBox *m_infos;
    QCheckBox *m_waived;
    QTreeWidget *m_tree;
    ValidationResult m_result; ///< the list shown; items index into it
};

} // namespace cw
