#include "views/docks/FindBar.h"

#include "views/document/Document.h"

#include "model/core/Design.h"

#include <QCompleter>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QStringListModel>

#include <algorithm>

namespace cw {
namespace {

/// Every named entity in the order find reports them: what an architect looks for most
/// (hosts) first.
template<typename Visit>
void forEachNamed(const Design &design, Visit visit)
{
    for (const Device &device : design.devices())
        visit(EntityRef::of(device.id), device.name);
    for (const Rack &rack : design.racks())
        visit(EntityRef::of(rack.id), rack.name);
    for (const Row &row : design.rows())
        visit(EntityRef::of(row.id), row.name);
    for (const Fabric &fabric : design.fabrics())
        visit(EntityRef::of(fabric.id), fabric.name);
    for (const StorageTier &tier : design.storageTiers())
        visit(EntityRef::of(tier.id), tier.name);
}

/// ASCII letters folded to lower case; other bytes (UTF-8 sequences included) unchanged.
char foldAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isAscii(const std::string &text)
{
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

/// Whether `name` equals (2), contains (1) or misses (0) `wanted`, which is lower case ASCII,
/// without making a QString of every name: typing into the field compared 230,000 names per
/// key at 131,072 nodes (0.3-0.6 s a key). Non-ASCII bytes of `name` match only themselves,
/// which no ASCII query byte equals.
int asciiMatch(const std::string &name, const std::string &wanted)
{
    const auto equal = [](char a, char b) {
        return foldAscii(a) == b;
    };
    if (name.size() == wanted.size() && std::equal(name.begin(), name.end(), wanted.begin(), equal))
        return 2;
    return std::search(name.begin(), name.end(), wanted.begin(), wanted.end(), equal) != name.end()
        ? 1
        : 0;
}

} // namespace

FindBar::FindBar(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("findField"));
    m_field->setPlaceholderText(tr("Find by name (Ctrl+F)"));
    m_field->setClearButtonEnabled(true);
    m_field->setMinimumWidth(180);
    m_status = new QLabel(this);
    m_names = new QStringListModel(this);
    m_completer = new QCompleter(m_names, this);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchContains);
    m_completer->setMaxVisibleItems(15);
    // Every row the same height: without it the popup measured each of the 131,072 "dgx"
    // matches' text at 131,072 nodes (half a second a key).
    if (auto *list = qobject_cast<QListView *>(m_completer->popup()))
        list->setUniformItemSizes(true);
    m_field->setCompleter(m_completer);
    layout->addWidget(m_field);
    layout->addWidget(m_status);
    connect(m_field, &QLineEdit::returnPressed, this, [this] { findNext(); });
    // The count follows the typing: "no match" from the last search stayed up while the
    // completer listed ten names.
    connect(m_field, &QLineEdit::textEdited, this, [this](const QString &text) {
        const std::size_t hits = matches(text).size();
        m_status->setText(text.trimmed().isEmpty() ? QString()
                              : hits == 0          ? tr("no match")
                              : hits == 1          ? tr("1 match")
                                                   : tr("%1 matches").arg(hits));
    });
    // Choosing a completion finds it at once.
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this,
            [this](const QString &name) {
                m_field->setText(name);
                findNext();
            });
}

void FindBar::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_namesStale = true;
    m_lastText.clear();
    m_lastIndex = -1;
    m_status->clear();
    m_field->clear(); // a name of the previous design means nothing in this one
    if (document)
        // Names are gathered again only when the field is next used: a 30,000-device
        // design's list is not rebuilt on every drag.
        connect(document, &Document::changed, this, [this] { m_namesStale = true; });
}

void FindBar::activate()
{
    refreshNames();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void FindBar::refreshNames()
{
    if (!m_namesStale || !m_document)
        return;
    QStringList names;
    forEachNamed(m_document->design(), [&names](EntityRef, const std::string &name) {
        if (!name.empty())
            names << QString::fromStdString(name);
    });
    names.removeDuplicates();
    m_names->setStringList(names);
    m_namesStale = false;
}

std::vector<EntityRef> FindBar::matches(const QString &text) const
{
    const QString wanted = text.trimmed();
    if (!m_document || wanted.isEmpty())
        return {};
    std::vector<EntityRef> exact;
    std::vector<EntityRef> partial;
    const std::string wantedBytes = wanted.toLower().toStdString();
    if (isAscii(wantedBytes)) {
        forEachNamed(m_document->design(), [&](EntityRef ref, const std::string &name) {
            if (const int match = asciiMatch(name, wantedBytes); match == 2)
                exact.push_back(ref);
            else if (match == 1)
                partial.push_back(ref);
        });
        exact.insert(exact.end(), partial.begin(), partial.end());
        return exact;
    }
    forEachNamed(m_document->design(), [&](EntityRef ref, const std::string &name) {
        const QString candidate = QString::fromStdString(name);
        if (candidate.compare(wanted, Qt::CaseInsensitive) == 0)
            exact.push_back(ref);
        else if (candidate.contains(wanted, Qt::CaseInsensitive))
            partial.push_back(ref);
    });
    exact.insert(exact.end(), partial.begin(), partial.end());
    return exact;
}

EntityRef FindBar::findNext()
{
    refreshNames();
    const QString text = m_field->text().trimmed();
    const std::vector<EntityRef> hits = matches(text);
    if (hits.empty()) {
        m_status->setText(text.isEmpty() ? QString() : tr("no match"));
        m_lastIndex = -1;
        return {};
    }
    if (text != m_lastText)
        m_lastIndex = -1;
    m_lastText = text;
    m_lastIndex = (m_lastIndex + 1) % static_cast<int>(hits.size());
    const EntityRef ref = hits[static_cast<std::size_t>(m_lastIndex)];
    m_status->setText(hits.size() == 1 ? QString()
                                       : tr("%1 of %2").arg(m_lastIndex + 1).arg(hits.size()));
    emit found({ ref });
    return ref;
}

QString FindBar::statusText() const
{
    return m_status->text();
}

} // namespace cw
