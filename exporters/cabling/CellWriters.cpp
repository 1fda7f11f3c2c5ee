#include "exporters/cabling/CellWriters.h"

#include "exporters/cabling/ByteScan.h"
#include "exporters/common/Escape.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace cw::cabling {
namespace {

constexpr std::size_t kXmlChunkBytes = std::size_t(1) << 18;

constexpr std::size_t kCsvChunkBytes = std::size_t(1) << 18;

/// Copies `value` to `at` if csvField would return it unchanged (printable ASCII without a
/// comma or quote, not starting like a formula) and returns the end; nullptr otherwise.
char *putPlainCsv(char *at, std::string_view value)
{
    if (!value.empty()) {
        const char first = value.front();
        if (first == '=' || first == '+' || first == '-' || first == '@')
            return nullptr;
    }
    const char *from = value.data();
    const char *const end = from + value.size();
    for (; end - from >= 8; from += 8, at += 8) {
        const std::uint64_t word = bytescan::load(from);
        if (!bytescan::csvClean(word))
            return nullptr;
        std::memcpy(at, &word, 8);
    }
    for (; from != end; ++from) {
        const char c = *from;
        if (c < 0x20 || c >= 0x7f || c == ',' || c == '"')
            return nullptr;
        *at++ = c;
    }
    return at;
}

/// One byte of XML text content to `at`: & < > as entities; nullptr if it is not printable
/// ASCII.
char *putXmlByte(char *at, char c)
{
    if (c >= 0x20 && c < 0x7f && c != '&' && c != '<' && c != '>') {
        *at = c;
        return at + 1;
    }
    if (c == '&')
        return TextBuffer::put(at, "&amp;");
    if (c == '<')
        return TextBuffer::put(at, "&lt;");
    if (c == '>')
        return TextBuffer::put(at, "&gt;");
    return nullptr;
}

/// Copies `value` to `at` as XML text content, & < > as entities (quotes need none outside
/// attributes), and returns the end; nullptr if it holds anything but printable ASCII (then
/// visibleText has work: esc::xmlText). Labels hold '>' ("... > leaf01 p1"): a million cells
/// at 16,384 nodes escape one. Room for five bytes per character is the caller's.
char *putXmlAscii(char *at, std::string_view value)
{
    const char *from = value.data();
    const char *const end = from + value.size();
    while (from != end) {
        const std::size_t left = static_cast<std::size_t>(end - from);
        if (left >= 8) {
            const std::uint64_t word = bytescan::load(from);
            if (bytescan::xmlClean(word)) {
                std::memcpy(at, &word, 8);
                at += 8;
                from += 8;
                continue;
            }
        }
        // A word with something to escape (or the tail): byte by byte.
        for (const char *stop = from + std::min<std::size_t>(left, 8); from != stop; ++from)
            if (!(at = putXmlByte(at, *from)))
                return nullptr;
    }
    return at;
}

std::string columnName(std::size_t index)
{
    std::string name;
    for (std::size_t n = index + 1; n > 0; n = (n - 1) / 26)
        name.insert(name.begin(), static_cast<char>('A' + (n - 1) % 26));
    return name;
}

std::string shortest(double value)
{
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("0");
}

/// The width Excel stores for `characters` of its default font (Calibri 11: 7-pixel digits,
/// 5 pixels of padding), as libxlsxwriter and Excel compute it: 9 -> 9.7109375.
double storedWidth(double characters)
{
    constexpr double kDigitPixels = 7;
    constexpr double kPaddingPixels = 5;
    if (characters <= 0)
        return 0;
    const auto pixels
        = static_cast<std::uint16_t>(std::lround(characters * kDigitPixels)) + kPaddingPixels;
    return static_cast<std::uint16_t>(pixels / kDigitPixels * 256.0) / 256.0;
}

constexpr const char *kXmlDeclaration
    = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
constexpr const char *kMainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
constexpr const char *kRelationships
    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

std::string contentTypes()
{
    return std::string(kXmlDeclaration)
        + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
          "<Default Extension=\"rels\" "
          "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
          "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
          "<Override PartName=\"/docProps/app.xml\" "
          "ContentType=\"application/vnd.openxmlformats-officedocument.extended-properties+xml\"/>"
          "<Override PartName=\"/docProps/core.xml\" "
          "ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
          "<Override PartName=\"/xl/styles.xml\" "
          "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
          "<Override PartName=\"/xl/workbook.xml\" "
          "ContentType=\"application/"
          "vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
          "<Override PartName=\"/xl/worksheets/sheet1.xml\" "
          "ContentType=\"application/"
          "vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>";
}

std::string packageRelationships()
{
    return std::string(kXmlDeclaration)
        + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
          "<Relationship Id=\"rId1\" Type=\""
        + kRelationships
        + "/officeDocument\" Target=\"xl/workbook.xml\"/>"
          "<Relationship Id=\"rId2\" "
          "Type=\"http://schemas.openxmlformats.org/package/2006/relationships/metadata/"
          "core-properties\" Target=\"docProps/core.xml\"/>"
          "<Relationship Id=\"rId3\" Type=\""
        + kRelationships + "/extended-properties\" Target=\"docProps/app.xml\"/></Relationships>";
}

std::string appProperties(const std::string &sheetName)
{
    return std::string(kXmlDeclaration)
        + "<Properties "
          "xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\" "
          "xmlns:vt=\"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes\">"
          "<Application>Clusterwright</Application><HeadingPairs><vt:vector size=\"2\" "
          "baseType=\"variant\"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>"
          "<vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts>"
          "<vt:vector size=\"1\" baseType=\"lpstr\"><vt:lpstr>"
        + exporters::esc::xmlText(sheetName)
        + "</vt:lpstr></vt:vector></TitlesOfParts></Properties>";
}

std::string coreProperties(const std::string &title)
{
    // A fixed date (1980-01-01, the ZIP epoch) so the same design gives the same bytes.
    return std::string(kXmlDeclaration)
        + "<cp:coreProperties "
          "xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" "
          "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
          "xmlns:dcterms=\"http://purl.org/dc/terms/\" "
          "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><dc:title>"
        + exporters::esc::xmlText(title)
        + "</dc:title><dc:description>Clusterwright</dc:description>"
          "<dcterms:created xsi:type=\"dcterms:W3CDTF\">1980-01-01T00:00:00Z</dcterms:created>"
          "<dcterms:modified xsi:type=\"dcterms:W3CDTF\">1980-01-01T00:00:00Z</dcterms:modified>"
          "</cp:coreProperties>";
}

std::string workbook(const std::string &sheetName, const std::string &filterRange)
{
    // The autofilter's hidden defined name, as Excel writes it (ECMA-376 Part 1, 18.2.5).
    const std::string quoted = "'" + exporters::esc::xmlText(sheetName) + "'";
    return std::string(kXmlDeclaration) + "<workbook xmlns=\"" + kMainNamespace + "\" xmlns:r=\""
        + kRelationships + "\"><bookViews><workbookView/></bookViews><sheets><sheet name=\""
        + exporters::esc::xmlText(sheetName)
        + "\" sheetId=\"1\" r:id=\"rId1\"/></sheets><definedNames><definedName "
          "name=\"_xlnm._FilterDatabase\" localSheetId=\"0\" hidden=\"1\">"
        + quoted + "!" + filterRange + "</definedName></definedNames></workbook>";
}

std::string workbookRelationships()
{
    return std::string(kXmlDeclaration)
        + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
          "<Relationship Id=\"rId1\" Type=\""
        + kRelationships
        + "/worksheet\" Target=\"worksheets/sheet1.xml\"/><Relationship Id=\"rId2\" Type=\""
        + kRelationships + "/styles\" Target=\"styles.xml\"/></Relationships>";
}

std::string styles()
{
    // Style 0 the default, style 1 bold (the header row).
    return std::string(kXmlDeclaration) + "<styleSheet xmlns=\"" + kMainNamespace
        + "\"><fonts count=\"2\"><font><sz val=\"11\"/><name val=\"Calibri\"/><family "
          "val=\"2\"/></font><font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family "
          "val=\"2\"/></font></fonts><fills count=\"2\"><fill><patternFill "
          "patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill>"
          "</fills><borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/>"
          "</border></borders><cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" "
          "fillId=\"0\" borderId=\"0\"/></cellStyleXfs><cellXfs count=\"2\"><xf numFmtId=\"0\" "
          "fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/><xf numFmtId=\"0\" fontId=\"1\" "
          "fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/></cellXfs><cellStyles "
          "count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
          "</styleSheet>";
}

} // namespace

