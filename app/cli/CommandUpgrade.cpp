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
    if (args.has("--help")) {
        context.out << kUpgradeHelp;
        return ExitOk;
    }
    if (!args.error.empty() || args.positional.size() != 1) {
        context.err << "error: "
                    << (args.error.empty() ? "upgrade takes one DESIGN file" : args.error) << "\n"
                    << kUpgradeHelp;
        return ExitUsage;
    }
    const std::string input = args.positional[0];
    const std::string output = args.value("--output", input);
    const auto catalog = context.catalog();
    const auto loaded = catalog ? context.loadDesign(input, *catalog) : nullptr;
    if (!loaded)
        return ExitBadInput;
    if (auto saved = saveDesignFile(loaded->design, *catalog, output); !saved) {
        context.err << "error: " << saved.error().message << "\n";
        return ExitBadInput;
    }
    context.out << "wrote " << output << " (schema version " << kDesignSchemaVersion
                << ", from version " << loaded->fileSchemaVersion << ")\n";
    return ExitOk;
}

} // namespace cw::cli
