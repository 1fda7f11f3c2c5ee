# The layers of the house, bottom up, and what each may use (docs/architecture.md).
# Included by the top-level CMakeLists.txt (for the link check at configure time) and by
# CheckLayers.cmake (for the include check run as a CTest). One table, two checks.
#
# A layer is a folder (its include prefix: every project include is written from the repository
# root, "model/core/Design.h") and the library targets built from it.

set(CW_LAYERS calculators model validation quantities prefill exporters report document views app)

# folder prefix -> layer; the longest prefix wins (model/validation/ before model/).
set(CW_LAYER_FOLDERS
    "calculators/=calculators"
    "model/validation/=validation"
    "model/quantities/=quantities"
    "model/prefill/=prefill"
    "model/=model"
    "resources/=model"
    "exporters/report/=report"
    "exporters/=exporters"
    "views/document/=document"
    "views/=views"
    "app/=app")

# layer -> the layers it may include and link (itself always).
set(CW_LAYER_USES_calculators "")
set(CW_LAYER_USES_model calculators)
set(CW_LAYER_USES_validation model calculators)
set(CW_LAYER_USES_quantities model calculators)
set(CW_LAYER_USES_prefill quantities validation model calculators)
set(CW_LAYER_USES_exporters prefill quantities validation model calculators)
set(CW_LAYER_USES_report exporters prefill quantities validation model calculators)
set(CW_LAYER_USES_document exporters prefill quantities validation model calculators)
set(CW_LAYER_USES_views document report exporters prefill quantities validation model calculators)
set(CW_LAYER_USES_app views document report exporters prefill quantities validation model calculators)

# layer -> the Qt modules it may use; an empty list means plain C++ (no Qt at all).
set(CW_LAYER_QT_calculators "")
set(CW_LAYER_QT_model "")
set(CW_LAYER_QT_validation "")
set(CW_LAYER_QT_quantities "")
set(CW_LAYER_QT_prefill "")
set(CW_LAYER_QT_exporters "")
set(CW_LAYER_QT_report Core Gui Svg)
set(CW_LAYER_QT_document Core Gui Concurrent)
set(CW_LAYER_QT_views Core Gui Svg Widgets Concurrent PrintSupport)
set(CW_LAYER_QT_app Core Gui Svg Widgets Concurrent PrintSupport)

# target -> layer
set(CW_LAYER_TARGETS
    "cw_calculators=calculators"
    "cw_resources=model" "cw_model=model"
    "cw_validation=validation"
    "cw_quantities=quantities"
    "cw_prefill=prefill"
    "cw_exporters=exporters"
    "cw_report=report" "cw_report_module=report"
    "cw_document=document"
    "cw_canvas=views" "cw_views=views" "cw_calcviews=views" "cw_exportviews=views"
    "cw_cli=app" "cw_workbench=app" "clusterwright=app" "clusterwright-cli=app")

# cw_layer_of_path(<repo-relative path> <out var>): the layer of a file or include, or "".
function(cw_layer_of_path path out)
    set(_best "")
    set(_bestLength 0)
    foreach(_entry IN LISTS CW_LAYER_FOLDERS)
        string(REPLACE "=" ";" _pair "${_entry}")
        list(GET _pair 0 _prefix)
        list(GET _pair 1 _layer)
        string(LENGTH "${_prefix}" _length)
        string(FIND "${path}" "${_prefix}" _at)
        if(_at EQUAL 0 AND _length GREATER _bestLength)
            set(_best "${_layer}")
            set(_bestLength ${_length})
        endif()
    endforeach()
    set(${out} "${_best}" PARENT_SCOPE)
endfunction()

# cw_layer_allows(<layer> <other layer> <out var>)
function(cw_layer_allows layer other out)
    if("${layer}" STREQUAL "${other}" OR "${other}" IN_LIST CW_LAYER_USES_${layer})
        set(${out} TRUE PARENT_SCOPE)
    else()
        set(${out} FALSE PARENT_SCOPE)
    endif()
endfunction()

# cw_check_layer_links(): every library and program links only the layers below it and only
# the Qt modules its layer may use. Called at the end of the top-level CMakeLists.txt; a wrong
# link stops the configure step with the offending edge.
function(cw_check_layer_links)
    set(_errors "")
    set(_targetLayers "")
    foreach(_entry IN LISTS CW_LAYER_TARGETS)
        string(REPLACE "=" ";" _pair "${_entry}")
        list(GET _pair 0 _target)
        list(GET _pair 1 _layer)
        set(_layerOf_${_target} ${_layer})
        list(APPEND _targetLayers ${_target})
    endforeach()
    foreach(_target IN LISTS _targetLayers)
        if(NOT TARGET ${_target})
            continue()
        endif()
        set(_layer ${_layerOf_${_target}})
        get_target_property(_links ${_target} LINK_LIBRARIES)
        if(NOT _links)
            continue()
        endif()
        foreach(_dep IN LISTS _links)
            if(_dep MATCHES "^Qt6::(.+)$")
                set(_module ${CMAKE_MATCH_1})
                if(NOT _module IN_LIST CW_LAYER_QT_${_layer})
                    list(APPEND _errors "${_target} (${_layer}) links ${_dep}")
                endif()
            elseif(DEFINED _layerOf_${_dep})
                cw_layer_allows(${_layer} ${_layerOf_${_dep}} _ok)
                if(NOT _ok)
                    list(APPEND _errors
                        "${_target} (${_layer}) links ${_dep} (${_layerOf_${_dep}})")
                endif()
            elseif(_dep MATCHES "^cw_")
                list(APPEND _errors "${_target} links ${_dep}, which has no layer in CwLayers.cmake")
            endif()
        endforeach()
    endforeach()
    foreach(_target IN LISTS _targetLayers)
        if(TARGET ${_target})
            continue()
        endif()
        if(_target MATCHES "^cw_(canvas|views|calcviews|exportviews|document|workbench)$"
           OR _target STREQUAL "clusterwright")
            if(NOT CW_BUILD_GUI)
                continue()
            endif()
        endif()
        list(APPEND _errors "${_target} is in CwLayers.cmake but not built")
    endforeach()
    if(_errors)
        list(JOIN _errors "\n  " _text)
        message(FATAL_ERROR "Layer rule broken (cmake/CwLayers.cmake):\n  ${_text}")
    endif()
endfunction()
