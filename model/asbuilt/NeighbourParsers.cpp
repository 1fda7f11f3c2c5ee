// Neighbour tables of Ethernet/RoCE devices: `lldpctl -f json` and the documented CSV.

#include "model/asbuilt/Observed.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <set>

namespace cw::asbuilt {
namespace {

using Json = nlohmann::json;

/// lldpctl writes a list when there are several entries and a bare object for one.
std::vector<const Json *> entries(const Json &value)
{
    std::vector<const Json *> list;
    if (value.is_array())
        for (const Json &item : value)
            list.push_back(&item);
    else if (value.is_object())
        list.push_back(&value);
    return list;
}

std::string text(const Json &value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_object() && value.contains("value") && value["value"].is_string())
        return value["value"].get<std::string>();
    return {};
}

/// The neighbour's port: its interface name when the id is one, else the description.
std::string neighbourPort(const Json &port)
{
    if (port.contains("id") && port["id"].is_object()) {
        const Json &id = port["id"];
        const std::string type = id.value("type", "");
        if (type == "ifname" || type == "local")
            return text(id);
    }
    if (port.contains("descr"))
        if (std::string d = text(port["descr"]); !d.empty())
            return d;
    return port.contains("id") ? text(port["id"]) : std::string();
}

} // namespace

Result<Observed> parseLldpJson(std::string_view input, const std::string &host,
                               const std::string &fileName)
{
    const Json root = Json::parse(input, nullptr, false);
    if (root.is_discarded())
        return Error { fileName + ": not JSON; expected `lldpctl -f json` output" };
    if (!root.contains("lldp") || !root["lldp"].is_object())
        return Error { fileName
                       + ": no \"lldp\" object at /lldp; expected `lldpctl -f json` output" };
    Observed result;
    result.reporters.push_back(host);
    const Json &lldp = root["lldp"];
    if (!lldp.contains("interface"))
        return result; // no neighbours at all
    int index = 0;
    for (const Json *entry : entries(lldp["interface"])) {
        for (const auto &[ifname, data] : entry->items()) {
            const std::string where = fileName + ":/lldp/interface/" + std::to_string(index++);
            if (!data.is_object() || !data.contains("chassis") || !data.contains("port"))
                return Error { where + " (" + ifname + "): expected \"chassis\" and \"port\"" };
            std::string neighbour;
            const Json &chassis = data["chassis"];
            if (chassis.contains("name"))
                neighbour = text(chassis["name"]);
            else if (chassis.is_object() && chassis.size() == 1 && !chassis.contains("id"))
                neighbour = chassis.begin().key(); // {"<sysname>": {...}}
            if (neighbour.empty())
                return Error { where + " (" + ifname + "): the neighbour has no system name" };
            ObservedLink link;
            link.a = { host, 0, ifname };
            link.b = { neighbour, 0, neighbourPort(data["port"]) };
            link.source = where;
            result.links.push_back(std::move(link));
        }
    }
    return result;
}

namespace {

/// One RFC 4180 record from `text` at `pos`; false at the end.
bool record(std::string_view text, std::size_t &pos, std::vector<std::string> &fields,
            std::string &error)
{
    fields.clear();
    if (pos >= text.size())
        return false;
    std::string field;
    bool quotedField = false;
    while (pos < text.size()) {
        const char c = text[pos];
        if (quotedField) {
            if (c == '"' && pos + 1 < text.size() && text[pos + 1] == '"') {
                field += '"';
                pos += 2;
                continue;
            }
            if (c == '"')
                quotedField = false;
            else
                field += c;
            ++pos;
            continue;
        }
        ++pos;
        if (c == '"' && field.empty())
            quotedField = true;
        else if (c == ',') {
            fields.push_back(std::move(field));
            field.clear();
        } else if (c == '\n')
            break;
        else if (c != '\r')
            field += c;
    }
    if (quotedField)
        error = "a quoted field is not closed";
    fields.push_back(std::move(field));
    return true;
}

} // namespace

Result<Observed> parseNeighbourCsv(std::string_view text, const std::string &fileName)
{
    Observed result;
    std::set<std::string> reporters;
    if (text.starts_with("\xEF\xBB\xBF")) // a spreadsheet's UTF-8 byte order mark
        text.remove_prefix(3);
    std::size_t pos = 0;
    int line = 0;
    bool header = false;
    std::vector<std::string> fields;
    std::string error;
    while (record(text, pos, fields, error)) {
        ++line;
        const std::string where = fileName + ":" + std::to_string(line);
        if (!error.empty())
            return Error { where + ": " + error };
        if (fields.size() == 1 && fields[0].empty())
            continue;
        if (!fields[0].empty() && fields[0][0] == '#')
            continue;
        if (!header) {
            // Column names as a spreadsheet may write them: any case, spaces around.
            std::vector<std::string> names;
            for (const std::string &f : fields) {
                std::string n;
                for (char c : f)
                    if (c != ' ' && c != '\t')
                        n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                names.push_back(n);
            }
            if (names
                != std::vector<std::string> { "device", "port", "neighbour", "neighbour_port" })
                return Error { where
                               + ": expected the header device,port,neighbour,neighbour_port" };
            header = true;
            continue;
        }
        if (fields.size() != 4)
            return Error { where
                           + ": expected 4 fields (device,port,neighbour,neighbour_port), found "
                           + std::to_string(fields.size()) };
        for (const std::string &f : fields)
            if (f.empty())
                return Error { where + ": an empty field; every column is needed" };
        ObservedLink link;
        link.a = { fields[0], 0, fields[1] };
        link.b = { fields[2], 0, fields[3] };
        link.source = where;
        reporters.insert(fields[0]);
        result.links.push_back(std::move(link));
    }
    if (!header)
        return Error { fileName
                       + ": empty; expected the header device,port,neighbour,neighbour_port" };
    result.reporters.assign(reporters.begin(), reporters.end());
    return result;
}

} // namespace cw::asbuilt

namespace cw::asbuilt {

void appendObserved(Observed &into, Observed from)
{
    auto key = [](const ObservedEnd &x, const ObservedEnd &y) {
        std::string a = x.node + "\x1f" + x.port, b = y.node + "\x1f" + y.port;
        return a < b ? a + "\x1e" + b : b + "\x1e" + a;
    };
    std::set<std::string> seen;
    for (const ObservedLink &l : into.links)
        seen.insert(key(l.a, l.b));
    for (ObservedLink &l : from.links)
        if (seen.insert(key(l.a, l.b)).second)
            into.links.push_back(std::move(l));
    into.reporters.insert(into.reporters.end(), from.reporters.begin(), from.reporters.end());
}

} // namespace cw::asbuilt
