/*
 * json.c - Arrow Party state and views as JSON (docs/state-json-arrow-party.md). The full
 * state round-trips exactly. A view shows another player's hand only as what the viewer
 * knows of it (arrow values, named items, a count of the others), a secret commitment of
 * another player only as made or not, face-down items as unknown, stacks and the out-of-game
 * items as counts, and no RNG. Loading checks every field, that every card is in exactly one
 * place, and that the phase fits the rest.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"
#include "games/check.h"
#include "games/json_util.h"

static json_t *card_json(const ap_tables *T, int card)
{
	char b[12];
	ap_card_name(T, card, b);
	return json_string(b);
}

static json_t *cell_json(const ap_state *s, int cell)
{
	char b[8];
	ap_cell_name(s, cell, b);
	return json_string(b);
}

static json_t *entry_json(const ap_state *s, int p, ap_entry e)
{
	if (e.know == (1u << p))
		return card_json(ap_T(s), e.card);
	json_t *known = json_array();
	if (e.know & AP_PUBLIC)
		known = qv__json_push(known, json_string("public"));
	else
		for (int w = 0; w < s->nplayers; w++)
			if (w != p && (e.know >> w & 1))
				known = qv__json_push(known, qv__json_player(w));
	return json_pack("{s:o,s:o}", "card", card_json(ap_T(s), e.card), "known", known);
}

static json_t *uses_json(const ap_tables *T, const ap_player *pl)
{
	json_t *a = json_array();
	char u[40];
	for (int k = 0; k < T->nkinds; k++)
		if (ap_used(pl, k)) {
			ap_use_text(T, pl, k, u, sizeof u);
			a = qv__json_push(a, json_string(u));
		}
	return a;
}

static json_t *opt_int(int present, int v) { return present ? json_integer(v) : json_null(); }

static json_t *player_obj(const ap_state *s, int p, int viewer, bool view)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	bool own = !view || viewer == QV_VIEW_ALL || viewer == p;
	bool hide = view && ap_hidden_commit(s, p, viewer);
	json_t *o = json_object();
	o = qv__json_put(o, "pos", cell_json(s, pl->pos));
	o = qv__json_put(o, "die", json_string(T->die_id[pl->die]));
	o = qv__json_put(o, "stars", json_integer(pl->stars));
	o = qv__json_put(o, "skulls", json_integer(pl->skulls));
	if (own) {
		json_t *hand = json_array();
		for (int i = 0; i < pl->nhand; i++)
			hand = qv__json_push(hand, entry_json(s, p, pl->hand[i]));
		o = qv__json_put(o, "hand", hand);
	}
	if (view) {
		o = qv__json_put(o, "hand_count", json_integer(pl->nhand));
		if (!own) {
			json_t *arrows = json_array(), *items = json_array();
			int unknown = 0;
			for (int i = 0; i < pl->nhand; i++) {
				int c = pl->hand[i].card;
				if (!ap_is_item(c))
					arrows =
					    qv__json_push(arrows, json_integer(ap_value(T, c)));
				else if (ap_knows(pl->hand[i].know, viewer))
					items = qv__json_push(items, card_json(T, c));
				else
					unknown++;
			}
			o = qv__json_put(o, "arrows", arrows);
			o = qv__json_put(o, "items_known", items);
			o = qv__json_put(o, "items_unknown", json_integer(unknown));
		}
		if (ap_secret_phase(s->phase))
			o = qv__json_put(o, "committed", json_boolean(ap_committed(s, p)));
	}
	bool hide_uses = hide && s->phase == AP_PH_ITEMS;
	if (!hide_uses)
		o = qv__json_put(o, "uses", uses_json(T, pl));
	if (!(hide && s->phase == AP_PH_THROW))
		o = qv__json_put(o, "throw",
		                 pl->throw_card ? card_json(T, pl->throw_card - 1) : json_null());
	o = qv__json_put(o, "land", opt_int(pl->land, pl->land - 1));
	o = qv__json_put(o, "roll", opt_int(pl->roll, pl->roll));
	if (!(hide && s->phase == AP_PH_GO))
		o = qv__json_put(o, "go",
		                 pl->go ? json_string(qv_dir_names[pl->go - 1]) : json_null());
	o = qv__json_put(o, "steps", json_integer(pl->steps));
	o = qv__json_put(o, "skip", json_boolean(pl->skip));
	if (pl->drawn)
		o = qv__json_put(o, "drawn", json_integer(pl->drawn));
	if (view && (viewer == p || viewer == QV_VIEW_ALL))
		o = qv__json_put(o, "score", json_integer(ap_score_of(s, p)));
	return o;
}

static json_t *kinds_json(const ap_tables *T, const uint8_t *count)
{
	json_t *a = json_array();
	for (int k = 0; k < T->nkinds; k++)
		for (int i = 0; i < count[k]; i++)
			a = qv__json_push(a, json_string(T->item_id[k]));
	return a;
}

static json_t *pairs_json(uint16_t m)
{
	json_t *a = json_array();
	for (int i = 0; i < AP_NPAIRS; i++)
		if (m >> i & 1) {
			char b[16];
			qv_fmt(b, sizeof b, "p%d-p%d", ap_pair_a[i] + 1, ap_pair_b[i] + 1);
			a = qv__json_push(a, json_string(b));
		}
	return a;
}

static json_t *common_json(const ap_state *s, int viewer, bool view)
{
	json_t *o = json_object();
	const ap_tables *T = ap_T(s);
	o = qv__json_put(o, "round", json_integer(s->round));
	o = qv__json_put(o, "phase", json_string(ap_phase_names[s->phase]));
	o = qv__json_put(o, "active", qv__json_player(s->active < s->nplayers ? s->active : 0));
	json_t *players = json_array();
	for (int p = 0; p < s->nplayers; p++)
		players = qv__json_push(players, player_obj(s, p, viewer, view));
	o = qv__json_put(o, "players", players);
	bool secret = view && viewer != QV_VIEW_ALL;
	o = qv__json_put(o, "ground", ap_ground_json(s, secret)); /* shared (ground.c) */
	json_t *stacks = json_array(), *discards = json_array();
	for (int v = 0; v < AP_NVALUES; v++) {
		if (secret) {
			stacks = qv__json_push(stacks, json_integer(s->nstack[v]));
		} else {
			json_t *st = json_array();
			for (int i = s->nstack[v] - 1; i >= 0; i--)
				st = qv__json_push(st, card_json(T, s->stack[v][i]));
			stacks = qv__json_push(stacks, st);
		}
		json_t *d = json_array();
		for (int i = 0; i < s->ndisc[v]; i++)
			d = qv__json_push(d, card_json(T, s->disc[v][i]));
		discards = qv__json_push(discards, d);
	}
	o = qv__json_put(o, secret ? "stack_sizes" : "stacks", stacks);
	o = qv__json_put(o, "discards", discards);
	o = qv__json_put(o, "item_discard", kinds_json(T, s->idisc));
	if (secret) {
		int n = 0;
		for (int k = 0; k < T->nkinds; k++)
			n += s->out[k];
		o = qv__json_put(o, "out_count", json_integer(n));
	} else {
		o = qv__json_put(o, "out", kinds_json(T, s->out));
	}
	if (s->phase == AP_PH_WALK)
		o = qv__json_put(o, "walk",
		                 json_pack("{s:i,s:o,s:o}", "tick", (int)s->tick, "bumped",
		                           pairs_json(s->bumped), "pending",
		                           pairs_json(s->pending)));
	else
		o = qv__json_put(o, "walk", json_null());
	if (!secret) {
		o = qv__json_put(o, "rng", qv__json_rng(&s->rng));
	}
	if (view) {
		char b[8];
		o = qv__json_put(o, "to_move", json_string(qv_player_name(ap_to_move(s), b)));
	}
	return o;
}

