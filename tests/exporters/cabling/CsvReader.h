#pragma once

// A small RFC 4180 reader for the tests, written independently of exporters/cabling/Csv.h:
// quoted fields may hold commas, doubled quotes and line breaks; records end in CRLF or LF.
// A first line starting with '#' is the file's header comment and is returned separately.

#include <string>
#include <vector>

namespace cw::test {

struct CsvTable
{
    std::string comment; ///< the '#' line, without the "# "
    std::vector<std::vector<std::string>> records; ///< column names first
    bool wellFormed = true; ///< false on a stray quote or an open quote
};

inline CsvTable readCsv(const std::string &text)
{
    CsvTable table;
    std::size_t i = 0;
    if (text.rfind("# ", 0) == 0) {
        const std::size_t end = text.find('\n');
        table.comment = text.substr(2, end - 2);
        if (!table.comment.empty() && table.comment.back() == '\r')
            table.comment.pop_back();
        i = end == std::string::npos ? text.size() : end + 1;
    }
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    bool fieldStarted = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == '"') {
            if (fieldStarted)
                table.wellFormed = false; // a quote inside an unquoted field
            quoted = true;
            fieldStarted = true;
        } else if (c == ',') {
            record.push_back(field);
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            record.push_back(field);
            table.records.push_back(record);
            record.clear();
            field.clear();
            fieldStarted = false;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted)
        table.wellFormed = false;
    if (fieldStarted || !record.empty()) {
        record.push_back(field);
        table.records.push_back(record);
    }
    return table;
}

/// Index of column `name` in the header record, or -1.
inline int column(const CsvTable &table, const std::string &name)
{
    if (table.records.empty())
        return -1;
    const auto &header = table.records.front();
    for (std::size_t c = 0; c < header.size(); ++c)
        if (header[c] == name)
            return static_cast<int>(c);
    return -1;
}

} // namespace cw::test
