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

file(GLOB_RECURSE QV_WASM_SOURCES CONFIGURE_DEPENDS
     src/core/*.c src/games/*.c src/ai/*.c src/engine/*.c)
# What the app never runs, which needs threads or files: the arena and its workers, the spiel
# API, the line protocol's session.
list(FILTER QV_WASM_SOURCES EXCLUDE REGEX "src/engine/(spiel/.*|arena\\.c|workers\\.c|protocol\\.c)$")
file(GLOB QV_APP_SOURCES CONFIGURE_DEPENDS src/app/*.c)
file(GLOB QV_BUILTIN_SETS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/data/*/base.json)
set(QV_BUILTIN_C ${CMAKE_CURRENT_BINARY_DIR}/generated/builtin_components.c)
add_custom_command(
  OUTPUT ${QV_BUILTIN_C}
  COMMAND ${CMAKE_COMMAND} -DDIR=${PROJECT_SOURCE_DIR}/data -DOUT=${QV_BUILTIN_C}
          -P ${PROJECT_SOURCE_DIR}/cmake/embed_data.cmake
  DEPENDS ${QV_BUILTIN_SETS} ${PROJECT_SOURCE_DIR}/cmake/embed_data.cmake
  COMMENT "Embedding the built-in component sets data/*/base.json"
  VERBATIM)
add_library(quiverwasm STATIC ${QV_WASM_SOURCES} ${QV_BUILTIN_C})
target_include_directories(quiverwasm PUBLIC include src ${QV_JANSSON_PREFIX}/include)

set(QV_WASM_LINK
    -O2 -sMODULARIZE=1 -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
    "-sEXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8']")

# The app's module: an ES module for a module Web Worker (web/engine/worker.js).
add_executable(quiver-engine ${QV_APP_SOURCES})
set_target_properties(quiver-engine PROPERTIES SUFFIX ".js")
target_include_directories(quiver-engine PRIVATE include src)
target_link_libraries(quiver-engine PRIVATE quiverwasm ${QV_JANSSON_PREFIX}/lib/libjansson.a)
target_link_options(quiver-engine PRIVATE ${QV_WASM_LINK} -sEXPORT_ES6=1 -sENVIRONMENT=worker
                    -sEXPORT_NAME=quiverEngine
                    "-sEXPORTED_FUNCTIONS=['_qv_app_call','_malloc','_free']")

# The app's speed figures (bench/app_bench.c): the same C natively and here, as an ES module
# that bench/app_speed.mjs runs in headless chromium, in a Web Worker as the app runs its engine.
add_executable(app-bench bench/app_bench.c)
set_target_properties(app-bench PROPERTIES SUFFIX ".js")
target_include_directories(app-bench PRIVATE include src)
target_link_libraries(app-bench PRIVATE quiverwasm ${QV_JANSSON_PREFIX}/lib/libjansson.a)
target_link_options(app-bench PRIVATE ${QV_WASM_LINK} -sEXPORT_ES6=1 -sENVIRONMENT=worker
                    -sEXPORT_NAME=quiverBench
                    "-sEXPORTED_FUNCTIONS=['_qv_app_bench','_malloc','_free']")

# The parity test's driver: the same C run natively (tests/app/CMakeLists.txt) and here, as a
# CommonJS module for Node.js (emscripten 3.1.6's ES module glue reads __dirname under Node).
add_executable(parity tests/app/parity.c)
set_target_properties(parity PROPERTIES SUFFIX ".cjs")
target_include_directories(parity PRIVATE include src)
target_link_libraries(parity PRIVATE quiverwasm ${QV_JANSSON_PREFIX}/lib/libjansson.a)
target_link_options(parity PRIVATE ${QV_WASM_LINK} -sENVIRONMENT=node -sEXPORT_NAME=quiverParity
                    "-sEXPORTED_FUNCTIONS=['_qv_parity_run','_malloc','_free']")
