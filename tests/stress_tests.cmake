# SPDX-License-Identifier: MIT
# The server's tests run by `reversi-stress` (src/stress), which starts the `reversi` beside it.
# `reversi-stress chaos` (src/stress/chaos_command.cpp): concurrent games against a server that
# is SIGKILLed at random instants and whose storage commits fail at random; the test fails
# when an acknowledged move, end of game or table is missing afterwards, or an unfinished game
# cannot go on. The fault rate and resignations are high so that a failed write followed by
# a committed later write of the same table (the gap of issue 12) shows up in most runs.
# Beside it, a short `reversi-stress loadtest` with the server's limits at their defaults.
if(REVERSI_BUILD_SERVER)
  add_test(NAME chaos_kills_and_storage_faults
           COMMAND reversi-stress chaos --games 20 --kills 8 --fault-rate 0.2 --resign-odds 10
                   --seconds 45 --seed 7)
  set_tests_properties(chaos_kills_and_storage_faults PROPERTIES LABELS server TIMEOUT 150
                       PASS_REGULAR_EXPRESSION "chaos: PASS")
  # A short load test with the server's per-address limits at their defaults: the clients'
  # source addresses (127.0.0.2.., one per 8 games) keep every address under them, so no
  # request is refused (the exit status is 0 only with no error).
  add_test(NAME loadtest_limits_on
           COMMAND reversi-stress loadtest --games 300 --seconds 6 --ramp 2)
  set_tests_properties(loadtest_limits_on PROPERTIES LABELS server TIMEOUT 90
                       PASS_REGULAR_EXPRESSION "errors 0\n")
  # The lobby mode: 10 registered players seek, accept and quick-pair over /ws/lobby and play
  # a few moves of each game; labelled "load" so that a fast run can leave it out (-LE load).
  add_test(NAME loadtest_lobby COMMAND reversi-stress loadtest --lobby-players 10 --seconds 5)
  set_tests_properties(loadtest_lobby PROPERTIES LABELS "server;load" TIMEOUT 180
                       PASS_REGULAR_EXPRESSION "errors 0\n")

  # The split between the two executables: reversi-stress lists its subcommands (failover
  # only with PostgreSQL), `reversi --help` lists none of them, and an old command line is
  # told where they went.
  if(REVERSI_WITH_POSTGRES)
    set(stress_commands "loadtest.*chaos.*failover")
  else()
    set(stress_commands "loadtest.*chaos")
  endif()
  add_test(NAME stress_help_lists_commands COMMAND reversi-stress --help)
  set_tests_properties(stress_help_lists_commands PROPERTIES LABELS "server;cli" TIMEOUT 30
                       PASS_REGULAR_EXPRESSION "${stress_commands}")
  add_test(NAME reversi_help_without_stress_commands COMMAND reversi --help)
  set_tests_properties(reversi_help_without_stress_commands PROPERTIES LABELS cli TIMEOUT 30
                       PASS_REGULAR_EXPRESSION "serve"
                       FAIL_REGULAR_EXPRESSION "loadtest|chaos|failover")
  add_test(NAME reversi_loadtest_moved COMMAND reversi loadtest --games 1)
  set_tests_properties(reversi_loadtest_moved PROPERTIES LABELS cli TIMEOUT 30
                       PASS_REGULAR_EXPRESSION "moved to reversi-stress")
  # A server binary that is not there: a clear error, before anything starts.
  add_test(NAME stress_missing_server_binary
           COMMAND reversi-stress loadtest --server-binary ${CMAKE_BINARY_DIR}/no-such-reversi
                   --seconds 1)
  set_tests_properties(stress_missing_server_binary PROPERTIES LABELS "server;cli" TIMEOUT 30
                       PASS_REGULAR_EXPRESSION "no server executable at .*no-such-reversi")
endif()
