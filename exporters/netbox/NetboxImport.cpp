#include "exporters/netbox/NetboxImport.h"

#include <yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <vector>

namespace cw::netbox {
namespace {

/// A parsed libyaml document, freed on every path out.
struct Document
{
    yaml_document_t document {};
    bool loaded = false;
    ~Document()
    {
        if (loaded)
            yaml_document_delete(&document);
    }
    yaml_node_t *node(int index) { return yaml_document_get_node(&document, index); }
};

std::string scalar(yaml_node_t *node)
{
    if (!node || node->type != YAML_SCALAR_NODE)
        return {};
    return std::string(reinterpret_cast<const char *>(node->data.scalar.value),
                       node->data.scalar.length);
}

std::map<std::string, yaml_node_t *> mapping(Document &doc, yaml_node_t *node)
{
    std::map<std::string, yaml_node_t *> out;
    if (!node || node->type != YAML_MAPPING_NODE)
        return out;
    for (auto *pair = node->data.mapping.pairs.start; pair < node->data.mapping.pairs.top; ++pair)
        out[scalar(doc.node(pair->key))] = doc.node(pair->value);
    return out;
}

std::vector<yaml_node_t *> sequence(Document &doc, yaml_node_t *node)
{
    std::vector<yaml_node_t *> out;
    if (!node || node->type != YAML_SEQUENCE_NODE)
        return out;
    for (auto *item = node->data.sequence.items.start; item < node->data.sequence.items.top; ++item)
        out.push_back(doc.node(*item));
    return out;
}

Result<double> number(yaml_node_t *node, const std::string &where)
{
    const std::string text = scalar(node);
    char *end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0)
        return Error { where + ": expected a number >= 0, got \"" + text + "\"" };
    return value;
}

/// Speed and cage of a NetBox interface type ("400gbase-x-osfp" -> 400, "OSFP").
bool portOf(const std::string &type, double &speedGbps, std::string &cage)
{
    static const std::map<std::string, std::pair<double, std::string>> known = {
        { "1000base-t", { 1, "RJ45" } },
        { "10gbase-t", { 10, "RJ45" } },
        { "25gbase-t", { 25, "RJ45" } },
        { "10gbase-x-sfpp", { 10, "SFP+" } },
        { "25gbase-x-sfp28", { 25, "SFP28" } },
        { "100gbase-x-qsfp28", { 100, "QSFP28" } },
        { "200gbase-x-qsfp56", { 200, "QSFP56" } },
        { "400gbase-x-qsfp112", { 400, "QSFP112" } },
        { "400gbase-x-qsfpdd", { 400, "QSFP-DD" } },
        { "400gbase-x-osfp", { 400, "OSFP" } },
        { "800gbase-x-osfp", { 800, "OSFP" } },
        { "800gbase-x-qsfpdd", { 800, "QSFP-DD" } },
        { "infiniband-hdr", { 200, "" } },
        { "infiniband-ndr", { 400, "" } },
        { "infiniband-xdr", { 800, "" } },
    };
    auto it = known.find(type);
    if (it == known.end())
        return false;
    speedGbps = it->second.first;
    cage = it->second.second;
    return true;
}

Result<nlohmann::json> ports(Document &doc, yaml_node_t *interfaces, const std::string &origin,
                             bool &infiniband)
{
    nlohmann::json groups = nlohmann::json::array();
    int index = 0;
    for (yaml_node_t *item : sequence(doc, interfaces)) {
        auto fields = mapping(doc, item);
        const std::string where = origin + ": interfaces[" + std::to_string(index++) + "]";
        const std::string name = scalar(fields["name"]);
        const std::string type = scalar(fields["type"]);
        double speed = 0;
        std::string cage;
        if (name.empty() || !portOf(type, speed, cage))
            return Error { where
                           + ": expected a name and a NetBox interface type of a known "
                             "speed (e.g. 400gbase-x-osfp), got \""
                           + type + "\"" };
        infiniband = infiniband || type.rfind("infiniband-", 0) == 0;
        const std::string role = scalar(fields["mgmt_only"]) == "true" ? "management" : "fabric";
        // Consecutive interfaces of one role, speed and cage share a port group.
        if (!groups.empty() && groups.back()["role"] == role && groups.back()["speedGbps"] == speed
            && groups.back()["formFactor"] == cage) {
            groups.back()["names"].push_back(name);
            groups.back()["count"] = groups.back()["names"].size();
            continue;
        }
        groups.push_back({ { "role", role },
                           { "count", 1 },
                           { "speedGbps", speed },
                           { "formFactor", cage },
                           { "names", nlohmann::json::array({ name }) } });
    }
    return groups;
}

} // namespace

