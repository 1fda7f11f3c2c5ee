#include "app/cli/CliSupport.h"

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"

#include <charconv>
#include <cstdio>
#include <new>
#include <ostream>

namespace cw::cli {

std::shared_ptr<const Catalog> Context::catalog()
{
    if (m_catalog)
        return m_catalog;
    auto loaded = Catalog::withUserFolders(catalogFolders);
    if (!loaded) {
        err << "error: catalog: " << loaded.error().message << "\n";
        return nullptr;
    }
    m_catalog = *loaded;
    for (const std::string &note : m_catalog->notes())
        err << "note: catalog: " << note << "\n";
    return m_catalog;
}

std::unique_ptr<LoadedDesign> Context::loadDesign(const std::string &path, const Catalog &catalog)
{
    auto loaded = loadDesignFile(path, catalog);
    if (!loaded) {
        err << "error: " << loaded.error().message << "\n";
        return nullptr;
    }
    for (const std::string &warning : loaded->warnings)
        err << "warning: " << warning << "\n";
    return std::make_unique<LoadedDesign>(std::move(loaded).value());
}

namespace {

bool g_keepLoadedDesigns = false;

} // namespace

void keepLoadedDesignsUntilExit()
{
    g_keepLoadedDesigns = true;
}

DesignInput::DesignInput() = default;
DesignInput::DesignInput(DesignInput &&) noexcept = default;

DesignInput::~DesignInput()
{
    if (!g_keepLoadedDesigns)
        return;
    // Still reachable from a static, so leak checkers do not report it; the exit frees it.
    // nothrow: a destructor must not throw; without room for the list the files are freed.
    static auto *kept = new (std::nothrow) std::vector<std::unique_ptr<LoadedDesign>>;
    if (!kept)
        return;
    for (auto &file : files)
        if (file)
            kept->push_back(std::move(file));
}

const Design &DesignInput::design(std::size_t file) const
{
    return files.at(file)->design;
}

std::optional<DesignInput> Context::loadDesigns(const std::vector<std::string> &paths)
{
    DesignInput input;
    input.catalogPointer = catalog();
    if (!input.catalogPointer)
        return std::nullopt;
    for (const std::string &path : paths) {
        auto loaded = loadDesign(path, *input.catalogPointer);
        if (!loaded)
            return std::nullopt;
        input.files.push_back(std::move(loaded));
    }
    return input;
}

std::optional<int> answerHelpOrUsage(Context &context, const ParsedArgs &args, const char *help,
                                     const std::string &problem)
{
    if (args.has("--help")) {
        context.out << help;
        return ExitOk;
    }
    if (args.error.empty() && problem.empty())
        return std::nullopt;
    context.err << "error: " << (args.error.empty() ? problem : args.error) << "\n" << help;
    return ExitUsage;
}

std::string ParsedArgs::value(const std::string &option, const std::string &fallback) const
{
    auto it = values.find(option);
    return it == values.end() || it->second.empty() ? fallback : it->second.back();
}

ParsedArgs parseArgs(const std::vector<std::string> &args, const std::set<std::string> &flags,
                     const std::set<std::string> &valued)
{
    ParsedArgs parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg == "-o")
            arg = "--output";
        if (arg.size() < 2 || arg[0] != '-' || arg == "--") {
            parsed.positional.push_back(arg);
            continue;
        }
        std::string name = arg;
        std::string inlineValue;
        bool hasInline = false;
        if (auto eq = arg.find('='); eq != std::string::npos) {
            name = arg.substr(0, eq);
            inlineValue = arg.substr(eq + 1);
            hasInline = true;
        }
        if (flags.contains(name) && !hasInline) {
            parsed.flags.insert(name);
        } else if (valued.contains(name)) {
            if (hasInline) {
                parsed.values[name].push_back(inlineValue);
            } else if (i + 1 < args.size()) {
                parsed.values[name].push_back(args[++i]);
            } else {
                parsed.error = name + " needs a value";
                return parsed;
            }
        } else {
            parsed.error = "unknown option " + name;
            return parsed;
        }
    }
    return parsed;
}

std::optional<std::map<std::string, std::string>> keyValueParams(const ParsedArgs &args,
                                                                 std::ostream &err)
{
    std::map<std::string, std::string> parameters;
    if (auto it = args.values.find("--param"); it != args.values.end())
        for (const std::string &pair : it->second) {
            const auto eq = pair.find('=');
            if (eq == std::string::npos || eq == 0) {
                err << "error: --param takes KEY=VALUE (got \"" << pair << "\")\n";
                return std::nullopt;
            }
            const std::string key = pair.substr(0, eq);
            if (parameters.contains(key)) {
                err << "error: --param " << key << " given twice\n";
                return std::nullopt;
            }
            parameters.emplace(key, pair.substr(eq + 1));
        }
    return parameters;
}

std::optional<int> wholeNumber(const std::string &text, int minimum)
{
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < minimum)
        return std::nullopt;
    return value;
}

std::string fixed(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

} // namespace cw::cli
