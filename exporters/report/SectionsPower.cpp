// Power and Cooling: per-rack feeds and heat, row and site totals, the load chart.
#include "exporters/report/FloorPlan.h"
#include "exporters/report/PowerChart.h"
#include "exporters/report/ReportSections.h"

#include <algorithm>

namespace cw::report {
namespace {

constexpr double kPercent = 100.0;
constexpr double kChartHeightPt = 210;

QString percent(double value)
{
    return number(value, 0) + QStringLiteral(" %");
}

QString feedCapacity(const FeedFigures &feed)
{
    return feed.present ? number(feed.capacityKw, 1) : QStringLiteral("-");
}

QString feedPercent(const FeedFigures &feed)
{
    return feed.present ? percent(feed.failoverLoadPct) : QStringLiteral("-");
}

/// Feed A's figure, or "A: x / B: y" when the feeds differ.
QString bothFeeds(const RackFigures &rack, const std::string FeedFigures::*field)
{
    const std::string &a = rack.feedA.*field;
    const std::string &b = rack.feedB.*field;
    if (!rack.feedB.present || a == b)
        return rack.feedA.present ? qs(a) : (rack.feedB.present ? qs(b) : QStringLiteral("no PDU"));
    if (!rack.feedA.present)
        return qs(b);
    return QStringLiteral("A: ") + qs(a) + QStringLiteral(" / B: ") + qs(b);
}

/// "12.5 kW (21 %)" of headroom, or "not set" when there is no budget.
QString headroom(double budgetKw, double loadKw)
{
    if (budgetKw <= 0)
        return QStringLiteral("no budget set");
    const double left = budgetKw - loadKw;
    return kw(left, 2) + QStringLiteral(" (") + percent(left / budgetKw * kPercent)
        + QStringLiteral(" of ") + kw(budgetKw, 1) + QLatin1Char(')');
}

} // namespace

void writePower(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("2 Power"));
    const Site &site = data.site;
    const double itKw = data.summary.itPowerKw;
    std::vector<std::pair<QString, QString>> siteRows {
        { QStringLiteral("IT load (maximum)"), kw(itKw, 2) },
        { QStringLiteral("IT load (typical)"), kw(data.summary.itTypicalPowerKw, 2) },
        { QStringLiteral("Headroom to the site IT budget"), headroom(site.itPowerBudgetKw, itKw) },
    };
    if (data.facility) {
        siteRows.push_back({ QStringLiteral("Facility load at PUE ") + number(site.pue, 2),
                             kw(data.facility->facilityKw, 2) });
        siteRows.push_back({ QStringLiteral("Headroom to the utility feed"),
                             headroom(site.utilityPowerKw, data.facility->facilityKw) });
    }
    pages.keyValues(siteRows);

    pages.heading(QStringLiteral("Rows"), pages.scale().pt(40));
    Table rows;
    rows.columns = { { QStringLiteral("Row"), 2 },
                     { QStringLiteral("Racks"), 1, Qt::AlignRight },
                     { QStringLiteral("Load kW"), 1.2, Qt::AlignRight },
                     { QStringLiteral("Budget kW"), 1.2, Qt::AlignRight },
                     { QStringLiteral("Headroom kW"), 1.2, Qt::AlignRight },
                     { QStringLiteral("Use"), 1, Qt::AlignRight } };
    for (const RowFigures &row : data.rows) {
        const bool budget = row.budgetKw > 0;
        rows.rows.push_back(
            { { row.name == "-" ? QStringLiteral("no row") : qs(row.name),
                QString::number(row.racks), number(row.loadKw, 1),
                budget ? number(row.budgetKw, 1) : QStringLiteral("-"),
                budget ? number(row.budgetKw - row.loadKw, 1) : QStringLiteral("-"),
                budget ? percent(row.loadKw / row.budgetKw * kPercent) : QStringLiteral("-") } });
    }
    const bool siteBudget = site.itPowerBudgetKw > 0;
    rows.rows.push_back(
        { { QStringLiteral("Site"), QString::number(data.racks.size()), number(itKw, 1),
            siteBudget ? number(site.itPowerBudgetKw, 1) : QStringLiteral("-"),
            siteBudget ? number(site.itPowerBudgetKw - itKw, 1) : QStringLiteral("-"),
            siteBudget ? percent(itKw / site.itPowerBudgetKw * kPercent) : QStringLiteral("-") },
          true });
    pages.table(rows);