json_t *ap_state_json(const void *st) { return common_json(st, QV_VIEW_ALL, false); }

json_t *ap_view_json(const void *st, int viewer) { return common_json(st, viewer, true); }

/* ---- loading ---- */

/* The item ids of T joined by ", " into buf. */
static const char *item_list(const ap_tables *T, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int k = 0; k < T->nkinds && n < len; k++)
		n += (size_t)qv_fmt(buf + n, len - n, "%s%s", k ? ", " : "", T->item_id[k]);
	return buf;
}

#define ITEM_LIST_LEN (AP_NKINDS * (AP_ID_MAX + 2) + 1)

static qv_status get_card(const ap_tables *T, const json_t *v, const char *what, int *card,
                          qv_err *err)
{
	*card = json_is_string(v) ? ap_find_card(T, json_string_value(v)) : -1;
	char list[ITEM_LIST_LEN];
	if (*card < 0)
		return qv_fail(err, QV_EINVAL,
		               "%s must be a card id: an arrow card %s-%s or an item (%s)", what,
		               T->arrow_id[0], T->arrow_id[T->narrows - 1],
		               item_list(T, list, sizeof list));
	return QV_OK;
}

static qv_status get_cell(const ap_state *s, const json_t *v, const char *what, int *cell,
                          qv_err *err)
{
	int x = 0, y = 0;
	qv_status rc = qv__json_get_sq(v, what, "cell", s->size, s->size, &x, &y, err);
	*cell = y * s->size + x;
	return rc;
}

