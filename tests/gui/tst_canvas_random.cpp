// The canvas views survive any sequence of edits: a randomized run (fixed seed) of adds,
// moves, deletes, duplicates, re-cables, hand-drawn links, waivers, selections, undos and
// redos drives a Document with all three views alive over generated fat-tree designs of
// 256 and 2,048 nodes, whose fabrics are aggregated (more than 96 devices). After every
// step each view's index, markers and selection must match its scene, the design and the
// validator (CanvasConsistency.h); every few steps each view must also equal one built from
// scratch. The first test replays the reported crash: delete a rack of the 256-node design,
// undo (SIGSEGV in CanvasView::reapplyMarkers in 6 of 6 tries before the index fix).

#include "CanvasConsistency.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "views/canvas/FabricItems.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QApplication>
#include <QUndoStack>
#include <QtTest>

#include <memory>
#include <random>

using namespace cw;
using namespace cw::canvas;
using namespace cw::canvas::testing;

namespace {

std::unique_ptr<Document> generated(int nodes)
{
    auto result
        = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } }, Catalog::builtin());
    if (!result)
        qFatal("fat-tree %d does not generate: %s", nodes, result.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(result.value().design)), QString());
}

/// The three views of one document, as the main window holds them.
struct Views
{
    explicit Views(Document *document)
        : floor(document)
        , elevation(document)
        , fabric(document)
    { }
    std::vector<CanvasView *> all() { return { &floor, &elevation, &fabric }; }

    FloorPlanView floor;
    RackElevationView elevation;
    FabricView fabric;
};

QStringList problemsOf(Views &views, const Document &document)
{
    QStringList problems;
    for (CanvasView *view : views.all())
        problems << consistencyProblems(*view, document);
    problems << floorLayerProblems(views.floor, document);
    return problems;
}

/// Each view equals one built from scratch on the same design (same entities shown by the
/// same number of items): incremental updates lost or kept nothing.
QStringList differencesFromScratch(Views &views, Document *document)
{
    QStringList problems;
    FloorPlanView floor(document);
    RackElevationView elevation(document);
    elevation.setRacks(views.elevation.racks());
    FabricView fabric(document);
    const std::pair<CanvasView *, CanvasView *> pairs[] = { { &views.floor, &floor },
                                                            { &views.elevation, &elevation },
                                                            { &views.fabric, &fabric } };
    for (const auto &[live, fresh] : pairs)
        if (indexSignature(*live) != indexSignature(*fresh))
            problems << QStringLiteral("%1 differs from a fresh build (%2 vs %3 entities)")
                            .arg(live->objectName())
                            .arg(live->itemIndex().size())
                            .arg(fresh->itemIndex().size());
    return problems;
}

/// Random edits through Document's public API, as the GUI's tools make them. Refusals are
/// fine (a move onto an occupied U); crashes and stale views are not.
class RandomEditor
{
public:
    RandomEditor(Document *document, FabricView *fabric, unsigned seed)
        : m_document(document)
        , m_fabric(fabric)
        , m_random(seed)
    {
        for (const Device &device : design().devices())
            m_parts.push_back(device.catalogType);
        std::sort(m_parts.begin(), m_parts.end());
        m_parts.erase(std::unique(m_parts.begin(), m_parts.end()), m_parts.end());
        for (const Rack &rack : design().racks())
            m_rackTypes.push_back(rack.catalogType);
        std::sort(m_rackTypes.begin(), m_rackTypes.end());
        m_rackTypes.erase(std::unique(m_rackTypes.begin(), m_rackTypes.end()), m_rackTypes.end());
    }

    /// Edits the document accepted and refused so far (the run must really edit).
    int accepted() const { return m_accepted; }
    int refused() const { return m_refused; }

