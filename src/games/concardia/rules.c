/*
 * rules.c - the rules of ConCardia, Arrow rules (docs/rules/concardia.md): the grid changes
 * that keep the attack sums, the secret start, the five-step turn, costs, the capture step
 * with its reactions, the end, ranks, determinization, a heuristic and the descriptor. The
 * cards and the grid's constant tables are tables.c's part, the parameters and the set-up
 * setup.c's, which actions are legal legal.c's, the narration narrate.c's.
 *
 * Drawing is never a chance event: the decks are put in order (shuffled with a generator
 * seeded by init, or as listed with shuffle=false) when the game starts, and a draw takes the
 * top card. The only chance event is the coin that picks the first player when the starting
 * cards tie.
 *
 * apply is the hot path of playouts and search: it works on the state's masks of occupied
 * squares and the constant neighbour tables, never rescans the grid square by square, and
 * words nothing unless it is given a qv_events.
 */
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "concardia.h"
#include "games/deck.h"

/* ---- the grid ---- */

static inline bool occupied(const cc_state *s, int sq) { return s->grid[sq].card != 0; }
static inline int cell_card(const cc_state *s, int sq) { return s->grid[sq].card - 1; }
static inline int lowest(uint64_t m) { return __builtin_ctzll(m); }

/* The hand counts are bytes, so vector compares tell which are zero 16 at a time (this runs
 * at every random move), and one complement gives the cards held; the hand's 64th byte is
 * always 0. */
uint64_t cc_hand_mask(const cc_player *pl)
{
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();
	uint64_t empty = 0; /* bit c: no card c in hand */
	for (int i = 0; i < 4; i++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(pl->hand + 16 * i));
		empty |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) << (16 * i);
	}
	return ~empty;
#else
	uint64_t m = 0;
	for (int c = 0; c < CC_MAX_CARDS; c++)
		m |= (uint64_t)(pl->hand[c] != 0) << c;
	return m;
#endif
}

/* ---- keeping atk and threat in step with the grid ---- */

/* Sets the threat bit of the card on t from its sum. */
static inline void mark(const cc_tables *T, cc_state *s, int t)
{
	uint64_t bit = 1ull << t;
	if (s->atk[t] >= T->defense[s->grid[t].card])
		s->threat |= bit;
	else
		s->threat &= ~bit;
}

/* Adds delta to the sum of every opponent card that the card on sq points at and beats: the
 * card is put there (delta its Strength), lifted (minus it) or boosted (plus or minus its
 * boost). */
static void spread(const cc_tables *T, cc_state *s, int sq, int delta)
{
	const cc_cell *c = &s->grid[sq];
	uint64_t beaten = T->beats[c->card];
	uint64_t m = T->points[c->owner][c->card][sq] & s->occ[1 - c->owner];
	for (; m; m &= m - 1) {
		int t = lowest(m);
		if (beaten >> s->grid[t].card & 1) {
			s->atk[t] = (uint8_t)(s->atk[t] + delta);
			mark(T, s, t);
		}
	}
}

/* The mask of the cards of ability kind k among banners (support), dynamos (charge) and
 * movers (move, shove), or NULL. */
static uint64_t *role_mask(cc_state *s, int k)
{
	switch (k) {
	case CC_AB_SUPPORT: return &s->banners;
	case CC_AB_CHARGE: return &s->dynamos;
	case CC_AB_MOVE:
	case CC_AB_SHOVE: return &s->movers;
	default: return NULL;
	}
}

void cc_put(cc_state *s, int sq, cc_cell c)
{
	const cc_tables *T = cc_T(s);
	QV_ASSERT(!s->grid[sq].card && c.card && c.card <= T->ncards && c.owner < 2);
	s->grid[sq] = c;
	s->occ[c.owner] |= 1ull << sq;
	uint64_t *role = role_mask(s, T->kind[c.card]);
	if (role)
		*role |= 1ull << sq;
	if (c.boost)
		s->boosted |= 1ull << sq;
	spread(T, s, sq, cc_strength(s, sq));
	s->atk[sq] = (uint8_t)cc_superior_sum(T, s, sq, cc_adj[sq] & s->occ[1 - c.owner]);
	mark(T, s, sq);
}

void cc_lift(cc_state *s, int sq)
{
	const cc_tables *T = cc_T(s);
	QV_ASSERT(s->grid[sq].card);
	spread(T, s, sq, -cc_strength(s, sq));
	uint64_t bit = 1ull << sq, *role = role_mask(s, T->kind[s->grid[sq].card]);
	if (role)
		*role &= ~bit;
	s->occ[s->grid[sq].owner] &= ~bit;
	s->threat &= ~bit;
	s->boosted &= ~bit;
	s->atk[sq] = 0;
	s->grid[sq] = (cc_cell){0, 0, 0, 0};
}

