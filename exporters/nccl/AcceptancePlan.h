#pragma once

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::nccl {

struct NcclFacts;

// Planning assumptions behind every predicted number (UNCONFIRMED planning figures, to be
// replaced by the cluster's own first measurements). Stated in acceptance.md.

/// nccl-tests all_reduce busbw inside one NVSwitch node as a share of the GPU's NVLink
/// bandwidth in one direction (catalog figures are bidirectional, so half). NCCL's own model
/// gives an H100 18 x 20.6 GB/s = 370.8 GB/s of 450 (0.82; ref:nvidia-nccl-src src/include/graph.h
/// SM90_NVLINK_BW).
inline constexpr double kNvlinkEfficiency = 0.80;
/// all_reduce busbw through PCIe (GPUs without NVLink) as a share of NCCL's PCIe model.
inline constexpr double kPcieEfficiency = 0.80;
/// all_reduce busbw across nodes as a share of the node's summed NIC line rate, InfiniBand.
inline constexpr double kIbNicEfficiency = 0.92;
/// The same on RoCEv2: DCQCN and ECMP hashing cost a little more than IB credit flow control.
inline constexpr double kRoceNicEfficiency = 0.88;
/// perftest ib_write_bw with large messages as a share of the link's signalling rate.
inline constexpr double kIbWriteBwEfficiency = 0.95;
/// A measurement passes at or above this share of its prediction.
inline constexpr double kAcceptFraction = 0.90;
/// Largest all_reduce_perf message (-e): large enough for busbw to plateau, small enough for
/// 48 GB GPUs.
inline constexpr const char *kLargestMessage = "8G";

/// One all_reduce_perf run and the bus bandwidth it should reach.
struct AllReduceStep
{
    std::string title; ///< "Single node (dgx-h100)", "One leaf group", "Whole fabric"
    std::string scope; ///< what the nodes share (their leaves)
    std::vector<std::string> nodes; ///< sorted
    long long ranks = 0; ///< n = GPUs taking part
    double busFactor = 0; ///< 2(n-1)/n (ref:nvidia-nccl-tests-performance)
    double intraNodeGBps = 0; ///< NVLink (or PCIe) bound per rank
    std::string intraNodeWorked; ///< how intraNodeGBps was obtained ("900 / 2 x 0.80")
    double networkGBps = 0; ///< node NIC bound; 0 for one node
    std::string networkWorked;
    int gpusPerNode = 0; ///< fewest GPUs of a node in the run
    double expectedBusGBps = 0; ///< min of the bounds
    double expectedAlgGBps = 0; ///< expected busbw / bus factor
    double acceptBusGBps = 0; ///< kAcceptFraction x expected
    std::string limit; ///< which bound sets the figure
};

/// One ib_write_bw pair.
struct LinkTest
{
    std::string nic;
    std::string server;
    std::string client;
    std::string path; ///< "same leaf" or "through the spine"
};

/// Read/write targets of one storage tier as the compute nodes see it.
struct StorageTarget
{
    std::string tier;
    std::string kind;
    std::string fabric; ///< name of the fabric clients reach it on; empty = node-local
    std::string mountPoint;
    int clients = 0;
    double clientLinkGBps = 0; ///< one client's storage ports, GB/s (0 = not on a fabric)
    double designReadGBps = 0;
    double designWriteGBps = 0;
    double readGBps = 0; ///< expected aggregate: design figure capped by client links
    double writeGBps = 0;
    double perClientReadGBps = 0;
    double perClientWriteGBps = 0;
    std::string limit;
};

/// Every predicted number of acceptance.md, computed before any text is written so tests
/// can check the arithmetic.
struct AcceptancePlan
{
    std::vector<AllReduceStep> steps;
    double linkGbps = 0; ///< compute NIC line rate
    double ibWriteGbps = 0; ///< expected ib_write_bw per link
    double ibWriteAcceptGbps = 0;
    double nicEfficiency = 0; ///< kIbNicEfficiency or kRoceNicEfficiency
    std::vector<LinkTest> linkTests;
    int nodeLinks = 0; ///< node-to-switch links of the compute fabric
    int switchLinks = 0; ///< switch-to-switch links
    std::vector<StorageTarget> storage;
};

/// 2(n-1)/n, the all_reduce bus-bandwidth factor of nccl-tests (0 for n < 2).
double allReduceBusFactor(long long ranks);

AcceptancePlan planAcceptance(const Design &design, const Catalog &catalog, const NcclFacts &facts);

} // namespace cw::nccl
