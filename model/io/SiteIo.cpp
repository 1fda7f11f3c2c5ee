#include "model/io/SiteIo.h"

#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"
#include "model/io/JsonWriter.h"
#include "model/io/SiteFile.h"
#include "model/io/TapeReader.h"

#include <set>

namespace cw {
namespace {

/// Upper bounds that catch a typo (a hall of a million rows) without limiting real sites.
constexpr long long kMaxHallRows = 10000;
constexpr long long kMaxPositionsPerRow = 10000;
constexpr long long kMaxCduRedundancy = 16;

void warnUnknown(const TapeReader &reader, std::initializer_list<std::string_view> known,
                 std::vector<std::string> &warnings)
{
    for (const std::string &pointer : reader.unknownKeys(known))
        warnings.push_back(pointer + ": unknown key, ignored (it will not be saved)");
}

HallCooling coolingAt(const TapeReader &reader, const char *key, HallCooling fallback)
{
    if (!reader.has(key))
        return fallback;
    const auto cooling = parseHallCooling(reader.stringView(key));
    if (!cooling)
        reader.fail(key, "air | rear-door | liquid");
    return *cooling;
}

Hall readHall(const TapeReader &reader, const std::set<std::string> &earlier,
              std::vector<std::string> &warnings)
{
    warnUnknown(reader,
                { "name", "rows", "positionsPerRow", "rowPitchM", "maxKwPerPosition", "cooling",
                  "cduSupplyTempC", "rowCooling" },
                warnings);
    Hall hall;
    hall.name = reader.name("name", NameKind::Label);
    if (hall.name.empty() || earlier.contains(hall.name))
        reader.fail("name", "a hall name, unique in the site");
    hall.rows = static_cast<int>(reader.integerInRange("rows", 1, kMaxHallRows));
    hall.positionsPerRow
        = static_cast<int>(reader.integerInRange("positionsPerRow", 1, kMaxPositionsPerRow));
    hall.rowPitchM = reader.positive("rowPitchM", hall.rowPitchM);
    hall.maxKwPerPosition = reader.nonNegative("maxKwPerPosition", 0);
    hall.cooling = coolingAt(reader, "cooling", HallCooling::Air);
    hall.cduSupplyTempC = reader.nonNegative("cduSupplyTempC", 0);
    for (const TapeReader &entry : reader.objects("rowCooling")) {
        warnUnknown(entry, { "row", "cooling" }, warnings);
        RowCooling row;
        row.row = static_cast<int>(entry.integerInRange("row", 0, hall.rows - 1));
        row.cooling = coolingAt(entry, "cooling", HallCooling::Air);
        for (const RowCooling &other : hall.rowCooling)
            if (other.row == row.row)
                entry.fail("row", "a row not listed before in this hall's rowCooling");
        hall.rowCooling.push_back(row);
    }
    return hall;
}

} // namespace

Site readSiteObject(const TapeReader &reader, std::vector<std::string> &warnings)
{
    warnUnknown(reader,
                { "name", "utilityPowerKw", "itPowerBudgetKw", "pue", "airCoolingCapacityKw",
                  "liquidCoolingCapacityKw", "airLimitPerRackKw", "coolantDeltaTK",
                  "electricityUsdPerKwh", "rackWidthM", "rackDepthM", "rowPitchM", "trayHeightM",
                  "slackM", "cduRedundancy", "halls", "hallDistances" },
                warnings);
    Site site;
    site.name = reader.name("name", NameKind::Label, "");
    site.utilityPowerKw = reader.nonNegative("utilityPowerKw", site.utilityPowerKw);
    site.itPowerBudgetKw = reader.nonNegative("itPowerBudgetKw", site.itPowerBudgetKw);
    site.pue = reader.number("pue", site.pue);
    if (site.pue < 1)
        reader.fail("pue", "a PUE >= 1.0");
    site.airCoolingCapacityKw = reader.nonNegative("airCoolingCapacityKw", 0);
    site.liquidCoolingCapacityKw = reader.nonNegative("liquidCoolingCapacityKw", 0);
    site.airLimitPerRackKw = reader.nonNegative("airLimitPerRackKw", site.airLimitPerRackKw);
    site.coolantDeltaTK = reader.positive("coolantDeltaTK", site.coolantDeltaTK);
    site.electricityUsdPerKwh
        = reader.nonNegative("electricityUsdPerKwh", site.electricityUsdPerKwh);
    site.rackWidthM = reader.positive("rackWidthM", site.rackWidthM);
    site.rackDepthM = reader.positive("rackDepthM", site.rackDepthM);
    site.rowPitchM = reader.positive("rowPitchM", site.rowPitchM);
    site.trayHeightM = reader.nonNegative("trayHeightM", site.trayHeightM);
    site.slackM = reader.nonNegative("slackM", site.slackM);
    site.cduRedundancy = static_cast<int>(
        reader.integerInRange("cduRedundancy", 0, kMaxCduRedundancy, site.cduRedundancy));
    std::set<std::string> names;
    for (const TapeReader &entry : reader.objects("halls")) {
        site.halls.push_back(readHall(entry, names, warnings));
        names.insert(site.halls.back().name);
    }
    for (const TapeReader &entry : reader.objects("hallDistances")) {
        warnUnknown(entry, { "from", "to", "distanceM" }, warnings);
        HallDistance distance;
        distance.from = entry.name("from", NameKind::Label);
        if (!names.contains(distance.from))
            entry.fail("from", "the name of a hall of this site");
        distance.to = entry.name("to", NameKind::Label);
        if (!names.contains(distance.to) || distance.to == distance.from)
            entry.fail("to", "the name of another hall of this site");
        distance.distanceM = entry.nonNegative("distanceM");
        site.hallDistances.push_back(std::move(distance));
    }
    return site;
}

void writeSiteObject(JsonWriter &w, const Site &site)
{
    w.beginObject();
    w.member("name", site.name);
    w.member("utilityPowerKw", site.utilityPowerKw);
    w.member("itPowerBudgetKw", site.itPowerBudgetKw);
    w.member("pue", site.pue);
    w.member("airCoolingCapacityKw", site.airCoolingCapacityKw);
    w.member("liquidCoolingCapacityKw", site.liquidCoolingCapacityKw);
    w.member("airLimitPerRackKw", site.airLimitPerRackKw);
    w.member("coolantDeltaTK", site.coolantDeltaTK);
    w.member("electricityUsdPerKwh", site.electricityUsdPerKwh);
    w.member("rackWidthM", site.rackWidthM);
    w.member("rackDepthM", site.rackDepthM);
    w.member("rowPitchM", site.rowPitchM);
    w.member("trayHeightM", site.trayHeightM);
    w.member("slackM", site.slackM);
    w.member("cduRedundancy", site.cduRedundancy);
    // Halls are written only when the site has them, so a free-floor site stays short.
    if (!site.halls.empty()) {
        w.key("halls");
        w.beginArray();
        for (const Hall &hall : site.halls) {
            w.beginObject();
            w.member("name", hall.name);
            w.member("rows", hall.rows);
            w.member("positionsPerRow", hall.positionsPerRow);
            w.member("rowPitchM", hall.rowPitchM);
            w.member("maxKwPerPosition", hall.maxKwPerPosition);
            w.member("cooling", toString(hall.cooling));
            w.member("cduSupplyTempC", hall.cduSupplyTempC);
            w.key("rowCooling");
            w.beginArray();
            for (const RowCooling &row : hall.rowCooling) {
                w.beginObject();
                w.member("row", row.row);
                w.member("cooling", toString(row.cooling));
                w.endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        w.key("hallDistances");
        w.beginArray();
        for (const HallDistance &distance : site.hallDistances) {
            w.beginObject();
            w.member("from", distance.from);
            w.member("to", distance.to);
            w.member("distanceM", distance.distanceM);
            w.endObject();
        }
        w.endArray();
    }
    w.endObject();
}

Result<LoadedSite> parseSite(std::string_view text)
{
    JsonTape tape;
    std::string rewritten;
    if (!tape.parse(text)) {
        // nlohmann's words for the error, as the design reader gives them.
        try {
            rewritten = nlohmann::json::parse(text).dump();
        } catch (const nlohmann::json::exception &error) {
            return Error { std::string("not valid JSON: ") + error.what() };
        }
        if (!tape.parse(rewritten))
            return Error { "not valid JSON" };
    }
    if (tape.node(0).type != JsonTape::Type::Object)
        return Error { "/: expected a site object, got " + describeTapeValue(tape, 0) };
    LoadedSite loaded;
    try {
        const TapeReader root(tape, 0);
        // A whole design file: its site (the GUI's "site of another design").
        const bool design = root.has("format") && root.has("site");
        loaded.site = readSiteObject(design ? root.object("site") : root, loaded.warnings);
    } catch (const JsonInputError &error) {
        return Error { error.what() };
    }
    return loaded;
}

Result<LoadedSite> loadSiteFile(const std::filesystem::path &path)
{
    auto text = readWholeFile(path);
    if (!text)
        return text.error();
    auto loaded = parseSite(*text);
    if (!loaded)
        return Error { path.string() + ": " + loaded.error().message };
    return loaded;
}

std::string serializeSite(const Site &site)
{
    std::string text;
    JsonWriter w(text);
    writeSiteObject(w, site);
    text += '\n';
    return text;
}

} // namespace cw
