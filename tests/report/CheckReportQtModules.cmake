# cw_report may use QtCore, QtGui and QtSvg only: no widgets, so it runs in clusterwright-cli
# without a display (cmake/CwLayers.cmake). Run as: cmake -DROOT=<repo> -P <this file>
file(GLOB _files "${ROOT}/exporters/report/*.h" "${ROOT}/exporters/report/*.cpp")
set(_offenders "")
foreach(_file IN LISTS _files)
    file(STRINGS "${_file}" _lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](QtWidgets|QWidget|QApplication|QPrinter|QtPrintSupport)")
    if(_lines)
        list(APPEND _offenders "${_file}: ${_lines}")
    endif()
endforeach()
if(_offenders)
    list(JOIN _offenders "\n  " _text)
    message(FATAL_ERROR "exporters/report must not use Qt Widgets or Print Support:\n  ${_text}")
endif()