    pages.heading(QStringLiteral("Racks"), pages.scale().pt(40));
    pages.paragraph(
        QStringLiteral(
            "Feed capacity: the feed's PDUs at V x A (x sqrt 3 for three-phase) x 0.8 "
            "continuous derating. Failover %: the whole rack on that feed alone, as "
            "with A/B redundancy either feed must carry it (rule power.rack-over-feed)."),
        7.5);
    Table racks;
    racks.columns = { { QStringLiteral("Rack"), 1.1 },
                      { QStringLiteral("Row"), 0.6 },
                      { QStringLiteral("Load kW"), 0.9, Qt::AlignRight },
                      { QStringLiteral("Feed A kW"), 1, Qt::AlignRight },
                      { QStringLiteral("A fail."), 0.7, Qt::AlignRight },
                      { QStringLiteral("Feed B kW"), 1, Qt::AlignRight },
                      { QStringLiteral("B fail."), 0.7, Qt::AlignRight },
                      { QStringLiteral("Breaker"), 1.1 },
                      { QStringLiteral("Phases"), 0.9 },
                      { QStringLiteral("PDU"), 2.2 } };
    double totalLoad = 0;
    for (const RackFigures &rack : data.racks) {
        totalLoad += rack.loadKw;
        racks.rows.push_back(
            { { qs(rack.name), rack.row == "-" ? QStringLiteral("-") : qs(rack.row),
                number(rack.loadKw, 2), feedCapacity(rack.feedA), feedPercent(rack.feedA),
                feedCapacity(rack.feedB), feedPercent(rack.feedB),
                bothFeeds(rack, &FeedFigures::breakers), bothFeeds(rack, &FeedFigures::phases),
                bothFeeds(rack, &FeedFigures::pduTypes) } });
    }
    racks.rows.push_back({ { QStringLiteral("Total"), QString(), number(totalLoad, 2) }, true });
    pages.table(racks);

    // Bar charts, kRacksPerPowerChart racks each, one shared axis.
    const double axisMax = powerAxisMaxKw(data.racks, site.airLimitPerRackKw);
    const double chartHeight = pages.scale().pt(kChartHeightPt);
    for (std::size_t first = 0; first < data.racks.size(); first += kRacksPerPowerChart) {
        const std::size_t last = std::min(data.racks.size(), first + kRacksPerPowerChart);
        std::vector<const RackFigures *> slice;
        for (std::size_t i = first; i < last; ++i)
            slice.push_back(&data.racks[i]);
        pages.heading(QStringLiteral("Rack loads against feed capacity (racks %1-%2 of %3)")
                          .arg(first + 1)
                          .arg(last)
                          .arg(data.racks.size()),
                      chartHeight + pages.scale().pt(14));
        pages.paragraph(QStringLiteral("Bar: load (colour as the floor plan). Black mark: what one "
                                       "feed carries. Dashed blue: the site's air limit per rack."),
                        7);
        drawPowerChart(pages.painter(),
                       QRectF(pages.body().left(), pages.y(), pages.body().width(), chartHeight),
                       slice, axisMax, site.airLimitPerRackKw, pages.scale());
        pages.advance(chartHeight + pages.scale().pt(6));
    }
}

