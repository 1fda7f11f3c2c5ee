#pragma once

#include "model/core/Design.h"

#include <QWizard>

#include <map>
#include <memory>
#include <string>

class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;

namespace cw {

class Catalog;

/// File > New from Template: pick one of the generator's templates (model/fabric/Templates.h),
/// fill in its parameters (defaults shown), and get the generated design. An impossible
/// parameter keeps the wizard open with the generator's message.
class NewDesignWizard : public QWizard
{
    Q_OBJECT

public:
    explicit NewDesignWizard(const Catalog &catalog, QWidget *parent = nullptr);

    /// Selects a template and sets parameter values (tests, command line).
    void setTemplate(const QString &name);
    void setParameter(const QString &name, const QString &value);
    /// Runs the generator with the current choices; false and a message on failure.
    bool generate(QString *error);
    /// The generated design (after accept or generate()); null before.
    std::unique_ptr<Design> takeDesign() { return std::move(m_design); }
    QStringList notes() const { return m_notes; }

private:
    void showParameters();

    const Catalog &m_catalog;
    QListWidget *m_templates;
    QLabel *m_summary;
    QFormLayout *m_form;
    QLabel *m_error;
    std::map<std::string, QLineEdit *> m_fields;
    std::unique_ptr<Design> m_design;
    QStringList m_notes;
};

} // namespace cw
