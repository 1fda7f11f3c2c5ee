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
    std::string source;
};

/// Parses a model preset file (resources/models/*.json):
///   { "format": "clusterwright-models", "version": 1,
///     "models": [ { "name", "layers", "hidden", "heads", "kvHeads", "headDim", "source" } ] }
/// On error returns an empty vector and sets error to a message naming the JSON pointer.
std::vector<ModelPreset> parseModelPresets(const nlohmann::json &doc, std::string &error);

std::optional<ModelPreset> findModelPreset(const std::vector<ModelPreset> &presets,
                                           std::string_view name);

} // namespace cw::calc
