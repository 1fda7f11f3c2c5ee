#include "calculators/KvCache.h"

#include "calculators/InputError.h"

namespace cw::calc {

namespace {
// One K and one V vector per kv head per layer per token (Vaswani et al. 2017 attention;
// GQA shares them across query groups, Ainslie et al. 2023).
constexpr double tensorsPerKvHead = 2.0;
} // namespace

KvCacheResult kvCache(const KvCacheInput &input)
{
    requireAtLeast("layers", input.layers, 1);
    requireAtLeast("kv-heads", input.kvHeads, 1);
    requireAtLeast("head-dim", input.headDim, 1);
    requirePositive("bytes-per-element", input.bytesPerElement);
    requireAtLeast("tokens", input.tokens, 1);
    requireAtLeast("batch", input.batch, 1);

    KvCacheResult r;
    r.bytesPerToken = tensorsPerKvHead * static_cast<double>(input.layers)
        * static_cast<double>(input.kvHeads) * static_cast<double>(input.headDim)
        * input.bytesPerElement;
    r.totalBytes
        = r.bytesPerToken * static_cast<double>(input.tokens) * static_cast<double>(input.batch);
    r.assumptions.push_back("bytes per token = 2 (K and V) x layers x kv_heads x head_dim x "
                            + formatNumber(input.bytesPerElement) + " B");
    r.assumptions.push_back("every sequence holds all " + std::to_string(input.tokens)
                            + " tokens; no paging overhead, no sliding-window or prefix sharing");
    return r;
}

} // namespace cw::calc