/* An optional whole number (null or absent: 0; otherwise v + shift). */
static qv_status get_opt(const json_t *o, const char *key, const char *what, long lo, long hi,
                         int shift, uint8_t *out, qv_err *err)
{
	json_t *v = json_object_get(o, key);
	*out = 0;
	if (!v || json_is_null(v))
		return QV_OK;
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return qv_fail(err, QV_EINVAL,
		               "%s.%s must be null or a whole number from %ld to %ld", what, key,
		               lo, hi);
	*out = (uint8_t)(json_integer_value(v) + shift);
	return QV_OK;
}

static qv_status load_entry(ap_state *s, int p, const json_t *v, const char *what, qv_err *err)
{
	ap_player *pl = &s->pl[p];
	int card, know = 1 << p;
	qv_status rc;
	if (json_is_object(v)) {
		static const char *const keys[] = {"card", "known", NULL};
		if ((rc = qv__json_check_keys(v, what, keys, err)) ||
		    (rc = get_card(ap_T(s), json_object_get(v, "card"), what, &card, err)))
			return rc;
		json_t *k = json_object_get(v, "known");
		if (k && !json_is_array(k))
			return qv_fail(err, QV_EINVAL,
			               "%s.known must be an array of players or [\"public\"]",
			               what);
		size_t i;
		json_t *w;
		json_array_foreach(k, i, w)
		{
			if (json_is_string(w) && qv_streq_nocase(json_string_value(w), "public")) {
				know = AP_ALL_KNOW(s->nplayers);
				continue;
			}
			int q;
			if ((rc = qv__json_get_player(w, "a known entry", s->nplayers, &q, err)))
				return rc;
			know |= 1 << q;
		}
		if (!ap_is_item(card) && know != 1 << p)
			return qv_fail(err, QV_EINVAL,
			               "%s: an arrow card in a hand is known to its owner only",
			               what);
	} else if ((rc = get_card(ap_T(s), v, what, &card, err))) {
		return rc;
	}
	if (pl->nhand >= AP_HAND_MAX)
		return qv_fail(err, QV_EINVAL, "%s: a hand holds at most %d cards", what,
		               AP_HAND_MAX);
	pl->hand[pl->nhand++] = (ap_entry){(uint8_t)card, (uint8_t)know};
	return QV_OK;
}

/* Parses one use ("x2", "dice d8", "swap p3 half", "exchange p2") into p's commitments. */
static qv_status load_use(ap_state *s, int p, const json_t *v, const char *what, qv_err *err)
{
	char text[64];
	if (!json_is_string(v) || strlen(json_string_value(v)) > 40)
		return qv_fail(err, QV_EINVAL,
		               "%s must be a use such as \"x2\" or \"swap p3 half\"", what);
	qv_fmt(text, sizeof text, "use %s", json_string_value(v));
	qv_action a;
	qv_err e;
	if (ap_action_from_text(s, text, &a, &e) || AP_TYPE(a) != AP_ACT_USE)
		return qv_fail(err, QV_EINVAL, "%s: %s", what, e.msg);
	ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int arg = AP_ARG(a), k = arg & 15, ef = T->effect[k];
	if (ap_used(pl, k))
		return qv_fail(err, QV_EINVAL,
		               "%s: a second %s (at most one copy of a kind a round)", what,
		               T->item_id[k]);
	if (ap_used_effect(T, pl, ef))
		return qv_fail(err, QV_EINVAL,
		               "%s: %s and %s are both %s items (at most one of an effect a round)",
		               what, T->item_id[ap_used_kind(T, pl, ef)], T->item_id[k],
		               ap_effect_names[ef]);
	if ((ef == AP_E_SWAP || ef == AP_E_EXCHANGE) && (arg >> 4 & 15) == p)
		return qv_fail(err, QV_EINVAL, "%s: p%d cannot %s with itself", what, p + 1,
		               T->item_id[k]);
	ap_record_use(T, pl, arg);
	return QV_OK;
}

