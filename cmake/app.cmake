# app.cmake - the app's engine as WebAssembly (docs/architecture.md, "The app"), included by
# CMakeLists.txt instead of the native build when CMake runs under emscripten:
#   emcmake cmake -S . -B build/wasm -DQV_JANSSON_PREFIX=build/wasm-deps/prefix
# (`make web` does it, scripts/wasm-jansson.sh building jansson from Debian's source first).
# The library's layers below the front ends (core, games, ai, engine) and the app's C API
# (src/app/) from the same sources as `quiver`, into quiver-engine.js and quiver-engine.wasm:
# an ES module for the app's Web Worker, exporting qv_app_call alone
# (include/quiver/app.h). Beside it, the parity test's driver (tests/app/parity.c) as a module
# of its own, parity.cjs, which the test runs under Node.js beside the native build's.
#
# The flags are the ones measured (docs/architecture.md, "The app"): -O2 (as fast as
# -O3 -flto, smaller); -mbulk-memory, which makes memcpy and memset single instructions (the
# search 1.03 to 1.26 times faster) and with which LLVM 14 refuses _Thread_local without
# atomics, so in this single-threaded module the thread-local scratch are plain globals
# (-D_Thread_local=, the same results byte for byte); no file system (its glue is 19.5 KB
# instead of 71 KB), the memory growing as the search needs it.
set(QV_JANSSON_PREFIX "" CACHE PATH "jansson built for WebAssembly (scripts/wasm-jansson.sh)")
if(NOT EXISTS "${QV_JANSSON_PREFIX}/lib/libjansson.a")
  message(FATAL_ERROR "app.cmake: no ${QV_JANSSON_PREFIX}/lib/libjansson.a: run scripts/wasm-jansson.sh DIR and give -DQV_JANSSON_PREFIX=DIR/prefix")
endif()

add_compile_options(-O2 -mbulk-memory)
add_compile_definitions(_Thread_local=)

# The compiles: emcc is a Python program that starts emscripten's clang with the flags
# `emcc --cflags` prints, and each start costs some 0.8 s of processor time before clang runs
# (1.1 s against 0.34 for a file of the engine; 140 files). So the objects are compiled by that
# clang with those flags, and emcc only links (it writes the JavaScript glue). Configuring
# checks it: a small file compiled both ways must give the same object, else emcc compiles as
# before (docs/history/testing.md, "The app's build").
execute_process(COMMAND em-config LLVM_ROOT OUTPUT_VARIABLE qv_llvm_root
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND em-config CLANG_ADD_VERSION OUTPUT_VARIABLE qv_clang_version
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND ${CMAKE_C_COMPILER} --cflags OUTPUT_VARIABLE qv_emcc_cflags
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE qv_rc ERROR_QUIET)
set(qv_clang "${qv_llvm_root}/clang-${qv_clang_version}")
if(NOT EXISTS "${qv_clang}")
  set(qv_clang "${qv_llvm_root}/clang")
endif()
set(qv_probe "${CMAKE_BINARY_DIR}/clang-probe")
file(WRITE "${qv_probe}.c" "#include <string.h>\nint qv_probe(char *s) { return (int)strlen(s) + 3; }\n")
separate_arguments(qv_emcc_cflags UNIX_COMMAND "${qv_emcc_cflags}")
set(qv_same OFF)
if(qv_rc EQUAL 0 AND EXISTS "${qv_clang}")
  execute_process(COMMAND ${CMAKE_C_COMPILER} -O2 -mbulk-memory -c "${qv_probe}.c"
                          -o "${qv_probe}-emcc.o" RESULT_VARIABLE qv_rc1 OUTPUT_QUIET ERROR_QUIET)
  execute_process(COMMAND "${qv_clang}" ${qv_emcc_cflags} -O2 -mbulk-memory -c "${qv_probe}.c"
                          -o "${qv_probe}-clang.o" RESULT_VARIABLE qv_rc2 OUTPUT_QUIET ERROR_QUIET)
  if(qv_rc1 EQUAL 0 AND qv_rc2 EQUAL 0)
    file(SHA256 "${qv_probe}-emcc.o" qv_h1)
    file(SHA256 "${qv_probe}-clang.o" qv_h2)
    if(qv_h1 STREQUAL qv_h2)
      set(qv_same ON)
    endif()
  endif()
endif()
if(qv_same)
  list(JOIN qv_emcc_cflags " " qv_flags_text)
  string(REPLACE "<CMAKE_C_COMPILER>" "\"${qv_clang}\" ${qv_flags_text}" CMAKE_C_COMPILE_OBJECT
                 "${CMAKE_C_COMPILE_OBJECT}")
  message(STATUS "app.cmake: objects compiled by ${qv_clang} with emcc's flags")
else()
  message(STATUS "app.cmake: objects compiled by emcc (its clang gave another object)")
endif()

file(GLOB_RECURSE QV_WASM_SOURCES CONFIGURE_DEPENDS
     src/core/*.c src/games/*.c src/ai/*.c src/engine/*.c)
# What the app never runs, which needs threads or files: the arena and its workers, the spiel
# API, the line protocol's session.
list(FILTER QV_WASM_SOURCES EXCLUDE REGEX "src/engine/(spiel/.*|arena\\.c|workers\\.c|protocol\\.c)$")
file(GLOB QV_APP_SOURCES CONFIGURE_DEPENDS src/app/*.c)
add_library(quiverwasm STATIC ${QV_WASM_SOURCES} ${QV_BUILTIN_C})
target_include_directories(quiverwasm PUBLIC include src ${QV_JANSSON_PREFIX}/include)

set(QV_WASM_LINK
    -O2 -sMODULARIZE=1 -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
    "-sEXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8']")

# A module of a program over the library: its sources, its suffix, the function it exports and
# its name, then its own link options (its environment).
function(qv_wasm_module target sources suffix fn name)
  add_executable(${target} ${sources})
  set_target_properties(${target} PROPERTIES SUFFIX ${suffix})
  target_include_directories(${target} PRIVATE include src)
  target_link_libraries(${target} PRIVATE quiverwasm ${QV_JANSSON_PREFIX}/lib/libjansson.a)
  target_link_options(${target} PRIVATE ${QV_WASM_LINK} ${ARGN} -sEXPORT_NAME=${name}
                      "-sEXPORTED_FUNCTIONS=['_${fn}','_malloc','_free']")
endfunction()

# The app's module: an ES module for a module Web Worker (web/engine/worker.js).
qv_wasm_module(quiver-engine "${QV_APP_SOURCES}" .js qv_app_call quiverEngine -sEXPORT_ES6=1
               -sENVIRONMENT=worker)

# The app's speed figures (bench/app_bench.c): the same C natively and here, as an ES module
# that bench/app_speed.mjs runs in headless chromium, in a Web Worker as the app runs its engine.
qv_wasm_module(app-bench bench/app_bench.c .js qv_app_bench quiverBench -sEXPORT_ES6=1
               -sENVIRONMENT=worker)

# The parity test's driver: the same C run natively (tests/app/CMakeLists.txt) and here, as a
# CommonJS module for Node.js (emscripten 3.1.6's ES module glue reads __dirname under Node).
qv_wasm_module(parity tests/app/parity.c .cjs qv_parity_run quiverParity -sENVIRONMENT=node)
