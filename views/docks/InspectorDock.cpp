#include "views/docks/InspectorDock.h"

#include "views/docks/SafeFields.h"
#include "views/document/Document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace cw {

/// Spin boxes accept any sign so that a wrong value reaches Document and is refused with its
/// reason, instead of being silently clamped.
constexpr double kNumberLimit = 1e9;

InspectorDock::InspectorDock(QWidget *parent)
    : QDockWidget(tr("Inspector"), parent)
{
    setObjectName(QStringLiteral("InspectorDock"));
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    auto *body = new QWidget(scroll);
    auto *layout = new QVBoxLayout(body);
    m_title = new QLabel(body);
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    m_formHost = new QWidget(body);
    m_form = new QFormLayout(m_formHost);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_message = new QLabel(body);
    m_message->setObjectName(QStringLiteral("inspectorMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    layout->addWidget(m_title);
    layout->addWidget(m_formHost);
    layout->addWidget(m_message);
    layout->addStretch(1);
    scroll->setWidget(body);
    setWidget(scroll);
}

void InspectorDock::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (document) {
        connect(document, &Document::selectionChanged, this, &InspectorDock::rebuild);
        connect(document, &Document::changed, this, &InspectorDock::onChanged);
    }
    report({});
    rebuild();
}

QWidget *InspectorDock::editor(const QString &field) const
{
    for (const Field &f : m_fields)
        if (f.editor && f.editor->objectName() == field)
            return f.editor;
    return nullptr;
}

void InspectorDock::report(const QString &why)
{
    m_lastMessage = why;
    m_message->setText(why);
    m_message->setVisible(!why.isEmpty());
    if (!why.isEmpty())
        emit statusMessage(why);
}

void InspectorDock::clearForm()
{
    m_fields.clear();
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
}

void InspectorDock::loadAll()
{
    m_loading = true;
    for (const Field &field : m_fields)
        if (field.load) {
            field.load();
            SafeFields::markCommitted(field.editor);
        }
    m_loading = false;
}

void InspectorDock::onChanged(const ChangeSet &changes)
{
    if (!m_document)
        return;
    // Something the form shows was removed (or came back): the form itself changes.
    auto shown = [this](const std::vector<EntityRef> &refs) {
        return std::any_of(refs.begin(), refs.end(), [this](EntityRef ref) {
            return std::find(m_shown.begin(), m_shown.end(), ref) != m_shown.end();
        });
    };
    if (shown(changes.removed) || shown(changes.added)) {
        // Deferred: the change may come from one of the form's own editors, still inside
        // its signal; its widget must outlive that.
        QMetaObject::invokeMethod(this, &InspectorDock::rebuild, Qt::QueuedConnection);
        return;
    }
    loadAll();
}

void InspectorDock::rebuild()
{
    clearForm();
    m_shown.clear();
    if (!m_document) {
        m_title->setText(tr("<i>No design open</i>"));
        return;
    }
    const std::vector<EntityRef> &selection = m_document->selection();
    m_shown = selection;
    if (selection.empty()) {
        m_title->setText(tr("<b>Design and site</b>"));
        buildSiteForm();
    } else {
        const EntityKind kind = selection.front().kind;
        const bool oneKind = std::all_of(selection.begin(), selection.end(),
                                         [kind](EntityRef ref) { return ref.kind == kind; });
        if (!oneKind) {
            m_title->setText(tr("<b>%1 objects of several kinds</b><br>Select objects of one "
                                "kind to edit them together.")
                                 .arg(selection.size()));
        } else if (selection.size() > 1 && kind != EntityKind::Device && kind != EntityKind::Rack) {
            m_title->setText(tr("<b>%1 %2s</b><br>Several of these are edited one at a time.")
                                 .arg(selection.size())
                                 .arg(QString::fromUtf8(entityKindName(kind))));
        } else {
            m_title->setText(
                selection.size() == 1
                    ? QStringLiteral("<b>%1</b>")
                          .arg(m_document->displayName(selection.front()).toHtmlEscaped())
                    : tr("<b>%1 %2s</b> - changes apply to all")
                          .arg(selection.size())
                          .arg(QString::fromUtf8(entityKindName(kind))));
            switch (kind) {
            case EntityKind::Device:
                buildDeviceForm(selection);
                break;
            case EntityKind::Rack:
                buildRackForm(selection);
                break;
            case EntityKind::Row:
                buildRowForm(selection.front());
                break;
            case EntityKind::Fabric:
                buildFabricForm(selection.front());
                break;
            case EntityKind::Link:
                buildLinkForm(selection.front());
                break;
            case EntityKind::StorageTier:
                buildStorageForm(selection.front());
                break;
            }
        }
    }
    loadAll();
}

// --- field helpers: each loads from the document and commits through it ---------------------

QLineEdit *InspectorDock::addText(const QString &name, const QString &label,
                                  std::function<QString()> get,
                                  std::function<QString(const QString &)> set)
{
    auto *edit = new QLineEdit(m_formHost);
    edit->setObjectName(name);
    SafeFields::guard(edit);
    m_form->addRow(label, edit);
    m_fields.push_back({ edit, [edit, get] {
                            edit->setText(get());
                        } });
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, get, set] {
        if (m_loading || edit->text() == get())
            return;
        report(set(edit->text()));
        loadAll();
    });
    return edit;
}

