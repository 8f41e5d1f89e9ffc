/*
 * view_text.c - an Arrow Party view written straight to JSON text (the descriptor's
 * view_text): byte for byte what ap_view_json's tree is written as (json.c, which says what a
 * view shows and hides; ground.c, the ground), without the tree, for the server, which sends a
 * view to every viewer after every move (tests/unit/test_json_write.c compares the two over
 * seeded games).
 */
#include <stdio.h>

#include "arrow_party.h"
#include "core/fmt.h"
#include "games/json_util.h"

static void card_text(qv__jw *w, const char *key, const ap_tables *T, int card)
{
	char b[12];
	ap_card_name(T, card, b);
	qv__jw_str(w, key, b);
}

static void cell_text(qv__jw *w, const char *key, const ap_state *s, int cell)
{
	char b[8];
	ap_cell_name(s, cell, b);
	qv__jw_str(w, key, b);
}

/* A card of p's hand: its name when only p knows it, else with who knows it. */
static void entry_text(qv__jw *w, const ap_state *s, int p, ap_entry e)
{
	if (e.know == (1u << p)) {
		card_text(w, NULL, ap_T(s), e.card);
		return;
	}
	qv__jw_open(w, NULL, '{');
	card_text(w, "card", ap_T(s), e.card);
	qv__jw_open(w, "known", '[');
	if (e.know & AP_PUBLIC)
		qv__jw_str(w, NULL, "public");
	else
		for (int v = 0; v < s->nplayers; v++)
			if (v != p && (e.know >> v & 1))
				qv__jw_player(w, NULL, v);
	qv__jw_close(w, ']');
	qv__jw_close(w, '}');
}

/* What the viewer knows of another player's hand: the arrow values, the items it may name. */
static void others_hand_text(qv__jw *w, const ap_state *s, const ap_player *pl, int viewer)
{
	const ap_tables *T = ap_T(s);
	int unknown = 0;
	qv__jw_open(w, "arrows", '[');
	for (int i = 0; i < pl->nhand; i++)
		if (!ap_is_item(pl->hand[i].card))
			qv__jw_int(w, NULL, ap_value(T, pl->hand[i].card));
	qv__jw_close(w, ']');
	qv__jw_open(w, "items_known", '[');
	for (int i = 0; i < pl->nhand; i++) {
		int c = pl->hand[i].card;
		if (ap_is_item(c) && ap_knows(pl->hand[i].know, viewer))
			card_text(w, NULL, T, c);
		else
			unknown += ap_is_item(c);
	}
	qv__jw_close(w, ']');
	qv__jw_int(w, "items_unknown", unknown);
}

/* What p decided this round (the secrets the viewer may see) and where its walk stands. */
static void round_text(qv__jw *w, const ap_state *s, int p, bool hide)
{
	const ap_tables *T = ap_T(s);
	const ap_player *pl = &s->pl[p];
	if (!(hide && s->phase == AP_PH_ITEMS)) {
		qv__jw_open(w, "uses", '[');
		for (int k = 0; k < T->nkinds; k++)
			if (ap_used(pl, k)) {
				char u[40];
				ap_use_text(T, pl, k, u, sizeof u);
				qv__jw_str(w, NULL, u);
			}
		qv__jw_close(w, ']');
	}
	if (!(hide && s->phase == AP_PH_THROW)) {
		if (pl->throw_card)
			card_text(w, "throw", T, pl->throw_card - 1);
		else
			qv__jw_null(w, "throw");
	}
	if (pl->land)
		qv__jw_int(w, "land", pl->land - 1);
	else
		qv__jw_null(w, "land");
	if (pl->roll)
		qv__jw_int(w, "roll", pl->roll);
	else
		qv__jw_null(w, "roll");
	if (!(hide && s->phase == AP_PH_GO)) {
		if (pl->go)
			qv__jw_str(w, "go", qv_dir_names[pl->go - 1]);
		else
			qv__jw_null(w, "go");
	}
}

static void player_text(qv__jw *w, const ap_state *s, int p, int viewer)
{
	const ap_player *pl = &s->pl[p];
	bool own = viewer == QV_VIEW_ALL || viewer == p;
	qv__jw_open(w, NULL, '{');
	cell_text(w, "pos", s, pl->pos);
	qv__jw_str(w, "die", ap_T(s)->die_id[pl->die]);
	qv__jw_int(w, "stars", pl->stars);
	qv__jw_int(w, "skulls", pl->skulls);
	if (own) {
		qv__jw_open(w, "hand", '[');
		for (int i = 0; i < pl->nhand; i++)
			entry_text(w, s, p, pl->hand[i]);
		qv__jw_close(w, ']');
	}
	qv__jw_int(w, "hand_count", pl->nhand);
	if (!own)
		others_hand_text(w, s, pl, viewer);
	if (ap_secret_phase(s->phase))
		qv__jw_bool(w, "committed", ap_committed(s, p));
	round_text(w, s, p, ap_hidden_commit(s, p, viewer));
	qv__jw_int(w, "steps", pl->steps);
	qv__jw_bool(w, "skip", pl->skip);
	if (pl->drawn)
		qv__jw_int(w, "drawn", pl->drawn);
	if (own)
		qv__jw_int(w, "score", ap_score_of(s, p));
	qv__jw_close(w, '}');
}

