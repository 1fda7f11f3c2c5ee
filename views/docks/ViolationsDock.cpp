#include "views/docks/ViolationsDock.h"

#include "views/docks/AsBuiltProvider.h"

#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QSet>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <map>

namespace cw {
namespace {

constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIndexRole = Qt::UserRole + 2;
constexpr int kKeyRole = Qt::UserRole + 3;
/// Beyond this many violations of one rule the rest collapse into one "more" row: a
/// 2,000-rack design can raise thousands and the tree must stay responsive.
constexpr int kMaxItemsPerRule = 500;

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

const std::map<std::string, std::string> &ruleTitles()
{
    static const std::map<std::string, std::string> titles = [] {
        std::map<std::string, std::string> map;
        for (const auto &rule : builtinRules())
            map.emplace(std::string(rule->key()), std::string(rule->title()));
        return map;
    }();
    return titles;
}

QString severityTitle(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return ViolationsDock::tr("Errors");
    case Severity::Warning:
        return ViolationsDock::tr("Warnings");
    case Severity::Info:
        return ViolationsDock::tr("Information");
    }
    return {};
}

QColor severityColour(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QColor(0xc6, 0x28, 0x28);
    case Severity::Warning:
        return QColor(0xb2, 0x6a, 0x00);
    case Severity::Info:
        return QColor(0x15, 0x65, 0xc0);
    }
    return {};
}

QString namesText(const Violation &violation)
{
    QStringList names;
    for (const std::string &name : violation.names)
        names << qs(name);
    return names.join(QStringLiteral(", "));
}

QString idsText(const std::vector<EntityRef> &entities)
{
    QStringList ids;
    for (const EntityRef &ref : entities)
        ids << QString::number(ref.id);
    return ids.join(QLatin1Char(','));
}

/// Rules with more findings than this start collapsed (until the user opens them).
constexpr std::size_t kOpenRuleLimit = 20;

} // namespace

ViolationsDock::ViolationsDock(QWidget *parent)
    : QDockWidget(tr("Violations"), parent)
{
    setObjectName(QStringLiteral("ViolationsDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    m_counts = new QLabel(body);
    m_previous = new QAction(tr("Previous Violation"), this);
    m_previous->setObjectName(QStringLiteral("violationPrevious"));
    m_previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    m_previous->setToolTip(tr("Select and show the previous violation (Shift+F8)"));
    m_next = new QAction(tr("Next Violation"), this);
    m_next->setObjectName(QStringLiteral("violationNext"));
    m_next->setShortcut(QKeySequence(Qt::Key_F8));
    m_next->setToolTip(tr("Select and show the next violation (F8)"));
    connect(m_previous, &QAction::triggered, this, [this] { stepViolation(-1); });
    connect(m_next, &QAction::triggered, this, [this] { stepViolation(1); });
    auto *header = new QHBoxLayout;
    header->addWidget(m_counts, 1);
    for (QAction *action : { m_previous, m_next }) {
        auto *button = new QToolButton(body);
        button->setDefaultAction(action);
        button->setArrowType(action == m_next ? Qt::DownArrow : Qt::UpArrow);
        button->setAutoRaise(true);
        header->addWidget(button);
    }
    auto *filters = new QHBoxLayout;
    m_filter = new QLineEdit(body);
    m_filter->setPlaceholderText(tr("Filter (rule, message, object)"));
    m_filter->setClearButtonEnabled(true);
    m_errors = new QCheckBox(tr("Errors"), body);
    m_warnings = new QCheckBox(tr("Warnings"), body);
    m_infos = new QCheckBox(tr("Info"), body);
    m_waived = new QCheckBox(tr("Waived"), body);
    filters->addWidget(m_filter, 1);
    for (QCheckBox *box : { m_errors, m_warnings, m_infos, m_waived }) {
        box->setChecked(true);
        filters->addWidget(box);
    }
    m_tree = new QTreeWidget(body);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Violation"), tr("Objects") });
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setUniformRowHeights(true);
    layout->addLayout(header);
    layout->addLayout(filters);
    layout->addWidget(m_tree, 1);
    setWidget(body);

    connect(m_filter, &QLineEdit::textChanged, this, &ViolationsDock::rebuild);
    for (QCheckBox *box : { m_errors, m_warnings, m_infos, m_waived })
        connect(box, &QCheckBox::toggled, this, &ViolationsDock::rebuild);
    // A plain click shows the culprit; Ctrl/Shift clicks only extend the selection (for a
    // bulk waive) without jumping the canvas around.
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        if (m_tree->selectedItems().size() <= 1)
            activate(item);
    });
    connect(m_tree, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) { activate(item); });
    connect(m_tree, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem *item) {
        if (!m_filling)
            m_expanded[keyOf(item)] = true;
    });
    connect(m_tree, &QTreeWidget::itemCollapsed, this, [this](QTreeWidgetItem *item) {
        if (!m_filling)
            m_expanded[keyOf(item)] = false;
    });
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this,
            &ViolationsDock::showContextMenu);
}