/* players[p].die: a die of the set by its id (the starting die when absent). */
static qv_status load_die(ap_state *s, int p, const json_t *o, const char *what, qv_err *err)
{
	const ap_tables *T = ap_T(s);
	s->pl[p].die = (uint8_t)T->start_die;
	json_t *v = json_object_get(o, "die");
	if (!v)
		return QV_OK;
	int d = json_is_string(v) ? ap_find_die(T, json_string_value(v)) : -1;
	if (d < 0) {
		char list[AP_NDICE * (AP_ID_MAX + 2) + 1] = "";
		for (int i = 0; i < T->ndice; i++)
			qv_fmt(list + strlen(list), sizeof list - strlen(list), "%s%s",
			       !i                  ? ""
			       : i == T->ndice - 1 ? " or "
			                           : ", ",
			       T->die_id[i]);
		return qv_fail(err, QV_EINVAL, "%s.die must be %s", what, list);
	}
	s->pl[p].die = (uint8_t)d;
	return QV_OK;
}

/* players[p].hand and players[p].uses: the cards held and the items committed this round. */
static qv_status load_hand(ap_state *s, int p, const json_t *o, const char *what, qv_err *err)
{
	char w[64];
	qv_status rc;
	json_t *v = json_object_get(o, "hand");
	if (v) {
		if (!json_is_array(v))
			return qv_fail(err, QV_EINVAL, "%s.hand must be an array of cards", what);
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e)
		{
			qv_fmt(w, sizeof w, "%s.hand[%zu]", what, i);
			if ((rc = load_entry(s, p, e, w, err)))
				return rc;
		}
		ap_sort_hand(&s->pl[p]);
	}
	v = json_object_get(o, "uses");
	if (v) {
		if (!json_is_array(v))
			return qv_fail(err, QV_EINVAL, "%s.uses must be an array of uses", what);
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e)
		{
			qv_fmt(w, sizeof w, "%s.uses[%zu]", what, i);
			if ((rc = load_use(s, p, e, w, err)))
				return rc;
		}
	}
	return QV_OK;
}

/* players[p]'s choices of the round: the card thrown, its landing, the roll, the direction
 * and whether p skips. */
static qv_status load_choices(ap_state *s, int p, const json_t *o, const char *what, qv_err *err)
{
	ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	char w[64];
	qv_status rc;
	json_t *v = json_object_get(o, "throw");
	if (v && !json_is_null(v)) {
		int c;
		qv_fmt(w, sizeof w, "%s.throw", what);
		if ((rc = get_card(T, v, w, &c, err)))
			return rc;
		if (ap_is_item(c))
			return qv_fail(err, QV_EINVAL, "%s must be an arrow card %s-%s", w,
			               T->arrow_id[0], T->arrow_id[T->narrows - 1]);
		pl->throw_card = (uint8_t)(c + 1);
	}
	if ((rc = get_opt(o, "land", what, 0, 7, 1, &pl->land, err)) ||
	    (rc = get_opt(o, "roll", what, 1, 20, 0, &pl->roll, err)))
		return rc;
	v = json_object_get(o, "go");
	if (v && !json_is_null(v)) {
		int d = json_is_string(v) ? qv_dir_parse(json_string_value(v)) : -1;
		if (d < 0)
			return qv_fail(err, QV_EINVAL, "%s.go must be null or a direction N..NW",
			               what);
		pl->go = (uint8_t)(d + 1);
	}
	bool skip;
	if ((rc = qv__json_get_bool(o, "skip", what, false, &skip, err)))
		return rc;
	pl->skip = skip;
	return QV_OK;
}

