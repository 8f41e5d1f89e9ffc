/*
 * json.c - THREE ARROWS state and views as JSON (docs/state-json-three-arrows.md). The full
 * state round-trips exactly; a view leaves out the kind and facing of every covered piece the
 * viewer does not own, and shows holders by kind only to their owner. A view also gives the
 * numbers a client would otherwise work out from the printed components: each piece's arrows
 * as they point on the board, and a pending attack's strengths. Loading checks every
 * field, fills the documented defaults, and refuses states that no game could reach in a way
 * that would break the rules (more pieces than exist, a covered Terminator, a player to move
 * who has nothing to do...).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "games/check.h"
#include "games/json_util.h"
#include "three_arrows.h"

static json_t *sq_json(int sq)
{
	char b[4];
	qv_sq_name(ta_file(sq), ta_rank(sq), b);
	return json_string(b);
}

/* The arrows of the piece in cell c as they point on the board, a direction once per arrow
 * (a Double facing E: ["E", "E"]), clockwise from N. */
static json_t *arrows_json(const ta_state *s, ta_cell c)
{
	json_t *arr = json_array();
	for (int d = 0; d < QV_NDIRS; d++)
		for (int i = 0; i < ta_T(s)->arrows[TA_KF(c)][d]; i++)
			arr = qv__json_push(arr, json_string(qv_dir_names[d]));
	return arr;
}

static json_t *board_json(const ta_state *s, int viewer, bool view)
{
	json_t *board = json_array();
	for (int sq = 0; sq < TA_MAX_SQ; sq++) {
		ta_cell c = s->cell[sq];
		if (!c)
			continue;
		bool cov = s->covered >> sq & 1;
		bool hidden = cov && viewer != QV_VIEW_ALL && viewer != TA_OWNER(c);
		json_t *o = json_object();
		o = qv__json_put(o, "sq", sq_json(sq));
		o = qv__json_put(o, "owner", qv__json_player(TA_OWNER(c)));
		if (!hidden) {
			char k[2] = {ta_T(s)->letters[TA_KIND(c)], 0};
			o = qv__json_put(o, "piece", json_string(k));
			o = qv__json_put(o, "facing", json_string(ta_facing_names[TA_FACING(c)]));
			if (view)
				o = qv__json_put(o, "arrows", arrows_json(s, c));
		}
		o = qv__json_put(o, "covered", json_boolean(cov));
		o = qv__json_put(o, "shielded", json_boolean(s->shielded >> sq & 1));
		board = qv__json_push(board, o);
	}
	return board;
}

static json_t *kinds_json(const ta_state *s, const uint8_t *count)
{
	const ta_tables *T = ta_T(s);
	json_t *o = json_object();
	for (int k = 0; k < T->nkinds; k++) {
		char key[2] = {T->letters[k], 0};
		o = qv__json_put(o, key, json_integer(count[k]));
	}
	return o;
}

static json_t *players_json(const ta_state *s, int viewer, bool view)
{
	json_t *arr = json_array();
	for (int p = 0; p < s->nplayers; p++) {
		const ta_player *pl = &s->pl[p];
		json_t *o = json_object();
		o = qv__json_put(o, "covers", json_integer(pl->covers));
		o = qv__json_put(o, "shields", json_integer(pl->shields));
		o = qv__json_put(o, "bonus", json_integer(pl->bonus));
		o = qv__json_put(o, "captured", json_integer(pl->captured));
		o = qv__json_put(o, "lost", kinds_json(s, pl->lost));
		o = qv__json_put(o, "home",
		                 pl->home >= 0 && pl->home < TA_NSIDES
		                     ? json_string(ta_side_names[pl->home])
		                     : json_null());
		o = qv__json_put(o, "eliminated", json_integer(pl->eliminated));
		if (view) {
			o = qv__json_put(o, "holder_count", json_integer(ta_holder_total(pl)));
			if (viewer == QV_VIEW_ALL || viewer == p)
				o = qv__json_put(o, "holder", kinds_json(s, pl->holder));
		}
		arr = qv__json_push(arr, o);
	}
	return arr;
}

