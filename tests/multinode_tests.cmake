# SPDX-License-Identifier: MIT
# The multi-node check of issue 15 (docs/MULTINODE.md, src/stress/failover_command.cpp):
# `reversi-stress failover` starts three `reversi serve` nodes on one throwaway PostgreSQL
# server (scripts/pg-temp.sh), plays 30 games across them and SIGKILLs one node mid-game; it
# fails when an acknowledged move is missing, a game does not finish on another node, or two
# nodes wrote one table (the fences). Short leases (2 s) keep it under a minute. Only with
# REVERSI_WITH_POSTGRES.
if(REVERSI_BUILD_SERVER AND REVERSI_WITH_POSTGRES)
  add_test(NAME multinode_failover
           COMMAND ${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh run --
                   $<TARGET_FILE:reversi-stress> failover
                   --nodes 3 --games 30 --lease-ttl 2 --kill-after 3 --seconds 50)
  set_tests_properties(multinode_failover PROPERTIES LABELS server TIMEOUT 120
                       PASS_REGULAR_EXPRESSION "failover: PASS")
  # A clean stop (SIGTERM): the node hands its leases over as it stops, so its tables must be
  # played on elsewhere within half the 10 s ttl (an expiry would take at least 6.7 s). Two
  # nodes and 10 games keep it near 10 s.
  add_test(NAME multinode_clean_stop
           COMMAND ${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh run --
                   $<TARGET_FILE:reversi-stress> failover
                   --nodes 2 --games 10 --lease-ttl 10 --kill-after 2 --seconds 30 --stop term)
  set_tests_properties(multinode_clean_stop PROPERTIES LABELS server TIMEOUT 90
                       PASS_REGULAR_EXPRESSION "failover: PASS")
  # A tournament through the kill -9 of its node (issue 31, docs/MULTINODE.md "Tournaments
  # across nodes"): two nodes, leases of 2 s, an arena of 4 players and 5 s led by node A and
  # played through node B; A is killed once 2 of its games are over, and B must lead, serve
  # and end it with every game and standing. About 13 s (the throwaway server, two nodes,
  # four Argon2id registrations, the arena's 2 s wait before it starts).
  add_test(NAME multinode_tournament_kill9
           COMMAND ${CMAKE_SOURCE_DIR}/scripts/tournament-kill9.sh --postgres ${CMAKE_BINARY_DIR}
                   4 5 2)
  set_tests_properties(multinode_tournament_kill9 PROPERTIES LABELS server TIMEOUT 120
                       PASS_REGULAR_EXPRESSION "tournament-kill9 --postgres: PASS")
endif()
