#pragma once

#include "model/core/ChangeSet.h"

#include "views/document/Document.h"

#include <QDockWidget>
#include <QPointer>

#include <functional>
#include <vector>

class QFormLayout;
class QLabel;
class QWidget;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QCheckBox;

namespace cw {

/// The Inspector dock: edits the properties of the selection with units, through Document
/// (so every change is an undo step and every refusal - negative power, unknown catalog
/// id, an impossible U - comes back as a message shown under the form). With several
/// objects of one kind selected, a change applies to all of them as one undo step. With
/// nothing selected it edits the design name and the site.
class InspectorDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit InspectorDock(QWidget *parent = nullptr);

    void setDocument(Document *document);
    Document *document() const { return m_document; }
    /// The last refusal shown, empty after a successful edit.
    QString lastMessage() const { return m_lastMessage; }
    /// The editor of a field, by its object name ("name", "part", "uPosition", "face", "role",
    /// "tier", "powerBudgetKw", "linkSpeedGbps", "pue", ...), for tests and accessibility.
    QWidget *editor(const QString &field) const;

signals:
    void statusMessage(const QString &message);
    /// The port table's Connect: the window opens Add Link with this port as one end.
    void connectPortRequested(cw::PortRef port);

private:
    struct Field
    {
        QWidget *editor = nullptr;
        std::function<void()> load;
    };

    void rebuild();
    void onChanged(const ChangeSet &changes);
    void loadAll();
    void clearForm();
    void report(const QString &why);

    void buildDeviceForm(const std::vector<EntityRef> &refs);
    void buildRackForm(const std::vector<EntityRef> &refs);
    void buildRowForm(EntityRef ref);
    void buildFabricForm(EntityRef ref);
    void buildLinkForm(EntityRef ref);
    void buildStorageForm(EntityRef ref);
    void buildStorageMembers(StorageTierId id);
    void buildSiteForm();
    void buildPduTable(RackId id); ///< InspectorPowerQos.cpp
    void buildQosGroup(DeviceId id); ///< InspectorPowerQos.cpp
    void buildPortTable(DeviceId id); ///< InspectorPorts.cpp

    QLineEdit *addText(const QString &name, const QString &label, std::function<QString()> get,
                       std::function<QString(const QString &)> set);
    QDoubleSpinBox *addNumber(const QString &name, const QString &label, const QString &suffix,
                              int decimals, std::function<double()> get,
                              std::function<QString(double)> set);
    QSpinBox *addInteger(const QString &name, const QString &label, int min, int max,
                         std::function<int()> get, std::function<QString(int)> set);
    QComboBox *addChoice(const QString &name, const QString &label, const QStringList &items,
                         bool editable, std::function<QString()> get,
                         std::function<QString(const QString &)> set);
    QCheckBox *addCheck(const QString &name, const QString &label, std::function<bool()> get,
                        std::function<QString(bool)> set);
    QLabel *addInfo(const QString &label, std::function<QString()> get);

    QPointer<Document> m_document;
    QLabel *m_title = nullptr;
    QWidget *m_formHost = nullptr;
    QFormLayout *m_form = nullptr;
    QLabel *m_message = nullptr;
    std::vector<Field> m_fields;
    std::vector<EntityRef> m_shown; ///< what the form edits (empty = the site)
    QString m_lastMessage;
    bool m_loading = false;
};

} // namespace cw
