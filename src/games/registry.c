/*
 * registry.c - the list of games. Adding a game is one line here plus its folder.
 */
#include <stdio.h>
#include <string.h>

#include "quiver/game.h"

extern const qv_game qv_three_arrows;
extern const qv_game qv_concardia;
extern const qv_game qv_evons;
extern const qv_game qv_arrow_party;

const qv_game *const qv_games[] = {
    &qv_three_arrows, &qv_concardia, &qv_evons, &qv_arrow_party, NULL,
};

const qv_game *qv_game_find(const char *name, qv_err *err)
{
	char known[256] = "";
	size_t len = 0;
	for (int i = 0; qv_games[i]; i++) {
		if (strcmp(qv_games[i]->name, name) == 0)
			return qv_games[i];
		len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "",
		                        qv_games[i]->name);
	}
	qv_fail(err, QV_EINVAL, "unknown game '%s' (known: %s)", name, known);
	return NULL;
}
