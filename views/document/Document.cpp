#include "views/document/Document.h"

#include "views/document/DesignPatch.h"
#include "views/document/DocumentPrivate.h"
#include "views/document/LiveValidator.h"
#include "views/document/PatchCommand.h"

#include "model/catalog/Catalog.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"

#include "views/document/DesignSnapshots.h"
#include "views/document/DocumentOpen.h"
#include "views/document/OpenedIndex.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QPromise>
#include <QStandardPaths>
#include <QThreadPool>
#include <QUuid>

#include <algorithm>

namespace cw {

Document::Document(const Catalog &catalog, QObject *parent)
    : Document(catalog, std::make_unique<Design>(), QString(), parent)
{ }

Document::Document(const Catalog &catalog, std::unique_ptr<Design> design, QString filePath,
                   QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(catalog))
{
    d->design = design ? std::move(design) : std::make_unique<Design>();
    d->filePath = std::move(filePath);
    d->validator = new LiveValidator(catalog, this);
    d->validator->reset(*d->design);
    d->snapshots = std::make_unique<DesignSnapshots>(*d->design);
    connectInternals();
}

Document::Document(const Catalog &catalog, OpenedDesign opened, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(catalog))
{
    // A move: the tables change hands, nothing is copied on this thread.
    d->design = opened.design ? std::make_unique<Design>(std::move(*opened.design))
                              : std::make_unique<Design>();
    opened.design.reset();
    d->filePath = std::move(opened.path);
    d->validator = new LiveValidator(catalog, this);
    d->validator->resetOnWorker(*d->design, std::move(opened.validatorCopy));
    d->snapshots = opened.snapshotCopy
        ? std::make_unique<DesignSnapshots>(std::move(opened.snapshotCopy))
        : std::make_unique<DesignSnapshots>(*d->design);
    connectInternals();
    if (opened.index)
        new OpenedIndex(std::move(opened.index), this); // the canvas takes it (DesignCache)
}

void Document::connectInternals()
{
    d->stack = new QUndoStack(this);
    connect(d->stack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    d->autosaveTimer.setSingleShot(false);
    connect(&d->autosaveTimer, &QTimer::timeout, this, [this] {
        if (d->autosavePending)
            autosaveInBackground();
    });
}

Document::~Document()
{
    // A close that reaches here is not a crash: the recovery copy has served its purpose.
    d->removeRecovery();
    d->saveJob.waitForFinished();
    // The undo stack and validator are children that QObject would delete after d is gone;
    // QUndoStack::clear() emits while it is destroyed, and a listener asking isModified()
    // would then read freed memory. Delete them here, silent, while d is still alive.
    d->stack->blockSignals(true);
    delete d->stack;
    d->stack = nullptr;
    d->validator->blockSignals(true);
    delete d->validator;
    d->validator = nullptr;
}

const Design &Document::design() const
{
    return *d->design;
}
const Catalog &Document::catalog() const
{
    return d->catalog;
}
QUndoStack *Document::undoStack() const
{
    return d->stack;
}
LiveValidator *Document::validator() const
{
    return d->validator;
}
DesignSnapshots *Document::snapshots() const
{
    return d->snapshots.get();
}
QString Document::filePath() const
{
    return d->filePath;
}
bool Document::isModified() const
{
    return !d->stack->isClean();
}

QString Document::save(const QString &path)
{
    const QString target = path.isEmpty() ? d->filePath : path;
    if (target.isEmpty())
        return tr("The design has no file name yet; use Save As.");
    auto saved = saveDesignFile(*d->design, d->catalog, target.toStdString());
    if (!saved)
        return QString::fromStdString(saved.error().message);
    savedAs(target, true);
    return {};
}

QFuture<QString> Document::saveInBackground(const QString &path)
{
    const QString target = path.isEmpty() ? d->filePath : path;
    if (target.isEmpty())
        return QtFuture::makeReadyFuture(tr("The design has no file name yet; use Save As."));
    if (isSaving())
        return QtFuture::makeReadyFuture(tr("A save is still being written; try again."));
    const Catalog &catalog = d->catalog;
    d->saveJob = d->snapshots->run<QString>(
        backgroundJobs(), [&catalog, target](QPromise<QString> &promise, const Design &design) {
            auto saved = saveDesignFile(design, catalog, target.toStdString());
            promise.addResult(saved ? QString() : QString::fromStdString(saved.error().message));
        });
    auto *watcher = new QFutureWatcher<QString>(this);
    const std::uint64_t edits = d->editCount;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, edits, target] {
        watcher->deleteLater();
        QString error = watcher->future().resultCount() > 0
            ? watcher->result()
            : tr("%1: the design could not be written").arg(target);
        if (error.isEmpty())
            savedAs(target, edits == d->editCount);
        emit saveFinished(target, error);
    });
    watcher->setFuture(d->saveJob);
    return d->saveJob;
}

bool Document::isSaving() const
{
    return d->saveJob.isRunning();
}

