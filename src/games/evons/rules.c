/*
 * rules.c - the rules of Evons (docs/rules/evons.md): parameters and set-up with the
 * mulligan, turns and hand plays, the activation sequence (ability phases, conflicts, flips)
 * on a LIFO chain stack, the eight abilities, the end, ranks, determinization, what a decision
 * reveals, and the descriptor. The cards are in tables.c, the legal actions in legal.c, the
 * narration in narrate.c.
 *
 * Legality has one source of truth: legal() lists the actions, and check accepts exactly the
 * listed ones (legal.c), so the two cannot disagree; apply trusts that its action is legal.
 * Drawing is never a chance event: the decks are put in order when the game starts (shuffled
 * with the state's own generator, or as listed with shuffle=false) and a draw takes the top
 * card; a mulligan shuffles with the same generator. The only chance event is the coin for the
 * first player.
 *
 * Everything a decision starts is done at once up to the next real decision: after an
 * ability, a conflict or a burn point, entries whose card has left the board are dropped,
 * a Firestorm with no target left loses its points, and an empty stack returns to the main
 * phase. The end by a full main zone is checked after every change of the board.
 *
 * Given a qv_events, apply narrates every step as it happens; the narration lives in cold,
 * out-of-line helpers (narrate.c) called only then.
 */
#include <stdio.h>
#include <string.h>

#include "evons.h"
#include "games/deck.h"

/* ---- the board ---- */

uint64_t ev_board_mask(const ev_state *s)
{
	uint64_t m = 0;
	for (int c = 0; c < EV_NCELLS; c++)
		m |= (uint64_t)(s->cell[c].kind != 0) << c;
	return m;
}

uint64_t ev_covered_mask(const ev_state *s)
{
	uint64_t m = 0;
	for (int c = 0; c < EV_NCELLS; c++)
		m |= (uint64_t)(s->cell[c].kind && (s->cell[c].flags & EV_F_COVERED)) << c;
	return m;
}

/* Sets bit c of the covered mask from the card now on c. */
static void cover_bit(ev_state *s, int c)
{
	uint64_t bit = 1ull << c;
	s->covered = (s->covered & ~bit) | ((s->cell[c].flags & EV_F_COVERED) ? bit : 0);
}

static bool main_full(const ev_state *s) { return (s->board & EV_MAIN_ZONE) == EV_MAIN_ZONE; }

/* ---- changes of the board ---- */

static void to_graveyard(ev_state *s, int c)
{
	ev_player *o = &s->pl[s->cell[c].owner];
	s->gone = 1;
	if (o->ngrave < EV_DECK_MAX)
		o->grave[o->ngrave++] = (uint8_t)ev_kind_at(s, c);
	memset(&s->cell[c], 0, sizeof s->cell[c]);
	s->board &= ~(1ull << c);
	s->covered &= ~(1ull << c);
}

/* Destroys the card on c (to its owner's graveyard), narrated by what destroys it (how:
 * EV_GONE_*). */
static void destroy(ev_state *s, int c, int how, qv_events *ev)
{
	if (ev)
		ev_say_destroyed(s, c, how, ev);
	to_graveyard(s, c);
}

static void remove_from_game(ev_state *s, int c)
{
	ev_player *o = &s->pl[s->cell[c].owner];
	s->gone = 1;
	if (o->nremoved < EV_DECK_MAX)
		o->removed[o->nremoved++] = (uint8_t)ev_kind_at(s, c);
	memset(&s->cell[c], 0, sizeof s->cell[c]);
	s->board &= ~(1ull << c);
	s->covered &= ~(1ull << c);
}

static void place(ev_state *s, int c, int kind, int owner, uint8_t flags)
{
	s->cell[c] = (ev_cell){
	    s->next_inst, (uint8_t)(kind + 1), (uint8_t)owner, (uint8_t)owner, flags, 0, 0};
	s->board |= 1ull << c;
	cover_bit(s, c);
	if (s->next_inst < UINT16_MAX)
		s->next_inst++;
}

static void push(ev_state *s, int c, int why, qv_events *ev)
{
	if (s->nstack >= EV_MAX_STACK)
		return; /* cannot happen: at most two entries per card on the board */
	ev_entry *e = &s->stack[s->nstack++];
	memset(e, 0, sizeof *e);
	e->inst = s->cell[c].inst;
	e->at = (uint8_t)c;
	e->step = EV_ST_ABILITY1;
	if (ev)
		ev_say_push(s, c, why, ev);
}

/* A card was moved onto c by an ability: it reactivates when it is a face-up monster of the
 * player whose turn it is and has not reactivated this turn. */
static void moved_by_ability(ev_state *s, int c, qv_events *ev)
{
	ev_cell *x = &s->cell[c];
	x->flags |= EV_F_MOVED;
	if (ev_faceup_monster(s, c) && x->ctrl == s->active && !(x->flags & EV_F_REACTIVATED)) {
		x->flags |= EV_F_REACTIVATED;
		push(s, c, EV_WHY_MOVED, ev);
	}
}

