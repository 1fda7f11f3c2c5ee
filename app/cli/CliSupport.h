#pragma once

#include <filesystem>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct LoadedDesign;
} // namespace cw

namespace cw::cli {

/// Exit codes of clusterwright-cli (docs/cli.md).
enum ExitCode : int {
    ExitOk = 0,
    ExitUsage = 1, ///< bad command line
    ExitBadInput = 2, ///< an input cannot be read or parsed, or is invalid
    ExitViolations = 3, ///< violations at or above --fail-on
};

/// Called by main() only: the process ends when the command returns, so the loaded designs
/// are handed to the operating system whole instead of freed node by node (a tenth of a
/// load's CPU at 16k nodes). In-process callers (tests) keep freeing them.
void keepLoadedDesignsUntilExit();

/// The design files of one command, each read against the same catalog.
struct DesignInput
{
    std::shared_ptr<const Catalog> catalogPointer;
    std::vector<std::unique_ptr<LoadedDesign>> files; ///< one per path, in the order given

    DesignInput();
    DesignInput(DesignInput &&) noexcept;
    ~DesignInput();
    const Catalog &catalog() const { return *catalogPointer; }
    const Design &design(std::size_t file = 0) const;
};

/// What every subcommand gets: its arguments, the catalog and the output streams.
struct Context
{
    Context(std::ostream &output, std::ostream &errors)
        : out(output)
        , err(errors)
    { }

    std::vector<std::string> args;
    std::vector<std::filesystem::path> catalogFolders;
    std::ostream &out;
    std::ostream &err;

    /// The built-in catalog plus user folders; reports and returns null on a bad user file.
    std::shared_ptr<const Catalog> catalog();
    /// Loads a design; reports the error (and any load warnings) on `err`. Null on failure.
    std::unique_ptr<LoadedDesign> loadDesign(const std::string &path, const Catalog &catalog);
    /// What every command that takes DESIGN files starts with: catalog() and then each file,
    /// in order. Reports the first error (and the load warnings) on `err` and returns nullopt,
    /// after which the command exits with ExitBadInput.
    std::optional<DesignInput> loadDesigns(const std::vector<std::string> &paths);

private:
    std::shared_ptr<const Catalog> m_catalog;
};

/// The command line of one subcommand, split into positionals, flags and valued options.
struct ParsedArgs
{
    std::vector<std::string> positional;
    std::set<std::string> flags;
    std::map<std::string, std::vector<std::string>> values;
    std::string error; ///< non-empty when the command line is wrong

    bool has(const std::string &flag) const { return flags.contains(flag); }
    std::string value(const std::string &option, const std::string &fallback = {}) const;
};

/// How every command answers --help and a wrong command line: its help on `out` (ExitOk), or
/// "error: " with the parser's error or else `problem` (the command's own check of its
/// arguments, empty when they are right) and the help on `err` (ExitUsage). Nullopt when the
/// command is to run.
std::optional<int> answerHelpOrUsage(Context &context, const ParsedArgs &args, const char *help,
                                     const std::string &problem);

/// Parses `args`: `flags` take no value, `valued` take one (`--x v` or `--x=v`); `-o` is an
/// alias of `--output`. Anything else starting with '-' is an error.
ParsedArgs parseArgs(const std::vector<std::string> &args, const std::set<std::string> &flags,
                     const std::set<std::string> &valued);

/// The repeatable `--param KEY=VALUE` options as a map; reports a malformed or repeated
/// pair on `err` and returns nullopt.
std::optional<std::map<std::string, std::string>> keyValueParams(const ParsedArgs &args,
                                                                 std::ostream &err);

/// `text` as a whole number of at least `minimum`, or nullopt ("", "12x", "1.5", too large).
std::optional<int> wholeNumber(const std::string &text, int minimum);

/// Formats a number the way the text reports show it: fixed with `decimals` places.
std::string fixed(double value, int decimals);

} // namespace cw::cli
