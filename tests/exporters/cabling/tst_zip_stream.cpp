// ZipStream (exporters/cabling/ZipStream.h): what it writes is read back by an independent
// reader (tests/exporters/ZipMembers.h) and inflated by zlib, not by the library that
// deflated it; the CRC-32 it records is zlib's crc32 of the member.

#include "exporters/cabling/ZipStream.h"
#include "tests/exporters/ZipMembers.h"

#include <QtTest>

#include <string>

using namespace cw;

namespace {

/// Sheet-like XML of `rows` rows, varied enough that deflate has work (row numbers, names).
std::string sheetRows(int rows)
{
    std::string xml;
    for (int r = 1; r <= rows; ++r)
        xml += "<row r=\"" + std::to_string(r) + "\"><c t=\"inlineStr\"><is><t>C"
            + std::to_string(100000 + (r * 7919) % 90000) + " leaf" + std::to_string(r % 97) + " p"
            + std::to_string(r % 64) + "</t></is></c><c><v>" + std::to_string(r % 5)
            + "</v></c></row>";
    return xml;
}

std::uint32_t zipField(const std::string &bytes, std::size_t at)
{
    return test::zipLe(bytes, at, 4);
}

} // namespace

class TestZipStream : public QObject
{
    Q_OBJECT

private slots:
    void streamedMemberInflatesToItsBytes()
    {
        // 60,000 rows (about 5 MB, twenty of the writer's 256 KiB output chunks), fed in
        // pieces of uneven size as the cell writer drains them, then a small whole member.
        const std::string sheet = sheetRows(60000);
        QVERIFY(sheet.size() > std::size_t(4) << 20);
        exporters::StringSink sink;
        exporters::ZipStream zip(sink);
        zip.beginMember("xl/worksheets/sheet1.xml");
        std::size_t at = 0;
        for (std::size_t piece = 1; at < sheet.size(); piece = piece * 3 + 1000) {
            const std::size_t n = std::min(piece, sheet.size() - at);
            zip.write(std::string_view(sheet).substr(at, n));
            at += n;
        }
        zip.endMember();
        zip.addMember("xl/workbook.xml", "<workbook/>");
        QVERIFY(zip.finish());
        const std::string bytes = sink.take();

        const auto members = test::zipMembers(bytes);
        QVERIFY(members);
        QCOMPARE(members->size(), std::size_t(2));
        QCOMPARE((*members)[0].first, std::string("xl/worksheets/sheet1.xml"));
        QVERIFY((*members)[0].second == sheet);
        QCOMPARE((*members)[1].second, std::string("<workbook/>"));
        // The central directory's first entry (offset read from the end record): CRC at 16,
        // compressed size at 20, size at 24 (APPNOTE 4.3.12).
        const std::size_t directory = zipField(bytes, bytes.size() - 22 + 16);
        const auto crc = static_cast<std::uint32_t>(crc32(
            0, reinterpret_cast<const Bytef *>(sheet.data()), static_cast<uInt>(sheet.size())));
        QCOMPARE(zipField(bytes, directory + 16), crc);
        QCOMPARE(std::size_t(zipField(bytes, directory + 24)), sheet.size());
        // Repetitive XML: level-1 deflate keeps well under a fifth of it.
        QVERIFY(zipField(bytes, directory + 20) < sheet.size() / 5);
    }

    void emptyStreamedMember()
    {
        exporters::StringSink sink;
        exporters::ZipStream zip(sink);
        zip.beginMember("empty.xml");
        zip.endMember();
        QVERIFY(zip.finish());
        const auto members = test::zipMembers(sink.take());
        QVERIFY(members);
        QCOMPARE(members->size(), std::size_t(1));
        QCOMPARE((*members)[0].second, std::string());
    }
};

QTEST_GUILESS_MAIN(TestZipStream)
#include "tst_zip_stream.moc"
