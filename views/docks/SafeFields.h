#pragma once

#include <QObject>

class QWidget;

namespace cw {

/// Makes a form field safe to scroll past and to undo through (installed on the Inspector's
/// spin boxes and combo boxes):
/// - the mouse wheel changes a field only when it has keyboard focus; otherwise the wheel
///   goes on to the form's scroll area (one notch over "PFC priority" silently edited a
///   device before);
/// - Ctrl+Z / Ctrl+Shift+Z reach the document's undo stack once the field has committed its
///   edit; only typing not yet committed is undone by the field itself.
class SafeFields : public QObject
{
    Q_OBJECT

public:
    /// Guards `field` (and its inner line edit); the filter is a child of `field`. Guarding a
    /// field twice is harmless.
    static void guard(QWidget *field);
    /// Guards every spin box and combo box of the application as it is first shown (wizard,
    /// dialogs, Calculators dock, file dialogs): the wheel over any of them edits nothing
    /// unless it has focus. Installed once by the main window.
    static void guardApplication();
    /// Marks what `field` shows as committed: Ctrl+Z now goes to the document.
    static void markCommitted(QWidget *field);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
    /// The application-wide filter: guards spin boxes and combo boxes when they are polished.
    class Installer;
};

} // namespace cw
