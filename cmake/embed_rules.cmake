# embed_rules.cmake - turns the rules pages (DIR/*.md, one per game, named after it) into a C
# source OUT that defines cli_rules_page() (src/cli/rules_pages.h), so that `quiver rules GAME
# --full` prints the page without reading any file at run time. Run by the build in script
# mode: cmake -DDIR=docs/rules -DOUT=build/generated/rules_pages.c -P cmake/embed_rules.cmake
if(NOT DIR OR NOT OUT)
  message(FATAL_ERROR "usage: cmake -DDIR=<pages> -DOUT=<file.c> -P embed_rules.cmake")
endif()
file(GLOB pages "${DIR}/*.md")
list(SORT pages)
if(NOT pages)
  message(FATAL_ERROR "embed_rules: no rules page in ${DIR}")
endif()

set(src "/* Generated from the rules pages docs/rules/<game>.md by cmake/embed_rules.cmake; do not edit. */\n")
string(APPEND src "#include <string.h>\n\n#include \"cli/rules_pages.h\"\n\n")
set(table "")
set(i 0)
foreach(page IN LISTS pages)
  get_filename_component(name "${page}" NAME_WE)
  file(READ "${page}" hex HEX)
  # Each byte becomes "0xNN,"; bytes rather than a string literal, so any text is safe.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND src "/* docs/rules/${name}.md */\nstatic const unsigned char page${i}[] = {${bytes}0x00};\n\n")
  string(APPEND table "\t{\"${name}\", page${i}},\n")
  math(EXPR i "${i} + 1")
endforeach()
string(APPEND src "static const struct {\n\tconst char *game;\n\tconst unsigned char *text;\n} pages[] = {\n${table}};\n\n")
string(APPEND src "const char *cli_rules_page(const char *game)\n{\n")
string(APPEND src "\tfor (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)\n")
string(APPEND src "\t\tif (strcmp(pages[i].game, game) == 0)\n\t\t\treturn (const char *)pages[i].text;\n")
string(APPEND src "\treturn NULL;\n}\n")

file(WRITE "${OUT}" "${src}")
