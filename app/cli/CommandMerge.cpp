#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/change/DesignMerge.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cw::cli {

const char *const kMergeHelp
    = R"(Usage: clusterwright-cli merge BASE OURS THEIRS -o OUT [--resolve ours|theirs] [--json]

Three-way merge of designs at entity level: BASE is the common ancestor, OURS and THEIRS the
two edited revisions. An entity changed on one side takes that side's version; one changed on
both sides merges field by field. Ids that both sides allocated for different new entities
are renumbered on THEIRS' side. Conflicts:
  - the same field changed both ways (both values listed);
  - an entity removed on one side and changed on the other, or added differently on both;
  - a device moved or added into a U the other side filled;
  - a port cabled on both sides;
  - a reference to an entity the other side removed (a link to a removed device...).
With a conflict nothing is written and the exit code is 1, unless --resolve names the side
that wins every conflict. The merged design is validated; its errors are listed.

As a git merge driver (docs/cli.md):
  .gitattributes:  *.cluster.json merge=clusterwright
  git config merge.clusterwright.name "Clusterwright design merge"
  git config merge.clusterwright.driver "clusterwright-cli merge %O %A %B -o %A"

Options:
  -o, --output OUT     where to write the merged design (may be OURS, as git does)
  --resolve SIDE       ours or theirs: that side wins every conflict; the merge is written
  --json               machine-readable: conflicts[], notes[], written, validation summary
  --help               this text

Exit codes: 0 merged and written, 1 usage or unresolved conflicts (nothing written),
2 an input cannot be read or the output cannot be written.
)";

int runMerge(Context &context)
{
    const ParsedArgs args
        = parseArgs(context.args, { "--help", "--json" }, { "--output", "--resolve" });
    if (args.has("--help")) {
        context.out << kMergeHelp;
        return ExitOk;
    }
    const std::string output = args.value("--output");
    const std::string side = args.value("--resolve");
    std::string usage = args.error;
    if (usage.empty() && args.positional.size() != 3)
        usage = "merge takes three designs: BASE OURS THEIRS";
    if (usage.empty() && output.empty())
        usage = "merge needs -o OUT";
    if (usage.empty() && !side.empty() && side != "ours" && side != "theirs")
        usage = "--resolve takes ours or theirs, not \"" + side + "\"";
    if (!usage.empty()) {
        context.err << "error: " << usage << "\n" << kMergeHelp;
        return ExitUsage;
    }
    const auto input = context.loadDesigns(args.positional);
    if (!input)
        return ExitBadInput;
    const Catalog &catalog = input->catalog();
    const change::Resolve resolve = side == "ours" ? change::Resolve::Ours
        : side == "theirs"                         ? change::Resolve::Theirs
                                                   : change::Resolve::None;
    change::MergeResult merged = change::mergeDesigns(input->design(0), input->design(1),
                                                      input->design(2), catalog, resolve);

    nlohmann::ordered_json json;
    json["conflicts"] = nlohmann::ordered_json::array();
    for (const change::MergeConflict &c : merged.conflicts) {
        json["conflicts"].push_back({ { "kind", c.kind },
                                      { "id", c.id },
                                      { "name", c.name },
                                      { "field", c.field },
                                      { "what", c.what },
                                      { "ours", c.ours },
                                      { "theirs", c.theirs } });
        if (!args.has("--json"))
            context.err << "conflict: " << c.describe() << "\n";
    }
    json["notes"] = merged.notes;
    if (!args.has("--json"))
        for (const std::string &note : merged.notes)
            context.out << "note: " << note << "\n";
    int code = ExitOk;
    if (!merged.design) {
        context.err << merged.conflicts.size() << " conflict(s); nothing written (--resolve "
                    << "ours|theirs to take one side)\n";
        code = ExitUsage;
    } else if (auto saved = saveDesignFile(*merged.design, catalog, output); !saved) {
        context.err << "error: " << saved.error().message << "\n";
        code = ExitBadInput;
    } else {
        const ValidationResult check = validateDesign(*merged.design, catalog);
        json["validation"] = { { "error", check.errors }, { "warning", check.warnings } };
        if (!args.has("--json")) {
            context.out << "wrote " << output << " (" << merged.conflicts.size()
                        << " conflict(s) resolved as " << (side.empty() ? "none" : side) << ")\n";
            for (const Violation &v : check.violations)
                if (!v.waived && v.severity == Severity::Error)
                    context.out << "merged design: error [" << v.ruleKey << "] " << v.message
                                << "\n";
            context.out << "merged design: " << check.errors << " error(s), " << check.warnings
                        << " warning(s)\n";
        }
    }
    json["written"] = code == ExitOk;
    if (args.has("--json"))
        context.out << json.dump(2) << "\n";
    return code;
}

} // namespace cw::cli
