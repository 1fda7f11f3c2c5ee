// Space rules: U slots that overlap or leave the rack, and the rack's static load.

#include "model/catalog/Catalog.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <algorithm>

namespace cw::rules {
namespace {

struct Slot
{
    const Device *device;
    int bottom;
    int top;
};

/// Devices of the rack with the U range each occupies (a part without a height takes 1U,
/// as the builder places it). Faces are not separate slots: full-depth gear blocks both.
std::vector<Slot> slotsOf(const RuleContext &context, RackId rack)
{
    std::vector<Slot> slots;
    for (DeviceId id : context.devicesInRack(rack)) {
        const Device *device = context.design().device(id);
        const Part *part = context.part(id);
        const int height = std::max(part ? part->uHeight : 1, 1);
        slots.push_back({ device, device->uPosition, device->uPosition + height - 1 });
    }
    std::sort(slots.begin(), slots.end(), [](const Slot &a, const Slot &b) {
        return std::tie(a.bottom, a.device->id) < std::tie(b.bottom, b.device->id);
    });
    return slots;
}

std::string range(const Slot &slot)
{
    return "U" + std::to_string(slot.bottom) + "-U" + std::to_string(slot.top);
}

void uOverlap(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const std::vector<Slot> slots = slotsOf(context, rack->id);
    for (std::size_t i = 0; i < slots.size(); ++i)
        for (std::size_t j = i + 1; j < slots.size() && slots[j].bottom <= slots[i].top; ++j)
            out.push_back({ "rack " + rack->name + ": " + slots[i].device->name + " ("
                                + range(slots[i]) + ") overlaps " + slots[j].device->name + " ("
                                + range(slots[j]) + ")",
                            { EntityRef::of(slots[i].device->id),
                              EntityRef::of(slots[j].device->id), subject },
                            "move " + slots[j].device->name + " to a free slot" });
}

void uOverflow(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const int units = context.rackUnits(*rack);
    for (const Slot &slot : slotsOf(context, rack->id)) {
        if (slot.bottom >= 1 && slot.top <= units)
            continue;
        out.push_back({ slot.device->name + " (" + std::to_string(slot.top - slot.bottom + 1)
                            + "U at U" + std::to_string(slot.bottom) + ") reaches " + range(slot)
                            + "; rack " + rack->name + " has U1-U" + std::to_string(units),
                        { EntityRef::of(slot.device->id), subject },
                        "move " + slot.device->name + " down or to another rack" });
    }
}

void rackWeight(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Part *part = context.rackPart(*rack);
    if (!part || part->rack->maxWeightKg <= 0)
        return;
    double kg = 0;
    for (DeviceId id : context.devicesInRack(rack->id))
        if (const Part *device = context.part(id))
            kg += device->weightKg;
    // maxWeightKg is the static load rating, what the cabinet may hold (docs/catalog.md), so
    // the cabinet's own weight is not added.
    if (kg <= part->rack->maxWeightKg)
        return;
    out.push_back({ "rack " + rack->name + " holds " + fmt::num(kg, 1) + " kg of equipment; "
                        + part->id + " is rated for " + fmt::num(part->rack->maxWeightKg, 0)
                        + " kg static load",
                    { subject },
                    "move " + fmt::num(kg - part->rack->maxWeightKg, 1)
                        + " kg of equipment to another rack" });
}

/// A rack holding devices whose catalog part has no weight: nothing mounted weighs 0 kg, so
/// the sum space.rack-weight compares is only a lower bound and the rack is not checked (e.g.
/// dgx-b300, whose weight NVIDIA's documents retrieved for the catalog do not give). Said once
/// per rack rather than left silent, as a floor-loading check that passes on missing data
/// would be read as a pass.
void rackWeightUnknown(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Part *part = context.rackPart(*rack);
    if (!part || part->rack->maxWeightKg <= 0)
        return;
    double kg = 0;
    int unweighed = 0;
    std::vector<std::string> parts;
    std::vector<EntityRef> entities;
    for (DeviceId id : context.devicesInRack(rack->id)) {
        const Part *device = context.part(id);
        if (!device)
            continue; // not in the catalog: no figures to weigh
        kg += device->weightKg;
        if (device->weightKg > 0)
            continue;
        ++unweighed;
        entities.push_back(EntityRef::of(id));
        if (std::find(parts.begin(), parts.end(), device->id) == parts.end())
            parts.push_back(device->id);
    }
    if (unweighed == 0)
        return;
    entities.push_back(subject);
    std::sort(parts.begin(), parts.end());
    out.push_back({ "rack " + rack->name + ": " + std::to_string(unweighed)
                        + (unweighed == 1 ? " device has" : " devices have")
                        + " no weight in the catalog (" + fmt::list(parts, 3) + "): the "
                        + fmt::num(kg, 1) + " kg counted is a lower bound, not checked against "
                        + part->id + "'s " + fmt::num(part->rack->maxWeightKg, 0)
                        + " kg static load rating",
                    std::move(entities),
                    "enter the vendor's weight for " + parts.front()
                        + " in a user catalog part (docs/catalog.md, \"User catalog folder\")" });
}

} // namespace

void addSpaceRules(RuleList &rules)
{
    const Inputs reads = input::RackSpec | input::Placement | input::DeviceSpec | input::DeviceName;
    add(rules,
        { "space.u-overlap", "Devices sharing rack units", "space", Severity::Error,
          RuleScope::Rack, reads },
        &uOverlap);
    add(rules,
        { "space.u-overflow", "Device outside the rack's units", "space", Severity::Error,
          RuleScope::Rack, reads },
        &uOverflow);
    add(rules,
        { "space.rack-weight", "Equipment weight above the rack's static load rating", "space",
          Severity::Error, RuleScope::Rack, reads },
        &rackWeight);
    add(rules,
        { "space.rack-weight-unknown", "Rack weight not checkable: a part without a weight",
          "space", Severity::Warning, RuleScope::Rack, reads },
        &rackWeightUnknown);
}

} // namespace cw::rules
