#pragma once

#include "exporters/report/RackElevation.h"
#include "exporters/report/ReportData.h"

#include <QString>

#include <memory>
#include <string>

namespace cw::report {

struct RackSvgFonts;

/// How one drawing is titled and labelled: a rack's own SVG is titled with its name and
/// names its devices; a drawing that stands for several racks (ElevationGroups) is titled with
/// its label ("E1"), names parts and carries the PDF's caption above the legend.
struct RackSvgStyle
{
    QString title; ///< above each face, before "front" / "rear"
    std::string svgTitle; ///< the document's <title>, before " front and rear"
    DeviceLabel label = DeviceLabel::Name;
    QString caption; ///< lines separated by '\n', wrapped to the drawing's width; may be empty
};

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
    /// The same drawing titled and labelled by `style`. Without a caption, write(rack, name)
    /// is write(rack, name, {qs(rack.name), "Rack " + rack.name, Name, {}}); with one, the
    /// drawing's elements are those without it, byte for byte, moved down in one <g>.
    std::string write(const RackFigures &rack, const std::string &designName,
                      const RackSvgStyle &style);

private:
    std::unique_ptr<RackSvgFonts> m_fonts;
    std::string m_legend;
    int m_cachedUnits = -1;
    std::string m_cabinets; ///< both faces' cabinets for m_cachedUnits
};

} // namespace cw::report