static json_t *common_json(const ta_state *s, int viewer, bool view)
{
	json_t *o = json_object();
	o = qv__json_put(o, "board", board_json(s, viewer, view));
	o = qv__json_put(o, "players", players_json(s, viewer, view));
	o = qv__json_put(o, "turn", qv__json_player(s->turn));
	o = qv__json_put(o, "phase", json_string(ta_phase_names[s->phase]));
	bool atk = s->phase == TA_PH_DEFEND || s->phase == TA_PH_DIE || s->phase == TA_PH_CAPTURE;
	json_t *attack = json_null();
	if (atk && view && s->phase != TA_PH_CAPTURE)
		attack = json_pack("{s:o,s:o,s:i,s:i}", "from", sq_json(s->atk_from), "to",
		                   sq_json(s->atk_to), "strength",
		                   ta_attack_strength(s, s->atk_from, s->atk_to), "defence",
		                   ta_defence_strength(s, s->atk_from, s->atk_to));
	else if (atk)
		attack =
		    json_pack("{s:o,s:o}", "from", sq_json(s->atk_from), "to", sq_json(s->atk_to));
	o = qv__json_put(o, "attack", attack);
	o = qv__json_put(o, "extra_turns", json_integer(s->extra));
	o = qv__json_put(o, "turns", json_integer(s->turns));
	o = qv__json_put(o, "terminator_placed", json_boolean(s->terminator_placed));
	return o;
}

json_t *ta_state_json(const void *st) { return common_json(st, QV_VIEW_ALL, false); }

json_t *ta_view_json(const void *st, int viewer) { return common_json(st, viewer, true); }

/* ---- loading ---- */

static qv_status get_sq(const ta_state *s, const json_t *v, const char *what, int *sq, qv_err *err)
{
	int f = 0, r = 0;
	qv_status rc = qv__json_get_sq(v, what, "square", s->size, s->size, &f, &r, err);
	*sq = ta_sq(f, r);
	return rc;
}

/* The kind named by an entry's "piece": one of the variant's letters, or an error that lists them.
 */
static qv_status get_kind(const ta_tables *T, const json_t *o, const char *what, int *k,
                          qv_err *err)
{
	json_t *pv = json_object_get(o, "piece");
	*k = -1;
	if (json_is_string(pv) && strlen(json_string_value(pv)) == 1) {
		const char *at = strchr(T->letters, json_string_value(pv)[0]);
		*k = at ? (int)(at - T->letters) : -1;
	}
	if (*k >= 0)
		return QV_OK;
	char list[sizeof T->letters * 2];
	size_t used = 0;
	for (int j = 0; j < T->nkinds; j++)
		used += (size_t)qv_fmt(list + used, sizeof list - used, "%s%c", j ? ", " : "",
		                       T->letters[j]);
	return qv_fail(err, QV_EINVAL, "%s.piece must be one of %s", what, list);
}

/* Puts a checked piece on the board with its marks. A facing whose arrows an earlier facing
 * has is that facing, as in the notation (a Cross faces N whatever it is said to face). */
static void put_piece(ta_state *s, int sq, int p, int k, int f, bool cov, bool sh)
{
	const ta_tables *T = ta_T(s);
	uint64_t bit = 1ull << sq;
	s->cell[sq] = TA_CELL(p, k, T->canon_facing[k][f]);
	s->occ[p] |= bit;
	if (cov)
		s->covered |= bit;
	if (sh)
		s->shielded |= bit;
	s->pl[p].onboard++;
	if (T->last >> k & 1)
		s->terminator_placed = 1;
}

/* One entry of state.board, named `what` in errors: read, checked against the pieces loaded
 * before it, then placed. */
