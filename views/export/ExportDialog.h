#pragma once

#include "views/export/ExportJob.h"

#include "exporters/common/ExportRun.h"

#include <QDialog>

#include <map>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace cw {
class Document;
namespace exporters {
class ExporterRegistry;
}
} // namespace cw

namespace cw::exportviews {

/// What an export outcome means in words: what was written (with sizes) and the notes, or
/// why nothing was, with the violations or the files in the way. The workbench's dialogs
/// and status bar share it.
QString outcomeText(const exporters::ExportRunOutcome &outcome);

/// The Export dialog (Export > Export...): the registry's formats with their parameters
/// (editable; empty = the format's default), an output folder, "overwrite existing files"
/// and "export despite validation errors". Export runs exporters::runExport - the CLI's
/// validation gate, every file prepared before any is written, existing files refused unless
/// overwriting - on a worker thread (ExportJob.h) with a progress bar and Cancel, and shows
/// what was written or why not. The dialog stays open to show it.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    /// `document` and `registry` must outlive the dialog.
    ExportDialog(Document *document, const exporters::ExporterRegistry &registry,
                 QWidget *parent = nullptr);
    ~ExportDialog() override;

    void setOutputFolder(const QString &folder);
    QString outputFolder() const;
    void setFormatChecked(const QString &format, bool checked);
    QStringList checkedFormats() const;
    /// The parameter's editor (nullptr when the format has no such parameter).
    QLineEdit *parameterEdit(const QString &format, const QString &key) const;

    QTreeWidget *formatTree() const { return m_formats; }
    QLineEdit *folderEdit() const { return m_folder; }
    QCheckBox *overwriteBox() const { return m_overwrite; }
    QCheckBox *allowErrorsBox() const { return m_allowErrors; }
    QPushButton *exportButton() const { return m_export; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *validationLabel() const { return m_validation; }
    QPlainTextEdit *resultView() const { return m_result; }
    const std::optional<exporters::ExportRunOutcome> &lastOutcome() const { return m_outcome; }

    /// Starts the export with the dialog's settings on a worker thread (the Export button);
    /// returns at once. exportFinished() follows when it ends. False when nothing started
    /// (the reason is shown and is the last outcome).
    bool startExport();
    /// Whether an export started here is still running.
    bool isExporting() const;
    /// Stops the running export before it writes anything (the Cancel button).
    void cancelExport();
    /// startExport() and wait for it (the event loop runs meanwhile, without user input);
    /// returns the outcome shown.
    exporters::ExportRunOutcome exportNow();

signals:
    /// After every run: a one-line summary for the status bar.
    void exportFinished(const QString &summary);

protected:
    void reject() override;

private:
    void finishExport();
    void browse();
    void updateValidation();
    void updateButtons();
    std::vector<exporters::ExportSelection> selections() const;

    Document *m_document;
    const exporters::ExporterRegistry &m_registry;
    QTreeWidget *m_formats = nullptr;
    std::map<QTreeWidgetItem *, const exporters::Exporter *> m_formatItems;
    std::map<std::pair<QString, QString>, QLineEdit *> m_params; ///< (format, key) -> editor
    QLineEdit *m_folder = nullptr;
    QCheckBox *m_overwrite = nullptr;
    QCheckBox *m_allowErrors = nullptr;
    QLabel *m_validation = nullptr;
    QLabel *m_layoutHint = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    std::optional<exporters::ExportRunOutcome> m_outcome;
    std::optional<ExportJob> m_job; ///< the export running, if any
    QString m_jobFolder; ///< the folder it writes into
};

} // namespace cw::exportviews