void ViolationsDock::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document->validator(), nullptr, this, nullptr);
    if (m_document != document)
        m_expanded.clear();
    m_document = document;
    if (document) {
        LiveValidator *validator = document->validator();
        connect(validator, &LiveValidator::violationsChanged, this, &ViolationsDock::rebuild);
        // Settling changes only "(checking...)": the list is refilled on its own signal.
        connect(validator, &LiveValidator::settled, this, &ViolationsDock::updateCounts);
    }
    rebuild();
}

void ViolationsDock::setFilterText(const QString &text)
{
    m_filter->setText(text);
}
void ViolationsDock::setShowErrors(bool show)
{
    m_errors->setChecked(show);
}
void ViolationsDock::setShowWarnings(bool show)
{
    m_warnings->setChecked(show);
}
void ViolationsDock::setShowInfos(bool show)
{
    m_infos->setChecked(show);
}
void ViolationsDock::setShowWaived(bool show)
{
    m_waived->setChecked(show);
}

bool ViolationsDock::passesFilter(const Violation &violation) const
{
    if (violation.waived && !m_waived->isChecked())
        return false;
    if (!violation.waived) {
        if (violation.severity == Severity::Error && !m_errors->isChecked())
            return false;
        if (violation.severity == Severity::Warning && !m_warnings->isChecked())
            return false;
        if (violation.severity == Severity::Info && !m_infos->isChecked())
            return false;
    }
    const QString text = m_filter->text().trimmed();
    if (text.isEmpty())
        return true;
    return qs(violation.ruleKey).contains(text, Qt::CaseInsensitive)
        || qs(violation.message).contains(text, Qt::CaseInsensitive)
        || namesText(violation).contains(text, Qt::CaseInsensitive);
}

QString ViolationsDock::countsText() const
{
    QStringList parts;
    parts << tr("%n error(s)", nullptr, shownResult().errors)
          << tr("%n warning(s)", nullptr, shownResult().warnings);
    if (shownResult().infos > 0)
        parts << tr("%n info", nullptr, shownResult().infos);
    if (shownResult().waived > 0)
        parts << tr("%n waived", nullptr, shownResult().waived);
    if (!shownResult().staleWaivers.empty())
        parts << tr("%n stale waiver(s)", nullptr,
                    static_cast<int>(shownResult().staleWaivers.size()));
    return parts.join(QStringLiteral(", "));
}

QString ViolationsDock::keyOf(const QTreeWidgetItem *item)
{
    return item ? item->data(0, kKeyRole).toString() : QString();
}

const ValidationResult &ViolationsDock::shownResult() const
{
    static const ValidationResult none;
    return m_document ? m_document->validator()->result() : none;
}

