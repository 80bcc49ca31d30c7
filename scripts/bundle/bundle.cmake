# SPDX-License-Identifier: MIT
# The web client's bundle (scripts/bundle/bundle.mjs, docs/OPERATIONS.md "The web client's
# files"): BUILD/web, built with `reversi` whenever a file of web/ changes. A binary in the build
# folder serves it (src/engine/data_paths.h) and the package installs it. esbuild comes from
# `npm ci` of scripts/bundle/package-lock.json into BUILD/web-bundler, so the source tree stays
# clean and two build folders never install into one place. Without node or npm (or with
# REVERSI_WEB_BUNDLE=OFF, or when npm ci fails) nothing is bundled and the server sends web/'s
# modules as they are.
option(REVERSI_WEB_BUNDLE "Bundle and minify the web client with esbuild (needs node and npm)" ON)
set(REVERSI_WEB_BUNDLE_DIR ${CMAKE_BINARY_DIR}/web)
find_program(NODE_EXECUTABLE node)
find_program(NPM_EXECUTABLE npm)
set(REVERSI_HAVE_WEB_BUNDLE OFF)
if(REVERSI_WEB_BUNDLE AND NODE_EXECUTABLE AND NPM_EXECUTABLE)
  set(REVERSI_HAVE_WEB_BUNDLE ON)
  set(bundler_src ${CMAKE_SOURCE_DIR}/scripts/bundle)
  set(bundler_dir ${CMAKE_BINARY_DIR}/web-bundler)
  # npm writes node_modules/.package-lock.json last: it stands for a finished install.
  add_custom_command(
    OUTPUT ${bundler_dir}/node_modules/.package-lock.json
    COMMAND ${CMAKE_COMMAND} -E make_directory ${bundler_dir}
    COMMAND ${CMAKE_COMMAND} -E copy ${bundler_src}/package.json ${bundler_src}/package-lock.json
            ${bundler_dir}
    # Without the registry the build goes on: bundle.mjs then makes no bundle (and removes an
    # older one), the server sends web/ as it is, and the next build tries again.
    COMMAND sh -c "'${NPM_EXECUTABLE}' ci --prefix '${bundler_dir}' --no-audit --no-fund --loglevel=error || echo 'npm ci failed: the web client is not bundled'"
    DEPENDS ${bundler_src}/package.json ${bundler_src}/package-lock.json
    COMMENT "npm ci: esbuild for the web client's bundle"
    VERBATIM)
  file(GLOB_RECURSE web_sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*)
  add_custom_command(
    OUTPUT ${REVERSI_WEB_BUNDLE_DIR}/index.html
    COMMAND ${NODE_EXECUTABLE} ${bundler_src}/bundle.mjs --web ${CMAKE_SOURCE_DIR}/web
            --out ${REVERSI_WEB_BUNDLE_DIR} --deps ${bundler_dir}
    DEPENDS ${web_sources} ${bundler_src}/bundle.mjs
            ${bundler_dir}/node_modules/.package-lock.json
    COMMENT "Bundling the web client into ${REVERSI_WEB_BUNDLE_DIR}"
    VERBATIM)
  add_custom_target(web_bundle ALL DEPENDS ${REVERSI_WEB_BUNDLE_DIR}/index.html)
else()
  message(STATUS "The web client is not bundled (REVERSI_WEB_BUNDLE, node, npm): the server "
                 "sends web/ as it is")
  # An older bundle would be served in place of the modules (data_paths.h): gone with it.
  file(REMOVE_RECURSE ${REVERSI_WEB_BUNDLE_DIR})
endif()
