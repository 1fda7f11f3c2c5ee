#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/Violation.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class RuleContext;

/// What one check runs over: one rack, device, link or fabric, or the whole design.
enum class RuleScope : std::uint8_t { Rack, Device, Link, Fabric, Design };
inline constexpr int kRuleScopeCount = 5;

std::string_view toString(RuleScope scope);

/// The parts of a design a rule reads. The engine re-runs a rule on a subject only when one
/// of these changed for it, so a rule must declare everything its result (message included)
/// depends on.
namespace input {
enum : std::uint32_t {
    RackSpec = 1u << 0, ///< rack fields: name, type, PDUs, row, position
    Placement = 1u << 1, ///< device rack, U position, face
    DeviceSpec = 1u << 2, ///< device catalog type, role, tier
    DeviceName = 1u << 3, ///< device hostname
    DeviceQos = 1u << 4, ///< device RoCE override
    Links = 1u << 5, ///< link ends, fabric, cable, length
    Fabrics = 1u << 6, ///< fabric fields (purpose, technology, topology, QoS, name)
    StorageTiers = 1u << 7, ///< storage tiers
    Site = 1u << 8, ///< site budgets and limits
    Settings = 1u << 9, ///< workload, NCCL, scheduler
    /// Which rack a device is in (set with Placement when the rack changes): what rules that
    /// sum per rack, row or site read, so moving a device within its rack re-runs none of them.
    DeviceRack = 1u << 10,
};
inline constexpr std::uint32_t kDeviceAll
    = Placement | DeviceRack | DeviceSpec | DeviceName | DeviceQos;
inline constexpr std::uint32_t kAll = (1u << 11) - 1;
} // namespace input
using Inputs = std::uint32_t;

/// The entity kinds behind a set of inputs, for documentation and the GUI.
std::vector<EntityKind> readKinds(Inputs inputs);

struct Finding;

/// Writes a finding's message and fix (both cleared first) from its entities and numbers,
/// against the design the rule saw: the text the rule would have formatted when it found it.
/// Rules whose findings come by the hundred thousand (one per link or node) set one, so that
/// a run that only counts them (the CLI's export gate) never formats them.
using FindingWriter = void (*)(const RuleContext &context, const Finding &finding,
                               std::string &message, std::string &fix);

/// What a rule found, before the engine adds the rule key, severity and entity names.
struct Finding
{
    std::string message; ///< the text; empty while `writer` is set
    std::vector<EntityRef> entities;
    std::string fix;
    FindingWriter writer = nullptr; ///< set: message and fix are written on demand
    std::array<double, 4> numbers {}; ///< what `writer` needs beyond the entities

    /// The message and fix as shown, into `message` and `fix` (their capacity is reused).
    void writeText(const RuleContext &context, std::string &messageOut, std::string &fixOut) const
    {
        if (writer) {
            writer(context, *this, messageOut, fixOut);
            return;
        }
        messageOut.assign(message);
        fixOut.assign(fix);
    }
};

/// Static description of a rule: its stable key and what it needs.
struct RuleInfo
{
    const char *key;
    const char *title;
    const char *category;
    Severity severity;
    RuleScope scope;
    Inputs reads;
};

/// One design rule (KiCad DRC style): a stable key, a default severity, a scope and the
/// inputs it reads. `check` looks at one subject of its scope (ignored for Design scope)
/// and appends what it finds.
class Rule
{
public:
    virtual ~Rule() = default;

    virtual const RuleInfo &info() const = 0;
    virtual void check(const RuleContext &context, EntityRef subject,
                       std::vector<Finding> &out) const = 0;

    std::string_view key() const { return info().key; }
    std::string_view title() const { return info().title; }
    std::string_view category() const { return info().category; }
    Severity defaultSeverity() const { return info().severity; }
    RuleScope scope() const { return info().scope; }
    Inputs reads() const { return info().reads; }
};

/// A rule made of its description and a plain function; what every built-in rule is.
class FunctionRule final : public Rule
{
public:
    using CheckFunction = void (*)(const RuleContext &, EntityRef, std::vector<Finding> &);

    FunctionRule(RuleInfo info, CheckFunction function)
        : m_info(info)
        , m_function(function)
    { }

    const RuleInfo &info() const override { return m_info; }
    void check(const RuleContext &context, EntityRef subject,
               std::vector<Finding> &out) const override
    {
        m_function(context, subject, out);
    }

private:
    RuleInfo m_info;
    CheckFunction m_function;
};

} // namespace cw