void ViolationsDock::rebuild()
{
    // What the user is looking at, by key: the tree is refilled, then put back as it was.
    QSet<QString> selected;
    for (const QTreeWidgetItem *item : m_tree->selectedItems())
        selected.insert(keyOf(item));
    const QString current = keyOf(m_tree->currentItem());
    const int scroll = m_tree->verticalScrollBar()->value();

    m_filling = true;
    const QSignalBlocker blocker(m_tree);
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();
    fillTree();
    QTreeWidgetItem *currentItem = nullptr;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        const QString key = keyOf(*it);
        if (selected.contains(key))
            (*it)->setSelected(true);
        if (!current.isEmpty() && key == current)
            currentItem = *it;
    }
    if (currentItem)
        m_tree->setCurrentItem(currentItem, 0, QItemSelectionModel::NoUpdate);
    m_tree->doItemsLayout();
    m_tree->verticalScrollBar()->setValue(scroll);
    m_tree->setUpdatesEnabled(true);
    m_filling = false;

    updateCounts();
}

void ViolationsDock::updateCounts()
{
    const bool pending = m_document && m_document->validator()->isPending();
    const QString counts = countsText() + (pending ? tr(" (checking...)") : QString());
    m_counts->setText(counts);
    emit countsChanged(counts);
}

void ViolationsDock::fillTree()
{
    const ValidationResult &result = shownResult();
    auto expandAsBefore = [this](QTreeWidgetItem *item, bool byDefault) {
        const auto chosen = m_expanded.find(keyOf(item));
        item->setExpanded(chosen != m_expanded.end() ? chosen->second : byDefault);
    };
    auto group = [this](const QString &title, const QColor &colour, const QString &key) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0, title);
        item->setData(0, kKindRole, GroupItem);
        item->setData(0, kKeyRole, key);
        item->setForeground(0, colour);
        QFont font = item->font(0);
        font.setBold(true);
        item->setFont(0, font);
        return item;
    };

    // severity (or "waived") -> rule -> violation indices, in the deck order the list has.
    std::map<int, std::vector<std::pair<std::string, std::vector<int>>>> groups;
    for (int i = 0; i < static_cast<int>(result.violations.size()); ++i) {
        const Violation &violation = result.violations[static_cast<std::size_t>(i)];
        if (!passesFilter(violation))
            continue;
        const int key = violation.waived ? 3 : static_cast<int>(violation.severity);
        auto &rules = groups[key];
        if (rules.empty() || rules.back().first != violation.ruleKey)
            rules.emplace_back(violation.ruleKey, std::vector<int> {});
        rules.back().second.push_back(i);
    }
    for (auto &[key, rules] : groups) {
        const bool waived = key == 3;
        const Severity severity = waived ? Severity::Info : static_cast<Severity>(key);
        int count = 0;
        for (const auto &rule : rules)
            count += static_cast<int>(rule.second.size());
        const QString groupKey = QStringLiteral("g%1").arg(key);
        QTreeWidgetItem *top
            = group(QStringLiteral("%1 (%2)")
                        .arg(waived ? tr("Waived") : severityTitle(severity))
                        .arg(count),
                    waived ? QColor(Qt::gray) : severityColour(severity), groupKey);
        for (const auto &[ruleKey, indices] : rules) {
            auto *ruleItem = new QTreeWidgetItem(top);
            const auto title = ruleTitles().find(ruleKey);
            ruleItem->setText(0,
                              QStringLiteral("%1 - %2 (%3)")
                                  .arg(qs(ruleKey),
                                       qs(title != ruleTitles().end() ? title->second
                                                                      : asBuiltRuleTitle(ruleKey)))
                                  .arg(indices.size()));
            ruleItem->setData(0, kKindRole, RuleItem);
            ruleItem->setData(0, kKeyRole, QStringLiteral("r%1:%2").arg(key).arg(qs(ruleKey)));
            int shown = 0;
            for (int index : indices) {
                if (shown++ == kMaxItemsPerRule) {
                    auto *more = new QTreeWidgetItem(ruleItem);
                    more->setText(0,
                                  tr("... %n more (filter to narrow down)", nullptr,
                                     static_cast<int>(indices.size()) - kMaxItemsPerRule));
                    more->setData(0, kKindRole, MoreItem);
                    more->setData(0, kKeyRole, QStringLiteral("m%1:%2").arg(key).arg(qs(ruleKey)));
                    break;
                }
                const Violation &violation = result.violations[static_cast<std::size_t>(index)];
                auto *item = new QTreeWidgetItem(ruleItem);
                item->setText(0, qs(violation.message));
                item->setText(1, namesText(violation));
                item->setData(0, kKindRole, ViolationItem);
                item->setData(0, kIndexRole, index);
                // Rule and objects, not the message: "draws 20.4 kW" becoming "draws 21.1 kW"
                // is still the same finding and stays selected.
                item->setData(0, kKeyRole,
                              QStringLiteral("v%1:%2:%3")
                                  .arg(key)
                                  .arg(qs(violation.ruleKey), idsText(violation.entities)));
                QString tip = qs(violation.message);
                if (!violation.fix.empty())
                    tip += tr("\nFix: %1").arg(qs(violation.fix));
                if (violation.waived) {
                    tip += tr("\nWaived: %1").arg(qs(violation.waiverReason));
                    item->setText(0,
                                  tr("%1  [waived: %2]")
                                      .arg(qs(violation.message), qs(violation.waiverReason)));
                    item->setForeground(0, QColor(Qt::gray));
                }
                item->setToolTip(0, tip);
            }
            expandAsBefore(ruleItem, indices.size() <= kOpenRuleLimit);
        }
        expandAsBefore(top, true);
    }
    if (!result.staleWaivers.empty()) {
        QTreeWidgetItem *top = group(tr("Stale waivers (%1)").arg(result.staleWaivers.size()),
                                     QColor(0x6a, 0x1b, 0x9a), QStringLiteral("gstale"));
        for (int i = 0; i < static_cast<int>(result.staleWaivers.size()); ++i) {
            const StaleWaiver &stale = result.staleWaivers[static_cast<std::size_t>(i)];
            auto *item = new QTreeWidgetItem(top);
            item->setText(
                0,
                tr("%1: \"%2\" - %3")
                    .arg(qs(stale.waiver.ruleKey), qs(stale.waiver.reason), qs(stale.reason)));
            QStringList ids;
            QStringList plainIds;
            for (std::uint64_t id : stale.waiver.entityIds) {
                ids << QStringLiteral("#%1").arg(id);
                plainIds << QString::number(id);
            }
            item->setText(1, ids.join(QStringLiteral(", ")));
            item->setData(0, kKindRole, StaleWaiverItem);
            item->setData(0, kIndexRole, i);
            item->setData(0, kKeyRole,
                          QStringLiteral("s:%1:%2").arg(qs(stale.waiver.ruleKey),
                                                        plainIds.join(QLatin1Char(','))));
        }
        expandAsBefore(top, true);
    }
}

