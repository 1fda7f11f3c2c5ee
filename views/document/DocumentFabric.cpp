// Document's Generate Fabric for Selection: on the live design (one undo step), or on a
// snapshot on a worker thread with the patch pushed when it is done.

#include "views/document/DesignPatch.h"
#include "views/document/Document.h"
#include "views/document/DocumentPrivate.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/SelectionFabric.h"

#include "views/document/DesignSnapshots.h"
#include <QFutureWatcher>

#include <QThreadPool>

#include <algorithm>

namespace cw {
namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

/// The compute nodes of the selection, in selection order, each once; the switches the
/// architect placed and selected go to `spec.existingSwitches` (reused before any new one is
/// added). Racks and rows bring their unused switches of the fabric's switch type.
std::vector<DeviceId> selectedNodes(const Design &design, const Catalog &catalog,
                                    const std::vector<EntityRef> &selection,
                                    SelectionFabricSpec &spec)
{
    std::vector<DeviceId> nodes;
    auto addDevice = [&](DeviceId id, bool chosen) {
        const Device *device = design.device(id);
        if (!device)
            return;
        std::vector<DeviceId> &list
            = device->role == DeviceRole::Compute ? nodes : spec.existingSwitches;
        const Part *part = catalog.find(device->catalogType);
        if (&list == &spec.existingSwitches
            && (!part || part->kind != PartKind::Switch
                || (!chosen
                    && (device->catalogType != spec.switchType
                        || !design.linksOfDevice(id).empty()))))
            return;
        if (std::find(list.begin(), list.end(), id) == list.end())
            list.push_back(id);
    };
    auto addRack = [&](RackId rack) {
        for (DeviceId id : design.devicesInRack(rack))
            addDevice(id, false);
    };
    for (const EntityRef &ref : selection) {
        if (ref.kind == EntityKind::Device)
            addDevice(DeviceId { ref.id }, true);
        else if (ref.kind == EntityKind::Rack)
            addRack(RackId { ref.id });
        else if (ref.kind == EntityKind::Row)
            for (const Rack &rack : design.racks())
                if (rack.row.value == ref.id)
                    addRack(rack.id);
    }
    return nodes;
}

/// The fabric generated into a scratch copy of `design`, as a patch from `design`: every
/// new or changed entity's value, so undo removes them and restores the id counter (the file
/// is byte-identical). Reads `design` only: runs on a worker against a snapshot.
Result<DesignPatch> fabricPatch(const Design &design, const Catalog &catalog,
                                const std::vector<DeviceId> &nodes, const SelectionFabricSpec &spec)
{
    Design scratch = design;
    auto changes = generateFabricForNodes(scratch, catalog, nodes, spec);
    if (!changes)
        return changes.error();
    DesignPatch patch(design);
    for (const auto *refs : { &changes->added, &changes->modified })
        for (const EntityRef &ref : *refs)
            if (auto value = valueOf(scratch, ref))
                patch.put(design, *value);
    return patch;
}

const char *const kNoNodes = QT_TRANSLATE_NOOP(
    "cw::Document", "Select compute nodes (or their racks or rows) to generate a fabric for.");

} // namespace

QString Document::generateFabric(const std::vector<EntityRef> &selection,
                                 const SelectionFabricSpec &requested)
{
    SelectionFabricSpec spec = requested;
    const std::vector<DeviceId> nodes = selectedNodes(*d->design, d->catalog, selection, spec);
    if (nodes.empty())
        return tr(kNoNodes);
    auto patch = fabricPatch(*d->design, d->catalog, nodes, spec);
    if (!patch)
        return qs(patch.error().message);
    return push(std::move(patch.value()),
                tr("Generate fabric %1 for %n node(s)", nullptr, static_cast<int>(nodes.size()))
                    .arg(qs(spec.name)));
}

QFuture<QString> Document::generateFabricInBackground(const std::vector<EntityRef> &selection,
                                                      const SelectionFabricSpec &requested,
                                                      std::shared_ptr<std::atomic_bool> cancelled)
{
    SelectionFabricSpec spec = requested;
    const std::vector<DeviceId> nodes = selectedNodes(*d->design, d->catalog, selection, spec);
    if (nodes.empty())
        return QtFuture::makeReadyFuture(tr(kNoNodes));
    struct Outcome
    {
        std::optional<DesignPatch> patch;
        QString error;
    };
    auto outcome = std::make_shared<Outcome>();
    const Catalog *catalog = &d->catalog;
    const QFuture<QString> generated = d->snapshots->run<QString>(
        backgroundJobs(),
        [outcome, catalog, nodes, spec](QPromise<QString> &promise, const Design &design) {
            auto patch = fabricPatch(design, *catalog, nodes, spec);
            if (patch)
                outcome->patch = std::move(patch.value());
            else
                outcome->error = qs(patch.error().message);
            promise.addResult(outcome->error);
        });
    // The patch starts from the design as it was when the snapshot was taken: it is pushed
    // only if nothing was edited since (and the user did not cancel).
    auto promise = std::make_shared<QPromise<QString>>();
    QFuture<QString> result = promise->future();
    promise->start();
    auto *watcher = new QFutureWatcher<QString>(this);
    const std::uint64_t edits = d->editCount;
    const QString text
        = tr("Generate fabric %1 for %n node(s)", nullptr, static_cast<int>(nodes.size()))
              .arg(qs(spec.name));
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, outcome, promise, edits, text, cancelled] {
                watcher->deleteLater();
                QString why = outcome->error;
                if (cancelled && cancelled->load())
                    why = tr("Fabric generation cancelled: the design is unchanged.");
                else if (!outcome->patch && why.isEmpty())
                    why = tr("The fabric could not be generated.");
                else if (outcome->patch && edits != d->editCount)
                    why = tr("The design changed while the fabric was generated; nothing was "
                             "added. Generate it again.");
                else if (outcome->patch)
                    why = push(std::move(*outcome->patch), text);
                promise->addResult(why);
                promise->finish();
            });
    watcher->setFuture(generated);
    return result;
}

} // namespace cw
