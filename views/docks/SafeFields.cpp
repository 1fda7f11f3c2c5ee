#include "views/docks/SafeFields.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QWheelEvent>

namespace cw {
namespace {

/// The line edit a field types into: itself, or the one inside a spin box or editable combo.
QLineEdit *lineEditOf(QWidget *field)
{
    if (auto *edit = qobject_cast<QLineEdit *>(field))
        return edit;
    return field ? field->findChild<QLineEdit *>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

/// The guarded field `watched` belongs to (the inner line edit reports to its field).
QWidget *fieldOf(QObject *watched)
{
    auto *widget = qobject_cast<QWidget *>(watched);
    if (widget && qobject_cast<QLineEdit *>(widget) && widget->parentWidget()
        && (qobject_cast<QAbstractSpinBox *>(widget->parentWidget())
            || qobject_cast<QComboBox *>(widget->parentWidget())))
        return widget->parentWidget();
    return widget;
}

const char *const kGuarded = "cwSafeFieldsGuarded";

} // namespace

/// Sees every widget's first polish; a field is guarded before it can receive a wheel event.
class SafeFields::Installer : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Polish
            && (qobject_cast<QAbstractSpinBox *>(watched) || qobject_cast<QComboBox *>(watched)))
            SafeFields::guard(static_cast<QWidget *>(watched));
        return false;
    }
};

void SafeFields::guardApplication()
{
    if (!qApp || qApp->property(kGuarded).toBool())
        return;
    qApp->setProperty(kGuarded, true);
    qApp->installEventFilter(new Installer(qApp));
}

void SafeFields::guard(QWidget *field)
{
    if (!field || field->property(kGuarded).toBool())
        return;
    field->setProperty(kGuarded, true);
    auto *filter = new SafeFields(field);
    // Strong, not wheel focus: a wheel over the field must not give it focus either.
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(filter);
    if (QLineEdit *edit = lineEditOf(field); edit && edit != field)
        edit->installEventFilter(filter);
}

void SafeFields::markCommitted(QWidget *field)
{
    if (QLineEdit *edit = lineEditOf(field))
        edit->setModified(false);
}

bool SafeFields::eventFilter(QObject *watched, QEvent *event)
{
    QWidget *field = fieldOf(watched);
    if (!field)
        return false;
    if (event->type() == QEvent::Wheel && !field->hasFocus()) {
        // Not ours: let the enclosing scroll area have it.
        event->ignore();
        return true;
    }
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool undoRedo = key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo);
        QLineEdit *edit = lineEditOf(field);
        if (undoRedo && (!edit || !edit->isModified())) {
            // Nothing typed since the last commit: the shortcut is the window's (the
            // document's undo), not the field's.
            event->ignore();
            return true;
        }
    }
    if (event->type() == QEvent::FocusIn)
        markCommitted(field); // what it shows now is the document's value
    return false;
}

} // namespace cw
