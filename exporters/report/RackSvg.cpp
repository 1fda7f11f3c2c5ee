#include "exporters/report/RackSvg.h"

#include "exporters/common/Escape.h"
#include "exporters/report/Drawing.h"
#include "exporters/report/RackElevation.h"
#include "exporters/report/TextWidths.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <vector>

namespace cw::report {
namespace {

// The layout of renderRackSvg before it was hand-written, in points at 96 dpi (CSS pixels).
constexpr double kPxPerPt = 96.0 / 72.0;
constexpr double kUPt = 12;
constexpr double kFaceWidthPt = 150;
constexpr double kMarginPt = 10;
constexpr double kLegendPt = 28;
constexpr double kGutterPt = 11;
constexpr double kTitleFontPt = 8;
constexpr double kUNumberPt = 6; // min(6, 12 pt x 0.62): every U numbered
constexpr double kLabelPt = 7; // min(7, 12 pt x 0.62)
constexpr double kMinLabelPt = 4.5;
constexpr double kLabelStepPt = 0.5;
constexpr int kPaleFactor = 135;
constexpr double kCaptionPt = 7; // as on the PDF's elevation pages
constexpr double kCaptionGapPt = 4; // between the caption and the legend

double px(double points)
{
    return points * kPxPerPt;
}

/// A coordinate: at most two decimals, no trailing zeros ("12", "12.5", "12.33").
void num(std::string &out, double value)
{
    std::array<char, 32> buffer {};
    const double rounded = std::round(value * 100.0) / 100.0;
    auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(),
                                      rounded == 0 ? 0.0 : rounded, std::chars_format::fixed, 2);
    if (error != std::errc())
        return;
    while (end[-1] == '0')
        --end;
    if (end[-1] == '.')
        --end;
    out.append(buffer.data(), end);
}

std::string colour(const QColor &c)
{
    return c.name(QColor::HexRgb).toStdString();
}

void rect(std::string &out, double x, double y, double w, double h, const std::string &attributes)
{
    out += "<rect x=\"";
    num(out, x);
    out += "\" y=\"";
    num(out, y);
    out += "\" width=\"";
    num(out, w);
    out += "\" height=\"";
    num(out, h);
    out += "\" " + attributes + "/>\n";
}

/// Text with its baseline where Qt's AlignVCenter puts it in a box from `top` of `height`.
struct TextBox
{
    double x = 0;
    double top = 0;
    double height = 0;
    const char *anchor = "start"; ///< start, middle or end
};

} // namespace

struct RackSvgFonts
{
    TextWidths regular { false };
    TextWidths bold { true };

    void text(std::string &out, const TextBox &box, const QString &text, double sizePt, bool isBold,
              const char *fill) const
    {
        const TextWidths &font = isBold ? bold : regular;
        const double sizePx = px(sizePt);
        const double lineHeight = (font.ascent() + font.descent()) * sizePx;
        out += "<text x=\"";
        num(out, box.x);
        out += "\" y=\"";
        num(out, box.top + (box.height - lineHeight) / 2 + font.ascent() * sizePx);
        out += "\" font-size=\"";
        num(out, sizePx);
        out += "\"";
        if (isBold)
            out += " font-weight=\"bold\"";
        if (std::string_view(box.anchor) != "start")
            out += std::string(" text-anchor=\"") + box.anchor + "\"";
        out += std::string(" fill=\"") + fill + "\">";
        appendXmlText(out, text.toStdString());
        out += "</text>\n";
    }
};

RackSvgWriter::RackSvgWriter()
    : m_fonts(std::make_unique<RackSvgFonts>())
{
    // The legend of drawElevationLegend(twoLines): swatches and labels, the note under them.
    const double box = px(8);
    const double labelPx = px(7);
    double x = px(kMarginPt);
    const double y = px(kMarginPt);
    const std::array<std::pair<DeviceRole, const char *>, 4> roles {
        { { DeviceRole::Compute, "compute" },
          { DeviceRole::Switch, "switch" },
          { DeviceRole::Storage, "storage" },
          { DeviceRole::Management, "management" } }
    };
    for (const auto &[role, label] : roles) {
        rect(m_legend, x, y, box, box,
             "fill=\"" + colour(roleColour(role)) + "\" stroke=\"#444c56\" stroke-width=\"0.67\"");
        x += box + px(3);
        const QString text = QString::fromLatin1(label);
        m_fonts->text(m_legend, { x, y, box }, text, 7, false, "#000000");
        x += m_fonts->regular.width(text, labelPx) + px(10);
    }
    m_fonts->text(m_legend, { px(kMarginPt), y + box + px(3), box },
                  QStringLiteral("pale: mounted from the other face"), 7, false, "#000000");
}

RackSvgWriter::~RackSvgWriter() = default;

