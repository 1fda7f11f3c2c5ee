#include "model/common/Version.h"

namespace cw {

const char *clusterwrightVersion()
{
    return CW_VERSION; // set from project(VERSION) in model/CMakeLists.txt
}

} // namespace cw
