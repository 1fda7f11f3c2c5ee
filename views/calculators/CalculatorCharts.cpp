#include "views/calculators/CalculatorCharts.h"

#include "calculators/InputError.h"
#include "calculators/ParamParser.h"
#include "calculators/Registry.h"
#include "calculators/Units.h"
#include "model/catalog/Part.h"
#include "views/calculators/DesignContext.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace cw::calcviews {

namespace {

using Inputs = std::map<std::string, std::string>;

const QList<QColor> &palette()
{
    static const QList<QColor> colors { QColor(31, 119, 180), QColor(255, 127, 14),
                                        QColor(44, 160, 44), QColor(214, 39, 40),
                                        QColor(148, 103, 189) };
    return colors;
}

/// Points x -> result[outKey] of calculator `name` with inputs[key] = x; x values whose run
/// fails (out of the calculator's domain) are left out.
void sample(const std::string &name, Inputs inputs, const std::string &key,
            const QVector<double> &xs, const std::string &outKey, double scale,
            QVector<double> &keys, QVector<double> &values)
{
    for (double x : xs) {
        inputs[key] = calc::formatNumber(x);
        const calc::CalcOutcome outcome = calc::runCalculator(name, inputs);
        if (!outcome.ok() || !outcome.result.contains(outKey))
            continue;
        keys << x;
        values << outcome.result.at(outKey).get<double>() * scale;
    }
}

QVector<double> logSpaced(double from, double to, int count)
{
    QVector<double> xs;
    const double step = std::log(to / from) / (count - 1);
    for (int i = 0; i < count; ++i)
        xs << from * std::exp(step * i);
    return xs;
}

QVector<double> powersOfTwo(double from, double to)
{
    QVector<double> xs;
    for (double x = from; x <= to; x *= 2)
        xs << x;
    return xs;
}

std::optional<double> number(const Inputs &inputs, const std::string &key)
{
    const auto it = inputs.find(key);
    return it == inputs.end() ? std::nullopt : calc::parseNumber(it->second);
}

void setLog(QCPAxis *axis, bool log)
{
    axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log)
        axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    else
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
}

/// Empties the plot (graphs, bars, items, groups) and sets its title.
void reset(QCustomPlot *plot, const QString &title)
{
    plot->clearPlottables();
    plot->clearItems();
    qDeleteAll(plot->findChildren<QCPBarsGroup *>());
    plot->legend->setVisible(false);
    plot->xAxis->setVisible(true);
    plot->yAxis->setVisible(true);
    plot->xAxis->setRange(0, 1); // a zoom of the previous chart means nothing here
    plot->yAxis->setRange(0, 1);
    plot->xAxis->setTickLabelRotation(0);
    setLog(plot->xAxis, false);
    setLog(plot->yAxis, false);
    plot->xAxis->setLabel(QString());
    plot->yAxis->setLabel(QString());
    QCPTextElement *titleElement = nullptr;
    if (plot->plotLayout()->rowCount() > 1)
        titleElement = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
    if (!titleElement) {
        plot->plotLayout()->insertRow(0);
        titleElement = new QCPTextElement(plot, QString(), QFont(QString(), 10, QFont::Bold));
        plot->plotLayout()->addElement(0, 0, titleElement);
    }
    titleElement->setText(title);
}

QCPGraph *addCurve(QCustomPlot *plot, const QVector<double> &keys, const QVector<double> &values,
                   const QString &name, int colour)
{
    QCPGraph *graph = plot->addGraph();
    graph->setData(keys, values, true);
    graph->setName(name);
    graph->setPen(QPen(palette()[colour % palette().size()], 2));
    return graph;
}