CsvCellWriter::CsvCellWriter(exporters::ByteSink &out)
    : m_out(out)
    , m_text(kCsvChunkBytes + 4096)
{ }

CsvCellWriter::~CsvCellWriter()
{
    m_out.write(m_text.view());
}

void CsvCellWriter::text(std::string_view value)
{
    char *at = m_text.tail(value.size() + 1);
    if (!m_first)
        *at++ = ',';
    m_first = false;
    if (char *end = putPlainCsv(at, value)) {
        m_text.commit(end);
        return;
    }
    m_text.commit(at);
    m_text.append(exporters::esc::csvField(value));
}

void CsvCellWriter::endRow()
{
    m_text.append("\r\n");
    m_first = true;
    if (m_text.size() >= kCsvChunkBytes) {
        m_out.write(m_text.view());
        m_text.clear();
    }
}

XlsxCellWriter::XlsxCellWriter(exporters::ByteSink &out, const SheetLayout &layout,
                               std::string sheetName, std::string title)
    : m_zip(out)
    , m_columnCount(layout.columns.size())
    , m_sheetName(std::move(sheetName))
    , m_title(std::move(title))
    , m_xml(kXmlChunkBytes + 4096)
{
    m_zip.beginMember("xl/worksheets/sheet1.xml");
    std::string start = kXmlDeclaration;
    start += std::string("<worksheet xmlns=\"") + kMainNamespace + "\" xmlns:r=\"" + kRelationships
        + "\"><sheetViews><sheetView tabSelected=\"1\" workbookViewId=\"0\"><pane ySplit=\"1\" "
          "topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/><selection "
          "pane=\"bottomLeft\"/></sheetView></sheetViews><sheetFormatPr "
          "defaultRowHeight=\"15\"/><cols>";
    for (std::size_t c = 0; c < m_columnCount; ++c) {
        const double width = storedWidth(c < layout.widths.size() ? layout.widths[c] : 12);
        const std::string index = std::to_string(c + 1);
        start += "<col min=\"" + index + "\" max=\"" + index + "\" width=\"" + shortest(width)
            + "\" customWidth=\"1\"/>";
    }
    start += "</cols><sheetData>";
    m_xml.append(start);
}

