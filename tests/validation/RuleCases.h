#pragma once

// The rule table of tst_rules: one row per rule key, with the edits that trip it and a
// near miss that does not. Split from the test so the table and the checks read apart.

#include "ValidationFixtures.h"

#include <vector>

namespace cw::test {

using Edit = void (*)(Mini &, const Catalog &);

struct Case
{
    const char *key;
    Edit trip;
    Edit pass;
    const char *message; ///< expected in a violation's message; {gpu01} {gpu02} = ids
};

template<typename F>
void editDevice(Mini &m, DeviceId id, F change)
{
    Device device = *m.design.device(id);
    change(device);
    m.design.updateDevice(device);
}

template<typename F>
void editRack(Mini &m, RackId id, F change)
{
    Rack rack = *m.design.rack(id);
    change(rack);
    m.design.updateRack(rack);
}

template<typename F>
void editSite(Mini &m, F change)
{
    Site site = m.design.site();
    change(site);
    m.design.setSite(site);
}

template<typename F>
void editFabric(Mini &m, FabricId id, F change)
{
    Fabric fabric = *m.design.fabric(id);
    change(fabric);
    m.design.updateFabric(fabric);
}

template<typename F>
void editLink(Mini &m, LinkId id, F change)
{
    Link link = *m.design.link(id);
    change(link);
    m.design.updateLink(link);
}

template<typename F>
void editWorkload(Mini &m, F change)
{
    Workload workload = m.design.workload();
    change(workload);
    m.design.setWorkload(workload);
}

void putInHall(Mini &m, double kwPerPosition, int positions);
void place(Mini &m, const Catalog &catalog, RackId rack, const char *name, const char *type, int u);
void fillNvl72(Mini &m, const Catalog &catalog, int trays, int switches, bool rackScale);
void swapRails(Mini &m);
QosProfile lossless(std::vector<int> priorities);

/// Every rule key's row.
const std::vector<Case> &ruleCases();

} // namespace cw::test
