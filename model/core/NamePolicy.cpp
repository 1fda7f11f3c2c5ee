#include "model/core/NamePolicy.h"

#include "model/common/VisibleText.h"
#include "model/core/Design.h"

namespace cw {
namespace {

bool isAsciiAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

std::string identifierProblem(std::string_view text, bool allowEmpty)
{
    if (text.empty())
        return allowEmpty ? std::string() : std::string("it is empty");
    if (text.size() > kMaxIdentifierBytes)
        return "it has " + std::to_string(text.size()) + " characters (at most "
            + std::to_string(kMaxIdentifierBytes) + ")";
    if (!isAsciiAlnum(text.front()))
        return "it does not start with a letter or digit";
    for (char c : text)
        if (!isAsciiAlnum(c) && c != '.' && c != '_' && c != '-')
            return "'" + visibleText(std::string_view(&c, 1))
                + "' is not a letter, digit, '.', '_' or '-'";
    return {};
}

std::string textProblem(std::string_view text, std::size_t maxBytes)
{
    if (text.size() > maxBytes)
        return "it has " + std::to_string(text.size()) + " bytes (at most "
            + std::to_string(maxBytes) + ")";
    if (!isValidUtf8(text))
        return "it is not valid UTF-8";
    for (std::size_t at = 0; at < text.size();) {
        char32_t codePoint = 0;
        const std::size_t length = decodeUtf8(text, at, codePoint);
        if (isInvisibleCodePoint(codePoint))
            return "it contains the control or formatting character "
                + visibleText(text.substr(at, length));
        at += length;
    }
    if (!text.empty() && (text.front() == ' ' || text.back() == ' '))
        return "it starts or ends with a space";
    return {};
}

bool allDigits(std::string_view text)
{
    if (text.empty())
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    return true;
}

/// "a", "a:b" or "a:b:c", each part digits.
bool colonGroups(std::string_view text, int maxGroups)
{
    int groups = 0;
    std::size_t start = 0;
    while (true) {
        const std::size_t colon = text.find(':', start);
        const std::string_view part = text.substr(start, colon - start);
        if (!allDigits(part) || ++groups > maxGroups)
            return false;
        if (colon == std::string_view::npos)
            return true;
        start = colon + 1;
    }
}

} // namespace

std::string nameRule(NameKind kind)
{
    switch (kind) {
    case NameKind::Identifier:
        return "a name of 1-" + std::to_string(kMaxIdentifierBytes)
            + " letters, digits, '.', '_' or '-', starting with a letter or digit";
    case NameKind::Label:
        return "a text of at most " + std::to_string(kMaxLabelBytes)
            + " bytes of UTF-8 without control characters, line breaks or "
              "direction marks, and no space at either end";
    case NameKind::FreeText:
    case NameKind::Note:
        return "a text of at most "
            + std::to_string(kind == NameKind::Note ? kMaxNoteBytes : kMaxFreeTextBytes)
            + " bytes of UTF-8 without control characters, line breaks or "
              "direction marks, and no space at either end";
    }
    return {};
}

std::string nameProblem(std::string_view text, NameKind kind, bool allowEmpty)
{
    switch (kind) {
    case NameKind::Identifier:
        return identifierProblem(text, allowEmpty);
    case NameKind::Label:
        return textProblem(text, kMaxLabelBytes);
    case NameKind::FreeText:
        return textProblem(text, kMaxFreeTextBytes);
    case NameKind::Note:
        return textProblem(text, kMaxNoteBytes);
    }
    return {};
}

std::string slurmTimeProblem(std::string_view text)
{
    if (text == "INFINITE" || text == "UNLIMITED")
        return {};
    const std::size_t dash = text.find('-');
    const bool ok = dash == std::string_view::npos
        ? colonGroups(text, 3)
        : allDigits(text.substr(0, dash)) && colonGroups(text.substr(dash + 1), 3);
    if (ok && text.size() <= 32)
        return {};
    return "expected INFINITE, UNLIMITED, minutes, M:S, H:M:S, D-H, D-H:M or D-H:M:S";
}

std::string socketIfnameProblem(std::string_view text)
{
    if (text.size() > 255)
        return "it has " + std::to_string(text.size()) + " characters (at most 255)";
    std::string_view rest = text;
    if (!rest.empty() && (rest.front() == '^' || rest.front() == '='))
        rest.remove_prefix(1);
    for (char c : rest)
        if (!isAsciiAlnum(c) && c != '.' && c != '_' && c != '-' && c != ':' && c != ',')
            return "'" + visibleText(std::string_view(&c, 1))
                + "' is not part of an interface name list (letters, digits, '.', '_', '-', "
                  "':', ',' after an optional '^' or '=')";
    return {};
}

std::string coreListProblem(std::string_view text)
{
    if (text.empty() || text.size() > 255)
        return "expected 1-255 characters";
    for (char c : text)
        if ((c < '0' || c > '9') && c != ',' && c != '-')
            return "'" + visibleText(std::string_view(&c, 1))
                + "' is not a digit, ',' or '-' (a core list such as 0-55 or 0,2,4-7)";
    return {};
}

std::vector<NameViolation> checkDesignNames(const Design &design)
{
    std::vector<NameViolation> out;
    auto check = [&out](const std::string &field, std::string_view text, NameKind kind,
                        bool allowEmpty = false) {
        if (std::string problem = nameProblem(text, kind, allowEmpty); !problem.empty())
            out.push_back({ field, std::move(problem) });
    };
    check("design name", design.name(), NameKind::Label);
    check("site name", design.site().name, NameKind::Label);
    for (const Row &row : design.rows())
        check("row " + std::to_string(row.id.value) + " name", row.name, NameKind::Identifier);
    for (const Rack &rack : design.racks()) {
        const std::string field = "rack " + std::to_string(rack.id.value);
        check(field + " name", rack.name, NameKind::Identifier);
        for (const Pdu &pdu : rack.pdus)
            check(field + " PDU name", pdu.name, NameKind::Identifier);
    }
    for (const Device &device : design.devices())
        check("device " + std::to_string(device.id.value) + " name", device.name,
              NameKind::Identifier);
    for (const Fabric &fabric : design.fabrics())
        check("fabric " + std::to_string(fabric.id.value) + " name", fabric.name,
              NameKind::Identifier);
    for (const StorageTier &tier : design.storageTiers())
        check("storage tier " + std::to_string(tier.id.value) + " name", tier.name,
              NameKind::Identifier);
    const SchedulerSettings &scheduler = design.scheduler();
    check("scheduler clusterName", scheduler.clusterName, NameKind::Identifier);
    check("scheduler controllerHost", scheduler.controllerHost, NameKind::Identifier);
    for (const Partition &partition : scheduler.partitions) {
        check("partition name", partition.name, NameKind::Identifier);
        if (std::string problem = slurmTimeProblem(partition.maxTime); !problem.empty())
            out.push_back({ "partition " + partition.name + " maxTime", problem });
    }
    if (std::string problem = socketIfnameProblem(design.nccl().socketIfname); !problem.empty())
        out.push_back({ "nccl socketIfname", problem });
    check("workload name", design.workload().name, NameKind::Label);
    for (const Waiver &waiver : design.waivers()) {
        check("waiver " + waiver.ruleKey + " author", waiver.author, NameKind::Label);
        check("waiver " + waiver.ruleKey + " reason", waiver.reason, NameKind::FreeText);
    }
    return out;
}

} // namespace cw
