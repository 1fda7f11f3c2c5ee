#pragma once

#include "model/change/DesignMerge.h"
#include "model/change/EntityFields.h"

#include <optional>
#include <string>
#include <vector>

namespace cw::change {

/// Which side an entity's merged value came from.
enum class Origin { Base, Ours, Theirs, Both };

/// One entity id across the three versions and its merged value (none = absent).
template<typename E>
struct Slot
{
    std::uint64_t id = 0;
    const E *base = nullptr;
    const E *ours = nullptr;
    const E *theirs = nullptr;
    std::optional<E> value;
    Origin origin = Origin::Base;
};

/// The merged entities of each kind, sorted by id.
struct MergedTables
{
    std::vector<Slot<Row>> rows;
    std::vector<Slot<Rack>> racks;
    std::vector<Slot<Fabric>> fabrics;
    std::vector<Slot<Device>> devices;
    std::vector<Slot<Link>> links;
    std::vector<Slot<StorageTier>> tiers;
};

struct MergeState
{
    Resolve resolve = Resolve::None;
    NameContext baseC;
    NameContext oursC;
    NameContext theirsC;
    std::vector<MergeConflict> conflicts;
};

/// Merges every entity table (entity-level three-way, field by field where both changed).
MergedTables mergeEntities(const Design &base, const Design &ours, const Design &theirs,
                           MergeState &state);
/// Conflicts of the merged whole: references to removed entities, ports cabled twice, U
/// ranges filled from both sides. With a resolution, the losing entity takes the winning
/// side's version until nothing conflicts.
void checkStructure(MergedTables &tables, const Catalog &catalog, MergeState &state);
/// Adds the merged entities to `out`; returns an error text if the design refuses one.
std::string assemble(const MergedTables &tables, Design &out, std::vector<std::string> &notes);

} // namespace cw::change