void cc_move(cc_state *s, int from, int to)
{
	cc_cell c = s->grid[from];
	cc_lift(s, from);
	cc_put(s, to, c);
}

void cc_set_boost(cc_state *s, int sq, int boost)
{
	const cc_tables *T = cc_T(s);
	int delta = T->boost[s->grid[sq].card] * (boost - s->grid[sq].boost);
	s->grid[sq].boost = (uint8_t)boost;
	if (boost)
		s->boosted |= 1ull << sq;
	else
		s->boosted &= ~(1ull << sq);
	if (delta)
		spread(T, s, sq, delta);
}

/* Every Defense is at least 1 (tables.c refuses less), so a sum that reaches the Defense
 * comes from at least one superior arrow, as the rule asks. Supports only add Defense, so
 * only the cards whose sum reaches the printed Defense are looked at. */
uint64_t cc_would_capture(const cc_state *s)
{
	QV_ASSERT(cc_check_derived(s, NULL) == QV_OK);
	uint64_t m = 0;
	for (uint64_t t = s->threat; t; t &= t - 1) {
		int sq = lowest(t);
		if (s->atk[sq] >= cc_defense(s, sq))
			m |= 1ull << sq;
	}
	return m;
}

/* The cards with a save ability (the aegis) in pl's hand. */
static int aegis_held(const cc_tables *T, const cc_player *pl)
{
	int n = 0;
	for (uint64_t m = T->of_kind[CC_AB_SAVE]; m; m &= m - 1)
		n += pl->hand[lowest(m)];
	return n;
}

/* ---- turns, the capture step and the end ---- */

/* Draws the top card of p's deck into p's hand; returns it, or -1 when the deck is empty. */
static int draw(cc_state *s, int p)
{
	cc_player *pl = &s->pl[p];
	int card = qv__deck_draw(pl->deck, &pl->ndeck, pl->hand, &pl->nhand);
	if (card >= 0)
		s->held[p] |= 1ull << card;
	return card;
}

/* Steps 1 and 2 of p's turn: the draw and the Persistent effects (dynamos charge). */
static void begin_turn(cc_state *s, int p, qv_events *ev)
{
	s->active = (uint8_t)p;
	s->phase = CC_PH_ACTION;
	int card = draw(s, p);
	if (ev)
		cc_say_draw(s, p, card, ev);
	const cc_tables *T = cc_T(s);
	for (uint64_t m = s->dynamos & s->occ[p]; m; m &= m - 1) {
		int sq = lowest(m);
		cc_cell *c = &s->grid[sq];
		if (c->counters < T->counters[c->card]) {
			c->counters++;
			if (ev)
				cc_say_charge(T, c->card - 1, sq, -1, c->counters, ev);
		}
	}
	cc_player *pl = &s->pl[p];
	for (int i = 0; i < pl->npersist; i++)
		if (pl->pcounters[i] < T->counters[pl->persist[i]]) { /* 0 but for a charger */
			pl->pcounters[i]++;
			if (ev)
				cc_say_charge(T, pl->persist[i] - 1, -1, p, pl->pcounters[i], ev);
		}
	if (ev && s->passes == 1)
		qv_say(ev, "p%d passed; if p%d passes too, the game ends", 2 - p, p + 1);
}

/* The Immediate card set aside while its cost was paid goes to its owner's discard pile. */
static void set_aside_to_discard(cc_state *s, qv_events *ev)
{
	if (!s->pend_card)
		return;
	cc_player *pl = &s->pl[s->active];
	pl->discard[pl->ndiscard++] = (uint8_t)(s->pend_card - 1);
	if (ev)
		cc_say_to_discard(cc_T(s), s->pend_card - 1, s->active, ev);
	s->pend_card = 0;
}

/* The third-turn rule: a player who has completed three own turns and has no card on the
 * Board loses. Returns true when the game ended. */
static bool check_loss(cc_state *s, qv_events *ev)
{
	if (s->pl[0].turns < 3 && s->pl[1].turns < 3)
		return false;
	bool any = false;
	for (int p = 0; p < 2; p++)
		if (s->pl[p].turns >= 3 && cc_board_count(s, p) == 0) {
			s->pl[p].lost = 1;
			any = true;
		}
	if (any) {
		s->ended = CC_END_LOSS;
		s->phase = CC_PH_OVER;
		s->would = s->saved = 0;
		s->react_next = s->reacted = 0;
		set_aside_to_discard(s, ev);
		if (ev)
			cc_say_end(s, ev);
	}
	return any;
}

