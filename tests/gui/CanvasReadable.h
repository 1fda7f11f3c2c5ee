#pragma once

// What the canvas readability tests share: generated designs, rendering a view offscreen with
// every label recorded (LabelRecorder: text and on-screen rectangle), and the overlap checks.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasView.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/FabricItems.h"
#include "views/document/Document.h"

#include <QCoreApplication>
#include <QImage>
#include <QPainter>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cw::readable {

using namespace cw::canvas;

inline std::unique_ptr<Document> generatedFrom(const std::string &name,
                                               const std::map<std::string, std::string> &params)
{
    auto result = generateDesign(name, params, Catalog::builtin());
    if (!result)
        qFatal("%s does not generate: %s", name.c_str(), result.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(result.value().design)), QString());
}

inline std::unique_ptr<Document> generated(int nodes)
{
    return generatedFrom("fat-tree", { { "nodes", std::to_string(nodes) } });
}

/// Renders the view as the screen would show it and returns the labels drawn.
inline std::vector<DrawnLabel> render(CanvasView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    LabelRecorder recorder;
    QPainter painter(&image);
    view.viewport()->render(&painter);
    return recorder.labels();
}

inline const DrawnLabel *findLabel(const std::vector<DrawnLabel> &labels, const QString &text)
{
    for (const DrawnLabel &label : labels)
        if (label.text == text)
            return &label;
    return nullptr;
}

/// A usual window's canvas (a 1440 x 900 screen less docks and bars).
inline void showAt(CanvasView &view, QSize size = QSize(1100, 720))
{
    view.resize(size);
    view.show();
    QCoreApplication::processEvents();
    view.zoomToFit();
}

/// Where an item's rectangle (item coordinates) is on the viewport.
inline QRectF onScreen(const CanvasView &view, const QGraphicsItem &item, const QRectF &rect)
{
    return view.mapFromScene(item.mapToScene(rect)).boundingRect();
}

/// Whether two on-screen rectangles share more than a pixel's sliver.
inline bool overlaps(const QRectF &a, const QRectF &b)
{
    const QRectF common = a.intersected(b);
    return common.width() >= 1 && common.height() >= 1;
}

/// Fails with both texts when two labels drawn overlap.
inline bool labelsApart(const std::vector<DrawnLabel> &labels, QString *clash)
{
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            if (overlaps(labels[i].deviceRect, labels[j].deviceRect)) {
                *clash = labels[i].text + QStringLiteral(" / ") + labels[j].text;
                return false;
            }
    return true;
}

/// The labels drawn on the drawing, not on the legend or scale bar (overlays).
inline std::vector<DrawnLabel> drawingLabels(const CanvasView &view,
                                             const std::vector<DrawnLabel> &all)
{
    std::vector<DrawnLabel> labels;
    for (const DrawnLabel &label : all)
        if (!QRectF(view.legendRect()).intersects(label.deviceRect)
            && label.deviceRect.bottom() < view.viewport()->height() - 40)
            labels.push_back(label);
    return labels;
}

inline std::vector<FabricBoxItem *> boxesOf(const FabricBandItem &band)
{
    std::vector<FabricBoxItem *> boxes;
    for (QGraphicsItem *child : band.childItems())
        if (auto *box = dynamic_cast<FabricBoxItem *>(child))
            boxes.push_back(box);
    return boxes;
}

/// Device names of `rack`, bottom to top.
inline QStringList deviceNames(const Document &document, RackId rack)
{
    QStringList names;
    for (DeviceId id :
         DesignCache::of(const_cast<Document *>(&document))->index().devicesInRack(rack))
        if (const Device *device = document.design().device(id))
            names << QString::fromStdString(device->name);
    return names;
}

} // namespace cw::readable
