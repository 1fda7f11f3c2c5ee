# RoCE / Ethernet switch configurations (SONiC, NVUE, EOS).
cw_add_test(tst_roce_switch
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_roce_switch.cpp
    DEPS cw_exporters cw_validation)
# The routed underlay in Debian's FRR, in network namespaces on this machine (root; skips
# with the reason where namespaces are forbidden). Names are per run: parallel-safe.
cw_add_test(tst_underlay_frr
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_underlay_frr.cpp
            ${CMAKE_CURRENT_LIST_DIR}/NetnsLab.h ${CMAKE_CURRENT_LIST_DIR}/NetnsLab.cpp
    DEPS cw_exporters)
set_tests_properties(tst_underlay_frr PROPERTIES TIMEOUT 300)
cw_add_test(tst_underlay
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_underlay.cpp ${CMAKE_CURRENT_LIST_DIR}/UnderlayFixtures.h
    DEPS cw_exporters)
