#include "model/failure/FailureDomain.h"

#include "model/core/Design.h"
#include "model/failure/CoolingChain.h"

#include <array>
#include <charconv>

namespace cw {
namespace {

constexpr std::array<std::pair<DomainKind, std::string_view>, 9> kKindNames { {
    { DomainKind::Feed, "feed" },
    { DomainKind::Pdu, "pdu" },
    { DomainKind::Cdu, "cdu" },
    { DomainKind::Hall, "hall" },
    { DomainKind::Row, "row" },
    { DomainKind::Rack, "rack" },
    { DomainKind::Switch, "switch" },
    { DomainKind::Link, "link" },
    { DomainKind::Device, "device" },
} };

const Rack *rackNamed(const Design &design, std::string_view name)
{
    for (const Rack &rack : design.racks())
        if (rack.name == name)
            return &rack;
    return nullptr;
}

const Device *deviceNamed(const Design &design, std::string_view name)
{
    for (const Device &device : design.devices())
        if (device.name == name)
            return &device;
    return nullptr;
}

Error unknown(std::string_view text, std::string_view what)
{
    return Error { "--fail " + std::string(text) + ": " + std::string(what) };
}

/// cdu:NAME: a rack or device whose catalog part is a CDU.
Result<FailureDomain> parseCdu(const Design &design, const Catalog *catalog, std::string_view text,
                               std::string_view name, FailureDomain domain)
{
    if (!catalog)
        return unknown(text, "cdu domains need the catalog");
    for (const CduUnit &cdu : findCdus(design, *catalog))
        if (cdu.name == name) {
            if (cdu.isRack)
                domain.rack = RackId { cdu.id };
            else
                domain.device = DeviceId { cdu.id };
            return domain;
        }
    return unknown(text, "no CDU of that name (a rack or device whose catalog part is a CDU)");
}

} // namespace

std::string_view toString(DomainKind kind)
{
    for (const auto &[k, name] : kKindNames)
        if (k == kind)
            return name;
    return "?";
}

bool parseDomainKind(std::string_view word, DomainKind &kind)
{
    for (const auto &[k, name] : kKindNames)
        if (name == word) {
            kind = k;
            return true;
        }
    return false;
}

Result<FailureDomain> parseFailureDomain(const Design &design, std::string_view text,
                                         const Catalog *catalog)
{
    const std::size_t colon = text.find(':');
    DomainKind kind;
    if (colon == std::string_view::npos || !parseDomainKind(text.substr(0, colon), kind))
        return unknown(text,
                       "expected KIND:NAME with KIND one of feed, pdu, cdu, hall, row, rack, "
                       "switch, link, device (e.g. feed:A, pdu:A01/A1, switch:spine0003)");
    const std::string_view name = text.substr(colon + 1);
    FailureDomain domain;
    domain.kind = kind;
    domain.label = std::string(text);
    switch (kind) {
    case DomainKind::Feed:
        if (name != "A" && name != "B")
            return unknown(text, "a feed is A or B");
        domain.feed = name == "A" ? Feed::A : Feed::B;
        return domain;
    case DomainKind::Pdu: {
        const std::size_t slash = name.find('/');
        const Rack *rack
            = slash == std::string_view::npos ? nullptr : rackNamed(design, name.substr(0, slash));
        if (!rack)
            return unknown(text, "expected pdu:RACK/PDU with a rack of the design");
        const std::string_view pduName = name.substr(slash + 1);
        for (const Pdu &pdu : rack->pdus)
            if (pdu.name == pduName) {
                domain.rack = rack->id;
                domain.pdu = pdu.name;
                return domain;
            }
        return unknown(text,
                       "rack " + rack->name + " has no PDU named \"" + std::string(pduName) + "\"");
    }
    case DomainKind::Cdu:
        return parseCdu(design, catalog, text, name, std::move(domain));
    case DomainKind::Hall:
        for (const Hall &hall : design.site().halls)
            if (hall.name == name) {
                domain.hall = hall.name;
                return domain;
            }
        return unknown(text, "no hall of that name in the site");
    case DomainKind::Row:
        for (const Row &row : design.rows())
            if (row.name == name) {
                domain.row = row.id;
                return domain;
            }
        return unknown(text, "no row of that name");
    case DomainKind::Rack:
        if (const Rack *rack = rackNamed(design, name)) {
            domain.rack = rack->id;
            return domain;
        }
        return unknown(text, "no rack of that name");
    case DomainKind::Switch:
    case DomainKind::Device: {
        const Device *device = deviceNamed(design, name);
        if (!device)
            return unknown(text, "no device of that name");
        if (kind == DomainKind::Switch && device->role != DeviceRole::Switch)
            return unknown(text, device->name + " is not a switch (use device:NAME)");
        domain.device = device->id;
        return domain;
    }
    case DomainKind::Link: {
        std::uint64_t id = 0;
        const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), id);
        if (ec != std::errc() || end != name.data() + name.size() || !design.link(LinkId { id }))
            return unknown(text, "expected link:ID with the id of a link of the design");
        domain.link = LinkId { id };
        return domain;
    }
    }
    return unknown(text, "unknown kind");
}

