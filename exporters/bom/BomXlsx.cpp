#include "exporters/bom/BomFiles.h"

#include "exporters/common/FileHeader.h"
#include "model/core/Design.h"

#include <xlsxwriter.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace cw::bom {
namespace {

namespace fs = std::filesystem;

// docProps/core.xml must carry a creation time; libxlsxwriter uses "now" when it is 0. A
// fixed instant (1980-01-01T00:00:00Z, the earliest zip timestamp) keeps the same design
// giving the same bytes. libxlsxwriter's zip entries already carry a fixed date.
constexpr time_t kFixedCreationTime = 315532800;

enum Column : lxw_col_t {
    RowType,
    Category,
    PartNumber,
    Description,
    Quantity,
    UnitPrice,
    Extended,
    Power,
    Heat,
    Spare,
    CatalogId,
    Remark
};

std::string cell(Column column, lxw_row_t row)
{
    return std::string(1, static_cast<char>('A' + column)) + std::to_string(row + 1);
}

/// A private folder under the system temp dir, removed with everything in it.
class TempFolder
{
public:
    TempFolder()
    {
        std::string pattern = (fs::temp_directory_path() / "clusterwright-bom-XXXXXX").string();
        if (::mkdtemp(pattern.data()))
            m_path = pattern;
        else
            m_error = std::strerror(errno);
    }
    ~TempFolder()
    {
        std::error_code ignored;
        if (!m_path.empty())
            fs::remove_all(m_path, ignored);
    }
    TempFolder(const TempFolder &) = delete;
    TempFolder &operator=(const TempFolder &) = delete;

