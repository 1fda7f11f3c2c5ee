#include "views/docks/AsBuiltProvider.h"

#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "exporters/changes/IbEndpoints.h"
#include "model/asbuilt/AsBuiltInput.h"
#include "model/catalog/Catalog.h"
#include "model/io/AtomicFile.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace cw {
namespace {

std::string portName(const Design &design, const Catalog &catalog, PortRef ref)
{
    const Device *device = design.device(ref.device);
    if (!device)
        return {};
    const Part *part = catalog.find(device->catalogType);
    std::string port = part && ref.port >= 0 && ref.port < static_cast<int>(part->ports.size())
        ? part->ports[static_cast<std::size_t>(ref.port)].name
        : std::string();
    return device->name + " " + (port.empty() ? "port" + std::to_string(ref.port + 1) : port);
}

/// The name the Violations dock shows for an object: as the rules name them (RuleContext::nameOf).
std::string nameOf(const Design &design, const Catalog &catalog, EntityRef ref)
{
    if (ref.kind == EntityKind::Link)
        if (const Link *link = design.link(LinkId { ref.id }))
            return portName(design, catalog, link->a) + " - " + portName(design, catalog, link->b);
    if (ref.kind == EntityKind::Device)
        if (const Device *device = design.device(DeviceId { ref.id }))
            return device->name;
    return std::string(entityKindName(ref.kind)) + " " + std::to_string(ref.id);
}

/// Reads one file whole; the error names it.
QString readText(const QString &path, std::string &text)
{
    auto read = readWholeFile(path.toStdString());
    if (!read)
        return QString::fromStdString(read.error().message);
    text = std::move(read).value();
    return {};
}

} // namespace

std::string asBuiltRuleKey(asbuilt::FindingKind kind)
{
    switch (kind) {
    case asbuilt::FindingKind::Missing:
        return "asbuilt.missing-cable";
    case asbuilt::FindingKind::Extra:
        return "asbuilt.extra-cable";
    case asbuilt::FindingKind::Swapped:
        return "asbuilt.swapped-cables";
    case asbuilt::FindingKind::Misported:
        return "asbuilt.wrong-port";
    case asbuilt::FindingKind::WrongWidth:
        return "asbuilt.wrong-width";
    case asbuilt::FindingKind::WrongSpeed:
        return "asbuilt.wrong-speed";
    case asbuilt::FindingKind::UnknownDevice:
        return "asbuilt.unknown-device";
    }
    return "asbuilt.missing-cable";
}

std::string asBuiltRuleTitle(const std::string &ruleKey)
{
    using K = asbuilt::FindingKind;
    static const std::pair<K, const char *> titles[] = {
        { K::Missing, "As-built: a designed cable is missing" },
        { K::Extra, "As-built: a cable the design does not have" },
        { K::Swapped, "As-built: two cables swapped" },
        { K::Misported, "As-built: a cable in the wrong port" },
        { K::WrongWidth, "As-built: a link up with fewer lanes" },
        { K::WrongSpeed, "As-built: a link up at a lower rate" },
        { K::UnknownDevice, "As-built: a device the design does not know" },
    };
    for (const auto &[kind, title] : titles)
        if (asBuiltRuleKey(kind) == ruleKey)
            return title;
    return {};
}

std::vector<Violation> asBuiltViolations(const asbuilt::AsBuiltReport &report, const Design &design,
                                         const Catalog &catalog)
{
    std::vector<Violation> out;
    out.reserve(report.findings.size());
    for (const asbuilt::Finding &finding : report.findings) {
        Violation v;
        v.ruleKey = asBuiltRuleKey(finding.kind);
        v.severity = Severity::Warning;
        v.message = finding.message + (finding.source.empty() ? "" : " [" + finding.source + "]");
        v.fix = finding.action;
        v.entities = finding.entities;
        for (EntityRef ref : finding.entities)
            v.names.push_back(nameOf(design, catalog, ref));
        out.push_back(std::move(v));
    }
    return out;
}

AsBuiltProvider::AsBuiltProvider(Document *document)
    : QObject(document)
    , m_document(document)
{
    setObjectName(QStringLiteral("AsBuiltProvider"));
}

