#pragma once

#include <compare>
#include <cstdint>
#include <functional>

namespace cw {

/// The kinds of entity that carry an id. Ids come from one counter per design, so an id is
/// unique across kinds and never reused.
enum class EntityKind : std::uint8_t { Row, Rack, Device, Link, Fabric, StorageTier };

/// A strongly typed entity id; 0 means "no id".
template<EntityKind Kind>
struct TypedId
{
    static constexpr EntityKind kind = Kind;
    std::uint64_t value = 0;

    constexpr bool isValid() const { return value != 0; }
    constexpr auto operator<=>(const TypedId &) const = default;
};

using RowId = TypedId<EntityKind::Row>;
using RackId = TypedId<EntityKind::Rack>;
using DeviceId = TypedId<EntityKind::Device>;
using LinkId = TypedId<EntityKind::Link>;
using FabricId = TypedId<EntityKind::Fabric>;
using StorageTierId = TypedId<EntityKind::StorageTier>;

const char *entityKindName(EntityKind kind);

} // namespace cw

template<cw::EntityKind Kind>
struct std::hash<cw::TypedId<Kind>>
{
    std::size_t operator()(const cw::TypedId<Kind> &id) const noexcept
    {
        return std::hash<std::uint64_t> {}(id.value);
    }
};
