# SPDX-License-Identifier: MIT
# Usage: cmake -DCOMMANDS=BUILD/compile_commands.json -DTARGET=library -DALLOWED=header
#              -DREFUSED=header -DWORK=folder -P include_roots.cmake
# The compiler's half of the layering (src/include_root.cmake): compiles, with the include
# folders and flags that TARGET's own sources are compiled with, a file that includes ALLOWED
# (a header of TARGET or of a library below it), which must compile, and one that includes
# REFUSED (a header of a library above or beside it), which must fail because the header is not
# found.
foreach(var COMMANDS TARGET ALLOWED REFUSED WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "include_roots.cmake: -D${var}=... is missing")
  endif()
endforeach()

# TARGET's first compile command.
file(READ ${COMMANDS} commands)
string(JSON count LENGTH "${commands}")
math(EXPR last "${count} - 1")
set(command "")
foreach(i RANGE ${last})
  string(JSON entry_command GET "${commands}" ${i} command)
  if(entry_command MATCHES "/${TARGET}\\.dir/")
    set(command "${entry_command}")
    string(JSON directory GET "${commands}" ${i} directory)
    break()
  endif()
endforeach()
if(command STREQUAL "")
  message(FATAL_ERROR "include_roots.cmake: no compile command of ${TARGET} in ${COMMANDS}")
endif()

# The same compiler and flags, less the object, the source and the precompiled header.
separate_arguments(words UNIX_COMMAND "${command}")
set(flags "")
set(skip OFF)
foreach(word IN LISTS words)
  if(skip)
    set(skip OFF)
  elseif(word MATCHES "^-(o|c|include)$")
    set(skip ON)
  elseif(NOT word STREQUAL "-Winvalid-pch")
    list(APPEND flags "${word}")
  endif()
endforeach()

# compile(NAME HEADER): compiles a file that includes HEADER; sets `status` and `output`.
function(compile name header)
  set(file ${WORK}/include_roots_${TARGET}_${name}.cpp)
  file(WRITE ${file} "#include \"${header}\"\n")
  execute_process(COMMAND ${flags} -fsyntax-only ${file} WORKING_DIRECTORY ${directory}
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(status ${result} PARENT_SCOPE)
  set(output "${out}" PARENT_SCOPE)
endfunction()

compile(allowed ${ALLOWED})
if(NOT status EQUAL 0)
  message(FATAL_ERROR "include roots: ${TARGET} cannot compile #include \"${ALLOWED}\":\n${output}")
endif()
compile(refused ${REFUSED})
if(status EQUAL 0)
  message(FATAL_ERROR "include roots: ${TARGET} compiles #include \"${REFUSED}\", which it must not see")
endif()
string(REGEX REPLACE "([.+])" "\\\\\\1" pattern "${REFUSED}")
if(NOT output MATCHES "${pattern}(: No such file| file not found|' file not found)")
  message(FATAL_ERROR "include roots: ${TARGET}'s #include \"${REFUSED}\" failed, but not as a "
                      "header it cannot see:\n${output}")
endif()
message(STATUS "include roots: ${TARGET} sees \"${ALLOWED}\", not \"${REFUSED}\"")