Result<nlohmann::json> importDeviceType(const std::string &yamlText, const std::string &origin)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return Error { origin + ": cannot start the YAML parser" };
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(yamlText.data()),
                                 yamlText.size());
    Document doc;
    doc.loaded = yaml_parser_load(&parser, &doc.document) != 0;
    const std::string problem = parser.problem ? parser.problem : "";
    const auto line = parser.problem_mark.line + 1;
    yaml_parser_delete(&parser);
    if (!doc.loaded)
        return Error { origin + ":" + std::to_string(line) + ": not YAML: " + problem };
    auto top = mapping(doc, yaml_document_get_root_node(&doc.document));
    for (const char *key : { "manufacturer", "model", "slug" })
        if (scalar(top[key]).empty())
            return Error { origin + ": expected a device type with `" + key + "`" };
    nlohmann::json part;
    part["id"] = scalar(top["slug"]);
    part["kind"] = "switch";
    part["vendor"] = scalar(top["manufacturer"]);
    part["model"] = scalar(top["model"]);
    if (top.contains("u_height")) {
        auto u = number(top["u_height"], origin + ": u_height");
        if (!u)
            return u.error();
        part["uHeight"] = static_cast<int>(std::ceil(*u));
    }
    if (top.contains("weight")) {
        auto weight = number(top["weight"], origin + ": weight");
        if (!weight)
            return weight.error();
        static const std::map<std::string, double> kgPer
            = { { "kg", 1 }, { "g", 0.001 }, { "lb", 0.45359237 }, { "oz", 0.028349523125 } };
        const std::string unit = top.contains("weight_unit") ? scalar(top["weight_unit"]) : "kg";
        if (!kgPer.contains(unit))
            return Error { origin + ": weight_unit: expected kg | g | lb | oz, got \"" + unit
                           + "\"" };
        part["weightKg"] = std::round(*weight * kgPer.at(unit) * 100) / 100;
    }
    double maxW = 0, typicalW = 0;
    for (yaml_node_t *item : sequence(doc, top["power-ports"])) {
        auto fields = mapping(doc, item);
        if (fields.contains("maximum_draw")) {
            auto draw = number(fields["maximum_draw"], origin + ": power-ports maximum_draw");
            if (!draw)
                return draw.error();
            maxW += *draw;
        }
        if (fields.contains("allocated_draw")) {
            auto draw = number(fields["allocated_draw"], origin + ": power-ports allocated_draw");
            if (!draw)
                return draw.error();
            typicalW += *draw;
        }
    }
    part["maxPowerW"] = maxW;
    part["typicalPowerW"] = std::min(typicalW, maxW);
    bool infiniband = false;
    auto groups = ports(doc, top["interfaces"], origin, infiniband);
    if (!groups)
        return groups.error();
    part["ports"] = *groups;
    part["technologies"] = nlohmann::json::array({ infiniband ? "infiniband" : "ethernet" });
    part["source"] = "NetBox device type " + scalar(top["slug"]) + " (" + origin
        + "), imported with clusterwright-cli catalog import-netbox";
    return part;
}

} // namespace cw::netbox
