#pragma once

// Test-only catalog parts: a radix-8 and a radix-12 switch (3-tier fat trees small enough to
// count by hand) and the UFM appliance the built-in catalog lacks.

#include "model/catalog/Catalog.h"
#include "resources/EmbeddedResources.h"

#include <stdexcept>

namespace cw::test {

inline const char *const kTestCatalog = R"({
  "format": "clusterwright-catalog",
  "version": 1,
  "parts": [
    {"id": "test-switch-k8", "kind": "switch", "vendor": "Test", "model": "k8",
     "description": "8 x 400G test switch", "uHeight": 1, "weightKg": 5, "maxPowerW": 300,
     "typicalPowerW": 150, "priceUsd": 1000, "cooling": "air", "asic": "test",
     "technologies": ["infiniband"], "os": "mlnx-os", "radix": 8,
     "ports": [{"role": "fabric", "count": 8, "speedGbps": 400, "formFactor": "OSFP-twin", "namePrefix": "p"},
               {"role": "management", "count": 1, "speedGbps": 1, "formFactor": "RJ45", "names": ["mgmt0"]}],
     "source": "test fixture"},
    {"id": "test-switch-k12", "kind": "switch", "vendor": "Test", "model": "k12",
     "description": "12 x 400G test switch", "uHeight": 1, "weightKg": 5, "maxPowerW": 300,
     "typicalPowerW": 150, "priceUsd": 1000, "cooling": "air", "asic": "test",
     "technologies": ["infiniband"], "os": "mlnx-os", "radix": 12,
     "ports": [{"role": "fabric", "count": 12, "speedGbps": 400, "formFactor": "OSFP-twin", "namePrefix": "p"},
               {"role": "management", "count": 1, "speedGbps": 1, "formFactor": "RJ45", "names": ["mgmt0"]}],
     "source": "test fixture"},
    {"id": "ufm-appliance", "kind": "server", "vendor": "Test", "model": "UFM appliance",
     "description": "UFM appliance stand-in: 4 x NDR ports", "uHeight": 1, "weightKg": 15,
     "maxPowerW": 600, "typicalPowerW": 400, "priceUsd": 30000, "cooling": "air",
     "cpu": {"model": "test", "sockets": 1, "coresPerSocket": 16, "threadsPerCore": 2},
     "memoryGB": 256, "psu": {"count": 2, "ratingW": 800, "redundant": 1},
     "ports": [{"role": "compute", "count": 4, "speedGbps": 400, "formFactor": "OSFP", "names": ["ib0", "ib1", "ib2", "ib3"]},
               {"role": "management", "count": 1, "speedGbps": 1, "formFactor": "RJ45", "names": ["bmc"]}],
     "topology": {"numa": [{"node": 0, "socket": 0, "cores": "0-15", "gpus": [], "nics": []}],
                  "nvlinksPerGpu": 0, "nvswitch": false},
     "source": "test fixture"}
  ]
})";

/// The built-in catalog plus the test parts.
inline const Catalog &testCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        for (const auto &file : resources::catalogFiles())
            if (!c.addFile(file.name, file.text))
                throw std::runtime_error("built-in catalog file does not load");
        if (auto added = c.addFile("test-fabric.json", kTestCatalog); !added)
            throw std::runtime_error(added.error().message);
        return c;
    }();
    return catalog;
}

} // namespace cw::test
