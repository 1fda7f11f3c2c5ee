#include "views/canvas/FloorLayout.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cw::canvas {

QString hallOfRow(const std::string &rowName)
{
    const QString name = QString::fromStdString(rowName).trimmed();
    const qsizetype cut
        = std::max({ name.lastIndexOf(QLatin1Char('-')), name.lastIndexOf(QLatin1Char('/')),
                     name.lastIndexOf(QLatin1Char('.')) });
    if (cut <= 0 || cut >= name.size() - 1)
        return {};
    return name.left(cut).trimmed();
}

namespace {

/// Columns for `count` rows of `rowWidth` so that the block's width : height is near `aspect`:
/// width = c * rowWidth, height = ceil(count / c) * pitch.
int columnsFor(int count, double rowWidth, double pitch, double aspect)
{
    if (count <= 1 || rowWidth <= 0)
        return 1;
    const double ideal = std::sqrt(aspect * count * pitch / rowWidth);
    return std::clamp(static_cast<int>(std::lround(ideal)), 1, count);
}

} // namespace

FloorLayout layoutFloor(std::vector<FloorRowSpec> rows, const FloorGeometry &g)
{
    std::stable_sort(rows.begin(), rows.end(), [](const FloorRowSpec &a, const FloorRowSpec &b) {
        return a.index < b.index;
    });
    // Halls in the order their first row comes.
    std::vector<QString> order;
    std::map<QString, std::vector<const FloorRowSpec *>> halls;
    int maxSlots = 1;
    for (const FloorRowSpec &row : rows) {
        const QString hall
            = row.hall.empty() ? hallOfRow(row.name) : QString::fromStdString(row.hall);
        if (!halls.contains(hall))
            order.push_back(hall);
        halls[hall].push_back(&row);
        maxSlots = std::max(maxSlots, row.slotCount);
    }
    FloorLayout layout;
    if (rows.empty())
        return layout;
    // Room for a few more racks per row before a relayout is needed.
    layout.columnSlots = maxSlots + 2;
    const double rowWidth = g.labelWidth + layout.columnSlots * g.rackWidth;
    // Halls wrap into lines of about sqrt(count) halls (13 halls of a 16k design side by side
    // made a floor five times wider than high); each hall keeps the aspect its share of the
    // screen has.
    const int hallCount = static_cast<int>(order.size());
    const int hallsPerLine
        = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(hallCount)))));
    const int lines = (hallCount + hallsPerLine - 1) / hallsPerLine;
    const double hallAspect = std::max(0.5, g.aspect * lines / hallsPerLine);
    const bool titled = hallCount > 1 || !order.front().isEmpty();
    const double top = titled ? g.hallTitle : 0;
    double hallX = 0;
    double lineY = 0;
    double lineHeight = 0;
    for (int h = 0; h < hallCount; ++h) {
        if (h > 0 && h % hallsPerLine == 0) {
            hallX = 0;
            lineY += lineHeight + g.hallGap;
            lineHeight = 0;
        }
        const QString &name = order[static_cast<std::size_t>(h)];
        const std::vector<const FloorRowSpec *> &members = halls[name];
        const int count = static_cast<int>(members.size());
        const int columns = columnsFor(count, rowWidth + g.columnGap, g.rowPitch, hallAspect);
        const int perColumn = (count + columns - 1) / columns;
        for (int k = 0; k < count; ++k) {
            const int column = k / perColumn;
            const int line = k % perColumn;
            layout.rowOrigin[members[static_cast<std::size_t>(k)]->id.value]
                = QPointF(hallX + column * (rowWidth + g.columnGap) + g.labelWidth,
                          lineY + top + line * g.rowPitch);
        }
        const double width = columns * rowWidth + (columns - 1) * g.columnGap;
        const double height = top + (perColumn - 1) * g.rowPitch + g.rackDepth;
        layout.halls.push_back({ name, QRectF(hallX, lineY, width, height) });
        hallX += width + g.hallGap;
        lineHeight = std::max(lineHeight, height);
    }
    return layout;
}

} // namespace cw::canvas
