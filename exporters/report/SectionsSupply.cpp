// Cabling summary and BOM summary: the cabling plan's and the bill of materials' own totals.
#include "calculators/Units.h"
#include "exporters/report/ReportSections.h"

#include <algorithm>

namespace cw::report {
namespace {

constexpr std::size_t kNotesShown = 12; // the exporters' files carry the full list

void notes(PageWriter &pages, const std::vector<std::string> &items, const QString &more)
{
    if (items.empty())
        return;
    pages.heading(QStringLiteral("Notes"));
    for (std::size_t i = 0; i < std::min(items.size(), kNotesShown); ++i)
        pages.paragraph(QStringLiteral("- ") + qs(items[i]), 7.5);
    if (items.size() > kNotesShown)
        pages.paragraph(
            QStringLiteral("... and %1 more (see %2)").arg(items.size() - kNotesShown).arg(more),
            7.5);
}

} // namespace

void writeCabling(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("6 Cabling"));
    if (!data.cabling) {
        pages.paragraph(QStringLiteral("The cabling plan could not be built: ")
                        + qs(data.cablingError));
        return;
    }
    const cabling::CablePlan &plan = *data.cabling;
    pages.keyValues({
        { QStringLiteral("Links"), QString::number(plan.total.links) },
        { QStringLiteral("Cables"), QString::number(plan.total.cables) },
        { QStringLiteral("Optics (transceivers)"), QString::number(plan.total.transceivers) },
        { QStringLiteral("Optics and active cable power"),
          number(plan.total.activePowerW, 0) + QStringLiteral(" W") },
    });
    pages.heading(QStringLiteral("By medium and length"), pages.scale().pt(40));
    Table table;
    table.columns = { { QStringLiteral("Medium"), 1.4 },
                      { QStringLiteral("Length m"), 1 },
                      { QStringLiteral("Links"), 1, Qt::AlignRight },
                      { QStringLiteral("Cables"), 1, Qt::AlignRight },
                      { QStringLiteral("Transceivers"), 1.2, Qt::AlignRight },
                      { QStringLiteral("Power W"), 1.1, Qt::AlignRight } };
    for (const cabling::SummaryRow &row : plan.summary)
        table.rows.push_back({ { qs(row.medium), qs(row.lengthBin), QString::number(row.links),
                                 QString::number(row.cables), QString::number(row.transceivers),
                                 number(row.activePowerW, 0) } });
    table.rows.push_back(
        { { QStringLiteral("Total"), QString(), QString::number(plan.total.links),
            QString::number(plan.total.cables), QString::number(plan.total.transceivers),
            number(plan.total.activePowerW, 0) },
          true });
    pages.table(table);
    notes(pages, plan.notes, QStringLiteral("the cabling export"));
}

void writeBom(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("7 Bill of materials"));
    if (!data.bom) {
        pages.paragraph(QStringLiteral("The bill of materials could not be computed: ")
                        + qs(data.bomError));
        return;
    }
    const bom::Bom &bom = *data.bom;
    Table table;
    table.columns = { { QStringLiteral("Category"), 2 },
                      { QStringLiteral("Lines"), 0.8, Qt::AlignRight },
                      { QStringLiteral("Total USD"), 1.5, Qt::AlignRight },
                      { QStringLiteral("Power kW"), 1, Qt::AlignRight },
                      { QStringLiteral("Heat kW"), 1, Qt::AlignRight } };
    for (const bom::BomCategory &category : bom.categories) {
        const auto lines
            = std::count_if(bom.lines.begin(), bom.lines.end(), [&](const bom::BomLine &line) {
                  return line.category == category.name;
              });
        table.rows.push_back(
            { { qs(category.name), QString::number(lines), number(category.totalUsd, 0),
                number(category.powerW / calc::wattsPerKw, 2),
                number(category.heatW / calc::wattsPerKw, 2) } });
    }
    table.rows.push_back({ { QStringLiteral("Grand total"), QString::number(bom.lines.size()),
                             number(bom.grandTotalUsd, 0), number(bom.powerW / calc::wattsPerKw, 2),
                             number(bom.heatW / calc::wattsPerKw, 2) },
                           true });
    pages.table(table);
    pages.keyValues({
        { QStringLiteral("Grand total"), number(bom.grandTotalUsd, 0) + QStringLiteral(" USD") },
        { QStringLiteral("Per GPU"),
          bom.gpus > 0 ? number(bom.usdPerGpu, 0) + QStringLiteral(" USD (%1 GPUs)").arg(bom.gpus)
                       : QStringLiteral("-") },
    });
    notes(pages, bom.notes, QStringLiteral("the bom export"));
}

} // namespace cw::report
