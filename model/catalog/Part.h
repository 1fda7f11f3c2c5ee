#pragma once

#include "model/core/Enums.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cw {

enum class PartKind { Gpu, Server, Nic, Switch, Storage, Cable, Transceiver, Rack, Pdu, Cdu };
enum class PortRole { Compute, Storage, Frontend, Management, Fabric };

std::string_view toString(PartKind kind);
std::optional<PartKind> parsePartKind(std::string_view text);
std::string_view toString(PortRole role);
std::optional<PortRole> parsePortRole(std::string_view text);

/// One port of a part, after the catalog's port groups are expanded.
struct PortSpec
{
    std::string name;
    PortRole role = PortRole::Fabric;
    double speedGbps = 0;
    std::string formFactor;
    int rail = -1; ///< index within the compute ports (rail order); -1 for other roles
};

struct GpuSpec
{
    double memoryGB = 0;
    double memoryBandwidthGBps = 0;
    double nvlinkBandwidthGBps = 0;
    double denseBf16Tflops = 0;
    std::string formFactor;
};

struct CpuSpec
{
    std::string model;
    int sockets = 0;
    int coresPerSocket = 0;
    int threadsPerCore = 1;
};

struct PsuSpec
{
    int count = 0;
    double ratingW = 0;
    int redundant = 0; ///< PSUs that may fail with the device still at full power
};

struct NumaNode
{
    int node = 0;
    int socket = 0;
    std::string cores; ///< logical core range as Slurm's gres.conf Cores= takes it
    std::vector<int> gpus;
    std::vector<std::string> nics;
};

struct PcieSwitch
{
    std::vector<int> gpus;
    std::vector<std::string> nics;
};

/// PCIe / NUMA layout the Slurm gres.conf and NCCL topology exporters need.
struct ServerTopology
{
    std::vector<NumaNode> numa;
    std::vector<PcieSwitch> pcieSwitches;
    std::vector<std::string> gpuBusIds;
    std::map<std::string, std::string> nicBusIds;
    int nvlinksPerGpu = 0;
    bool nvswitch = false;
};

struct ServerSpec
{
    CpuSpec cpu;
    double memoryGB = 0;
    std::string gpuPart; ///< empty for servers without GPUs
    int gpuCount = 0;
    PsuSpec psu;
    ServerTopology topology;
    /// GPUs of the NVLink domain when it spans several servers: the compute trays of one
    /// rack-scale system (GB200 NVL72: 72 GPUs on 18 trays, ref:nvidia-dgx-gb200-ug). 0 =
    /// the domain is this server alone (HGX / DGX 8-GPU baseboards).
    int nvlinkDomainGpus = 0;
};

struct NetworkSpec ///< NICs and switches
{
    std::string asic;
    std::vector<Technology> technologies; ///< what it can run (RoCEv2 implies Ethernet)
    std::string os;
    double bufferBytes = 0;
    int radix = 0;
    /// An NVLink switch (tray): it joins GPUs of one NVLink domain over the rack's copper
    /// spine and is on no Ethernet or InfiniBand fabric (`technologies` is empty).
    bool nvlinkSwitch = false;
};

struct StorageSpec
{
    std::string storageRole; ///< mds, oss, weka, vast, ddn
    double capacityTB = 0;
    double readGBps = 0;
    double writeGBps = 0;
};

/// One end of a cable part: the connector it plugs into and how many of them. A twin-port
/// OSFP head is {"OSFP-twin", 1}; the two 400G OSFP tails of an MCP7Y00 splitter are
/// {"OSFP", 2} (ref:nvidia-linkx-specs). The connector names the port cage
/// form factor it fits (PortSpec::formFactor); empty = unknown, fits any cage.
struct CableEnd
{
    std::string connector;
    int count = 1;

    bool operator==(const CableEnd &) const = default;
};

struct CableSpec ///< cables and transceivers
{
    std::string medium;
    double speedGbps = 0; ///< aggregate speed of the part
    double linkSpeedGbps = 0; ///< speed of each logical link it carries
    int linksPerCable = 1; ///< 2 for twin-port and 1:2 splitter parts
    double reachM = 0;
    std::vector<double> lengthsM;
    std::string formFactor;
    /// Cables: the two physical ends. Transceivers: endA is the module's own cage, endB the
    /// cage of the module it links to at the far end (e.g. MMA4Z00-NS400 single OSFP links to
    /// a twin-port MMA4Z00-NS in a switch). Both default to `formFactor` x 1.
    CableEnd endA;
    CableEnd endB;
    double powerWPerEnd = 0;
    std::string fibre;
    std::string partNumberPattern;
};

/// One run of a rack-scale system's fixed contents, bottom-up from U1: `count` devices of
/// catalog part `part` stacked one above the other, or, with `part` empty, `units` U the rack
/// itself occupies (power shelves, described by `label`).
struct RackSlot
{
    std::string part;
    int count = 1;
    int units = 0; ///< only for slots without a part
    std::string label; ///< what occupies a slot without a part
};

struct RackSpec
{
    int rackUnits = 42;
    double widthMm = 600;
    double depthMm = 1200;
    double maxPowerKw = 0;
    double maxWeightKg = 0;
    /// A rack-scale system (GB200 NVL72): the devices it is delivered with, in U order from
    /// U1. Empty for an ordinary cabinet. The rack part itself carries what is not a device
    /// (power shelves, bus bar, NVLink cable cartridges, manifolds): their U, weight, price.
    std::vector<RackSlot> contents;

    bool rackScale() const { return !contents.empty(); }
};

struct PduSpec
{
    int phases = 3;
    double voltageV = 400;
    double breakerA = 32;
    int outlets = 0;
};

struct CduSpec
{
    double capacityKw = 0;
    double flowLpm = 0;
};

/// True when `cable`'s ends fit the cages `cageA` and `cageB` in either orientation. An empty
/// connector or cage is unknown and fits anything.
bool cableFitsCages(const CableSpec &cable, const std::string &cageA, const std::string &cageB);

/// A catalog part: a real product with its figures and where they come from.
struct Part
{
    std::string id;
    PartKind kind = PartKind::Server;
    std::string vendor;
    std::string model;
    std::string description;
    int uHeight = 0;
    double weightKg = 0;
    double maxPowerW = 0;
    double typicalPowerW = 0;
    double priceUsd = 0;
    std::optional<Cooling> cooling;
    std::string source;
    std::string origin; ///< the file it was read from
    std::vector<PortSpec> ports;

    std::optional<GpuSpec> gpu;
    std::optional<ServerSpec> server;
    std::optional<NetworkSpec> network;
    std::optional<StorageSpec> storage;
    std::optional<CableSpec> cable;
    std::optional<RackSpec> rack;
    std::optional<PduSpec> pdu;
    std::optional<CduSpec> cdu;

    /// Index of the port called `name`, or -1.
    int portIndex(std::string_view name) const;
    int countPorts(PortRole role) const;
};

} // namespace cw
