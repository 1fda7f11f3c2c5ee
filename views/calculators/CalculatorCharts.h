#pragma once

#include <QString>

#include <map>
#include <string>

class QCustomPlot;

namespace cw::calcviews {

struct DesignContext;

/// Whether calculator `name` has a chart (checkpoint, training-time, kv-cache, power,
/// allreduce).
bool hasChart(const std::string &name);

/// Redraws `plot` for calculator `name` from the panel's inputs (given + prefilled) and the
/// open design. Each curve is sampled through the calculator registry, so the chart and the
/// result use one formula. Returns an empty string when something was drawn, otherwise why
/// not ("open a design to see ..."); the plot then shows that text.
QString drawChart(QCustomPlot *plot, const std::string &name,
                  const std::map<std::string, std::string> &inputs, const DesignContext &context);

} // namespace cw::calcviews