/* The stack entries of the card now on c follow it there. */
static void entries_follow(ev_state *s, int c)
{
	for (int i = 0; i < s->nstack; i++)
		if (s->stack[i].inst == s->cell[c].inst)
			s->stack[i].at = (uint8_t)c;
}

static void move_card(ev_state *s, int from, int to)
{
	s->cell[to] = s->cell[from];
	memset(&s->cell[from], 0, sizeof s->cell[from]);
	s->board = (s->board & ~(1ull << from)) | 1ull << to;
	s->covered &= ~(1ull << from);
	cover_bit(s, to);
	entries_follow(s, to);
}

/* Drops the stack entries whose card is no longer on the board (its sequence ended). */
static void purge_stack(ev_state *s)
{
	int k = 0;
	for (int i = 0; i < s->nstack; i++)
		if (ev_entry_cell(s, &s->stack[i]) >= 0)
			s->stack[k++] = s->stack[i];
	for (int i = k; i < s->nstack; i++)
		memset(&s->stack[i], 0, sizeof s->stack[i]);
	s->nstack = (uint8_t)k;
}

/* Cells a Firestorm centred on `center` may burn for player p: opponent monsters, face up or
 * covered, on the center and the cells orthogonally adjacent to it. */
int ev_burn_targets(const ev_state *s, int center, int p, int *out)
{
	static const int orth[5] = {-1, QV_N, QV_E, QV_S, QV_W};
	int n = 0;
	for (int i = 0; i < 5; i++) {
		int c = i == 0 ? center : ev_step(center, orth[i]);
		if (c >= 0 && ev_monster_at(s, c) && s->cell[c].ctrl != p)
			out[n++] = c;
	}
	return n;
}

static void finish_game(ev_state *s, int how, qv_events *ev)
{
	s->phase = EV_PH_OVER;
	s->ended = (uint8_t)how;
	if (ev) {
		ev_say_end(s, how, ev);
		ev_say_result(s, ev);
	}
	for (int i = 0; i < s->nstack; i++)
		memset(&s->stack[i], 0, sizeof s->stack[i]);
	s->nstack = 0;
}

/* After every change: the end by a full main zone, the entries of cards gone, Firestorm
 * points with no target left, and the return to the main phase when the stack is empty. */
static void settle(ev_state *s, qv_events *ev)
{
	bool gone = s->gone;
	s->gone = 0;
	if (s->phase == EV_PH_OVER)
		return;
	if (main_full(s)) {
		finish_game(s, EV_END_FULL, ev);
		return;
	}
	if (gone) /* an entry ends only when its card leaves the board */
		purge_stack(s);
	if (s->nstack == 0) {
		s->phase = EV_PH_MAIN;
		return;
	}
	s->phase = EV_PH_CHAIN;
	ev_entry *e = &s->stack[s->nstack - 1];
	int t[5];
	if (e->burn_left && ev_burn_targets(s, e->burn_center, s->active, t) == 0) {
		if (e->burn_left == 1)
			qv_say(ev, "1 Firestorm point is lost: no target is left");
		else
			qv_say(ev, "%d Firestorm points are lost: no target is left", e->burn_left);
		e->burn_left = e->burn_center = 0;
	}
}

/* ---- turns ---- */

int ev_to_move(const ev_state *s)
{
	switch (s->phase) {
	case EV_PH_OVER: return QV_OVER;
	case EV_PH_COIN: return QV_CHANCE;
	default: return s->active;
	}
}

/* p draws the top card of the deck; returns its kind, or -1 when the deck is empty. */
static int draw(ev_state *s, int p)
{
	ev_player *pl = &s->pl[p];
	return qv__deck_draw(pl->deck, &pl->ndeck, pl->hand, &pl->nhand);
}

static void begin_turn(ev_state *s, int p, qv_events *ev)
{
	ev_player *pl = &s->pl[p];
	s->active = (uint8_t)p;
	s->phase = EV_PH_MAIN;
	s->played = 0;
	if (pl->turns < UINT16_MAX)
		pl->turns++;
	bool income = pl->turns > 1 && pl->credits <= UINT16_MAX - EV_INCOME;
	if (income)
		pl->credits = (uint16_t)(pl->credits + EV_INCOME);
	bool first = p == s->first && s->turn_no == 0;
	int k = first ? -1 : draw(s, p);
	if (ev)
		ev_say_turn(s, p, income, first, k, ev);
}

