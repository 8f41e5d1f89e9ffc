/*
 * builtin.h - the built-in component sets, data/<game>/base.json, as the build embeds them
 * (cmake/embed_data.cmake writes the definition into the build folder).
 */
#ifndef QUIVER_GAMES_BUILTIN_H
#define QUIVER_GAMES_BUILTIN_H

/* The text of data/<game>/base.json, or NULL for a game without one. */
const char *qv__builtin_components(const char *game);

#endif
