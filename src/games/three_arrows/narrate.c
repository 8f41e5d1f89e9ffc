/*
 * narrate.c - THREE ARROWS narration for people: the lines apply says (through a qv_events)
 * when a piece's kind and facing become public and when the game ends. The one-line events of
 * a turn (a capture, an elimination, an attack and its die) are said where the rules make
 * them. Called only with a qv_events, so the search, which applies without one, builds no
 * text.
 */
#include <stdio.h>

#include "three_arrows.h"

/* "p1's Y on c2 faces N now" for a piece whose kind and facing just became public. */
void ta_say_piece(const ta_state *s, int sq, const char *what, qv_events *ev)
{
	char b[4];
	ta_cell c = s->cell[sq];
	qv_say(ev, "p%d's piece on %s %s: %s facing %s", TA_OWNER(c) + 1, ta_sqname(sq, b), what,
	       ta_T(s)->names[TA_KIND(c)], ta_facing_names[TA_FACING(c)]);
}

/* The end of the game in words: why it ended and the final order (ranks: 1 best). */
void ta_say_end(const ta_state *s, const int *ranks, const char *why, qv_events *ev)
{
	char order[160] = "";
	size_t used = 0;
	for (int r = 1; r <= s->nplayers; r++)
		for (int p = 0; p < s->nplayers; p++)
			if (ranks[p] == r)
				used += (size_t)snprintf(
				    order + used, sizeof order - used, "%s%d. p%d (%d captured%s)",
				    used ? ", " : "", r, p + 1, s->pl[p].captured,
				    s->pl[p].eliminated ? ", eliminated" : "");
	qv_say(ev, "the game ends: %s", why);
	qv_say(ev, "final order: %s", order);
}
