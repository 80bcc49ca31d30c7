# SPDX-License-Identifier: MIT
# The browser's engine (src/wasm/CMakeLists.txt, docs/ENGINE.md "The engine in the browser"),
# built with `reversi` when emscripten is installed (scripts/install-deps.sh installs Debian's):
# BUILD/wasm is its own emscripten build folder, BUILD/engine what the server sends under
# /engine/ (scripts/wasm/stage.mjs: the module, its worker, the data files and their brotli and
# gzip copies). Without emscripten or node nothing is built, an older BUILD/engine is removed,
# and the server says at start that the browser's engine is unavailable: the pages then ask the
# server's engine for everything.
option(REVERSI_WASM "Build the browser's engine with emscripten (needs emcmake and node)" ON)
find_program(EMCMAKE_EXECUTABLE emcmake)
find_program(NODE_EXECUTABLE node)
set(REVERSI_ENGINE_WEB_DIR ${CMAKE_BINARY_DIR}/engine)
if(REVERSI_WASM AND EMCMAKE_EXECUTABLE AND NODE_EXECUTABLE)
  set(wasm_dir ${CMAKE_BINARY_DIR}/wasm)
  # Debian's emscripten needs the acorn module of /usr/share/nodejs, which a node from elsewhere
  # (NodeSource) does not search; Debian's own node does, and the setting does it no harm.
  set(node_path /usr/share/nodejs)
  if(NOT "$ENV{NODE_PATH}" STREQUAL "")
    set(node_path "${node_path}:$ENV{NODE_PATH}")
  endif()
  set(wasm_env ${CMAKE_COMMAND} -E env "NODE_PATH=${node_path}")
  # nlohmann/json for the server's readers: a folder that holds it alone, since the system's
  # include folder would put its C library in front of emscripten's.
  get_target_property(json_include nlohmann_json::nlohmann_json INTERFACE_INCLUDE_DIRECTORIES)
  list(GET json_include 0 json_include)
  file(MAKE_DIRECTORY ${wasm_dir}-include)
  file(CREATE_LINK ${json_include}/nlohmann ${wasm_dir}-include/nlohmann SYMBOLIC)
  add_custom_command(
    OUTPUT ${wasm_dir}/CMakeCache.txt
    COMMAND ${wasm_env} ${EMCMAKE_EXECUTABLE} ${CMAKE_COMMAND} -S ${CMAKE_SOURCE_DIR}/src/wasm
            -B ${wasm_dir} -G ${CMAKE_GENERATOR} -DCMAKE_BUILD_TYPE=Release
            -DREVERSI_SOURCE_DIR=${CMAKE_SOURCE_DIR} -DREVERSI_JSON_INCLUDE=${wasm_dir}-include
            > ${wasm_dir}-configure.log
    DEPENDS ${CMAKE_SOURCE_DIR}/src/wasm/CMakeLists.txt
    COMMENT "Configuring the browser's engine (emscripten) in ${wasm_dir}"
    VERBATIM)
  # Always run: the inner build knows which of its sources changed, the stage which files. On
  # every core: the outer make's job slots do not reach the inner build (it would run one job).
  cmake_host_system_information(RESULT wasm_jobs QUERY NUMBER_OF_LOGICAL_CORES)
  add_custom_target(reversi_wasm ALL
    COMMAND ${wasm_env} ${CMAKE_COMMAND} --build ${wasm_dir} --parallel ${wasm_jobs}
    COMMAND ${NODE_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/wasm/stage.mjs --wasm ${wasm_dir}
            --worker ${CMAKE_SOURCE_DIR}/web/js/engine/worker.js --data ${CMAKE_SOURCE_DIR}/data
            --out ${REVERSI_ENGINE_WEB_DIR}
    DEPENDS ${wasm_dir}/CMakeCache.txt
    COMMENT "Building the browser's engine (WebAssembly) into ${REVERSI_ENGINE_WEB_DIR}"
    VERBATIM)
  set(REVERSI_HAVE_WASM ON)
else()
  message(STATUS "The browser's engine is not built (REVERSI_WASM, emcmake, node): the server's "
                 "engine answers every question")
  file(REMOVE_RECURSE ${REVERSI_ENGINE_WEB_DIR})
  set(REVERSI_HAVE_WASM OFF)
endif()
