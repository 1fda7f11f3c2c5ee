#include "views/canvas/FloorLayout.h"

#include <QFont>
#include <QFontMetricsF>
#include <QSet>

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

namespace {

struct HallGroups
{
    std::vector<QString> order; ///< halls in the order their first row comes
    std::map<QString, std::vector<const FloorRowSpec *>> rows;
};

/// The left part of a hall's title strip holds its name, the right part its feeds: at least
/// this much for the name, more where the longest name needs it (FloorGeometry::nameEm).
constexpr double kNameShare = 0.36;
constexpr double kMaxNameShare = 0.7;
/// The name's font size in a strip, of the strip's height (FloorHallItem).
constexpr double kNameHeightShare = 0.6;

/// The share of a hall `width` wide whose strip is `title` high that its name takes: room
/// for the longest name at the strip's font size, and a tenth more for the feeds' margin.
double nameShare(const FloorGeometry &g, double title, double width)
{
    if (width <= 0)
        return kNameShare;
    const double needed = g.nameEm * kNameHeightShare * title * 1.1;
    return std::clamp(needed / width, kNameShare, kMaxNameShare);
}

/// Places the halls with a title strip of `title`, its name on the left and its power feeds
/// on the right (`titled` false: one floor with no name, the strip holds the feeds only).
void placeHalls(const HallGroups &groups, const FloorGeometry &g, double title, bool titled,
                FloorLayout &layout)
{
    layout.rowOrigin.clear();
    layout.frontDown.clear();
    layout.rowHall.clear();
    layout.halls.clear();
    layout.aisles.clear();
    layout.titleHeight = title;
    const double rowWidth = g.labelWidth + layout.columnSlots * g.rackWidth;
    // The gap before row k of a column: a cold aisle before an odd k (rows k-1 and k face
    // each other), a hot one before an even k (their rears do).
    const double slotsWidth = layout.columnSlots * g.rackWidth;
    // Halls wrap into lines of about sqrt(count) halls (13 halls of a 16k design side by side
    // made a floor five times wider than high); each hall keeps the aspect its share of the
    // screen has.
    const int hallCount = static_cast<int>(groups.order.size());
    const int hallsPerLine
        = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(hallCount)))));
    const int lines = (hallCount + hallsPerLine - 1) / hallsPerLine;
    const double hallAspect = std::max(0.5, g.aspect * lines / hallsPerLine);
    double hallX = 0;
    double lineY = 0;
    double lineHeight = 0;
    for (int h = 0; h < hallCount; ++h) {
        if (h > 0 && h % hallsPerLine == 0) {
            hallX = 0;
            lineY += lineHeight + g.hallGap;
            lineHeight = 0;
        }
        const QString &name = groups.order[static_cast<std::size_t>(h)];
        const std::vector<const FloorRowSpec *> &members = groups.rows.at(name);
        const int count = static_cast<int>(members.size());
        const auto own = g.hallRowPitch.find(name);
        const double pitch = own == g.hallRowPitch.end() ? g.rowPitch : own->second;
        const auto [cold, hot] = aisleWidths(g, pitch);
        const int columns = columnsFor(count, rowWidth + g.columnGap, pitch, hallAspect);
        const int perColumn = (count + columns - 1) / columns;
        double y = 0; ///< the row's top, down its column
        double rowsHeight = g.rackDepth;
        for (int k = 0; k < count; ++k) {
            const int column = k / perColumn;
            const int line = k % perColumn;
            const double aisle = k % 2 == 1 ? cold : hot;
            y = line == 0 ? 0 : y + g.rackDepth + aisle;
            rowsHeight = std::max(rowsHeight, y + g.rackDepth);
            const std::uint64_t id = members[static_cast<std::size_t>(k)]->id.value;
            const QPointF origin(hallX + column * (rowWidth + g.columnGap) + g.labelWidth,
                                 lineY + title + y);
            layout.rowOrigin[id] = origin;
            layout.rowHall[id] = h;
            // Rows alternate: fronts face each other across cold aisles, rears across hot.
            layout.frontDown[id] = k % 2 == 0;
            if (line > 0)
                layout.aisles.push_back({ QRectF(origin.x(), origin.y() - aisle, slotsWidth, aisle),
                                          k % 2 == 0, members[static_cast<std::size_t>(k - 1)]->id,
                                          members[static_cast<std::size_t>(k)]->id, h });
        }
        const double width = columns * rowWidth + (columns - 1) * g.columnGap;
        FloorHall hall;
        hall.name = name;
        const double share = titled ? nameShare(g, title, width) : kNameShare;
        hall.titleRect = titled ? QRectF(hallX, lineY, width * share, title) : QRectF();
        hall.rowsRect = QRectF(hallX, lineY + title, width, rowsHeight);
        hall.powerRect = g.withPower
            ? QRectF(hallX + width * share, lineY + title * 0.12, width * (1 - share), title * 0.7)
            : QRectF();
        hall.rect = QRectF(hallX, lineY, width, title + rowsHeight);
        lineHeight = std::max(lineHeight, hall.rect.height());
        layout.halls.push_back(hall);
        hallX += width + g.hallGap;
    }
}

} // namespace

