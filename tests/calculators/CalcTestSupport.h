#pragma once

// Shared helpers of the calculator tests. Every expected value in these tests is worked by
// hand (arithmetic in the comment beside it) or taken from the cited paper, never produced by
// running the code under test.

#include "calculators/ModelPresets.h"
#include "calculators/Registry.h"
#include "model/catalog/Catalog.h"
#include "model/prefill/CatalogGpus.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#ifndef CW_SOURCE_DIR
#error "CW_SOURCE_DIR must name the repository root (set by cw_add_test)"
#endif

using Params = std::map<std::string, std::string>;

Q_DECLARE_METATYPE(Params)

namespace cw::calc::test {

inline bool near(double actual, double expected, double relTolerance)
{
    return std::fabs(actual - expected) <= relTolerance * std::fabs(expected);
}

inline std::vector<ModelPreset> loadPresetsFromDisk()
{
    std::vector<ModelPreset> all;
    const QDir dir(QStringLiteral(CW_SOURCE_DIR "/resources/models"));
    const QStringList files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot open %s", qPrintable(file.fileName()));
        const QByteArray bytes = file.readAll();
        std::string error;
        auto presets = parseModelPresets(nlohmann::json::parse(bytes.constData()), error);
        if (!error.empty())
            qFatal("%s: %s", qPrintable(name), error.c_str());
        all.insert(all.end(), presets.begin(), presets.end());
    }
    return all;
}

/// What the CLI does at start-up: the model presets from resources/models, the GPU peaks
/// from the built-in catalog.
inline std::vector<ModelPreset> registerTestData()
{
    std::vector<ModelPreset> presets = loadPresetsFromDisk();
    setModelPresets(presets);
    registerCatalogGpus(Catalog::builtin());
    return presets;
}

inline nlohmann::json run(const std::string &name, const Params &params)
{
    const CalcOutcome outcome = runCalculator(name, params);
    if (!outcome.ok())
        qWarning("%s: %s", name.c_str(), outcome.error.c_str());
    return outcome.result;
}

} // namespace cw::calc::test

#define CW_COMPARE_NEAR(actual, expected, relTol)                                                  \
    QVERIFY2(cw::calc::test::near((actual), (expected), (relTol)),                                 \
             qPrintable(QStringLiteral("actual %1, expected %2")                                   \
                            .arg(double(actual), 0, 'g', 17)                                       \
                            .arg(double(expected), 0, 'g', 17)))
