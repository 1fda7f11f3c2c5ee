# InfiniBand subnet-manager files: contents, and the real ibsim/opensm/ibnetdiscover.
cw_add_test(tst_ib_files SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_ib_files.cpp DEPS cw_exporters)
# Starts ibsim and opensm: one at a time, bounded.
cw_add_test(tst_ib_real SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_ib_real.cpp DEPS cw_exporters)
set_tests_properties(tst_ib_real PROPERTIES RUN_SERIAL TRUE TIMEOUT 300)