static qv_status load_player(ap_state *s, int p, const json_t *o, qv_err *err)
{
	static const char *const keys[] = {"pos",   "die",   "stars", "skulls", "hand",
	                                   "uses",  "throw", "land",  "roll",   "go",
	                                   "steps", "skip",  "drawn", NULL};
	ap_player *pl = &s->pl[p];
	char what[32], w[64];
	qv_fmt(what, sizeof what, "players[%d]", p);
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL, "%s must be an object", what);
	qv_status rc;
	if ((rc = qv__json_check_keys(o, what, keys, err)))
		return rc;
	int cell = ap_start_cell(s->size, p);
	json_t *v = json_object_get(o, "pos");
	qv_fmt(w, sizeof w, "%s.pos", what);
	if (v && (rc = get_cell(s, v, w, &cell, err)))
		return rc;
	pl->pos = (uint16_t)cell;
	if ((rc = load_die(s, p, o, what, err)))
		return rc;
	long stars, skulls, steps, drawn;
	if ((rc = qv__json_get_int(o, "stars", what, 0, 40, 0, &stars, err)) ||
	    (rc = qv__json_get_int(o, "skulls", what, 0, 40, 0, &skulls, err)) ||
	    (rc = qv__json_get_int(o, "steps", what, 0, 40, 0, &steps, err)) ||
	    (rc = qv__json_get_int(o, "drawn", what, 0, 4, 0, &drawn, err)))
		return rc;
	pl->drawn = (uint8_t)drawn;
	pl->stars = (uint8_t)stars;
	pl->skulls = (uint8_t)skulls;
	pl->steps = (uint8_t)steps;
	if ((rc = load_hand(s, p, o, what, err)))
		return rc;
	return load_choices(s, p, o, what, err);
}

static qv_status load_ground(ap_state *s, const json_t *a, qv_err *err)
{
	static const char *const keys[] = {"cell", "card", "known", NULL};
	if (!json_is_array(a))
		return qv_fail(err, QV_EINVAL, "state.ground must be an array of {cell, card}");
	size_t i;
	json_t *o;
	json_array_foreach(a, i, o)
	{
		char what[32];
		qv_fmt(what, sizeof what, "ground[%zu]", i);
		if (!json_is_object(o))
			return qv_fail(err, QV_EINVAL, "%s must be an object {cell, card}", what);
		int cell = 0;
		bool known;
		qv_status rc;
		if ((rc = qv__json_check_keys(o, what, keys, err)) ||
		    (rc = get_cell(s, json_object_get(o, "cell"), what, &cell, err)) ||
		    (rc = qv__json_get_bool(o, "known", what, false, &known, err)))
			return rc;
		if (s->ground[cell])
			return qv_fail(err, QV_EINVAL, "%s: a second card on cell %s", what,
			               json_string_value(json_object_get(o, "cell")));
		json_t *c = json_object_get(o, "card");
		const char *t = json_is_string(c) ? json_string_value(c) : "";
		if (qv_streq_nocase(t, "star") || qv_streq_nocase(t, "skull")) {
			if (known)
				return qv_fail(err, QV_EINVAL,
				               "%s: known is for face-down items only", what);
			s->ground[cell] = qv_streq_nocase(t, "star") ? AP_G_STAR : AP_G_SKULL;
			continue;
		}
		int k = ap_find_item(ap_T(s), t);
		char list[ITEM_LIST_LEN];
		if (k < 0)
			return qv_fail(err, QV_EINVAL,
			               "%s.card must be star, skull or an item id (%s)", what,
			               item_list(ap_T(s), list, sizeof list));
		s->ground[cell] = (uint8_t)(AP_G_ITEM + k) | (known ? AP_G_KNOWN : 0);
	}
	return QV_OK;
}

/* Reads an array of arrow cards of value v+1 (stack or discard). */
static qv_status load_pile(const ap_tables *T, const json_t *a, const char *what, int v,
                           uint8_t *out, uint8_t *n, bool top_first, qv_err *err)
{
	if (!json_is_array(a) || json_array_size(a) > AP_STACK_MAX)
		return qv_fail(err, QV_EINVAL, "%s must be an array of at most 6 arrow cards",
		               what);
	size_t i, len = json_array_size(a);
	json_t *c;
	json_array_foreach(a, i, c)
	{
		int card;
		qv_status rc = get_card(T, c, what, &card, err);
		if (rc)
			return rc;
		if (ap_is_item(card) || ap_value(T, card) != v + 1)
			return qv_fail(err, QV_EINVAL, "%s holds value-%d arrow cards only, not %s",
			               what, v + 1, json_string_value(c));
		out[top_first ? len - 1 - i : i] = (uint8_t)card;
	}
	*n = (uint8_t)len;
	return QV_OK;
}

