#pragma once

#include "model/core/Design.h"

#include <QFuture>
#include <QWizard>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

class QButtonGroup;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QRadioButton;

namespace cw {

class Catalog;
struct TemplateParameter;

/// File > New from Template: pick one of the generator's templates (model/fabric/Templates.h),
/// fill in its parameters with widgets from their specs (combo boxes for choices and catalog
/// parts, check boxes for booleans, spin boxes with the accepted range for numbers), choose the
/// site (the template's default, the open design's, or a site file), and get the generated
/// design. A design that does not fit the site keeps the wizard open with the binding
/// constraint and the largest design that fits, before anything is created.
class NewDesignWizard : public QWizard
{
    Q_OBJECT

public:
    /// `openSite`: the site of the design open in the window, offered as a choice (may be null).
    explicit NewDesignWizard(const Catalog &catalog, QWidget *parent = nullptr,
                             const Site *openSite = nullptr);

    /// Selects a template and sets parameter values (tests, command line).
    void setTemplate(const QString &name);
    void setParameter(const QString &name, const QString &value);
    /// Site choices: the template's default, the open design's, or a site file.
    void useDefaultSite();
    bool useOpenDesignSite();
    void useSiteFile(const QString &path);
    /// Runs the generator with the current choices; false and a message on failure (a bad
    /// parameter, an unreadable site file, or the binding constraint when it does not fit).
    /// Waits for startGenerating() (the event loop runs meanwhile, user input excluded).
    bool generate(QString *error);
    /// Starts the generator on a worker thread with the current choices and shows a busy
    /// bar; Finish and Check fit wait for it, Cancel closes the wizard and drops its result.
    /// `then` gets the error text (empty: takeDesign() has the design) in the event loop.
    /// False when one is already running.
    bool startGenerating(std::function<void(const QString &error)> then);
    /// From startGenerating() until its result has been taken in the event loop.
    bool isGenerating() const { return m_generating; }
    /// Whether takeDesign() holds a design made from the choices as they are now.
    bool hasCurrentDesign() const;
    /// The generated design (after accept or generate()); null before.
    std::unique_ptr<Design> takeDesign() { return std::move(m_design); }
    QStringList notes() const { return m_notes; }
    /// The parameter values as the generator gets them (only those not left at the default).
    std::map<std::string, std::string> parameterValues() const;

private:
    void showParameters();
    QWidget *editorFor(const TemplateParameter &parameter);
    QWidget *buildSitePage();
    /// The chosen site; nullopt = the template's default. False and `error` when unreadable.
    bool chosenSite(std::optional<Site> &site, QString *error) const;
    void checkFit();
    void showFit(const QString &error);
    /// The choices as one string: a design made from other choices is not the current one.
    QString choicesKey() const;

    const Catalog &m_catalog;
    std::optional<Site> m_openSite;
    QListWidget *m_templates;
    QLabel *m_summary;
    QFormLayout *m_form;
    QLabel *m_error;
    std::map<std::string, QWidget *> m_fields;
    QRadioButton *m_defaultSite = nullptr;
    QRadioButton *m_openDesignSite = nullptr;
    QRadioButton *m_fileSite = nullptr;
    QLineEdit *m_sitePath = nullptr;
    QLabel *m_defaultSiteText = nullptr;
    QLabel *m_fit = nullptr;
    QProgressBar *m_busy = nullptr;
    QPushButton *m_check = nullptr;
    std::unique_ptr<Design> m_design;
    QString m_designKey; ///< choicesKey() of m_design
    QStringList m_notes;
    QFuture<void> m_running; ///< the generator on its worker
    bool m_generating = false;
};

} // namespace cw