double hallNameEm(const std::vector<FloorRowSpec> &rows)
{
    constexpr int kProbePx = 100;
    QFont font;
    font.setPixelSize(kProbePx);
    font.setBold(true);
    const QFontMetricsF metrics(font);
    QSet<QString> seen;
    double widest = 0;
    for (const FloorRowSpec &row : rows) {
        const QString name
            = row.hall.empty() ? hallOfRow(row.name) : QString::fromStdString(row.hall);
        if (seen.contains(name))
            continue;
        seen.insert(name);
        widest = std::max(widest, metrics.horizontalAdvance(name));
    }
    return widest / kProbePx;
}

std::pair<double, double> aisleWidths(const FloorGeometry &g, double rowPitch)
{
    // Two rows and their two aisles take twice the pitch; the aisles share what the racks
    // leave (at least 60 cm each way: FloorPlanView keeps the pitch a rack + 60 cm).
    const double both = 2 * std::max(rowPitch - g.rackDepth, 60.0);
    const double cold = both * std::clamp(g.coldAisleShare, 0.1, 0.9);
    return { cold, both - cold };
}

FloorLayout layoutFloor(std::vector<FloorRowSpec> rows, const FloorGeometry &g)
{
    std::stable_sort(rows.begin(), rows.end(), [](const FloorRowSpec &a, const FloorRowSpec &b) {
        return a.index < b.index;
    });
    HallGroups groups;
    int maxSlots = 1;
    for (const FloorRowSpec &row : rows) {
        const QString hall
            = row.hall.empty() ? hallOfRow(row.name) : QString::fromStdString(row.hall);
        if (!groups.rows.contains(hall))
            groups.order.push_back(hall);
        groups.rows[hall].push_back(&row);
        maxSlots = std::max(maxSlots, row.slotCount);
    }
    FloorLayout layout;
    if (rows.empty())
        return layout;
    // Room for a few more racks per row before a relayout is needed.
    layout.columnSlots = maxSlots + 2;
    const bool titled = groups.order.size() > 1 || !groups.order.front().isEmpty();
    const bool strip = titled || g.withPower;
    placeHalls(groups, g, strip ? g.hallTitle : 0, titled, layout);
    if (!titled)
        return layout;
    // The title strip grows with the floor, so that fitted in a window a hall's name is as
    // large as on a small floor. A taller strip adds height only: the columns, chosen from
    // the widths, stay as they are.
    QRectF floor;
    for (const FloorHall &hall : layout.halls)
        floor = floor.united(hall.rect);
    const double extent = std::max(floor.width(), floor.height() * g.aspect);
    const double title = std::max(g.hallTitle, extent * g.titleFraction);
    if (title > g.hallTitle)
        placeHalls(groups, g, title, titled, layout);
    return layout;
}

} // namespace cw::canvas