const Violation *ViolationsDock::violationAt(const QTreeWidgetItem *item) const
{
    if (!item || item->data(0, kKindRole).toInt() != ViolationItem)
        return nullptr;
    const int index = item->data(0, kIndexRole).toInt();
    if (index < 0 || index >= static_cast<int>(shownResult().violations.size()))
        return nullptr;
    return &shownResult().violations[static_cast<std::size_t>(index)];
}

QTreeWidgetItem *ViolationsDock::firstItemOfRule(const std::string &ruleKey) const
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        if (const Violation *violation = violationAt(*it);
            violation && violation->ruleKey == ruleKey)
            return *it;
    return nullptr;
}

QTreeWidgetItem *ViolationsDock::ruleItem(const std::string &ruleKey, bool waived) const
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        const QString key = keyOf(*it);
        if ((*it)->data(0, kKindRole).toInt() == RuleItem
            && key.endsWith(QLatin1Char(':') + qs(ruleKey))
            && (key.startsWith(QLatin1String("r3:")) == waived))
            return *it;
    }
    return nullptr;
}

int ViolationsDock::shownViolationCount() const
{
    int count = 0;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        count += (*it)->data(0, kKindRole).toInt() == ViolationItem;
    return count;
}

QTreeWidgetItem *ViolationsDock::stepViolation(int step)
{
    // Violation items in tree order, and where the current item sits among them: on a
    // violation, its index; on a group or rule, between the ones before and after it.
    std::vector<QTreeWidgetItem *> items;
    const QTreeWidgetItem *current = m_tree->currentItem();
    int before = -1;
    bool onViolation = false;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if (*it == current) {
            before = static_cast<int>(items.size());
            onViolation = violationAt(*it) != nullptr;
        }
        if (violationAt(*it))
            items.push_back(*it);
    }
    if (items.empty())
        return nullptr;
    const int count = static_cast<int>(items.size());
    int index = 0;
    if (before < 0)
        index = step > 0 ? 0 : count - 1;
    else if (step > 0)
        index = onViolation ? before + 1 : before;
    else
        index = before - 1;
    index = ((index % count) + count) % count;
    QTreeWidgetItem *item = items[static_cast<std::size_t>(index)];
    for (QTreeWidgetItem *parent = item->parent(); parent; parent = parent->parent())
        parent->setExpanded(true); // recorded as the user's choice: they asked to see it
    m_tree->setCurrentItem(item); // also the only selected item
    m_tree->scrollToItem(item);
    activate(item);
    return item;
}

