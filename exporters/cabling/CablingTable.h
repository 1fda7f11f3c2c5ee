#pragma once

#include "model/quantities/CablePlan.h"

#include <string>
#include <string_view>
#include <vector>

namespace cw::cabling {

/// Where the cells of a cabling sheet go, row by row: a CSV file or an XLSX sheet
/// (exporters/cabling/CellWriters.h). The tables are produced cell by cell straight into the
/// file, never held whole (522,460 rows of 19 cells at 16,384 nodes).
class CellWriter
{
public:
    virtual ~CellWriter() = default;
    virtual void text(std::string_view value) = 0;
    /// A number, given as the decimal text the CSV holds ("11", "2.5"); a numeric cell in XLSX.
    virtual void number(std::string_view decimal) = 0;
    virtual void endRow() = 0;
};

/// A sheet's columns: names, which are numbers (XLSX), widths in characters (XLSX).
struct SheetLayout
{
    std::vector<std::string> columns;
    std::vector<double> widths;
};

const SheetLayout &cablingLayout();
const SheetLayout &summaryLayout();
const SheetLayout &labelsLayout();

/// The header row of `layout`. The rows below are written from a plan built with
/// CablePlanDetail::Links (its `links`).
void writeHeader(const SheetLayout &layout, CellWriter &out);

/// cabling.csv: one row per link in plan order; the legs of a twin-port or splitter cable
/// share its cable_id and differ in `leg`.
void writeCablingRows(const CablePlan &plan, CellWriter &out);
/// cabling-summary.csv: per medium and length bin, then an "all,all" total row.
void writeSummaryRows(const CablePlan &plan, CellWriter &out);
/// labels.csv: one row per physical cable, in row order of its first leg.
void writeLabelRows(const CablePlan &plan, CellWriter &out);

} // namespace cw::cabling
