#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/GraphMl.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"

#include <filesystem>
#include <ostream>
#include <set>

namespace cw::cli {

const char *const kExportHelp = R"(Usage: clusterwright-cli export --list
       clusterwright-cli export DESIGN --format graphml -o DIR [--fabric NAME] [--force]

Writes artifacts of a design into DIR (created if missing).

Formats:
  graphml   one <fabric>.graphml per fabric: the flow graph of docs/fabric.md (vertices
            kind/name/tier/rack/order, edges capacity_gbps/link_id), for networkx, Gephi, yEd

Options:
  --list             list the formats
  --format FORMAT    the artifact family to write
  -o, --output DIR   the folder to write into (required)
  --fabric NAME      only this fabric
  --force            overwrite files that already exist
  --help             this text

File names are the fabric names with anything but letters, digits, '.', '_' and '-'
replaced by '_'; nothing is written outside DIR. Every file is written atomically.

Exit codes: 0 ok, 1 usage (unknown format or fabric, a file exists and --force is not
given), 2 the design cannot be read or a file cannot be written.
)";

int runExport(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, {"--list", "--force", "--help"},
                                      {"--format", "--output", "--fabric"});
    if (args.has("--help")) {
        context.out << kExportHelp;
        return ExitOk;
    }
    if (!args.error.empty()) {
        context.err << "error: " << args.error << "\n" << kExportHelp;
        return ExitUsage;
    }
    if (args.has("--list")) {
        context.out << "graphml   fabric flow graphs, one file per fabric\n";
        return ExitOk;
    }
    if (args.positional.size() != 1) {
        context.err << "error: export takes one DESIGN file\n" << kExportHelp;
        return ExitUsage;
    }
    const std::string format = args.value("--format");
    if (format != "graphml") {
        context.err << "error: --format must be graphml (see export --list)"
                    << (format.empty() ? "" : ", got \"" + format + "\"") << "\n";
        return ExitUsage;
    }
    const std::string output = args.value("--output");
    if (output.empty()) {
        context.err << "error: export needs -o DIR\n";
        return ExitUsage;
    }
    const auto catalog = context.catalog();
    const auto loaded = catalog ? context.loadDesign(args.positional[0], *catalog) : nullptr;
    if (!loaded)
        return ExitBadInput;
    const Design &design = loaded->design;
    const std::string only = args.value("--fabric");

    // Decide every file name first, so a clash or an existing file stops before any write.
    const std::filesystem::path folder(output);
    std::vector<std::pair<const Fabric *, std::filesystem::path>> files;
    std::set<std::string> used;
    for (const Fabric &fabric : design.fabrics()) {
        if (!only.empty() && fabric.name != only)
            continue;
        std::string stem = sanitizedFileStem(fabric.name);
        if (!used.insert(stem).second) {
            stem += "-" + std::to_string(fabric.id.value);
            used.insert(stem);
        }
        files.emplace_back(&fabric, folder / (stem + ".graphml"));
    }
    if (!only.empty() && files.empty()) {
        context.err << "error: the design has no fabric \"" << only << "\"\n";
        return ExitUsage;
    }
    if (!args.has("--force"))
        for (const auto &[fabric, path] : files)
            if (std::filesystem::exists(path)) {
                context.err << "error: " << path.string()
                            << " exists; pass --force to overwrite\n";
                return ExitUsage;
            }
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error) {
        context.err << "error: cannot create " << folder.string() << ": " << error.message() << "\n";
        return ExitBadInput;
    }
    for (const auto &[fabric, path] : files) {
        auto graph = buildFabricGraph(design, *catalog, fabric->id);
        if (!graph) {
            context.err << "error: " << graph.error().message << "\n";
            return ExitBadInput;
        }
        if (auto written = writeFileAtomically(path, fabricGraphMl(*graph)); !written) {
            context.err << "error: " << written.error().message << "\n";
            return ExitBadInput;
        }
        context.out << "wrote " << path.string() << " (" << graph->vertices.size()
                    << " vertices, " << graph->edges.size() << " edges)\n";
    }
    return ExitOk;
}

} // namespace cw::cli
