#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/ValidationEngine.h"

#include "views/document/Document.h"

#include <QDockWidget>
#include <QPointer>

#include <map>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace cw {

/// The Violations dock, modelled on KiCad's design-rule panel: the live validator's list
/// grouped by severity and rule with counts, filterable by text and severity. The tree is
/// refreshed in place - groups the user expanded or collapsed, the selected violations and
/// the scroll position survive every edit. Next/Previous (F8, Shift+F8) step through the
/// shown violations; clicking one selects what it names and asks the window to zoom to it;
/// the context menu waives the selected violations, or a whole rule, with one reason (one
/// undo step). Waived violations and stale waivers (matching nothing, expired, unknown
/// rule) have their own groups so nothing accepted disappears from sight.
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
    void setShowErrors(bool show);
    void setShowWarnings(bool show);
    void setShowInfos(bool show);
    void setShowWaived(bool show);

    /// The violation an item shows, or null for groups.
    const Violation *violationAt(const QTreeWidgetItem *item) const;
    /// The first item showing a violation of `ruleKey`, or null.
    QTreeWidgetItem *firstItemOfRule(const std::string &ruleKey) const;
    /// The rule item of `ruleKey` under the group of `severity` (or the waived group).
    QTreeWidgetItem *ruleItem(const std::string &ruleKey, bool waived = false) const;
    /// Violation items in the tree (after filtering).
    int shownViolationCount() const;
    /// What a click does: select the violation's culprit (its first, most specific object)
    /// and ask to zoom to it.
    void activate(QTreeWidgetItem *item);
    /// Next/Previous: makes the next (or previous, `step` < 0) shown violation after the
    /// current item current, expanding its rule, and activates it. Wraps around at the
    /// ends. Returns the item, or null when nothing is shown.
    QTreeWidgetItem *stepViolation(int step);
    QAction *nextAction() const { return m_next; }
    QAction *previousAction() const { return m_previous; }

    /// What the context menu's Waive does, without the reason dialog. Empty reason removes
    /// the waiver. Returns Document's refusal, if any.
    QString waive(QTreeWidgetItem *item, const QString &reason);
    /// Waives every violation among `items` (a rule item stands for its whole rule: one
    /// waiver naming no object, which covers the rule's later findings too) with one reason
    /// as one undo step. Returns Document's refusal, if any.
    QString waiveItems(const QList<QTreeWidgetItem *> &items, const QString &reason);
    /// "3 errors, 1 warning, 2 waived" - also what the status bar shows.
    QString countsText() const;

signals:
    void focusRequested(const std::vector<cw::EntityRef> &entities);
    void countsChanged(const QString &text);

private:
    void rebuild();
    void updateCounts();
    void fillTree();
    void showContextMenu(const QPoint &pos);
    void askAndWaive(const QList<QTreeWidgetItem *> &items, const QString &title);
    bool passesFilter(const Violation &violation) const;
    /// What a waive on `item` names: its violation, a stale waiver's rule and ids, or (rule
    /// item) the whole rule.
    std::optional<Violation> waiverTarget(const QTreeWidgetItem *item) const;
    /// A key naming what an item shows that survives a rebuild (group, rule, violation by
    /// rule and objects), so expansion and selection can be carried over.
    static QString keyOf(const QTreeWidgetItem *item);
    /// The list shown, read from the validator (items index into it): not copied, which was
    /// 1-3 s of the GUI thread for the 1.2 million findings of 131,072 nodes. Every change of
    /// the list arrives as violationsChanged, which refills the tree before anything else
    /// reads an item's index.
    const ValidationResult &shownResult() const;

    QPointer<Document> m_document;
    QLabel *m_counts;
    QLineEdit *m_filter;
    QCheckBox *m_errors;
    QCheckBox *m_warnings;
    QCheckBox *m_infos;
    QCheckBox *m_waived;
    QTreeWidget *m_tree;
    QAction *m_next;
    QAction *m_previous;
    /// Expansion the user chose, by item key; items not in it use the default (groups open,
    /// rules open up to 20 findings).
    std::map<QString, bool> m_expanded;
    bool m_filling = false;
};

} // namespace cw
