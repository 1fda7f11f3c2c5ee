// The shared escaping layer (exporters/common/Escape.h) and the visible-text rules under it
// (model/common/VisibleText.h). Expected strings are worked by hand from the rule each
// function cites (POSIX shell quoting, XML 1.0, RFC 4180, CommonMark 0.30).
#include "exporters/common/Escape.h"
#include "model/common/VisibleText.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace cw;
using namespace cw::exporters;

class TstEscape : public QObject
{
    Q_OBJECT

private slots:
    void visibleTextEscapesControlsAndBidi()
    {
        QCOMPARE(visibleText("a\nb"), std::string("a\\x0Ab"));
        QCOMPARE(visibleText(std::string("a\0b", 3)), std::string("a\\x00b"));
        QCOMPARE(visibleText("x\x1b[2Jy"), std::string("x\\x1B[2Jy"));
        // U+202E RIGHT-TO-LEFT OVERRIDE is E2 80 AE in UTF-8.
        QCOMPARE(visibleText("ab\xE2\x80\xAE"
                             "cd"),
                 std::string("ab\\u{202E}cd"));
        // A lone continuation byte is malformed UTF-8.
        QCOMPARE(visibleText("a\x80z"), std::string("a\\x80z"));
        // Ordinary non-ASCII text is kept: U+00E9 and U+4E2D.
        QCOMPARE(visibleText("caf\xC3\xA9 \xE4\xB8\xAD"), std::string("caf\xC3\xA9 \xE4\xB8\xAD"));
        // An overlong encoding of '/' (C0 AF) is refused byte by byte.
        QCOMPARE(visibleText("\xC0\xAF"), std::string("\\xC0\\xAF"));
        QVERIFY(!isValidUtf8("\xED\xA0\x80")); // a UTF-16 surrogate encoded in UTF-8
        QVERIFY(isValidUtf8("\xF0\x9F\x98\x80")); // U+1F600
    }

    void visibleExcerptCutsWholePieces()
    {
        QCOMPARE(visibleExcerpt(std::string(100, 'a'), 10), std::string(10, 'a') + "...");
        QCOMPARE(visibleExcerpt("abc\n", 5), std::string("abc..."));
        QCOMPARE(visibleExcerpt("short", 80), std::string("short"));
    }

    void shellWordQuotesEverything()
    {
        QCOMPARE(esc::shellWord("plain"), std::string("'plain'"));
        QCOMPARE(esc::shellWord("it's"), std::string("'it'\\''s'"));
        QCOMPARE(esc::shellWord("$(reboot)`id`;|&"), std::string("'$(reboot)`id`;|&'"));
        QCOMPARE(esc::shellWord("a\nrm -rf /"), std::string("'a\\x0Arm -rf /'"));
    }

    void shellWordSurvivesARealShell()
    {
        // bash itself turns the word back into the (visible) text: nothing runs.
        const std::string hostile = "x'; touch /tmp/pwned-$$; echo '$(id)`id`\\\"";
        QProcess bash;
        bash.start("bash",
                   { "-c", QString::fromStdString("printf %s " + esc::shellWord(hostile)) });
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        QCOMPARE(bash.readAllStandardOutput().toStdString(), hostile);
    }

    void shellDoubleQuotedSurvivesARealShell()
    {
        QCOMPARE(esc::shellDoubleQuoted("to gpu01 p1"), std::string("\"to gpu01 p1\""));
        const std::string hostile = "a\"; reboot; echo \"$(id)`id`${HOME}\\!x";
        QCOMPARE(esc::shellDoubleQuoted(hostile),
                 std::string("\"a\\\"; reboot; echo \\\"\\$(id)\\`id\\`\\${HOME}\\\\!x\""));
        QProcess bash;
        bash.start(
            "bash",
            { "-c", QString::fromStdString("printf %s " + esc::shellDoubleQuoted(hostile)) });
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        QCOMPARE(bash.readAllStandardOutput().toStdString(), hostile);
    }

    void eosLineTextIsPrintableAscii()
    {
        QCOMPARE(esc::eosLineText("to gpu01 port 1"), std::string("to gpu01 port 1"));
        QCOMPARE(esc::eosLineText("x\nusername evil privilege 15 nopassword"),
                 std::string("x\\x0Ausername evil privilege 15 nopassword"));
        QCOMPARE(esc::eosLineText("caf\xC3\xA9"), std::string("caf\\xC3\\xA9"));
    }

    void jsonTextRepairsUtf8()
    {
        QCOMPARE(esc::jsonText("ok \xC3\xA9"), std::string("ok \xC3\xA9"));
        QCOMPARE(esc::jsonText("a\xFFz"), std::string("a\xEF\xBF\xBDz"));
    }

