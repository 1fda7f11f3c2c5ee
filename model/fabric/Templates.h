#pragma once

#include "model/common/Result.h"
#include "model/fabric/FatTreeGenerator.h"

#include <map>
#include <string>
#include <vector>

namespace cw {

class Catalog;

struct TemplateParameter
{
    std::string name;
    std::string defaultValue;  ///< empty = required
    std::string help;
};

/// A design template `clusterwright-cli generate` offers.
struct DesignTemplate
{
    std::string name;
    std::string summary;
    std::vector<TemplateParameter> parameters;
};

const std::vector<DesignTemplate> &designTemplates();

/// Generates template `name` with `parameters` (key=value as given on the command line).
/// An unknown template or parameter, or an impossible value, is an Error whose message says
/// what is wrong and what is accepted.
Result<GeneratedDesign> generateDesign(const std::string &name,
                                       const std::map<std::string, std::string> &parameters,
                                       const Catalog &catalog);

} // namespace cw