namespace {

struct FaceFrame
{
    double left = 0;
    double top = 0;
    double bodyLeft = 0;
    double bodyTop = 0;
    double bodyWidth = 0;
    double bodyBottom = 0;
    double uPx = 0;
};

FaceFrame faceFrame(int face, int units)
{
    FaceFrame frame;
    frame.left = px(kMarginPt) + face * (px(kFaceWidthPt) + px(kMarginPt));
    frame.top = px(kMarginPt) + px(kLegendPt);
    frame.bodyLeft = frame.left + px(kGutterPt);
    frame.bodyTop = frame.top + px(kElevationTitlePt);
    frame.bodyWidth = px(kFaceWidthPt) - px(kGutterPt);
    frame.uPx = px(kUPt);
    frame.bodyBottom = frame.bodyTop + units * frame.uPx;
    return frame;
}

QString powerLabel(double watts)
{
    if (watts <= 0)
        return QString();
    if (watts >= 1000.0)
        return number(watts / 1000.0, 1) + QStringLiteral(" kW");
    return number(watts, 0) + QStringLiteral(" W");
}

void appendCabinet(std::string &out, const RackSvgFonts &fonts, int face, int units)
{
    const FaceFrame f = faceFrame(face, units);
    rect(out, f.bodyLeft, f.bodyTop, f.bodyWidth, f.bodyBottom - f.bodyTop,
         "fill=\"#ffffff\" stroke=\"#dde1e6\" stroke-width=\"0.4\"");
    out += "<path fill=\"none\" stroke=\"#dde1e6\" stroke-width=\"0.4\" d=\"";
    for (int u = 1; u < units; ++u) {
        out += "M";
        num(out, f.bodyLeft);
        out += " ";
        num(out, f.bodyBottom - u * f.uPx);
        out += "h";
        num(out, f.bodyWidth);
    }
    out += "\"/>\n";
    for (int u = 1; u <= units; ++u)
        fonts.text(out, { f.bodyLeft - px(2), f.bodyBottom - u * f.uPx, f.uPx, "end" },
                   QString::number(u), kUNumberPt, false, "#555b63");
}

/// A device as drawDevice draws it: role colour (pale from the other face), the name and the
/// power in one line (the size steps down until both fit, then the name is elided) or, two U
/// and more, in two lines.
void appendDevice(std::string &out, const RackSvgFonts &fonts, const FaceFrame &f,
                  const MountedDevice &device, bool own, DeviceLabel label)
{
    // Clipped to the cabinet as drawRackFace clips: a device past the top U is cut there.
    const double top
        = std::max(f.bodyTop, f.bodyBottom - (device.bottomU - 1 + device.heightU) * f.uPx);
    const double height = std::min(f.bodyBottom, f.bodyBottom - (device.bottomU - 1) * f.uPx) - top;
    if (height <= 0)
        return;
    QColor fill = roleColour(device.role);
    if (!own)
        fill = fill.lighter(kPaleFactor);
    rect(out, f.bodyLeft, top, f.bodyWidth, height,
         "fill=\"" + colour(fill) + "\" stroke=\"" + (own ? "#444c56" : "#a0a6ae")
             + "\" stroke-width=\"0.67\"");
    const char *ink = own ? "#000000" : "#555b63";
    const TextWidths &font = own ? fonts.bold : fonts.regular;
    const double left = f.bodyLeft + px(2);
    const double innerWidth = f.bodyWidth - px(4);
    // As drawRackFace labels a shared drawing: the part, or the name of a device without one.
    const QString name
        = qs(label == DeviceLabel::Part && !device.partId.empty() ? device.partId : device.name);
    const QString power = powerLabel(device.maxPowerW);
    if (device.heightU >= 2 && !power.isEmpty()) {
        const double line = (font.ascent() + font.descent()) * px(kLabelPt);
        const double first = top + height / 2 - line;
        fonts.text(out, { left, first, line }, font.elided(name, px(kLabelPt), innerWidth),
                   kLabelPt, own, ink);
        fonts.text(out, { left, first + line, line }, font.elided(power, px(kLabelPt), innerWidth),
                   kLabelPt, own, ink);
        return;
    }
    const double gap = power.isEmpty() ? 0 : px(3);
    double sizePt = kLabelPt;
    for (; sizePt > kMinLabelPt; sizePt -= kLabelStepPt)
        if (font.width(name, px(sizePt)) + gap + font.width(power, px(sizePt)) <= innerWidth)
            break;
    sizePt = std::max(sizePt, kMinLabelPt);
    const double powerWidth = font.width(power, px(sizePt));
    if (!power.isEmpty())
        fonts.text(out, { left + innerWidth, top, height, "end" }, power, sizePt, own, ink);
    fonts.text(out, { left, top, height },
               font.elided(name, px(sizePt), innerWidth - powerWidth - gap), sizePt, own, ink);
}

void appendFace(std::string &out, const RackSvgFonts &fonts, int face, int units,
                const RackFigures &rack, const QString &name, DeviceLabel label)
{
    const FaceFrame f = faceFrame(face, units);
    const Face side = face == 0 ? Face::Front : Face::Rear;
    const QString title
        = name + (side == Face::Front ? QStringLiteral(" front") : QStringLiteral(" rear"));
    fonts.text(out, { f.left + px(kFaceWidthPt) / 2, f.top, px(kElevationTitlePt), "middle" },
               fonts.bold.elided(title, px(kTitleFontPt), px(kFaceWidthPt)), kTitleFontPt, true,
               "#000000");
    // The other face's devices first, so this face's stay on top where both are drawn.
    for (const bool own : { false, true })
        for (const MountedDevice &device : rack.devices)
            if ((device.face == side) == own)
                appendDevice(out, fonts, f, device, own, label);
    rect(out, f.bodyLeft, f.bodyTop, f.bodyWidth, f.bodyBottom - f.bodyTop,
         "fill=\"none\" stroke=\"#22262b\" stroke-width=\"1.6\"");
}

/// `caption`'s lines, each wrapped at spaces to `widthPx` at `sizePx` (a word longer than a
/// line is elided).
std::vector<QString> wrapped(const TextWidths &font, const QString &caption, double sizePx,
                             double widthPx)
{
    std::vector<QString> lines;
    if (caption.isEmpty())
        return lines;
    for (const QString &paragraph : caption.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '))) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (line.isEmpty() || font.width(longer, sizePx) <= widthPx) {
                line = longer;
                continue;
            }
            lines.push_back(font.elided(line, sizePx, widthPx));
            line = word;
        }
        lines.push_back(font.elided(line, sizePx, widthPx));
    }
    return lines;
}

} // namespace