void Document::savedAs(const QString &target, bool current)
{
    // An edit made while the file was written is not in it: the document stays modified.
    if (current)
        d->stack->setClean();
    if (target != d->filePath) {
        d->filePath = target;
        emit filePathChanged(target);
        // The recovery copy follows the file it belongs to.
        if (!d->recoveryPath.isEmpty())
            setAutosave(recoveryPathFor(target), d->autosaveTimer.interval());
    }
    if (current) {
        d->removeRecovery();
        d->autosavePending = false;
    }
}

std::unique_ptr<Document> Document::open(const Catalog &catalog, const QString &path,
                                         QString *error, QObject *parent)
{
    auto loaded = loadDesignFile(path.toStdString(), catalog);
    if (!loaded) {
        if (error)
            *error = QString::fromStdString(loaded.error().message);
        return nullptr;
    }
    auto design = std::make_unique<Design>(std::move(loaded.value().design));
    return std::make_unique<Document>(catalog, std::move(design), path, parent);
}

const std::vector<EntityRef> &Document::selection() const
{
    return d->selection;
}

void Document::setSelection(std::vector<EntityRef> selection)
{
    std::sort(selection.begin(), selection.end());
    selection.erase(std::unique(selection.begin(), selection.end()), selection.end());
    std::erase_if(selection, [this](EntityRef ref) { return !exists(*d->design, ref); });
    if (selection == d->selection)
        return;
    d->selection = std::move(selection);
    emit selectionChanged();
}

QString Document::push(DesignPatch patch, const QString &text, const QString &mergeKey)
{
    if (patch.isEmpty() || patch.isNoop())
        return {};
    d->stack->push(new PatchCommand(this, std::move(patch), text, mergeKey));
    return {};
}

void Document::applyPatch(const std::shared_ptr<const DesignPatch> &patch, bool forward)
{
    ChangeSet changes;
    std::unique_ptr<Design> *otherSide = std::exchange(d->otherSide, nullptr);
    try {
        if (otherSide && *otherSide && patch->isBulk()) {
            // The design this command's patch left the last time it was applied the other
            // way: it is exactly the state that applying it now would rebuild (the undo
            // stack has brought the design back to where that application ended). A swap
            // instead of 10^5 entities re-added; the design object itself stays the same.
            changes = patch->changeSet(forward);
            std::swap(*d->design, **otherSide);
        } else {
            changes = patch->apply(*d->design, forward, otherSide);
        }
    } catch (const DesignIntegrityError &error) {
        // The checks in EditChecks.cpp should make this unreachable; say so loudly rather
        // than take the program down.
        qWarning("Clusterwright: edit not applied: %s", error.what());
        return;
    }
    d->autosavePending = true;
    ++d->editCount;
    d->snapshots->patched(patch, forward);
    d->validator->designPatched(patch, forward, changes);
    emit changed(changes);
    const auto before = d->selection.size();
    std::erase_if(d->selection, [this](EntityRef ref) { return !exists(*d->design, ref); });
    if (d->selection.size() != before)
        emit selectionChanged();
}

std::vector<EntityRef> Document::allEntities() const
{
    std::vector<EntityRef> refs;
    const Design &design = *d->design;
    for (const Row &row : design.rows())
        refs.push_back(EntityRef::of(row.id));
    for (const Rack &rack : design.racks())
        refs.push_back(EntityRef::of(rack.id));
    for (const Device &device : design.devices())
        refs.push_back(EntityRef::of(device.id));
    for (const Link &link : design.links())
        refs.push_back(EntityRef::of(link.id));
    for (const Fabric &fabric : design.fabrics())
        refs.push_back(EntityRef::of(fabric.id));
    for (const StorageTier &tier : design.storageTiers())
        refs.push_back(EntityRef::of(tier.id));
    return refs;
}

QString Document::displayName(EntityRef entity) const
{
    const Design &design = *d->design;
    switch (entity.kind) {
    case EntityKind::Row:
        if (const Row *row = design.row(RowId { entity.id }))
            return tr("row %1").arg(QString::fromStdString(row->name));
        break;
    case EntityKind::Rack:
        if (const Rack *rack = design.rack(RackId { entity.id }))
            return tr("rack %1").arg(QString::fromStdString(rack->name));
        break;
    case EntityKind::Device:
        if (const Device *device = design.device(DeviceId { entity.id }))
            return QString::fromStdString(device->name);
        break;
    case EntityKind::Link:
        if (const Link *link = design.link(LinkId { entity.id })) {
            const Device *a = design.device(link->a.device);
            const Device *b = design.device(link->b.device);
            return tr("link %1 - %2")
                .arg(a ? QString::fromStdString(a->name) : QStringLiteral("?"),
                     b ? QString::fromStdString(b->name) : QStringLiteral("?"));
        }
        break;
    case EntityKind::Fabric:
        if (const Fabric *fabric = design.fabric(FabricId { entity.id }))
            return tr("fabric %1").arg(QString::fromStdString(fabric->name));
        break;
    case EntityKind::StorageTier:
        if (const StorageTier *tier = design.storageTier(StorageTierId { entity.id }))
            return tr("storage %1").arg(QString::fromStdString(tier->name));
        break;
    }
    return tr("%1 #%2").arg(QString::fromUtf8(entityKindName(entity.kind))).arg(entity.id);
}

