#pragma once

// What the tst_workbench* programs share: the window from the seed template, lookups by
// name, a rule's count and a mouse event sent to a widget.

#include "DocumentFixtures.h"
#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignWizard.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QApplication>
#include <QMouseEvent>
#include <QtTest>

#include <memory>
#include <string>
#include <vector>

namespace cw::workbench {

inline constexpr const char *kSeedNode = "hdr-8x-h100-seed";

using test::deviceNamed;
using test::rackNamed;

inline int countRule(const std::vector<Violation> &violations, const std::string &key,
                     bool waived = false)
{
    int count = 0;
    for (const Violation &v : violations)
        count += v.ruleKey == key && v.waived == waived;
    return count;
}

inline void sendMouse(QWidget *widget, QEvent::Type type, QPoint pos, Qt::MouseButton button,
                      Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(pos), widget->mapToGlobal(QPointF(pos)), button, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

/// The window with the seed template loaded through the New from Template wizard.
inline std::unique_ptr<MainWindow> windowFromTemplate()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    NewDesignWizard wizard(Catalog::builtin(), window.get());
    wizard.setTemplate(QStringLiteral("seed-8node-hdr"));
    QString error;
    if (!wizard.generate(&error))
        qFatal("template: %s", qPrintable(error));
    window->newDocument(wizard.takeDesign());
    window->resize(1600, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qFatal("window not exposed");
    window->document()->validator()->flush();
    return window;
}

} // namespace cw::workbench
