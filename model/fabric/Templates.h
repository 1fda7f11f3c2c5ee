#pragma once

#include "model/catalog/Part.h"
#include "model/common/Result.h"
#include "model/fabric/FatTreeGenerator.h"
#include "model/site/SiteLoad.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cw {

class Catalog;

/// What kind of value a template parameter takes (the GUI picks its widget from it).
enum class ParameterKind { Text, Integer, Choice, Boolean, Part };

struct TemplateParameter
{
    std::string name;
    std::string defaultValue; ///< empty = required
    std::string help;
    ParameterKind kind = ParameterKind::Text;
    std::vector<std::string> choices; ///< Choice: the accepted values
    int minimum = 0; ///< Integer: the accepted range
    int maximum = 0;
    PartKind partKind = PartKind::Server; ///< Part: the catalog kind
    bool allowsAuto = false; ///< Integer: "auto" is accepted too
};

/// A design template `clusterwright-cli generate` offers.
struct DesignTemplate
{
    std::string name;
    std::string summary;
    std::vector<TemplateParameter> parameters;
    std::string sizeParameter; ///< the parameter "at most N" counts in; empty = fixed size
    std::string defaultSite; ///< the site used without --site, in words (docs/fabric.md)
};

const std::vector<DesignTemplate> &designTemplates();
const DesignTemplate *findTemplate(const std::string &name);

/// Why a template does not fit its site: the binding constraint, the sentence that says it
/// ("512 x dgx-h100 need 5.40 MW IT; the site gives 4.00 MW: at most 380 nodes"), and the
/// largest size that fits (found by generating, not estimated).
struct SiteRefusal
{
    SiteConstraint constraint = SiteConstraint::Power;
    std::string message;
    int largestFitting = 0;
    std::string sizeParameter;
};

/// Generates template `name` with `parameters` (key=value as given on the command line) into
/// `site` (nullopt: the template's default site). The site is never changed. An unknown
/// template or parameter, an impossible value, or a design that does not fit the site is an
/// Error whose message says what is wrong; for the last, `refusal` (when given) holds the
/// binding constraint and the largest design that fits. The CLI and the GUI share this check.
Result<GeneratedDesign> generateDesign(const std::string &name,
                                       const std::map<std::string, std::string> &parameters,
                                       const Catalog &catalog,
                                       const std::optional<Site> &site = std::nullopt,
                                       SiteRefusal *refusal = nullptr);

} // namespace cw
