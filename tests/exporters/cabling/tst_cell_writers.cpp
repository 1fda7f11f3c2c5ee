// The cabling cell writers' fast paths (exporters/cabling/ByteScan.h, CellWriters.h) against
// the escaping they stand in for (exporters/common/Escape.h): every byte value at every place
// of a word, and cells of every length up to three words with a special byte anywhere.

#include "exporters/cabling/ByteScan.h"
#include "exporters/cabling/CellWriters.h"
#include "exporters/common/Escape.h"

#include <QtTest>

#include <cstring>
#include <string>

using namespace cw;

namespace {

bool csvSpecial(unsigned char c)
{
    return c < 0x20 || c >= 0x7f || c == ',' || c == '"';
}

bool xmlSpecial(unsigned char c)
{
    return c < 0x20 || c >= 0x7f || c == '&' || c == '<' || c == '>';
}

/// One CSV row of `cells` through CsvCellWriter.
std::string csvRow(const std::vector<std::string> &cells)
{
    exporters::StringSink sink;
    {
        cabling::CsvCellWriter out(sink);
        for (const std::string &cell : cells)
            out.text(cell);
        out.endRow();
    }
    return sink.take();
}

/// XML character data with its five predefined entities replaced (ref:xml-1-0, 4.6); an
/// '&' that starts none of them, or a raw '<' or '>', gives "INVALID".
std::string parsedText(std::string_view xml)
{
    std::string text;
    for (std::size_t at = 0; at < xml.size(); ++at) {
        if (xml[at] == '<' || xml[at] == '>')
            return "INVALID";
        if (xml[at] != '&') {
            text += xml[at];
            continue;
        }
        bool known = false;
        for (const auto &[entity, c] :
             { std::pair("&amp;", '&'), std::pair("&lt;", '<'), std::pair("&gt;", '>'),
               std::pair("&quot;", '"'), std::pair("&apos;", '\'') })
            if (xml.substr(at, std::strlen(entity)) == entity) {
                text += c;
                at += std::strlen(entity) - 1;
                known = true;
                break;
            }
        if (!known)
            return "INVALID";
    }
    return text;
}

} // namespace

class TestCellWriters : public QObject
{
    Q_OBJECT

private slots:
    void everyByteAtEveryPlace()
    {
        for (int value = 0; value < 256; ++value)
            for (int place = 0; place < 8; ++place) {
                char bytes[8];
                std::memset(bytes, 'a', sizeof bytes);
                bytes[place] = static_cast<char>(value);
                const std::uint64_t word = cabling::bytescan::load(bytes);
                const auto c = static_cast<unsigned char>(value);
                QCOMPARE(cabling::bytescan::csvClean(word), !csvSpecial(c));
                QCOMPARE(cabling::bytescan::xmlClean(word), !xmlSpecial(c));
            }
        // Every printable byte around a special one: a borrow from a neighbour must not hide
        // it or invent one.
        for (int filler = 0x20; filler < 0x7f; ++filler)
            for (const int special : { 0x00, 0x1f, 0x7f, 0x80, 0xff, int(','), int('"'), int('&'),
                                       int('<'), int('>') }) {
                char bytes[8];
                std::memset(bytes, filler, sizeof bytes);
                const std::uint64_t clean = cabling::bytescan::load(bytes);
                QCOMPARE(cabling::bytescan::csvClean(clean), !csvSpecial(filler));
                QCOMPARE(cabling::bytescan::xmlClean(clean), !xmlSpecial(filler));
                bytes[3] = static_cast<char>(special);
                const std::uint64_t word = cabling::bytescan::load(bytes);
                QCOMPARE(cabling::bytescan::csvClean(word),
                         !csvSpecial(filler) && !csvSpecial(special));
                QCOMPARE(cabling::bytescan::xmlClean(word),
                         !xmlSpecial(filler) && !xmlSpecial(special));
            }
    }

    void csvCellsAsCsvField()
    {
        // Lengths 0..24 (none, part of a word, up to three words), a special byte at each
        // place: the writer's row is csvField of each cell, comma-joined, CRLF-ended.
        for (std::size_t length = 0; length <= 24; ++length)
            for (const char special : { '\0', ',', '"', '\n', '\x7f', '\xc3', '=', '-', ' ' })
                for (std::size_t place = 0; place < std::max<std::size_t>(length, 1); ++place) {
                    std::string cell(length, 'k');
                    if (length > 0)
                        cell[place] = special;
                    const std::vector<std::string> cells { cell, "leaf01", cell };
                    const std::string expected = exporters::esc::csvField(cell) + ",leaf01,"
                        + exporters::esc::csvField(cell) + "\r\n";
                    QCOMPARE(csvRow(cells), expected);
                }
    }

    void xmlCellsAsXmlText()
    {
        // The same cells through the workbook writer's text cell, compared with xmlText.
        for (std::size_t length = 1; length <= 24; ++length)
            for (const char special : { '&', '<', '>', '\x01', '\x7f', '\xc3', ' ', '"' })
                for (std::size_t place = 0; place < length; ++place) {
                    std::string cell(length, 'k');
                    cell[place] = special;
                    if (special == '\xc3' && place + 1 < length)
                        cell[place + 1] = '\xa9'; // "é": valid UTF-8
                    cabling::TextBuffer out(16); // small: the cell makes it grow
                    cabling::appendTextCell(out, cell, false);
                    // The markup exactly; the text the same characters as xmlText's (which
                    // also writes quotes as entities: text content needs them as is).
                    const bool spaced = cell.front() == ' ' || cell.back() == ' ';
                    const std::string open = std::string("<c t=\"inlineStr\"><is><t")
                        + (spaced ? " xml:space=\"preserve\"" : "") + ">";
                    const std::string close = "</t></is></c>";
                    const std::string_view xml = out.view();
                    QVERIFY(xml.size() >= open.size() + close.size());
                    QCOMPARE(std::string(xml.substr(0, open.size())), open);
                    QCOMPARE(std::string(xml.substr(xml.size() - close.size())), close);
                    const std::string_view content
                        = xml.substr(open.size(), xml.size() - open.size() - close.size());
                    QCOMPARE(parsedText(content), parsedText(exporters::esc::xmlText(cell)));
                }
    }
};

QTEST_GUILESS_MAIN(TestCellWriters)
#include "tst_cell_writers.moc"
