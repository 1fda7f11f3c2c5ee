#include "model/catalog/PartRole.h"

#include "model/catalog/Part.h"

namespace cw {

DeviceRole defaultRoleOf(const Part &part)
{
    switch (part.kind) {
    case PartKind::Switch:
        return DeviceRole::Switch;
    case PartKind::Storage:
        return DeviceRole::Storage;
    case PartKind::Server:
        if (part.storage)
            return DeviceRole::Storage;
        return part.server && part.server->gpuCount > 0 ? DeviceRole::Compute
                                                        : DeviceRole::Management;
    default:
        break;
    }
    return DeviceRole::Management;
}

const char *hostnameStemOf(DeviceRole role)
{
    switch (role) {
    case DeviceRole::Compute:
        break;
    case DeviceRole::Switch:
        return "sw";
    case DeviceRole::Storage:
        return "stor";
    case DeviceRole::Management:
        return "mgmt";
    }
    return "node";
}

} // namespace cw
