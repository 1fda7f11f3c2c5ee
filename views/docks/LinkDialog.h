#pragma once

#include "model/core/Equipment.h"

#include <QDialog>
#include <QPointer>

#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;

namespace cw {

class Document;
struct EntityRef;

/// Edit > Add Link...: one cable by hand. The architect picks the fabric, then a device and
/// a free port at each end (prefilled from the selection: two devices, or one device and
/// the port table's row); the cable is left empty so that Document::addLink chooses it by
/// the same auto-cabling rules the generators use (model/build/CableChooser.h). A refusal
/// (port taken, port out of range, unknown fabric...) is shown in the dialog, which stays
/// open; nothing is changed until the link is accepted.
class LinkDialog : public QDialog
{
    Q_OBJECT

public:
    LinkDialog(Document *document, const std::vector<EntityRef> &selection,
               QWidget *parent = nullptr);

    /// Sets an end by device name and port index (tests, the port table's Connect).
    void setEnd(int end, const QString &deviceName, int port);
    void setFabric(const QString &fabricName);
    /// The link the fields describe (cable empty, length 0: both chosen on adding).
    Link link() const;
    /// Adds the link through Document; returns the refusal (also shown), empty on success.
    QString apply();
    QString message() const;

    void accept() override;

private:
    struct End
    {
        QLineEdit *device = nullptr;
        QComboBox *port = nullptr;
    };
    void fillPorts(End &end);
    const class Device *deviceNamed(const QString &name) const;

    QPointer<Document> m_document;
    QComboBox *m_fabric;
    End m_ends[2];
    QLabel *m_message;
};

} // namespace cw
