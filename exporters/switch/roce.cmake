# RoCE / Ethernet switch configurations (SONiC config_db.json, Cumulus NVUE, Arista EOS).
target_sources(cw_exporters PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/RoceSwitchConfigs.h
    ${CMAKE_CURRENT_LIST_DIR}/RoceSwitchConfigs.cpp
    ${CMAKE_CURRENT_LIST_DIR}/RoceSwitchPlan.h
    ${CMAKE_CURRENT_LIST_DIR}/RoceSwitchPlan.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SonicConfigDb.h
    ${CMAKE_CURRENT_LIST_DIR}/SonicConfigDb.cpp
    ${CMAKE_CURRENT_LIST_DIR}/NvueCommands.h
    ${CMAKE_CURRENT_LIST_DIR}/NvueCommands.cpp
    ${CMAKE_CURRENT_LIST_DIR}/EosConfig.h
    ${CMAKE_CURRENT_LIST_DIR}/EosConfig.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AddressPlan.h
    ${CMAKE_CURRENT_LIST_DIR}/AddressPlan.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Underlay.h
    ${CMAKE_CURRENT_LIST_DIR}/Underlay.cpp
    ${CMAKE_CURRENT_LIST_DIR}/FrrConfig.h
    ${CMAKE_CURRENT_LIST_DIR}/FrrConfig.cpp
    ${CMAKE_CURRENT_LIST_DIR}/UnderlayNos.h
    ${CMAKE_CURRENT_LIST_DIR}/UnderlaySonic.cpp
    ${CMAKE_CURRENT_LIST_DIR}/UnderlayNvue.cpp
    ${CMAKE_CURRENT_LIST_DIR}/UnderlayEos.cpp
    ${CMAKE_CURRENT_LIST_DIR}/HostNetplan.h
    ${CMAKE_CURRENT_LIST_DIR}/HostNetplan.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AddressTable.h
    ${CMAKE_CURRENT_LIST_DIR}/AddressTable.cpp
    ${CMAKE_CURRENT_LIST_DIR}/UnderlayFiles.h
    ${CMAKE_CURRENT_LIST_DIR}/UnderlayFiles.cpp)
# PFC headroom comes from the calculators' SONiC formula (ref:sonic-buffer-headroom).
target_link_libraries(cw_exporters PUBLIC cw_calculators)
