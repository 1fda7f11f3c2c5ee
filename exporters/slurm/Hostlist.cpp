#include "exporters/slurm/Hostlist.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <tuple>

namespace cw::slurm {
namespace {

/// One hostname split as Slurm splits it: prefix, trailing number, digit count.
struct SplitName
{
    std::string prefix;
    std::optional<unsigned long> number;
    int width = 0;
};

SplitName split(const std::string &name)
{
    std::size_t digits = 0;
    while (digits < name.size()
           && std::isdigit(static_cast<unsigned char>(name[name.size() - 1 - digits])))
        ++digits;
    // Slurm caps the numeric suffix; very long digit runs stay part of the name.
    if (digits == 0 || digits > 18)
        return { name, std::nullopt, 0 };
    return { name.substr(0, name.size() - digits), std::stoul(name.substr(name.size() - digits)),
             static_cast<int>(digits) };
}

int digitCount(unsigned long n)
{
    int count = 1;
    while (n /= 10)
        ++count;
    return count;
}

/// Leading zeros `num` gets when printed in `width` digits (hostlist.c _zero_padded).
int zeroPadded(unsigned long num, int width)
{
    const int n = digitCount(num);
    return width > n ? width - n : 0;
}

/// hostlist.c _width_equiv: may numbers printed in widths wn and wm share one range? If so,
/// the widths are unified (the padded width wins only when both read the same).
bool widthEquivalent(unsigned long n, int &wn, unsigned long m, int &wm)
{
    if (wn == wm)
        return true;
    const int npad = zeroPadded(n, wn);
    const int nmpad = zeroPadded(n, wm);
    const int mpad = zeroPadded(m, wm);
    const int mnpad = zeroPadded(m, wn);
    if (npad != nmpad && mpad != mnpad)
        return false;
    if (npad != nmpad) {
        wm = wn;
        return true;
    }
    wn = wm;
    return true;
}

struct Range
{
    std::string prefix;
    unsigned long lo = 0;
    unsigned long hi = 0;
    int width = 0;
    bool numeric = true;
};

std::string formatNumber(unsigned long value, int width)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%0*lu", width, value);
    return buffer;
}

std::string formatRanges(const std::vector<Range> &ranges)
{
    std::string out;
    std::size_t i = 0;
    while (i < ranges.size()) {
        if (!out.empty())
            out += ',';
        const Range &first = ranges[i];
        if (!first.numeric) {
            out += first.prefix;
            ++i;
            continue;
        }
        // Neighbouring ranges with the same prefix share one bracket expression.
        std::size_t j = i + 1;
        while (j < ranges.size() && ranges[j].numeric && ranges[j].prefix == first.prefix)
            ++j;
        const bool single = j == i + 1 && first.lo == first.hi;
        if (single) {
            out += first.prefix + formatNumber(first.lo, first.width);
        } else {
            out += first.prefix + '[';
            for (std::size_t k = i; k < j; ++k) {
                if (k > i)
                    out += ',';
                out += formatNumber(ranges[k].lo, ranges[k].width);
                if (ranges[k].hi != ranges[k].lo)
                    out += '-' + formatNumber(ranges[k].hi, ranges[k].width);
            }
            out += ']';
        }
        i = j;
    }
    return out;
}

} // namespace

std::string compressHostlist(const std::vector<std::string> &hostnames)
{
    std::vector<Range> ranges;
    for (const std::string &name : hostnames) {
        SplitName s = split(name);
        if (!s.number) {
            ranges.push_back(Range { name, 0, 0, 0, false });
            continue;
        }
        if (!ranges.empty()) {
            Range &last = ranges.back();
            int lastWidth = last.width;
            int width = s.width;
            if (last.numeric && last.prefix == s.prefix && last.hi + 1 == *s.number
                && widthEquivalent(last.hi, lastWidth, *s.number, width)) {
                last.hi = *s.number;
                last.width = lastWidth;
                continue;
            }
        }
        ranges.push_back(Range { s.prefix, *s.number, *s.number, s.width, true });
    }
    return formatRanges(ranges);
}

std::string compressHostlistSorted(std::vector<std::string> hostnames)
{
    std::stable_sort(hostnames.begin(), hostnames.end(),
                     [](const std::string &a, const std::string &b) {
                         const SplitName sa = split(a);
                         const SplitName sb = split(b);
                         return std::tie(sa.prefix, sa.number, sa.width)
                             < std::tie(sb.prefix, sb.number, sb.width);
                     });
    return compressHostlist(hostnames);
}

std::vector<std::string> expandHostlist(const std::string &expression, std::string &error)
{
    std::vector<std::string> result;
    // Split on commas outside brackets.
    std::vector<std::string> items;
    int depth = 0;
    std::string current;
    for (char c : expression) {
        if (c == '[')
            ++depth;
        if (c == ']')
            --depth;
        if (depth < 0 || depth > 1) {
            error = "unbalanced brackets in \"" + expression + "\"";
            return {};
        }
        if (c == ',' && depth == 0) {
            items.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (depth != 0) {
        error = "unclosed bracket in \"" + expression + "\"";
        return {};
    }
    items.push_back(current);
    for (const std::string &item : items) {
        // Cartesian product over bracket groups, left to right.
        std::vector<std::string> partial { "" };
        std::size_t pos = 0;
        while (pos < item.size()) {
            const std::size_t open = item.find('[', pos);
            const std::string literal
                = item.substr(pos, open == std::string::npos ? std::string::npos : open - pos);
            for (std::string &p : partial)
                p += literal;
            if (open == std::string::npos)
                break;
            const std::size_t close = item.find(']', open);
            const std::string body = item.substr(open + 1, close - open - 1);
            std::vector<std::string> numbers;
            std::size_t start = 0;
            while (start <= body.size()) {
                const std::size_t comma = std::min(body.find(',', start), body.size());
                const std::string part = body.substr(start, comma - start);
                const std::size_t dash = part.find('-');
                const std::string loText = part.substr(0, dash);
                const std::string hiText
                    = dash == std::string::npos ? loText : part.substr(dash + 1);
                if (loText.empty() || hiText.empty()
                    || !std::all_of(loText.begin(), loText.end(), ::isdigit)
                    || !std::all_of(hiText.begin(), hiText.end(), ::isdigit)) {
                    error = "invalid range \"" + part + "\" in \"" + expression + "\"";
                    return {};
                }
                const unsigned long lo = std::stoul(loText);
                const unsigned long hi = std::stoul(hiText);
                if (hi < lo) {
                    error = "reversed range \"" + part + "\" in \"" + expression + "\"";
                    return {};
                }
                // Zero padding comes from the low bound (gpu[009-11] -> gpu009..gpu011).
                const int width = static_cast<int>(loText.size());
                for (unsigned long n = lo; n <= hi; ++n)
                    numbers.push_back(formatNumber(n, width));
                start = comma + 1;
            }
            std::vector<std::string> next;
            for (const std::string &p : partial)
                for (const std::string &n : numbers)
                    next.push_back(p + n);
            partial = std::move(next);
            pos = close + 1;
        }
        result.insert(result.end(), partial.begin(), partial.end());
    }
    return result;
}

} // namespace cw::slurm
