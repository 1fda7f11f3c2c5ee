#pragma once

#include <string>

namespace cw {

struct FabricGraph;

/// The flow graph of one fabric as GraphML (networkx, Gephi and yEd read it): vertices with
/// `kind` (node | switch), `name`, `tier`, `rack`, `order`; undirected edges with
/// `capacity_gbps` and `link_id`. Vertex ids are "v<order>", edge ids "e<index>".
std::string fabricGraphMl(const FabricGraph &graph);

/// A file name for a fabric's export: letters, digits, '.', '_' and '-' kept, anything
/// else (path separators included) replaced by '_', no leading dot.
std::string sanitizedFileStem(const std::string &name);

} // namespace cw
