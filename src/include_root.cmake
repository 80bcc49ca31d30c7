# SPDX-License-Identifier: MIT
# reversi_include_root(TARGET SCOPE FOLDER...): TARGET's own include folder, BUILD/include/TARGET,
# holding a link to each header directly in src/FOLDER (not its subfolders, which are other
# libraries) under the same path, so `#include "FOLDER/x.h"` is spelled as from src/. With
# SCOPE PUBLIC it reaches only the targets that link TARGET: a library sees its own headers and
# those of the libraries below it, and the compiler refuses an upward include
# (docs/ARCHITECTURE.md, "Include roots"). One call per target: it makes the folder anew.
function(reversi_include_root target scope)
  set(root ${CMAKE_BINARY_DIR}/include/${target})
  file(REMOVE_RECURSE ${root})
  foreach(folder IN LISTS ARGN)
    # Configured again when a header comes or goes.
    file(GLOB headers CONFIGURE_DEPENDS ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${folder}/*.h)
    file(MAKE_DIRECTORY ${root}/${folder})
    foreach(header IN LISTS headers)
      get_filename_component(name ${header} NAME)
      file(CREATE_LINK ${header} ${root}/${folder}/${name} SYMBOLIC)
    endforeach()
  endforeach()
  target_include_directories(${target} ${scope} ${root})
endfunction()
