#pragma once

#include "app/cli/CliSupport.h"

namespace cw::cli {

/// `clusterwright-cli validate DESIGN [--json] [--fail-on error|warning|never]`.
int runValidate(Context &context);

extern const char *const kValidateHelp;

} // namespace cw::cli