/* The cards on the area, as ground.c's ground (face-down items as "item" when secret). */
static void ground_text(qv__jw *w, const ap_state *s, bool secret)
{
	const ap_tables *T = ap_T(s);
	qv__jw_open(w, "ground", '[');
	for (int c = 0; c < s->size * s->size; c++) {
		int g = s->ground[c];
		if (!g)
			continue;
		qv__jw_open(w, NULL, '{');
		cell_text(w, "cell", s, c);
		if (g == AP_G_STAR || g == AP_G_SKULL) {
			qv__jw_str(w, "card", g == AP_G_STAR ? "star" : "skull");
		} else if (g & AP_G_KNOWN) {
			card_text(w, "card", T, AP_NARROWS + (g & ~AP_G_KNOWN) - AP_G_ITEM);
			qv__jw_bool(w, "known", true);
		} else if (secret) {
			qv__jw_str(w, "card", "item");
		} else {
			card_text(w, "card", T, AP_NARROWS + g - AP_G_ITEM);
		}
		qv__jw_close(w, '}');
	}
	qv__jw_close(w, ']');
}

static void kinds_text(qv__jw *w, const char *key, const ap_tables *T, const uint8_t *count)
{
	qv__jw_open(w, key, '[');
	for (int k = 0; k < T->nkinds; k++)
		for (int i = 0; i < count[k]; i++)
			qv__jw_str(w, NULL, T->item_id[k]);
	qv__jw_close(w, ']');
}

/* The stacks (only their sizes when secret), the discards and the items out of play. */
static void piles_text(qv__jw *w, const ap_state *s, bool secret)
{
	const ap_tables *T = ap_T(s);
	qv__jw_open(w, secret ? "stack_sizes" : "stacks", '[');
	for (int v = 0; v < AP_NVALUES; v++) {
		if (secret) {
			qv__jw_int(w, NULL, s->nstack[v]);
			continue;
		}
		qv__jw_open(w, NULL, '[');
		for (int i = s->nstack[v] - 1; i >= 0; i--)
			card_text(w, NULL, T, s->stack[v][i]);
		qv__jw_close(w, ']');
	}
	qv__jw_close(w, ']');
	qv__jw_open(w, "discards", '[');
	for (int v = 0; v < AP_NVALUES; v++) {
		qv__jw_open(w, NULL, '[');
		for (int i = 0; i < s->ndisc[v]; i++)
			card_text(w, NULL, T, s->disc[v][i]);
		qv__jw_close(w, ']');
	}
	qv__jw_close(w, ']');
	kinds_text(w, "item_discard", T, s->idisc);
	if (secret) {
		int n = 0;
		for (int k = 0; k < T->nkinds; k++)
			n += s->out[k];
		qv__jw_int(w, "out_count", n);
	} else {
		kinds_text(w, "out", T, s->out);
	}
}

static void pairs_text(qv__jw *w, const char *key, uint16_t m)
{
	qv__jw_open(w, key, '[');
	for (int i = 0; i < AP_NPAIRS; i++)
		if (m >> i & 1) {
			char b[16];
			qv_fmt(b, sizeof b, "p%d-p%d", ap_pair_a[i] + 1, ap_pair_b[i] + 1);
			qv__jw_str(w, NULL, b);
		}
	qv__jw_close(w, ']');
}

bool ap_view_text(const void *st, int viewer, qv_buf *out)
{
	const ap_state *s = st;
	bool secret = viewer != QV_VIEW_ALL;
	qv__jw w = {.b = out, .ok = true};
	qv__jw_open(&w, NULL, '{');
	qv__jw_int(&w, "round", s->round);
	qv__jw_str(&w, "phase", ap_phase_names[s->phase]);
	qv__jw_player(&w, "active", s->active < s->nplayers ? s->active : 0);
	qv__jw_open(&w, "players", '[');
	for (int p = 0; p < s->nplayers; p++)
		player_text(&w, s, p, viewer);
	qv__jw_close(&w, ']');
	ground_text(&w, s, secret);
	piles_text(&w, s, secret);
	if (s->phase == AP_PH_WALK) {
		qv__jw_open(&w, "walk", '{');
		qv__jw_int(&w, "tick", s->tick);
		pairs_text(&w, "bumped", s->bumped);
		pairs_text(&w, "pending", s->pending);
		qv__jw_close(&w, '}');
	} else {
		qv__jw_null(&w, "walk");
	}
	if (!secret) {
		char hex[65];
		qv__rng_hex(&s->rng, hex);
		qv__jw_str(&w, "rng", hex);
	}
	qv__jw_player(&w, "to_move", ap_to_move(s));
	qv__jw_close(&w, '}');
	return qv__jw_done(&w);
}
