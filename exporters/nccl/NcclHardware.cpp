#include "exporters/nccl/NcclHardware.h"

#include <array>
#include <cctype>
#include <string_view>

namespace cw::nccl {
namespace {

struct GpuFamily
{
    std::string_view prefix; ///< catalog id family before the first '-'
    int sm;
    int pcieGen;
};

// Compute capability: NVIDIA CUDA GPUs table (developer.nvidia.com/cuda-gpus): A100 8.0,
// L40S 8.9, H100/H200 9.0, B200 and GB200 10.0. Host link: A100 and L40S are PCIe Gen4; H100,
// H200 and B200 boards run Gen5 to the host (the DGX B200 CPUs are Gen5). A GB200 GPU reaches
// its Grace CPU over NVLink-C2C; its NICs hang off PCIe Gen5 (written as Gen5).
constexpr std::array<GpuFamily, 6> kGpuFamilies { {
    { "a100", 80, 4 },
    { "l40s", 89, 4 },
    { "h100", 90, 5 },
    { "h200", 90, 5 },
    { "b200", 100, 5 },
    { "gb200", 100, 5 },
} };

const GpuFamily *gpuFamily(const std::string &gpuPartId)
{
    const std::string_view family = std::string_view(gpuPartId).substr(0, gpuPartId.find('-'));
    for (const GpuFamily &f : kGpuFamilies)
        if (f.prefix == family)
            return &f;
    return nullptr;
}

bool contains(const std::string &text, std::string_view what)
{
    return text.find(what) != std::string::npos;
}

/// The first 4-digit model number in `text` ("8480C" -> 8480), or -1.
int modelNumber(const std::string &text)
{
    for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
        if (i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1])))
            continue;
        bool digits = true;
        for (std::size_t k = i; k < i + 4; ++k)
            digits = digits && std::isdigit(static_cast<unsigned char>(text[k]));
        if (digits)
            return std::stoi(text.substr(i, 4));
    }
    return -1;
}

} // namespace

std::optional<CpuIdentity> cpuIdentity(const std::string &cpuModel)
{
    if (contains(cpuModel, "Xeon")) {
        // Intel Xeon Scalable model numbers carry the generation in their second digit
        // (8480 = 4th gen). CPUID model per Linux arch/x86/include/asm/intel-family.h:
        // SKYLAKE_X / CASCADELAKE 0x55 = 85, ICELAKE_X 0x6A = 106, SAPPHIRERAPIDS_X 0x8F = 143,
        // EMERALDRAPIDS_X 0xCF = 207; all are family 6. NCCL only compares the model with
        // 0x55, 0x8F and 0xCF (ref:nvidia-nccl-src src/graph/topo.cc ncclTopoAddCpu).
        const int number = modelNumber(cpuModel);
        const int generation = number >= 1000 ? (number / 100) % 10 : 0;
        int model = 0;
        switch (generation) {
        case 1:
        case 2:
            model = 85;
            break;
        case 3:
            model = 106;
            break;
        case 4:
            model = 143;
            break;
        case 5:
            model = 207;
            break;
        default:
            return std::nullopt;
        }
        return CpuIdentity { "x86_64", "GenuineIntel", 6, model };
    }
    if (contains(cpuModel, "EPYC")) {
        // AMD family/model (CPUID): Rome 7xx2 = 0x17/0x31, Milan 7xx3 = 0x19/0x01,
        // Genoa 9xx4 = 0x19/0x11. NCCL reads neither for AMD; they are written as a dump has them.
        const int number = modelNumber(cpuModel);
        if (number >= 7000 && number < 8000 && number % 10 == 2)
            return CpuIdentity { "x86_64", "AuthenticAMD", 23, 49 };
        if (number >= 7000 && number < 8000 && number % 10 == 3)
            return CpuIdentity { "x86_64", "AuthenticAMD", 25, 1 };
        if (number >= 9000 && number < 10000 && number % 10 == 4)
            return CpuIdentity { "x86_64", "AuthenticAMD", 25, 17 };
        return CpuIdentity { "x86_64", "AuthenticAMD", std::nullopt, std::nullopt };
    }
    if (contains(cpuModel, "Grace") || contains(cpuModel, "Neoverse"))
        return CpuIdentity { "arm64", "", std::nullopt, std::nullopt };
    return std::nullopt;
}

std::optional<int> gpuSm(const std::string &gpuPartId)
{
    const GpuFamily *family = gpuFamily(gpuPartId);
    return family ? std::optional<int>(family->sm) : std::nullopt;
}

int gpuPcieGen(const std::string &gpuPartId)
{
    const GpuFamily *family = gpuFamily(gpuPartId);
    return family ? family->pcieGen : 4;
}

int nicPcieGen(double speedGbps)
{
    return speedGbps > 200 ? 5 : 4;
}

std::string pcieLinkSpeed(int gen)
{
    switch (gen) {
    case 3:
        return "8.0 GT/s PCIe";
    case 4:
        return "16.0 GT/s PCIe";
    case 5:
        return "32.0 GT/s PCIe";
    case 6:
        return "64.0 GT/s PCIe";
    default:
        return "16.0 GT/s PCIe";
    }
}

double ncclPcieGBps(int gen, int width)
{
    // kvDictPciGen, in 100 Mb/s per lane (ref:nvidia-nccl-src src/graph/topo.cc: "bw = width x
    // speed / 80").
    int perLane = 120;
    switch (gen) {
    case 3:
        perLane = 60;
        break;
    case 4:
        perLane = 120;
        break;
    case 5:
        perLane = 240;
        break;
    case 6:
        perLane = 480;
        break;
    default:
        break;
    }
    return width * perLane / 80.0;
}

} // namespace cw::nccl