/* Step 5: the used Immediate card goes to the discard pile, boosts end, the end is checked,
 * and the next turn begins. */
static void clean_up(cc_state *s, qv_events *ev)
{
	int p = s->active;
	s->would = s->saved = 0;
	s->react_next = s->reacted = 0;
	set_aside_to_discard(s, ev);
	for (uint64_t m = s->boosted; m; m &= m - 1)
		cc_set_boost(s, lowest(m), 0);
	if (s->pl[p].turns < 255)
		s->pl[p].turns++;
	s->turn_no++;
	if (check_loss(s, ev))
		return;
	int end = CC_END_NONE;
	for (int q = 0; q < 2; q++)
		if (s->pl[q].nvictory >= s->target)
			end = CC_END_POINTS;
	if (!end && s->passes >= 2)
		end = CC_END_PASSES;
	if (!end && s->turn_no >= s->max_turns)
		end = CC_END_CAP;
	if (end) {
		s->ended = (uint8_t)end;
		s->phase = CC_PH_OVER;
		if (ev)
			cc_say_end(s, ev);
		return;
	}
	begin_turn(s, 1 - p, ev);
}

/* Steps 4b to 5: offers the next "would be captured" reaction, or, when none is left,
 * captures every card that would be captured, all at once, and cleans up. react_next runs
 * over the active player's squares (0..35), then the opponent's (36..71); an offer goes to
 * the owner of a card that would be captured and is not saved, when that owner holds an
 * aegis. */
static void advance_capture(cc_state *s, qv_events *ev)
{
	if (!(s->would & ~s->saved))
		s->react_next = 2 * CC_NSQ; /* no offer to make */
	while (s->react_next < 2 * CC_NSQ) {
		int half = s->react_next >= CC_NSQ, who = half ? 1 - s->active : s->active;
		int from = s->react_next - half * CC_NSQ;
		uint64_t offers = s->would & ~s->saved & s->occ[who] & (~0ull << from);
		if (offers && aegis_held(cc_T(s), &s->pl[who])) {
			int sq = lowest(offers);
			s->react_next = (uint8_t)(half * CC_NSQ + sq);
			s->phase = CC_PH_REACT;
			if (ev)
				cc_say_threat(s, sq, ev);
			return;
		}
		s->react_next = (uint8_t)((half + 1) * CC_NSQ);
	}
	uint64_t caught = s->reacted ? cc_would_capture(s) : s->would;
	caught &= ~s->saved;
	if (ev && caught)
		cc_say_captures(s, caught, ev); /* on the grid as it stands: all at once */
	for (uint64_t m = caught; m; m &= m - 1) {
		int sq = lowest(m);
		cc_player *capturer = &s->pl[1 - s->grid[sq].owner];
		capturer->victory[capturer->nvictory++] = (uint8_t)cell_card(s, sq);
		cc_lift(s, sq);
	}
	clean_up(s, ev);
}

/* advance_capture without narration, the way of random playouts and the search, which pass
 * here at every turn: compiled once with every function it calls (flatten), where the
 * narration's branches and the registers they keep are gone. */
static __attribute__((noinline, flatten)) void advance_capture_quiet(cc_state *s)
{
	advance_capture(s, NULL);
}

/* advance_capture, narrated when ev is not NULL. */
static inline void capture_next(cc_state *s, qv_events *ev)
{
	if (ev)
		advance_capture(s, ev);
	else
		advance_capture_quiet(s);
}

/* Step 4a, after the action: what would be captured. */
static void start_capture(cc_state *s)
{
	s->pend_kind = s->pend_from = s->pend_to = s->pend_left = s->pend_paid = 0;
	s->phase = CC_PH_ACTION; /* not REACT unless an offer is made */
	s->would = cc_would_capture(s);
	s->saved = 0;
	s->reacted = 0;
	s->react_next = 0;
}

/* Step 4a, then the offers and the captures. */
static void begin_capture(cc_state *s, qv_events *ev)
{
	start_capture(s);
	capture_next(s, ev);
}

