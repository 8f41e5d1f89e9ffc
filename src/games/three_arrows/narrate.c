/*
 * narrate.c - THREE ARROWS narration for people: the lines apply says (through a qv_events)
 * when a piece's kind and facing become public, when a piece attacks, when the first piece
 * placed last is on the board and when the game ends. The one-line events of a turn (a
 * capture, an elimination, the die) are said where the rules make them. Called only with a
 * qv_events, so the search, which applies without one, builds no text.
 *
 * Every line says its words in its format, the arguments being names, squares, directions and
 * numbers (docs/web/narration.md): where the English has alternatives, each is a format of its
 * own.
 */
#include "three_arrows.h"

/* "p1's piece on c2 is uncovered: Y facing N" for a piece whose kind and facing just became
 * public. */
void ta_say_uncovered(const ta_state *s, int sq, qv_events *ev)
{
	char b[4];
	ta_cell c = s->cell[sq];
	qv_say(ev, "p%d's piece on %s is uncovered: %s facing %s", TA_OWNER(c) + 1,
	       ta_sqname(sq, b), ta_T(s)->names[TA_KIND(c)], ta_facing_names[TA_FACING(c)]);
}

/* "p1's Angle on c3 attacks p2's Double on c4: 1 against defence 2 before the die" for p's
 * pending attack, the target named by its kind unless it is covered; in tactical mode no die
 * follows. */
void ta_say_attack(const ta_state *s, int p, int a, int v, qv_events *ev)
{
	const ta_tables *T = ta_T(s);
	char b1[4], b2[4];
	int from = s->atk_from, to = s->atk_to, defender = TA_OWNER(s->cell[to]) + 1;
	const char *kind = T->names[TA_KIND(s->cell[from])],
	           *target = T->names[TA_KIND(s->cell[to])];
	const char *f = ta_sqname(from, b1), *t = ta_sqname(to, b2);
	bool hid = s->covered >> to & 1;
	if (hid && !s->tactical)
		qv_say(ev,
		       "p%d's %s on %s attacks p%d's covered piece on %s: %d against defence %d "
		       "before the die",
		       p + 1, kind, f, defender, t, a, v);
	else if (hid)
		qv_say(ev,
		       "p%d's %s on %s attacks p%d's covered piece on %s: %d against defence %d",
		       p + 1, kind, f, defender, t, a, v);
	else if (!s->tactical)
		qv_say(
		    ev,
		    "p%d's %s on %s attacks p%d's %s on %s: %d against defence %d before the die",
		    p + 1, kind, f, defender, target, t, a, v);
	else
		qv_say(ev, "p%d's %s on %s attacks p%d's %s on %s: %d against defence %d", p + 1,
		       kind, f, defender, target, t, a, v);
}

/* "a Terminator is on the board: from now on only Terminators are placed" when the first
 * piece of kind k, one of the kinds placed last (T->last), is placed: those kinds listed by
 * name, a format for each count of them. */
void ta_say_last_placed(const ta_tables *T, int k, qv_events *ev)
{
	const char *n[TA_MAX_KINDS], *a = T->names[k];
	int c = 0;
	for (int j = 0; j < T->nkinds; j++)
		if (T->last >> j & 1)
			n[c++] = T->names[j];
	switch (c) {
	case 1: qv_say(ev, "a %s is on the board: from now on only %ss are placed", a, n[0]); break;
	case 2:
		qv_say(ev, "a %s is on the board: from now on only %ss or %ss are placed", a, n[0],
		       n[1]);
		break;
	case 3:
		qv_say(ev, "a %s is on the board: from now on only %ss, %ss or %ss are placed", a,
		       n[0], n[1], n[2]);
		break;
	case 4:
		qv_say(ev, "a %s is on the board: from now on only %ss, %ss, %ss or %ss are placed",
		       a, n[0], n[1], n[2], n[3]);
		break;
	case 5:
		qv_say(
		    ev,
		    "a %s is on the board: from now on only %ss, %ss, %ss, %ss or %ss are placed",
		    a, n[0], n[1], n[2], n[3], n[4]);
		break;
	case 6:
		qv_say(ev,
		       "a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss or %ss are "
		       "placed",
		       a, n[0], n[1], n[2], n[3], n[4], n[5]);
		break;
	case 7:
		qv_say(ev,
		       "a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss, %ss or %ss "
		       "are placed",
		       a, n[0], n[1], n[2], n[3], n[4], n[5], n[6]);
		break;
	default:
		qv_say(
		    ev,
		    "a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss, %ss, %ss or "
		    "%ss are placed",
		    a, n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]);
		break;
	}
}

/* "the game ends: only one player is left", for why. */
static void say_why(ta_end why, qv_events *ev)
{
	switch (why) {
	case TA_END_TURNS: qv_say(ev, "the game ends: the turn limit is reached"); break;
	case TA_END_ALONE: qv_say(ev, "the game ends: only one player is left"); break;
	case TA_END_STUCK: qv_say(ev, "the game ends: nobody can act"); break;
	}
}

/* The end of the game in words: why it ended, then the final order (ranks: 1 best), "final
 * order: 1. p2 (6 captured), 2. p1 (2 captured, eliminated)", each player's place a phrase. */
void ta_say_end(const ta_state *s, const int *ranks, ta_end why, qv_events *ev)
{
	char at[TA_MAX_PLAYERS][256]; /* a phrase: its text and its message */
	int n = 0;
	say_why(why, ev);
	for (int r = 1; r <= s->nplayers; r++)
		for (int p = 0; p < s->nplayers; p++) {
			if (ranks[p] != r)
				continue;
			if (s->pl[p].eliminated)
				qv_phrase(at[n++], sizeof at[0],
				          "%d. p%d (%d captured, eliminated)", r, p + 1,
				          s->pl[p].captured);
			else
				qv_phrase(at[n++], sizeof at[0], "%d. p%d (%d captured)", r, p + 1,
				          s->pl[p].captured);
		}
	QV_ASSERT(n == s->nplayers);
	switch (n) {
	case 2: qv_say(ev, "final order: %s, %s", at[0], at[1]); break;
	case 3: qv_say(ev, "final order: %s, %s, %s", at[0], at[1], at[2]); break;
	default: qv_say(ev, "final order: %s, %s, %s, %s", at[0], at[1], at[2], at[3]); break;
	}
}
