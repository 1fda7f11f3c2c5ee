#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"
#include "model/io/SchemaVersion.h"

#include <ostream>

namespace cw::cli {

const char *const kUpgradeHelp = R"(Usage: clusterwright-cli upgrade DESIGN [-o OUT]

Loads DESIGN, migrates it to the current schema version and writes its canonical form
(ids in order, fixed key order, 2-space indent). On a current canonical file the output is
byte-identical to the input. Without -o the file is rewritten in place (atomically).

Options:
  -o, --output OUT   write to OUT instead of DESIGN
  --help             this text

Exit codes: 0 ok, 1 usage, 2 the design cannot be read, is invalid, or cannot be written.
)";

int runUpgrade(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--help" }, { "--output" });
    if (const auto answered
        = answerHelpOrUsage(context, args, kUpgradeHelp,
                            args.positional.size() != 1 ? "upgrade takes one DESIGN file" : ""))
        return *answered;
    const std::string output = args.value("--output", args.positional[0]);
    const auto input = context.loadDesigns(args.positional);
    if (!input)
        return ExitBadInput;
    if (auto saved = saveDesignFile(input->design(), input->catalog(), output); !saved) {
        context.err << "error: " << saved.error().message << "\n";
        return ExitBadInput;
    }
    context.out << "wrote " << output << " (schema version " << kDesignSchemaVersion
                << ", from version " << input->files.front()->fileSchemaVersion << ")\n";
    return ExitOk;
}

} // namespace cw::cli
