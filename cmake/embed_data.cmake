# embed_data.cmake - turns the built-in component sets (DIR/<game>/base.json, one folder per
# game, named after it) into a C source OUT that defines qv__builtin_components()
# (src/games/builtin.h), so that a game's built-in set is data in the project that no run
# needs to find on disk. Run by the build in script mode:
# cmake -DDIR=data -DOUT=build/generated/builtin_components.c -P cmake/embed_data.cmake
if(NOT DIR OR NOT OUT)
  message(FATAL_ERROR "usage: cmake -DDIR=<data> -DOUT=<file.c> -P embed_data.cmake")
endif()
file(GLOB sets "${DIR}/*/base.json")
list(SORT sets)

set(src "/* Generated from data/<game>/base.json by cmake/embed_data.cmake; do not edit. */\n")
string(APPEND src "#include <string.h>\n\n#include \"games/builtin.h\"\n\n")
set(table "")
set(i 0)
foreach(set IN LISTS sets)
  get_filename_component(dir "${set}" DIRECTORY)
  get_filename_component(name "${dir}" NAME)
  file(READ "${set}" hex HEX)
  # Each byte becomes "0xNN,"; bytes rather than a string literal, so any text is safe.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND src "/* data/${name}/base.json */\nstatic const unsigned char set${i}[] = {${bytes}0x00};\n\n")
  string(APPEND table "\t{\"${name}\", set${i}},\n")
  math(EXPR i "${i} + 1")
endforeach()
string(APPEND table "\t{NULL, NULL},\n")
string(APPEND src "static const struct {\n\tconst char *game;\n\tconst unsigned char *text;\n} sets[] = {\n${table}};\n\n")
string(APPEND src "const char *qv__builtin_components(const char *game)\n{\n")
string(APPEND src "\tfor (size_t i = 0; sets[i].game; i++)\n")
string(APPEND src "\t\tif (strcmp(sets[i].game, game) == 0)\n\t\t\treturn (const char *)sets[i].text;\n")
string(APPEND src "\treturn NULL;\n}\n")

file(WRITE "${OUT}" "${src}")