void marker(QCustomPlot *plot, bool vertical, double at, const QString &label, const QColor &colour,
            double labelAt = 0.02)
{
    auto *line = new QCPItemStraightLine(plot);
    line->setPen(QPen(colour, 1.5, Qt::DashLine));
    if (vertical) {
        line->point1->setCoords(at, 1);
        line->point2->setCoords(at, 2);
    } else {
        line->point1->setCoords(1, at);
        line->point2->setCoords(2, at);
    }
    auto *text = new QCPItemText(plot);
    text->setText(label);
    text->setColor(colour);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    if (vertical) {
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(at, labelAt);
    } else {
        text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        text->position->setTypeY(QCPItemPosition::ptPlotCoords);
        text->position->setCoords(0.02, at);
    }
}

/// Shows the legend in a row of its own under the axes, laid out in columns, so it never
/// covers bars or curves at the dock's default size.
void legendBelow(QCustomPlot *plot)
{
    QCPLegend *legend = plot->legend;
    if (legend->layout() != plot->plotLayout()) {
        if (auto *inset = qobject_cast<QCPLayoutInset *>(legend->layout()))
            inset->take(legend);
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(3);
        QFont font = plot->font();
        font.setPointSize(8);
        legend->setFont(font);
        legend->setBorderPen(Qt::NoPen);
    }
    legend->setVisible(true);
}

void fit(QCustomPlot *plot)
{
    plot->rescaleAxes();
    // Give log-scale curves a little air at both ends.
    for (QCPAxis *axis : { plot->xAxis, plot->yAxis }) {
        if (axis->scaleType() == QCPAxis::stLogarithmic)
            axis->setRange(axis->range().lower / 1.5, axis->range().upper * 1.5);
        else
            axis->scaleRange(1.1, axis->range().center());
    }
}

QString checkpointChart(QCustomPlot *plot, const Inputs &inputs, const DesignContext &context)
{
    reset(plot, QStringLiteral("Checkpoint stall against storage write bandwidth"));
    const auto write = number(inputs, "write-gbyte-s");
    if (!write || !calc::runCalculator("checkpoint", inputs).ok())
        return QStringLiteral("fill the inputs to see the stall against write bandwidth");
    double low = *write / 100, high = *write * 100;
    if (context.facts && context.facts->parallelFs) {
        low = std::min(low, context.facts->parallelFs->writeGBps / 10);
        high = std::max(high, context.facts->parallelFs->writeGBps * 10);
    }
    QVector<double> keys, values;
    sample("checkpoint", inputs, "write-gbyte-s", logSpaced(low, high, 80), "stall_fraction", 1.0,
           keys, values);
    addCurve(plot, keys, values, QStringLiteral("stall fraction"), 0);
    setLog(plot->xAxis, true);
    setLog(plot->yAxis, true);
    plot->xAxis->setLabel(QStringLiteral("aggregate write bandwidth [GB/s]"));
    plot->yAxis->setLabel(QStringLiteral("stall fraction"));
    fit(plot);
    const double target = number(inputs, "stall-target").value_or(0.05);
    marker(plot, false, target, QStringLiteral("target %1").arg(target), QColor(214, 39, 40));
    if (context.facts && context.facts->parallelFs) {
        const StorageTier &tier = *context.facts->parallelFs;
        marker(plot, true, tier.writeGBps,
               QStringLiteral("design: %1, %2 GB/s")
                   .arg(QString::fromStdString(tier.name))
                   .arg(tier.writeGBps),
               QColor(44, 160, 44));
    }
    return {};
}

