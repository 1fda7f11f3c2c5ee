#include "calculators/KvCache.h"

#include "calculators/InputError.h"

#include <algorithm>

namespace cw::calc {

namespace {
// One K and one V vector per kv head per layer per token (ref:vaswani-2017-attention; GQA
// shares them across query groups, ref:ainslie-2023-gqa).
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

    requireAtLeast("sliding-window", input.slidingWindow, 0);
    if (input.windowLayers != -1)
        requireRange("window-layers", static_cast<double>(input.windowLayers), 0,
                     static_cast<double>(input.layers));

    KvCacheResult r;
    const double perLayerToken = tensorsPerKvHead * static_cast<double>(input.kvHeads)
        * static_cast<double>(input.headDim) * input.bytesPerElement;
    const double layers = static_cast<double>(input.layers);
    const double tokens = static_cast<double>(input.tokens);
    r.bytesPerToken = perLayerToken * layers;
    r.fullContextBytes = r.bytesPerToken * tokens * static_cast<double>(input.batch);
    // A sliding-window layer attends to the last W tokens only, so its rolling buffer holds
    // min(tokens, W) of them (ref:jiang-2023-mistral section 2, rolling buffer cache;
    // ref:beltagy-2020-longformer).
    const bool windowed = input.slidingWindow > 0;
    const double windowLayers = !windowed
        ? 0.0
        : (input.windowLayers < 0 ? layers : static_cast<double>(input.windowLayers));
    const double heldByWindowed
        = windowed ? std::min(tokens, static_cast<double>(input.slidingWindow)) : 0.0;
    r.bytesPerSequence
        = perLayerToken * ((layers - windowLayers) * tokens + windowLayers * heldByWindowed);
    r.totalBytes = r.bytesPerSequence * static_cast<double>(input.batch);
    r.assumptions.push_back("bytes per token = 2 (K and V) x layers x kv_heads x head_dim x "
                            + formatNumber(input.bytesPerElement)
                            + " B (GQA: kv_heads below heads, ref:ainslie-2023-gqa)");
    if (windowed)
        r.assumptions.push_back(
            "sliding window of " + std::to_string(input.slidingWindow) + " tokens on "
            + formatNumber(windowLayers) + " of " + formatNumber(layers)
            + " layers: a rolling buffer keeps min(tokens, window) per sequence "
              "(ref:jiang-2023-mistral)");
    r.assumptions.push_back("every sequence holds all " + std::to_string(input.tokens) + " tokens"
                            + (windowed ? " (within the window)" : "")
                            + "; no paging overhead or prefix sharing");
    return r;
}

} // namespace cw::calc