static qv_status load_piece(ta_state *s, const json_t *o, const char *what, qv_err *err)
{
	static const char *const keys[] = {"sq",      "owner",    "piece", "facing",
	                                   "covered", "shielded", NULL};
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL, "%s must be an object with sq, owner, piece, facing",
		               what);
	qv_status rc;
	int sq = 0, p = 0, k = -1, f = 0;
	char w2[48];
	qv_fmt(w2, sizeof w2, "%s.sq", what);
	if ((rc = qv__json_check_keys(o, what, keys, err)) ||
	    (rc = get_sq(s, json_object_get(o, "sq"), w2, &sq, err)))
		return rc;
	qv_fmt(w2, sizeof w2, "%s.owner", what);
	const ta_tables *T = ta_T(s);
	if ((rc = qv__json_get_player(json_object_get(o, "owner"), w2, s->nplayers, &p, err)) ||
	    (rc = get_kind(T, o, what, &k, err)))
		return rc;
	json_t *fv = json_object_get(o, "facing");
	if (fv && (f = qv__json_name_index(fv, ta_facing_names, 4)) < 0)
		return qv_fail(err, QV_EINVAL, "%s.facing must be N, E, S or W", what);
	bool cov = false, sh = false;
	if ((rc = qv__json_get_bool(o, "covered", what, false, &cov, err)) ||
	    (rc = qv__json_get_bool(o, "shielded", what, false, &sh, err)))
		return rc;
	if (s->cell[sq])
		return qv_fail(err, QV_EINVAL, "%s: square %s is given twice", what,
		               json_string_value(json_object_get(o, "sq")));
	if (cov && !(T->coverable >> k & 1))
		return qv_fail(err, QV_EINVAL, "%s: the %s cannot be covered", what, T->names[k]);
	if (cov && s->tactical)
		return qv_fail(err, QV_EINVAL, "%s: tactical mode has no covers", what);
	put_piece(s, sq, p, k, f, cov, sh);
	return QV_OK;
}