QString trainingTimeChart(QCustomPlot *plot, const Inputs &inputs, const DesignContext &context)
{
    reset(plot, QStringLiteral("Training time against GPU count"));
    const auto gpus = number(inputs, "gpus");
    const auto mfu = number(inputs, "mfu");
    if (!gpus || !calc::runCalculator("training-time", inputs).ok())
        return QStringLiteral("fill the inputs to see training days against GPU count");
    std::vector<double> mfus { 0.3, 0.4, 0.5 };
    if (mfu && std::find(mfus.begin(), mfus.end(), *mfu) == mfus.end())
        mfus.push_back(*mfu);
    std::sort(mfus.begin(), mfus.end());
    const QVector<double> counts = powersOfTwo(8, std::max(1024.0, *gpus * 16));
    int colour = 0;
    for (double m : mfus) {
        Inputs at = inputs;
        at.erase("hfu"); // the curves are at a model FLOPs utilisation
        at["mfu"] = calc::formatNumber(m);
        QVector<double> keys, values;
        sample("training-time", at, "gpus", counts, "days", 1.0, keys, values);
        addCurve(plot, keys, values, QStringLiteral("MFU %1").arg(m), colour++);
    }
    setLog(plot->xAxis, true);
    setLog(plot->yAxis, true);
    plot->xAxis->setLabel(QStringLiteral("GPUs"));
    plot->yAxis->setLabel(QStringLiteral("training time [days]"));
    legendBelow(plot);
    fit(plot);
    marker(plot, true, *gpus,
           QStringLiteral("%1 %2 GPUs").arg(context.hasDesign() ? "design:" : "").arg(*gpus),
           QColor(90, 90, 90));
    return {};
}

QString kvCacheChart(QCustomPlot *plot, const Inputs &inputs)
{
    const auto model = inputs.find("model");
    const QString what = model != inputs.end() ? QString::fromStdString(model->second)
                                               : QStringLiteral("the given shape");
    reset(plot, QStringLiteral("KV cache against context length: %1").arg(what));
    if (!calc::runCalculator("kv-cache", inputs).ok())
        return QStringLiteral("choose a model (or give the shape) to see the KV cache");
    QVector<double> keys, values;
    sample("kv-cache", inputs, "tokens", powersOfTwo(1024, 131072), "total_bytes",
           1.0 / calc::bytesPerGiB, keys, values);
    addCurve(plot, keys, values, QStringLiteral("KV cache"), 1);
    setLog(plot->xAxis, true);
    setLog(plot->yAxis, true);
    plot->xAxis->setLabel(QStringLiteral("context length [tokens]"));
    plot->yAxis->setLabel(QStringLiteral("KV cache [GiB]"));
    fit(plot);
    if (const auto tokens = number(inputs, "tokens"))
        marker(plot, true, *tokens, QStringLiteral("%1 tokens").arg(*tokens), QColor(90, 90, 90));
    return {};
}

/// Bars at 1..n labelled with `names`.
QCPBars *addBars(QCustomPlot *plot, const QVector<double> &values, const QString &name, int colour)
{
    auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
    QVector<double> keys;
    for (int i = 0; i < values.size(); ++i)
        keys << i + 1;
    bars->setData(keys, values, true);
    bars->setName(name);
    const QColor c = palette()[colour % palette().size()];
    bars->setPen(QPen(c.darker(130)));
    bars->setBrush(c);
    return bars;
}

void labelBars(QCustomPlot *plot, const QStringList &names)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < names.size(); ++i)
        ticker->addTick(i + 1, names[i]);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setRange(0.4, names.size() + 0.6);
}

/// Racks of the same load against the same feed, drawn as one bar.
struct RackGroup
{
    QString firstRack;
    int racks = 0;
    double loadKw = 0;
    double feedKw = 0;
};

/// More bars than this do not fit the dock's default width (about 330 px of plot).
constexpr int kMaxPowerBars = 12;

/// The racks grouped by equal load and feed (0.1 kW), the nearest to their feed first: a
/// generated hall has thousands of racks but a handful of kinds, and the worst kinds are what
/// the architect needs to see.
std::vector<RackGroup> rackGroups(const std::vector<calc::RackPowerRow> &rows)
{
    std::map<std::pair<long long, long long>, RackGroup> byLoad;
    for (const calc::RackPowerRow &row : rows) {
        RackGroup &group
            = byLoad[{ std::llround(row.loadKw * 10), std::llround(row.feedCapacityKw * 10) }];
        if (group.racks++ == 0) {
            group.firstRack = QString::fromStdString(row.rack);
            group.loadKw = row.loadKw;
            group.feedKw = row.feedCapacityKw;
        }
    }
    std::vector<RackGroup> groups;
    for (auto &[key, group] : byLoad)
        groups.push_back(group);
    const auto ratio = [](const RackGroup &g) {
        return g.feedKw > 0 ? g.loadKw / g.feedKw : 1e9; // no feed: the worst
    };
    std::stable_sort(groups.begin(), groups.end(),
                     [&](const RackGroup &a, const RackGroup &b) { return ratio(a) > ratio(b); });
    return groups;
}

