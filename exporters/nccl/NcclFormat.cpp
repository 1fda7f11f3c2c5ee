// The NCCL family as an Exporter: nccl.env, nccl-topo-<server type>.xml and acceptance.md.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/nccl/NcclExporter.h"

namespace cw::exporters {
namespace {

class NcclFormat final : public Exporter
{
public:
    std::string name() const override { return "nccl"; }
    std::string summary() const override
    {
        return "nccl.env, nccl-topo-<server type>.xml (NCCL_TOPO_FILE) and acceptance.md "
               "(all_reduce_perf, ib_write_bw and storage targets)";
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        return nccl::exportNccl(request.design, request.catalog);
    }
};

} // namespace

std::unique_ptr<Exporter> makeNcclExporter()
{
    return std::make_unique<NcclFormat>();
}

} // namespace cw::exporters
