#include "exporters/cabling/XlsxTable.h"

#include <xlsxwriter.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace cw::cabling {
namespace {

namespace fs = std::filesystem;

// As in exporters/bom/BomXlsx.cpp: a fixed creation time (1980-01-01T00:00:00Z) so the same
// design gives the same bytes; libxlsxwriter uses "now" when it is 0.
constexpr time_t kFixedCreationTime = 315532800;

/// libxlsxwriter 1.1.4 (Debian 12) writes only to a file: a private folder, removed after.
class ScratchFolder
{
public:
    ScratchFolder()
    {
        std::string pattern = (fs::temp_directory_path() / "clusterwright-xlsx-XXXXXX").string();
        if (::mkdtemp(pattern.data()))
            m_path = pattern;
        else
            m_error = std::strerror(errno);
    }
    ~ScratchFolder()
    {
        std::error_code ignored;
        if (!m_path.empty())
            fs::remove_all(m_path, ignored);
    }
    ScratchFolder(const ScratchFolder &) = delete;
    ScratchFolder &operator=(const ScratchFolder &) = delete;

    const fs::path &path() const { return m_path; }
    const std::string &error() const { return m_error; }

private:
    fs::path m_path;
    std::string m_error;
};

void writeSheet(lxw_workbook *workbook, const CablingTable &table, const std::string &sheetName)
{
    lxw_worksheet *sheet = workbook_add_worksheet(workbook, sheetName.c_str());
    lxw_format *bold = workbook_add_format(workbook);
    format_set_bold(bold);
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const auto column = static_cast<lxw_col_t>(c);
        const double width = c < table.widths.size() ? table.widths[c] : 12;
        worksheet_set_column(sheet, column, column, width, nullptr);
        worksheet_write_string(sheet, 0, column, table.columns[c].c_str(), bold);
    }
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const auto row = static_cast<lxw_row_t>(r + 1);
        for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
            const std::string &value = table.rows[r][c];
            const auto column = static_cast<lxw_col_t>(c);
            char *end = nullptr;
            const double number = std::strtod(value.c_str(), &end);
            // Text is written as a string cell, never as a formula, so no guard is needed here.
            if (table.numericColumns.count(c) && !value.empty() && end && *end == '\0')
                worksheet_write_number(sheet, row, column, number, nullptr);
            else if (!value.empty())
                worksheet_write_string(sheet, row, column, value.c_str(), nullptr);
        }
    }
    worksheet_freeze_panes(sheet, 1, 0);
    const auto lastColumn
        = static_cast<lxw_col_t>(table.columns.empty() ? 0 : table.columns.size() - 1);
    worksheet_autofilter(sheet, 0, 0, static_cast<lxw_row_t>(table.rows.size()), lastColumn);
}

} // namespace

Result<std::string> tableXlsx(const CablingTable &table, const std::string &sheetName,
                              const std::string &title)
{
    const std::string name = sheetName + ".xlsx";
    ScratchFolder folder;
    if (folder.path().empty())
        return Error { name + ": cannot create a temporary folder under "
                       + fs::temp_directory_path().string() + ": " + folder.error() };
    const std::string file = (folder.path() / name).string();
    std::string tmpdir = folder.path().string();
    lxw_workbook_options options {};
    options.tmpdir = tmpdir.data();
    // Rows go to the scratch file as they are written (inline strings, no shared-string
    // table): memory stays flat however many cables the plan has (a cell struct per value
    // and the string table used 1 GB at 16,384 nodes).
    options.constant_memory = LXW_TRUE;
    lxw_workbook *workbook = workbook_new_opt(file.c_str(), &options);
    if (!workbook)
        return Error { name + ": libxlsxwriter could not start a workbook in " + tmpdir };
    std::string titleText = title;
    std::string generator = "Clusterwright";
    lxw_doc_properties properties {};
    properties.title = titleText.data();
    properties.comments = generator.data();
    properties.created = kFixedCreationTime;
    workbook_set_properties(workbook, &properties);
    writeSheet(workbook, table, sheetName);
    if (const lxw_error error = workbook_close(workbook); error != LXW_NO_ERROR)
        return Error { name + ": libxlsxwriter failed: " + lxw_strerror(error) };
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    if (!in)
        return Error { name + ": cannot read back " + file };
    std::string bytes(static_cast<std::size_t>(in.tellg()), '\0');
    in.seekg(0);
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!in)
        return Error { name + ": cannot read back " + file };
    return bytes;
}

} // namespace cw::cabling
