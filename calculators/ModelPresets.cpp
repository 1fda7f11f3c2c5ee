#include "calculators/ModelPresets.h"

#include <nlohmann/json.hpp>

#include <set>

namespace cw::calc {

namespace {

bool readPositiveInt(const nlohmann::json &model, const std::string &pointer, const char *key,
                     long long &out, std::string &error)
{
    const auto it = model.find(key);
    if (it == model.end() || !it->is_number_integer() || it->get<long long>() <= 0) {
        error = pointer + "/" + key + ": expected a whole number > 0";
        return false;
    }
    out = it->get<long long>();
    return true;
}

/// An optional whole number >= minValue; absent keeps `out`.
bool readOptionalInt(const nlohmann::json &model, const std::string &pointer, const char *key,
                     long long minValue, long long &out, std::string &error)
{
    const auto it = model.find(key);
    if (it == model.end())
        return true;
    if (!it->is_number_integer() || it->get<long long>() < minValue) {
        error = pointer + "/" + key + ": expected a whole number >= " + std::to_string(minValue);
        return false;
    }
    out = it->get<long long>();
    return true;
}

bool readOptionalBool(const nlohmann::json &model, const std::string &pointer, const char *key,
                      bool &out, std::string &error)
{
    const auto it = model.find(key);
    if (it == model.end())
        return true;
    if (!it->is_boolean()) {
        error = pointer + "/" + key + ": expected true or false";
        return false;
    }
    out = it->get<bool>();
    return true;
}

bool readString(const nlohmann::json &model, const std::string &pointer, const char *key,
                std::string &out, std::string &error)
{
    const auto it = model.find(key);
    if (it == model.end() || !it->is_string() || it->get<std::string>().empty()) {
        error = pointer + "/" + key + ": expected a non-empty string";
        return false;
    }
    out = it->get<std::string>();
    return true;
}

} // namespace

std::vector<ModelPreset> parseModelPresets(const nlohmann::json &doc, std::string &error)
{
    error.clear();
    if (!doc.is_object() || doc.value("format", std::string()) != "clusterwright-models") {
        error = "/format: expected \"clusterwright-models\"";
        return {};
    }
    if (!doc.contains("version") || !doc["version"].is_number_integer() || doc["version"] != 1) {
        error = "/version: expected 1";
        return {};
    }
    const auto models = doc.find("models");
    if (models == doc.end() || !models->is_array()) {
        error = "/models: expected an array";
        return {};
    }

    std::vector<ModelPreset> presets;
    std::set<std::string> names;
    for (std::size_t i = 0; i < models->size(); ++i) {
        const nlohmann::json &m = (*models)[i];
        const std::string pointer = "/models/" + std::to_string(i);
        if (!m.is_object()) {
            error = pointer + ": expected an object";
            return {};
        }
        ModelPreset p;
        if (!readString(m, pointer, "name", p.name, error)
            || !readPositiveInt(m, pointer, "layers", p.layers, error)
            || !readPositiveInt(m, pointer, "hidden", p.hidden, error)
            || !readPositiveInt(m, pointer, "heads", p.heads, error)
            || !readPositiveInt(m, pointer, "kvHeads", p.kvHeads, error)
            || !readPositiveInt(m, pointer, "headDim", p.headDim, error)
            || !readString(m, pointer, "source", p.source, error)
            || !readOptionalInt(m, pointer, "ffnHidden", 1, p.ffnHidden, error)
            || !readOptionalInt(m, pointer, "vocab", 1, p.vocab, error)
            || !readOptionalInt(m, pointer, "experts", 1, p.experts, error)
            || !readOptionalInt(m, pointer, "expertsPerToken", 1, p.expertsPerToken, error)
            || !readOptionalInt(m, pointer, "slidingWindow", 0, p.slidingWindow, error)
            || !readOptionalBool(m, pointer, "tiedEmbeddings", p.tiedEmbeddings, error)
            || !readOptionalBool(m, pointer, "gatedMlp", p.gatedMlp, error)) {
            return {};
        }
        if (p.expertsPerToken > p.experts) {
            error = pointer + "/expertsPerToken: expected at most experts ("
                + std::to_string(p.experts) + ")";
            return {};
        }
        // GQA groups query heads evenly over kv heads (ref:ainslie-2023-gqa).
        if (p.kvHeads > p.heads || p.heads % p.kvHeads != 0) {
            error = pointer + "/kvHeads: expected a divisor of heads (" + std::to_string(p.heads)
                + ")";
            return {};
        }
        if (!names.insert(p.name).second) {
            error = pointer + "/name: duplicate model name \"" + p.name + "\"";
            return {};
        }
        presets.push_back(std::move(p));
    }
    return presets;
}

std::optional<ModelPreset> findModelPreset(const std::vector<ModelPreset> &presets,
                                           std::string_view name)
{
    for (const ModelPreset &p : presets) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

} // namespace cw::calc