QString powerChart(QCustomPlot *plot, const DesignContext &context)
{
    reset(plot, QStringLiteral("Power per rack against feed capacity"));
    if (!context.hasDesign() || context.racks.empty())
        return QStringLiteral("open a design with racks to see power per rack");
    QVector<double> load, feed;
    QStringList names;
    if (static_cast<int>(context.racks.size()) <= kMaxPowerBars) {
        for (const calc::RackPowerRow &row : context.racks) {
            names << QString::fromStdString(row.rack);
            load << row.loadKw;
            feed << row.feedCapacityKw;
        }
    } else {
        std::vector<RackGroup> groups = rackGroups(context.racks);
        const std::size_t kinds = groups.size();
        if (groups.size() > std::size_t(kMaxPowerBars))
            groups.resize(kMaxPowerBars);
        for (const RackGroup &group : groups) {
            names << (group.racks == 1 ? group.firstRack
                                       : QStringLiteral("%1 racks").arg(group.racks));
            load << group.loadKw;
            feed << group.feedKw;
        }
        reset(plot,
              kinds > groups.size()
                  ? QStringLiteral("Racks by load against feed: the %1 kinds nearest their feed "
                                   "of %2")
                        .arg(groups.size())
                        .arg(kinds)
                  : QStringLiteral("%1 racks by load against feed capacity")
                        .arg(context.racks.size()));
    }
    auto *group = new QCPBarsGroup(plot);
    QCPBars *loadBars = addBars(plot, load, QStringLiteral("load (maximum power)"), 0);
    QCPBars *feedBars = addBars(plot, feed, QStringLiteral("one feed after 80 % derating"), 2);
    for (QCPBars *bars : { loadBars, feedBars }) {
        bars->setWidth(0.35);
        bars->setBarsGroup(group);
    }
    plot->yAxis->setLabel(QStringLiteral("kW"));
    legendBelow(plot);
    const double top = std::max(*std::max_element(load.begin(), load.end()),
                                *std::max_element(feed.begin(), feed.end()));
    plot->yAxis->setRange(0, top * 1.25);
    labelBars(plot, names);
    // Names side by side overlap beyond a few bars: slanted, they stay legible.
    plot->xAxis->setTickLabelRotation(names.size() > 4 ? 45 : 0);
    return {};
}

QString bandwidthChart(QCustomPlot *plot, const DesignContext &context)
{
    const QString node = context.facts && context.facts->node
        ? QString::fromStdString(context.facts->node->id)
        : QString();
    reset(plot, QStringLiteral("Bandwidth per GPU: %1").arg(node));
    if (context.bandwidth.empty())
        return QStringLiteral("open a design with GPU servers to see the bandwidth hierarchy");
    QVector<double> values;
    QStringList names;
    for (const calc::BandwidthLevel &level : context.bandwidth) {
        names << QString::fromStdString(level.name);
        values << level.gbPerS;
    }
    addBars(plot, values, QStringLiteral("GB/s per GPU"), 0)->setWidth(0.6);
    setLog(plot->yAxis, true);
    plot->yAxis->setLabel(QStringLiteral("GB/s per GPU (per direction)"));
    const double low = *std::min_element(values.begin(), values.end());
    const double high = *std::max_element(values.begin(), values.end());
    plot->yAxis->setRange(low / 3, high * 3);
    labelBars(plot, names);
    return {};
}

