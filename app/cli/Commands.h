#pragma once

#include "app/cli/CliSupport.h"

#include <vector>

namespace cw::cli {

/// A subcommand of clusterwright-cli.
struct Command
{
    const char *name;
    const char *summary;
    const char *help; ///< full --help text
    int (*run)(Context &context);
};

const std::vector<Command> &commands();

int runInfo(Context &context);
int runUpgrade(Context &context);
int runCalc(Context &context);
int runGenerate(Context &context);
int runAnalyze(Context &context);
int runExport(Context &context);
int runWhatIf(Context &context);
int runDiff(Context &context);
int runMerge(Context &context);
int runAsbuilt(Context &context);
int runCatalog(Context &context);

extern const char *const kInfoHelp;
extern const char *const kUpgradeHelp;
extern const char *const kCalcHelp;
extern const char *const kGenerateHelp;
extern const char *const kAnalyzeHelp;
extern const char *const kExportHelp;
extern const char *const kWhatIfHelp;
extern const char *const kDiffHelp;
extern const char *const kMergeHelp;
extern const char *const kAsbuiltHelp;
extern const char *const kCatalogHelp;

} // namespace cw::cli
