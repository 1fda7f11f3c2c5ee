#pragma once

#include "model/validation/Violation.h"

#include <vector>

namespace cw {

/// How a published violation list changed from one run to the next: the violations that
/// left it and the ones that joined it, each as the list shows it (severity override and
/// waiver applied). A violation whose message changed ("draws 20.4 kW" -> "21.1 kW") is one
/// removal and one addition. Applying `removed` then `added` (as multisets) to the previous
/// list gives the new one; consumers patch their state from it instead of re-reading the
/// whole list, so an edit costs what it touched (docs/validation.md).
struct ViolationDelta
{
    std::vector<Violation> added;
    std::vector<Violation> removed;

    bool isEmpty() const { return added.empty() && removed.empty(); }
    void append(ViolationDelta other);
};

} // namespace cw