AsBuiltProvider *AsBuiltProvider::of(Document *document)
{
    if (!document)
        return nullptr;
    if (auto *existing
        = document->findChild<AsBuiltProvider *>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new AsBuiltProvider(document);
}

QString AsBuiltProvider::compare(const QStringList &paths)
{
    if (paths.isEmpty())
        return tr("No as-built file given.");
    const Design &design = m_document->design();
    const Catalog &catalog = m_document->catalog();
    std::vector<std::pair<QString, std::string>> texts;
    bool infiniband = false;
    for (const QString &path : paths) {
        std::string text;
        if (const QString error = readText(path, text); !error.isEmpty())
            return error;
        const asbuilt::InputFormat format = asbuilt::detectFormat(text);
        if (format == asbuilt::InputFormat::Unknown)
            return tr("%1: not ibnetdiscover output, `lldpctl -f json` output or a neighbour CSV "
                      "(header device,port,neighbour,neighbour_port)")
                .arg(path);
        infiniband = infiniband || format == asbuilt::InputFormat::Ibnetdiscover;
        texts.emplace_back(path, std::move(text));
    }
    if (infiniband && texts.size() > 1)
        return tr("Import one ibnetdiscover output at a time, or Ethernet neighbour tables "
                  "(lldpctl JSON, neighbour CSV) together; not %1 files with ibnetdiscover "
                  "output among them.")
            .arg(texts.size());
    if (infiniband) {
        const std::string file = texts.front().first.toStdString();
        auto observed = asbuilt::parseIbnetdiscover(texts.front().second, file);
        if (!observed)
            return QString::fromStdString(observed.error().message);
        auto expected = changes::ibExpectation(design, catalog, {}, *observed);
        if (!expected)
            return QString::fromStdString(file + ": " + expected.error().message);
        m_report = asbuilt::compareAsBuilt(design, catalog, expected->links, expected->endpoints,
                                           *observed);
        m_what = "InfiniBand fabric " + expected->fabric + " vs "
            + QFileInfo(texts.front().first).fileName().toStdString();
        return {};
    }
    asbuilt::Observed observed;
    for (const auto &[path, text] : texts) {
        const std::string file = path.toStdString();
        auto parsed = asbuilt::detectFormat(text) == asbuilt::InputFormat::LldpJson
            ? asbuilt::parseLldpJson(text, asbuilt::hostOfFile(file), file)
            : asbuilt::parseNeighbourCsv(text, file);
        if (!parsed)
            return QString::fromStdString(parsed.error().message);
        asbuilt::appendObserved(observed, std::move(parsed).value());
    }
    asbuilt::CompareOptions options;
    options.checkRate = false; // neighbour tables do not report link rates
    m_report = asbuilt::compareAsBuilt(design, catalog,
                                       asbuilt::neighbourLinks(design, observed.reporters),
                                       asbuilt::nameEndpoints(design, catalog), observed, options);
    m_what = "neighbour tables of " + std::to_string(observed.reporters.size()) + " device(s)";
    return {};
}

QString AsBuiltProvider::importFiles(const QStringList &paths)
{
    if (!m_document)
        return tr("No design open.");
    // Compare into copies: a refused import leaves what is shown as it was.
    const asbuilt::AsBuiltReport previous = m_report;
    const std::string previousWhat = m_what;
    if (const QString error = compare(paths); !error.isEmpty()) {
        m_report = previous;
        m_what = previousWhat;
        return error;
    }
    m_active = true;
    m_document->validator()->setProvided(
        kProvider, asBuiltViolations(m_report, m_document->design(), m_document->catalog()));
    emit changed();
    return {};
}

QString AsBuiltProvider::importWithDialog(QWidget *parent)
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        parent, tr("Import As-Built"), {},
        tr("Any as-built file (*);;ibnetdiscover output (*.txt *.topo *.out);;"
           "lldpctl -f json, one file per host named after it (*.json);;Neighbour CSV (*.csv)"));
    if (paths.isEmpty())
        return {};
    if (const QString error = importFiles(paths); !error.isEmpty()) {
        QMessageBox::warning(parent, tr("Import As-Built"), error);
        return tr("As-built not imported: %1").arg(error);
    }
    return summary();
}

void AsBuiltProvider::clear()
{
    m_report = {};
    m_what.clear();
    m_active = false;
    if (m_document)
        m_document->validator()->setProvided(kProvider, {});
    emit changed();
}

QString AsBuiltProvider::summary() const
{
    if (!m_active)
        return tr("No as-built file imported.");
    return tr("%1: %2 designed links, %3 found, %4 where they belong; %n finding(s)", "",
              static_cast<int>(m_report.findings.size()))
        .arg(QString::fromStdString(m_what))
        .arg(m_report.designedLinks)
        .arg(m_report.observedLinks)
        .arg(m_report.matchedLinks);
}

} // namespace cw
