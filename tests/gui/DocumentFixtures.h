#pragma once

// What the document tests (tst_document, tst_document_removal, tst_live_validator) and the
// workbench fixtures share: the seed and a generated document, the design's bytes, lookups
// by name.

#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"

#include <QtTest>

#include <memory>
#include <string>

namespace cw::test {

inline constexpr const char *kToday = "2025-01-15";

inline std::unique_ptr<Document> seedDocument()
{
    auto design = buildSeed8NodeHdr(Catalog::builtin());
    if (!design)
        qFatal("seed design: %s", design.error().message.c_str());
    auto document = std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(design.value())), QString());
    document->validator()->setToday(kToday);
    return document;
}

/// A document on a generated 256-node fat tree, and a copy of its design for the reference
/// edits made with Design's own mutators.
struct GeneratedDocument
{
    Design reference;
    std::unique_ptr<Document> document;
};

inline GeneratedDocument generated256()
{
    auto generated = generateDesign("fat-tree", { { "nodes", "256" } }, Catalog::builtin());
    if (!generated)
        qFatal("fat-tree: %s", generated.error().message.c_str());
    GeneratedDocument pair { generated.value().design, nullptr };
    pair.document = std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(generated.value().design)),
        QString());
    return pair;
}

inline std::string text(const Document &document)
{
    return serializeDesign(document.design(), document.catalog());
}

inline const Rack *rackNamed(const Design &design, const std::string &name)
{
    for (const Rack &rack : design.racks())
        if (rack.name == name)
            return &rack;
    return nullptr;
}

inline const Device *deviceNamed(const Design &design, const std::string &name)
{
    for (const Device &device : design.devices())
        if (device.name == name)
            return &device;
    return nullptr;
}

} // namespace cw::test