void cc_pending_effect(cc_state *s, qv_events *ev)
{
	switch (s->pend_kind) {
	case CC_PEND_SHOVE: {
		/* (a loaded state may name any square: a card not next to the shover stays) */
		int from = s->pend_from, pushed = s->pend_to;
		int d = cc_adj[from] >> pushed & 1 ? cc_dir(from, pushed) : -1;
		int to = d >= 0 ? cc_nb[pushed][d] : -1;
		bool moved = to >= 0 && !occupied(s, to);
		if (ev)
			cc_say_shove(s, moved ? to : -1, ev);
		if (moved)
			cc_move(s, pushed, to);
		break;
	}
	case CC_PEND_BOOST:
		cc_set_boost(s, s->pend_from, 1);
		if (ev)
			cc_say_boost(s, s->pend_from, ev);
		break;
	case CC_PEND_PBOOST:
		if (ev)
			cc_say_boost(s, -1, ev);
		break;
	case CC_PEND_SABOTAGE: {
		int sq = s->pend_to;
		bool removed = occupied(s, sq) && cc_defense(s, sq) <= s->pend_paid + 1;
		if (ev)
			cc_say_sabotage(s, removed, ev);
		if (removed) {
			cc_player *owner = &s->pl[s->grid[sq].owner];
			owner->discard[owner->ndiscard++] = (uint8_t)cell_card(s, sq);
			cc_lift(s, sq);
		}
		break;
	}
	default: break;
	}
}

/* The effect of a paid action, then the capture step. */
static __attribute__((noinline)) void resolve_pending(cc_state *s, qv_events *ev)
{
	cc_pending_effect(s, ev);
	s->pend_kind = s->pend_from = s->pend_to = s->pend_left = s->pend_paid = 0;
	if (check_loss(s, ev))
		return;
	begin_capture(s, ev);
}

/* ---- apply: one function per kind of action ---- */

/* The coin names the first player. */
static void apply_coin(cc_state *s, int first, qv_events *ev)
{
	s->first = (uint8_t)first;
	qv_say_by(ev, QV_CHANCE, "p%d plays first", first + 1);
	begin_turn(s, first, ev);
}

/* Both starting cards are chosen: they are revealed and placed, and the first player is the
 * one whose card loses at R/P/S, then has the lower Defense, then the lower Strength, or the
 * coin decides. */
static void reveal_starts(cc_state *s, qv_events *ev)
{
	int c1 = s->pl[0].start - 1, c2 = s->pl[1].start - 1;
	cc_put(s, CC_START_SQ1, (cc_cell){(uint8_t)(c1 + 1), 0, 0, 0});
	cc_put(s, CC_START_SQ2, (cc_cell){(uint8_t)(c2 + 1), 1, 0, 0});
	s->pl[0].start = s->pl[1].start = 0;
	const cc_tables *T = cc_T(s);
	const cc_card *t1 = &T->cards[c1], *t2 = &T->cards[c2];
	int first = -1;
	if (cc_beats(t1->trait, t2->trait))
		first = 1;
	else if (cc_beats(t2->trait, t1->trait))
		first = 0;
	else if (t1->defense != t2->defense)
		first = t1->defense < t2->defense ? 0 : 1;
	else if (t1->strength != t2->strength)
		first = t1->strength < t2->strength ? 0 : 1;
	if (ev)
		cc_say_reveal(T, c1, c2, first, ev);
	if (first < 0) {
		s->phase = CC_PH_COIN;
		s->active = 0;
	} else {
		s->first = (uint8_t)first;
		begin_turn(s, first, ev);
	}
}

void cc_hand_take(cc_state *s, int p, int card)
{
	cc_player *pl = &s->pl[p];
	QV_ASSERT(pl->hand[card] > 0 && pl->nhand > 0);
	if (--pl->hand[card] == 0)
		s->held[p] &= ~(1ull << card);
	pl->nhand--;
}

void cc_hands_held(cc_state *s)
{
	for (int p = 0; p < 2; p++)
		s->held[p] = cc_hand_mask(&s->pl[p]);
}

static void apply_start(cc_state *s, int card, qv_events *ev)
{
	cc_player *pl = &s->pl[s->active];
	cc_hand_take(s, s->active, card);
	pl->start = (uint8_t)(card + 1);
	if (s->active == 0)
		s->active = 1;
	else
		reveal_starts(s, ev);
}

/* A play, a persist, a move and a pass are followed at once by the capture step, which
 * apply_action begins after them. */
static void apply_play(cc_state *s, int card, int sq)
{
	int p = s->active;
	cc_hand_take(s, p, card);
	cc_put(s, sq, (cc_cell){(uint8_t)(card + 1), (uint8_t)p, 0, 0});
	s->passes = 0;
}

static void apply_persist(cc_state *s, int card)
{
	cc_player *pl = &s->pl[s->active];
	cc_hand_take(s, s->active, card);
	QV_ASSERT(pl->npersist < CC_MAX_PERSIST);
	pl->persist[pl->npersist] = (uint8_t)(card + 1);
	pl->pcounters[pl->npersist++] = 0;
	s->passes = 0;
}

/* A courier's slide or jump. */
static void apply_move(cc_state *s, int from, int to)
{
	cc_move(s, from, to);
	s->passes = 0;
}

