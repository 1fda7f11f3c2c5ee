#include "exporters/Exporter.h"

#include "exporters/common/ByteSink.h"

namespace cw::exporters {

Result<std::string> fileBytes(const ExportedFile &file)
{
    if (!file.stream)
        return file.bytes;
    StringSink sink;
    if (auto produced = file.stream(sink); !produced)
        return produced.error();
    sink.flush();
    if (sink.failed())
        return Error { file.path + ": " + sink.error() };
    return sink.take();
}

void ExporterRegistry::add(std::unique_ptr<Exporter> exporter)
{
    m_exporters.push_back(std::move(exporter));
}

const Exporter *ExporterRegistry::find(const std::string &name) const
{
    for (const auto &exporter : m_exporters)
        if (exporter->name() == name)
            return exporter.get();
    return nullptr;
}

std::vector<const Exporter *> ExporterRegistry::all() const
{
    std::vector<const Exporter *> result;
    for (const auto &exporter : m_exporters)
        result.push_back(exporter.get());
    return result;
}

Result<void> checkParameters(const Exporter &exporter,
                             const std::map<std::string, std::string> &params)
{
    const auto accepted = exporter.parameters();
    for (const auto &[key, value] : params) {
        bool known = false;
        for (const auto &parameter : accepted)
            known = known || parameter.key == key;
        if (known)
            continue;
        std::string list;
        for (const auto &parameter : accepted)
            list += (list.empty() ? "" : ", ") + parameter.key;
        return Error { "export format \"" + exporter.name() + "\" has no parameter \"" + key + "\""
                       + (list.empty() ? " (it takes none)" : " (it takes: " + list + ")") };
    }
    return {};
}

} // namespace cw::exporters
