// Scheduler rules: hostnames slurmctld and DNS accept, and no two devices sharing one.

#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <cctype>
#include <map>
#include <string>

namespace cw::rules {
namespace {

// RFC 1123 §2.1 / RFC 952: a host label is 1-63 letters, digits and '-', not starting or
// ending with '-'.
constexpr std::size_t kMaxLabelLength = 63;

/// Why a name is not a valid hostname, or empty when it is.
std::string hostnameProblem(const std::string &name)
{
    if (name.empty())
        return "it is empty";
    if (name.size() > kMaxLabelLength)
        return "it has " + std::to_string(name.size()) + " characters (at most 63)";
    if (name.front() == '-' || name.back() == '-')
        return "it starts or ends with '-'";
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-')
            continue;
        if (c == '.')
            return "'.' makes it a domain name: Slurm's NodeName is the short hostname";
        // Brackets and commas are hostlist syntax (ref:slurm-scontrol): "gpu[1]" is a range.
        if (c == '[' || c == ']' || c == ',')
            return std::string("'") + c + "' is Slurm hostlist syntax";
        if (!std::isprint(u))
            return "it contains a control or non-ASCII character";
        return std::string("'") + c + "' is not a letter, digit or '-'";
    }
    return {};
}

void hostnameInvalid(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Device *device = context.design().device(DeviceId { subject.id });
    const std::string problem = hostnameProblem(device->name);
    if (problem.empty())
        return;
    out.push_back({ "hostname \"" + device->name + "\" is not valid: " + problem
                        + " (RFC 1123: letters, digits, '-', at most 63)",
                    { subject },
                    "rename it using letters, digits and '-' only" });
}

void hostnameDuplicate(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    // DNS names are case-insensitive (RFC 4343), so GPU01 and gpu01 collide; slurmctld
    // refuses a duplicate NodeName outright (ref:slurm-src).
    std::map<std::string, std::vector<const Device *>> byName;
    for (const Device &device : context.design().devices()) {
        std::string key = device.name;
        for (char &c : key)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        byName[key].push_back(&device);
    }
    for (const auto &[key, devices] : byName) {
        if (devices.size() < 2)
            continue;
        std::vector<EntityRef> entities;
        std::string ids;
        for (const Device *device : devices) {
            entities.push_back(EntityRef::of(device->id));
            ids += (ids.empty() ? "" : ", ") + std::to_string(device->id.value);
        }
        out.push_back({ "hostname " + devices.front()->name + " is used by "
                            + std::to_string(devices.size()) + " devices (ids " + ids + ")",
                        std::move(entities), "give each device its own hostname" });
    }
}

} // namespace

void addSlurmRules(RuleList &rules)
{
    add(rules,
        { "slurm.hostname-invalid", "Hostname Slurm or DNS rejects", "scheduler", Severity::Error,
          RuleScope::Device, input::DeviceName },
        &hostnameInvalid);
    add(rules,
        { "slurm.hostname-duplicate", "Two devices with one hostname", "scheduler", Severity::Error,
          RuleScope::Design, input::DeviceName },
        &hostnameDuplicate);
}

} // namespace cw::rules
