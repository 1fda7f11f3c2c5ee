#include "model/asbuilt/AsBuiltInput.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <unordered_set>

namespace cw::asbuilt {
namespace {

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

InputFormat detectFormat(std::string_view text)
{
    if (text.starts_with("\xEF\xBB\xBF")) // a UTF-8 byte order mark (spreadsheet CSVs)
        text.remove_prefix(3);
    if (trimmed(text).starts_with('{'))
        return InputFormat::LldpJson;
    bool firstLine = true;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line
            = trimmed(text.substr(0, end == std::string_view::npos ? text.size() : end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.empty() || line.starts_with('#'))
            continue;
        if (firstLine) {
            std::string header = lower(line);
            std::erase(header, ' ');
            if (header == "device,port,neighbour,neighbour_port")
                return InputFormat::NeighbourCsv;
            firstLine = false;
        }
        for (std::string_view start : { "Switch", "Ca", "vendid=", "switchguid=", "caguid=" })
            if (line.starts_with(start))
                return InputFormat::Ibnetdiscover;
    }
    return InputFormat::Unknown;
}

std::string hostOfFile(const std::string &path)
{
    const std::string name = std::filesystem::path(path).filename().string();
    return name.substr(0, name.find('.'));
}

std::vector<LinkId> neighbourLinks(const Design &design, const std::vector<std::string> &reporters)
{
    const std::unordered_set<std::string> names(reporters.begin(), reporters.end());
    std::vector<LinkId> links;
    for (const Link &link : design.links()) {
        const Fabric *fabric = design.fabric(link.fabric);
        if (!fabric || fabric->technology == Technology::InfiniBand)
            continue;
        const Device *a = design.device(link.a.device);
        const Device *b = design.device(link.b.device);
        if ((a && names.contains(a->name)) || (b && names.contains(b->name)))
            links.push_back(link.id);
    }
    return links;
}

} // namespace cw::asbuilt