    /// One random step; returns its name for failure messages.
    QString step()
    {
        const int roll = pick(100);
        if (roll < 14)
            return undo();
        if (roll < 24)
            return redo();
        if (roll < 38)
            return removeSome();
        if (roll < 46)
            return addDevice();
        if (roll < 50)
            return addRack();
        if (roll < 62)
            return moveDevice();
        if (roll < 66)
            return moveRack();
        if (roll < 72)
            return duplicate();
        if (roll < 77)
            return recable();
        if (roll < 83)
            return addLink();
        if (roll < 90)
            return waive();
        return select();
    }

private:
    const Design &design() const { return m_document->design(); }
    void count(const QString &refusal) { ++(refusal.isEmpty() ? m_accepted : m_refused); }
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
    template<typename Table>
    const auto *any(const Table &table)
    {
        using Entity = std::decay_t<decltype(*table.begin())>;
        if (table.empty())
            return static_cast<const Entity *>(nullptr);
        return &table.items()[static_cast<std::size_t>(pick(static_cast<int>(table.size())))];
    }

    QString undo()
    {
        const int count = 1 + pick(3);
        for (int i = 0; i < count && m_document->undoStack()->canUndo(); ++i)
            m_document->undoStack()->undo();
        return QStringLiteral("undo x%1").arg(count);
    }
    QString redo()
    {
        const int count = 1 + pick(3);
        for (int i = 0; i < count && m_document->undoStack()->canRedo(); ++i)
            m_document->undoStack()->redo();
        return QStringLiteral("redo x%1").arg(count);
    }
    EntityRef anyEntity()
    {
        // Weighted like a user's deletes: mostly devices, racks and links.
        const int roll = pick(100);
        if (roll < 35)
            if (const Device *device = any(design().devices()))
                return EntityRef::of(device->id);
        if (roll < 65)
            if (const Rack *rack = any(design().racks()))
                return EntityRef::of(rack->id);
        if (roll < 95)
            if (const Link *link = any(design().links()))
                return EntityRef::of(link->id);
        if (roll < 97)
            if (const Row *row = any(design().rows()))
                return EntityRef::of(row->id);
        if (roll < 99)
            if (const StorageTier *tier = any(design().storageTiers()))
                return EntityRef::of(tier->id);
        if (const Fabric *fabric = any(design().fabrics()))
            return EntityRef::of(fabric->id);
        return {};
    }
    QString removeSome()
    {
        std::vector<EntityRef> refs;
        for (int i = 1 + pick(3); i > 0; --i)
            if (EntityRef ref = anyEntity(); ref.id != 0)
                refs.push_back(ref);
        count(m_document->remove(refs));
        return QStringLiteral("delete %1 objects").arg(refs.size());
    }
    QString addDevice()
    {
        const Rack *rack = any(design().racks());
        if (!rack || m_parts.empty())
            return QStringLiteral("add device (no rack)");
        Device device;
        device.catalogType = m_parts[static_cast<std::size_t>(pick(int(m_parts.size())))];
        device.rack = rack->id;
        device.uPosition = 1 + pick(42);
        device.face = pick(2) ? Face::Front : Face::Rear;
        count(m_document->addDevice(device));
        return QStringLiteral("add device in %1").arg(QString::fromStdString(rack->name));
    }
    QString addRack()
    {
        const Row *row = any(design().rows());
        if (!row || m_rackTypes.empty())
            return QStringLiteral("add rack (no row)");
        Rack rack;
        rack.row = row->id;
        rack.position = -1;
        rack.catalogType = m_rackTypes.front();
        count(m_document->addRack(rack));
        return QStringLiteral("add rack");
    }
    QString moveDevice()
    {
        const Device *device = any(design().devices());
        const Rack *rack = any(design().racks());
        if (!device || !rack)
            return QStringLiteral("move device (none)");
        const Face face = pick(2) ? Face::Front : Face::Rear;
        count(m_document->moveDevice(device->id, rack->id, 1 + pick(42), face));
        return QStringLiteral("move device");
    }
    QString moveRack()
    {
        const Rack *rack = any(design().racks());
        const Row *row = any(design().rows());
        if (!rack || !row)
            return QStringLiteral("move rack (none)");
        count(m_document->moveRack(rack->id, row->id, pick(30)));
        return QStringLiteral("move rack");
    }
    QString duplicate()
    {
        EntityRef ref;
        if (pick(3) == 0) {
            if (const Rack *rack = any(design().racks()))
                ref = EntityRef::of(rack->id);
        } else if (const Device *device = any(design().devices())) {
            ref = EntityRef::of(device->id);
        }
        if (ref.id != 0)
            count(m_document->duplicate({ ref }));
        return QStringLiteral("duplicate");
    }
    QString recable()
    {
        if (const Device *device = any(design().devices()))
            count(m_document->recable({ EntityRef::of(device->id) }));
        return QStringLiteral("re-cable");
    }
    QString addLink()
    {
        const Fabric *fabric = any(design().fabrics());
        const Device *a = any(design().devices());
        const Device *b = any(design().devices());
        if (!fabric || !a || !b || a->id == b->id)
            return QStringLiteral("add link (none)");
        const std::vector<int> portsA = m_fabric->freePorts(a->id, fabric->id);
        const std::vector<int> portsB = m_fabric->freePorts(b->id, fabric->id);
        if (portsA.empty() || portsB.empty())
            return QStringLiteral("add link (no free port)");
        Link link;
        link.fabric = fabric->id;
        link.a = { a->id, portsA.front() };
        link.b = { b->id, portsB.front() };
        count(m_document->addLink(link));
        return QStringLiteral("add link");
    }
    QString waive()
    {
        const std::vector<Violation> &violations = m_document->validator()->violations();
        if (violations.empty())
            return QStringLiteral("waive (nothing to waive)");
        const Violation violation
            = violations[static_cast<std::size_t>(pick(static_cast<int>(violations.size())))];
        count(m_document->setWaived(
            violation, violation.waived ? QString() : QStringLiteral("accepted in review")));
        return QStringLiteral("waive %1").arg(QString::fromStdString(violation.ruleKey));
    }
    QString select()
    {
        std::vector<EntityRef> refs;
        for (int i = pick(5); i > 0; --i)
            if (EntityRef ref = anyEntity(); ref.id != 0)
                refs.push_back(ref);
        m_document->setSelection(refs);
        return QStringLiteral("select %1").arg(refs.size());
    }