static void end_turn(ev_state *s, qv_events *ev)
{
	bool damaged = false;
	for (uint64_t m = s->board; m; m &= m - 1) { /* empty cells are all zero */
		int c = __builtin_ctzll(m);
		damaged |= s->cell[c].dmg != 0;
		s->cell[c].dmg = 0;
		s->cell[c].flags &= (uint8_t) ~(EV_F_MOVED | EV_F_REACTIVATED);
	}
	if (damaged)
		qv_say(ev, "all damage clears");
	s->idle = s->played ? 0 : (uint8_t)(s->idle + 1);
	s->played = 0;
	s->turn_no++;
	if (s->idle >= 2) {
		finish_game(s, EV_END_IDLE, ev);
	} else if (s->turn_no >= s->max_turns) {
		finish_game(s, EV_END_CAP, ev);
	} else {
		if (s->idle == 1)
			qv_say(ev, "p%d made no hand play: if p%d makes none either, the game ends",
			       s->active + 1, 2 - s->active);
		begin_turn(s, 1 - s->active, ev);
	}
}

/* ---- init ---- */

static const qv_param_def ev_params[] = {
    {.key = "deck1",
     .def = EV_DEFAULT_DECK1,
     .allowed = "blaze, bedrock, or a comma-separated list of 5-60 card ids",
     .help = "p1's deck",
     .kind = QV_PARAM_TEXT,
     .choices = ev_base_deck_names},
    {.key = "deck2",
     .def = EV_DEFAULT_DECK2,
     .allowed = "blaze, bedrock, or a comma-separated list of 5-60 card ids",
     .help = "p2's deck",
     .kind = QV_PARAM_TEXT,
     .choices = ev_base_deck_names},
    {.key = "shuffle",
     .def = "true",
     .help = "false keeps the listed order (top of deck first)",
     .kind = QV_PARAM_BOOL},
    {.key = "max_turns",
     .def = "200",
     .help = "safety cap: the game is scored after this many turns",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = 5000},
    QV_VARIANT_PARAM,
};
#define EV_NPARAMS ((int)(sizeof ev_params / sizeof ev_params[0]))

/* Reads a deck parameter into list (top of deck first). */
static qv_status parse_deck(const ev_tables *T, const qv_params *params, const char *key,
                            uint8_t *list, int *n, qv_err *err)
{
	const char *v = qv_params_get(params, key);
	if (!v)
		v = qv_param_find(ev_params, EV_NPARAMS, key)->def;
	return ev_parse_deck(T, key, v, list, n, err);
}

static qv_status ev_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	long max_turns;
	bool shuffle;
	uint8_t list[2][EV_DECK_MAX];
	int n[2];
	qv_status rc;
	const qv_variant *v;
	qv_params merged;
	if ((rc = qv_params_check_keys(params, ev_params, EV_NPARAMS, "evons", err)) ||
	    (rc = qv_variant_open(&qv_evons, params, &v, &merged, err)))
		return rc;
	const ev_tables *T = v->tables;
	if ((rc = parse_deck(T, &merged, "deck1", list[0], &n[0], err)) ||
	    (rc = parse_deck(T, &merged, "deck2", list[1], &n[1], err)) ||
	    (rc = qv_param_bool(&merged, ev_params, EV_NPARAMS, "shuffle", &shuffle, err)) ||
	    (rc = qv_param_int(&merged, ev_params, EV_NPARAMS, "max_turns", &max_turns, err)))
		return rc;
	ev_state *s = st;
	memset(s, 0, sizeof *s);
	s->variant = v->slot;
	s->max_turns = (uint16_t)max_turns;
	s->shuffle = (uint8_t)shuffle;
	s->next_inst = 1;
	qv_rng_seed(&s->rng, seed);
	for (int p = 0; p < 2; p++) {
		ev_player *pl = &s->pl[p];
		pl->decklen = (uint8_t)n[p];
		pl->credits = EV_CREDITS;
		pl->mull = -1;
		qv__deck_setup(list[p], n[p], pl->owned, pl->deck, &pl->ndeck,
		               shuffle ? &s->rng : NULL);
		for (int i = 0; i < EV_HAND_START; i++)
			(void)draw(s, p);
	}
	s->phase = EV_PH_MULLIGAN;
	s->active = 0;
	return QV_OK;
}

/* ---- the activation sequence ---- */

/* The defenders the active card on c fights in its conflict step. */
static uint64_t defenders(const ev_state *s, int c)
{
	uint64_t m = 0;
	if (!ev_in_main(c))
		return 0;
	unsigned arrows = ev_board_arrows(s, c);
	for (int d = 0; d < QV_NDIRS; d++) {
		int t = ev_step(c, d);
		if ((arrows >> d & 1) && t >= 0 && ev_in_main(t) && ev_faceup_monster(s, t) &&
		    s->cell[t].ctrl != s->cell[c].ctrl && ev_points_at(s, t, c))
			m |= 1ull << t;
	}
	return m;
}

/* The flip step of the active card on c, then Ability Phase 2. Flipped cards that were moved
 * earlier this turn reactivate; they run in the active card's arrow order, clockwise from N. */
