# SPDX-License-Identifier: MIT
# End-to-end checks of `reversi match` with external engines as child processes: our own
# `reversi gtp` and `reversi nboard`, and Debian's gtp-rhino when it is installed. Each plays
# two short games; the summary line must show that both were played to the end.
set(MATCH_SUMMARY "A wins [0-9]+, draws [0-9]+, losses [0-9]+: [0-9.]+/2 ")
add_test(NAME match_gtp_vs_nboard
         COMMAND reversi match --a "gtp:$<TARGET_FILE:reversi> gtp --depth 1"
                 --b "nboard@1:$<TARGET_FILE:reversi> nboard" --games 2 --quiet)
set_tests_properties(match_gtp_vs_nboard PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "${MATCH_SUMMARY}")
add_test(NAME match_three_players
         COMMAND reversi match --a depth:2,algo:brs --b depth:2 --players 3 --board 10
                 --games 6 --quiet)
set_tests_properties(match_three_players PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "A wins [0-9]+, draws [0-9]+, losses [0-9]+: [0-9.]+/6 ")
# The Monte Carlo tree search as a player spec (algo:mcts), against Best-Reply Search.
add_test(NAME match_mcts_spec
         COMMAND reversi match --a nodes:3000,algo:mcts --b depth:1,algo:brs --players 4
                 --games 8 --quiet)
set_tests_properties(match_mcts_spec PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "A: nodes:3000,algo:mcts.*A wins [0-9]+, draws [0-9]+, losses [0-9]+: [0-9.]+/8 ")
add_test(NAME match_bad_spec COMMAND reversi match --a fly --b greedy)
set_tests_properties(match_bad_spec PROPERTIES LABELS cli WILL_FAIL TRUE)
# The perfect player: late openings on 6x6 (few empties) so that solving every move is quick.
add_test(NAME match_perfect_player
         COMMAND reversi match --board 6 --a solve:on --b greedy --games 2 --plies 16
                 --quiet)
set_tests_properties(match_perfect_player PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "${MATCH_SUMMARY}")
add_test(NAME match_perfect_player_bad_value COMMAND reversi match --a solve:off --b greedy)
set_tests_properties(match_perfect_player_bad_value PROPERTIES LABELS cli WILL_FAIL TRUE)

find_program(GTP_RHINO gtp-rhino PATHS /usr/games)
if(GTP_RHINO)
  add_test(NAME match_gtp_rhino
           COMMAND reversi match --a depth:1 --b "gtp:${GTP_RHINO} --level 1" --games 2 --quiet)
  set_tests_properties(match_gtp_rhino PROPERTIES LABELS cli
                       PASS_REGULAR_EXPRESSION "${MATCH_SUMMARY}")
endif()