    Document *m_document;
    FabricView *m_fabric;
    std::mt19937 m_random;
    std::vector<std::string> m_parts;
    std::vector<std::string> m_rackTypes;
    int m_accepted = 0;
    int m_refused = 0;
};

} // namespace

class TestCanvasRandom : public QObject
{
    Q_OBJECT

private slots:
    void deleteRackThenUndoOn256Nodes();
    void randomEdits_data();
    void randomEdits();

private:
    void run(int nodes, int steps, unsigned seed);
};

void TestCanvasRandom::deleteRackThenUndoOn256Nodes()
{
    auto document = generated(256);
    Views views(document.get());
    // The compute fabric has more than 96 devices: the view draws it aggregated by row, one
    // box standing for many nodes (the item the stale index entries pointed at).
    const FabricId compute = document->design().fabrics().begin()->id;
    const Design &design = document->design();
    const Device *node = nullptr;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute) {
            node = &device;
            break;
        }
    QVERIFY(node);
    FabricBoxItem *box = views.fabric.boxItem(node->id, compute);
    QVERIFY(box);
    QVERIFY(box->isAggregate());
    QVERIFY(box->deviceCount() > 1);

    const RackId rack = node->rack;
    const std::size_t racks = design.racks().size();
    const std::size_t devices = design.devices().size();
    const std::size_t links = design.links().size();
    const auto floorBefore = indexSignature(views.floor);
    const auto fabricBefore = indexSignature(views.fabric);
    document->setSelection({ EntityRef::of(rack) });
    QCOMPARE(document->remove(document->selection()), QString());
    QCOMPARE(design.racks().size(), racks - 1);
    QVERIFY(design.devices().size() < devices);
    QVERIFY(design.links().size() < links);
    QVERIFY2(problemsOf(views, *document).isEmpty(),
             qPrintable(problemsOf(views, *document).join(u'\n')));
    QApplication::processEvents(); // the validator's queued results reach the markers

    document->undoStack()->undo(); // crashed here
    QCOMPARE(design.racks().size(), racks);
    QCOMPARE(design.devices().size(), devices);
    QCOMPARE(design.links().size(), links);
    QVERIFY2(problemsOf(views, *document).isEmpty(),
             qPrintable(problemsOf(views, *document).join(u'\n')));
    QCOMPARE(indexSignature(views.floor), floorBefore);
    QCOMPARE(indexSignature(views.fabric), fabricBefore);
    document->undoStack()->redo();
    document->undoStack()->undo();
    document->validator()->flush();
    QApplication::processEvents();
    QVERIFY2(problemsOf(views, *document).isEmpty(),
             qPrintable(problemsOf(views, *document).join(u'\n')));
}

