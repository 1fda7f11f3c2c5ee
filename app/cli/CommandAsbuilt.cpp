#include "app/cli/Commands.h"

#include "exporters/changes/AsBuiltFormat.h"
#include "exporters/changes/IbEndpoints.h"
#include "model/asbuilt/AsBuiltCompare.h"
#include "model/asbuilt/AsBuiltInput.h"
#include "model/catalog/Catalog.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cw::cli {

const char *const kAsbuiltHelp
    = R"(Usage: clusterwright-cli asbuilt DESIGN --ibnetdiscover FILE [--fabric NAME] [--speed-cap RATE] [--json]
       clusterwright-cli asbuilt DESIGN --lldp [HOST=]FILE.json... [--neighbours FILE.csv]... [--json]

Compares what the installed cluster reports with the design and says what to do:
  missing        a designed cable that is not there
  extra          a cable the design does not have
  swapped        two cables exchanged at one end (A/Z ends as designed vs found)
  wrong-port     a cable in the wrong port ("move the cable at leaf01 p18 to p17")
  wrong-width    an InfiniBand link up with fewer lanes (1xHDR where 4x was designed)
  wrong-speed    a link up at a lower rate (4xHDR where 4xNDR was designed)
  unknown-device a device the design does not know, cabled to a designed port
Each finding names both ends by row, rack, U, device and port.

InfiniBand: `ibnetdiscover` output (run it with --node-name-map ib-node-name-map from
`export switch`). Nodes are matched by GUID (the derived GUIDs the export writes, as ibsim
reports them) and else by node description (switch hostname, "<host> <port>" for an HCA),
switch ports by number. Without --fabric, the InfiniBand fabric most nodes belong to.

Ethernet/RoCE: `lldpctl -f json` of a host (HOST=FILE, or FILE named after the host:
leaf01.json) and CSV files with the header device,port,neighbour,neighbour_port. Devices are
matched by hostname, ports by catalog port name (swp17, mlx5_0) or port<N>. Only links with an
end on a device whose neighbours were read are expected.

Options:
  --ibnetdiscover FILE  ibnetdiscover output
  --lldp [HOST=]FILE    lldpctl -f json output of HOST (repeatable)
  --neighbours FILE     neighbour CSV (repeatable)
  --fabric NAME         the InfiniBand fabric the ibnetdiscover output is of
  --speed-cap RATE      the fastest rate the observed fabric can report (HDR for an ibsim 0.10
                        simulation): links at RATE where the design is faster are not findings
  --json                machine-readable: findings[] (kind, message, action, places[], source)
  --help                this text

Exit codes: 0 the built cluster matches the design, 1 usage, 2 an input cannot be read or
parsed, 3 something differs.
)";

namespace {

struct Inputs
{
    asbuilt::Observed observed;
    std::string error;
};

Inputs readNeighbours(const ParsedArgs &args)
{
    Inputs in;
    auto lldp = args.values.find("--lldp");
    if (lldp != args.values.end())
        for (const std::string &spec : lldp->second) {
            const auto eq = spec.find('=');
            const std::string file = eq == std::string::npos ? spec : spec.substr(eq + 1);
            const std::string host
                = eq == std::string::npos ? asbuilt::hostOfFile(file) : spec.substr(0, eq);
            auto text = readWholeFile(file);
            auto parsed = text ? asbuilt::parseLldpJson(*text, host, file)
                               : Result<asbuilt::Observed>(text.error());
            if (!parsed) {
                in.error = parsed.error().message;
                return in;
            }
            asbuilt::appendObserved(in.observed, std::move(parsed).value());
        }
    auto csv = args.values.find("--neighbours");
    if (csv != args.values.end())
        for (const std::string &file : csv->second) {
            auto text = readWholeFile(file);
            auto parsed = text ? asbuilt::parseNeighbourCsv(*text, file)
                               : Result<asbuilt::Observed>(text.error());
            if (!parsed) {
                in.error = parsed.error().message;
                return in;
            }
            asbuilt::appendObserved(in.observed, std::move(parsed).value());
        }
    return in;
}

} // namespace

int runAsbuilt(Context &context)
{
    const ParsedArgs args
        = parseArgs(context.args, { "--help", "--json" },
                    { "--ibnetdiscover", "--lldp", "--neighbours", "--fabric", "--speed-cap" });
    if (args.has("--help")) {
        context.out << kAsbuiltHelp;
        return ExitOk;
    }
    const std::string ibFile = args.value("--ibnetdiscover");
    const bool neighbours = args.values.contains("--lldp") || args.values.contains("--neighbours");
    const std::string cap = args.value("--speed-cap");
    std::string usage = args.error;
    if (usage.empty() && args.positional.size() != 1)
        usage = "asbuilt takes one DESIGN file";
    if (usage.empty() && ibFile.empty() == !neighbours)
        usage = "give either --ibnetdiscover FILE or --lldp/--neighbours files";
    if (usage.empty() && !cap.empty() && asbuilt::laneGbps(cap) == 0)
        usage = "--speed-cap takes an InfiniBand rate (SDR, DDR, QDR, FDR, EDR, HDR, NDR, XDR), "
                "not \""
            + cap + "\"";
    if (!usage.empty()) {
        context.err << "error: " << usage << "\n" << kAsbuiltHelp;
        return ExitUsage;
    }
    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const Catalog *catalog = &input->catalog();
    const Design &design = input->design();
    asbuilt::AsBuiltReport report;
    std::string what;
    if (!ibFile.empty()) {
        auto text = readWholeFile(ibFile);
        auto observed = text ? asbuilt::parseIbnetdiscover(*text, ibFile)
                             : Result<asbuilt::Observed>(text.error());
        if (!observed) {
            context.err << "error: " << observed.error().message << "\n";
            return ExitBadInput;
        }
        auto expectation
            = changes::ibExpectation(design, *catalog, args.value("--fabric"), *observed);
        if (!expectation) {
            context.err << "error: " << expectation.error().message << "\n";
            return ExitBadInput;
        }
        asbuilt::CompareOptions options;
        options.laneCapGbps = cap.empty() ? 0 : asbuilt::laneGbps(cap);
        report = asbuilt::compareAsBuilt(design, *catalog, expectation->links,
                                         expectation->endpoints, *observed, options);
        what = "InfiniBand fabric " + expectation->fabric + " vs " + ibFile;
    } else {
        Inputs in = readNeighbours(args);
        if (!in.error.empty()) {
            context.err << "error: " << in.error << "\n";
            return ExitBadInput;
        }
        asbuilt::CompareOptions options;
        options.checkRate = false; // neighbour tables do not report link rates
        report = asbuilt::compareAsBuilt(
            design, *catalog, asbuilt::neighbourLinks(design, in.observed.reporters),
            asbuilt::nameEndpoints(design, *catalog), in.observed, options);
        what = "neighbour tables of " + std::to_string(in.observed.reporters.size()) + " device(s)";
    }
    if (args.has("--json"))
        context.out << changes::asBuiltJson(report, what).dump(2) << "\n";
    else
        context.out << changes::asBuiltText(report, what);
    return report.findings.empty() ? ExitOk : ExitViolations;
}

} // namespace cw::cli
