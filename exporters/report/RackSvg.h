#pragma once

#include "exporters/report/ReportData.h"

#include <memory>
#include <string>

namespace cw::report {

struct RackSvgFonts;

/// Writes the rack SVGs of the pack (front and rear side by side, the legend above) as text,
/// with the layout of drawRackFace: thousands of racks per report, so no QPainter, no
/// QSvgGenerator and no text layout per label. What every rack of the same height shares
/// (legend, cabinet, U lines and numbers) is written once and copied; the names and powers
/// are measured with TextWidths. Not thread-safe; one writer per thread.
class RackSvgWriter
{
public:
    RackSvgWriter();
    ~RackSvgWriter();

    /// The SVG of `rack`; `designName` goes into <desc>. Every design string is escaped for
    /// XML (xmlText) after displayText's rules, as on the PDF's pages.
    std::string write(const RackFigures &rack, const std::string &designName);

private:
    std::unique_ptr<RackSvgFonts> m_fonts;
    std::string m_legend;
    int m_cachedUnits = -1;
    std::string m_cabinets; ///< both faces' cabinets for m_cachedUnits
};

} // namespace cw::report