    void slurmWordRefusesWhatSlurmCannotQuote()
    {
        QVERIFY(esc::isSlurmWord("gpu[001-008]"));
        QVERIFY(esc::isSlurmWord("7-00:00:00"));
        QVERIFY(!esc::isSlurmWord("a b"));
        QVERIFY(!esc::isSlurmWord("a#b"));
        QVERIFY(!esc::isSlurmWord("a\nAuthType=auth/none"));
        QVERIFY(!esc::isSlurmWord("\"q\""));
        QVERIFY(!esc::isSlurmWord(""));
        const auto refused = esc::slurmWord("PartitionName", "p\nAllowGroups=ALL");
        QVERIFY(!refused);
        QVERIFY(refused.error().message.find("PartitionName \"p\\x0AAllowGroups=ALL\"")
                != std::string::npos);
        QCOMPARE(esc::slurmWord("ClusterName", "seed").value(), std::string("seed"));
    }

    void xmlTextAndComments()
    {
        QCOMPARE(esc::xmlText("<script>a&b</script>\"'"),
                 std::string("&lt;script&gt;a&amp;b&lt;/script&gt;&quot;&apos;"));
        QCOMPARE(esc::xmlText(std::string("a\0b", 3)), std::string("a\\x00b"));
        QCOMPARE(esc::xmlComment("x --> <!DOCTYPE y"), std::string("x - -> <!DOCTYPE y"));
        QCOMPARE(esc::xmlComment("ends-"), std::string("ends- "));
        QCOMPARE(esc::xmlComment("---"), std::string("- - - "));
    }

    void xmlOutputIsWellFormedForXmllint()
    {
        if (QStandardPaths::findExecutable("xmllint").isEmpty())
            QSKIP("xmllint (libxml2-utils) is not installed");
        const std::string hostile = std::string("--><!DOCTYPE x [<!ENTITY a \"b\">]>&a;")
            + std::string(1, '\0') + "\x01\xEF\xBF\xBE"
            + "\xE2\x80\xAE<script>alert(1)</script>]]>";
        const std::string document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- "
            + esc::xmlComment(hostile) + " -->\n<r a=\"" + esc::xmlText(hostile) + "\" b='"
            + esc::xmlText(hostile) + "'>" + esc::xmlText(hostile) + "</r>\n";
        QProcess xmllint;
        xmllint.start("xmllint", { "--noout", "-" });
        xmllint.write(QByteArray::fromStdString(document));
        xmllint.closeWriteChannel();
        QVERIFY(xmllint.waitForFinished(10000));
        QCOMPARE(xmllint.readAllStandardError(), QByteArray());
        QCOMPARE(xmllint.exitCode(), 0);
    }

    void formulaGuard()
    {
        QVERIFY(esc::looksLikeFormula("=1+1"));
        QVERIFY(esc::looksLikeFormula("+cmd|' /C calc'!A0"));
        QVERIFY(esc::looksLikeFormula("-2+3"));
        QVERIFY(esc::looksLikeFormula("@SUM(A1)"));
        QVERIFY(esc::looksLikeFormula("\t=1"));
        QVERIFY(esc::looksLikeFormula("\xEF\xBC\x9D"
                                      "1")); // full-width '='
        QVERIFY(!esc::looksLikeFormula("-3"));
        QVERIFY(!esc::looksLikeFormula("+2.5"));
        QVERIFY(!esc::looksLikeFormula("-1e3"));
        QVERIFY(!esc::looksLikeFormula("A01"));
        QVERIFY(!esc::looksLikeFormula(""));
    }

    void csvFieldQuotesAndGuards()
    {
        QCOMPARE(esc::csvField("A01"), std::string("A01"));
        QCOMPARE(esc::csvField("a,b"), std::string("\"a,b\""));
        QCOMPARE(esc::csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(esc::csvField("=HYPERLINK(\"x\")"), std::string("\"'=HYPERLINK(\"\"x\"\")\""));
        QCOMPARE(esc::csvField("-3"), std::string("-3"));
        QCOMPARE(esc::csvField("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(esc::csvField(std::string("nul\0", 4)), std::string("nul\\x00"));
    }

    void markdownTextEscapesSyntax()
    {
        QCOMPARE(esc::markdownText("rack A01"), std::string("rack A01"));
        QCOMPARE(esc::markdownText("Seed 8-node HGX H100 cluster (HDR 200G)"),
                 std::string("Seed 8-node HGX H100 cluster (HDR 200G)"));
        QCOMPARE(esc::markdownText("*x* [l](http://e) <b>|"),
                 std::string("\\*x\\* \\[l\\](http://e) &lt;b&gt;\\|"));
        QCOMPARE(esc::markdownText("# h\n- i"), std::string("\\# h\\\\x0A- i"));
        QCOMPARE(esc::markdownText("12. item"), std::string("12\\. item"));
        QCOMPARE(esc::markdownText("mlx5_0 _x_"), std::string("mlx5_0 \\_x\\_"));
        QCOMPARE(esc::markdownText("<script>alert(1)</script>"),
                 std::string("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }
};

QTEST_GUILESS_MAIN(TstEscape)
#include "tst_escape.moc"
