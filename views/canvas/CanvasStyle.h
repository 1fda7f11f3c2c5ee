#pragma once

#include "model/core/Enums.h"
#include "model/validation/Violation.h"

#include <QColor>

namespace cw::canvas {

/// How loaded a rack is against what its weakest feed carries (docs/canvas.md).
enum class LoadLevel { Unknown, Green, Amber, Red };

/// Amber from 80 % of the derated feed capacity: less than a fifth of headroom is left for
/// the next server. The capacity is already the 80 % continuous-load figure the power rules
/// use, so amber starts at 64 % of the breakers' nameplate.
inline constexpr double kAmberLoadFraction = 0.8;

/// Green below kAmberLoadFraction, amber up to the capacity, red above it (exactly when
/// power.rack-over-feed or power.rack-over-rating fires). No capacity: red when the rack
/// draws anything (the rule reports "no PDU"), unknown when it is empty.
LoadLevel loadLevel(double loadW, double capacityW);
QColor loadColor(LoadLevel level);

/// One colour per fabric: a hue family by purpose, shifted by the fabric's ordinal so two
/// compute fabrics stay apart.
QColor fabricColor(FabricPurpose purpose, int ordinal);
QColor severityColor(Severity severity);

/// Sizes in scene units shared by the items.
inline constexpr double kPresentationLabelScale = 1.8;

/// The smallest label drawn, in screen pixels: below about 9 px a sans-serif label is no
/// longer read at a glance on a 96 dpi screen (and not at all on a projector). Labels that
/// cannot have this much room are left out and a coarser label stands for them (docs/canvas.md).
inline constexpr double kMinLabelPx = 9;

} // namespace cw::canvas
