#pragma once

#include "model/core/Design.h"

#include <optional>
#include <string>
#include <vector>

namespace cw {
class Catalog;
}

namespace cw::change {

/// Something both sides changed in ways that cannot both hold.
struct MergeConflict
{
    std::string kind; ///< entity kind ("device", "link", "site"...)
    std::uint64_t id = 0;
    std::string name;
    std::string field; ///< the field changed both ways; empty for a structural conflict
    std::string what; ///< "changed both ways", "U taken on the other side", "port cabled twice"...
    std::string ours;
    std::string theirs;

    /// "device dgx042: uPosition changed both ways: ours U10, theirs U12".
    std::string describe() const;
};

enum class Resolve { None, Ours, Theirs };

/// The outcome of a three-way merge. Without a resolution, `design` is set only when there is
/// no conflict; with one, conflicts are still listed and the named side won each of them.
struct MergeResult
{
    std::optional<Design> design;
    std::vector<MergeConflict> conflicts;
    std::vector<std::string> notes; ///< ids renumbered, references dropped
};

/// Entity-level three-way merge: an entity changed on one side only takes that side; one changed
/// on both sides merges field by field; ids both sides allocated for different new entities are
/// renumbered on their side. Then the merged whole is checked for what no single entity shows:
/// a U filled from both sides, a port cabled twice, a reference to an entity the other side
/// removed. Linear in the design size (apart from sorting ids).
MergeResult mergeDesigns(const Design &base, const Design &ours, const Design &theirs,
                         const Catalog &catalog, Resolve resolve = Resolve::None);

} // namespace cw::change
