# SPDX-License-Identifier: MIT
# Running as a service (docs/OPERATIONS.md). The Debian package (packaging/install.cmake):
# built with cpack, unpacked into a throwaway root and started from there
# (tests/scripts/package_install.sh; dpkg-deb, curl and jq come with
# scripts/install-deps.sh --test). About 10 s.
if(REVERSI_BUILD_SERVER)
  add_test(NAME package_install
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts/package_install.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(package_install PROPERTIES LABELS "server;package" TIMEOUT 90
                       PASS_REGULAR_EXPRESSION "package: PASS")
endif()

# `reversi backup` while reversi-stress loadtest plays, `reversi restore` into a new server
# that must hold every move acknowledged before the backup began; restore refuses a served
# database and a damaged backup (tests/scripts/backup_restore.sh). About 12 s.
if(REVERSI_BUILD_SERVER)
  add_test(NAME backup_under_load
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts/backup_restore.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(backup_under_load PROPERTIES LABELS "server;backup" TIMEOUT 120
                       PASS_REGULAR_EXPRESSION "backup: PASS")
endif()

# The PostgreSQL backup as docs/OPERATIONS.md tells it: pg_dump of a served database,
# pg_restore into a new one, a node on it holds the game (tests/scripts/pg_backup_restore.sh,
# on a throwaway server from scripts/pg-temp.sh). About 5 s.
if(REVERSI_BUILD_SERVER AND REVERSI_WITH_POSTGRES)
  add_test(NAME backup_postgres
           COMMAND ${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh run --
                   ${CMAKE_CURRENT_SOURCE_DIR}/scripts/pg_backup_restore.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(backup_postgres PROPERTIES LABELS "server;backup;postgres" TIMEOUT 90
                       PASS_REGULAR_EXPRESSION "pg-backup: PASS")
endif()

# Nodes upgraded one at a time (docs/STORAGE.md): this build's nodes keep serving a database
# that a newer release migrated by adding things, and refuse, untouched, one whose release
# raised schema_compat (tests/scripts/pg_rolling_upgrade.sh). About 5 s.
if(REVERSI_BUILD_SERVER AND REVERSI_WITH_POSTGRES)
  add_test(NAME upgrade_postgres_rolling
           COMMAND ${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh run --
                   ${CMAKE_CURRENT_SOURCE_DIR}/scripts/pg_rolling_upgrade.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(upgrade_postgres_rolling PROPERTIES LABELS "server;postgres" TIMEOUT 90
                       PASS_REGULAR_EXPRESSION "pg-upgrade: PASS")
endif()

# Both executables run on tcmalloc where the build asked for it (CMakeLists.txt): nothing
# calls it by name, so a link that let --as-needed drop it would pass every other test.
if(REVERSI_BUILD_SERVER AND REVERSI_WITH_TCMALLOC AND NOT REVERSI_SANITIZE)
  add_test(NAME allocator_linked
           COMMAND sh -c "for b in \"$1\" \"$2\"; do ldd \"$b\" | grep -q libtcmalloc_minimal || { echo \"$b: no tcmalloc\"; exit 1; }; done; echo allocator: PASS"
                   allocator_linked $<TARGET_FILE:reversi> $<TARGET_FILE:reversi-stress>)
  set_tests_properties(allocator_linked PROPERTIES LABELS "server;package" TIMEOUT 30
                       PASS_REGULAR_EXPRESSION "allocator: PASS")
endif()