    const fs::path &path() const { return m_path; }
    const std::string &error() const { return m_error; }

private:
    fs::path m_path;
    std::string m_error;
};

/// Closes the workbook on every path out (workbook_close also frees it).
struct WorkbookCloser
{
    lxw_workbook *workbook = nullptr;
    lxw_error close()
    {
        lxw_error error = workbook ? workbook_close(workbook) : LXW_NO_ERROR;
        workbook = nullptr;
        return error;
    }
    ~WorkbookCloser() { close(); }
};

void writeSheet(lxw_workbook *workbook, const Design &design, const Bom &bom)
{
    lxw_worksheet *sheet = workbook_add_worksheet(workbook, "BOM");
    lxw_format *bold = workbook_add_format(workbook);
    format_set_bold(bold);
    lxw_format *money = workbook_add_format(workbook);
    format_set_num_format(money, "#,##0.00");
    lxw_format *boldMoney = workbook_add_format(workbook);
    format_set_num_format(boldMoney, "#,##0.00");
    format_set_bold(boldMoney);
    lxw_format *watts = workbook_add_format(workbook);
    format_set_num_format(watts, "#,##0.0");

    worksheet_set_column(sheet, Description, Description, 70, nullptr);
    worksheet_set_column(sheet, PartNumber, PartNumber, 22, nullptr);
    worksheet_set_column(sheet, Category, Category, 18, nullptr);
    worksheet_set_column(sheet, UnitPrice, Heat, 14, nullptr);
    worksheet_set_column(sheet, Remark, Remark, 40, nullptr);

    // The column names are the first row (nothing above them, like bom.csv), frozen and
    // filtered; the provenance is on the second sheet and in the document properties.
    lxw_row_t row = 0;
    const auto &columns = bomColumns();
    for (std::size_t c = 0; c < columns.size(); ++c)
        worksheet_write_string(sheet, row, static_cast<lxw_col_t>(c), columns[c].c_str(), bold);
    ++row;

    auto text
        = [sheet](lxw_row_t r, Column c, const std::string &value, lxw_format *format = nullptr) {
              if (!value.empty())
                  worksheet_write_string(sheet, r, c, value.c_str(), format);
          };
    auto sumOf = [sheet](lxw_row_t r, Column c, const std::vector<lxw_row_t> &rows, double value,
                         lxw_format *format) {
        std::string formula = "=0";
        if (!rows.empty()) {
            formula = "=";
            for (std::size_t i = 0; i < rows.size(); ++i)
                formula += (i ? "+" : "") + cell(c, rows[i]);
        }
        worksheet_write_formula_num(sheet, r, c, formula.c_str(), format, value);
    };

    std::vector<lxw_row_t> subtotals;
    for (const BomCategory &category : bom.categories) {
        std::vector<lxw_row_t> items;
        for (const BomLine &line : bom.lines) {
            if (line.category != category.name)
                continue;
            text(row, RowType, "item");
            text(row, Category, line.category);
            text(row, PartNumber, line.partNumber);
            text(row, Description, line.description);
            worksheet_write_number(sheet, row, Quantity, line.quantity, nullptr);
            worksheet_write_number(sheet, row, UnitPrice, line.unitPriceUsd, money);
            const std::string extended = "=" + cell(Quantity, row) + "*" + cell(UnitPrice, row);
            worksheet_write_formula_num(sheet, row, Extended, extended.c_str(), money,
                                        line.extendedUsd);
            worksheet_write_number(sheet, row, Power, line.powerW, watts);
            worksheet_write_number(sheet, row, Heat, line.heatW, watts);
            text(row, Spare, line.spare ? "yes" : "no");
            text(row, CatalogId, line.catalogId);
            text(row, Remark, line.remark);
            items.push_back(row++);
        }
        text(row, RowType, "subtotal");
        text(row, Category, category.name);
        text(row, Description, "Subtotal " + category.name, bold);
        sumOf(row, Extended, items, category.totalUsd, boldMoney);
        sumOf(row, Power, items, category.powerW, watts);
        sumOf(row, Heat, items, category.heatW, watts);
        subtotals.push_back(row++);
    }
    const lxw_row_t total = row++;
    text(total, RowType, "total");
    text(total, Description, "Grand total", bold);
    sumOf(total, Extended, subtotals, bom.grandTotalUsd, boldMoney);
    sumOf(total, Power, subtotals, bom.powerW, watts);
    sumOf(total, Heat, subtotals, bom.heatW, watts);

    const lxw_row_t perGpu = row++;
    text(perGpu, RowType, "per_gpu");
    text(perGpu, Description, "Cost per GPU (" + std::to_string(bom.gpus) + " GPUs)", bold);
    worksheet_write_number(sheet, perGpu, Quantity, bom.gpus, nullptr);
    if (bom.gpus > 0) {
        const std::string formula = "=" + cell(Extended, total) + "/" + cell(Quantity, perGpu);
        worksheet_write_formula_num(sheet, perGpu, Extended, formula.c_str(), boldMoney,
                                    bom.usdPerGpu);
    } else {
        worksheet_write_number(sheet, perGpu, Extended, 0, boldMoney);
    }
    for (const std::string &note : bom.notes) {
        text(row, RowType, "note");
        text(row, Description, note);
        ++row;
    }
    worksheet_freeze_panes(sheet, 1, 0);
    worksheet_autofilter(sheet, 0, RowType, row - 1, Remark);

    lxw_worksheet *about = workbook_add_worksheet(workbook, "Provenance");
    worksheet_set_column(about, 0, 0, 100, nullptr);
    worksheet_write_string(about, 0, 0, exporters::headerLine(design, "Bill of materials").c_str(),
                           nullptr);
}

} // namespace

Result<std::string> bomXlsx(const Design &design, const Bom &bom)
{
    TempFolder folder;
    if (folder.path().empty())
        return Error { "bom.xlsx: cannot create a temporary folder under "
                       + fs::temp_directory_path().string() + ": " + folder.error() };
    const std::string file = (folder.path() / "bom.xlsx").string();
    std::string tmpdir = folder.path().string();

    lxw_workbook_options options {};
    options.tmpdir = tmpdir.data();
    WorkbookCloser closer { workbook_new_opt(file.c_str(), &options) };
    if (!closer.workbook)
        return Error { "bom.xlsx: libxlsxwriter could not start a workbook in " + tmpdir };

    std::string title = "Bill of materials: " + design.name();
    std::string generator = exporters::headerLine(design, "Bill of materials");
    lxw_doc_properties properties {};
    properties.title = title.data();
    properties.comments = generator.data();
    properties.created = kFixedCreationTime;
    workbook_set_properties(closer.workbook, &properties);

    writeSheet(closer.workbook, design, bom);
    if (const lxw_error error = closer.close(); error != LXW_NO_ERROR)
        return Error { std::string("bom.xlsx: libxlsxwriter failed: ") + lxw_strerror(error) };

    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Error { "bom.xlsx: cannot read back " + file };
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

} // namespace cw::bom