static void flip_step(ev_state *s, int c, qv_events *ev)
{
	ev_entry *e = &s->stack[s->nstack - 1];
	e->step = EV_ST_ABILITY2;
	e->conflicts = 0;
	if (!ev_in_main(c))
		return;
	int p = s->cell[c].ctrl, react[QV_NDIRS], nr = 0, said = 0;
	unsigned arrows = ev_board_arrows(s, c);
	char b[EV_PHRASE];
	for (int d = 0; d < QV_NDIRS; d++) {
		int t = ev_step(c, d);
		if (!(arrows >> d & 1) || t < 0 || !ev_in_main(t) || !ev_occupied(s, t) ||
		    s->cell[t].ctrl == p || ev_block_at(s, t))
			continue;
		ev_cell *x = &s->cell[t];
		said++;
		if (ev_covered(s, t)) {
			if (!(x->flags & EV_F_GROWTH)) {
				destroy(s, t, EV_GONE_FLIP, ev);
			} else if (ev) {
				ev_card_at(s, t, false, b, sizeof b);
				qv_say(ev, "%s is Growth-placed: not flipped", b);
			}
			continue;
		}
		if (ev_points_at(s, t, c)) {
			if (ev) {
				ev_card_at(s, t, false, b, sizeof b);
				qv_say(ev, "%s points back: not flipped", b);
			}
			continue;
		}
		x->ctrl = (uint8_t)p;
		if (ev) {
			ev_card_at(s, t, false, b, sizeof b);
			qv_say(ev, "%s flips to p%d", b, p + 1);
		}
		if ((x->flags & EV_F_MOVED) && !(x->flags & EV_F_REACTIVATED)) {
			x->flags |= EV_F_REACTIVATED;
			react[nr++] = t;
		}
	}
	if (!said && ev) {
		ev_card_at(s, c, false, b, sizeof b);
		qv_say(ev, "%s: nothing to flip", b);
	}
	for (int i = nr - 1; i >= 0; i--)
		push(s, react[i], EV_WHY_FLIPPED, NULL);
	/* narrated in the order they will run: the last pushed runs first */
	for (int i = 0; ev && i < nr; i++) {
		ev_card_at(s, react[i], false, b, sizeof b);
		if (i == 0)
			qv_say(ev, "%s reactivates (moved, then flipped): chain %d deep", b,
			       s->nstack);
		else
			qv_say(ev, "%s reactivates after it (moved, then flipped)", b);
	}
}

/* Swap: the active card on c and the monster on t change places, and the entries of the
 * chain follow their cards. */
static inline void swap(ev_state *s, int c, int t, qv_events *ev)
{
	ev_cell tmp = s->cell[t];
	s->cell[t] = s->cell[c];
	s->cell[c] = tmp;
	cover_bit(s, t);
	cover_bit(s, c);
	entries_follow(s, t);
	entries_follow(s, c);
	moved_by_ability(s, c, ev); /* the target, now where the active card stood */
}

/* Resurrection of kind val from the active player's graveyard onto t, paid from the budget
 * of entry e; the card then activates. */
static inline void resurrect(ev_state *s, ev_entry *e, int t, int val, qv_events *ev)
{
	int p = s->active;
	ev_player *pl = &s->pl[p];
	int i = pl->ngrave - 1;
	while (i >= 0 && pl->grave[i] != val)
		i--; /* the most recent copy leaves the graveyard */
	memmove(&pl->grave[i], &pl->grave[i + 1], (size_t)(pl->ngrave - 1 - i));
	pl->grave[--pl->ngrave] = 0;
	e->spent = (uint8_t)(e->spent + ev_T(s)->kind[val].cost);
	place(s, t, val, p, 0);
	push(s, t, EV_WHY_RESURRECTED, ev);
}

static void use_ability(ev_state *s, ev_entry *e, int c, int d, int argtype, int val, qv_events *ev)
{
	int p = s->active, t = ev_step(c, d);
	if (ev)
		ev_say_ability(s, c, d, argtype, val, ev);
	e->used |= (uint8_t)(1u << ev_board_dir(s->cell[c].ctrl, d));
	switch (ev_board_ability(s, c, d)) {
	case EV_AB_REMOVE: to_graveyard(s, t); break;
	case EV_AB_BLOCK:
		if (argtype == EV_ARG_CARD) {
			s->pl[p].hand[val]--;
			s->pl[p].nhand--;
			place(s, t, val, p, 0);
		} else {
			to_graveyard(s, t);
		}
		break;
	case EV_AB_FIRESTORM:
		e->burn_center = (uint8_t)t;
		e->burn_left = (uint8_t)ev_firestorm_points(s, c, d);
		break;
	case EV_AB_SWAP: swap(s, c, t, ev); break;
	case EV_AB_SHOCKWAVE: {
		int l = ev_step(t, d);
		if (l < 0) {
			remove_from_game(s, t);
			break;
		}
		if (ev_occupied(s, l))
			to_graveyard(s, l);
		move_card(s, t, l);
		moved_by_ability(s, l, ev);
		break;
	}
	case EV_AB_MAGNETISM:
		move_card(s, val, t);
		moved_by_ability(s, t, ev);
		break;
	case EV_AB_GROWTH:
		s->pl[p].hand[val]--;
		s->pl[p].nhand--;
		place(s, t, val, p, EV_F_COVERED | EV_F_GROWTH);
		break;
	case EV_AB_RESURRECTION: resurrect(s, e, t, val, ev); break;
	default: break;
	}
}