QString pipelineMemoryChart(QCustomPlot *plot, const Inputs &inputs)
{
    reset(plot, QStringLiteral("Peak memory per GPU against pipeline depth"));
    if (!inputs.contains("layers") || !calc::runCalculator("training-memory", inputs).ok())
        return QStringLiteral("give the shape (layers, hidden, heads, seq) to see memory "
                              "against pipeline depth");
    const double layers = number(inputs, "layers").value_or(1);
    QVector<double> depths;
    for (double pp = 1; pp <= std::min(64.0, layers); pp *= 2)
        depths << pp;
    // One curve per micro-batch count m: 1F1B holds min(pp, m) micro-batches.
    int colour = 0;
    for (const char *m : { "1", "4", "16", "64" }) {
        Inputs at = inputs;
        at["micro-batches"] = m;
        at.erase("gpu-memory-gbyte");
        QVector<double> keys, values;
        sample("training-memory", at, "pp", depths, "total_bytes_per_gpu", 1.0 / calc::bytesPerGB,
               keys, values);
        addCurve(plot, keys, values, QStringLiteral("m = %1").arg(m), colour++);
    }
    setLog(plot->xAxis, true);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (double pp : depths)
        ticker->addTick(pp, QString::number(pp));
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setLabel(QStringLiteral("pipeline stages pp"));
    plot->yAxis->setLabel(QStringLiteral("peak memory per GPU [GB]"));
    legendBelow(plot);
    fit(plot);
    plot->yAxis->setRangeLower(0);
    if (const auto memory = number(inputs, "gpu-memory-gbyte"))
        marker(plot, false, *memory, QStringLiteral("GPU %1 GB").arg(*memory), QColor(214, 39, 40));
    if (const auto pp = number(inputs, "pp"))
        marker(plot, true, *pp, QStringLiteral("pp %1").arg(*pp), QColor(90, 90, 90));
    return {};
}

QString checkpointIntervalChart(QCustomPlot *plot, const Inputs &inputs)
{
    reset(plot, QStringLiteral("Work lost per day against checkpoint interval"));
    const calc::CalcOutcome now = calc::runCalculator("checkpoint-interval", inputs);
    if (!now.ok())
        return QStringLiteral("give the MTBF and checkpoint time to see lost work per day");
    const double daly = now.result.at("daly_interval_s").get<double>();
    const double young = now.result.at("young_interval_s").get<double>();
    const double dalyMin = daly / 60;
    const QVector<double> minutes = logSpaced(std::max(0.5, dalyMin / 30), dalyMin * 30, 80);
    const std::pair<const char *, QString> curves[] = {
        { "lost_hours_per_day", QStringLiteral("lost in all") },
        { "checkpoint_hours_per_day", QStringLiteral("saving checkpoints") },
        { "rework_hours_per_day", QStringLiteral("rework and restarts") },
    };
    int colour = 0;
    for (const auto &[key, label] : curves) {
        QVector<double> keys, values;
        sample("checkpoint-interval", inputs, "interval-min", minutes, key, 1.0, keys, values);
        addCurve(plot, keys, values, label, colour++);
    }
    setLog(plot->xAxis, true);
    plot->xAxis->setLabel(QStringLiteral("checkpoint interval [minutes]"));
    plot->yAxis->setLabel(QStringLiteral("wall-clock hours lost per day"));
    legendBelow(plot);
    fit(plot);
    plot->yAxis->setRange(0, std::min(24.0, plot->yAxis->range().upper));
    marker(plot, true, dalyMin, QStringLiteral("Daly %1 min").arg(dalyMin, 0, 'f', 0),
           QColor(44, 160, 44));
    marker(plot, true, young / 60, QStringLiteral("Young %1 min").arg(young / 60, 0, 'f', 0),
           QColor(148, 103, 189), 0.12);
    return {};
}

