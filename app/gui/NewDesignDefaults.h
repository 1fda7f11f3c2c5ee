#pragma once

#include <memory>

namespace cw {

class Catalog;
class Design;

/// What File > New (and a fresh window) starts from: an empty hall with real budgets,
/// sized for one DGX H100 SuperPOD scalable unit, so that the power and cooling rules judge
/// the first racks placed (docs/workbench.md, "A new design"). The figures are worked out
/// from the catalog's DGX H100 in defaultNewDesign().
std::unique_ptr<Design> defaultNewDesign(const Catalog &catalog);

} // namespace cw
