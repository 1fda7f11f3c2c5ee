#pragma once

#include "exporters/cabling/CablingTable.h"
#include "exporters/cabling/TextBuffer.h"
#include "exporters/cabling/ZipStream.h"
#include "exporters/common/ByteSink.h"

#include <cstdint>
#include <string>

namespace cw::cabling {

/// RFC 4180 rows into a sink: CRLF line ends, every field as exporters/common/Escape.h's
/// csvField writes it (quoting and the formula guard), plain fields copied without a
/// temporary. Rows are gathered in a buffer handed to the sink every 256 KiB and when the
/// writer goes out of scope.
class CsvCellWriter final : public CellWriter
{
public:
    explicit CsvCellWriter(exporters::ByteSink &out);
    ~CsvCellWriter() override;
    CsvCellWriter(const CsvCellWriter &) = delete;
    CsvCellWriter &operator=(const CsvCellWriter &) = delete;
    void text(std::string_view value) override;
    void number(std::string_view decimal) override { text(decimal); }
    void endRow() override;

private:
    exporters::ByteSink &m_out;
    TextBuffer m_text;
    bool m_first = true;
};

/// The SpreadsheetML of one inline-string cell holding `value` (ref:office-open-xml), bold
/// (style 1) for a header cell, appended to `out`: the text as esc::xmlText writes it, with
/// xml:space="preserve" when it starts or ends with a space; an empty value is "<c/>".
void appendTextCell(TextBuffer &out, std::string_view value, bool header);

/// A one-sheet workbook streamed into a sink: the header row bold and frozen in place, an
/// autofilter over every column, the layout's column widths, numeric columns as numbers,
/// text as inline strings. The provenance (`title`) goes into the document properties, not
/// into a cell above the header, so the sheet opens as a clean table. Cells carry no "r"
/// reference (ECMA-376 Part 1, 18.3.1.4: optional; they follow one another): a quarter less
/// XML and half the deflate time. Same cells, same bytes (fixed dates).
class XlsxCellWriter final : public CellWriter
{
public:
    XlsxCellWriter(exporters::ByteSink &out, const SheetLayout &layout, std::string sheetName,
                   std::string title);
    void text(std::string_view value) override;
    void number(std::string_view decimal) override;
    void endRow() override;
    /// Closes the sheet (autofilter over the rows written) and the workbook.
    Result<void> finish();

private:
    void startRow();
    void drain(bool force);

    exporters::ZipStream m_zip;
    std::size_t m_columnCount;
    std::string m_sheetName;
    std::string m_title;
    TextBuffer m_xml;
    std::uint64_t m_rows = 0;
    bool m_inRow = false;
    bool m_header = true;
};

} // namespace cw::cabling