/* An action with a cost (a shove, a boost, a saboteur): what it is for, then the payment,
 * one unit per decision; with nothing to pay, the effect at once. The pend_ fields are all
 * zero during the action step. */
static void begin_paying(cc_state *s, int kind, int from, int to, int cost, qv_events *ev)
{
	s->passes = 0;
	s->pend_paid = 0;
	s->pend_kind = (uint8_t)kind;
	s->pend_from = (uint8_t)from;
	s->pend_to = (uint8_t)to;
	s->pend_left = (uint8_t)cost;
	s->phase = CC_PH_PAY;
	if (ev)
		cc_say_cost(s, ev);
	if (s->pend_left == 0)
		resolve_pending(s, ev);
}

/* A saboteur from the hand: set aside while X is paid. */
static void apply_immediate(cc_state *s, int card, int target, qv_events *ev)
{
	cc_hand_take(s, s->active, card);
	s->pend_card = (uint8_t)(card + 1);
	begin_paying(s, CC_PEND_SABOTAGE, 0, target, cc_sabotage_cost(s, target), ev);
}

/* One unit of the cost is paid: the effect once none is left. */
static void unit_paid(cc_state *s, qv_events *ev)
{
	QV_ASSERT(s->pend_left > 0);
	s->pend_left--;
	s->pend_paid++;
	if (s->pend_left == 0)
		resolve_pending(s, ev);
	else if (ev)
		qv_say(ev, "%d unit%s left to pay", s->pend_left, s->pend_left == 1 ? "" : "s");
}

static void pay_discard(cc_state *s, int card, qv_events *ev)
{
	cc_player *pl = &s->pl[s->active];
	cc_hand_take(s, s->active, card);
	pl->discard[pl->ndiscard++] = (uint8_t)card;
	unit_paid(s, ev);
}

static void pay_counter(cc_state *s, int sq, qv_events *ev)
{
	s->grid[sq].counters--;
	if (ev)
		cc_say_counters(cc_T(s), cell_card(s, sq), sq, -1, s->grid[sq].counters, ev);
	unit_paid(s, ev);
}

static void pay_persistent_counter(cc_state *s, int card, qv_events *ev)
{
	int p = s->active, slot = cc_persist_slot(&s->pl[p], card);
	QV_ASSERT(slot >= 0);
	s->pl[p].pcounters[slot]--;
	if (ev)
		cc_say_counters(cc_T(s), card, -1, p, s->pl[p].pcounters[slot], ev);
	unit_paid(s, ev);
}

/* An aegis saves the card on sq: discarded from the hand of the player offered the reaction. */
static void apply_react(cc_state *s, int card, int sq, qv_events *ev)
{
	int q = cc_to_move(s);
	cc_player *r = &s->pl[q];
	cc_hand_take(s, q, card);
	r->discard[r->ndiscard++] = (uint8_t)card;
	s->saved |= 1ull << sq;
	s->reacted = 1;
	/* react_next stays on sq: the next offer is looked for among the cards not saved, from
	 * there on (a decline moves past its card, which is not saved) */
	if (ev)
		cc_say_saved(s, card, sq, ev);
	capture_next(s, ev);
}

static void apply_decline(cc_state *s, qv_events *ev)
{
	s->react_next++;
	capture_next(s, ev);
}

static void apply_pass(cc_state *s) { s->passes++; }

/* The trusted apply (game.h) without the check of the whole state: a is legal now, so
 * nothing is checked but the invariants of each step, in the sanitizer build. */
static void apply_action(cc_state *s, qv_action a, qv_events *ev)
{
	int type = CC_TYPE(a), arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg);
	QV_ASSERT(s->phase != CC_PH_OVER);
	switch (type) {
	case CC_ACT_COIN: apply_coin(s, arg, ev); return;
	case CC_ACT_START: apply_start(s, x, ev); return;
	case CC_ACT_PLAY: apply_play(s, x, y); break;
	case CC_ACT_PERSIST: apply_persist(s, x); break;
	case CC_ACT_SLIDE:
	case CC_ACT_JUMP: apply_move(s, x, y); break;
	case CC_ACT_PASS: apply_pass(s); break;
	case CC_ACT_SHOVE:
		begin_paying(s, CC_PEND_SHOVE, x, y, cc_T(s)->cost[s->grid[x].card], ev);
		return;
	case CC_ACT_BOOST:
		begin_paying(s, CC_PEND_BOOST, x, 0, cc_T(s)->cost[s->grid[x].card], ev);
		return;
	case CC_ACT_PBOOST: begin_paying(s, CC_PEND_PBOOST, x, 0, cc_T(s)->cost[x + 1], ev); return;
	case CC_ACT_IMMEDIATE: apply_immediate(s, x, y, ev); return;
	case CC_ACT_DISCARD: pay_discard(s, x, ev); return;
	case CC_ACT_COUNTER: pay_counter(s, x, ev); return;
	case CC_ACT_PCOUNTER: pay_persistent_counter(s, x, ev); return;
	case CC_ACT_REACT: apply_react(s, x, y, ev); return;
	case CC_ACT_DECLINE: apply_decline(s, ev); return;
	default: QV_ASSERT(type >= CC_ACT_START && type <= CC_ACT_COIN); return;
	}
	/* most actions of a playout end here (a play, then a pass): the capture step is begun in
	 * place, so that the quiet apply compiles it in, where the other ways to it call
	 * advance_capture_quiet */
	start_capture(s);
	advance_capture(s, ev);
}

