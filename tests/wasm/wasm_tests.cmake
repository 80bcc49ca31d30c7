# SPDX-License-Identifier: MIT
# The browser's engine (src/wasm, built into BUILD/engine when emscripten is installed) run by
# node against the native one: `bench`'s signature and every perft reference count
# (wasm_signature), and 20 analyses of each two-player shape equal to `reversi analyze`'s
# (wasm_analyze_equal). Not registered when the build made no engine (src/wasm/wasm.cmake says so).
if(REVERSI_HAVE_WASM)
  add_test(NAME wasm_signature
           COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/signature.test.mjs
                   --engine ${REVERSI_ENGINE_WEB_DIR})
  add_test(NAME wasm_analyze_equal
           COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/analyze_equal.test.mjs
                   --engine ${REVERSI_ENGINE_WEB_DIR} --binary $<TARGET_FILE:reversi>)
  set_tests_properties(wasm_signature PROPERTIES LABELS "wasm;web" TIMEOUT 300
                       PASS_REGULAR_EXPRESSION "wasm signature: ok")
  set_tests_properties(wasm_analyze_equal PROPERTIES LABELS "wasm;web" TIMEOUT 600
                       PASS_REGULAR_EXPRESSION "wasm analyze: ok")
endif()
