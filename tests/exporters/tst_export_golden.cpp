// Every built-in export format over the two reference examples and the generated SuperPOD
// (1 SU), compared byte for byte with the files under tests/data/golden/. A change in an
// exporter shows as a diff a reviewer reads; regenerate with
//   CW_UPDATE_GOLDEN=1 ./build/test/tests/exporters/tst_export_golden
// (or CW_UPDATE_GOLDEN=1 ./scripts/test.sh) and review `git diff tests/data/golden`.

#include "exporters/Exporter.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/io/AtomicFile.h"
#include "tests/exporters/ZipMembers.h"

#include <QtTest>

#include <filesystem>
#include <set>

using namespace cw;

namespace {

struct NamedDesign
{
    std::string folder;
    Design design;
};

std::vector<NamedDesign> goldenDesigns(const Catalog &catalog)
{
    std::vector<NamedDesign> designs;
    for (const ReferenceDesign &reference : referenceDesigns()) {
        auto design = reference.build(catalog);
        if (design)
            designs.push_back({ reference.fileName.substr(0, reference.fileName.find('.')),
                                std::move(design).value() });
    }
    auto superpod = generateDesign("superpod-h100", { { "sus", "1" } }, catalog);
    if (superpod)
        designs.push_back({ "superpod-h100-1su", std::move(superpod.value().design) });
    return designs;
}

std::set<std::string> filesUnder(const std::filesystem::path &root)
{
    std::set<std::string> files;
    if (!std::filesystem::exists(root))
        return files;
    for (const auto &entry : std::filesystem::recursive_directory_iterator(root))
        if (entry.is_regular_file())
            files.insert(std::filesystem::relative(entry.path(), root).generic_string());
    return files;
}

bool endsWith(const std::string &text, const std::string &suffix)
{
    return text.size() >= suffix.size()
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Byte for byte, except a workbook: the same members with the same contents, in the same
/// order (the cabling sheets' deflate, ISA-L's igzip, picks its code by CPU).
bool sameFile(const std::string &path, const std::string &golden, const std::string &made)
{
    if (golden == made)
        return true;
    if (!endsWith(path, ".xlsx"))
        return false;
    const auto goldenMembers = test::zipMembers(golden);
    const auto madeMembers = test::zipMembers(made);
    return goldenMembers && madeMembers && !goldenMembers->empty()
        && *goldenMembers == *madeMembers;
}

} // namespace

class TestExportGolden : public QObject
{
    Q_OBJECT

private slots:
    void everyFormatMatchesItsGoldenFiles()
    {
        const Catalog &catalog = Catalog::builtin();
        const bool update = qEnvironmentVariableIsSet("CW_UPDATE_GOLDEN");
        exporters::ExporterRegistry registry;
        exporters::registerBuiltinExporters(registry);
        const auto designs = goldenDesigns(catalog);
        QCOMPARE(designs.size(), std::size_t(3));
        const std::filesystem::path goldenRoot = std::filesystem::path(CW_TEST_DATA_DIR) / "golden";
        for (const NamedDesign &named : designs) {
            for (const exporters::Exporter *exporter : registry.all()) {
                const std::string where = named.folder + "/" + exporter->name();
                auto result = exporter->run({ named.design, catalog, {} });
                QVERIFY2(result, (where + ": " + (result ? "" : result.error().message)).c_str());
                const std::filesystem::path folder = goldenRoot / named.folder / exporter->name();
                if (update) {
                    std::filesystem::remove_all(folder);
                    for (const auto &file : result->files) {
                        std::filesystem::create_directories((folder / file.path).parent_path());
                        auto bytes = exporters::fileBytes(file);
                        QVERIFY(bytes);
                        QVERIFY(writeFileAtomically(folder / file.path, *bytes));
                    }
                }
                std::set<std::string> expected = filesUnder(folder);
                for (const auto &file : result->files) {
                    const std::string name = where + "/" + file.path;
                    QVERIFY2(
                        expected.erase(file.path) == 1,
                        (name + " is new; regenerate with CW_UPDATE_GOLDEN=1 and review").c_str());
                    auto onDisk = readWholeFile(folder / file.path);
                    QVERIFY2(onDisk, name.c_str());
                    // Streamed files (ExportedFile::stream) collected as the writer would.
                    auto bytes = exporters::fileBytes(file);
                    QVERIFY2(bytes, name.c_str());
                    QVERIFY2(sameFile(file.path, *onDisk, *bytes),
                             (name
                              + " differs from its golden file; regenerate with CW_UPDATE_GOLDEN=1 "
                                "and review the diff")
                                 .c_str());
                }
                QVERIFY2(expected.empty(),
                         (where + ": golden files no longer produced, e.g. "
                          + (expected.empty() ? "" : *expected.begin()))
                             .c_str());
            }
        }
    }

    void sameDesignSameBytes()
    {
        // Two independent runs (a fresh registry and design each time) give identical files.
        const Catalog &catalog = Catalog::builtin();
        auto first = goldenDesigns(catalog);
        auto second = goldenDesigns(catalog);
        exporters::ExporterRegistry registry;
        exporters::registerBuiltinExporters(registry);
        for (std::size_t i = 0; i < first.size(); ++i)
            for (const exporters::Exporter *exporter : registry.all()) {
                auto a = exporter->run({ first[i].design, catalog, {} });
                auto b = exporter->run({ second[i].design, catalog, {} });
                QVERIFY(a && b);
                QCOMPARE(a->files.size(), b->files.size());
                for (std::size_t f = 0; f < a->files.size(); ++f) {
                    QCOMPARE(a->files[f].path, b->files[f].path);
                    auto bytesA = exporters::fileBytes(a->files[f]);
                    auto bytesB = exporters::fileBytes(b->files[f]);
                    QVERIFY(bytesA && bytesB);
                    QVERIFY2(*bytesA == *bytesB, a->files[f].path.c_str());
                }
            }
    }
};

QTEST_GUILESS_MAIN(TestExportGolden)
#include "tst_export_golden.moc"
