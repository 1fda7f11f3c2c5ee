#pragma once

namespace cw {

/// The program's version, "MAJOR.MINOR.PATCH": CMake's project(VERSION), the one place it is
/// written. The design file's "generator", the exported files' header and both programs'
/// --version read it from here.
const char *clusterwrightVersion();

} // namespace cw
