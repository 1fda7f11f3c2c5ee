#include "views/document/DocumentOpen.h"

#include "views/document/DesignSnapshots.h"

#include "model/core/Design.h"
#include "model/io/DesignFile.h"
#include "model/validation/DesignIndex.h"

#include <QCoreApplication>
#include <QPromise>

#include <exception>
#include <thread>

namespace cw {
namespace {

/// Steps the progress bar counts: the load, the snapshot's copy, then the validator's copy
/// with the index.
constexpr int kSteps = 3;

OpenedDesign load(const Catalog &catalog, const QString &path, QPromise<OpenedDesign> &promise,
                  const std::atomic_bool &cancelled)
{
    OpenedDesign opened;
    opened.path = path;
    auto loaded = loadDesignFile(path.toStdString(), catalog);
    if (!loaded) {
        opened.error = QString::fromStdString(loaded.error().message);
        return opened;
    }
    promise.setProgressValue(1);
    if (cancelled)
        return opened;
    auto design = std::make_shared<Design>(std::move(loaded.value().design));
    // The validator's copy on a thread of its own while this one makes the snapshot's copy
    // and the canvas's index: at 16,384 nodes each is 0.1-0.2 s, and the machine has two
    // cores. Reading `design` from both is safe: nothing writes it until the GUI thread has it.
    std::exception_ptr failed;
    std::thread validatorCopy([&] {
        try {
            opened.validatorCopy = std::make_shared<Design>(*design);
        } catch (...) {
            failed = std::current_exception();
        }
    });
    try {
        opened.snapshotCopy = std::make_shared<Design>(*design);
        promise.setProgressValue(2);
        if (!cancelled) {
            opened.index = std::make_shared<DesignIndex>();
            opened.index->rebuild(*design, catalog, DesignIndex::Memory::ForViews);
        }
    } catch (...) {
        validatorCopy.join();
        throw;
    }
    validatorCopy.join();
    if (failed)
        std::rethrow_exception(failed);
    if (cancelled)
        return opened;
    promise.setProgressValue(kSteps);
    opened.design = std::move(design);
    return opened;
}

} // namespace

QFuture<OpenedDesign> openInBackground(const Catalog &catalog, const QString &path,
                                       std::shared_ptr<std::atomic_bool> cancelled)
{
    if (!cancelled)
        cancelled = std::make_shared<std::atomic_bool>(false);
    auto promise = std::make_shared<QPromise<OpenedDesign>>();
    QFuture<OpenedDesign> future = promise->future();
    promise->start();
    promise->setProgressRange(0, kSteps);
    backgroundJobs()->start([promise, &catalog, path, cancelled] {
        try {
            promise->addResult(load(catalog, path, *promise, *cancelled));
        } catch (const std::exception &error) {
            OpenedDesign failed;
            failed.path = path;
            failed.error = QCoreApplication::translate("cw::Document", "%1: %2")
                               .arg(path, QString::fromLocal8Bit(error.what()));
            promise->addResult(std::move(failed));
        }
        promise->finish();
    });
    return future;
}

} // namespace cw
