# SPDX-License-Identifier: MIT
# Web client tests (tests/e2e, run by node). The rules-port and translation checks need only
# node, the type check the typescript package of `npm ci`; the browser tests drive
# /usr/bin/chromium through playwright-core against the real `reversi serve`, so they are
# registered once the server has sources. scripts/test.sh installs chromium and runs `npm ci`;
# without them the test fails and says what is missing.
find_program(NODE_EXECUTABLE node)
if(NOT NODE_EXECUTABLE)
  set(NODE_EXECUTABLE node)
endif()
add_test(NAME web_rules COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/rules.test.mjs)
add_test(NAME web_i18n COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/i18n.test.mjs)
# The client's JSDoc types (protocol messages, stores): tsc --noEmit --checkJs over web/js with
# web/jsconfig.json; the typescript package comes from `npm ci` here, as playwright-core does.
add_test(NAME web_types COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/typecheck.mjs)
set_tests_properties(web_rules web_i18n web_types PROPERTIES LABELS web
                     ENVIRONMENT "REVERSI_TEST_DATA_DIR=${REVERSI_TEST_DATA_DIR}")
file(GLOB WEB_SERVER_SOURCES ${PROJECT_SOURCE_DIR}/src/server/*.cpp)
if(REVERSI_BUILD_SERVER AND WEB_SERVER_SOURCES)
  # One test per module (tests.mjs, then each NAME.tests.mjs), each with its own server, so a
  # slow module cannot eat the others' time: e2e_browser_tests, e2e_browser_game, ...
  file(GLOB E2E_MODULE_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.tests.mjs)
  set(E2E_MODULES tests)
  foreach(file ${E2E_MODULE_FILES})
    get_filename_component(name ${file} NAME)
    string(REGEX REPLACE "\\.tests\\.mjs$" "" name ${name})
    list(APPEND E2E_MODULES ${name})
  endforeach()
  # The modules run two at a time but beside no unit test: scripts/test.sh runs the e2e label
  # as a ctest run of its own after the others. Beside CPU-bound unit tests a browser test
  # took twice as long; two modules side by side took 245 s where one at a time took 334 s.
  # COST, each module's seconds alone, starts the longest first.
  set(e2e_seconds_tests 130)
  set(e2e_seconds_game 75)
  set(e2e_seconds_site 60)
  set(e2e_seconds_table 46)  # 40 + the moderation scenario (issue 27)
  set(e2e_seconds_analysis 30)
  set(e2e_seconds_polish 15)
  set(e2e_seconds_look 15)
  set(e2e_seconds_returning 35)
  set(e2e_seconds_puzzles 18)  # 15 + the WTHOR import (issue 30)
  set(e2e_seconds_compete 60)  # 40 + the arena, the Swiss of four and the restart (issue 31)
  set(e2e_seconds_rooms 55)  # the rooms finished (issue 48: tournaments, lobby, settings)
  set(e2e_seconds_delivery 10)  # the slow link's first and repeat visit (issue 49)
  set(e2e_seconds_wasm 12)  # the browser's engine against the server's (issue 49)
  set(e2e_seconds_wasmui 25)  # the pages on the browser's engine, offline play (issue 49)
  foreach(module ${E2E_MODULES})
    add_test(NAME e2e_browser_${module}
             COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/run.mjs
                     --binary $<TARGET_FILE:reversi> --build ${CMAKE_BINARY_DIR} --module ${module})
    set(cost 30)  # a new module until it is timed
    if(DEFINED e2e_seconds_${module})
      set(cost ${e2e_seconds_${module}})
    endif()
    set_tests_properties(e2e_browser_${module} PROPERTIES LABELS e2e TIMEOUT 600 COST ${cost}
                         ENVIRONMENT "REVERSI_TEST_DATA_DIR=${REVERSI_TEST_DATA_DIR}")
  endforeach()
endif()
