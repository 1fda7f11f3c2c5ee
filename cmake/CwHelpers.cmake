# Helpers that give every target the same language level, warnings and sanitizers.

function(_cw_apply_common target)
    target_compile_features(${target} PUBLIC cxx_std_20)
    set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)
    target_compile_options(${target} PRIVATE
        -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual)
    if(CW_WARNINGS_AS_ERRORS)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    if(CW_SANITIZE)
        string(REPLACE ";" "," _san "${CW_SANITIZE}")
        target_compile_options(${target} PRIVATE -fsanitize=${_san} -fno-omit-frame-pointer)
        target_link_options(${target} PRIVATE -fsanitize=${_san})
    endif()
endfunction()

# cw_add_library(name SOURCES a.cpp ... [DEPS lib ...] [QT]) — static library rooted at the repo.
function(cw_add_library name)
    cmake_parse_arguments(ARG "QT" "" "SOURCES;DEPS" ${ARGN})
    add_library(${name} STATIC ${ARG_SOURCES})
    target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${name} PUBLIC ${ARG_DEPS})
    if(ARG_QT)
        set_target_properties(${name} PROPERTIES AUTOMOC ON AUTOMOC_COMPILER_PREDEFINES OFF)
    endif()
    _cw_apply_common(${name})
endfunction()

# cw_add_executable(name SOURCES ... [DEPS ...] [QT])
function(cw_add_executable name)
    cmake_parse_arguments(ARG "QT" "" "SOURCES;DEPS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE ${ARG_DEPS})
    if(ARG_QT)
        set_target_properties(${name} PROPERTIES AUTOMOC ON AUTOMOC_COMPILER_PREDEFINES OFF)
    endif()
    _cw_apply_common(${name})
endfunction()

# cw_add_test(name SOURCES ... [DEPS ...]) — one Qt Test executable registered with CTest.
function(cw_add_test name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    # moc (Qt 6.4) cannot parse libstdc++'s C++20 `concept`s; without the compiler's predefined
    # macros it sees the pre-C++20 branches of the standard headers.
    set_target_properties(${name} PROPERTIES AUTOMOC ON AUTOMOC_COMPILER_PREDEFINES OFF)
    target_link_libraries(${name} PRIVATE ${ARG_DEPS} Qt6::Test)
    target_compile_definitions(${name} PRIVATE
        CW_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        CW_BINARY_DIR="${PROJECT_BINARY_DIR}"
        CW_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    _cw_apply_common(${name})
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endfunction()
