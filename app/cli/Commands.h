#pragma once

#include "app/cli/CliSupport.h"

#include <vector>

namespace cw::cli {

/// A subcommand of clusterwright-cli.
struct Command
{
    const char *name;
    const char *summary;
    const char *help;  ///< full --help text
    int (*run)(Context &context);
};

const std::vector<Command> &commands();

int runInfo(Context &context);
int runUpgrade(Context &context);
int runCalc(Context &context);

extern const char *const kInfoHelp;
extern const char *const kUpgradeHelp;
extern const char *const kCalcHelp;

} // namespace cw::cli
