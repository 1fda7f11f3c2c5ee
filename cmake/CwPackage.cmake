# Installation layout and the Debian package (cpack -G DEB): both programs, the desktop entry,
# the icon, the design file's MIME type, AppStream metainfo, man pages and bash completion.
include(GNUInstallDirs)

set(_desktop ${PROJECT_SOURCE_DIR}/resources/desktop)
install(TARGETS clusterwright-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The facilities report, loaded by clusterwright-cli from here (app/cli/CMakeLists.txt).
install(TARGETS cw_report_module LIBRARY DESTINATION ${CW_REPORT_MODULE_INSTALL_DIR})
if(CW_BUILD_GUI)
    install(TARGETS clusterwright RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(FILES ${_desktop}/clusterwright.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${_desktop}/clusterwright.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${_desktop}/clusterwright-design.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
configure_file(${_desktop}/io.github.clusterwright.Clusterwright.metainfo.xml
               ${PROJECT_BINARY_DIR}/io.github.clusterwright.Clusterwright.metainfo.xml @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/io.github.clusterwright.Clusterwright.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/completion/clusterwright-cli.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME clusterwright-cli)

# Man pages: one for clusterwright-cli and one per subcommand, written by help2man from the
# program's own --help, so they never drift from it (cmake/GenerateManPages.cmake).
find_program(CW_HELP2MAN help2man)
if(CW_HELP2MAN)
    set(_manDir ${PROJECT_BINARY_DIR}/man)
    add_custom_command(OUTPUT ${_manDir}/clusterwright-cli.1
        COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:clusterwright-cli> -DOUT=${_manDir}
                -DHELP2MAN=${CW_HELP2MAN} -DVERSION=${PROJECT_VERSION}
                -P ${PROJECT_SOURCE_DIR}/cmake/GenerateManPages.cmake
        DEPENDS clusterwright-cli ${PROJECT_SOURCE_DIR}/cmake/GenerateManPages.cmake
        COMMENT "Writing the man pages with help2man")
    add_custom_target(cw_manpages ALL DEPENDS ${_manDir}/clusterwright-cli.1)
    install(DIRECTORY ${_manDir}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
            FILES_MATCHING PATTERN "*.1")
else()
    message(WARNING "help2man not found: the package will have no man pages "
                    "(scripts/deps.sh installs it)")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME clusterwright)
set(CPACK_PACKAGE_VENDOR "Clusterwright")
set(CPACK_PACKAGE_CONTACT "Clusterwright developers <dev@clusterwright.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Design GPU training clusters and export the files that build them")
set(CPACK_PACKAGE_DESCRIPTION
    "A desktop workbench (clusterwright) and a command-line tool (clusterwright-cli) for\n\
designing GPU training clusters: racks, fabrics, storage, power and cooling checked live,\n\
exported as Slurm, NCCL, switch configurations, cabling plans, bills of materials and a\n\
facilities report.")
set(CPACK_PACKAGE_FILE_NAME "clusterwright_${PROJECT_VERSION}_amd64")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
# The run-time libraries (Qt, QCustomPlot, libxlsxwriter...) as dpkg-shlibdeps finds them.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