/* One Firestorm point on cell t. */
static void burn(ev_state *s, ev_entry *e, int t, qv_events *ev)
{
	e->burn_left--;
	bool dead = ev_covered(s, t);
	if (!dead) {
		ev_cell *x = &s->cell[t];
		if (x->dmg < 255)
			x->dmg++;
		dead = ev_cur_def(s, t) <= 0;
	}
	int tg[5];
	if (dead) {
		destroy(s, t, EV_GONE_POINT, ev);
		/* points with no target left are said lost by settle */
		if (ev && e->burn_left && ev_burn_targets(s, e->burn_center, s->active, tg))
			qv_say(ev, "%d Firestorm point%s left", e->burn_left,
			       e->burn_left == 1 ? "" : "s");
	} else if (ev) {
		char b[EV_PHRASE];
		ev_card_at(s, t, false, b, sizeof b);
		if (e->burn_left)
			qv_say(ev, "1 point to %s: DEF %d this turn, %d left", b, ev_cur_def(s, t),
			       e->burn_left);
		else
			qv_say(ev, "1 point to %s: DEF %d this turn", b, ev_cur_def(s, t));
	}
	if (e->burn_left == 0)
		e->burn_center = 0;
}

/* The conflict of the active card on c with the defender on t: simultaneous damage. */
static void conflict(ev_state *s, ev_entry *e, int c, int t, qv_events *ev)
{
	const ev_tables *T = ev_T(s);
	e->conflicts &= ~(1ull << t);
	int atk_a = T->kind[ev_kind_at(s, c)].atk, atk_d = T->kind[ev_kind_at(s, t)].atk;
	if (ev) {
		char a[EV_PHRASE], b[EV_PHRASE];
		ev_card_at(s, c, false, a, sizeof a);
		ev_card_at(s, t, false, b, sizeof b);
		qv_say(ev, "%s (ATK %d) and %s (ATK %d) clash", a, atk_a, b, atk_d);
	}
	ev_cell *a = &s->cell[c], *b = &s->cell[t];
	a->dmg = (uint8_t)(a->dmg + atk_d > 255 ? 255 : a->dmg + atk_d);
	b->dmg = (uint8_t)(b->dmg + atk_a > 255 ? 255 : b->dmg + atk_a);
	bool dead_a = ev_cur_def(s, c) <= 0, dead_d = ev_cur_def(s, t) <= 0;
	if (ev) {
		ev_say_hit(s, c, atk_d, ev);
		ev_say_hit(s, t, atk_a, ev);
		if (dead_a)
			ev_say_entries_end(s, c, ev);
		if (dead_d)
			ev_say_entries_end(s, t, ev);
	}
	if (dead_d)
		to_graveyard(s, t);
	if (dead_a) {
		to_graveyard(s, c);
		return; /* settle drops the entry: the sequence ends at once */
	}
	if (e->conflicts == 0)
		flip_step(s, c, ev);
}

/* Leaves Ability Phase 1 of the active card on c: its conflicts, or its flip step at once. */
static void start_conflicts(ev_state *s, ev_entry *e, int c, qv_events *ev)
{
	uint64_t m = defenders(s, c);
	char b[EV_PHRASE];
	if (ev && !ev_in_main(c)) {
		ev_card_at(s, c, false, b, sizeof b);
		qv_say(ev, "%s is in the out zone: no conflicts, no flips", b);
	}
	for (int t = 0; ev && t < EV_NCELLS; t++)
		if (m >> t & 1) {
			ev_card_at(s, t, false, b, sizeof b);
			qv_say(ev, "%s points back: it defends its position", b);
		}
	if (m) {
		e->step = EV_ST_CONFLICTS;
		e->conflicts = m;
	} else {
		flip_step(s, c, ev);
	}
}

/* ---- apply ---- */

/* The mulligan of p, returning the nb cards of back: they go under the deck (the last one
 * named at the very bottom), the deck is shuffled when the game shuffles, and p draws back
 * to the starting hand. */
static void mulligan(ev_state *s, int p, const int *back, int nb, qv_events *ev)
{
	ev_player *pl = &s->pl[p];
	for (int j = 0; j < nb; j++) {
		pl->hand[back[j]]--;
		pl->nhand--;
	}
	memmove(pl->deck + nb, pl->deck, pl->ndeck);
	for (int j = 0; j < nb; j++)
		pl->deck[j] = (uint8_t)back[nb - 1 - j];
	pl->ndeck = (uint8_t)(pl->ndeck + nb);
	if (s->shuffle)
		qv_shuffle_bytes(pl->deck, pl->ndeck, &s->rng);
	int drawn[EV_HAND_START], n = 0;
	while (pl->nhand < EV_HAND_START && pl->ndeck && n < EV_HAND_START)
		drawn[n++] = draw(s, p);
	if (ev)
		ev_say_mulligan(s, p, nb, drawn, n, ev);
}