/* apply_action without narration, the way of random playouts and the search: every function
 * of this file that it calls, but the capture step's, is compiled into it (flatten). */
static __attribute__((flatten)) void apply_quiet(cc_state *s, qv_action a)
{
	apply_action(s, a, NULL);
}

/* The trusted apply (game.h), and the state's invariants after it in the sanitizer build. */
static void cc_apply(void *st, qv_action a, qv_events *ev)
{
	if (ev)
		apply_action(st, a, ev);
	else
		apply_quiet(st, a);
	QV_ASSERT_STATE(&qv_concardia, st);
}

/* ---- scores, ranks, utilities ---- */

static void cc_score(const void *st, int *out)
{
	const cc_state *s = st;
	for (int p = 0; p < 2; p++)
		out[p] = s->pl[p].nvictory;
}

/* a ranks above b: a loss outranks points; then points, then cards on the Board. */
static int rank_cmp(const void *ctx, int a, int b)
{
	const cc_state *s = ctx;
	if (s->pl[a].lost != s->pl[b].lost)
		return s->pl[a].lost ? -1 : 1;
	if (s->pl[a].lost)
		return 0;
	if (s->pl[a].nvictory != s->pl[b].nvictory)
		return s->pl[a].nvictory > s->pl[b].nvictory ? 1 : -1;
	int ba = cc_board_count(s, a), bb = cc_board_count(s, b);
	if (ba != bb)
		return ba > bb ? 1 : -1;
	return 0;
}

static void cc_ranks(const void *st, int *out) { qv_ranks_from_order(2, rank_cmp, st, out); }

static int cc_num_players(const void *st)
{
	(void)st;
	return 2;
}

static int cc_to_move_fn(const void *st) { return cc_to_move(st); }

static bool cc_secret(const void *st) { return ((const cc_state *)st)->phase == CC_PH_START; }

/* The start: both players choose a card from their own hands, revealed together once the
 * second has chosen; p1 is asked first, so p2 may choose at any time before. */
static unsigned cc_together(const void *st, unsigned *done)
{
	const cc_state *s = st;
	*done = 0;
	if (s->phase != CC_PH_START)
		return 0;
	*done = s->active == 0 ? 0u : 1u;
	return s->active == 0 ? 3u : 2u;
}
static bool cc_capped(const void *st)
{
	const cc_state *s = st;
	return s->phase == CC_PH_OVER && s->ended == CC_END_CAP;
}

/* ---- determinization ---- */

/* Cards of player q whose place every player can see: on the grid, in the Persistent Area,
 * in the discard pile, in the opponent's Victory Pile, or set aside as the Immediate card
 * being used. */
static void public_cards(const cc_state *s, int q, uint8_t *used)
{
	memset(used, 0, CC_MAX_CARDS);
	for (uint64_t m = s->occ[q]; m; m &= m - 1)
		used[cell_card(s, lowest(m))]++;
	const cc_player *pl = &s->pl[q], *op = &s->pl[1 - q];
	for (int i = 0; i < pl->npersist; i++)
		used[pl->persist[i] - 1]++;
	for (int i = 0; i < pl->ndiscard; i++)
		used[pl->discard[i]]++;
	for (int i = 0; i < op->nvictory; i++)
		used[op->victory[i]]++;
	if (s->pend_card && s->active == q)
		used[s->pend_card - 1]++;
}

/* Rebuilds what `viewer` cannot see from public facts (the decklists are parameters) and
 * the viewer's own hand: the order of the viewer's deck, and the opponent's hand, unrevealed
 * starting choice and deck. When the opponent is being offered a reaction, the engine has
 * shown that they hold an aegis, so the guessed hand holds one too. */
