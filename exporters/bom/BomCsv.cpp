#include "exporters/bom/BomFiles.h"

#include "exporters/cabling/Csv.h"
#include "exporters/common/FileHeader.h"

namespace cw::bom {
namespace {

namespace csv = exporters::csv;

} // namespace

const std::vector<std::string> &bomColumns()
{
    static const std::vector<std::string> columns { "row_type",     "category",   "part_number",
                                                    "description",  "quantity",   "unit_price_usd",
                                                    "extended_usd", "power_w",    "heat_w",
                                                    "spare",        "catalog_id", "remark" };
    return columns;
}

std::string bomCsv(const Bom &bom)
{
    // RFC 4180: the column names first, nothing before them (the provenance is its own file).
    std::string out = csv::line(bomColumns());
    for (const BomCategory &category : bom.categories) {
        for (const BomLine &line : bom.lines) {
            if (line.category != category.name)
                continue;
            out += csv::line({ "item", line.category, line.partNumber, line.description,
                               std::to_string(line.quantity), csv::usd(line.unitPriceUsd),
                               csv::usd(line.extendedUsd), csv::number(line.powerW, 1),
                               csv::number(line.heatW, 1), line.spare ? "yes" : "no",
                               line.catalogId, line.remark });
        }
        out += csv::line({ "subtotal", category.name, "", "Subtotal " + category.name, "", "",
                           csv::usd(category.totalUsd), csv::number(category.powerW, 1),
                           csv::number(category.heatW, 1), "", "", "" });
    }
    out += csv::line({ "total", "", "", "Grand total", "", "", csv::usd(bom.grandTotalUsd),
                       csv::number(bom.powerW, 1), csv::number(bom.heatW, 1), "", "", "" });
    out += csv::line({ "per_gpu", "", "", "Cost per GPU (" + std::to_string(bom.gpus) + " GPUs)",
                       std::to_string(bom.gpus), "", csv::usd(bom.usdPerGpu), "", "", "", "", "" });
    for (const std::string &note : bom.notes)
        out += csv::line({ "note", "", "", note, "", "", "", "", "", "", "", "" });
    return out;
}

std::string bomProvenance(const Design &design)
{
    // One line, through the same escaping as the old `#` comment (esc::commentText).
    return exporters::headerLine(design, "Bill of materials") + "\n"
        + "Files: bom.csv (RFC 4180, one header row; row_type says item, subtotal, total, "
          "per_gpu or note), bom.xlsx (the same rows with formulas), procurement-checklist.md; "
          "see docs/export-cabling-bom.md.\n";
}

} // namespace cw::bom
