#include "calculators/ModelParams.h"

#include "calculators/InputError.h"

namespace cw::calc {

ModelParamsResult modelParams(const ModelShape &s)
{
    requireAtLeast("layers", s.layers, 1);
    requireAtLeast("hidden", s.hidden, 1);
    requireAtLeast("heads", s.heads, 1);
    requireAtLeast("kv-heads", s.kvHeads, 1);
    requireAtLeast("head-dim", s.headDim, 0);
    requireAtLeast("ffn-hidden", s.ffnHidden, 1);
    requireAtLeast("vocab", s.vocab, 1);
    requireAtLeast("experts", s.experts, 1);
    requireAtLeast("experts-per-token", s.expertsPerToken, 1);
    if (s.kvHeads > s.heads || s.heads % s.kvHeads != 0)
        throw InputError("kv-heads",
                         "expected a divisor of heads (" + std::to_string(s.heads) + "), got "
                             + std::to_string(s.kvHeads));
    if (s.expertsPerToken > s.experts)
        throw InputError("experts-per-token",
                         "expected at most experts (" + std::to_string(s.experts) + "), got "
                             + std::to_string(s.expertsPerToken));
    if (s.headDim == 0 && s.hidden % s.heads != 0)
        throw InputError("head-dim",
                         "missing; hidden (" + std::to_string(s.hidden)
                             + ") does not divide by heads, give head-dim");

    const double h = static_cast<double>(s.hidden);
    const double d = static_cast<double>(s.headDim > 0 ? s.headDim : s.hidden / s.heads);
    const double q = static_cast<double>(s.heads) * d;
    const double kv = static_cast<double>(s.kvHeads) * d;
    ModelParamsResult r;
    // Attention: W_q (h x q), W_k and W_v (h x kv each, shared by the query groups under GQA,
    // ref:ainslie-2023-gqa), W_o (q x h) (ref:vaswani-2017-attention).
    r.attentionParamsPerLayer = h * q + 2.0 * h * kv + q * h;
    // MLP of one expert: gate, up and down projections for SwiGLU (ref:touvron-2023-llama2),
    // up and down for a plain MLP (ref:brown-2020-gpt3).
    r.expertParamsPerLayer = (s.gatedMlp ? 3.0 : 2.0) * h * static_cast<double>(s.ffnHidden);
    const double router = s.experts > 1 ? h * static_cast<double>(s.experts) : 0.0;
    const double norms = 2.0 * h; // two RMSNorm/LayerNorm gains per layer
    const double layers = static_cast<double>(s.layers);
    r.embeddingParams = static_cast<double>(s.vocab) * h * (s.tiedEmbeddings ? 1.0 : 2.0);
    const double common = layers * (r.attentionParamsPerLayer + router + norms) + r.embeddingParams
        + h; // + the final norm
    r.totalParams = common + layers * static_cast<double>(s.experts) * r.expertParamsPerLayer;
    // A token passes through top-k experts per layer (ref:fedus-2022-switch;
    // ref:jiang-2024-mixtral: 47B total, 13B active for 8 experts, top-2).
    r.activeParams
        = common + layers * static_cast<double>(s.expertsPerToken) * r.expertParamsPerLayer;

    r.assumptions.push_back("attention h x (heads + 2 kv_heads) x head_dim + heads x head_dim x h "
                            "(GQA, ref:ainslie-2023-gqa); MLP "
                            + std::string(s.gatedMlp ? "3 (SwiGLU gate, up, down)" : "2 (up, down)")
                            + " x h x ffn_hidden per expert");
    r.assumptions.push_back(
        std::string("embeddings vocab x h, ")
        + (s.tiedEmbeddings ? "tied with the output layer" : "plus an untied output layer")
        + "; two norm gains per layer and a final norm");
    r.assumptions.push_back("no biases and no learned position embeddings (rotary positions); "
                            "GPT-3-style biases and position tables add under 0.1 %");
    if (s.experts > 1)
        r.assumptions.push_back("MoE: every layer has " + std::to_string(s.experts)
                                + " experts and a router (h x "
                                  "experts); a token uses "
                                + std::to_string(s.expertsPerToken)
                                + " of them (ref:fedus-2022-switch; ref:jiang-2024-mixtral)");
    return r;
}

} // namespace cw::calc
