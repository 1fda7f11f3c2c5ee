#pragma once

// Helpers of the calculator tests split from tst_calc_models.cpp (one file per calculator).

#include "CalcTestSupport.h"

#include <string>
#include <vector>

namespace cw::calc::test {

inline CalcOutcome outcome(const std::string &name, const Params &params)
{
    return runCalculator(name, params);
}

inline bool contains(const std::vector<std::string> &lines, const std::string &text)
{
    for (const std::string &line : lines) {
        if (line.find(text) != std::string::npos)
            return true;
    }
    return false;
}

/// GPT-3 175B (ref:brown-2020-gpt3 Table 2.1) trained as in ref:korthikanti-2022 Table 3:
/// t = 8, p = 8, s = 2048, micro-batch 8 (the case), selective recomputation with
/// sequence parallelism, ZeRO-1 over dp = 16.
inline Params gpt3()
{
    return { { "params", "175B" },
             { "zero", "1" },
             { "dp", "16" },
             { "tp", "8" },
             { "pp", "8" },
             { "layers", "96" },
             { "hidden", "12288" },
             { "heads", "96" },
             { "seq", "2048" },
             { "micro-batch", "8" },
             { "recompute", "selective" },
             { "sequence-parallel", "true" },
             { "gpu-memory-gbyte", "80" } };
}

inline Params with(Params p, const std::string &key, const std::string &value)
{
    p[key] = value;
    return p;
}

} // namespace cw::calc::test
