/*
 * spiel.c - what the spiel API (games/spiel.h) reads off THREE ARROWS: its observation
 * planes and the bounds of a game. THREE ARROWS shuffles nothing (its die is a chance event),
 * so the API deals nothing. The planes hold what a seat's view (json.c) holds: per square
 * the owner (seats counted from the viewer), the kind, facing and arrows of a piece the seat
 * may see, whether it is covered, shielded or hidden from the seat, the attack under way;
 * the scalars each seat's supplies, captures, losses, home side and place of elimination,
 * its holder when it is the viewer's, whose turn it is, the phase and the counters.
 */
#include <stdio.h>

#include "core/fmt.h"
#include "games/spiel.h"
#include "three_arrows.h"

/* Planes. */
enum {
	PL_OWNER = 0,               /* 4: the owner, counted from the viewer */
	PL_KIND = PL_OWNER + 4,     /* 8: the kind, when the seat may see it */
	PL_FACING = PL_KIND + 8,    /* 4: N E S W */
	PL_ARROWS = PL_FACING + 4,  /* 8: arrows in each board direction, N to NW */
	PL_COVERED = PL_ARROWS + 8, /* covered */
	PL_SHIELDED,                /* shielded */
	PL_HIDDEN,                  /* covered and not the viewer's: unknown */
	PL_FROM,                    /* the attacking piece */
	PL_TO,                      /* the attacked piece */
	NPLANES
};

/* Scalars: per seat counted from the viewer, then the game's. */
enum {
	SC_COVERS,
	SC_SHIELDS,
	SC_BONUS,
	SC_CAPTURED,
	SC_LOST,               /* 8, by kind */
	SC_HOME = SC_LOST + 8, /* 5: none, S, N, W, E */
	SC_ELIMINATED = SC_HOME + 5,
	SC_HOLDER_COUNT,
	SC_HOLDER, /* 8, by kind: the viewer's own only */
	SC_SEAT = SC_HOLDER + 8
};
enum {
	SC_TURN = 4 * SC_SEAT,  /* 4: whose turn, counted from the viewer */
	SC_PHASE = SC_TURN + 4, /* 6 */
	SC_EXTRA = SC_PHASE + 6,
	SC_TURNS,
	SC_TERMINATOR,
	SC_STRENGTH, /* the attack's strengths, while the defender decides */
	SC_DEFENCE,
	NSCALARS
};

static const char *const plane_names[NPLANES] = {
    "owner.me", "owner.next", "owner.next2", "owner.next3", "kind.0",   "kind.1",
    "kind.2",   "kind.3",     "kind.4",      "kind.5",      "kind.6",   "kind.7",
    "facing.N", "facing.E",   "facing.S",    "facing.W",    "arrows.N", "arrows.NE",
    "arrows.E", "arrows.SE",  "arrows.S",    "arrows.SW",   "arrows.W", "arrows.NW",
    "covered",  "shielded",   "hidden",      "attack.from", "attack.to"};

static const char *const seat_names[4] = {"me", "next", "next2", "next3"};

static void ta_layout(const void *st, qv__spiel_layout *out)
{
	const ta_state *s = st;
	*out = (qv__spiel_layout){.c = NPLANES, .h = s->size, .w = s->size, .nscalars = NSCALARS};
}

static void ta_slot_name(const void *st, bool scalar, int i, char *buf, size_t len)
{
	const ta_tables *T = ta_T(st);
	if (!scalar) {
		if (i >= PL_KIND && i < PL_KIND + 8)
			qv_fmt(buf, len, "kind.%c",
			       T->letters[i - PL_KIND] ? T->letters[i - PL_KIND]
			                               : '0' + i - PL_KIND);
		else
			qv_fmt(buf, len, "%s", plane_names[i]);
		return;
	}
	static const char *const homes[5] = {"none", "S", "N", "W", "E"};
	static const char *const phases[6] = {"start", "main", "defend", "die", "capture", "over"};
	if (i < SC_TURN) {
		int r = i / SC_SEAT, f = i % SC_SEAT;
		const char *who = seat_names[r];
		char k = f >= SC_LOST && f < SC_LOST + 8 ? T->letters[f - SC_LOST]
		         : f >= SC_HOLDER                ? T->letters[f - SC_HOLDER]
		                                         : 0;
		if (f < SC_LOST)
			qv_fmt(buf, len, "%s.%s",
			       (const char *[]){"covers", "shields", "bonus", "captured"}[f], who);
		else if (f < SC_HOME)
			qv_fmt(buf, len, "lost.%c.%s", k ? k : '0' + f - SC_LOST, who);
		else if (f < SC_ELIMINATED)
			qv_fmt(buf, len, "home.%s.%s", homes[f - SC_HOME], who);
		else if (f == SC_ELIMINATED)
			qv_fmt(buf, len, "eliminated.%s", who);
		else if (f == SC_HOLDER_COUNT)
			qv_fmt(buf, len, "holder_count.%s", who);
		else
			qv_fmt(buf, len, "holder.%c.%s", k ? k : '0' + f - SC_HOLDER, who);
	} else if (i < SC_PHASE) {
		qv_fmt(buf, len, "turn.%s", seat_names[i - SC_TURN]);
	} else if (i < SC_EXTRA) {
		qv_fmt(buf, len, "phase.%s", phases[i - SC_PHASE]);
	} else {
		qv_fmt(buf, len, "%s",
		       (const char *[]){"extra_turns", "turns", "terminator_placed",
		                        "attack.strength", "attack.defence"}[i - SC_EXTRA]);
	}
}

