#pragma once

#include <set>
#include <string>
#include <vector>

namespace cw {
class Design;
struct NcclSettings;
struct QosProfile;
} // namespace cw

namespace cw::nccl {

struct NcclFacts;

/// One line of nccl.env and the reason written above it.
struct EnvVariable
{
    std::string key;
    std::string value;
    std::string reason; ///< one line, no line breaks
};

/// nccl.env as variables, comments on what was left unset, and notes for the user.
struct NcclEnv
{
    std::vector<EnvVariable> variables;
    std::vector<std::string> comments; ///< "# ..." lines for variables deliberately not set
    std::vector<std::string> notes;
};

/// Where nccl.env points NCCL_TOPO_FILE; the runbook tells the operator to install it there.
inline constexpr const char *kTopoInstallDir = "/etc/nccl/";

/// NCCL_IB_TIMEOUT when the design does not set one: 4.096 us x 2^20 = 4.3 s per attempt,
/// the NCCL >= 2.23 default (18 since 2.14, 14 before), pinned for older NCCL
/// (ref:nvidia-nccl-env).
inline constexpr int kDefaultIbTimeout = 20;
/// Queue pairs per connection on multi-tier RoCE fabrics: more UDP source ports for ECMP to
/// spread (ref:nvidia-nccl-env NCCL_IB_QPS_PER_CONNECTION).
inline constexpr int kRoceQpsPerConnection = 4;
/// RoCEv2 IPv4 GID of the default ConnectX table (0/1 IPv6 link-local RoCEv1/v2, 2/3 the
/// first IPv4 address RoCEv1/v2); per-host layout UNCONFIRMED, NCCL >= 2.21 finds it itself.
inline constexpr int kRoceV2Ipv4GidIndex = 3;
/// ECN field of the IP ToS byte: ECT(0) = 0b10 (RFC 3168), so DSCP 26 -> 26 << 2 | 2 = 106.
inline constexpr int kEcnEct0 = 2;

/// NCCL_IB_TC for a RoCE QoS profile: the IPv4 ToS byte, DSCP << 2 | ECN (ref:nvidia-nccl-env,
/// ref:nvidia-cumulus-roce: 106 for DSCP 26 with ECT(0); ECN bits 0 when the profile turns ECN
/// off).
int trafficClass(const QosProfile &qos);

/// Derives nccl.env from the compute fabric and the design's NCCL settings (a set setting
/// wins unless it contradicts the fabric's QoS profile, which a note then says).
/// `typesWithTopoFile` are the server types whose nccl-topo-<type>.xml was written.
NcclEnv ncclEnv(const NcclFacts &facts, const NcclSettings &settings,
                const std::set<std::string> &typesWithTopoFile);

/// The file: header, how to use it, then `# reason` + `KEY=VALUE` per variable.
std::string renderNcclEnv(const Design &design, const NcclFacts &facts, const NcclEnv &env);

} // namespace cw::nccl
