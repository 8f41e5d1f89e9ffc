/*
 * rules_pages.h - the rules pages of the games (docs/rules/<game>.md), embedded in the `quiver`
 * command at build time by cmake/embed_rules.cmake, for `quiver rules <game> --full`. The
 * definition is generated in the build tree (generated/rules_pages.c); no copy is checked in.
 */
#ifndef QUIVER_CLI_RULES_PAGES_H
#define QUIVER_CLI_RULES_PAGES_H

/* The markdown text of the rules page of the game named `game` (a qv_game name such as
 * "three-arrows"), NUL-terminated and valid for the whole run, or NULL when the build has no
 * page of that name. */
const char *cli_rules_page(const char *game);

#endif