void ViolationsDock::activate(QTreeWidgetItem *item)
{
    const Violation *violation = violationAt(item);
    if (!violation || !m_document)
        return;
    // The culprit only (entities are listed most specific first): a cable's finding selects
    // the cable, not the cable and both devices, so the Inspector can show it.
    if (violation->entities.empty())
        return;
    const std::vector<EntityRef> culprit { violation->entities.front() };
    m_document->setSelection(culprit);
    emit focusRequested(culprit);
}

std::optional<Violation> ViolationsDock::waiverTarget(const QTreeWidgetItem *item) const
{
    if (!item)
        return std::nullopt;
    const int kind = item->data(0, kKindRole).toInt();
    if (kind == StaleWaiverItem) {
        // A stale waiver is removed through the same call, by rule and ids.
        const int index = item->data(0, kIndexRole).toInt();
        if (index < 0 || index >= static_cast<int>(shownResult().staleWaivers.size()))
            return std::nullopt;
        const StaleWaiver &stale = shownResult().staleWaivers[static_cast<std::size_t>(index)];
        Violation named;
        named.ruleKey = stale.waiver.ruleKey;
        for (std::uint64_t id : stale.waiver.entityIds)
            named.entities.push_back(EntityRef { EntityKind::Device, id });
        return named;
    }
    if (kind == RuleItem) {
        // A waiver naming no object covers every finding of its rule (ValidationEngine).
        const Violation *first = item->childCount() > 0 ? violationAt(item->child(0)) : nullptr;
        if (!first || !ruleTitles().contains(first->ruleKey))
            return std::nullopt;
        Violation rule;
        rule.ruleKey = first->ruleKey;
        rule.severity = first->severity;
        return rule;
    }
    // A provided finding (as-built) is about the built cluster, not the design: no waiver.
    if (const Violation *violation = violationAt(item);
        violation && ruleTitles().contains(violation->ruleKey))
        return *violation;
    return std::nullopt;
}

QString ViolationsDock::waive(QTreeWidgetItem *item, const QString &reason)
{
    const auto target = waiverTarget(item);
    if (!m_document || !target)
        return tr("Select a violation to waive.");
    return m_document->setWaived(*target, reason);
}