static void cc_determinize(void *st, int viewer, qv_rng *rng)
{
	cc_state *s = st;
	if (viewer == QV_VIEW_ALL)
		return;
	const cc_tables *T = cc_T(s);
	for (int q = 0; q < 2; q++) {
		cc_player *pl = &s->pl[q];
		uint8_t used[CC_MAX_CARDS], pool[CC_DECK_MAX];
		int left[CC_MAX_CARDS];
		public_cards(s, q, used);
		bool mine = q == viewer;
		for (int c = 0; c < T->ncards; c++)
			left[c] = pl->owned[c] - used[c] -
			          (mine ? pl->hand[c] + (pl->start == c + 1) : 0);
		int n = qv__deck_pool(left, T->ncards, pool, CC_DECK_MAX);
		int fixed = 0;
		if (!mine && s->phase == CC_PH_REACT && cc_to_move(s) == q) {
			int naeg = 0;
			for (int i = 0; i < n; i++)
				naeg += T->kind[pool[i] + 1] == CC_AB_SAVE;
			if (naeg > 0) {
				int k = (int)qv_rng_below(rng, (uint32_t)naeg);
				for (int i = 0; i < n; i++)
					if (T->kind[pool[i] + 1] == CC_AB_SAVE && k-- == 0) {
						uint8_t t = pool[0];
						pool[0] = pool[i];
						pool[i] = t;
						break;
					}
				fixed = 1;
			}
		}
		qv_shuffle_bytes(pool + fixed, n - fixed, rng);
		int at = 0;
		if (!mine) {
			qv__deck_deal_hand(pool, n, &at, pl->hand, T->ncards, pl->nhand);
			if (pl->start && at < n)
				pl->start = (uint8_t)(pool[at++] + 1);
		}
		qv__deck_deal_deck(pool, n, &at, pl->deck, CC_DECK_MAX, pl->ndeck);
	}
	cc_hands_held(s);
}

/* ---- reveals (qv_game.reveals) ---- */

/* The cards of player q whose place `viewer` does not know, by card id: what determinize deals
 * (the hand and start choice of an opponent, any deck). */
static void unseen_cards(const cc_state *s, int q, int viewer, int *left)
{
	uint8_t used[CC_MAX_CARDS];
	public_cards(s, q, used);
	const cc_player *pl = &s->pl[q];
	for (int c = 0; c < cc_T(s)->ncards; c++)
		left[c] =
		    pl->owned[c] - used[c] - (q == viewer ? pl->hand[c] + (pl->start == c + 1) : 0);
}

/* Whether, after a at s, the opponent q of the viewer is offered a reaction. s may be a
 * state no game reaches (cc_reveals asks with an aegis more in q's hand than its decklist
 * holds), so the state's invariants are not asked after the action. */
static bool offered_after(const cc_state *s, qv_action a, int q)
{
	cc_state t = *s;
	apply_action(&t, a, NULL);
	return t.phase == CC_PH_REACT && cc_to_move(&t) == q;
}

/* A decision shows the viewer something when a card the viewer could not place becomes one it
 * can (a draw from the viewer's own deck, a card played, discarded or paid from the opponent's
 * hand, both start choices turned up), or when the capture step asks whether the opponent holds
 * an aegis: an offer shows that it does, and no offer where one more aegis would have brought
 * one shows that it does not (when the viewer cannot rule an aegis out). A card going from the
 * opponent's deck to the opponent's hand stays unseen. True also in the rare case where every
 * unseen card is alike, so that nothing is learnt. */
static bool cc_reveals(const void *st, qv_action a, int viewer)
{
	const cc_state *s = st;
	if (viewer < 0 || viewer > 1)
		return false;
	const cc_tables *T = cc_T(s);
	cc_state t = *s;
	cc_apply(&t, a, NULL);
	for (int q = 0; q < 2; q++) {
		int before[CC_MAX_CARDS], after[CC_MAX_CARDS];
		unseen_cards(s, q, viewer, before);
		unseen_cards(&t, q, viewer, after);
		for (int c = 0; c < T->ncards; c++)
			if (after[c] < before[c])
				return true;
	}
	int q = 1 - viewer;
	if (t.phase == CC_PH_REACT && cc_to_move(&t) == q)
		return true;
	int left[CC_MAX_CARDS], unseen = 0;
	unseen_cards(s, q, viewer, left);
	for (uint64_t m = T->of_kind[CC_AB_SAVE]; m; m &= m - 1)
		unseen += left[lowest(m)];
	if (unseen <= 0)
		return false; /* the viewer knows the opponent holds no aegis it cannot see */
	cc_state u = *s;
	int aegis = lowest(T->of_kind[CC_AB_SAVE]);
	u.pl[q].hand[aegis]++;
	u.pl[q].nhand++;
	u.held[q] |= 1ull << aegis;
	return offered_after(&u, a, q);
}

/* ---- heuristic ---- */

