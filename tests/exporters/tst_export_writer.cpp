// The whole-set swap of exporters/common/ExportWriter (writeExport): a set is written into a
// temporary folder beside the target and exchanged with it in one rename, so a failure leaves
// the target as it was and a kill -9 at any moment leaves either the old set or the new one.
#include "exporters/common/ByteSink.h"
#include "exporters/common/ExportWriter.h"
#include "model/io/AtomicFile.h"

#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

using namespace cw;
using namespace cw::exporters;
namespace fs = std::filesystem;

namespace {

/// 40 files of 64 KB, every byte the version letter: a mix of versions is easy to see.
std::vector<ExportedFile> setOf(char version)
{
    std::vector<ExportedFile> files;
    for (int i = 0; i < 40; ++i)
        files.push_back(
            { "sub/file" + std::to_string(i) + ".txt", std::string(64 * 1024, version) });
    return files;
}

/// The versions found in the target's files ("A", "B", or "AB" for a mix), "" if none.
std::string versionsIn(const fs::path &folder)
{
    std::string seen;
    for (int i = 0; i < 40; ++i) {
        auto text = readWholeFile(folder / "sub" / ("file" + std::to_string(i) + ".txt"));
        if (!text || text->size() != 64 * 1024)
            return "broken";
        const char version = text->front();
        if (text->find_first_not_of(version) != std::string::npos)
            return "torn";
        if (seen.find(version) == std::string::npos)
            seen += version;
    }
    return seen;
}

std::vector<std::string> hiddenBeside(const fs::path &target)
{
    std::vector<std::string> names;
    for (const auto &entry : fs::directory_iterator(target.parent_path()))
        if (entry.path().filename().string().starts_with("." + target.filename().string() + ".cw-"))
            names.push_back(entry.path().filename().string());
    return names;
}

} // namespace

class TestExportWriter : public QObject
{
    Q_OBJECT

private slots:
    void replacesTheSetAndKeepsOtherFiles()
    {
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        QVERIFY(writeExport(setOf('A'), target, false));
        QVERIFY(writeFileAtomically(target / "notes.txt", "mine\n"));
        QVERIFY(!writeExport(setOf('B'), target, false)); // exists, no force: nothing written
        QCOMPARE(versionsIn(target), std::string("A"));
        QVERIFY(writeExport(setOf('B'), target, true));
        QCOMPARE(versionsIn(target), std::string("B"));
        QCOMPARE(*readWholeFile(target / "notes.txt"), std::string("mine\n"));
        QVERIFY(hiddenBeside(target).empty());
    }

