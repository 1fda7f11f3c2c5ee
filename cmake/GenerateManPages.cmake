# Writes clusterwright-cli.1 and clusterwright-cli-<command>.1 with help2man from the program's
# own --help. Run as: cmake -DCLI=<program> -DOUT=<dir> -DHELP2MAN=<help2man> -DVERSION=<v> -P
file(MAKE_DIRECTORY ${OUT})
execute_process(COMMAND ${CLI} --help OUTPUT_VARIABLE _help RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${CLI} --help failed (${_rc})")
endif()
# The subcommands are the indented words under "Commands:".
string(REGEX MATCH "Commands:\n(([ ]+[^\n]*\n)+)" _block "${_help}")
string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" _names "\n${CMAKE_MATCH_1}")
set(_commands "")
foreach(_name IN LISTS _names)
    string(STRIP "${_name}" _name)
    list(APPEND _commands ${_name})
endforeach()
if(NOT _commands)
    message(FATAL_ERROR "no commands found in ${CLI} --help")
endif()

execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section 1
        --name "design GPU training clusters from the command line"
        --version-string ${VERSION} --output ${OUT}/clusterwright-cli.1 ${CLI}
    RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "help2man failed for clusterwright-cli")
endif()

# help2man runs a program: each subcommand gets a small wrapper that forwards to the CLI.
foreach(_command IN LISTS _commands)
    set(_wrapper ${OUT}/wrappers/clusterwright-cli-${_command})
    file(WRITE ${_wrapper}
        "#!/bin/sh\nif [ \"$1\" = --version ]; then exec '${CLI}' --version; fi\n"
        "exec '${CLI}' ${_command} \"$@\"\n")
    file(CHMOD ${_wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
         GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section 1
            --name "clusterwright-cli ${_command}" --version-string ${VERSION}
            --output ${OUT}/clusterwright-cli-${_command}.1 ${_wrapper}
        RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "help2man failed for clusterwright-cli ${_command}")
    endif()
endforeach()
file(REMOVE_RECURSE ${OUT}/wrappers)
list(LENGTH _commands _count)
message(STATUS "man pages: clusterwright-cli and ${_count} subcommands")
