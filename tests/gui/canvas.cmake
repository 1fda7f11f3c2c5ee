# The canvas views (views/canvas): rendering, rack colours, drops, drags, aggregation.
# Included from tests/gui/CMakeLists.txt.
cw_add_test(tst_canvas SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas.cpp
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets)
# Robustness: randomized edits with every view alive keep indexes, markers and selection
# true to the design (generated 256- and 2,048-node fat trees); resizes always settle.
cw_add_test(tst_canvas_random SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_random.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CanvasConsistency.h
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets)
cw_add_test(tst_canvas_resize SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_resize.cpp
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets)
# What a user sees: label texts and on-screen sizes, legends, presentation mode, the rack
# picker, the fabric (tst_canvas_readable); halls, aisles, the floor's proportions at 2,048 and
# 16,384 nodes, scale bar, overview (tst_canvas_readable_floor).
cw_add_test(tst_canvas_readable SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_readable.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CanvasReadable.h
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets Qt6::Test)
cw_add_test(tst_canvas_readable_floor SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_readable_floor.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CanvasReadable.h
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets Qt6::Test)
# One load, one capacity: the canvas's rack colours and the power rules agree on every rack.
cw_add_test(tst_rack_colour_rules SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_rack_colour_rules.cpp
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets)
# A campus of 100 halls: hall names whole (fitted, zoomed, hover), the fabric's bands in the
# window's shape (tst_canvas_campus).
cw_add_test(tst_canvas_campus SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_campus.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CanvasReadable.h
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets Qt6::Test)
# The fabric view's items drawn the cheap way while small on screen look as the full drawing
# does (boxes as fills, arcs flattened, chips' outlines flattened): tst_canvas_fabric_lod.
cw_add_test(tst_canvas_fabric_lod SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_fabric_lod.cpp
    ${CMAKE_CURRENT_LIST_DIR}/PixelCompare.h
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets Qt6::Test)
# The floor plan zoomed out: each hall's layer draws its racks, pixel for pixel as the racks
# draw themselves; a click, a drag, Delete and undo on a rack as zoomed in (tst_canvas_floor_lod).
cw_add_test(tst_canvas_floor_lod SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas_floor_lod.cpp
    ${CMAKE_CURRENT_LIST_DIR}/PixelCompare.h
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets Qt6::Test)
