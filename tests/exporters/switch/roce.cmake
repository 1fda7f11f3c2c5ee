# RoCE / Ethernet switch configurations (SONiC, NVUE, EOS).
cw_add_test(tst_roce_switch
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_roce_switch.cpp
    DEPS cw_exporters cw_validation)