std::vector<FailureDomain> enumerateDomains(const Design &design, const std::set<DomainKind> &kinds,
                                            const Catalog *catalog)
{
    std::vector<FailureDomain> domains;
    auto add = [&](FailureDomain domain, const std::string &name) {
        domain.label = std::string(toString(domain.kind)) + ":" + name;
        domains.push_back(std::move(domain));
    };
    for (const auto &[kind, word] : kKindNames) {
        (void)word;
        if (!kinds.contains(kind))
            continue;
        switch (kind) {
        case DomainKind::Feed: {
            bool present[2] = { false, false };
            for (const Rack &rack : design.racks())
                for (const Pdu &pdu : rack.pdus)
                    present[static_cast<int>(pdu.feed)] = true;
            for (Feed feed : { Feed::A, Feed::B })
                if (present[static_cast<int>(feed)]) {
                    FailureDomain domain;
                    domain.kind = kind;
                    domain.feed = feed;
                    add(std::move(domain), std::string(toString(feed)));
                }
            break;
        }
        case DomainKind::Pdu:
            for (const Rack &rack : design.racks())
                for (const Pdu &pdu : rack.pdus) {
                    FailureDomain domain;
                    domain.kind = kind;
                    domain.rack = rack.id;
                    domain.pdu = pdu.name;
                    add(std::move(domain), rack.name + "/" + pdu.name);
                }
            break;
        case DomainKind::Cdu:
            if (catalog)
                for (const CduUnit &cdu : findCdus(design, *catalog)) {
                    FailureDomain domain;
                    domain.kind = kind;
                    if (cdu.isRack)
                        domain.rack = RackId { cdu.id };
                    else
                        domain.device = DeviceId { cdu.id };
                    add(std::move(domain), cdu.name);
                }
            break;
        case DomainKind::Hall:
            for (const Hall &hall : design.site().halls) {
                FailureDomain domain;
                domain.kind = kind;
                domain.hall = hall.name;
                add(std::move(domain), hall.name);
            }
            break;
        case DomainKind::Row:
            for (const Row &row : design.rows()) {
                FailureDomain domain;
                domain.kind = kind;
                domain.row = row.id;
                add(std::move(domain), row.name);
            }
            break;
        case DomainKind::Rack:
            for (const Rack &rack : design.racks()) {
                FailureDomain domain;
                domain.kind = kind;
                domain.rack = rack.id;
                add(std::move(domain), rack.name);
            }
            break;
        case DomainKind::Switch:
            for (const Device &device : design.devices())
                if (device.role == DeviceRole::Switch) {
                    FailureDomain domain;
                    domain.kind = kind;
                    domain.device = device.id;
                    add(std::move(domain), device.name);
                }
            break;
        case DomainKind::Device:
            for (const Device &device : design.devices()) {
                FailureDomain domain;
                domain.kind = kind;
                domain.device = device.id;
                add(std::move(domain), device.name);
            }
            break;
        case DomainKind::Link:
            for (const Link &link : design.links()) {
                FailureDomain domain;
                domain.kind = kind;
                domain.link = link.id;
                add(std::move(domain), std::to_string(link.id.value));
            }
            break;
        }
    }
    return domains;
}

} // namespace cw
