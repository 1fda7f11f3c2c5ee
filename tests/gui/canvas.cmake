# The canvas views (views/canvas): rendering, rack colours, drops, drags, aggregation.
# Included from tests/gui/CMakeLists.txt.
cw_add_test(tst_canvas SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_canvas.cpp
    DEPS cw_canvas cw_document cw_validation cw_model Qt6::Widgets)
