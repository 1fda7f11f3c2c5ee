#pragma once

#include <QMainWindow>

#include <memory>

class QLabel;
class QTreeWidget;

namespace cw {

class Catalog;
class Design;

/// The workbench window. For now: the design's racks and devices as a tree and its summary;
/// the canvas views, docks and editing arrive with the workbench issue.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const Catalog &catalog, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Loads a design; on failure shows the reason and keeps the current one.
    bool openFile(const QString &path);
    const Design *design() const { return m_design.get(); }
    /// Batch use (--screenshot): errors go to stderr instead of a modal dialog.
    void setBatchMode(bool batch) { m_batch = batch; }

private:
    void openWithDialog();
    void showDesign();

    const Catalog &m_catalog;
    std::unique_ptr<Design> m_design;
    QString m_path;
    QTreeWidget *m_tree = nullptr;
    QLabel *m_summary = nullptr;
    bool m_batch = false;
};

} // namespace cw