std::string RackSvgWriter::write(const RackFigures &rack, const std::string &designName)
{
    return write(rack, designName,
                 { qs(rack.name), "Rack " + rack.name, DeviceLabel::Name, QString() });
}

std::string RackSvgWriter::write(const RackFigures &rack, const std::string &designName,
                                 const RackSvgStyle &style)
{
    const int units = std::max(rack.rackUnits, 1);
    if (units != m_cachedUnits) {
        m_cachedUnits = units;
        m_cabinets.clear();
        for (int face = 0; face < 2; ++face)
            appendCabinet(m_cabinets, *m_fonts, face, units);
    }
    const double width = std::ceil(2 * px(kFaceWidthPt) + 3 * px(kMarginPt));
    const double captionPx = px(kCaptionPt);
    const std::vector<QString> caption
        = wrapped(m_fonts->regular, style.caption, captionPx, width - 2 * px(kMarginPt));
    const double lineHeight = (m_fonts->regular.ascent() + m_fonts->regular.descent()) * captionPx;
    // The caption's lines and a gap, above the legend; the drawing moves down by as much.
    const double captionHeight = caption.empty()
        ? 0
        : std::ceil(static_cast<double>(caption.size()) * lineHeight + px(kCaptionGapPt));
    const double height = captionHeight
        + std::ceil(px(kElevationTitlePt) + units * px(kUPt) + px(kLegendPt) + 2 * px(kMarginPt));
    std::string out;
    out.reserve(m_cabinets.size() + m_legend.size() + 200 * rack.devices.size() + 1024);
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"";
    num(out, width);
    out += "\" height=\"";
    num(out, height);
    out += "\" viewBox=\"0 0 ";
    num(out, width);
    out += " ";
    num(out, height);
    out += "\">\n<title>";
    appendXmlText(out, exporters::esc::displayText(style.svgTitle));
    out += " front and rear</title>\n<desc>";
    appendXmlText(out, exporters::esc::displayText(designName));
    out += "</desc>\n<g font-family=\"DejaVu Sans, sans-serif\" stroke=\"none\">\n";
    rect(out, 0, 0, width, height, "fill=\"#ffffff\"");
    for (std::size_t line = 0; line < caption.size(); ++line)
        m_fonts->text(
            out,
            { px(kMarginPt), px(kMarginPt) + static_cast<double>(line) * lineHeight, lineHeight },
            caption[line], kCaptionPt, false, "#000000");
    if (!caption.empty()) {
        out += "<g transform=\"translate(0 ";
        num(out, captionHeight);
        out += ")\">\n";
    }
    out += m_legend;
    out += m_cabinets;
    for (int face = 0; face < 2; ++face)
        appendFace(out, *m_fonts, face, units, rack, style.title, style.label);
    if (!caption.empty())
        out += "</g>\n";
    out += "</g>\n</svg>\n";
    return out;
}

} // namespace cw::report