QString collectiveChart(QCustomPlot *plot, const Inputs &inputs)
{
    const bool latency = number(inputs, "latency-us").value_or(0) > 0
        || (inputs.contains("path") && inputs.at("path") != "custom");
    reset(plot,
          latency ? QStringLiteral("Bus bandwidth against message size")
                  : QStringLiteral("Bus bandwidth (no latency given: flat)"));
    if (!calc::runCalculator("collective", inputs).ok())
        return QStringLiteral("give ranks and the link rate to see bus bandwidth per collective");
    const QVector<double> sizes = logSpaced(1e3, 1e10, 57);
    const bool nvls = inputs.contains("path") && inputs.at("path") == "nvls";
    // busbw normalises each collective's traffic (ref:nvidia-nccl-tests-performance), so in a ring
    // model all-reduce, all-gather, reduce-scatter and all-to-all share one curve: drawn nested
    // (wide to narrow) so every one stays visible; broadcast differs.
    int colour = 0;
    double width = 6;
    for (const char *kind :
         { "all-reduce", "all-gather", "reduce-scatter", "all-to-all", "broadcast" }) {
        if (nvls && std::string(kind) != "all-reduce")
            continue;
        Inputs at = inputs;
        at["collective"] = kind;
        QVector<double> keys, values;
        sample("collective", at, "bytes", sizes, "busbw_gbyte_s", 1.0, keys, values);
        QCPGraph *graph = addCurve(plot, keys, values, QString::fromLatin1(kind), colour++);
        QPen pen = graph->pen();
        pen.setWidthF(width);
        graph->setPen(pen);
        width = std::max(1.5, width - 1.5);
    }
    setLog(plot->xAxis, true);
    plot->xAxis->setLabel(QStringLiteral("message size S [bytes] (total buffer for all-gather, "
                                         "reduce-scatter)"));
    plot->yAxis->setLabel(QStringLiteral("busbw [GB/s]"));
    legendBelow(plot);
    fit(plot);
    plot->yAxis->setRangeLower(0);
    return {};
}

/// What a hint may span: the plot area at the dock's narrowest (about 260 px).
constexpr int kHintWidthPx = 200;

/// `text` broken into lines no wider than `widthPx` in `font` (at word boundaries).
QString wrapped(const QString &text, const QFont &font, int widthPx)
{
    const QFontMetrics metrics(font);
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > widthPx) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

bool hasChart(const std::string &name)
{
    return name == "checkpoint" || name == "training-time" || name == "kv-cache" || name == "power"
        || name == "allreduce" || name == "training-memory" || name == "checkpoint-interval"
        || name == "collective";
}

QString drawChart(QCustomPlot *plot, const std::string &name, const Inputs &inputs,
                  const DesignContext &context)
{
    QString status;
    if (name == "checkpoint")
        status = checkpointChart(plot, inputs, context);
    else if (name == "training-time")
        status = trainingTimeChart(plot, inputs, context);
    else if (name == "kv-cache")
        status = kvCacheChart(plot, inputs);
    else if (name == "power")
        status = powerChart(plot, context);
    else if (name == "allreduce")
        status = bandwidthChart(plot, context);
    else if (name == "training-memory")
        status = pipelineMemoryChart(plot, inputs);
    else if (name == "checkpoint-interval")
        status = checkpointIntervalChart(plot, inputs);
    else if (name == "collective")
        status = collectiveChart(plot, inputs);
    if (!status.isEmpty()) {
        // No axes around nothing (they showed the last chart's zoom), and the hint wrapped
        // to the plot's width: it was cut at the dock's default width.
        plot->xAxis->setVisible(false);
        plot->yAxis->setVisible(false);
        auto *text = new QCPItemText(plot);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.5);
        // A fixed width: the plot may not be laid out yet (a hidden dock's plot is 640 px).
        text->setText(wrapped(status, text->font(), kHintWidthPx));
        text->setTextAlignment(Qt::AlignCenter);
        text->setColor(Qt::darkGray);
    }
    plot->replot();
    return status;
}

} // namespace cw::calcviews
