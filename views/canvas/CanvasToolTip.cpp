// CanvasView's hover text: what an item stands for, its part, place and load, and the
// findings on it.

#include "views/canvas/CanvasView.h"

#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/DesignCache.h"
#include "views/document/Document.h"

#include <algorithm>

namespace cw::canvas {

QString CanvasView::toolTipAt(const QPoint &viewPos) const
{
    const CanvasItem *hit = nullptr;
    QString plain; ///< the top item's own hover text (a hall's full name), when no entity
    for (QGraphicsItem *item : items(viewPos)) {
        if (auto *canvasItem = dynamic_cast<const CanvasItem *>(item);
            canvasItem && !canvasItem->entities().empty()) {
            hit = canvasItem;
            break;
        }
        if (plain.isEmpty())
            plain = item->toolTip();
    }
    if (!hit)
        return plain.toHtmlEscaped();
    const Design &design = m_document->design();
    const std::vector<EntityRef> entities = hit->entities();
    QStringList lines;
    const auto esc = [](const QString &text) {
        return text.toHtmlEscaped();
    };
    if (entities.size() > 1) {
        constexpr std::size_t kNamesShown = 6;
        QStringList names;
        for (std::size_t i = 0; i < std::min(entities.size(), kNamesShown); ++i)
            names << esc(m_document->displayName(entities[i]));
        if (entities.size() > kNamesShown)
            names << QStringLiteral("...");
        lines << tr("<b>%1 objects</b>").arg(entities.size()) << names.join(QStringLiteral(", "));
    } else {
        const EntityRef ref = entities.front();
        lines << QStringLiteral("<b>%1</b>").arg(esc(m_document->displayName(ref)));
        if (ref.kind == EntityKind::Device) {
            if (const Device *device = design.device(DeviceId { ref.id })) {
                const Rack *rack = design.rack(device->rack);
                const Part *part = m_cache->part(device->id);
                lines << esc(QString::fromStdString(device->catalogType));
                lines << tr("rack %1, U%2 %3")
                             .arg(esc(rack ? QString::fromStdString(rack->name) : QString()))
                             .arg(device->uPosition)
                             .arg(device->face == Face::Front ? tr("front") : tr("rear"));
                if (part && part->maxPowerW > 0)
                    lines << tr("%1 kW maximum").arg(part->maxPowerW / 1000.0, 0, 'f', 1);
            }
        } else if (ref.kind == EntityKind::Rack) {
            const RackPower power = m_cache->rackPower(RackId { ref.id });
            lines << (power.capacityW > 0 ? tr("load %1 kW of %2 kW")
                                                .arg(power.loadW / 1000.0, 0, 'f', 1)
                                                .arg(power.capacityW / 1000.0, 0, 'f', 1)
                                          : tr("load %1 kW, no feed capacity set")
                                                .arg(power.loadW / 1000.0, 0, 'f', 1));
        }
    }
    constexpr int kFindingsShown = 3;
    int findings = 0;
    for (const Violation &violation : violations()) {
        if (violation.waived)
            continue;
        const bool names = std::any_of(
            violation.entities.begin(), violation.entities.end(), [&](const EntityRef &ref) {
                return std::find(entities.begin(), entities.end(), ref) != entities.end();
            });
        if (!names)
            continue;
        if (++findings <= kFindingsShown)
            lines << QStringLiteral("%1: %2").arg(
                esc(QString::fromUtf8(toString(violation.severity).data(),
                                      static_cast<qsizetype>(toString(violation.severity).size()))),
                esc(QString::fromStdString(violation.message)));
    }
    if (findings > kFindingsShown)
        lines << tr("and %1 more findings").arg(findings - kFindingsShown);
    return lines.join(QStringLiteral("<br>"));
}

} // namespace cw::canvas
