// MainWindow's toolbar and the editing tools an architect builds a design with by hand:
// find by name, New Fabric, Add Link (also from the Inspector's port table).

#include "app/gui/MainWindow.h"

#include "views/docks/FabricDialog.h"
#include "views/docks/FindBar.h"
#include "views/docks/InspectorDock.h"
#include "views/docks/LinkDialog.h"
#include "views/docks/ViolationsDock.h"

#include "model/core/Design.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace cw {

void MainWindow::createToolsActions()
{
    auto make = [this](const char *name, const QString &text, const QKeySequence &key, auto slot) {
        auto *a = new QAction(text, this);
        a->setObjectName(QString::fromLatin1(name));
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
        return a;
    };
    make("editFind", tr("&Find by Name..."), QKeySequence::Find, [this] { m_find->activate(); });
    make("editNewFabric", tr("New &Fabric..."), {}, [this] { newFabricWithDialog(); });
    make("editAddLink", tr("Add &Link..."), QKeySequence(Qt::CTRL | Qt::Key_L),
         [this] { addLinkWithDialog(); });
    // Next/previous violation work with the dock hidden (presentation mode) as well.
    addAction(m_violations->nextAction());
    addAction(m_violations->previousAction());
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    QStyle *style = QApplication::style();
    const std::pair<const char *, QStyle::StandardPixmap> icons[] = {
        { "fileNew", QStyle::SP_FileIcon },          { "fileOpen", QStyle::SP_DialogOpenButton },
        { "fileSave", QStyle::SP_DialogSaveButton }, { "editUndo", QStyle::SP_ArrowBack },
        { "editRedo", QStyle::SP_ArrowForward },
    };
    for (const auto &[name, pixmap] : icons)
        if (QAction *a = action(QString::fromLatin1(name)))
            a->setIcon(style->standardIcon(pixmap));
    // Every button says its shortcut.
    auto add = [this, bar](const char *name) {
        QAction *a = action(QString::fromLatin1(name));
        if (!a)
            return;
        bar->addAction(a);
        auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(a));
        if (!button)
            return;
        // Icons alone where there is one ("Undo Move rack A01" would stretch the bar).
        if (!a->icon().isNull())
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
        const QString keys = a->shortcut().toString(QKeySequence::NativeText);
        button->setToolTip(a->text().remove(QLatin1Char('&'))
                           + (keys.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(keys)));
    };
    for (const char *name : { "fileNew", "fileOpen", "fileSave" })
        add(name);
    bar->addSeparator();
    for (const char *name : { "editUndo", "editRedo" })
        add(name);
    bar->addSeparator();
    for (const char *name : { "viewZoomIn", "viewZoomOut", "viewZoomFit" })
        add(name);
    bar->addSeparator();
    for (const char *name : { "editNewFabric", "editAddLink", "editGenerateFabric" })
        add(name);
    bar->addSeparator();
    add("exportDialog");
    bar->addSeparator();
    m_find = new FindBar(bar);
    m_find->setObjectName(QStringLiteral("findBar"));
    bar->addWidget(m_find);
    connect(m_find, &FindBar::found, this, &MainWindow::focusEntities);
    // The empty-design hint stays centred over the views.
    m_tabs->installEventFilter(this);
    connect(m_inspector, &InspectorDock::connectPortRequested, this,
            [this](PortRef port) { addLinkWithDialog(port); });
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tabs && event->type() == QEvent::Resize && m_emptyHint
        && m_emptyHint->isVisible())
        updateEmptyHint();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::updateEmptyHint()
{
    const bool empty = m_document && m_document->design().racks().empty();
    if (!empty) {
        if (m_emptyHint)
            m_emptyHint->hide();
        return;
    }
    if (!m_emptyHint) {
        m_emptyHint = new QLabel(m_tabs);
        m_emptyHint->setObjectName(QStringLiteral("emptyHint"));
        m_emptyHint->setWordWrap(true);
        m_emptyHint->setAlignment(Qt::AlignCenter);
        m_emptyHint->setAttribute(Qt::WA_TransparentForMouseEvents); // drops reach the view
        m_emptyHint->setStyleSheet(QStringLiteral(
            "QLabel { background: rgba(255, 255, 240, 230); border: 1px solid #b0a060;"
            " border-radius: 6px; padding: 12px; color: #333; }"));
    }
    const Site &site = m_document->design().site();
    m_emptyHint->setText(
        tr("<b>%1 is empty</b><br>IT budget %2 kW, utility %3 kW, air cooling %4 kW "
           "(one DGX H100 scalable unit; edit in the Inspector with nothing selected).<br><br>"
           "Start from a template: <b>File &gt; New from Template</b> (Ctrl+Shift+N)<br>"
           "or drag a rack from the <b>Library</b> onto the floor plan, then servers "
           "onto the rack.")
            .arg(QString::fromStdString(site.name).toHtmlEscaped())
            .arg(site.itPowerBudgetKw)
            .arg(site.utilityPowerKw)
            .arg(site.airCoolingCapacityKw));
    const int width = std::max(240, std::min(520, m_tabs->width() - 40));
    m_emptyHint->resize(width, m_emptyHint->heightForWidth(width));
    m_emptyHint->move((m_tabs->width() - m_emptyHint->width()) / 2,
                      (m_tabs->height() - m_emptyHint->height()) / 3);
    m_emptyHint->show();
    m_emptyHint->raise();
}

void MainWindow::newFabricWithDialog()
{
    if (!m_document)
        return;
    FabricDialog dialog(m_document.get(), this);
    if (dialog.exec() == QDialog::Accepted && dialog.addedId().isValid()) {
        m_document->setSelection({ EntityRef::of(dialog.addedId()) });
        showMessage(tr("Added fabric %1: add links with Edit > Add Link (Ctrl+L).")
                        .arg(QString::fromStdString(dialog.fabric().name)));
    }
}

void MainWindow::addLinkWithDialog(std::optional<PortRef> from)
{
    if (!m_document)
        return;
    if (m_document->design().fabrics().empty()) {
        showMessage(tr("A link belongs to a fabric: create one first (Edit > New Fabric...)."));
        newFabricWithDialog();
        if (m_document->design().fabrics().empty())
            return;
    }
    LinkDialog dialog(m_document.get(), m_document->selection(), this);
    if (from)
        if (const Device *device = m_document->design().device(from->device))
            dialog.setEnd(0, QString::fromStdString(device->name), from->port);
    if (dialog.exec() == QDialog::Accepted)
        showMessage(tr("Link added; cable chosen by auto-cabling."));
}

} // namespace cw
