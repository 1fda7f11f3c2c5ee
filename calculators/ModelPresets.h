#pragma once

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw::calc {

/// Published shape of a transformer model (from its config.json or paper).
struct ModelPreset
{
    std::string name; // "llama-2-7b"
    long long layers = 0;
    long long hidden = 0;
    long long heads = 0; // query heads
    long long kvHeads = 0; // key/value heads (GQA); == heads for MHA
    long long headDim = 0;
    long long ffnHidden = 0; // MLP inner size (of one expert); 0 = not given
    long long vocab = 0; // 0 = not given
    long long experts = 1; // routed experts per layer (MoE); 1 = dense
    long long expertsPerToken = 1; // top-k
    long long slidingWindow = 0; // attention window in tokens; 0 = full attention
    bool tiedEmbeddings = false;
    bool gatedMlp = true; // SwiGLU
    std::string source;
};

/// Parses a model preset file (resources/models/*.json):
///   { "format": "clusterwright-models", "version": 1,
///     "models": [ { "name", "layers", "hidden", "heads", "kvHeads", "headDim", "source" } ] }
/// and optionally "ffnHidden", "vocab", "experts", "expertsPerToken", "slidingWindow" (whole
/// numbers), "tiedEmbeddings", "gatedMlp" (booleans).
/// On error returns an empty vector and sets error to a message naming the JSON pointer.
std::vector<ModelPreset> parseModelPresets(const nlohmann::json &doc, std::string &error);

std::optional<ModelPreset> findModelPreset(const std::vector<ModelPreset> &presets,
                                           std::string_view name);

} // namespace cw::calc
