# SPDX-License-Identifier: MIT
# The training commands end to end on a few 6x6 games (docs/TRAINING.md): selfplay writes a
# file, train fits weights to it, evaltest measures them; a bad weight directory stops the
# program at start-up with the file's name.
set(REVERSI_TRAIN_DIR ${CMAKE_CURRENT_BINARY_DIR}/training_test)
add_test(NAME training_cli
         COMMAND sh -c "rm -rf '${REVERSI_TRAIN_DIR}' && mkdir -p '${REVERSI_TRAIN_DIR}' && \
'$<TARGET_FILE:reversi>' selfplay --board 6 --games 30 --depth 1 --exact-empties 8 --out '${REVERSI_TRAIN_DIR}/six.data' && \
'$<TARGET_FILE:reversi>' train --board 6 --data '${REVERSI_TRAIN_DIR}/six.data' --phases 2 --epochs 20 --out '${REVERSI_TRAIN_DIR}/6x6.weights' && \
'$<TARGET_FILE:reversi>' evaltest --board 6 --data '${REVERSI_TRAIN_DIR}/six.data' --weights '${REVERSI_TRAIN_DIR}/6x6.weights'")
set_tests_properties(training_cli PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "all [0-9]+ positions: mae [0-9.]+")
# Three players the same way (every seat's view recorded; evaltest against the game result).
add_test(NAME training_cli_multiplayer
         COMMAND sh -c "rm -rf '${REVERSI_TRAIN_DIR}-mp' && mkdir -p '${REVERSI_TRAIN_DIR}-mp' && \
'$<TARGET_FILE:reversi>' selfplay --players 3 --games 20 --depth 1 --out '${REVERSI_TRAIN_DIR}-mp/three.data' && \
'$<TARGET_FILE:reversi>' train --players 3 --data '${REVERSI_TRAIN_DIR}-mp/three.data' --phases 2 --epochs 20 --out '${REVERSI_TRAIN_DIR}-mp/8x8-3p.weights' && \
'$<TARGET_FILE:reversi>' evaltest --players 3 --data '${REVERSI_TRAIN_DIR}-mp/three.data' --weights '${REVERSI_TRAIN_DIR}-mp/8x8-3p.weights'")
set_tests_properties(training_cli_multiplayer PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "all [0-9]+ positions: mae [0-9.]+\nguessing 0: mae [0-9.]+")
# Blocked boards: a random layout per game, relabelled on each record's board, then the
# shape's blocked weights (key 6x6-blk) trained on them.
add_test(NAME training_cli_blocked
         COMMAND sh -c "rm -rf '${REVERSI_TRAIN_DIR}-blk' && mkdir -p '${REVERSI_TRAIN_DIR}-blk' && \
'$<TARGET_FILE:reversi>' selfplay --board 6 --blocked-random 4 --games 20 --depth 1 --exact-empties 8 --out '${REVERSI_TRAIN_DIR}-blk/six.data' && \
'$<TARGET_FILE:reversi>' relabel --board 6 --data '${REVERSI_TRAIN_DIR}-blk/six.data' --depth 1 --out '${REVERSI_TRAIN_DIR}-blk/six-r.data' && \
'$<TARGET_FILE:reversi>' train --board 6 --for-blocked --data '${REVERSI_TRAIN_DIR}-blk/six-r.data' --phases 2 --epochs 20 --out '${REVERSI_TRAIN_DIR}-blk/6x6-blk.weights'")
set_tests_properties(training_cli_blocked PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "Relabelled [1-9][0-9]* of .*Weights: .*6x6-blk.weights")
# Multi-ProbCut fitted on blocked games: each record searched on its own board, the table
# written for the blocked weights those boards play with.
add_test(NAME mpcfit_blocked_games
         COMMAND sh -c "rm -rf '${REVERSI_TRAIN_DIR}-mpc' && mkdir -p '${REVERSI_TRAIN_DIR}-mpc' && \
'$<TARGET_FILE:reversi>' selfplay --board 10 --blocked-random 4 --games 6 --depth 1 --exact-empties 8 --out '${REVERSI_TRAIN_DIR}-mpc/ten.data' && \
'$<TARGET_FILE:reversi>' mpcfit --board 10 --data '${REVERSI_TRAIN_DIR}-mpc/ten.data' --positions 40 --max-depth 4 --min-samples 3 --out '${REVERSI_TRAIN_DIR}-mpc/ten.mpc'")
set_tests_properties(mpcfit_blocked_games PROPERTIES LABELS "engine;cli" TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "variant 10x10-blk\n# pair[^\n]*\npair 3 1 ")
add_test(NAME weights_missing_stops_startup COMMAND reversi bench --quiet)
set_tests_properties(weights_missing_stops_startup PROPERTIES LABELS "engine;cli" TIMEOUT 30
                     ENVIRONMENT "REVERSI_WEIGHTS_DIR=${CMAKE_CURRENT_BINARY_DIR}/no-such-weights-dir"
                     PASS_REGULAR_EXPRESSION "error: weight file .*8x8.weights: missing")
