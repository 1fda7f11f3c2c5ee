// Failure domains: what one lost feed, PDU, CDU or row does (docs/failure-domains.md).
#include "exporters/report/FloorPlan.h"
#include "exporters/report/ReportSections.h"

#include <algorithm>

namespace cw::report {
namespace {

const QColor kUnaffected(0xe8, 0xf0, 0xe8);
const QColor kCapped(0xf5, 0xb8, 0x00);
const QColor kOff(0x40, 0x40, 0x40);

} // namespace

void writeFailureDomains(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("8 Failure domains"));
    if (!data.failureError.empty()) {
        pages.paragraph(QStringLiteral("The failure domains could not be simulated: ")
                        + qs(data.failureError));
        return;
    }
    pages.paragraph(
        QStringLiteral("Each feed, PDU, CDU and row failed alone (%1 domains), worst first: GPUs "
                       "lost, then fabric bisection lost. A device is off when none of its PSUs "
                       "has power, capped when the PSUs left deliver less than its maximum draw; "
                       "PSUs alternate between feeds A and B. A CDU cools its row: with none left "
                       "the row's liquid-cooled parts are off, with too few they are capped to "
                       "an equal share of what is left. The largest job counts nodes that are on "
                       "and keep every fabric link, in one connected piece of the compute fabric. "
                       "clusterwright-cli whatif DESIGN --sweep N-1 gives the same figures.")
            .arg(data.failureDomainCount),
        8);
    if (data.failureDomains.empty()) {
        pages.paragraph(QStringLiteral("The design has no feed, PDU, CDU or row to fail."));
        return;
    }
    Table table;
    table.columns = { { QStringLiteral("Domain"), 1.8 },
                      { QStringLiteral("GPUs lost"), 1, Qt::AlignRight },
                      { QStringLiteral("Off"), 0.7, Qt::AlignRight },
                      { QStringLiteral("Capped"), 0.8, Qt::AlignRight },
                      { QStringLiteral("PDUs over"), 0.9, Qt::AlignRight },
                      { QStringLiteral("Bisection lost"), 1.4, Qt::AlignRight },
                      { QStringLiteral("Largest job"), 1.1, Qt::AlignRight } };
    const std::size_t shown = std::min(kFailureTableRows, data.failureDomains.size());
    for (std::size_t i = 0; i < shown; ++i) {
        const FailureRow &row = data.failureDomains[i];
        table.rows.push_back(
            { { qs(row.domain), QString::number(row.gpusLost), QString::number(row.devicesOff),
                QString::number(row.devicesCapped), QString::number(row.pdusOverloaded),
                number(row.bisectionLostGbps, 0) + QStringLiteral(" Gb/s"),
                QString::number(row.largestJobNodes) + QStringLiteral(" nodes") } });
    }
    pages.table(table);
    const auto tried = static_cast<std::size_t>(data.failureDomainCount);
    if (data.failureTiesUnsolved > 0)
        pages.paragraph(
            QStringLiteral("%1 more domains also lose %2 GPUs. The rows above that lose %2 are "
                           "the first such domains in design order, not the worst of them by "
                           "bisection lost: solving every one's bisection would take hours at "
                           "this size. whatif --sweep N-1 ranks them all.")
                .arg(data.failureTiesUnsolved)
                .arg(data.failureTiedGpusLost),
            7.5);
    else if (shown < tried)
        pages.paragraph(
            QStringLiteral("%1 more domains lose less; the CLI lists them all.").arg(tried - shown),
            7.5);
    pages.heading(QStringLiteral("The worst one"), pages.scale().pt(60));
    pages.paragraph(qs(data.failureDomains.front().verdict), 8.5);
    if (!data.worstFailure)
        return;
    std::vector<QColor> fills;
    for (int state : data.worstFailure->rackState)
        fills.push_back(state == 2 ? kOff : state == 1 ? kCapped : kUnaffected);
    const QRectF area(pages.body().left(), pages.y(), pages.body().width(),
                      std::min(pages.remaining(), pages.body().height() / 2));
    drawFloorPlan(pages.painter(), area, data, pages.scale(), fills,
                  { { QStringLiteral("something off"), kOff },
                    { QStringLiteral("capped (power or cooling)"), kCapped },
                    { QStringLiteral("unaffected"), kUnaffected } });
    pages.advance(area.height());
}

} // namespace cw::report
