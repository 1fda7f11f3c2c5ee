#include "exporters/changes/AsBuiltFormat.h"

#include <nlohmann/json.hpp>

namespace cw::changes {

std::string asBuiltText(const asbuilt::AsBuiltReport &r, const std::string &what)
{
    std::string out = what + ": " + std::to_string(r.designedLinks) + " designed links, "
        + std::to_string(r.observedLinks) + " found, " + std::to_string(r.matchedLinks)
        + " where they belong; " + std::to_string(r.findings.size()) + " finding(s)\n";
    for (const asbuilt::Finding &f : r.findings) {
        out += std::string(asbuilt::toString(f.kind)) + ": " + f.message + "\n";
        out += "    do: " + f.action + (f.source.empty() ? "" : "  [" + f.source + "]") + "\n";
    }
    return out;
}

nlohmann::ordered_json asBuiltJson(const asbuilt::AsBuiltReport &r, const std::string &what)
{
    using Json = nlohmann::ordered_json;
    Json findings = Json::array();
    for (const asbuilt::Finding &f : r.findings) {
        Json places = Json::array();
        for (const asbuilt::Place &p : f.places)
            places.push_back({ { "row", p.row },
                               { "rack", p.rack },
                               { "u", p.u },
                               { "device", p.device },
                               { "port", p.port } });
        findings.push_back({ { "kind", std::string(asbuilt::toString(f.kind)) },
                             { "message", f.message },
                             { "action", f.action },
                             { "places", std::move(places) },
                             { "source", f.source } });
    }
    return { { "compared", what },
             { "designed_links", r.designedLinks },
             { "observed_links", r.observedLinks },
             { "matched_links", r.matchedLinks },
             { "findings", std::move(findings) } };
}

} // namespace cw::changes
