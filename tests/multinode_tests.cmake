# SPDX-License-Identifier: MIT
# The multi-node check of issue 15 (docs/MULTINODE.md, src/cli/failover_command.cpp): three
# `reversi serve` nodes on one throwaway PostgreSQL server (scripts/pg-temp.sh), 30 games played
# across them, one node SIGKILLed mid-game; it fails when an acknowledged move is missing, a
# game does not finish on another node, or two nodes wrote one table (the fences). Short
# leases (2 s) keep it under a minute. Only with REVERSI_WITH_POSTGRES.
if(REVERSI_BUILD_SERVER AND REVERSI_WITH_POSTGRES)
  add_test(NAME multinode_failover
           COMMAND ${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh run -- $<TARGET_FILE:reversi> failover
                   --nodes 3 --games 30 --lease-ttl 2 --kill-after 3 --seconds 50)
  set_tests_properties(multinode_failover PROPERTIES LABELS server TIMEOUT 120
                       PASS_REGULAR_EXPRESSION "failover: PASS")
endif()
