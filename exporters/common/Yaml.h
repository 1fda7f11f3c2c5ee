#pragma once

#include <string>
#include <string_view>

namespace cw::yaml {

/// A YAML 1.2 double-quoted scalar (ref:yaml-1-2 section 7.3.1): every string this exporter
/// writes goes through it, so no user text can start a mapping, a comment, an alias or a new
/// document. Backslash and quote escaped, C0/C1 controls and line/paragraph separators as
/// escapes, malformed UTF-8 as U+FFFD.
std::string quoted(std::string_view text);

/// A Kubernetes label value (ref:k8s-labels): at most 63 characters of [A-Za-z0-9._-],
/// starting and ending with a letter or digit. Other characters become '-', the ends are
/// trimmed; an empty result is "unnamed".
std::string labelValue(std::string_view text);

/// An RFC 1123 DNS label as Kubernetes object names need (ref:k8s-names): lower case
/// [a-z0-9-], at most 63 characters, starting and ending alphanumeric; empty -> "unnamed".
std::string dnsLabel(std::string_view text);

/// True when `text` is already a valid RFC 1123 DNS subdomain (a node name must be one).
bool isDnsSubdomain(std::string_view text);

/// `text` as `# ` comment lines of at most 78 characters (yamllint's default line-length is
/// 80), split at spaces; a longer word stays whole on its own line.
std::string commentBlock(std::string_view text);

} // namespace cw::yaml