void XlsxCellWriter::startRow()
{
    if (m_inRow)
        return;
    m_inRow = true;
    ++m_rows;
    char *at = TextBuffer::put(m_xml.tail(40), "<row r=\"");
    at = std::to_chars(at, at + 24, m_rows).ptr;
    m_xml.commit(TextBuffer::put(at, "\">"));
}

void appendTextCell(TextBuffer &out, std::string_view value, bool header)
{
    if (value.empty()) {
        out.append("<c/>"); // keeps the next cells in their columns (cells carry no reference)
        return;
    }
    // The markup (under 80 bytes) and at most five bytes per character ("&amp;").
    char *at = out.tail(value.size() * 5 + 80);
    at = TextBuffer::put(
        at, header ? "<c t=\"inlineStr\" s=\"1\"><is><t" : "<c t=\"inlineStr\"><is><t");
    if (value.front() == ' ' || value.back() == ' ')
        at = TextBuffer::put(at, " xml:space=\"preserve\"");
    *at++ = '>';
    if (char *end = putXmlAscii(at, value)) {
        out.commit(TextBuffer::put(end, "</t></is></c>"));
        return;
    }
    out.commit(at);
    out.append(exporters::esc::xmlText(value));
    out.append("</t></is></c>");
}

void XlsxCellWriter::text(std::string_view value)
{
    startRow();
    appendTextCell(m_xml, value, m_header);
}

void XlsxCellWriter::number(std::string_view decimal)
{
    startRow();
    char *at = TextBuffer::put(m_xml.tail(decimal.size() + 16), "<c><v>");
    at = TextBuffer::put(at, decimal);
    m_xml.commit(TextBuffer::put(at, "</v></c>"));
}

void XlsxCellWriter::endRow()
{
    startRow();
    m_xml.append("</row>");
    m_inRow = false;
    m_header = false;
    drain(false);
}

void XlsxCellWriter::drain(bool force)
{
    if (force || m_xml.size() >= kXmlChunkBytes) {
        m_zip.write(m_xml.view());
        m_xml.clear();
    }
}

Result<void> XlsxCellWriter::finish()
{
    if (m_inRow)
        endRow();
    const std::string range = "$A$1:$" + columnName(m_columnCount ? m_columnCount - 1 : 0) + "$"
        + std::to_string(m_rows);
    m_xml.append("</sheetData><autoFilter ref=\"A1:"
                 + columnName(m_columnCount ? m_columnCount - 1 : 0) + std::to_string(m_rows)
                 + "\"/><pageMargins left=\"0.7\" right=\"0.7\" top=\"0.75\" "
                   "bottom=\"0.75\" header=\"0.3\" footer=\"0.3\"/></worksheet>");
    drain(true);
    m_zip.endMember();
    m_zip.addMember("xl/workbook.xml", workbook(m_sheetName, range));
    m_zip.addMember("xl/_rels/workbook.xml.rels", workbookRelationships());
    m_zip.addMember("xl/styles.xml", styles());
    m_zip.addMember("docProps/app.xml", appProperties(m_sheetName));
    m_zip.addMember("docProps/core.xml", coreProperties(m_title));
    m_zip.addMember("_rels/.rels", packageRelationships());
    m_zip.addMember("[Content_Types].xml", contentTypes());
    return m_zip.finish();
}

} // namespace cw::cabling