static qv_status load_board(ta_state *s, const json_t *board, qv_err *err)
{
	if (!json_is_array(board))
		return qv_fail(err, QV_EINVAL, "state.board must be an array of pieces");
	size_t i;
	json_t *o;
	json_array_foreach(board, i, o)
	{
		char what[32];
		qv_fmt(what, sizeof what, "board[%zu]", i);
		qv_status rc = load_piece(s, o, what, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* The numbers of a player's entry: covers, shields, bonus, captured, eliminated (in that
 * order in v), each within what the variant allows, its default when left out. */
static qv_status get_counts(const ta_state *s, const json_t *o, const char *what, long v[5],
                            qv_err *err)
{
	static const char *const keys[] = {"covers", "shields", "bonus",      "captured",
	                                   "lost",   "home",    "eliminated", NULL};
	const ta_tables *T = ta_T(s);
	qv_status rc;
	if ((rc = qv__json_check_keys(o, what, keys, err)) ||
	    (rc = qv__json_get_int(o, "covers", what, 0, T->covers, s->tactical ? 0 : T->covers,
	                           &v[0], err)) ||
	    (rc = qv__json_get_int(o, "shields", what, 0, T->shields, T->shields, &v[1], err)) ||
	    (rc = qv__json_get_int(o, "bonus", what, 0, TA_MAX_BONUS, T->bonus, &v[2], err)) ||
	    (rc = qv__json_get_int(o, "captured", what, 0, T->pieces * (TA_MAX_PLAYERS - 1), 0,
	                           &v[3], err)) ||
	    (rc = qv__json_get_int(o, "eliminated", what, 0, s->nplayers, 0, &v[4], err)))
		return rc;
	return QV_OK;
}

/* A player's "lost": an object from piece letters (the keys `kinds`) to counts, each at most
 * the copies of that piece. */
static qv_status get_lost(const ta_state *s, const json_t *o, const char *what,
                          const char *const *kinds, ta_player *pl, qv_err *err)
{
	const ta_tables *T = ta_T(s);
	json_t *lost = json_object_get(o, "lost");
	qv_status rc;
	if (lost && !json_is_object(lost))
		return qv_fail(err, QV_EINVAL, "%s.lost must be an object such as {\"A\": 1}",
		               what);
	if (lost && (rc = qv__json_check_keys(lost, "lost", kinds, err)))
		return rc;
	for (int k = 0; k < T->nkinds; k++) {
		long n = 0;
		if (lost &&
		    (rc = qv__json_get_int(lost, kinds[k], "lost", 0, T->copies[k], 0, &n, err)))
			return rc;
		pl->lost[k] = (uint8_t)n;
	}
	return QV_OK;
}

/* Reads the fields of player p's entry o (never NULL) into the player; *side is its home, -1
 * when null or left out. */
static qv_status read_player(ta_state *s, int p, const json_t *o, const char *what,
                             const char *const *kinds, int *side, qv_err *err)
{
	ta_player *pl = &s->pl[p];
	long v[5] = {0};
	qv_status rc;
	if ((rc = get_counts(s, o, what, v, err)) || (rc = get_lost(s, o, what, kinds, pl, err)))
		return rc;
	json_t *home = json_object_get(o, "home");
	*side = -1;
	if (home && !json_is_null(home) &&
	    (*side = qv__json_name_index(home, ta_side_names, 4)) < 0)
		return qv_fail(err, QV_EINVAL, "%s.home must be S, N, W, E or null", what);
	if (s->tactical && v[0])
		return qv_fail(err, QV_EINVAL, "%s: tactical mode has no covers", what);
	pl->covers = (uint8_t)v[0];
	pl->shields = (uint8_t)v[1];
	pl->bonus = (uint16_t)v[2];
	pl->captured = (uint16_t)v[3];
	pl->eliminated = (uint8_t)v[4];
	return QV_OK;
}

/* The holder of player p: what is neither on the board nor lost. Sets *lost_total to the
 * pieces p has lost; a Terminator lost counts as placed. */
static qv_status fill_holder(ta_state *s, int p, int *lost_total, qv_err *err)
{
	const ta_tables *T = ta_T(s);
	ta_player *pl = &s->pl[p];
	*lost_total = 0;
	for (int k = 0; k < T->nkinds; k++) {
		*lost_total += pl->lost[k];
		int on = 0;
		for (uint64_t m = s->occ[p]; m; m &= m - 1)
			on += TA_KIND(s->cell[__builtin_ctzll(m)]) == k;
		int left = T->copies[k] - on - pl->lost[k];
		if (left < 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "p%d has more %c pieces on the board and lost (%d) than exist (%d)",
			    p + 1, T->letters[k], on + pl->lost[k], T->copies[k]);
		pl->holder[k] = (uint8_t)left;
		if ((T->last >> k & 1) && pl->lost[k])
			s->terminator_placed = 1;
	}
	ta_set_held(pl);
	return QV_OK;
}

/* What a loaded player must agree with: its home with its placing, its covers and shields in
 * use with those it holds, its elimination with its pieces on the board. */
static qv_status check_player(const ta_state *s, int p, const char *what, bool placed, int side,
                              qv_err *err)
{
	const ta_tables *T = ta_T(s);
	const ta_player *pl = &s->pl[p];
	if (side >= 0 && !placed)
		return qv_fail(err, QV_EINVAL, "%s.home is set but p%d has placed no piece", what,
		               p + 1);
	int ncov = __builtin_popcountll(s->occ[p] & s->covered);
	int nsh = __builtin_popcountll(s->occ[p] & s->shielded);
	if (ncov + pl->covers > T->covers || nsh + pl->shields > T->shields)
		return qv_fail(err, QV_EINVAL,
		               "p%d uses more covers or shields than the %d and %d it has", p + 1,
		               T->covers, T->shields);
	if (placed && !pl->onboard && !pl->eliminated)
		return qv_fail(err, QV_EINVAL,
		               "p%d has no piece left on the board, so it must be eliminated",
		               p + 1);
	if (pl->eliminated && pl->onboard)
		return qv_fail(err, QV_EINVAL, "p%d is eliminated but has pieces on the board",
		               p + 1);
	return QV_OK;
}

/* Player p from its entry o (NULL: all defaults), after the board is loaded. */
static qv_status load_player(ta_state *s, int p, const json_t *o, const char *const *kinds,
                             qv_err *err)
{
	char what[32];
	qv_fmt(what, sizeof what, "players[%d]", p);
	if (o && !json_is_object(o))
		return qv_fail(err, QV_EINVAL, "%s must be an object", what);
	json_t *defaults = o ? NULL : json_object(); /* an entry left out: all defaults */
	int side = -1, lost_total = 0;
	qv_status rc = read_player(s, p, o ? o : defaults, what, kinds, &side, err);
	json_decref(defaults);
	if (rc || (rc = fill_holder(s, p, &lost_total, err)))
		return rc;
	ta_player *pl = &s->pl[p];
	bool placed = pl->onboard || lost_total;
	/* A player who has placed keeps a home even when the JSON does not say which side:
	 * TA_NSIDES marks "placed, side not given", which claims no side. */
	pl->home = (int8_t)(side >= 0 ? side : placed ? TA_NSIDES : -1);
	return check_player(s, p, what, placed, side, err);
}

static qv_status load_players(ta_state *s, const json_t *players, qv_err *err)
{
	const ta_tables *T = ta_T(s);
	/* the keys of lost: the pieces' letters */
	char letters[TA_MAX_KINDS][2];
	const char *kinds[TA_MAX_KINDS + 1];
	for (int k = 0; k < T->nkinds; k++) {
		letters[k][0] = T->letters[k];
		letters[k][1] = '\0';
		kinds[k] = letters[k];
	}
	kinds[T->nkinds] = NULL;
	if (players && (!json_is_array(players) || json_array_size(players) > s->nplayers))
		return qv_fail(err, QV_EINVAL,
		               "state.players must be an array of at most %d players", s->nplayers);
	for (int p = 0; p < s->nplayers; p++) {
		json_t *o = players ? json_array_get(players, (size_t)p) : NULL;
		qv_status rc = load_player(s, p, o, kinds, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* The number of players eliminated so far: the highest elimination number (the invariants,
 * checked last, say whether the numbers run 1, 2, ... and whether captures match losses). */
static void count_eliminated(ta_state *s)
{
	s->nelim = 0;
	for (int p = 0; p < s->nplayers; p++)
		if (s->pl[p].eliminated > s->nelim)
			s->nelim = s->pl[p].eliminated;
}

/* The attack in progress must be one that could have been declared. */
static qv_status check_attack_field(ta_state *s, const json_t *atk, qv_err *err)
{
	static const char *const keys[] = {"from", "to", NULL};
	int from = 0, to = 0;
	qv_status rc;
	if (!json_is_object(atk))
		return qv_fail(err, QV_EINVAL,
		               "state.attack must be {\"from\": sq, \"to\": sq} in phase %s",
		               ta_phase_names[s->phase]);
	if ((rc = qv__json_check_keys(atk, "attack", keys, err)) ||
	    (rc = get_sq(s, json_object_get(atk, "from"), "attack.from", &from, err)) ||
	    (rc = get_sq(s, json_object_get(atk, "to"), "attack.to", &to, err)))
		return rc;
	ta_cell c = s->cell[from];
	if (!(s->occ[s->turn] >> from & 1) || (s->covered >> from & 1))
		return qv_fail(err, QV_EINVAL, "attack.from must hold an uncovered piece of p%d",
		               s->turn + 1);
	if (!(ta_T(s)->reach[TA_KF(c)][from] >> to & 1))
		return qv_fail(err, QV_EINVAL,
		               "the piece on attack.from has no arrow pointing at attack.to");
	if (s->phase == TA_PH_CAPTURE) {
		if (s->cell[to])
			return qv_fail(err, QV_EINVAL, "in phase capture, attack.to must be empty");
		if (s->terminator_placed)
			return qv_fail(
			    err, QV_EINVAL,
			    "once a Terminator is placed there is no capture phase (only stay)");
	} else {
		if (!s->cell[to] || TA_OWNER(s->cell[to]) == s->turn || (s->shielded >> to & 1))
			return qv_fail(err, QV_EINVAL,
			               "attack.to must hold an unshielded opposing piece");
		if (s->phase == TA_PH_DIE && s->tactical)
			return qv_fail(err, QV_EINVAL, "tactical mode has no die");
	}
	s->atk_from = (uint8_t)from;
	s->atk_to = (uint8_t)to;
	return QV_OK;
}

/* Clears the position that init set up, before the JSON's pieces are put on it. */
static void clear_position(ta_state *s)
{
	memset(s->occ, 0, sizeof s->occ);
	s->covered = s->shielded = 0;
	memset(s->cell, 0, sizeof s->cell);
	for (int p = 0; p < s->nplayers; p++)
		s->pl[p].onboard = 0;
	s->terminator_placed = 0;
}

/* state.terminator_placed must agree with the pieces: true exactly when a Terminator is on the
 * board or lost. */
static qv_status load_terminator_placed(ta_state *s, const json_t *j, qv_err *err)
{
	bool tp = false;
	qv_status rc;
	if ((rc = qv__json_get_bool(j, "terminator_placed", "state", s->terminator_placed, &tp,
	                            err)))
		return rc;
	if (!tp && s->terminator_placed)
		return qv_fail(
		    err, QV_EINVAL,
		    "state.terminator_placed cannot be false while a Terminator is on the board or lost");
	if (tp && !s->terminator_placed)
		return qv_fail(
		    err, QV_EINVAL,
		    "state.terminator_placed cannot be true while no Terminator is on the "
		    "board or lost");
	s->terminator_placed = tp;
	return QV_OK;
}

/* Whose turn, the phase, the counters and the attack in progress (given exactly in the phases
 * of an attack). */
static qv_status load_turn(ta_state *s, const json_t *j, qv_err *err)
{
	qv_status rc;
	int turn, phase;
	if ((rc = qv__json_get_opt_player(j, "turn", "state", s->nplayers, 0, &turn, err)))
		return rc;
	s->turn = (uint8_t)turn;
	if ((rc = qv__json_get_name(j, "phase", "state", ta_phase_names, TA_PH_OVER + 1,
	                            TA_PH_START, &phase, err)))
		return rc;
	s->phase = (uint8_t)phase;
	long extra = 0, turns = 0;
	if ((rc = qv__json_get_int(j, "extra_turns", "state", 0, TA_MAX_BONUS, 0, &extra, err)) ||
	    (rc = qv__json_get_int(j, "turns", "state", 0, s->max_turns, 0, &turns, err)))
		return rc;
	s->extra = (uint16_t)extra;
	s->turns = (uint16_t)turns;
	json_t *atk = json_object_get(j, "attack");
	bool attacking = phase == TA_PH_DEFEND || phase == TA_PH_DIE || phase == TA_PH_CAPTURE;
	if (attacking)
		return check_attack_field(s, atk, err);
	if (atk && !json_is_null(atk))
		return qv_fail(err, QV_EINVAL, "state.attack must be null in phase %s",
		               ta_phase_names[phase]);
	return QV_OK;
}

/* A game not over must have someone to move: a player not eliminated, turns left, two players
 * left, and at the start of a turn something that player can do. */
static qv_status check_playable(const ta_state *s, qv_err *err)
{
	int turn = s->turn, phase = s->phase;
	if (s->pl[turn].eliminated)
		return qv_fail(err, QV_EINVAL, "state.turn names p%d, who is eliminated", turn + 1);
	if (s->turns >= s->max_turns)
		return qv_fail(err, QV_EINVAL,
		               "state.turns has reached max_turns: the phase must be over");
	int alive = 0;
	for (int p = 0; p < s->nplayers; p++)
		alive += !s->pl[p].eliminated;
	if (alive <= 1)
		return qv_fail(err, QV_EINVAL,
		               "at most one player is left: the phase must be over");
	if ((phase == TA_PH_START || phase == TA_PH_MAIN) && !ta_can_act_or_uncover(s, turn))
		return qv_fail(err, QV_EINVAL,
		               "p%d can neither act nor uncover, so it cannot be p%d's turn",
		               turn + 1, turn + 1);
	return QV_OK;
}

qv_status ta_load_json(void *st, const json_t *j, qv_err *err)
{
	static const char *const keys[] = {"board",  "players",     "turn",  "phase",
	                                   "attack", "extra_turns", "turns", "terminator_placed",
	                                   NULL};
	ta_state *s = st;
	qv_status rc;
	if ((rc = qv__json_check_state(j, keys, err)))
		return rc;
	/* init has set up the parameters and a fresh game; start the position from scratch. */
	clear_position(s);
	json_t *board = json_object_get(j, "board");
	if (board && (rc = load_board(s, board, err)))
		return rc;
	ta_derive(s); /* dirs and reach follow from the pieces */
	if ((rc = load_players(s, json_object_get(j, "players"), err)))
		return rc;
	count_eliminated(s);
	if ((rc = load_terminator_placed(s, j, err)) || (rc = load_turn(s, j, err)))
		return rc;
	if (s->phase != TA_PH_OVER && (rc = check_playable(s, err)))
		return rc;
	return qv__load_checked(ta_state_ok, s, err);
}
