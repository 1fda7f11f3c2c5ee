#pragma once

#include "model/core/Ids.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace cw {
class Document;
}

namespace cw::canvas {

/// Chooses the racks the elevation shows: filter by row and by name, take the racks of the
/// current selection, pick several (up to `maxRacks`) from the list.
class RackPicker : public QDialog
{
    Q_OBJECT

public:
    RackPicker(const Document &document, const std::vector<RackId> &current, std::size_t maxRacks,
               QWidget *parent = nullptr);

    /// The racks picked, in floor order (row, then position).
    std::vector<RackId> racks() const;

    /// Filters (also what the dialog's widgets set): a row (invalid = all) and a name part.
    void setRowFilter(RowId row);
    void setNameFilter(const QString &text);
    /// Picks the racks of the document's selection (devices count for their racks).
    void pickSelection();
    /// Racks listed under the current filters.
    int visibleCount() const;

private:
    void refilter();
    void limitPicks();

    const Document &m_document;
    std::size_t m_maxRacks;
    QComboBox *m_row;
    QLineEdit *m_name;
    QListWidget *m_list;
    QLabel *m_status;
};

} // namespace cw::canvas