/* Points weigh most; then cards on the Board, cards that would be captured as the grid stands
 * (a threat the opponent may not be able to answer), cards in hand and Charge Counters.
 *
 * The search asks this at every node it values, so only the cards that change the sum are
 * visited: the dynamos (only they carry counters) and the cards that would be captured, in
 * square order, as a visit of every card would add and subtract. Adding 0.03 * 0 changes
 * nothing (w is never -0), so the value is the same to the last bit. */
static double cc_heuristic(const void *st, int player)
{
	const cc_state *s = st;
	if (s->phase == CC_PH_OVER) {
		int rk[2];
		double r[2];
		cc_ranks(s, rk);
		qv_utilities_from_ranks(rk, 2, r);
		return r[player];
	}
	double v = 0;
	uint64_t would = cc_would_capture(s);
	for (int p = 0; p < 2; p++) {
		const cc_player *pl = &s->pl[p];
		int board = cc_board_count(s, p);
		double w = 0.5 * pl->nvictory + 0.15 * board + 0.04 * pl->nhand;
		for (uint64_t m = (s->dynamos | would) & s->occ[p]; m; m &= m - 1) {
			int sq = lowest(m);
			if (s->grid[sq].counters)
				w += 0.03 * s->grid[sq].counters;
			if (would >> sq & 1)
				w -= 0.3;
		}
		for (int i = 0; i < pl->npersist; i++)
			w += 0.03 * pl->pcounters[i];
		if (pl->turns >= 2 && board == 0)
			w -= 1.0;
		v += p == player ? w : -w;
	}
	return v / (1.0 + (v < 0 ? -v : v));
}

/* ---- the descriptor ---- */

/* concardia: the levels' strength measured by bench/ladder.py (docs/ai/levels.md). */
static const qv_level_elo cc_ladder[] = {
    {"random", -518, -674, -362},
    {"beginner", 0, 0, 0},
    {"greedy", 442, 334, 550},
    {"easy", 594, 478, 709},
    {"medium", 791, 658, 924},
    {"hard", 761, 491, 1030},
    {NULL, 0, 0, 0},
};

const qv_game qv_concardia = {
    .name = "concardia",
    .title = "ConCardia (Arrow rules)",
    .summary =
        "A card game on a 6 x 6 grid: capture the opponent's cards with arrows of a superior\n"
        "Rock/Paper/Scissors trait. Each player secretly picks a starting card from a hand of 7\n"
        "(start <card>); the card that loses at R/P/S plays first (then lower Defense, lower\n"
        "Strength, then a coin). p1's card goes on c3, p2's on d4; a p2 card is turned 180 degrees.\n"
        "\n"
        "A turn: draw, dynamos charge, then one action: play <card> <sq> (next to any card),\n"
        "persist <card>, act <sq> slide|jump <to>, act <sq> shove <sq>, act <sq> boost,\n"
        "act persistent <card> boost, immediate <card> <sq>, or pass. Costs are paid one unit at a\n"
        "time: discard <card>, counter <sq>, counter persistent <card>. Then every card whose\n"
        "superior arrows sum to at least its Defense is captured, all at once (an aegis in hand\n"
        "may save one: react <card> <sq> or decline).\n"
        "\n"
        "The game ends at the end of a turn when someone has `target` points (captured cards), or\n"
        "after two passes in a row; from the end of their third turn, a player with no card on the\n"
        "Board loses. Winner: most points, then most cards on the Board. Score: points.",
    .min_players = 2,
    .max_players = 2,
    .params = cc_params,
    .nparams = CC_NPARAMS,
    .max_actions = CC_MAX_ACTIONS,
    .max_chance = CC_MAX_CHANCE,
    .state_size = sizeof(cc_state),
    .ladder = cc_ladder,
    .init = cc_init,
    .num_players = cc_num_players,
    .to_move = cc_to_move_fn,
    .legal = cc_legal,
    .chance = cc_chance,
    .check = cc_check,
    .apply = cc_apply,
    .score = cc_score,
    .ranks = cc_ranks,
    .action_to_text = cc_action_to_text,
    .action_from_text = cc_action_from_text,
    .render_text = cc_render_text,
    .determinize = cc_determinize,
    .state_json = cc_state_json,
    .view_json = cc_view_json,
    .view_text = cc_view_text,
    .load_json = cc_load_json,
    .secret = cc_secret,
    .sight = cc_sight,
    .together = cc_together,
    .sample = cc_sample,
    .count = cc_count,
    .heuristic = cc_heuristic,
    .capped = cc_capped,
    .reference = cc_reference,
    .action_note = cc_action_note,
    .reveals = cc_reveals,
    .components = &cc_components,
    .state_ok = cc_state_ok,
};