/* Keep or mulligan (the kinds to return packed in arg) by the active player; after p2 the
 * coin is tossed. */
static inline void keep_or_mulligan(ev_state *s, int arg, qv_events *ev)
{
	int p = s->active;
	ev_player *pl = &s->pl[p];
	int back[5], nb = 0;
	for (int f = 0; f < 5; f++) {
		int k = (arg >> (5 * f)) & 31;
		if (k)
			back[nb++] = k - 1;
	}
	if (nb)
		mulligan(s, p, back, nb, ev);
	pl->mull = (int8_t)nb;
	if (p == 0) {
		s->active = 1;
	} else {
		/* no shuffle is left: a cleared generator keeps later states free of it */
		s->phase = EV_PH_COIN;
		s->active = 0;
		memset(&s->rng, 0, sizeof s->rng);
	}
}

/* Play (paid) or cover (free) of kind arg & 31 from the hand on the empty cell arg >> 5: the
 * turn's hand play. */
static inline void play_from_hand(ev_state *s, int type, int arg, qv_events *ev)
{
	const ev_tables *T = ev_T(s);
	int p = s->active;
	ev_player *pl = &s->pl[p];
	int k = arg & 31, c = arg >> 5;
	pl->hand[k]--;
	pl->nhand--;
	s->played = 1;
	if (type == EV_ACT_COVER) {
		place(s, c, k, p, EV_F_COVERED);
	} else {
		pl->credits = (uint16_t)(pl->credits - T->kind[k].cost);
		qv_say(ev, "p%d pays %d credits (%d left)", p + 1, T->kind[k].cost, pl->credits);
		place(s, c, k, p, 0);
		push(s, c, EV_WHY_PLAYED, ev);
	}
	settle(s, ev);
}

/* Reveal of the active player's covered card on arg, paid unless Growth-placed: the turn's
 * hand play, the card then activates. */
static inline void reveal(ev_state *s, int arg, qv_events *ev)
{
	const ev_tables *T = ev_T(s);
	int p = s->active;
	ev_player *pl = &s->pl[p];
	ev_cell *x = &s->cell[arg];
	int k = ev_kind_at(s, arg);
	if (x->flags & EV_F_GROWTH) {
		qv_say(ev, "the card is %s, Growth-placed: no cost", T->kind[k].id);
	} else {
		pl->credits = (uint16_t)(pl->credits - T->kind[k].cost);
		qv_say(ev, "the card is %s: p%d pays %d credits (%d left)", T->kind[k].id, p + 1,
		       T->kind[k].cost, pl->credits);
	}
	x->flags &= (uint8_t) ~(EV_F_COVERED | EV_F_GROWTH);
	s->covered &= ~(1ull << arg);
	s->played = 1;
	push(s, arg, EV_WHY_PLAYED, ev);
	settle(s, ev);
}

/* Next: after Ability Phase 2 the activation on top of the chain is over, else its conflicts
 * begin. */
static inline void next_step(ev_state *s, qv_events *ev)
{
	ev_entry *e = &s->stack[s->nstack - 1];
	int c = ev_entry_cell(s, e);
	if (e->step == EV_ST_ABILITY2) {
		if (ev) {
			char b[EV_PHRASE];
			ev_card_at(s, c, false, b, sizeof b);
			qv_say(ev, "the activation of %s is over", b);
		}
		memset(e, 0, sizeof *e);
		s->nstack--;
	} else {
		start_conflicts(s, e, c, ev);
	}
}

/* Applies a (legal) with its narration when ev is given. */
static void apply_action(ev_state *s, qv_action a, qv_events *ev)
{
	if (s->phase == EV_PH_COIN) {
		s->first = (uint8_t)EV_ARG(a);
		begin_turn(s, EV_ARG(a), ev);
		return;
	}
	int arg = EV_ARG(a);
	switch (EV_TYPE(a)) {
	case EV_ACT_KEEP:
	case EV_ACT_MULLIGAN: keep_or_mulligan(s, arg, ev); return;
	case EV_ACT_PLAY:
	case EV_ACT_COVER: play_from_hand(s, EV_TYPE(a), arg, ev); return;
	case EV_ACT_REVEAL: reveal(s, arg, ev); return;
	case EV_ACT_END: end_turn(s, ev); return;
	case EV_ACT_ABILITY: {
		ev_entry *e = &s->stack[s->nstack - 1];
		int c = ev_entry_cell(s, e);
		use_ability(s, e, c, arg & 7, (arg >> 3) & 3, arg >> 5, ev);
		break;
	}
	case EV_ACT_BURN: burn(s, &s->stack[s->nstack - 1], arg, ev); break;
	case EV_ACT_CONFLICT: {
		ev_entry *e = &s->stack[s->nstack - 1];
		conflict(s, e, ev_entry_cell(s, e), arg, ev);
		break;
	}
	case EV_ACT_NEXT: next_step(s, ev); break;
	default: return;
	}
	settle(s, ev);
}