/* Plane ch's value at square sq (holding piece c) for viewer; 0 where the plane has nothing. */
static int cell_value(const ta_state *s, int viewer, int ch, int sq)
{
	const ta_tables *T = ta_T(s);
	ta_cell c = s->cell[sq];
	bool cov = s->covered >> sq & 1, hidden = cov && TA_OWNER(c) != viewer;
	if (ch < PL_KIND)
		return (TA_OWNER(c) - viewer + s->nplayers) % s->nplayers == ch - PL_OWNER;
	if (ch < PL_FACING)
		return !hidden && TA_KIND(c) == ch - PL_KIND;
	if (ch < PL_ARROWS)
		return !hidden && TA_FACING(c) == ch - PL_FACING;
	if (ch < PL_COVERED)
		return hidden ? 0 : T->arrows[TA_KF(c)][ch - PL_ARROWS];
	if (ch == PL_COVERED)
		return cov;
	if (ch == PL_SHIELDED)
		return s->shielded >> sq & 1;
	return ch == PL_HIDDEN && hidden;
}

/* Channel by channel, squares ascending (the slots come in order), over the squares that hold
 * a piece only: every seat is observed at every step once information states are kept. */
static void put_cells(const ta_state *s, int viewer, const qv__spiel_layout *l, qv__obs *o)
{
	int held[TA_MAX_SQ], nheld = 0;
	for (int y = 0; y < s->size; y++)
		for (int x = 0; x < s->size; x++)
			if (s->cell[ta_sq(x, y)])
				held[nheld++] = ta_sq(x, y);
	bool attack =
	    s->phase == TA_PH_DEFEND || s->phase == TA_PH_DIE || s->phase == TA_PH_CAPTURE;
	for (int ch = 0; ch < NPLANES; ch++) {
		if (ch == PL_FROM || ch == PL_TO) {
			int sq = ch == PL_FROM ? s->atk_from : s->atk_to;
			if (attack && sq >= 0 && sq % 8 < s->size && sq / 8 < s->size)
				qv__obs_put(o, qv__obs_slot(l, ch, sq % 8, sq / 8), 1);
			continue;
		}
		for (int i = 0; i < nheld; i++)
			qv__obs_put(o, qv__obs_slot(l, ch, held[i] % 8, held[i] / 8),
			            cell_value(s, viewer, ch, held[i]));
	}
}

static void ta_observe(const void *st, int viewer, qv__obs *o)
{
	const ta_state *s = st;
	qv__spiel_layout l;
	ta_layout(st, &l);
	put_cells(s, viewer, &l, o);
	int n = s->nplayers;
	for (int r = 0; r < n; r++) {
		const ta_player *pl = &s->pl[(viewer + r) % n];
		int at = qv__obs_scalar(&l, r * SC_SEAT);
		qv__obs_put(o, at + SC_COVERS, pl->covers);
		qv__obs_put(o, at + SC_SHIELDS, pl->shields);
		qv__obs_put(o, at + SC_BONUS, pl->bonus);
		qv__obs_put(o, at + SC_CAPTURED, pl->captured);
		for (int k = 0; k < TA_MAX_KINDS; k++)
			qv__obs_put(o, at + SC_LOST + k, pl->lost[k]);
		qv__obs_put(o, at + SC_HOME + (pl->home >= 0 ? pl->home + 1 : 0), 1);
		qv__obs_put(o, at + SC_ELIMINATED, pl->eliminated);
		qv__obs_put(o, at + SC_HOLDER_COUNT, ta_holder_total(pl));
		for (int k = 0; r == 0 && k < TA_MAX_KINDS; k++)
			qv__obs_put(o, at + SC_HOLDER + k, pl->holder[k]);
	}
	int at = qv__obs_scalar(&l, 0);
	qv__obs_put(o, at + SC_TURN + (s->turn - viewer + n) % n, 1);
	qv__obs_put(o, at + SC_PHASE + s->phase, 1);
	qv__obs_put(o, at + SC_EXTRA, s->extra);
	qv__obs_put(o, at + SC_TURNS, s->turns);
	qv__obs_put(o, at + SC_TERMINATOR, s->terminator_placed);
	if (s->phase == TA_PH_DEFEND || s->phase == TA_PH_DIE) {
		qv__obs_put(o, at + SC_STRENGTH, ta_attack_strength(s, s->atk_from, s->atk_to));
		qv__obs_put(o, at + SC_DEFENCE, ta_defence_strength(s, s->atk_from, s->atk_to));
	}
}

static bool ta_perfect(const void *st) { return ((const ta_state *)st)->tactical; }

/* A turn has at most four decisions besides uncovers (a bonus, the action that ends it, the
 * defender's defence and the attacker's stay or advance) and one chance outcome (the die); a
 * covered piece is uncovered at most once, and each player covers at most its covers; every
 * turn, extra turns included, counts towards max_turns. */
static void ta_bounds(const void *st, unsigned flags, long *decisions, long *chance)
{
	(void)flags;
	const ta_state *s = st;
	long covers = 0;
	for (int p = 0; p < s->nplayers; p++)
		covers += s->pl[p].covers;
	*decisions = 4L * s->max_turns + covers;
	*chance = s->tactical ? 0 : s->max_turns;
}

static qv_status ta_setup(const qv_params *given, qv_params *game, unsigned *flags, qv_err *err)
{
	(void)err;
	*game = *given;
	*flags = 0;
	return QV_OK;
}

const qv__spiel_game qv__ta_spiel = {
    .name = "three-arrows",
    .setup = ta_setup,
    .layout = ta_layout,
    .slot_name = ta_slot_name,
    .observe = ta_observe,
    .perfect = ta_perfect,
    .bounds = ta_bounds,
};
