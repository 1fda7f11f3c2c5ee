#pragma once

#include "model/core/Network.h"

#include <QDialog>
#include <QPointer>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace cw {

class Document;

/// Edit > New Fabric...: an empty network for hand-made links (name, purpose, technology,
/// link speed). Added through Document::addFabric, so a taken or invalid name is refused
/// in the dialog, which stays open.
class FabricDialog : public QDialog
{
    Q_OBJECT

public:
    explicit FabricDialog(Document *document, QWidget *parent = nullptr);

    Fabric fabric() const;
    /// Adds the fabric; returns the refusal (also shown), empty on success.
    QString apply();
    FabricId addedId() const { return m_added; }

    void accept() override;

private:
    QPointer<Document> m_document;
    QLineEdit *m_name;
    QComboBox *m_purpose;
    QComboBox *m_technology;
    QDoubleSpinBox *m_speed;
    QLabel *m_message;
    FabricId m_added;
};

} // namespace cw
