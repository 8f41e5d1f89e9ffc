/*
 * view_text.c - a ConCardia view written straight to JSON text (the descriptor's view_text):
 * byte for byte what cc_view_json's tree is written as (json.c, which says what a view shows
 * and hides), without the tree, for the server, which sends a view to every viewer after every
 * move (tests/unit/test_json_write.c compares the two over seeded games).
 */
#include "concardia.h"
#include "games/json_util.h"

static void sq_text(qv__jw *w, const char *key, int sq)
{
	char b[4];
	qv_sq_name(sq % 6, sq / 6, b);
	qv__jw_str(w, key, b);
}

static void card_text(qv__jw *w, const char *key, const cc_tables *T, int card)
{
	qv__jw_str(w, key, card >= 0 && card < T->ncards ? T->cards[card].id : "?");
}

static void cards_text(qv__jw *w, const char *key, const cc_tables *T, const uint8_t *cards, int n)
{
	qv__jw_open(w, key, '[');
	for (int i = 0; i < n; i++)
		card_text(w, NULL, T, cards[i]);
	qv__jw_close(w, ']');
}

static void mask_text(qv__jw *w, const char *key, uint64_t m)
{
	qv__jw_open(w, key, '[');
	for (; m; m &= m - 1)
		sq_text(w, NULL, __builtin_ctzll(m));
	qv__jw_close(w, ']');
}

static void board_text(qv__jw *w, const cc_state *s)
{
	qv__jw_open(w, "board", '[');
	for (int sq = 0; sq < CC_NSQ; sq++) {
		const cc_cell *c = &s->grid[sq];
		if (!c->card)
			continue;
		qv__jw_open(w, NULL, '{');
		sq_text(w, "sq", sq);
		card_text(w, "card", cc_T(s), c->card - 1);
		qv__jw_player(w, "owner", c->owner);
		qv__jw_int(w, "counters", c->counters);
		qv__jw_bool(w, "boost", c->boost);
		qv__jw_int(w, "strength", cc_strength(s, sq));
		qv__jw_int(w, "defense", cc_defense(s, sq));
		qv__jw_close(w, '}');
	}
	qv__jw_close(w, ']');
}

/* Player p as the view's players[p] (players_json with view). */
static void player_text(qv__jw *w, const cc_state *s, int p, int viewer)
{
	const cc_tables *T = cc_T(s);
	const cc_player *pl = &s->pl[p];
	bool sees = viewer == QV_VIEW_ALL || viewer == p;
	qv__jw_open(w, NULL, '{');
	qv__deck_text_cards(w, pl->hand, T->ncards, sees, pl->deck, pl->ndeck,
	                    viewer == QV_VIEW_ALL, cc_card_id, T);
	qv__jw_int(w, "hand_count", pl->nhand);
	qv__jw_int(w, "deck_count", pl->ndeck);
	qv__jw_bool(w, "start_chosen", pl->start != 0);
	cards_text(w, "discard", T, pl->discard, pl->ndiscard);
	cards_text(w, "victory", T, pl->victory, pl->nvictory);
	qv__jw_open(w, "persistent", '[');
	for (int i = 0; i < pl->npersist; i++) {
		qv__jw_open(w, NULL, '{');
		card_text(w, "card", T, pl->persist[i] - 1);
		qv__jw_int(w, "counters", pl->pcounters[i]);
		qv__jw_close(w, '}');
	}
	qv__jw_close(w, ']');
	if (sees) {
		if (pl->start)
			card_text(w, "start", T, pl->start - 1);
		else
			qv__jw_null(w, "start");
	}
	qv__jw_int(w, "turns", pl->turns);
	qv__jw_bool(w, "lost", pl->lost);
	qv__jw_int(w, "points", pl->nvictory);
	qv__jw_close(w, '}');
}

static void pending_text(qv__jw *w, const cc_state *s)
{
	if (!s->pend_kind && !s->pend_card) {
		qv__jw_null(w, "pending");
		return;
	}
	qv__jw_open(w, "pending", '{');
	qv__jw_str(w, "kind", cc_pend_names[s->pend_kind]);
	if (s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_BOOST)
		sq_text(w, "from", s->pend_from);
	if (s->pend_kind == CC_PEND_PBOOST)
		card_text(w, "from", cc_T(s), s->pend_from);
	if (s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_SABOTAGE)
		sq_text(w, "to", s->pend_to);
	if (s->pend_card)
		card_text(w, "card", cc_T(s), s->pend_card - 1);
	qv__jw_int(w, "left", s->pend_left);
	qv__jw_int(w, "paid", s->pend_paid);
	qv__jw_close(w, '}');
}

bool cc_view_text(const void *st, int viewer, qv_buf *out)
{
	const cc_state *s = st;
	qv__jw w = {.b = out, .ok = true};
	qv__jw_open(&w, NULL, '{');
	board_text(&w, s);
	qv__jw_open(&w, "players", '[');
	for (int p = 0; p < 2; p++)
		player_text(&w, s, p, viewer);
	qv__jw_close(&w, ']');
	bool known = s->phase != CC_PH_START && s->phase != CC_PH_COIN;
	qv__jw_turn(&w, cc_phase_names[s->phase], s->active, known, s->first, s->turn_no);
	qv__jw_int(&w, "passes", s->passes);
	qv__jw_str(&w, "ended", cc_end_names[s->ended]);
	pending_text(&w, s);
	if (s->phase == CC_PH_REACT) {
		qv__jw_open(&w, "capture", '{');
		mask_text(&w, "would", s->would);
		mask_text(&w, "saved", s->saved);
		qv__jw_int(&w, "next", s->react_next);
		qv__jw_bool(&w, "reacted", s->reacted);
		qv__jw_close(&w, '}');
	} else {
		qv__jw_null(&w, "capture");
	}
	qv__jw_player(&w, "to_move", cc_to_move(s));
	qv__jw_close(&w, '}');
	return qv__jw_done(&w);
}
