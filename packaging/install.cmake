# SPDX-License-Identifier: MIT
# `cmake --install` and the Debian package (CPack): the binary in <prefix>/bin, the web client,
# the trained weights and the Multi-ProbCut parameters in <prefix>/share/reversi, where the
# binary finds them from its own path (src/engine/data_paths.h); the configuration in
# /etc/reversi, the systemd unit and the data folder /var/lib/reversi (README.md "Install
# the package"). The system paths are absolute: install with DESTDIR=ROOT to stage them.
include(GNUInstallDirs)

install(TARGETS reversi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The web client: its bundle when the build made one (scripts/bundle/bundle.cmake), else web/.
if(REVERSI_HAVE_WEB_BUNDLE)
  install(DIRECTORY ${REVERSI_WEB_BUNDLE_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/web)
else()
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/web/ DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/web
          PATTERN jsconfig.json EXCLUDE)
endif()
# The browser's engine when the build made one (src/wasm/wasm.cmake): the module, its worker and
# its own copy of the data files with their compressed copies, served under /engine/.
if(REVERSI_HAVE_WASM)
  install(DIRECTORY ${REVERSI_ENGINE_WEB_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/engine)
endif()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/weights/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/weights FILES_MATCHING PATTERN "*.weights")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/mpc/ DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/mpc
        FILES_MATCHING PATTERN "*.mpc")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/solved/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/solved FILES_MATCHING PATTERN "*.solved")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/book/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/book FILES_MATCHING PATTERN "*.book")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/puzzles/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/reversi/puzzles FILES_MATCHING PATTERN "*.jsonl")
install(FILES ${CMAKE_SOURCE_DIR}/docs/OPERATIONS.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
set(REVERSI_SYSCONF_DIR "/etc/reversi" CACHE PATH "Where the package puts reversi.conf")
set(REVERSI_UNIT_DIR "/lib/systemd/system" CACHE PATH "Where the package puts the unit")
install(FILES ${CMAKE_CURRENT_LIST_DIR}/reversi.conf DESTINATION ${REVERSI_SYSCONF_DIR})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/reversi.service DESTINATION ${REVERSI_UNIT_DIR})
install(DIRECTORY DESTINATION /var/lib/reversi)

# `cpack -G DEB` in the build folder: reversi_VERSION_amd64.deb. The install step does not
# build every target first (the tests alone take minutes): build `reversi` before packaging.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME reversi)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "reversi maintainers <reversi@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Reversi for every board: engine, command line and web server")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "passwd")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${CMAKE_CURRENT_LIST_DIR}/debian/postinst ${CMAKE_CURRENT_LIST_DIR}/debian/prerm
    ${CMAKE_CURRENT_LIST_DIR}/debian/postrm ${CMAKE_CURRENT_LIST_DIR}/debian/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
