#include "app/cli/Commands.h"

#include "exporters/netbox/NetboxImport.h"
#include "model/io/AtomicFile.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <ostream>
#include <set>
#include <sstream>

namespace cw::cli {

const char *const kCatalogHelp
    = R"(Usage: clusterwright-cli catalog import-netbox FILE.yaml... -o OUT.json

Reads NetBox device types in the community devicetype-library YAML layout and writes them as
a user catalog file (docs/catalog.md, docs/export-netbox.md): one part per file, id = the
slug, vendor, model, U height, weight, maximum and typical power (the sums of the power
ports' maximum_draw and allocated_draw), ports from the interfaces. NetBox has no CPU,
memory or GPU figures, so every part is a switch. Put OUT.json in a user catalog folder or
pass that folder with --catalog.

Options:
  -o, --output OUT   the catalog file to write (required)
  --help             this text

Exit codes: 0 ok, 1 usage, 2 a file cannot be read or is no device type, or OUT cannot be
written.
)";

int runCatalog(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--help" }, { "--output" });
    if (args.has("--help")) {
        context.out << kCatalogHelp;
        return ExitOk;
    }
    if (!args.error.empty() || args.positional.size() < 2 || args.positional[0] != "import-netbox"
        || args.value("--output").empty()) {
        context.err << "error: "
                    << (args.error.empty()
                            ? "expected: catalog import-netbox FILE.yaml... -o OUT.json"
                            : args.error)
                    << "\n"
                    << kCatalogHelp;
        return ExitUsage;
    }
    nlohmann::json parts = nlohmann::json::array();
    std::set<std::string> ids;
    for (std::size_t i = 1; i < args.positional.size(); ++i) {
        const std::string &path = args.positional[i];
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            context.err << "error: " << path << ": cannot read\n";
            return ExitBadInput;
        }
        std::ostringstream text;
        text << in.rdbuf();
        auto part = netbox::importDeviceType(text.str(), path);
        if (!part) {
            context.err << "error: " << part.error().message << "\n";
            return ExitBadInput;
        }
        if (!ids.insert((*part)["id"].get<std::string>()).second) {
            context.err << "error: " << path << ": slug " << (*part)["id"].get<std::string>()
                        << " repeats an earlier file's\n";
            return ExitBadInput;
        }
        parts.push_back(std::move(part).value());
    }
    const nlohmann::json file
        = { { "format", "clusterwright-catalog" }, { "version", 1 }, { "parts", parts } };
    const std::string output = args.value("--output", "");
    if (auto written = writeFileAtomically(output, file.dump(2) + "\n"); !written) {
        context.err << "error: " << written.error().message << "\n";
        return ExitBadInput;
    }
    context.out << "wrote " << output << " (" << parts.size() << " parts from NetBox)\n";
    return ExitOk;
}

} // namespace cw::cli
