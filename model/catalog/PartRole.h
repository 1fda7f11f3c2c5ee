#pragma once

#include "model/core/Enums.h"

namespace cw {

struct Part;

/// The role a new device of this part plays unless the user says otherwise: switches switch,
/// storage parts and storage servers (a server part with a storage spec) store, servers with
/// GPUs compute, every other rack-mounted part manages. The one answer for the canvas's drop,
/// the document's addDevice and anything else that places a part.
DeviceRole defaultRoleOf(const Part &part);

/// The hostname stem of a new device of this role: "node", "sw", "stor", "mgmt".
const char *hostnameStemOf(DeviceRole role);

} // namespace cw