    void failureBeforeTheSwapLeavesTheTargetUntouched()
    {
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        QVERIFY(writeExport(setOf('A'), target, false));
        std::vector<ExportedFile> files = setOf('B');
        files.push_back({ std::string(300, 'r') + ".svg", "x" }); // a 300-character name
        auto refused = writeExport(files, target, true);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.find("is longer than 255 bytes") != std::string::npos,
                 refused.error().message.c_str());
        QCOMPARE(versionsIn(target), std::string("A"));
        QVERIFY(hiddenBeside(target).empty());
    }

    void streamedFilesAreWrittenAsProduced()
    {
        // A producer writing 3 MB in 1,000 pieces (more than the sink's buffer, so it drains
        // several times): the file holds every byte in order, the reported size is the byte
        // count worked out by hand (1,000 x 3,000), and fileBytes() gives the same bytes.
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        auto piece = [](int i) {
            return std::string(3000, static_cast<char>('a' + i % 26));
        };
        ExportedFile big { "big.txt", {}, [&piece](ByteSink &sink) -> Result<void> {
                              for (int i = 0; i < 1000; ++i)
                                  sink.write(piece(i));
                              return {};
                          } };
        std::vector<ExportedFile> files { { "small.txt", "plain\n" }, big };
        std::vector<std::uint64_t> sizes;
        QVERIFY(writeExport(files, target, false, &sizes));
        QCOMPARE(sizes, (std::vector<std::uint64_t> { 6, 3000000 }));
        const auto onDisk = readWholeFile(target / "big.txt");
        QVERIFY(onDisk);
        QCOMPARE(onDisk->size(), std::size_t(3000000));
        for (int i = 0; i < 1000; i += 37)
            QCOMPARE(onDisk->substr(static_cast<std::size_t>(i) * 3000, 3000), piece(i));
        QCOMPARE(*fileBytes(big), *onDisk);
        QCOMPARE(*fileBytes(files.front()), std::string("plain\n"));
    }

    void aFailingProducerLeavesTheTargetUntouched()
    {
        // The producer fails half way (after 2 MB reached the file): the whole set is
        // abandoned, the old set stays and no temporary is left beside it.
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        QVERIFY(writeExport(setOf('A'), target, false));
        std::vector<ExportedFile> files = setOf('B');
        files.push_back({ "late.txt", {}, [](ByteSink &sink) -> Result<void> {
                             sink.write(std::string(2 * 1024 * 1024, 'x'));
                             return Error { "the plan ran out" };
                         } });
        auto failed = writeExport(files, target, true);
        QVERIFY(!failed);
        QVERIFY2(failed.error().message.find("late.txt: the plan ran out") != std::string::npos,
                 failed.error().message.c_str());
        QCOMPARE(versionsIn(target), std::string("A"));
        QVERIFY(!fs::exists(target / "late.txt"));
        QVERIFY(hiddenBeside(target).empty());
    }

    void aFailedFlushAbandonsTheSet()
    {
        // The one flush of the finished set (syncfs) reports a writeback error, as a disk
        // that failed under the written pages would (EIO): the set is abandoned before the
        // swap, the error names the temporary folder, the old set stays, nothing is left.
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        QVERIFY(writeExport(setOf('A'), target, false));
        static int flushes = 0;
        flushes = 0;
        testing::setSetFlushForTesting([](int) {
            ++flushes;
            errno = EIO;
            return -1;
        });
        auto failed = writeExport(setOf('B'), target, true);
        testing::setSetFlushForTesting(nullptr);
        QCOMPARE(flushes, 1); // once for the set, not once per file
        QVERIFY(!failed);
        const std::string &message = failed.error().message;
        QVERIFY2(message.find("cannot flush the exported files in " + target.parent_path().string()
                              + "/.out.cw-")
                     != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find(std::strerror(EIO)) != std::string::npos, message.c_str());
        QCOMPARE(versionsIn(target), std::string("A"));
        QVERIFY(hiddenBeside(target).empty());
        // The real flush again: the new set goes in.
        QVERIFY(writeExport(setOf('B'), target, true));
        QCOMPARE(versionsIn(target), std::string("B"));
    }

    void staleTemporariesOfAKilledRunAreRemoved()
    {
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        // pid 0x7ffffff0 runs nowhere (above pid_max); a live pid's temporary is kept.
        const fs::path stale = target.parent_path() / ".out.cw-2147483632-abcdef";
        const fs::path live
            = target.parent_path() / (".out.cw-" + std::to_string(::getpid()) + "-ghijkl");
        fs::create_directories(stale / "sub");
        fs::create_directories(live);
        QVERIFY(writeExport(setOf('A'), target, false));
        QVERIFY(!fs::exists(stale));
        QVERIFY(fs::exists(live));
    }

    void killAtAnyMomentLeavesOneWholeSet()
    {
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "out";
        QVERIFY(writeExport(setOf('A'), target, false));
        std::mt19937 random(7);
        for (int round = 0; round < 12; ++round) {
            const pid_t child = ::fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                for (int i = 0;; ++i)
                    (void)writeExport(setOf(i % 2 ? 'A' : 'B'), target, true);
            }
            ::usleep(std::uniform_int_distribution<int>(1000, 60000)(random));
            ::kill(child, SIGKILL);
            ::waitpid(child, nullptr, 0);
            const std::string versions = versionsIn(target);
            QVERIFY2(versions == "A" || versions == "B", versions.c_str());
        }
        // The next run cleans what the killed ones left beside the target.
        QVERIFY(writeExport(setOf('A'), target, true));
        QVERIFY(hiddenBeside(target).empty());
    }
};

QTEST_GUILESS_MAIN(TestExportWriter)
#include "tst_export_writer.moc"
