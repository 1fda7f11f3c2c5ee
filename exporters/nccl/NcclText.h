#pragma once

#include <string>
#include <vector>

namespace cw::nccl {

/// `value` with `decimals` digits after the point, locale-free ("360.0").
std::string fixed(double value, int decimals);

std::string join(const std::vector<std::string> &items, const std::string &separator);

/// Every line of `text` as a `# ` comment line, so a design name holding a line break cannot
/// end the comment early.
std::string hashComment(const std::string &text);

/// One `<!-- ... -->` line: line breaks become spaces, angle brackets parentheses, and "--"
/// is split, as XML comments (and NCCL's parser, which ends a comment at "-->") require.
std::string xmlComment(std::string text);

} // namespace cw::nccl
