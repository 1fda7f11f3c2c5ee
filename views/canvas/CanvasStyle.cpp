#include "views/canvas/CanvasStyle.h"

namespace cw::canvas {

LoadLevel loadLevel(double loadW, double capacityW)
{
    if (capacityW <= 0)
        return loadW > 0 ? LoadLevel::Red : LoadLevel::Unknown;
    if (loadW > capacityW)
        return LoadLevel::Red;
    if (loadW >= kAmberLoadFraction * capacityW)
        return LoadLevel::Amber;
    return LoadLevel::Green;
}

QColor loadColor(LoadLevel level)
{
    switch (level) {
    case LoadLevel::Green:
        return QColor(0x7c, 0xc4, 0x7f);
    case LoadLevel::Amber:
        return QColor(0xf2, 0xb1, 0x34);
    case LoadLevel::Red:
        return QColor(0xe0, 0x52, 0x4b);
    case LoadLevel::Unknown:
        break;
    }
    return QColor(0xc8, 0xc8, 0xc8);
}

QColor fabricColor(FabricPurpose purpose, int ordinal)
{
    int hue = 215; // compute: blue
    switch (purpose) {
    case FabricPurpose::Compute:
        break;
    case FabricPurpose::Storage:
        hue = 28; // orange
        break;
    case FabricPurpose::Frontend:
        hue = 140; // green
        break;
    case FabricPurpose::OutOfBand:
        return QColor::fromHsv(0, 0, 110 + 30 * (ordinal % 3)); // greys
    }
    hue = (hue + 37 * (ordinal % 4)) % 360;
    return QColor::fromHsv(hue, 170, 200);
}

QColor severityColor(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QColor(0xd3, 0x2f, 0x2f);
    case Severity::Warning:
        return QColor(0xf5, 0x9e, 0x0b);
    case Severity::Info:
        break;
    }
    return QColor(0x1e, 0x88, 0xe5);
}

} // namespace cw::canvas
