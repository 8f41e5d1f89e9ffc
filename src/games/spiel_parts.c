/*
 * spiel_parts.c - each game's part of the spiel API (games/spiel.h) found by its descriptor:
 * a table beside the games' own, so that the descriptor does not change.
 */
#include <stddef.h>

#include "games/spiel.h"

extern const qv_game qv_three_arrows, qv_concardia, qv_evons, qv_arrow_party;
extern const qv__spiel_game qv__ta_spiel, qv__cc_spiel, qv__ev_spiel, qv__ap_spiel;

const qv__spiel_game *qv__spiel_game_of(const qv_game *g)
{
	static const struct {
		const qv_game *g;
		const qv__spiel_game *s;
	} parts[] = {
	    {&qv_three_arrows, &qv__ta_spiel},
	    {&qv_concardia, &qv__cc_spiel},
	    {&qv_evons, &qv__ev_spiel},
	    {&qv_arrow_party, &qv__ap_spiel},
	};
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
		if (parts[i].g == g)
			return parts[i].s;
	return NULL;
}
