#include "views/calculators/ResultFormat.h"

#include <QLocale>
#include <QStringList>

#include <cmath>
#include <map>
#include <set>

namespace cw::calcviews {
namespace {

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

bool endsWith(const std::string &key, const std::string &suffix)
{
    return key.size() >= suffix.size()
        && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// A plain number: grouped integers, one decimal from 100 up, four below.
QString formatNumber(double v, bool integer)
{
    const QLocale locale(QLocale::English);
    if (integer && std::fabs(v) < 9e15)
        return locale.toString(static_cast<qlonglong>(v));
    if (std::fabs(v) >= 1e15 || (v != 0 && std::fabs(v) < 1e-3))
        return QString::number(v, 'g', 6);
    return locale.toString(v, 'f', std::fabs(v) >= 100 ? 1 : 4);
}

/// A figure that carries a unit: one decimal from 100 up, two from 1 up, three significant
/// digits below.
QString figure(double v)
{
    const QLocale locale(QLocale::English);
    if (std::fabs(v) >= 100)
        return locale.toString(v, 'f', 1);
    if (std::fabs(v) >= 1 || v == 0)
        return locale.toString(v, 'f', 2);
    return locale.toString(v, 'g', 3);
}

/// `v` scaled to the largest decimal prefix it reaches, with two decimals (one from 100 up).
QString scaled(double v, const QStringList &units, double step)
{
    int i = 0;
    while (i + 1 < units.size() && std::fabs(v) >= step) {
        v /= step;
        ++i;
    }
    const QString number = QLocale(QLocale::English).toString(v, 'f', std::fabs(v) >= 100 ? 1 : 2);
    return units[i].isEmpty() ? number : number + QLatin1Char(' ') + units[i];
}

/// Hours, minutes or seconds, whichever reads best.
QString duration(double seconds)
{
    const QLocale locale(QLocale::English);
    if (std::fabs(seconds) >= 2 * 86400)
        return locale.toString(seconds / 86400, 'f', 1) + QStringLiteral(" days");
    if (std::fabs(seconds) >= 2 * 3600)
        return locale.toString(seconds / 3600, 'f', 2) + QStringLiteral(" h");
    if (std::fabs(seconds) >= 120)
        return locale.toString(seconds / 60, 'f', 1) + QStringLiteral(" min");
    if (std::fabs(seconds) >= 1 || seconds == 0)
        return locale.toString(seconds, 'f', 2) + QStringLiteral(" s");
    if (std::fabs(seconds) >= 1e-3)
        return locale.toString(seconds * 1e3, 'f', 2) + QStringLiteral(" ms");
    return locale.toString(seconds * 1e6, 'f', 2) + QStringLiteral(" µs");
}

/// Dollars: "$1.45", "$862,000", "$114.56 M".
QString money(double usd)
{
    const QLocale locale(QLocale::English);
    if (std::fabs(usd) >= 1e9)
        return QStringLiteral("$%1 B").arg(locale.toString(usd / 1e9, 'f', 2));
    if (std::fabs(usd) >= 1e6)
        return QStringLiteral("$%1 M").arg(locale.toString(usd / 1e6, 'f', 2));
    return QLatin1Char('$') + locale.toString(usd, 'f', std::fabs(usd) >= 100 ? 0 : 2);
}

QString percent(double fraction)
{
    return QLocale(QLocale::English).toString(fraction * 100, 'f', 1) + QStringLiteral(" %");
}

bool isBytes(const std::string &key)
{
    return key == "bytes" || key.rfind("bytes_", 0) == 0 || endsWith(key, "_bytes")
        || key.find("_bytes_") != std::string::npos;
}

const std::set<std::string> &fractions()
{
    static const std::set<std::string> keys { "mfu", "hfu", "stall_fraction", "efficiency" };
    return keys;
}

/// Number formatting by unit suffix; an empty string when the key names no unit.
QString withUnit(const std::string &key, double v)
{
    static const QStringList bytes { "B", "kB", "MB", "GB", "TB", "PB" };
    static const QStringList rates { "GB/s", "TB/s", "PB/s" };
    static const QStringList counts { "", "thousand", "million", "billion", "trillion" };
    static const QStringList flop { "FLOP",  "kFLOP", "MFLOP", "GFLOP", "TFLOP",
                                    "PFLOP", "EFLOP", "ZFLOP", "YFLOP" };
    static const QStringList energy { "kWh", "MWh", "GWh", "TWh" };
    const auto plain = [](double x, const char *unit) {
        return figure(x) + QString::fromLatin1(unit);
    };
    if (fractions().contains(key))
        return percent(v);
    if (key == "btu_per_hour")
        return plain(v, " BTU/h");
    if (key == "cooling_tons")
        return plain(v, " tons");
    if (endsWith(key, "_kwh_per_year"))
        return scaled(v, energy, 1000) + QStringLiteral(" a year");
    if (key == "usd_per_gpu_hour")
        return money(v) + QStringLiteral(" per GPU-hour");
    if (endsWith(key, "_usd_per_year"))
        return money(v) + QStringLiteral(" a year");
    if (endsWith(key, "_usd"))
        return money(v);
    if (endsWith(key, "_kw"))
        return std::fabs(v) >= 10000 ? plain(v / 1000, " MW") : plain(v, " kW");
    if (key == "litres_per_minute")
        return plain(v, " L/min");
    if (key == "mass_flow_kg_per_s")
        return plain(v, " kg/s");
    if (key == "us_gpm")
        return plain(v, " US gal/min");
    if (endsWith(key, "_tflop_s_per_gpu"))
        return plain(v, " TFLOP/s per GPU");
    if (endsWith(key, "_flop_per_token"))
        return scaled(v, flop, 1000) + QStringLiteral(" per token");
    if (endsWith(key, "_flop"))
        return scaled(v, flop, 1000);
    if (key == "gpu_hours")
        return scaled(v, counts, 1000) + QStringLiteral(" GPU-hours");
    if (endsWith(key, "_gpu_hours_per_day"))
        return plain(v, " GPU-hours a day");
    if (endsWith(key, "_hours_per_day"))
        return plain(v, " h a day");
    if (endsWith(key, "_per_day"))
        return plain(v, " a day");
    if (key == "days")
        return plain(v, " days");
    if (isBytes(key))
        return scaled(v, bytes, 1000);
    if (endsWith(key, "_gbyte_s"))
        return scaled(v, rates, 1000);
    if (key == "seconds" || endsWith(key, "_s") || endsWith(key, "_seconds"))
        return duration(v);
    if (endsWith(key, "_params"))
        return scaled(v, counts, 1000);
    return {};
}

/// Unit words a label leaves out (the value carries them).
const std::vector<std::string> &unitSuffixes()
{
    static const std::vector<std::string> suffixes {
        "_kwh_per_year",
        "_usd_per_year",
        "_gpu_hours_per_day",
        "_hours_per_day",
        "_tflop_s_per_gpu",
        "_gbyte_s",
        "_seconds",
        "_usd",
        "_kw",
        "_s",
    };
    return suffixes;
}

} // namespace

QString outputLabel(const std::string &key)
{
    static const std::map<std::string, QString> named {
        { "facility_kw", QStringLiteral("Facility power") },
        { "btu_per_hour", QStringLiteral("Heat to remove") },
        { "cooling_tons", QStringLiteral("Cooling (refrigeration)") },
        { "capex_usd", QStringLiteral("Capital cost") },
        { "opex_usd_per_year", QStringLiteral("Operating cost") },
        { "tco_usd", QStringLiteral("Total cost of ownership") },
        { "usd_per_gpu_hour", QStringLiteral("Cost per GPU-hour") },
        { "energy_kwh_per_year", QStringLiteral("Energy") },
        { "litres_per_minute", QStringLiteral("Coolant flow") },
        { "us_gpm", QStringLiteral("Coolant flow (US)") },
        { "mass_flow_kg_per_s", QStringLiteral("Mass flow") },
        { "gpu_hours", QStringLiteral("GPU time") },
        { "seconds", QStringLiteral("Time") },
        { "days", QStringLiteral("Time in days") },
        { "bytes_per_token", QStringLiteral("Per token") },
        { "bytes_per_sequence", QStringLiteral("Per sequence") },
        { "bytes_per_param", QStringLiteral("Per parameter") },
        { "algbw_gbyte_s", QStringLiteral("Algorithm bandwidth") },
        { "busbw_gbyte_s", QStringLiteral("Bus bandwidth") },
        { "mfu", QStringLiteral("MFU (model FLOPs utilisation)") },
        { "hfu", QStringLiteral("HFU (hardware FLOPs utilisation)") },
    };
    if (const auto it = named.find(key); it != named.end())
        return it->second;
    std::string stem = key;
    for (const std::string &suffix : unitSuffixes()) {
        if (stem.size() > suffix.size() && endsWith(stem, suffix)) {
            stem.resize(stem.size() - suffix.size());
            break;
        }
    }
    static const std::map<QString, QString> words {
        { "gpu", "GPU" },     { "kv", "KV" },       { "xoff", "XOFF" },
        { "xon", "XON" },     { "sonic", "SONiC" }, { "flop", "FLOP" },
        { "tflop", "TFLOP" }, { "daly", "Daly" },   { "young", "Young" },
    };
    QStringList out;
    for (const QString &word : text(stem).split(QLatin1Char('_'), Qt::SkipEmptyParts)) {
        if (word == QLatin1String("bytes"))
            continue; // the unit: the value says kB..PB
        const auto it = words.find(word);
        out << (it != words.end() ? it->second : word);
    }
    QString label = out.isEmpty() ? text(key) : out.join(QLatin1Char(' '));
    label[0] = label[0].toUpper();
    return label;
}

QString formatOutput(const std::string &key, const nlohmann::json &value)
{
    if (value.is_boolean())
        return value.get<bool>() ? QStringLiteral("yes") : QStringLiteral("no");
    if (value.is_string())
        return text(value.get<std::string>());
    if (!value.is_number())
        return text(value.dump());
    const double v = value.get<double>();
    const QString shown = withUnit(key, v);
    return shown.isEmpty() ? formatNumber(v, value.is_number_integer()) : shown;
}

} // namespace cw::calcviews
