#pragma once

// The designs the cabling plan's tests export, by name (tst_cabling, tst_cabling_modules):
// the two reference designs and the generated SuperPOD of one scalable unit.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"

#include <QString>
#include <QtGlobal>

namespace cw::test {

inline const Catalog &catalog()
{
    return Catalog::builtin();
}

/// "superpod": superpod-h100 with one SU; "seed": the first reference design; any other
/// name ("dgx8", "second"): the second, the eight-DGX design.
inline Design designNamed(const QString &name)
{
    if (name == "superpod") {
        auto generated = generateDesign("superpod-h100", { { "sus", "1" } }, catalog());
        if (!generated)
            qFatal("superpod-h100: %s", generated.error().message.c_str());
        return generated->design;
    }
    const auto &designs = referenceDesigns();
    auto built = designs.at(name == "seed" ? 0 : 1).build(catalog());
    if (!built)
        qFatal("%s: %s", qPrintable(name), built.error().message.c_str());
    return *built;
}

} // namespace cw::test
