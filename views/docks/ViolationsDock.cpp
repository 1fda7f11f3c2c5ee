#include "views/docks/ViolationsDock.h"

#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace cw {
namespace {

constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIndexRole = Qt::UserRole + 2;
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

} // namespace

ViolationsDock::ViolationsDock(QWidget *parent)
    : QDockWidget(tr("Violations"), parent)
{
    setObjectName(QStringLiteral("ViolationsDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    m_counts = new QLabel(body);
    auto *filters = new QHBoxLayout;
    m_filter = new QLineEdit(body);
    m_filter->setPlaceholderText(tr("Filter (rule, message, object)"));
    m_filter->setClearButtonEnabled(true);
    m_warnings = new QCheckBox(tr("Warnings"), body);
    m_infos = new QCheckBox(tr("Info"), body);
    m_waived = new QCheckBox(tr("Waived"), body);
    for (QCheckBox *box : { m_warnings, m_infos, m_waived })
        box->setChecked(true);
    filters->addWidget(m_filter, 1);
    filters->addWidget(m_warnings);
    filters->addWidget(m_infos);
    filters->addWidget(m_waived);
    m_tree = new QTreeWidget(body);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Violation"), tr("Objects") });
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setUniformRowHeights(true);
    layout->addWidget(m_counts);
    layout->addLayout(filters);
    layout->addWidget(m_tree, 1);
    setWidget(body);

    connect(m_filter, &QLineEdit::textChanged, this, &ViolationsDock::rebuild);
    for (QCheckBox *box : { m_warnings, m_infos, m_waived })
        connect(box, &QCheckBox::toggled, this, &ViolationsDock::rebuild);
    connect(m_tree, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem *item) { activate(item); });
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this,
            &ViolationsDock::showContextMenu);
}

void ViolationsDock::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document->validator(), nullptr, this, nullptr);
    m_document = document;
    if (document) {
        LiveValidator *validator = document->validator();
        connect(validator, &LiveValidator::violationsChanged, this, &ViolationsDock::rebuild);
        connect(validator, &LiveValidator::settled, this, &ViolationsDock::rebuild);
    }
    rebuild();
}

void ViolationsDock::setFilterText(const QString &text)
{
    m_filter->setText(text);
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
    parts << tr("%n error(s)", nullptr, m_result.errors)
          << tr("%n warning(s)", nullptr, m_result.warnings);
    if (m_result.infos > 0)
        parts << tr("%n info", nullptr, m_result.infos);
    if (m_result.waived > 0)
        parts << tr("%n waived", nullptr, m_result.waived);
    if (!m_result.staleWaivers.empty())
        parts << tr("%n stale waiver(s)", nullptr, static_cast<int>(m_result.staleWaivers.size()));
    return parts.join(QStringLiteral(", "));
}

