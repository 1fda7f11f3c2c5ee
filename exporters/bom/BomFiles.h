#pragma once

#include "model/common/Result.h"
#include "model/quantities/BillOfMaterials.h"

#include <string>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::bom {

/// bom.csv (RFC 4180): the column names first and nothing before them, the items grouped by
/// category each followed by its subtotal row, the grand total, the cost per GPU and the notes
/// (the spares policy first). The first column, row_type, says which kind each row is.
std::string bomCsv(const Bom &bom);

/// bom-provenance.txt: the file header every export carries (design, schema, generator),
/// which bom.csv cannot hold without a line before its header row.
std::string bomProvenance(const Design &design);

/// bom.xlsx: one sheet "BOM" with the same rows as bom.csv; extended prices, subtotals and
/// the grand total are formulas stored with their computed values. Written through a
/// private temporary folder because libxlsxwriter 1.1.4 writes only to a file.
Result<std::string> bomXlsx(const Design &design, const Bom &bom);

/// procurement-checklist.md: what a buyer and a facilities engineer work through.
std::string procurementChecklist(const Design &design, const Catalog &catalog, const Bom &bom);

/// The columns of bom.csv and of the BOM sheet.
const std::vector<std::string> &bomColumns();

} // namespace cw::bom
