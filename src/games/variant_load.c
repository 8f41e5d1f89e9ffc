/*
 * variant_load.c - the front ends' way in to variants (include/quiver/variant.h): a file or a
 * document whose game may be any of the registry's, found by the name the document gives.
 * The work is variant.c's; this file only hands it the registry, which variant.c, called by
 * every game's init, must not call itself.
 */
#include "games/variant.h"

qv_status qv_variant_load(const char *path, const qv_game *g, const qv_variant **out, qv_err *err)
{
	return qv__variant_load(path, g, qv_game_find, NULL, out, err);
}

qv_status qv_variant_check(const char *path, const qv_game *g, const qv_variant **out,
                           qv_variant_problems *problems)
{
	return qv__variant_load(path, g, qv_game_find, problems, out, NULL);
}

qv_status qv_variant_from_json(const struct json_t *doc, const qv_game *g, const char *what,
                               const qv_variant **out, qv_err *err)
{
	return qv__variant_from_json(doc, g, qv_game_find, what, out, err);
}

qv_status qv_variant_from_json_held(const struct json_t *doc, const qv_game *g, const char *what,
                                    qv_variant_room room, const qv_variant **out, qv_err *err)
{
	return qv__variant_from_json_held(doc, g, qv_game_find, what, room, out, err);
}
