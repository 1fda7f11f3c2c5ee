# The project's citations resolve inside the repository (docs/references.md):
#  - every `ref:KEY` in code, docs, tests, model presets and the parts catalog names a key that
#    docs/references.md defines (a line "- `KEY`: ...");
#  - nothing cites the research notes the project was written from, which are not in the
#    repository (the words below, assembled so this file does not match itself).
# Run as: cmake -DROOT=<repo> [-DCATALOG_MODE=fail|warn] -P CheckReferences.cmake
# CATALOG_MODE=warn reports outside citations in resources/catalog without failing (unknown
# ref: keys fail in both modes); the catalog's `source` fields are converted by their owners.
cmake_minimum_required(VERSION 3.25)
if(NOT ROOT)
    message(FATAL_ERROR "CheckReferences.cmake: pass -DROOT=<repository root>")
endif()
if(NOT CATALOG_MODE)
    set(CATALOG_MODE fail)
endif()

# Keys defined by the bibliography.
file(STRINGS "${ROOT}/docs/references.md" _lines REGEX "^- `[^`]+`: ")
set(_keys "")
foreach(_line IN LISTS _lines)
    string(REGEX REPLACE "^- `([^`]+)`: .*" "\\1" _key "${_line}")
    if(NOT _key MATCHES "^[a-z0-9]+(-[a-z0-9]+)*$")
        message(SEND_ERROR "docs/references.md: key '${_key}' is not lowercase letters, digits and dashes")
    endif()
    if(_key IN_LIST _keys)
        message(SEND_ERROR "docs/references.md: key '${_key}' is defined twice")
    endif()
    list(APPEND _keys "${_key}")
endforeach()
list(LENGTH _keys _count)
if(_count LESS 10)
    message(FATAL_ERROR "docs/references.md: only ${_count} keys found; is the file there?")
endif()

set(_d "domain")
set(_forbidden "${_d}-facts" "${_d} facts" "ARCHITECTURE.md" "../shared")

file(GLOB_RECURSE _files RELATIVE "${ROOT}" LIST_DIRECTORIES false
    "${ROOT}/*.cpp" "${ROOT}/*.h" "${ROOT}/*.cmake" "${ROOT}/*CMakeLists.txt" "${ROOT}/*.md"
    "${ROOT}/*.json" "${ROOT}/*.sh" "${ROOT}/*.py" "${ROOT}/*.conf" "${ROOT}/*.xml"
    "${ROOT}/*.txt" "${ROOT}/*.csv" "${ROOT}/*.cfg")
set(_failures 0)
set(_catalogWarnings 0)
set(_checked 0)
foreach(_file IN LISTS _files)
    if(_file MATCHES "^(build|\\.git|third_party)/" OR _file MATCHES "/build[^/]*/"
       OR _file MATCHES "^build"
       OR _file STREQUAL "tests/calculators/CheckReferences.cmake")
        continue()
    endif()
    math(EXPR _checked "${_checked} + 1")
    file(READ "${ROOT}/${_file}" _text)
    string(TOLOWER "${_text}" _lower)
    # Outside citations: the research notes' name in any case; the architecture notes'
    # file name as written (docs/architecture.md in the repository is fine).
    foreach(_pattern IN LISTS _forbidden)
        if(_pattern STREQUAL "ARCHITECTURE.md" OR _pattern STREQUAL "../shared")
            string(FIND "${_text}" "${_pattern}" _at)
        else()
            string(FIND "${_lower}" "${_pattern}" _at)
        endif()
        if(_at GREATER -1)
            if(_file MATCHES "^resources/catalog/" AND CATALOG_MODE STREQUAL "warn")
                message(STATUS "catalog (to convert): ${_file} cites '${_pattern}'")
                math(EXPR _catalogWarnings "${_catalogWarnings} + 1")
            else()
                message(STATUS "error: ${_file}: cites '${_pattern}', outside the repository; "
                               "cite the public source as ref:KEY (docs/references.md)")
                math(EXPR _failures "${_failures} + 1")
            endif()
        endif()
    endforeach()
    # Unknown keys.
    string(REGEX MATCHALL "ref:[a-z0-9][a-z0-9.-]*" _refs "${_text}")
    list(REMOVE_DUPLICATES _refs)
    foreach(_ref IN LISTS _refs)
        string(REGEX REPLACE "^ref:" "" _key "${_ref}")
        string(REGEX REPLACE "[.-]+$" "" _key "${_key}") # sentence punctuation
        if(NOT _key IN_LIST _keys)
            message(STATUS "error: ${_file}: ref:${_key} is not a key of docs/references.md")
            math(EXPR _failures "${_failures} + 1")
        endif()
    endforeach()
endforeach()

message(STATUS "references: ${_count} keys, ${_checked} files checked, ${_failures} problems, "
               "${_catalogWarnings} catalog files still to convert")
if(_failures GREATER 0)
    message(FATAL_ERROR "references: ${_failures} citation problems")
endif()