void TestCanvasRandom::randomEdits_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("steps");
    QTest::addColumn<unsigned>("seed");
    // Fewer steps on the large design: each fabric edit re-lays out a 2,048-node band.
    QTest::newRow("256 nodes") << 256 << 3000 << 20261125u;
    QTest::newRow("2,048 nodes") << 2048 << 500 << 22u;
}

void TestCanvasRandom::randomEdits()
{
    QFETCH(int, nodes);
    QFETCH(int, steps);
    QFETCH(unsigned, seed);
    // CW_RANDOM_STEPS overrides the count for a long soak (e.g. under CW_SANITIZE).
    if (const int soak = qEnvironmentVariableIntValue("CW_RANDOM_STEPS"); soak > 0)
        steps = soak;
    run(nodes, steps, seed);
}

void TestCanvasRandom::run(int nodes, int steps, unsigned seed)
{
    auto document = generated(nodes);
    Views views(document.get());
    RandomEditor editor(document.get(), &views.fabric, seed);
    constexpr int kScratchEvery = 50;
    QStringList history;
    for (int step = 1; step <= steps; ++step) {
        history << editor.step();
        if (history.size() > 8)
            history.removeFirst();
        if (step % 7 == 0)
            QApplication::processEvents(); // queued validator results, debounced global runs
        QStringList problems = problemsOf(views, *document);
        if (step % kScratchEvery == 0)
            problems << differencesFromScratch(views, document.get());
        if (!problems.isEmpty())
            QFAIL(qPrintable(QStringLiteral("step %1 (last steps: %2):\n%3")
                                 .arg(step)
                                 .arg(history.join(QStringLiteral(", ")))
                                 .arg(problems.mid(0, 10).join(u'\n'))));
    }
    qInfo("%d steps: %d edits accepted, %d refused, %d on the undo stack", steps, editor.accepted(),
          editor.refused(), document->undoStack()->count());
    QVERIFY(editor.accepted() > steps / 4); // the run edited, not only got refused
    // Undo everything: the design is the generated one again, and so are the views.
    while (document->undoStack()->canUndo())
        document->undoStack()->undo();
    document->validator()->flush();
    QApplication::processEvents();
    QStringList problems = problemsOf(views, *document);
    problems << differencesFromScratch(views, document.get());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    auto original = generated(nodes);
    QCOMPARE(document->design().devices().size(), original->design().devices().size());
    QCOMPARE(document->design().links().size(), original->design().links().size());
    QCOMPARE(document->design().racks().size(), original->design().racks().size());
}

QTEST_MAIN(TestCanvasRandom)
#include "tst_canvas_random.moc"