QString ViolationsDock::waiveItems(const QList<QTreeWidgetItem *> &items, const QString &reason)
{
    if (!m_document)
        return tr("No design open.");
    // Whole rules first: a violation under a rule item that is itself waived adds nothing.
    QSet<const QTreeWidgetItem *> wholeRules;
    for (const QTreeWidgetItem *item : items)
        if (item && item->data(0, kKindRole).toInt() == RuleItem)
            wholeRules.insert(item);
    std::vector<Violation> targets;
    for (const QTreeWidgetItem *item : items) {
        if (!item || wholeRules.contains(item->parent()))
            continue;
        if (item->data(0, kKindRole).toInt() == StaleWaiverItem)
            continue; // a stale waiver is removed, never re-waived
        if (auto target = waiverTarget(item))
            targets.push_back(std::move(*target));
    }
    if (targets.empty())
        return tr("Select violations or a rule to waive.");
    return m_document->setWaivers(targets, reason);
}

void ViolationsDock::askAndWaive(const QList<QTreeWidgetItem *> &items, const QString &title)
{
    // The dialog runs an event loop in which a validator result may rebuild the tree: the
    // targets are taken as values first, never the items.
    std::vector<Violation> targets;
    for (QTreeWidgetItem *item : items)
        if (item && !(item->parent() && items.contains(item->parent())))
            if (auto target = waiverTarget(item))
                targets.push_back(std::move(*target));
    bool ok = false;
    const QString reason = QInputDialog::getText(
        this, title, tr("Why is this acceptable? (kept in the design file)"), QLineEdit::Normal,
        QString(), &ok);
    if (!ok || reason.trimmed().isEmpty() || !m_document)
        return;
    if (const QString why = m_document->setWaivers(targets, reason); !why.isEmpty())
        m_counts->setText(why);
}

void ViolationsDock::showContextMenu(const QPoint &pos)
{
    QTreeWidgetItem *item = m_tree->itemAt(pos);
    if (!item || !m_document)
        return;
    QList<QTreeWidgetItem *> selection = m_tree->selectedItems();
    if (!selection.contains(item))
        selection = { item };
    const int kind = item->data(0, kKindRole).toInt();
    QMenu menu(this);
    if (selection.size() > 1) {
        int violations = 0;
        for (const QTreeWidgetItem *selected : selection)
            violations += violationAt(selected) != nullptr;
        if (violations > 0)
            menu.addAction(
                tr("Waive %n Selected Violation(s)...", nullptr, violations), this,
                [this, selection] { askAndWaive(selection, tr("Waive selected violations")); });
    } else if (kind == RuleItem && !keyOf(item).startsWith(QLatin1String("r3:"))) {
        const auto target = waiverTarget(item);
        if (target)
            menu.addAction(tr("Waive Every %1 Violation...").arg(qs(target->ruleKey)), this,
                           [this, item] { askAndWaive({ item }, tr("Waive a whole rule")); });
    } else if (const auto target = waiverTarget(item)) {
        // The menu and the dialog run event loops in which a validator result may rebuild
        // the tree: the actions work on this copy, never on the item.
        const Violation violation = *target;
        auto apply = [this, violation](const QString &reason) {
            if (!m_document)
                return;
            if (const QString why = m_document->setWaived(violation, reason); !why.isEmpty())
                m_counts->setText(why);
        };
        if (kind == StaleWaiverItem) {
            menu.addAction(tr("Remove Stale Waiver"), this, [apply] { apply(QString()); });
        } else {
            menu.addAction(tr("Select and Show"), this, [this, violation] {
                if (!m_document || violation.entities.empty())
                    return;
                const std::vector<EntityRef> culprit { violation.entities.front() };
                m_document->setSelection(culprit);
                emit focusRequested(culprit);
            });
            const QString current = qs(violation.waiverReason);
            menu.addAction(violation.waived ? tr("Edit Waiver Reason...") : tr("Waive..."), this,
                           [this, apply, current] {
                               bool ok = false;
                               const QString reason = QInputDialog::getText(
                                   this, tr("Waive violation"),
                                   tr("Why is this acceptable? (kept in the design file)"),
                                   QLineEdit::Normal, current, &ok);
                               if (ok && !reason.trimmed().isEmpty())
                                   apply(reason);
                           });
            if (violation.waived)
                menu.addAction(tr("Remove Waiver"), this, [apply] { apply(QString()); });
        }
    }
    if (menu.isEmpty())
        return;
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace cw
