#pragma once

#include "model/asbuilt/AsBuiltCompare.h"
#include "model/validation/Violation.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

class QWidget;

#include <string>
#include <vector>

namespace cw {

class Document;

/// The rule key of an as-built finding: "asbuilt.missing-cable", "asbuilt.extra-cable",
/// "asbuilt.swapped-cables", "asbuilt.wrong-port", "asbuilt.wrong-width", "asbuilt.wrong-speed",
/// "asbuilt.unknown-device".
std::string asBuiltRuleKey(asbuilt::FindingKind kind);
/// What the Violations dock calls an asbuilt.* rule ("As-built: two cables swapped"); empty for
/// any other key.
std::string asBuiltRuleTitle(const std::string &ruleKey);

/// Each finding as a warning of its asbuilt.* rule: the finding's message, its action as the fix,
/// its design objects (designed links first, then devices) with their names. Warnings, not
/// errors: they describe the built cluster, not the design, so they do not stop an export (the
/// cabling plan is what the installers need to put the cables right).
std::vector<Violation> asBuiltViolations(const asbuilt::AsBuiltReport &report, const Design &design,
                                         const Catalog &catalog);

/// File > Import As-Built...: compares what the installed cluster reports (ibnetdiscover
/// output, `lldpctl -f json` of hosts, neighbour CSVs: the inputs of `clusterwright-cli
/// asbuilt`) with the open design and hands the findings to the document's live validator as
/// provided violations, so they show as canvas markers and Violations dock rows like the rules'
/// findings. They stay until cleared or re-imported and are never saved with the design. A
/// child of the document: it goes when the document does.
class AsBuiltProvider : public QObject
{
    Q_OBJECT

public:
    /// The provider name the findings are registered under in LiveValidator::setProvided.
    static constexpr const char *kProvider = "asbuilt";

    /// The document's provider, made on first use.
    static AsBuiltProvider *of(Document *document);

    /// Reads `paths` (one ibnetdiscover output, or any number of lldpctl JSON files named after
    /// their host and neighbour CSVs), compares and replaces the shown findings. Returns an
    /// error naming the file and what was expected (the findings shown stay as they were), or
    /// an empty string.
    QString importFiles(const QStringList &paths);
    /// Asks for the files (File > Import As-Built...) and imports them; a refusal is shown in a
    /// message box. Returns what the status bar shows: the summary, or why nothing changed.
    QString importWithDialog(QWidget *parent);
    /// File > Clear As-Built: removes the findings.
    void clear();

    bool isActive() const { return m_active; }
    const asbuilt::AsBuiltReport &report() const { return m_report; }
    /// "InfiniBand fabric compute vs fabric.txt: 40 designed links, 36 where they belong,
    /// 5 finding(s)".
    QString summary() const;

signals:
    void changed();

private:
    explicit AsBuiltProvider(Document *document);
    /// Compares and sets m_report / m_what; returns an error or empty.
    QString compare(const QStringList &paths);

    QPointer<Document> m_document;
    asbuilt::AsBuiltReport m_report;
    std::string m_what;
    bool m_active = false;
};

} // namespace cw
