#pragma once

#include "model/quantities/CablePlan.h"

#include <set>
#include <string>
#include <vector>

namespace cw::cabling {

/// One cabling sheet as plain cells: the column names and one row of text per record. The
/// CSV and the XLSX files are both written from it, so they always hold the same cells.
struct CablingTable
{
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
    std::set<std::size_t> numericColumns; ///< written as numbers, not text, in the XLSX
    std::vector<double> widths; ///< XLSX column widths in characters, one per column
};

CablingTable cablingTable(const CablePlan &plan);
CablingTable summaryTable(const CablePlan &plan);
CablingTable labelsTable(const CablePlan &plan);

/// RFC 4180: exactly one header row, nothing before it, CRLF line ends, every field through
/// the shared CSV writer (quoting and the formula guard).
std::string tableCsv(const CablingTable &table);

} // namespace cw::cabling
