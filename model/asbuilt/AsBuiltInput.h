#pragma once

#include "model/core/Design.h"

#include <string>
#include <string_view>
#include <vector>

namespace cw::asbuilt {

/// What an as-built file is, judged from its text (the workbench takes any of them).
enum class InputFormat { Ibnetdiscover, LldpJson, NeighbourCsv, Unknown };

/// A JSON object is `lldpctl -f json` output; a first line `device,port,neighbour,neighbour_port`
/// (after `#` comments) is the neighbour CSV; `Switch`/`Ca`/`vendid=`/`switchguid=`/`caguid=`
/// lines are ibnetdiscover output.
InputFormat detectFormat(std::string_view text);

/// The host whose `lldpctl -f json` a file holds, from its name: "leaf01.json" -> "leaf01".
std::string hostOfFile(const std::string &path);

/// The links an Ethernet/RoCE neighbour comparison expects: those on non-InfiniBand fabrics with
/// an end on a device whose neighbour table was read (`reporters`).
std::vector<LinkId> neighbourLinks(const Design &design, const std::vector<std::string> &reporters);

} // namespace cw::asbuilt