QDoubleSpinBox *InspectorDock::addNumber(const QString &name, const QString &label,
                                         const QString &suffix, int decimals,
                                         std::function<double()> get,
                                         std::function<QString(double)> set)
{
    auto *spin = new QDoubleSpinBox(m_formHost);
    spin->setObjectName(name);
    spin->setRange(-kNumberLimit, kNumberLimit);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setKeyboardTracking(false); // commit what was typed, not each keystroke
    SafeFields::guard(spin);
    m_form->addRow(label, spin);
    m_fields.push_back({ spin, [spin, get] {
                            spin->setValue(get());
                        } });
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, get, set](double value) {
        if (m_loading || value == get())
            return;
        report(set(value));
        loadAll();
    });
    return spin;
}

QSpinBox *InspectorDock::addInteger(const QString &name, const QString &label, int min, int max,
                                    std::function<int()> get, std::function<QString(int)> set)
{
    auto *spin = new QSpinBox(m_formHost);
    spin->setObjectName(name);
    spin->setRange(min, max);
    spin->setKeyboardTracking(false);
    SafeFields::guard(spin);
    m_form->addRow(label, spin);
    m_fields.push_back({ spin, [spin, get] {
                            spin->setValue(get());
                        } });
    connect(spin, &QSpinBox::valueChanged, this, [this, get, set](int value) {
        if (m_loading || value == get())
            return;
        report(set(value));
        loadAll();
    });
    return spin;
}

QComboBox *InspectorDock::addChoice(const QString &name, const QString &label,
                                    const QStringList &items, bool editable,
                                    std::function<QString()> get,
                                    std::function<QString(const QString &)> set)
{
    auto *combo = new QComboBox(m_formHost);
    combo->setObjectName(name);
    combo->setEditable(editable);
    combo->addItems(items);
    if (editable)
        combo->setInsertPolicy(QComboBox::NoInsert);
    SafeFields::guard(combo);
    m_form->addRow(label, combo);
    m_fields.push_back({ combo, [combo, get] {
                            const QString value = get();
                            const int index = combo->findText(value);
                            combo->setCurrentIndex(index);
                            if (combo->isEditable())
                                combo->setEditText(value);
                        } });
    auto commit = [this, combo, get, set] {
        if (m_loading || combo->currentText() == get())
            return;
        report(set(combo->currentText()));
        loadAll();
    };
    connect(combo, &QComboBox::activated, this, commit);
    if (editable)
        connect(combo->lineEdit(), &QLineEdit::editingFinished, this, commit);
    return combo;
}

QCheckBox *InspectorDock::addCheck(const QString &name, const QString &label,
                                   std::function<bool()> get, std::function<QString(bool)> set)
{
    auto *check = new QCheckBox(m_formHost);
    check->setObjectName(name);
    m_form->addRow(label, check);
    m_fields.push_back({ check, [check, get] {
                            check->setChecked(get());
                        } });
    connect(check, &QCheckBox::toggled, this, [this, get, set](bool on) {
        if (m_loading || on == get())
            return;
        report(set(on));
        loadAll();
    });
    return check;
}

QLabel *InspectorDock::addInfo(const QString &label, std::function<QString()> get)
{
    auto *info = new QLabel(m_formHost);
    info->setWordWrap(true);
    info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(label, info);
    m_fields.push_back({ info, [info, get] {
                            info->setText(get());
                        } });
    return info;
}

} // namespace cw
