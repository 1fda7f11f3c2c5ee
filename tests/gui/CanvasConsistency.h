#pragma once

// Checks that a canvas view's bookkeeping matches its scene and the design: every index
// entry points at a live item showing an entity that exists, every entity item is indexed
// under each entity it stands for, markers are exactly what the violations call for, and
// the items selected are exactly those of the document's selection. Used after every step of
// the randomized edit test; each failure is a sentence naming the view and the entity.

#include "model/core/Design.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasView.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/FloorRackLayer.h"
#include "views/document/DesignPatch.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QStringList>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

namespace cw::canvas::testing {

inline QStringList consistencyProblems(const CanvasView &view, const Document &document)
{
    QStringList problems;
    const QString name = view.objectName();
    const Design &design = document.design();
    std::unordered_set<const CanvasItem *> sceneItems;
    for (QGraphicsItem *item : view.canvasScene()->items())
        if (auto *canvasItem = dynamic_cast<CanvasItem *>(item))
            sceneItems.insert(canvasItem);

    // Index -> scene and design. Membership is tested on the pointer value first: a dangling
    // entry (the reported crash) is caught without touching freed memory.
    std::set<const CanvasItem *> indexed;
    for (const auto &[id, items] : view.itemIndex()) {
        if (items.empty())
            problems << QStringLiteral("%1: empty index entry for id %2").arg(name).arg(id);
        for (const CanvasItem *item : items) {
            if (!sceneItems.contains(item)) {
                problems << QStringLiteral("%1: id %2 indexed to an item not in the scene")
                                .arg(name)
                                .arg(id);
                continue;
            }
            indexed.insert(item);
            const auto entities = item->entities();
            const auto it = std::find_if(entities.begin(), entities.end(),
                                         [id](const EntityRef &ref) { return ref.id == id; });
            if (it == entities.end())
                problems << QStringLiteral("%1: id %2 indexed to an item not showing it")
                                .arg(name)
                                .arg(id);
            else if (!exists(design, *it))
                problems << QStringLiteral("%1: item for %2 #%3, which the design no longer has")
                                .arg(name, QString::fromUtf8(entityKindName(it->kind)))
                                .arg(id);
        }
    }
    if (indexed.size() != view.entityItemCount())
        problems << QStringLiteral("%1: %2 items counted, %3 indexed")
                        .arg(name)
                        .arg(view.entityItemCount())
                        .arg(indexed.size());

    // Scene -> index: an item standing for an entity is indexed under each one.
    for (const CanvasItem *item : sceneItems) {
        const bool registered = indexed.contains(item);
        if (!registered && item->ref().id == 0)
            continue; // a bundle of aggregated links or the "not connected" band
        for (const EntityRef &ref : item->entities()) {
            const auto entry = view.itemIndex().find(ref.id);
            if (entry == view.itemIndex().end()
                || std::find(entry->second.begin(), entry->second.end(), item)
                    == entry->second.end())
                problems << QStringLiteral("%1: item showing %2 #%3 is not indexed under it")
                                .arg(name, QString::fromUtf8(entityKindName(ref.kind)))
                                .arg(ref.id);
        }
    }

    // Markers: recomputed from the validator's current list, item by item.
    const std::vector<Violation> &violations = document.validator()->violations();
    if (view.violations() != violations)
        problems << QStringLiteral("%1: shows %2 violations, the validator has %3")
                        .arg(name)
                        .arg(view.violations().size())
                        .arg(violations.size());
    std::map<const CanvasItem *, Severity> expected;
    for (const Violation &violation : violations) {
        if (violation.waived)
            continue;
        for (const EntityRef &ref : violation.entities)
            for (const CanvasItem *item : view.markerItemsFor(ref)) {
                auto [it, inserted] = expected.emplace(item, violation.severity);
                if (!inserted && violation.severity < it->second)
                    it->second = violation.severity;
            }
    }
    for (const CanvasItem *item : sceneItems) {
        const auto want = expected.find(item);
        const auto have = item->marker();
        const bool ok = want == expected.end() ? !have : have && *have == want->second;
        if (!ok)
            problems << QStringLiteral("%1: marker of %2 #%3 is %4, expected %5")
                            .arg(name, QString::fromUtf8(entityKindName(item->ref().kind)))
                            .arg(item->ref().id)
                            .arg(have ? int(*have) : -1)
                            .arg(want == expected.end() ? -1 : int(want->second));
    }
    for (const CanvasItem *item : view.markedItems())
        if (!sceneItems.contains(item))
            problems << QStringLiteral("%1: a marked item is not in the scene").arg(name);

    // Selection: the document's entities exist, and an indexed item is selected exactly
    // when one of its entities is.
    const std::vector<EntityRef> &selection = document.selection();
    for (const EntityRef &ref : selection)
        if (!exists(design, ref))
            problems << QStringLiteral("selection names %1 #%2, which is gone")
                            .arg(QString::fromUtf8(entityKindName(ref.kind)))
                            .arg(ref.id);
    for (const CanvasItem *item : indexed) {
        if (!(item->flags() & QGraphicsItem::ItemIsSelectable))
            continue;
        const auto entities = item->entities();
        const bool wanted = std::any_of(entities.begin(), entities.end(), [&](EntityRef ref) {
            return std::binary_search(selection.begin(), selection.end(), ref);
        });
        if (wanted != item->isSelected())
            problems << QStringLiteral("%1: %2 #%3 is %4selected")
                            .arg(name, QString::fromUtf8(entityKindName(item->ref().kind)))
                            .arg(item->ref().id)
                            .arg(item->isSelected() ? QString() : QStringLiteral("not "));
    }
    return problems;
}

/// What a view shows, as entity id -> number of items, for comparing an incrementally
/// updated view with one built from scratch.
inline std::map<std::uint64_t, std::size_t> indexSignature(const CanvasView &view)
{
    std::map<std::uint64_t, std::size_t> signature;
    for (const auto &[id, items] : view.itemIndex())
        signature[id] = items.size();
    return signature;
}

/// The floor plan's racks: each a child of the layer of the hall its row is in, and drawing
/// itself exactly when that layer does not draw it (FloorRackLayer).
inline QStringList floorLayerProblems(const FloorPlanView &view, const Document &document)
{
    QStringList problems;
    const std::vector<FloorRackLayer *> &layers = view.rackLayers();
    if (layers.size() != view.halls().size())
        problems << QStringLiteral("floor plan: %1 rack layers for %2 halls")
                        .arg(layers.size())
                        .arg(view.halls().size());
    for (const Rack &rack : document.design().racks()) {
        const FloorRackItem *item = view.rackItem(rack.id);
        if (!item)
            continue; // differencesFromScratch names a missing item
        const QString name = QString::fromStdString(rack.name);
        const auto at = std::find(layers.begin(), layers.end(), item->layer());
        if (at == layers.end()) {
            problems << QStringLiteral("floor plan: rack %1 is in no hall's layer").arg(name);
            continue;
        }
        const auto hall = static_cast<std::size_t>(at - layers.begin());
        if (hall < view.halls().size()
            && !view.halls()[hall].rect.contains(item->sceneBoundingRect().center()))
            problems << QStringLiteral(
                            "floor plan: rack %1 is in the layer of hall %2, not its own")
                            .arg(name)
                            .arg(hall);
        if (item->drawsItself() == (*at)->drawsRacks())
            problems << QStringLiteral("floor plan: rack %1 %2")
                            .arg(name,
                                 item->drawsItself()
                                     ? QStringLiteral("draws itself and is drawn by its hall")
                                     : QStringLiteral("is drawn by nobody"));
    }
    return problems;
}

} // namespace cw::canvas::testing
