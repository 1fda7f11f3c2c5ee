#pragma once

#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of kvCache(): decoder-only transformer with (grouped-query) attention.
struct KvCacheInput
{
    long long layers = 0;
    long long kvHeads = 0;
    long long headDim = 0;
    double bytesPerElement = 2.0; // fp16/bf16 cache
    long long tokens = 0; // context length held per sequence
    long long batch = 1; // concurrent sequences
    long long slidingWindow = 0; // tokens a windowed layer keeps (Mistral: 4096); 0 = none
    long long windowLayers = -1; // layers using the window; -1 = all of them
};

/// KV-cache bytes per token and in total.
struct KvCacheResult
{
    double bytesPerToken = 0.0; // every layer caching one more token
    double bytesPerSequence = 0.0; // at `tokens`, windowed layers capped at the window
    double totalBytes = 0.0;
    double fullContextBytes = 0.0; // the same without any window
    std::vector<std::string> assumptions;
};

/// KV-cache size, with grouped-query attention and sliding windows. Throws InputError on
/// out-of-domain input.
KvCacheResult kvCache(const KvCacheInput &input);

} // namespace cw::calc
