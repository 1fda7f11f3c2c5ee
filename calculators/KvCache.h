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
};

/// KV-cache bytes per token and in total.
struct KvCacheResult
{
    double bytesPerToken = 0.0;
    double totalBytes = 0.0;
    std::vector<std::string> assumptions;
};

/// KV-cache size. Throws InputError on out-of-domain input.
KvCacheResult kvCache(const KvCacheInput &input);

} // namespace cw::calc
