# InfiniBand subnet-manager files (opensm.conf, root GUIDs, node name map, ibsim topology).
target_sources(cw_exporters PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/InfinibandFiles.h
    ${CMAKE_CURRENT_LIST_DIR}/InfinibandFiles.cpp
    ${CMAKE_CURRENT_LIST_DIR}/IbnetTopologyModel.h
    ${CMAKE_CURRENT_LIST_DIR}/IbnetTopologyModel.cpp
    ${CMAKE_CURRENT_LIST_DIR}/IbnetTopology.h
    ${CMAKE_CURRENT_LIST_DIR}/IbnetTopology.cpp
    ${CMAKE_CURRENT_LIST_DIR}/OpensmConfig.h
    ${CMAKE_CURRENT_LIST_DIR}/OpensmConfig.cpp)