void ViolationsDock::rebuild()
{
    m_result = m_document ? m_document->validator()->result() : ValidationResult {};
    const bool pending = m_document && m_document->validator()->isPending();
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();

    auto group = [this](const QString &title, const QColor &colour) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0, title);
        item->setData(0, kKindRole, GroupItem);
        item->setForeground(0, colour);
        QFont font = item->font(0);
        font.setBold(true);
        item->setFont(0, font);
        item->setExpanded(true);
        return item;
    };

    // severity (or "waived") -> rule -> violation indices, in the deck order the list has.
    std::map<int, std::vector<std::pair<std::string, std::vector<int>>>> groups;
    for (int i = 0; i < static_cast<int>(m_result.violations.size()); ++i) {
        const Violation &violation = m_result.violations[static_cast<std::size_t>(i)];
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
        QTreeWidgetItem *top = group(QStringLiteral("%1 (%2)")
                                         .arg(waived ? tr("Waived") : severityTitle(severity))
                                         .arg(count),
                                     waived ? QColor(Qt::gray) : severityColour(severity));
        for (const auto &[ruleKey, indices] : rules) {
            auto *ruleItem = new QTreeWidgetItem(top);
            const auto title = ruleTitles().find(ruleKey);
            ruleItem->setText(
                0,
                QStringLiteral("%1 - %2 (%3)")
                    .arg(qs(ruleKey), title != ruleTitles().end() ? qs(title->second) : QString())
                    .arg(indices.size()));
            ruleItem->setData(0, kKindRole, RuleItem);
            ruleItem->setExpanded(indices.size() <= 20);
            int shown = 0;
            for (int index : indices) {
                if (shown++ == kMaxItemsPerRule) {
                    auto *more = new QTreeWidgetItem(ruleItem);
                    more->setText(0,
                                  tr("... %n more (filter to narrow down)", nullptr,
                                     static_cast<int>(indices.size()) - kMaxItemsPerRule));
                    more->setData(0, kKindRole, MoreItem);
                    break;
                }
                const Violation &violation = m_result.violations[static_cast<std::size_t>(index)];
                auto *item = new QTreeWidgetItem(ruleItem);
                item->setText(0, qs(violation.message));
                item->setText(1, namesText(violation));
                item->setData(0, kKindRole, ViolationItem);
                item->setData(0, kIndexRole, index);
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
        }
    }
    if (!m_result.staleWaivers.empty()) {
        QTreeWidgetItem *top = group(tr("Stale waivers (%1)").arg(m_result.staleWaivers.size()),
                                     QColor(0x6a, 0x1b, 0x9a));
        for (int i = 0; i < static_cast<int>(m_result.staleWaivers.size()); ++i) {
            const StaleWaiver &stale = m_result.staleWaivers[static_cast<std::size_t>(i)];
            auto *item = new QTreeWidgetItem(top);
            item->setText(
                0,
                tr("%1: \"%2\" - %3")
                    .arg(qs(stale.waiver.ruleKey), qs(stale.waiver.reason), qs(stale.reason)));
            QStringList ids;
            for (std::uint64_t id : stale.waiver.entityIds)
                ids << QStringLiteral("#%1").arg(id);
            item->setText(1, ids.join(QStringLiteral(", ")));
            item->setData(0, kKindRole, StaleWaiverItem);
            item->setData(0, kIndexRole, i);
        }
    }
    m_tree->setUpdatesEnabled(true);
    const QString counts = countsText() + (pending ? tr(" (checking...)") : QString());
    m_counts->setText(counts);
    emit countsChanged(counts);
}

const Violation *ViolationsDock::violationAt(const QTreeWidgetItem *item) const
{
    if (!item || item->data(0, kKindRole).toInt() != ViolationItem)
        return nullptr;
    const int index = item->data(0, kIndexRole).toInt();
    if (index < 0 || index >= static_cast<int>(m_result.violations.size()))
        return nullptr;
    return &m_result.violations[static_cast<std::size_t>(index)];
}

QTreeWidgetItem *ViolationsDock::firstItemOfRule(const std::string &ruleKey) const
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        if (const Violation *violation = violationAt(*it);
            violation && violation->ruleKey == ruleKey)
            return *it;
    return nullptr;
}

int ViolationsDock::shownViolationCount() const
{
    int count = 0;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        count += (*it)->data(0, kKindRole).toInt() == ViolationItem;
    return count;
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
    if (item->data(0, kKindRole).toInt() == StaleWaiverItem) {
        // A stale waiver is removed through the same call, by rule and ids.
        const int index = item->data(0, kIndexRole).toInt();
        if (index < 0 || index >= static_cast<int>(m_result.staleWaivers.size()))
            return std::nullopt;
        const StaleWaiver &stale = m_result.staleWaivers[static_cast<std::size_t>(index)];
        Violation named;
        named.ruleKey = stale.waiver.ruleKey;
        for (std::uint64_t id : stale.waiver.entityIds)
            named.entities.push_back(EntityRef { EntityKind::Device, id });
        return named;
    }
    if (const Violation *violation = violationAt(item))
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

void ViolationsDock::showContextMenu(const QPoint &pos)
{
    QTreeWidgetItem *item = m_tree->itemAt(pos);
    const auto target = waiverTarget(item);
    if (!target || !m_document)
        return;
    // The menu and the dialog run event loops in which a validator result may rebuild the
    // tree: the actions work on this copy, never on the item.
    const Violation violation = *target;
    const bool stale = item->data(0, kKindRole).toInt() == StaleWaiverItem;
    auto apply = [this, violation](const QString &reason) {
        if (!m_document)
            return;
        if (const QString why = m_document->setWaived(violation, reason); !why.isEmpty())
            m_counts->setText(why);
    };
    QMenu menu(this);
    if (!stale) {
        menu.addAction(tr("Select and Show"), this, [this, violation] {
            if (!m_document)
                return;
            if (violation.entities.empty())
                return;
            const std::vector<EntityRef> culprit { violation.entities.front() };
            m_document->setSelection(culprit);
            emit focusRequested(culprit);
        });
        const QString current = QString::fromStdString(violation.waiverReason);
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
    } else {
        menu.addAction(tr("Remove Stale Waiver"), this, [apply] { apply(QString()); });
    }
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace cw