/* With a narration, also says when the chain goes back to a waiting activation. */
EV_COLD static void apply_narrated(ev_state *s, qv_action a, qv_events *ev)
{
	ev_chain_memo memo;
	memo.n = s->nstack;
	memcpy(memo.stack, s->stack, sizeof memo.stack);
	apply_action(s, a, ev);
	ev_say_chain_back(s, &memo, ev);
}

static void ev_apply(void *st, qv_action a, qv_events *ev)
{
	if (ev)
		apply_narrated(st, a, ev);
	else
		apply_action(st, a, NULL);
	QV_ASSERT_STATE(&qv_evons, st);
}

/* ---- scores, ranks, utilities ---- */

static void ev_score(const void *st, int *out) { ev_scores(st, out); }

void ev_ranks(const void *st, int *out)
{
	int sc[2];
	ev_scores(st, sc);
	out[0] = sc[0] >= sc[1] ? 1 : 2;
	out[1] = sc[1] >= sc[0] ? 1 : 2;
}

static int ev_num_players(const void *st)
{
	(void)st;
	return 2;
}

static int ev_to_move_fn(const void *st) { return ev_to_move(st); }

static bool ev_capped(const void *st)
{
	const ev_state *s = st;
	return s->phase == EV_PH_OVER && s->ended == EV_END_CAP;
}

/* ---- determinization ---- */

void ev_unseen_kinds(const ev_state *s, int q, int viewer, int *count)
{
	const ev_tables *T = ev_T(s);
	const ev_player *pl = &s->pl[q];
	bool mine = q == viewer;
	for (int k = 0; k < T->nkinds; k++)
		count[k] = pl->owned[k] - (mine ? pl->hand[k] : 0);
	for (int c = 0; c < EV_NCELLS; c++)
		if (ev_occupied(s, c) && s->cell[c].owner == q && (mine || !ev_covered(s, c)))
			count[ev_kind_at(s, c)]--;
	for (int i = 0; i < pl->ngrave; i++)
		count[pl->grave[i]]--;
	for (int i = 0; i < pl->nremoved; i++)
		count[pl->removed[i]]--;
}

/* Rebuilds what `viewer` cannot see from public facts (the deck lists are parameters, the
 * board's face-up cards and blocks, graveyards and removed cards are public) and the viewer's
 * own hand and covered cards: the order of both decks, and the opponent's hand and covered
 * cards. Covered cards are monsters, so they take the first monsters of the shuffled pool. */
static void ev_determinize(void *st, int viewer, qv_rng *rng)
{
	ev_state *s = st;
	const ev_tables *T = ev_T(s);
	if (viewer == QV_VIEW_ALL)
		return;
	for (int q = 0; q < 2; q++) {
		ev_player *pl = &s->pl[q];
		bool mine = q == viewer;
		int count[EV_MAX_KINDS];
		ev_unseen_kinds(s, q, viewer, count);
		uint8_t pool[EV_DECK_MAX];
		int n = qv__deck_pool(count, T->nkinds, pool, EV_DECK_MAX);
		qv_shuffle_bytes(pool, n, rng);
		if (!mine) {
			/* covered cards first, from the monsters of the pool in shuffled order */
			for (int c = 0; c < EV_NCELLS; c++) {
				if (!ev_occupied(s, c) || s->cell[c].owner != q ||
				    !ev_covered(s, c))
					continue;
				int i = 0;
				while (i < n && ev_is_block(T, pool[i]))
					i++;
				if (i == n)
					continue; /* an inconsistent state; keep what is there */
				s->cell[c].kind = (uint8_t)(pool[i] + 1);
				memmove(pool + i, pool + i + 1, (size_t)(n - 1 - i));
				n--;
			}
		}
		int at = 0;
		if (!mine)
			qv__deck_deal_hand(pool, n, &at, pl->hand, T->nkinds, pl->nhand);
		qv__deck_deal_deck(pool, n, &at, pl->deck, EV_DECK_MAX, pl->ndeck);
	}
	if (s->phase == EV_PH_MULLIGAN)
		qv_rng_seed(&s->rng, qv_rng_next(rng));
}

/* ---- reveals (qv_game.reveals) ---- */

/* The covered cards player q owns on the board. */
static int covered_count(const ev_state *s, int q)
{
	int n = 0;
	for (int c = 0; c < EV_NCELLS; c++)
		n += ev_occupied(s, c) && s->cell[c].owner == q && ev_covered(s, c);
	return n;
}

