#pragma once

#include "exporters/cabling/CablingTable.h"
#include "model/common/Result.h"

#include <string>

namespace cw::cabling {

/// A one-sheet workbook of `table` (libxlsxwriter): bold header row frozen in place, an
/// autofilter over every column, the table's column widths, numeric columns as numbers. The
/// provenance (`title`) goes into the document properties, not into a cell above the header,
/// so the sheet opens as a clean table. Same input, same bytes (fixed creation time).
Result<std::string> tableXlsx(const CablingTable &table, const std::string &sheetName,
                              const std::string &title);

} // namespace cw::cabling
