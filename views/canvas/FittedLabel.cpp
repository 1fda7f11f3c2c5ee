#include "views/canvas/FittedLabel.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cw::canvas {

void FittedLabel::setForms(const QStringList &forms)
{
    m_labels.resize(static_cast<std::size_t>(forms.size()));
    m_widths.assign(m_labels.size(), {});
    for (std::size_t i = 0; i < m_labels.size(); ++i)
        m_labels[i].setText(forms[static_cast<qsizetype>(i)]);
}

QStringList FittedLabel::forms() const
{
    QStringList forms;
    for (const CachedLabel &label : m_labels)
        forms << label.text();
    return forms;
}

double FittedLabel::widthOf(std::size_t index, int pixelSize, bool bold) const
{
    std::array<Width, 2> &cache = m_widths[index];
    for (const Width &entry : cache)
        if (entry.pixelSize == pixelSize && entry.bold == bold)
            return entry.width;
    cache[1] = cache[0];
    cache[0] = { pixelSize, bold, m_labels[index].widthAt(pixelSize, bold) };
    return cache[0].width;
}

std::pair<int, int> FittedLabel::choose(int pixelSize, double maxWidth, bool bold,
                                        int minPixelSize) const
{
    const int minimum = std::max(1, minPixelSize);
    if (pixelSize < minimum || maxWidth <= 0)
        return { -1, 0 };
    for (std::size_t i = 0; i < m_labels.size(); ++i) {
        if (m_labels[i].text().isEmpty())
            continue;
        const double width = widthOf(i, pixelSize, bold);
        if (width <= maxWidth)
            return { static_cast<int>(i), pixelSize };
        // Text widths grow about in proportion to the size; hinting can make a smaller size
        // a little wider than that, so the size found is checked, a step down if needed.
        int px = static_cast<int>(std::floor(pixelSize * maxWidth / width));
        if (px >= minimum && widthOf(i, px, bold) > maxWidth)
            --px;
        if (px >= minimum && widthOf(i, px, bold) <= maxWidth)
            return { static_cast<int>(i), px };
    }
    return { -1, 0 };
}

QRectF FittedLabel::draw(QPainter *painter, const QPointF &topLeft, int pixelSize, double maxWidth,
                         bool bold, int minPixelSize)
{
    const auto [index, px] = choose(pixelSize, maxWidth, bold, minPixelSize);
    if (index < 0)
        return {};
    const auto i = static_cast<std::size_t>(index);
    // Fits whole: the label is drawn as it is, with room to spare for rounding.
    m_labels[i].draw(painter, topLeft, px, maxWidth + 1, bold);
    return QRectF(topLeft, QSizeF(widthOf(i, px, bold), px * 1.2));
}

} // namespace cw::canvas
