#pragma once
// The part of a rack SVG (exporters/report/RackSvg) that is the drawing itself, to compare a
// captioned drawing with one without a caption.

#include <QString>
#include <QStringList>

#include <algorithm>
#include <string>

namespace cw::test {

/// An SVG's drawing: the lines after its white background, without a caption (its <text>
/// lines and the <g transform> that moves the drawing down) and the closing tags.
inline std::string svgDrawing(const std::string &svg)
{
    const QStringList lines = QString::fromStdString(svg).split(QLatin1Char('\n'));
    qsizetype first = 0;
    while (first < lines.size() && !lines[first].startsWith(QLatin1String("<rect x=\"0\" y=\"0\"")))
        ++first;
    ++first;
    qsizetype moved = first;
    while (moved < lines.size() && lines[moved].startsWith(QLatin1String("<text")))
        ++moved;
    qsizetype last = lines.size() - 3; // "</g>", "</svg>" and the empty last line
    if (moved < lines.size()
        && lines[moved].startsWith(QLatin1String("<g transform=\"translate("))) {
        first = moved + 1;
        --last; // the caption's "</g>"
    }
    return lines.mid(first, std::max<qsizetype>(0, last - first))
        .join(QLatin1Char('\n'))
        .toStdString();
}

} // namespace cw::test
