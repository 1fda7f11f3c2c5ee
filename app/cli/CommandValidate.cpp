#include "app/cli/CommandValidate.h"

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <string_view>

namespace cw::cli {

const char *const kValidateHelp
    = R"(Usage: clusterwright-cli validate DESIGN [--json] [--fail-on error|warning|never]

Runs the design-rule deck (power, cooling, space, network, RoCE, storage, scheduler) over a
design. Waived violations are listed and marked; waivers that match nothing or expired are
reported as stale; rules switched off by a severity override are listed as not checked.
The rule catalog is in docs/validation.md.

Options:
  --json              machine-readable output: violations[] (rule, severity, message,
                      entities, names, waived, fix), summary (error, warning, info, waived),
                      rules_run[], rules_disabled[], stale_waivers[], notes[]
  --fail-on LEVEL     exit 3 when a violation that is not waived is at LEVEL or worse:
                      error (default), warning, or never
  --help              this text

Exit codes: 0 ok, 1 usage, 2 the design cannot be read or is invalid, 3 violations at or
above --fail-on.
)";

namespace {

/// Text for `out` gathered in one buffer and written in large blocks: a million violations
/// are a million lines, and an ostream insertion per piece (through stdio when the stream is
/// std::cout) was a lock and a copy per piece.
class BlockWriter
{
public:
    explicit BlockWriter(std::ostream &out)
        : m_out(out)
    {
        m_buffer.reserve(kBlockBytes + 4096);
    }
    ~BlockWriter() { flush(); }
    BlockWriter(const BlockWriter &) = delete;
    BlockWriter &operator=(const BlockWriter &) = delete;

    BlockWriter &operator<<(std::string_view text)
    {
        m_buffer.append(text);
        if (m_buffer.size() >= kBlockBytes)
            flush();
        return *this;
    }
    BlockWriter &operator<<(long long value)
    {
        return *this << std::string_view(std::to_string(value));
    }
    void flush()
    {
        m_out.write(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
        m_buffer.clear();
    }

private:
    static constexpr std::size_t kBlockBytes = std::size_t { 256 } * 1024;
    std::ostream &m_out;
    std::string m_buffer;
};

/// One violation as `validate --json` lists it (the keys in this order).
nlohmann::ordered_json violationJson(const Violation &v)
{
    using Json = nlohmann::ordered_json;
    Json entities = Json::array();
    for (const EntityRef &ref : v.entities)
        entities.push_back(ref.id);
    Json item;
    item["rule"] = v.ruleKey;
    item["severity"] = std::string(toString(v.severity));
    item["message"] = v.message;
    item["entities"] = std::move(entities);
    item["names"] = v.names;
    item["waived"] = v.waived;
    if (v.waived)
        item["waiver_reason"] = v.waiverReason;
    if (!v.fix.empty())
        item["fix"] = v.fix;
    return item;
}

/// Everything of `validate --json` but the violations, which lead the object.
nlohmann::ordered_json summaryJson(const ValidationResult &result)
{
    using Json = nlohmann::ordered_json;
    Json j;
    j["summary"] = { { "error", result.errors },
                     { "warning", result.warnings },
                     { "info", result.infos },
                     { "waived", result.waived } };
    j["rules_run"] = result.rulesRun;
    j["rules_disabled"] = result.rulesDisabled;
    Json stale = Json::array();
    for (const StaleWaiver &s : result.staleWaivers)
        stale.push_back({ { "index", s.index },
                          { "rule", s.waiver.ruleKey },
                          { "entities", s.waiver.entityIds },
                          { "reason", s.reason },
                          { "expired", s.expired } });
    j["stale_waivers"] = std::move(stale);
    j["notes"] = result.notes;
    return j;
}

/// `validate --json`, the bytes of nlohmann's dump(2) of the whole object, written one
/// violation at a time: each item is dumped alone and indented to its depth (JSON strings
/// hold no raw newline, so every line break is the dump's own).
void printJson(std::ostream &out, const ValidationEngine &engine)
{
    BlockWriter writer(out);
    writer << "{\n  \"violations\": [";
    bool first = true;
    std::string item;
    engine.forEachViolation([&](const Violation &v) {
        item = violationJson(v).dump(2);
        writer << (first ? "\n    " : ",\n    ");
        first = false;
        std::size_t from = 0;
        for (std::size_t at = item.find('\n'); at != std::string::npos;
             from = at + 1, at = item.find('\n', from))
            writer << std::string_view(item).substr(from, at + 1 - from) << "    ";
        writer << std::string_view(item).substr(from);
    });
    writer << (first ? "]" : "\n  ]");
    const std::string rest = summaryJson(engine.summary()).dump(2);
    // rest is "{\n  \"summary\": ...}": continue the object after the violations.
    writer << ",\n" << std::string_view(rest).substr(2) << "\n";
}

void printText(std::ostream &out, const ValidationEngine &engine)
{
    BlockWriter writer(out);
    engine.forEachViolation(
        [&writer](const Violation &v) {
            writer << (v.waived ? "waived " : "") << toString(v.severity) << " [" << v.ruleKey
                   << "] " << v.message << "\n";
            if (!v.fix.empty() && !v.waived)
                writer << "    fix: " << v.fix << "\n";
        },
        { .names = false });
    const ValidationResult &result = engine.summary();
    for (const StaleWaiver &s : result.staleWaivers)
        writer << "stale waiver #" << static_cast<long long>(s.index) << " [" << s.waiver.ruleKey
               << "]: " << s.reason << "\n";
    for (const std::string &note : result.notes)
        writer << "note: " << note << "\n";
    writer << result.errors << " error(s), " << result.warnings << " warning(s), " << result.infos
           << " info, " << result.waived << " waived; "
           << static_cast<long long>(result.rulesRun.size()) << " rules run";
    if (!result.rulesDisabled.empty()) {
        writer << "; not checked (off):";
        for (const std::string &key : result.rulesDisabled)
            writer << " " << key;
    }
    writer << "\n";
}

} // namespace

int runValidate(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--json", "--help" }, { "--fail-on" });
    if (args.has("--help")) {
        context.out << kValidateHelp;
        return ExitOk;
    }
    const std::string failOn = args.value("--fail-on", "error");
    std::string usageError = args.error;
    if (usageError.empty() && args.positional.size() != 1)
        usageError = "validate takes one DESIGN file";
    if (usageError.empty() && failOn != "error" && failOn != "warning" && failOn != "never")
        usageError = "--fail-on takes error, warning or never, not \"" + failOn + "\"";
    if (!usageError.empty()) {
        context.err << "error: " << usageError << "\n" << kValidateHelp;
        return ExitUsage;
    }
    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const Catalog &catalog = input->catalog();

    // The findings stay unformatted until printed, each written once into the output.
    ValidationEngine engine(catalog);
    const ValidationResult &result = engine.runOnceLazy(input->design());
    if (args.has("--json"))
        printJson(context.out, engine);
    else
        printText(context.out, engine);

    if (failOn == "never")
        return ExitOk;
    const Severity threshold = failOn == "warning" ? Severity::Warning : Severity::Error;
    return result.hasAtLeast(threshold) ? ExitViolations : ExitOk;
}

} // namespace cw::cli