# The start-up check reads only the weights' headers: a payload damaged under an intact header
# is refused, with its reason, when a command first decodes the variant.
add_test(NAME weights_checksum_refused_on_use
         COMMAND sh -c "rm -rf '${CMAKE_CURRENT_BINARY_DIR}/weights_flipped' && \
cp -r '${CMAKE_SOURCE_DIR}/data/weights' '${CMAKE_CURRENT_BINARY_DIR}/weights_flipped' && \
dd if='${CMAKE_SOURCE_DIR}/data/weights/8x8.weights' bs=1 skip=100000 count=1 2>/dev/null | tr '\\000-\\377' '\\001-\\377\\000' | \
dd of='${CMAKE_CURRENT_BINARY_DIR}/weights_flipped/8x8.weights' bs=1 seek=100000 conv=notrunc 2>/dev/null && \
REVERSI_WEIGHTS_DIR='${CMAKE_CURRENT_BINARY_DIR}/weights_flipped' '$<TARGET_FILE:reversi>' solve '${CMAKE_SOURCE_DIR}/tests/data/ffo/fforum-1-19.obf' --count 1; test $? -eq 1")
set_tests_properties(weights_checksum_refused_on_use PROPERTIES LABELS "engine;cli" TIMEOUT 30
                     PASS_REGULAR_EXPRESSION "error: weight file .*8x8.weights: checksum")
add_test(NAME weights_damaged_stops_startup
         COMMAND sh -c "mkdir -p '${CMAKE_CURRENT_BINARY_DIR}/weights_damaged' && \
head -c 5000 '${CMAKE_SOURCE_DIR}/data/weights/8x8.weights' > '${CMAKE_CURRENT_BINARY_DIR}/weights_damaged/8x8.weights' && \
REVERSI_WEIGHTS_DIR='${CMAKE_CURRENT_BINARY_DIR}/weights_damaged' '$<TARGET_FILE:reversi>' bench --quiet; test $? -eq 1")
set_tests_properties(weights_damaged_stops_startup PROPERTIES LABELS "engine;cli" TIMEOUT 30
                     PASS_REGULAR_EXPRESSION "error: weight file .*8x8.weights: (checksum|payload)")
# evaltest on an .obf problem file: every FFO position is read and scored against its best move.
add_test(NAME evaltest_obf
         COMMAND reversi evaltest --obf ${CMAKE_SOURCE_DIR}/tests/data/ffo/fforum-1-19.obf)
set_tests_properties(evaltest_obf PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "all 19 positions: mae [0-9.]+")
add_test(NAME evaltest_obf_bad_line
         COMMAND sh -c "printf '%064d X; A1:+2\\n' 0 > '${CMAKE_CURRENT_BINARY_DIR}/bad.obf' && \
'$<TARGET_FILE:reversi>' evaltest --obf '${CMAKE_CURRENT_BINARY_DIR}/bad.obf'; test $? -eq 1")
set_tests_properties(evaltest_obf_bad_line PROPERTIES LABELS "engine;cli" TIMEOUT 30
                     PASS_REGULAR_EXPRESSION "bad.obf line 1: character 1 \\(a1\\): unknown character '0'")
# The evaluation's error table per ten moves played (docs/ENGINE.md "Evaluation error") on two
# shallow-labelled games: every band of moves appears, the last one solved exactly.
add_test(NAME evaltest_table
         COMMAND reversi evaltest --table --games 2 --label-depth 4 --exact-from 10 --search-depth 2)
set_tests_properties(evaltest_table PROPERTIES LABELS "engine;cli" TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "0-9 \\| 2 \\| depth 4 \\|.*50-59 \\| 2 \\| exact \\|.*ns each")
