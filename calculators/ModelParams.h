#pragma once

#include <string>
#include <vector>

namespace cw::calc {

/// Shape of a decoder-only transformer, dense or mixture-of-experts.
struct ModelShape
{
    long long layers = 0;
    long long hidden = 0; // d_model
    long long heads = 0; // query heads
    long long kvHeads = 0; // key/value heads (GQA); == heads for MHA
    long long headDim = 0; // 0 = hidden / heads
    long long ffnHidden = 0; // MLP inner size of one expert
    long long vocab = 0;
    long long experts = 1; // routed experts per MoE layer (1 = dense)
    long long expertsPerToken = 1; // top-k
    bool gatedMlp = true; // SwiGLU: three matrices per MLP, else two
    bool tiedEmbeddings = false; // output layer shares the input embedding
};

/// Parameter counts of a model shape.
struct ModelParamsResult
{
    double totalParams = 0.0;
    double activeParams = 0.0; // used per token: top-k experts of each layer
    double embeddingParams = 0.0; // input embedding + untied output layer
    double attentionParamsPerLayer = 0.0;
    double expertParamsPerLayer = 0.0; // one expert's MLP
    std::vector<std::string> assumptions;
};

/// Counts the weights of a transformer shape. Throws InputError on out-of-domain input.
ModelParamsResult modelParams(const ModelShape &shape);

} // namespace cw::calc
