#pragma once

#include <QDockWidget>
#include <QStandardItemModel>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace cw {

class Catalog;
struct Part;

/// MIME type of a catalog part dragged from the library; the data is the part id (UTF-8).
/// The canvas views accept drops of it (views/canvas/NewEntities.h uses the same string).
inline constexpr char kPartMimeType[] = "application/x-clusterwright-part";

/// The catalog as a tree grouped by kind, each part with its key figures; rows are drag
/// sources of kPartMimeType.
class PartLibraryModel : public QStandardItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, UnitsColumn, PowerColumn, PortsColumn, PriceColumn, ColumnCount };
    static constexpr int PartIdRole = Qt::UserRole + 1;

    explicit PartLibraryModel(const Catalog &catalog, QObject *parent = nullptr);

    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    /// "8U · 10.2 kW · 8x400G compute + 2x200G storage" - what the tooltip and tests show.
    static QString keyFigures(const Part &part);
};

/// The Library dock: the catalog, searchable (id, vendor, model, description), grouped by
/// kind, with power, U and ports; drag a part onto a canvas view to place it.
class LibraryDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit LibraryDock(const Catalog &catalog, QWidget *parent = nullptr);

    void setFilterText(const QString &text);
    QTreeView *view() const { return m_view; }
    PartLibraryModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    /// The catalog id of the part selected in the tree, empty when a group or nothing is.
    QString currentPartId() const;

signals:
    /// A part was activated (double-click or Enter): the window may place it.
    void partActivated(const QString &partId);

private:
    PartLibraryModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTreeView *m_view;
};

} // namespace cw