/* A decision shows the viewer something when a card the viewer could not place becomes one it
 * can: a draw from the viewer's own deck, a card played from the opponent's hand or turned
 * face up, a covered card sent to the graveyard; when the viewer's mulligan draws a new hand
 * (from a deck in an order nobody knows, even if the same kinds come back); and when the
 * opponent puts a card face down (a cover, a Growth) while the viewer cannot rule out a hand
 * of blocks only (covered cards are monsters, so it shows that the hand held one). A card going
 * from the opponent's deck to the opponent's hand stays unseen. True also in the rare case where
 * every unseen card is alike, so that nothing is learnt. */
static bool ev_reveals(const void *st, qv_action a, int viewer)
{
	const ev_state *s = st;
	const ev_tables *T = ev_T(s);
	if (viewer < 0 || viewer > 1)
		return false;
	int mover = ev_to_move(s);
	if (EV_TYPE(a) == EV_ACT_MULLIGAN && mover == viewer)
		return true;
	ev_state t = *s;
	ev_apply(&t, a, NULL);
	if (mover == 1 - viewer && covered_count(&t, mover) > covered_count(s, mover)) {
		int unseen[EV_MAX_KINDS], blocks = 0;
		ev_unseen_kinds(s, mover, viewer, unseen);
		for (int k = T->nmonsters; k < T->nkinds; k++)
			blocks += unseen[k];
		if (blocks >= s->pl[mover].nhand)
			return true;
	}
	for (int q = 0; q < 2; q++) {
		int before[EV_MAX_KINDS], after[EV_MAX_KINDS];
		ev_unseen_kinds(st, q, viewer, before);
		ev_unseen_kinds(&t, q, viewer, after);
		for (int k = 0; k < T->nkinds; k++)
			if (after[k] < before[k])
				return true;
	}
	return false;
}

/* ---- the descriptor ---- */

/* evons: the levels' strength measured by bench/ladder.py (docs/ai/levels.md). */
static const qv_level_elo ev_ladder[] = {
    {"random", -558, -722, -394},
    {"beginner", 0, 0, 0},
    {"greedy", 214, 151, 277},
    {"easy", 229, 165, 292},
    {"medium", 399, 311, 486},
    {"hard", 360, 42, 677},
    {NULL, 0, 0, 0},
};

const qv_game qv_evons = {
    .name = "evons",
    .title = "Evons",
    .summary =
        "A card game on a 7 x 7 board: a 5 x 5 main zone (a1-e5) in an out-zone ring (columns\n"
        "x and y, rows 0 and 6). Each player draws 5 from a deck, may mulligan once (keep, or\n"
        "mulligan <card>...), starts with 50 credits and gains 5 a turn (not on the first).\n"
        "A coin picks the first player, who does not draw on the first turn.\n"
        "\n"
        "A turn: at most one hand play - play <card> <cell> (pay the cost, it activates),\n"
        "cover <card> <cell> (face down, free) or reveal <cell> (pay, it activates) - then\n"
        "end. An activation: Ability Phase 1 (ability <dir> [args] or next), conflicts with\n"
        "opponent cards whose arrows point back (conflict <cell>: both deal ATK to DEF at\n"
        "once), flips of the opponent cards it points at that do not point back, Ability\n"
        "Phase 2. Abilities: Remove, Block, Firestorm (burn <cell> per point), Swap,\n"
        "Shockwave, Magnetism, Growth, Resurrection. Moved cards reactivate (once a turn) on a\n"
        "LIFO chain stack. Directions are board directions; a p2 card is turned 180 degrees.\n"
        "\n"
        "The game ends when the main zone is full, after two consecutive ends without a hand\n"
        "play, or at max_turns. Score: face-up monsters a player controls in the main zone;\n"
        "higher wins, equal is a draw.",
    .min_players = 2,
    .max_players = 2,
    .params = ev_params,
    .nparams = EV_NPARAMS,
    .max_actions = EV_MAX_ACTIONS,
    .max_chance = EV_MAX_CHANCE,
    .state_size = sizeof(ev_state),
    .ladder = ev_ladder,
    .init = ev_init,
    .num_players = ev_num_players,
    .to_move = ev_to_move_fn,
    .legal = ev_legal,
    .chance = ev_chance,
    .check = ev_check,
    .check_is_cheap = true,
    .apply = ev_apply,
    .score = ev_score,
    .ranks = ev_ranks,
    .action_to_text = ev_action_to_text,
    .action_from_text = ev_action_from_text,
    .render_text = ev_render_text,
    .determinize = ev_determinize,
    .state_json = ev_state_json,
    .view_json = ev_view_json,
    .view_text = ev_view_text,
    .load_json = ev_load_json,
    .secret = NULL,
    .sample = ev_sample,
    .count = ev_count,
    .heuristic = ev_heuristic,
    .values_after = ev_values_after,
    .capped = ev_capped,
    .reference = ev_reference,
    .action_note = ev_action_note,
    .reveals = ev_reveals,
    .sight = ev_sight,
    .components = &ev_components,
    .state_ok = ev_state_ok,
};
