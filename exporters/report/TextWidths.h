#pragma once

#include <QString>

#include <array>
#include <unordered_map>

namespace cw::report {

/// Widths of the report's font (reportFont: DejaVu Sans, design metrics, no hinting) without
/// a text layout per string: advances scale linearly with the size, so each character is
/// measured once at a large pixel size and a string's width is the sum of its characters'.
/// Kerning is left out (a viewer draws an SVG's text with its own layout anyway); used to fit
/// and elide labels in the hand-written rack SVGs, thousands per report.
class TextWidths
{
public:
    explicit TextWidths(bool bold);

    /// Width of `text` at `sizePx` pixels (the font's em).
    double width(const QString &text, double sizePx) const;
    /// Ascent and descent per pixel of size: a line is (ascent + descent) x size high.
    double ascent() const { return m_ascent; }
    double descent() const { return m_descent; }

    /// `text` cut on the right with "…" so that it fits `maxWidthPx`, as QFontMetricsF::
    /// elidedText(Qt::ElideRight) does; empty when not even "…" fits.
    QString elided(const QString &text, double sizePx, double maxWidthPx) const;

private:
    double advance(QChar c) const; ///< at 1 px
    bool m_bold = false;
    std::array<double, 128> m_ascii {};
    mutable std::unordered_map<char16_t, double> m_other;
    double m_ascent = 0;
    double m_descent = 0;
};

} // namespace cw::report