// --- autosave ------------------------------------------------------------------------------

QString Document::recoveryFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
        + QStringLiteral("/recovery");
}

QString Document::recoveryPathFor(const QString &filePath)
{
    // One recovery file per design file; each untitled design its own, so two untitled
    // windows never overwrite each other's copy.
    const QString base = filePath.isEmpty()
        ? QStringLiteral("untitled-") + QUuid::createUuid().toString(QUuid::WithoutBraces).left(13)
        : QFileInfo(filePath).completeBaseName().section(QLatin1Char('.'), 0, 0) + QLatin1Char('-')
            + QString::fromLatin1(
                QCryptographicHash::hash(QFileInfo(filePath).absoluteFilePath().toUtf8(),
                                         QCryptographicHash::Sha1)
                    .toHex()
                    .left(8));
    return recoveryFolder() + QLatin1Char('/') + base + QStringLiteral(".cluster.json");
}

void Document::setAutosave(const QString &recoveryPath, int intervalMs)
{
    if (d->recoveryPath != recoveryPath) {
        // The old copy stays until one is written at the new place (autosaveNow).
        if (d->wroteRecovery && !d->recoveryPath.isEmpty()) {
            d->removeStaleRecovery();
            d->staleRecoveryPath = d->recoveryPath;
        }
        d->wroteRecovery = false;
        d->autosavePending = isModified(); // the new place has no copy yet
    }
    if (recoveryPath != d->recoveryPath) {
        d->autosaveJob.waitForFinished();
        ++d->recoveryEpoch;
    }
    d->recoveryPath = recoveryPath;
    if (recoveryPath.isEmpty() || intervalMs <= 0) {
        d->autosaveTimer.stop();
        return;
    }
    d->autosaveTimer.start(intervalMs);
}

QString Document::recoveryPath() const
{
    return d->recoveryPath;
}

void Document::adoptRecovery(const QString &originPath, const QString &recoveredFrom)
{
    // The copy it was restored from is now this document's: kept until the user saves or
    // discards, and replaced only once a newer copy is written.
    if (!recoveredFrom.isEmpty()) {
        d->recoveryPath = recoveredFrom;
        d->wroteRecovery = true;
    }
    if (d->filePath != originPath) {
        d->filePath = originPath;
        emit filePathChanged(originPath);
    }
    d->stack->resetClean(); // what was recovered is not on disk yet
    emit modifiedChanged(true);
}

QFuture<bool> Document::autosaveInBackground()
{
    if (d->recoveryPath.isEmpty() || !isModified())
        return QtFuture::makeReadyFuture(false);
    if (d->autosaveJob.isRunning())
        return d->autosaveJob; // one write at a time; the timer comes back
    // Nothing is copied here: the snapshot is brought up to date on its own thread, and
    // serializing and writing (0.75 s at 16,384 nodes) happen on a worker, so typing goes
    // on while the copy is written.
    const Catalog &catalog = d->catalog;
    const QString path = d->recoveryPath;
    const QByteArray origin = d->filePath.toUtf8() + '\n';
    QFuture<bool> future = d->snapshots->run<bool>(
        backgroundJobs(), [&catalog, path, origin](QPromise<bool> &promise, const Design &design) {
            QDir().mkpath(QFileInfo(path).absolutePath());
            const std::string text = serializeDesign(design, catalog);
            const bool ok = writeFileAtomically(path.toStdString(), text)
                && writeFileAtomically((path + QStringLiteral(".origin")).toStdString(),
                                       std::string_view(origin.constData(),
                                                        static_cast<std::size_t>(origin.size())));
            promise.addResult(ok);
        });
    auto *watcher = new QFutureWatcher<bool>(this);
    const std::uint64_t edits = d->editCount;
    const std::uint64_t epoch = d->recoveryEpoch;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, edits, epoch] {
        watcher->deleteLater();
        if (watcher->future().resultCount() == 0 || !watcher->result() || epoch != d->recoveryEpoch)
            return;
        d->wroteRecovery = true;
        if (edits == d->editCount)
            d->autosavePending = false; // else the next tick writes the newer state
        d->removeStaleRecovery();
    });
    watcher->setFuture(future);
    d->autosaveJob = future;
    return future;
}

bool Document::autosaveNow()
{
    if (d->recoveryPath.isEmpty() || !isModified())
        return false;
    d->autosaveJob.waitForFinished();
    QDir().mkpath(QFileInfo(d->recoveryPath).absolutePath());
    const std::string text = serializeDesign(*d->design, d->catalog);
    if (!writeFileAtomically(d->recoveryPath.toStdString(), text))
        return false;
    const QByteArray origin = d->filePath.toUtf8() + '\n';
    if (!writeFileAtomically(
            (d->recoveryPath + QStringLiteral(".origin")).toStdString(),
            std::string_view(origin.constData(), static_cast<std::size_t>(origin.size()))))
        return false;
    d->autosavePending = false;
    d->wroteRecovery = true;
    d->removeStaleRecovery();
    return true;
}

} // namespace cw