static qv_status load_kinds(const ap_tables *T, const json_t *a, const char *what, uint8_t *count,
                            qv_err *err)
{
	if (!json_is_array(a) || json_array_size(a) > (size_t)T->nitems)
		return qv_fail(err, QV_EINVAL, "%s must be an array of item ids", what);
	size_t i;
	json_t *c;
	json_array_foreach(a, i, c)
	{
		int k = json_is_string(c) ? ap_find_item(T, json_string_value(c)) : -1;
		if (k < 0)
			return qv_fail(err, QV_EINVAL, "%s[%zu] must be an item id", what, i);
		count[k]++;
	}
	return QV_OK;
}

static qv_status load_pairs(const ap_state *s, const json_t *a, const char *what, uint16_t *m,
                            qv_err *err)
{
	*m = 0;
	if (!a)
		return QV_OK;
	if (!json_is_array(a))
		return qv_fail(err, QV_EINVAL, "%s must be an array of pairs such as \"p1-p2\"",
		               what);
	size_t i;
	json_t *c;
	json_array_foreach(a, i, c)
	{
		const char *t = json_is_string(c) ? json_string_value(c) : "";
		int x = -1, y = -1;
		if (strlen(t) == 5 && t[2] == '-') {
			char b[3] = {t[0], t[1], 0}, d[3] = {t[3], t[4], 0};
			x = qv_player_parse(b, s->nplayers);
			y = qv_player_parse(d, s->nplayers);
		}
		int idx = x >= 0 && y > x ? ap_pair_index(x, y) : -1;
		if (idx < 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s[%zu] must be a pair of players, lower seat first (\"p1-p3\")", what,
			    i);
		*m |= (uint16_t)(1u << idx);
	}
	return QV_OK;
}

/* What the state JSON may leave out: the stacks (the arrow cards found nowhere else, by value,
 * lowest id on top) and the items out of the game (the copies found nowhere else). The check
 * of the whole state then finds any card placed twice or missing. */
static void fill_cards(ap_state *s, bool stacks_given, bool out_given)
{
	const ap_tables *T = ap_T(s);
	int count[AP_NCARDS];
	ap_count_cards(s, count);
	for (int v = 0; !stacks_given && v < AP_NVALUES; v++) {
		int n = 0;
		for (int c = T->first[v] + T->nvalue[v] - 1; c >= T->first[v]; c--)
			if (!count[c])
				s->stack[v][n++] = (uint8_t)c;
		s->nstack[v] = (uint8_t)n;
	}
	for (int k = 0; !out_given && k < T->nkinds; k++)
		if (count[AP_NARROWS + k] < T->count[k])
			s->out[k] = (uint8_t)(T->count[k] - count[AP_NARROWS + k]);
}

/* state.walk: null, or the walk in progress (phase walk only, where it is needed). */
static qv_status load_walk(ap_state *s, const json_t *v, qv_err *err)
{
	qv_status rc;
	if (!v || json_is_null(v)) {
		if (s->phase == AP_PH_WALK)
			return qv_fail(err, QV_EINVAL, "state.walk is needed in phase walk");
		return QV_OK;
	}
	static const char *const wkeys[] = {"tick", "bumped", "pending", NULL};
	long t;
	if (!json_is_object(v))
		return qv_fail(err, QV_EINVAL, "state.walk must be null or an object");
	if ((rc = qv__json_check_keys(v, "walk", wkeys, err)) ||
	    (rc = qv__json_get_int(v, "tick", "walk", 0, 40, 0, &t, err)) ||
	    (rc = load_pairs(s, json_object_get(v, "bumped"), "walk.bumped", &s->bumped, err)) ||
	    (rc = load_pairs(s, json_object_get(v, "pending"), "walk.pending", &s->pending, err)))
		return rc;
	if (s->phase != AP_PH_WALK)
		return qv_fail(err, QV_EINVAL, "state.walk must be null outside phase walk");
	s->tick = (uint8_t)t;
	return QV_OK;
}

/* state.round, state.phase and state.active (no cursor in phases walk and over). */
static qv_status load_turn(ap_state *s, const json_t *j, qv_err *err)
{
	qv_status rc;
	long round;
	if ((rc = qv__json_get_int(j, "round", "state", 1, s->rounds, 1, &round, err)))
		return rc;
	s->round = (uint8_t)round;
	int ph;
	if ((rc = qv__json_get_name(j, "phase", "state", ap_phase_names, AP_NPHASES, 0, &ph, err)))
		return rc;
	s->phase = (uint8_t)ph;
	int a;
	if ((rc = qv__json_get_opt_player(j, "active", "state", s->nplayers, 0, &a, err)))
		return rc;
	s->active = (uint8_t)a;
	if (s->phase == AP_PH_WALK || s->phase == AP_PH_OVER)
		s->active = 0;
	return QV_OK;
}

/* state.players: one object a player (without it, each on its starting cell with the starting
 * die). */
static qv_status load_players(ap_state *s, const json_t *j, qv_err *err)
{
	int n = s->nplayers;
	json_t *v = json_object_get(j, "players");
	if (v && (!json_is_array(v) || json_array_size(v) != (size_t)n))
		return qv_fail(err, QV_EINVAL,
		               "state.players must be an array of %d player objects", n);
	for (int p = 0; p < n; p++) {
		if (v) {
			qv_status rc = load_player(s, p, json_array_get(v, (size_t)p), err);
			if (rc)
				return rc;
		} else {
			s->pl[p].pos = (uint16_t)ap_start_cell(s->size, p);
			s->pl[p].die = (uint8_t)ap_T(s)->start_die;
		}
	}
	return QV_OK;
}

/* state.stacks and state.discards: five piles each, by value; *stacks tells whether the
 * stacks were given. */
static qv_status load_piles(ap_state *s, const json_t *j, bool *given, qv_err *err)
{
	qv_status rc;
	json_t *stacks = json_object_get(j, "stacks");
	*given = stacks != NULL;
	if (stacks && (!json_is_array(stacks) || json_array_size(stacks) != AP_NVALUES))
		return qv_fail(err, QV_EINVAL,
		               "state.stacks must be five arrays (values 1-5), top first");
	json_t *discards = json_object_get(j, "discards");
	if (discards && (!json_is_array(discards) || json_array_size(discards) != AP_NVALUES))
		return qv_fail(err, QV_EINVAL, "state.discards must be five arrays (values 1-5)");
	for (int i = 0; i < AP_NVALUES; i++) {
		char what[32];
		qv_fmt(what, sizeof what, "stacks[%d]", i);
		if (stacks && (rc = load_pile(ap_T(s), json_array_get(stacks, (size_t)i), what, i,
		                              s->stack[i], &s->nstack[i], true, err)))
			return rc;
		qv_fmt(what, sizeof what, "discards[%d]", i);
		if (discards && (rc = load_pile(ap_T(s), json_array_get(discards, (size_t)i), what,
		                                i, s->disc[i], &s->ndisc[i], false, err)))
			return rc;
	}
	return QV_OK;
}

qv_status ap_load_json(void *st, const json_t *j, qv_err *err)
{
	static const char *const keys[] = {"round",  "phase",  "active",   "players",
	                                   "ground", "stacks", "discards", "item_discard",
	                                   "out",    "walk",   "rng",      NULL};
	ap_state *s = st;
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "state must be an object");
	qv_status rc;
	if ((rc = qv__json_check_keys(j, "state", keys, err)))
		return rc;
	qv_rng keep = s->rng;
	uint8_t n = s->nplayers, size = s->size, rounds = s->rounds, shuffle = s->shuffle;
	uint16_t variant = s->variant;
	memset(s, 0, sizeof *s);
	s->variant = variant;
	s->rng = keep;
	s->nplayers = n;
	s->size = size;
	s->rounds = rounds;
	s->shuffle = shuffle;
	json_t *v;
	bool stacks;
	if ((rc = load_turn(s, j, err)) || (rc = load_players(s, j, err)))
		return rc;
	if ((v = json_object_get(j, "ground")) && (rc = load_ground(s, v, err)))
		return rc;
	if ((rc = load_piles(s, j, &stacks, err)))
		return rc;
	if ((v = json_object_get(j, "item_discard")) &&
	    (rc = load_kinds(ap_T(s), v, "item_discard", s->idisc, err)))
		return rc;
	json_t *out = json_object_get(j, "out");
	if (out && (rc = load_kinds(ap_T(s), out, "out", s->out, err)))
		return rc;
	if ((rc = load_walk(s, json_object_get(j, "walk"), err)))
		return rc;
	v = json_object_get(j, "rng");
	if (v && (rc = qv__json_get_rng(v, "state.rng", &s->rng, err)))
		return rc;
	fill_cards(s, stacks, out != NULL);
	if (s->phase == AP_PH_OVER)
		ap_show_items(s); /* as the end of the game shows them */
	/* the commitments that fit the phase are among the invariants */
	return qv__load_checked(ap_state_ok, s, err);
}
