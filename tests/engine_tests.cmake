# SPDX-License-Identifier: MIT
# End-to-end checks of the two-player engine through the CLI: the bench signature (the
# latest "Bench:" line of tests/bench_signature.txt), bench reproducibility, solve/analyze
# output, and the exact 6x6 solve (label slow: it takes minutes).
add_test(NAME bench_signature
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts/signature.sh "" $<TARGET_FILE:reversi>)
set_tests_properties(bench_signature PROPERTIES LABELS "engine;cli" TIMEOUT 120)
add_test(NAME bench_reprosearch
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts/reprosearch.sh $<TARGET_FILE:reversi>)
set_tests_properties(bench_reprosearch PROPERTIES LABELS "engine;cli" TIMEOUT 120)

add_test(NAME solve_ffo_1_19
         COMMAND reversi solve ${REVERSI_TEST_DATA_DIR}/ffo/fforum-1-19.obf)
set_tests_properties(solve_ffo_1_19 PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "Total: 19 positions.* 0 mismatches")
# Endgames from held-out self-play games, scored by Edax 4.6 (tests/data/README.md); the
# first eight (14-21 empties) keep the check cheap.
add_test(NAME solve_random_endgames
         COMMAND reversi solve ${REVERSI_TEST_DATA_DIR}/endgames/random-14-24.obf --count 8)
set_tests_properties(solve_random_endgames PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION
                     "Total: 8 positions, [0-9]+ nodes [(][+][1-9][0-9]* ordering[)].* 0 mismatches")
add_test(NAME solve_ffo_threads
         COMMAND reversi solve ${REVERSI_TEST_DATA_DIR}/ffo/fforum-1-19.obf --threads 2
                 --count 8)
set_tests_properties(solve_ffo_threads PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "Total: 8 positions.* 0 mismatches")
add_test(NAME bench_threads COMMAND reversi bench --threads 2 --depth-offset -2)
set_tests_properties(bench_threads PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "Threads: 2 .*Nodes searched: [1-9]")
add_test(NAME solve_bad_threads COMMAND reversi solve --board 6 --threads 0)
set_tests_properties(solve_bad_threads PROPERTIES LABELS "engine;cli" WILL_FAIL TRUE)
add_test(NAME match_from_game
         COMMAND reversi match --a greedy --b level:1 --board 6 --games 4 --from-game 3)
set_tests_properties(match_from_game PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "games 3 to 4.*A wins [0-2], draws [0-2], losses [0-2]: [0-9.]+/2 ")
add_test(NAME match_from_game_past_the_end
         COMMAND reversi match --a greedy --b level:1 --board 6 --games 4 --from-game 5)
set_tests_properties(match_from_game_past_the_end PROPERTIES LABELS "engine;cli" WILL_FAIL TRUE)
add_test(NAME solve_json_wld
         COMMAND reversi solve ${REVERSI_TEST_DATA_DIR}/ffo/fforum-1-19.obf --wld --json
                 --count 2)
set_tests_properties(solve_json_wld PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "\"ok\":true.*\"score\":1.*\n.*\"ok\":true.*\"score\":1")
add_test(NAME solve_position_moves
         COMMAND reversi solve --board 6 --moves "e4 e5 d5 c5 b4 f3 f6 c2 c6 e6 d6 b5 d2 a3 a4 b2 c1 a5 e3 f5" --json)
set_tests_properties(solve_position_moves PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "\"best\":\"[a-f][1-6]\",.*\"exact\":true")
add_test(NAME solve_bad_file COMMAND reversi solve /nonexistent/file.obf)
set_tests_properties(solve_bad_file PROPERTIES LABELS "engine;cli" WILL_FAIL TRUE)
add_test(NAME analyze_start COMMAND reversi analyze --depth 4 --multipv 4)
set_tests_properties(analyze_start PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "c4|d3|e6|f5")
add_test(NAME hint_alias COMMAND reversi hint --board 10 --depth 3)
set_tests_properties(hint_alias PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "depth 3")
# The search alone (--no-table); the table's answer (data/solved/6x6.solved) is the fast test.
add_test(NAME solve_six_by_six_start COMMAND reversi solve --board 6 --no-table)
set_tests_properties(solve_six_by_six_start PROPERTIES LABELS "engine;slow" TIMEOUT 3600
                     PASS_REGULAR_EXPRESSION "score +-4 ")
add_test(NAME solve_six_by_six_start_table COMMAND reversi solve --board 6)
set_tests_properties(solve_six_by_six_start_table PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "score +-4 ")
add_test(NAME levels_strong
         COMMAND engine_tests --gtest_also_run_disabled_tests
                 --gtest_filter=DISABLED_Strong/LevelPair.*)
set_tests_properties(levels_strong PROPERTIES LABELS "engine;slow" TIMEOUT 7200)
# The opening book (docs/ENGINE.md "Opening book"): a build resumes from its file, and the
# shipped book shows the start's moves and best line.
set(REVERSI_BOOK_OUT ${CMAKE_CURRENT_BINARY_DIR}/book_cli.book)
add_test(NAME book_build_resumes
         COMMAND sh -c "rm -f '${REVERSI_BOOK_OUT}' && \
'$<TARGET_FILE:reversi>' book build --out '${REVERSI_BOOK_OUT}' --positions 3 --depth 2 && \
'$<TARGET_FILE:reversi>' book build --out '${REVERSI_BOOK_OUT}' --positions 2 --depth 2")
set_tests_properties(book_build_resumes PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "wrote .*: 3 positions.*resuming .*: 3 positions.*wrote .*: 5 positions \\(2 added\\)")
# A book of another board: 10x10 builds, and a build of the octagon refuses its file.
add_test(NAME book_build_board
         COMMAND sh -c "rm -f '${REVERSI_BOOK_OUT}.10' && \
'$<TARGET_FILE:reversi>' book build --board 10 --out '${REVERSI_BOOK_OUT}.10' --positions 2 --depth 1 && \
'$<TARGET_FILE:reversi>' book build --board octagon --out '${REVERSI_BOOK_OUT}.10' --positions 1 --depth 1")
set_tests_properties(book_build_board PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "wrote .*: 2 positions \\(2 added\\) of 10x10 at depth 1.*is a book of 10x10, not octagon")
add_test(NAME book_show_start COMMAND reversi book show)
set_tests_properties(book_show_start PROPERTIES LABELS "engine;cli" TIMEOUT 30
                     PASS_REGULAR_EXPRESSION "positions [0-9]+, depth 14.*value -?[0-9] for the side to move\nmoves: .*best line: ")
# A damaged book stops a server before it opens (the check the engine otherwise makes at a
# strong level's first move).
if(REVERSI_BUILD_SERVER)
  add_test(NAME book_damaged_stops_serve
           COMMAND sh -c "mkdir -p '${REVERSI_BOOK_OUT}.dir' && \
sed 's/:-1$/:-2/' '${CMAKE_SOURCE_DIR}/data/book/8x8.book' > '${REVERSI_BOOK_OUT}.dir/8x8.book' && \
REVERSI_BOOK_DIR='${REVERSI_BOOK_OUT}.dir' '$<TARGET_FILE:reversi>' serve --port 0")
  set_tests_properties(book_damaged_stops_serve PROPERTIES LABELS "engine;cli" TIMEOUT 30
                       PASS_REGULAR_EXPRESSION "serve: .*8x8.book: checksum mismatch")
endif()
