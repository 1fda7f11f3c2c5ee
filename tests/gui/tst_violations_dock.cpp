// The Violations dock as a design-rule panel: a click selects the culprit alone, the tree keeps
// expansion, selection and scroll across edits, next/previous, bulk waive, severity filter.

#include "DocksFixtures.h"

using namespace cw;
using namespace cw::test;

class TestViolationsDock : public QObject
{
    Q_OBJECT

private slots:
    void violationClickSelectsTheCulprit()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        // Stretch one cabled link far beyond any medium's reach: net.cable-reach names the
        // link, then its two ends.
        Link link;
        for (const Link &candidate : document->design().links())
            if (!candidate.cableType.empty()) {
                link = candidate;
                break;
            }
        QVERIFY(link.id.isValid());
        link.lengthM = 5000;
        QCOMPARE(document->updateLink(link), QString());
        QTreeWidgetItem *item = nullptr;
        for (QTreeWidgetItemIterator it(dock.tree()); *it && !item; ++it)
            if (const Violation *v = dock.violationAt(*it); v && v->ruleKey == "net.cable-reach"
                && !v->entities.empty() && v->entities.front() == EntityRef::of(link.id))
                item = *it;
        QVERIFY(item);
        QCOMPARE(dock.violationAt(item)->entities.size(), std::size_t(3));
        QSignalSpy focus(&dock, &ViolationsDock::focusRequested);
        dock.activate(item);
        QCOMPARE(document->selection(), std::vector<EntityRef> { EntityRef::of(link.id) });
        QCOMPARE(focus.count(), 1);
        QCOMPARE(focus.first().at(0).value<std::vector<EntityRef>>(),
                 std::vector<EntityRef> { EntityRef::of(link.id) });
        dock.setDocument(nullptr);
    }

    // Every edit refreshes the tree in place: a rule the user collapsed stays collapsed, a
    // group they opened stays open, the selected finding stays selected.
    void violationTreeKeepsExpansionAndSelection()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::vector<LinkId> links = stretchLinks(*document, 2);
        QCOMPARE(links.size(), std::size_t(2));
        QTreeWidgetItem *rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(rule->childCount(), 2);
        QVERIFY(rule->isExpanded()); // two findings: open by default
        QTreeWidgetItem *second = itemOfLink(dock, links[1]);
        QVERIFY(second);
        dock.tree()->setCurrentItem(second);
        rule->setExpanded(false);

        QCOMPARE(stretchLinks(*document, 1, 2).size(), std::size_t(1)); // a third finding
        rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(rule->childCount(), 3);
        QVERIFY(!rule->isExpanded());
        QTreeWidgetItem *selected = itemOfLink(dock, links[1]);
        QVERIFY(selected);
        QVERIFY(selected->isSelected());
        QCOMPARE(dock.tree()->currentItem(), selected);
        QCOMPARE(dock.tree()->selectedItems().size(), 1);

        // Reopened by the user: open after the next edit as well.
        rule->setExpanded(true);
        QCOMPARE(document->undoStack()->count() > 0, true);
        document->undoStack()->undo();
        document->validator()->flush();
        rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(rule->childCount(), 2);
        QVERIFY(rule->isExpanded());
        dock.setDocument(nullptr);
    }

    // The scroll position survives a refresh: a user reading findings far down the list is
    // not thrown back to the top by the next edit.
    void violationTreeKeepsScrollPosition()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.resize(600, 220);
        dock.show();
        dock.setDocument(document.get());
        QCOMPARE(stretchLinks(*document, 40).size(), std::size_t(40));
        QTreeWidgetItem *rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QVERIFY(!rule->isExpanded()); // more than 20 findings: closed by default
        rule->setExpanded(true);
        QScrollBar *bar = dock.tree()->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 20);
        bar->setValue(bar->maximum() / 2);
        const int scrolled = bar->value();
        QVERIFY(scrolled > 0);
        QCOMPARE(stretchLinks(*document, 1, 40).size(), std::size_t(1)); // one more finding
        QCOMPARE(dock.ruleItem("net.cable-reach")->childCount(), 41);
        QCOMPARE(dock.tree()->verticalScrollBar()->value(), scrolled);
        dock.setDocument(nullptr);
    }

    // Next/Previous walk the shown findings in tree order, select each culprit alone and
    // wrap around at both ends.
    void violationNextPrevious()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::vector<LinkId> links = stretchLinks(*document, 3);
        QCOMPARE(links.size(), std::size_t(3));
        // Only the cable findings: the example's own warnings are filtered away.
        dock.setFilterText(QStringLiteral("net.cable-reach"));
        QCOMPARE(dock.shownViolationCount(), 3);
        std::vector<EntityRef> order;
        for (QTreeWidgetItemIterator it(dock.tree()); *it; ++it)
            if (const Violation *v = dock.violationAt(*it))
                order.push_back(v->entities.front());
        QCOMPARE(order.size(), std::size_t(3));
        // The three stretched links, each once.
        for (LinkId link : links)
            QCOMPARE(std::count(order.begin(), order.end(), EntityRef::of(link)), 1);

        QSignalSpy focus(&dock, &ViolationsDock::focusRequested);
        auto selectedNow = [&] {
            return document->selection();
        };
        dock.nextAction()->trigger(); // nothing current: the first
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[0] });
        dock.nextAction()->trigger();
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[1] });
        dock.nextAction()->trigger();
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[2] });
        dock.nextAction()->trigger(); // wraps to the first
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[0] });
        dock.previousAction()->trigger(); // and back to the last
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[2] });
        dock.previousAction()->trigger();
        QCOMPARE(selectedNow(), std::vector<EntityRef> { order[1] });
        QCOMPARE(focus.count(), 6);
        QCOMPARE(dock.nextAction()->shortcut(), QKeySequence(Qt::Key_F8));
        QCOMPARE(dock.previousAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F8));

        // A collapsed rule is opened to show the finding it steps to.
        dock.ruleItem("net.cable-reach")->setExpanded(false);
        dock.tree()->setCurrentItem(nullptr);
        QTreeWidgetItem *first = dock.stepViolation(1);
        QVERIFY(first);
        QVERIFY(first->parent()->isExpanded());
        dock.setDocument(nullptr);
    }

    // Two selected findings waived with one reason are one undo step; a rule item waives the
    // whole rule with one waiver naming no object, which also covers later findings.
    void violationBulkWaive()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        const std::vector<LinkId> links = stretchLinks(*document, 3);
        QCOMPARE(links.size(), std::size_t(3));
        const int errorsBefore = document->validator()->result().errors;
        const int waivedBefore = document->validator()->result().waived;
        const std::size_t waiversBefore = document->design().waivers().size();
        const int steps = document->undoStack()->count();

        const QString reason = QStringLiteral("Temporary run to the far hall, re-cabled in Q3");
        QCOMPARE(
            dock.waiveItems({ itemOfLink(dock, links[0]), itemOfLink(dock, links[2]) }, reason),
            QString());
        document->validator()->flush();
        QCOMPARE(document->undoStack()->count(), steps + 1);
        QCOMPARE(document->validator()->result().errors, errorsBefore - 2);
        QCOMPARE(document->validator()->result().waived, waivedBefore + 2);
        QCOMPARE(document->design().waivers().size(), waiversBefore + 2);
        for (const Waiver &waiver : document->design().waivers())
            if (waiver.ruleKey == "net.cable-reach")
                QCOMPARE(QString::fromStdString(waiver.reason), reason);
        document->undoStack()->undo();
        document->validator()->flush();
        QCOMPARE(document->validator()->result().errors, errorsBefore);
        QCOMPARE(document->design().waivers().size(), waiversBefore);

        // The whole rule: one waiver without objects, three findings waived, and a fourth
        // stretched link is waived by it as well.
        QTreeWidgetItem *rule = dock.ruleItem("net.cable-reach");
        QVERIFY(rule);
        QCOMPARE(dock.waiveItems({ rule, rule->child(0) }, reason), QString());
        document->validator()->flush();
        QCOMPARE(document->design().waivers().size(), waiversBefore + 1);
        QVERIFY(document->design().waivers().back().entityIds.empty());
        QCOMPARE(document->validator()->result().errors, errorsBefore - 3);
        QCOMPARE(document->validator()->result().waived, waivedBefore + 3);
        QCOMPARE(stretchLinks(*document, 1, 3).size(), std::size_t(1));
        QCOMPARE(document->validator()->result().waived, waivedBefore + 4);
        QCOMPARE(document->validator()->result().errors, errorsBefore - 3);
        QVERIFY(dock.ruleItem("net.cable-reach", true));
        QCOMPARE(dock.ruleItem("net.cable-reach", true)->childCount(), 4);
        dock.setDocument(nullptr);
    }

    // The severity boxes hide whole severities; what stays shown is exactly the rest.
    void violationSeverityFilter()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kDgxExample, &error);
        QVERIFY2(document, qPrintable(error));
        ViolationsDock dock;
        dock.setDocument(document.get());
        QCOMPARE(stretchLinks(*document, 2).size(), std::size_t(2));
        const ValidationResult &result = document->validator()->result();
        auto countOf = [&](bool errors, bool warnings, bool infos, bool waived) {
            int n = 0;
            for (const Violation &v : result.violations)
                n += v.waived ? waived
                              : (v.severity == Severity::Error         ? errors
                                     : v.severity == Severity::Warning ? warnings
                                                                       : infos);
            return n;
        };
        QVERIFY(result.errors >= 2);
        QCOMPARE(dock.shownViolationCount(), countOf(true, true, true, true));
        dock.setShowErrors(false);
        QCOMPARE(dock.shownViolationCount(), countOf(false, true, true, true));
        QVERIFY(!dock.firstItemOfRule("net.cable-reach"));
        dock.setShowErrors(true);
        dock.setShowWarnings(false);
        dock.setShowInfos(false);
        dock.setShowWaived(false);
        QCOMPARE(dock.shownViolationCount(), result.errors);
        QVERIFY(dock.firstItemOfRule("net.cable-reach"));
        dock.setDocument(nullptr);
    }
};

QTEST_MAIN(TestViolationsDock)
#include "tst_violations_dock.moc"
