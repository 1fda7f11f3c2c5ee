#pragma once

#include <memory>

namespace cw::exporters {

class Exporter;

// One factory per artifact family, each defined in its folder and listed, in `export --list`
// order, by registerBuiltinExporters().
std::unique_ptr<Exporter> makeSlurmExporter(); // slurm/SlurmFormat.cpp
std::unique_ptr<Exporter> makeNcclExporter(); // nccl/NcclFormat.cpp
std::unique_ptr<Exporter> makeSwitchExporter(); // switch/SwitchFormat.cpp
std::unique_ptr<Exporter> makeCablingExporter(); // cabling/CablingFormat.cpp
std::unique_ptr<Exporter> makeBomExporter(); // bom/BomFormat.cpp
std::unique_ptr<Exporter> makeGraphMlExporter(); // graphml/GraphMlFormat.cpp
std::unique_ptr<Exporter> makeKubernetesExporter(); // kubernetes/KubernetesFormat.cpp
std::unique_ptr<Exporter> makeDrawioExporter(); // drawio/DrawioFormat.cpp
std::unique_ptr<Exporter> makeNetboxExporter(); // netbox/NetboxFormat.cpp

} // namespace cw::exporters
