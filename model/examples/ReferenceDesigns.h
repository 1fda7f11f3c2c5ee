#pragma once

#include "model/common/Result.h"
#include "model/core/Design.h"

#include <string>
#include <vector>

namespace cw {

class Catalog;

/// A reference design shipped in resources/examples/, built here with DesignBuilder so the
/// checked-in file is reproducible (tests rebuild it and compare bytes).
struct ReferenceDesign
{
    std::string fileName; ///< under resources/examples/
    std::string summary;
    Result<Design> (*build)(const Catalog &catalog);
};

const std::vector<ReferenceDesign> &referenceDesigns();

/// (a) The seed article's cluster: 8 HGX H100 servers with one HDR 200G HCA each on one
/// 40-port HDR switch, a 1GbE management switch, Lustre with 1 MDS + 4 OSS, one 60 kW row.
Result<Design> buildSeed8NodeHdr(const Catalog &catalog);
/// (b) 8 DGX H100 (8 x 400G NDR each) on a 2-leaf / 2-spine QM9700 rail-optimized fabric,
/// a separate storage fabric with Lustre, out-of-band management, two 42U racks.
Result<Design> buildDgx8H100Ndr(const Catalog &catalog);

} // namespace cw
