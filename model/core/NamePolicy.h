#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Design;

/// The one name policy (docs/file-format.md, "Names"). Every name a user gives reaches
/// several targets at once: Slurm files, switch CLIs, file names, XML, CSV, terminals. Each
/// kind below is the intersection of what those targets accept, checked when a design is
/// loaded (an error naming the JSON pointer) and when an edit is made (a refusal naming the
/// field). A name is never rewritten to fit.
enum class NameKind {
    /// Rows, racks, PDUs, devices, fabrics, storage tiers, partitions, the Slurm cluster name,
    /// the controller host: 1-63 bytes of ASCII letters, digits, '.', '_' and '-', starting
    /// with a letter or digit. 63 is the DNS label limit (ref:rfc-1123); the characters are
    /// the ones Slurm takes in an unquoted value, switch CLIs take as a word and file names
    /// keep. Device hostnames are also held to the stricter Slurm/RFC 1123 validation rule.
    Identifier,
    /// The design, site (hall), workload and waiver author: 0-128 bytes of UTF-8 without
    /// control characters, line or paragraph separators, bidirectional controls or
    /// noncharacters (model/common/VisibleText.h), and no space at either end. Exporters put
    /// labels only in escaped comments and quoted values.
    Label,
    /// Waiver reasons and other descriptions: as Label, up to 1024 bytes.
    FreeText,
    /// Catalog sources (several citations with page numbers): as Label, up to 4096 bytes.
    Note,
};

inline constexpr std::size_t kMaxIdentifierBytes = 63;
inline constexpr std::size_t kMaxLabelBytes = 128;
inline constexpr std::size_t kMaxFreeTextBytes = 1024;
inline constexpr std::size_t kMaxNoteBytes = 4096;

/// The grammar of `kind` in words, for error messages and the GUI's tooltips.
std::string nameRule(NameKind kind);

/// Why `text` breaks the rule of `kind`, or an empty string. `allowEmpty` for optional
/// identifiers; labels and free text may always be empty.
std::string nameProblem(std::string_view text, NameKind kind, bool allowEmpty = false);

/// Why `text` is not a Slurm time limit (slurm.conf MaxTime, ref:slurm-conf: "INFINITE",
/// "UNLIMITED", minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S), or an empty string.
std::string slurmTimeProblem(std::string_view text);

/// Why `text` is not an NCCL_SOCKET_IFNAME value (optional '^' or '=' prefix, then
/// comma-separated interface name prefixes of letters, digits, '.', '_', '-', ':'), or "".
std::string socketIfnameProblem(std::string_view text);

/// Why `text` is not a Slurm core or CPU list ("0-55", "0,2,4-7"), or an empty string.
std::string coreListProblem(std::string_view text);

/// One name of a design that breaks the policy.
struct NameViolation
{
    std::string field; ///< "racks id 7 name", "scheduler clusterName"
    std::string problem;
};

/// Every name of `design` checked against the policy: for designs built in memory
/// (generators, imports) before they are saved or exported.
std::vector<NameViolation> checkDesignNames(const Design &design);

} // namespace cw