void writeCooling(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("3 Cooling"));
    const Site &site = data.site;
    const auto capacity = [](double capacityKw, double heatKw) {
        if (capacityKw <= 0)
            return QStringLiteral("not set");
        return kw(capacityKw) + QStringLiteral(", headroom ") + kw(capacityKw - heatKw);
    };
    int airRacks = 0, overLimit = 0;
    for (const RackFigures &rack : data.racks) {
        airRacks += rack.cooling == Cooling::Air ? 1 : 0;
        overLimit += rack.overAirLimit ? 1 : 0;
    }
    std::vector<std::pair<QString, QString>> rows {
        { QStringLiteral("Heat to air"), kw(data.airHeat.kw, 2) },
        { QStringLiteral("Site air cooling capacity"),
          capacity(site.airCoolingCapacityKw, data.airHeat.kw) },
        { QStringLiteral("Heat to liquid"), kw(data.liquidHeat.kw, 2) },
        { QStringLiteral("Site liquid cooling capacity"),
          capacity(site.liquidCoolingCapacityKw, data.liquidHeat.kw) },
        { QStringLiteral("Air limit per rack"),
          site.airLimitPerRackKw > 0 ? kw(site.airLimitPerRackKw) : QStringLiteral("not set") },
        { QStringLiteral("Air-cooled racks above the limit"),
          QStringLiteral("%1 of %2").arg(overLimit).arg(airRacks) },
        { QStringLiteral("Coolant flow needed"),
          data.coolant ? number(data.coolant->litresPerMinute, 1) + QStringLiteral(" L/min (")
                  + number(data.coolant->usGpm, 1) + QStringLiteral(" US gpm) at ")
                  + number(site.coolantDeltaTK, 1) + QStringLiteral(" K delta T")
                       : qs(data.coolantNote) },
        { QStringLiteral("CDUs in the design"),
          data.cdus == 0 ? QStringLiteral("none")
                         : QStringLiteral("%1: %2, %3 L/min")
                               .arg(data.cdus)
                               .arg(kw(data.cduCapacityKw, 0), number(data.cduFlowLpm, 0)) },
    };
    pages.keyValues(rows);
    pages.paragraph(
        QStringLiteral("Heat split: a liquid-only part's heat goes to liquid, a hybrid part's too "
                       "when its rack is liquid-cooled; everything else to air (the split the "
                       "cooling rules use). Flow from Q = m c_p dT for water at 25 C."),
        7.5);

    pages.heading(QStringLiteral("Racks"), pages.scale().pt(40));
    Table table;
    table.columns = { { QStringLiteral("Rack"), 1.2 },
                      { QStringLiteral("Row"), 0.9 },
                      { QStringLiteral("Cooling"), 0.9 },
                      { QStringLiteral("Load kW"), 1, Qt::AlignRight },
                      { QStringLiteral("Air kW"), 1, Qt::AlignRight },
                      { QStringLiteral("Liquid kW"), 1, Qt::AlignRight },
                      { QStringLiteral("Air limit"), 2.2 } };
    double air = 0, liquid = 0;
    for (const RackFigures &rack : data.racks) {
        air += rack.airKw;
        liquid += rack.liquidKw;
        QString limit = QStringLiteral("-");
        if (rack.cooling == Cooling::Air && site.airLimitPerRackKw > 0)
            limit = rack.overAirLimit
                ? QStringLiteral("OVER by ") + kw(rack.loadKw - site.airLimitPerRackKw)
                : percent(rack.loadKw / site.airLimitPerRackKw * kPercent)
                    + QStringLiteral(" of the limit");
        table.rows.push_back(
            { { qs(rack.name), rack.row == "-" ? QStringLiteral("-") : qs(rack.row),
                qs(std::string(toString(rack.cooling))), number(rack.loadKw, 2),
                number(rack.airKw, 2), number(rack.liquidKw, 2), limit } });
    }
    table.rows.push_back({ { QStringLiteral("Total"), QString(), QString(), number(air + liquid, 2),
                             number(air, 2), number(liquid, 2) },
                           true });
    pages.table(table);
}

} // namespace cw::report
