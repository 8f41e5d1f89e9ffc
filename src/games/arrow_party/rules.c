/*
 * rules.c - the rules of Arrow Party (docs/rules/arrow-party.md): the round's five phases (items
 * with their resolution order, throw, roll, direction, the simultaneous walk with pick-ups and
 * bumps), the redistribution, the end, scores and ranks, and the descriptor. The parameters
 * and set-up are in setup.c, determinization and what a decision reveals in determinize.c, the
 * cards, items and dice in tables.c, the legal actions in legal.c, the narration in narrate.c,
 * the estimate in heuristic.c.
 *
 * Legality has one source of truth: legal() lists the actions and chance() the outcomes, and
 * check accepts exactly the listed ones (legal.c), so the two cannot disagree. The engine runs
 * every automatic step (reveals, exchanges, dice, the walk's ticks) inside apply, stopping only
 * where a player must decide or chance must speak.
 *
 * Knowledge of hand cards (arrow_party.h) follows three rules: a card named in public (a used
 * item, the item a `swap` gives) is known to everyone, and leaving the hand it takes one known
 * copy from every observer's count; a card given at random (a bump, a `swap` take) is known to
 * the two players of the pair only, and the observers forget what they knew of the giver's
 * remaining items (any of them might have left); everything else is known to its owner only.
 * When the game ends every item in every hand becomes public: the score is counted in the open.
 *
 * Narration: apply, given a qv_events, calls narrate.c at each point where something happens;
 * without one (the search) it builds no text.
 */
#include <string.h>

#include "arrow_party.h"

/* ---- small helpers ---- */

static int item_total(const ap_player *pl)
{
	int n = 0;
	for (int i = 0; i < pl->nhand; i++)
		n += ap_is_item(pl->hand[i].card);
	return n;
}

static int arrow_total(const ap_player *pl)
{
	int n = 0;
	for (int i = 0; i < pl->nhand; i++)
		n += !ap_is_item(pl->hand[i].card);
	return n;
}

static int entry_cmp(ap_entry a, ap_entry b)
{
	if (a.card != b.card)
		return a.card < b.card ? -1 : 1;
	return a.know < b.know ? -1 : a.know > b.know;
}

void ap_sort_hand(ap_player *pl)
{
	for (int i = 1; i < pl->nhand; i++) {
		ap_entry e = pl->hand[i];
		int j = i;
		while (j > 0 && entry_cmp(pl->hand[j - 1], e) > 0) {
			pl->hand[j] = pl->hand[j - 1];
			j--;
		}
		pl->hand[j] = e;
	}
}

static void hand_remove_at(ap_player *pl, int i)
{
	memmove(&pl->hand[i], &pl->hand[i + 1], (size_t)(pl->nhand - i - 1) * sizeof pl->hand[0]);
	pl->nhand--;
	pl->hand[pl->nhand] = (ap_entry){0, 0};
}

/* Removes one `card` from p's hand in public view (a used item, the item a swap gives):
 * everyone's count of known copies of it in that hand drops by one, as each observer reasons
 * from what they knew. A public copy goes first; otherwise, for each observer whose known
 * copy stayed, one known copy is forgotten. */
static void public_remove(ap_state *s, int p, int card)
{
	ap_player *pl = &s->pl[p];
	int at = -1;
	for (int i = 0; i < pl->nhand && at < 0; i++)
		if (pl->hand[i].card == card && (pl->hand[i].know & AP_PUBLIC))
			at = i;
	if (at >= 0) {
		hand_remove_at(pl, at);
		return;
	}
	for (int i = 0; i < pl->nhand && at < 0; i++)
		if (pl->hand[i].card == card)
			at = i;
	if (at < 0)
		return;
	int gone = pl->hand[at].know;
	hand_remove_at(pl, at);
	for (int w = 0; w < s->nplayers; w++) {
		if (w == p || (gone >> w & 1))
			continue;
		for (int i = 0; i < pl->nhand; i++)
			if (pl->hand[i].card == card && (pl->hand[i].know >> w & 1)) {
				pl->hand[i].know &= (uint8_t) ~(1u << w);
				break;
			}
	}
	ap_sort_hand(pl);
}

/* Takes one `card` (an item) out of g's hand given at random to r: r learns the kind, so a
 * copy r knew goes first; everybody else forgets g's remaining items. */
static void random_leave(ap_state *s, int g, int r, int card)
{
	ap_player *pl = &s->pl[g];
	int at = -1;
	for (int i = 0; i < pl->nhand && at < 0; i++)
		if (pl->hand[i].card == card && (pl->hand[i].know >> r & 1))
			at = i;
	for (int i = 0; i < pl->nhand && at < 0; i++)
		if (pl->hand[i].card == card)
			at = i;
	if (at < 0)
		return;
	hand_remove_at(pl, at);
	uint8_t keep = (uint8_t)(1u << g | 1u << r);
	for (int i = 0; i < pl->nhand; i++)
		if (ap_is_item(pl->hand[i].card))
			pl->hand[i].know &= keep;
	ap_sort_hand(pl);
}

static bool noswap(const ap_state *s, int p)
{
	return s->phase != AP_PH_ITEMS && ap_used_effect(ap_T(s), &s->pl[p], AP_E_NOSWAP);
}

/* ---- the round's automatic steps ---- */

static void start_walk(ap_state *s, qv_events *ev);
static void run_walk(ap_state *s, qv_events *ev);
static void ap_ranks(const void *st, int *out);

/* The next player from `from` on who throws this round (not skipping), or nplayers. */
static int next_thrower(const ap_state *s, int from)
{
	while (from < s->nplayers && s->pl[from].skip)
		from++;
	return from;
}

static bool any_stack(const ap_state *s)
{
	for (int v = 0; v < AP_NVALUES; v++)
		if (s->nstack[v])
			return true;
	return false;
}

static void refill(ap_state *s, int v, qv_events *ev)
{
	int n = s->ndisc[v];
	if (ev && n)
		ap_say_refill(v, n, ev);
	uint8_t list[AP_STACK_MAX];
	memcpy(list, s->disc[v], (size_t)n);
	if (s->shuffle)
		qv_shuffle_bytes(list, n, &s->rng);
	for (int i = 0; i < n; i++)
		s->stack[v][i] = list[n - 1 - i];
	s->nstack[v] = (uint8_t)n;
	s->ndisc[v] = 0;
	memset(s->disc[v], 0, sizeof s->disc[v]);
}

/* Round rounds/2 + 1 starts with five new arrow cards each, dealt as at set-up. An empty
 * stack is refilled with its returned cards first, and again if it runs out during the
 * deal; a stack with no card at all deals nothing. */
static void redistribute(ap_state *s, qv_events *ev)
{
	uint8_t dealt[QV_MAX_PLAYERS][AP_NVALUES];
	int ndealt[QV_MAX_PLAYERS] = {0};
	for (int v = 0; v < AP_NVALUES; v++) {
		if (!s->nstack[v])
			refill(s, v, ev);
		for (int p = 0; p < s->nplayers; p++) {
			if (!s->nstack[v])
				refill(s, v, ev);
			if (!s->nstack[v])
				break;
			int c = ap_pop_stack(s, v);
			ap_hand_add(&s->pl[p], c, 1 << p);
			dealt[p][ndealt[p]++] = (uint8_t)c;
		}
	}
	if (ev)
		for (int p = 0; p < s->nplayers; p++)
			ap_say_dealt(ap_T(s), p, dealt[p], ndealt[p], ev);
}

static void begin_throw(ap_state *s, qv_events *ev)
{
	s->phase = AP_PH_THROW;
	for (int p = 0; p < s->nplayers; p++) {
		s->pl[p].skip = arrow_total(&s->pl[p]) == 0;
		if (s->pl[p].skip)
			ap_say_skip(p, ev);
	}
	s->active = (uint8_t)next_thrower(s, 0);
	if (s->active == s->nplayers)
		start_walk(s, ev);
}

static void draws_from(ap_state *s, int from, qv_events *ev)
{
	for (int p = from; p < s->nplayers; p++) {
		if (!ap_used_effect(ap_T(s), &s->pl[p], AP_E_DRAW))
			continue;
		if (any_stack(s)) {
			s->phase = AP_PH_DRAW;
			s->active = (uint8_t)p;
			return;
		}
		ap_say_no_draw(p, ev);
	}
	begin_throw(s, ev);
}

/* The swap of u gives the named item in public (when the swap takes nothing). */
static void swap_give(ap_state *s, int u)
{
	ap_player *pu = &s->pl[u];
	public_remove(s, u, AP_NARROWS + pu->swap_item);
	ap_hand_add(&s->pl[pu->swap_target], AP_NARROWS + pu->swap_item, AP_ALL_KNOW(s->nplayers));
}

/* Resolves the swaps from seat `from` on; stops at one that must take a card at random. */
static void swaps_from(ap_state *s, int from, qv_events *ev)
{
	const ap_tables *T = ap_T(s);
	for (int p = from; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		if (!ap_used_effect(T, pl, AP_E_SWAP))
			continue;
		int t = pl->swap_target;
		if (noswap(s, p) || noswap(s, t) ||
		    !ap_hand_count(pl, AP_NARROWS + pl->swap_item)) {
			if (ev)
				ap_say_swap_void(s, p, noswap(s, p), noswap(s, t), ev);
			continue;
		}
		if (item_total(&s->pl[t]) == 0) {
			swap_give(s, p);
			if (ev)
				ap_say_swap(s, p, -1, ev);
			continue;
		}
		s->phase = AP_PH_TAKE;
		s->active = (uint8_t)p;
		return;
	}
	for (int p = 0; p < s->nplayers; p++)
		if (ap_used_effect(T, &s->pl[p], AP_E_DICE)) {
			s->pl[p].die = s->pl[p].dice_to;
			if (ev)
				ap_say_die(s, p, ev);
		}
	draws_from(s, 0, ev);
}

/* Everyone is ready: the uses become public, used cards leave the hands, and the items
 * resolve in the page's order. */
static void reveal_items(ap_state *s, qv_events *ev)
{
	if (ev)
		ap_say_uses(s, ev);
	s->phase = AP_PH_TAKE; /* any phase past `items`: noswap counts from here */
	const ap_tables *T = ap_T(s);
	for (int p = 0; p < s->nplayers; p++)
		for (int k = 0; k < T->nkinds; k++)
			if (ap_used(&s->pl[p], k)) {
				public_remove(s, p, AP_NARROWS + k);
				s->idisc[k]++;
			}
	for (int p = 0; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		if (ap_used_effect(T, pl, AP_E_EXCHANGE)) {
			uint16_t t = s->pl[pl->exch_target].pos;
			s->pl[pl->exch_target].pos = pl->pos;
			pl->pos = t;
			if (ev)
				ap_say_exchange(s, p, ev);
		}
	}
	swaps_from(s, 0, ev);
}

static void start_walk(ap_state *s, qv_events *ev)
{
	const ap_tables *T = ap_T(s);
	s->phase = AP_PH_WALK;
	s->active = 0;
	s->tick = 0;
	s->bumped = s->pending = 0;
	for (int p = 0; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		pl->steps = pl->skip ? 0 : (uint8_t)ap_steps(T, pl->roll, pl->uses);
		if (ev && !pl->skip && !pl->steps)
			ap_walk_still(s, p, ev);
	}
	run_walk(s, ev);
}

void ap_show_items(ap_state *s)
{
	for (int p = 0; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		for (int i = 0; i < pl->nhand; i++)
			if (ap_is_item(pl->hand[i].card))
				pl->hand[i].know = AP_ALL_KNOW(s->nplayers);
		ap_sort_hand(pl);
	}
}

/* The end of a round: thrown cards return, the round's choices are cleared, and the next
 * round starts (with the redistribution at round rounds/2 + 1), or the game ends. */
static void finish_round(ap_state *s, qv_events *ev)
{
	bool thrown = false;
	for (int p = 0; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		if (pl->throw_card) {
			thrown = true;
			int v = ap_value(ap_T(s), pl->throw_card - 1) - 1;
			s->disc[v][s->ndisc[v]++] = (uint8_t)(pl->throw_card - 1);
		}
		pl->uses = 0;
		pl->dice_to = pl->swap_target = pl->swap_item = pl->exch_target = 0;
		pl->throw_card = pl->land = pl->roll = pl->go = pl->steps = pl->skip = 0;
	}
	s->bumped = s->pending = 0;
	s->tick = 0;
	s->active = 0;
	if (ev)
		ap_say_round_end(s, thrown, ev);
	if (s->round >= s->rounds) {
		s->phase = AP_PH_OVER;
		ap_show_items(s);
		if (ev) {
			int r[QV_MAX_PLAYERS];
			ap_ranks(s, r);
			ap_say_end(s, r, ev);
		}
		return;
	}
	s->round++;
	if (ev)
		ap_say_round(s, ev);
	if (s->round == s->rounds / 2 + 1)
		redistribute(s, ev);
	s->phase = AP_PH_ITEMS;
}

/* Picks up what p may take on its cell: stars and skulls always, items unless `nopickup`.
 * Returns what happened: AP_PICK_* | item kind << 4. */
static inline __attribute__((always_inline)) int pick_up(ap_state *s, int p)
{
	ap_player *pl = &s->pl[p];
	uint8_t *g = &s->ground[pl->pos];
	if (*g == AP_G_STAR) {
		pl->stars++;
		*g = 0;
		return AP_PICK_STAR;
	}
	if (*g == AP_G_SKULL) {
		pl->skulls++;
		*g = 0;
		return AP_PICK_SKULL;
	}
	if (!*g)
		return AP_PICK_NONE;
	int kind = (*g & ~AP_G_KNOWN) - AP_G_ITEM;
	bool known = *g & AP_G_KNOWN;
	if (ap_used_effect(ap_T(s), pl, AP_E_NOPICKUP))
		return AP_PICK_LEFT | (known ? kind << 4 : 0);
	ap_hand_add(pl, AP_NARROWS + kind, known ? AP_ALL_KNOW(s->nplayers) : 1 << p);
	*g = 0;
	return (known ? AP_PICK_KNOWN : AP_PICK_HIDDEN) | kind << 4;
}

/* One tick: everyone with steps left takes one (or stops on the edge), then the players who
 * entered a cell pick up in seat order, then the new bumps are found. ws (NULL when not
 * narrating) collects the steps, and is said before each bump. Always inlined, so that the
 * search's copy (ws NULL) has no trace of the narration. */
static inline __attribute__((always_inline)) void tick(ap_state *s, ap_walk_say *ws)
{
	int n = s->nplayers, sz = s->size;
	uint16_t before[QV_MAX_PLAYERS];
	uint8_t left[QV_MAX_PLAYERS];
	bool moved[QV_MAX_PLAYERS] = {false};
	s->tick++;
	for (int p = 0; p < n; p++) {
		ap_player *pl = &s->pl[p];
		before[p] = pl->pos;
		left[p] = pl->steps;
		if (!pl->steps)
			continue;
		int d = pl->go - 1;
		int x = pl->pos % sz + qv_dir_dx[d], y = pl->pos / sz + qv_dir_dy[d];
		if (x < 0 || y < 0 || x >= sz || y >= sz) {
			pl->steps = 0;
			if (ws)
				ap_walk_edge(ws, s, p, left[p]);
			continue;
		}
		pl->pos = (uint16_t)(y * sz + x);
		pl->steps--;
		moved[p] = true;
	}
	for (int p = 0; p < n; p++)
		if (moved[p]) {
			int what = pick_up(s, p);
			if (ws)
				ap_walk_step(ws, s, p, left[p], what);
		}
	for (int i = 0; i < AP_NPAIRS; i++) {
		int a = ap_pair_a[i], b = ap_pair_b[i];
		if (b >= n || (s->bumped >> i & 1) || !(moved[a] || moved[b]))
			continue;
		bool share = s->pl[a].pos == s->pl[b].pos;
		bool cross = s->pl[a].pos == before[b] && s->pl[b].pos == before[a];
		if (!share && !cross)
			continue;
		s->bumped |= (uint16_t)(1u << i);
		if (!noswap(s, a) && !noswap(s, b))
			s->pending |= (uint16_t)(1u << i);
		if (ws) {
			ap_walk_flush(ws);
			ap_say_bump(s, a, b, !share, before, ws->ev);
		}
	}
}

/* Ticks until a bump waits for its give or everyone has stopped. Inlined into both of
 * run_walk's paths: the one with ws NULL (the search's) keeps no test of ws. */
static inline __attribute__((always_inline)) void walk_ticks(ap_state *s, ap_walk_say *ws)
{
	for (;;) {
		bool walking = false;
		for (int p = 0; p < s->nplayers; p++)
			walking |= s->pl[p].steps > 0;
		if (!walking || s->pending)
			return;
		tick(s, ws);
	}
}

/* Walks until a bump waits for its give or everyone has stopped (then the round ends). */
static void run_walk(ap_state *s, qv_events *ev)
{
	if (!ev) {
		walk_ticks(s, NULL);
	} else {
		ap_walk_say ws;
		ap_walk_say_init(&ws, ev);
		walk_ticks(s, &ws);
		ap_walk_flush(&ws);
		ap_walk_found(&ws, ap_T(s), s->nplayers);
		ap_walk_say_free(&ws);
	}
	if (!s->pending)
		finish_round(s, ev);
}

/* ---- apply ---- */

/* The bump of the first pending pair: each gives the named item, simultaneously. */
static void apply_give(ap_state *s, int arg, qv_events *ev)
{
	int i = __builtin_ctz(s->pending), a = ap_pair_a[i], b = ap_pair_b[i];
	int ga = (arg & 15) - 1, gb = (arg >> 4 & 15) - 1;
	if (ev)
		ap_say_give(ap_T(s), a, b, ga, gb, ev);
	if (ga >= 0)
		random_leave(s, a, b, AP_NARROWS + ga);
	if (gb >= 0)
		random_leave(s, b, a, AP_NARROWS + gb);
	uint8_t pair = (uint8_t)(1u << a | 1u << b);
	if (ga >= 0)
		ap_hand_add(&s->pl[b], AP_NARROWS + ga, pair);
	if (gb >= 0)
		ap_hand_add(&s->pl[a], AP_NARROWS + gb, pair);
	s->pending &= (uint16_t)(s->pending - 1);
	run_walk(s, ev);
}

/* Marks a committed use: its kind, and the die, target or item it names. */
void ap_record_use(const ap_tables *T, ap_player *pl, int arg)
{
	int k = arg & 15, e = T->effect[k];
	pl->uses |= (uint16_t)(1u << k);
	if (e == AP_E_DICE)
		pl->dice_to = (uint8_t)(arg >> 4 & 15);
	else if (e == AP_E_SWAP) {
		pl->swap_target = (uint8_t)(arg >> 4 & 15);
		pl->swap_item = (uint8_t)(arg >> 8 & 15);
	} else if (e == AP_E_EXCHANGE)
		pl->exch_target = (uint8_t)(arg >> 4 & 15);
}

/* p's swap takes `arg` (an item kind) at random from its target and gives the named item. */
static void apply_take(ap_state *s, int p, int arg, qv_events *ev)
{
	ap_player *pl = &s->pl[p];
	int t = pl->swap_target;
	public_remove(s, p, AP_NARROWS + pl->swap_item);
	random_leave(s, t, p, AP_NARROWS + arg);
	ap_hand_add(pl, AP_NARROWS + arg, 1 << p | 1 << t);
	ap_hand_add(&s->pl[t], AP_NARROWS + pl->swap_item, AP_ALL_KNOW(s->nplayers));
	if (ev)
		ap_say_swap(s, p, arg, ev);
	swaps_from(s, p + 1, ev);
}

/* p's draw takes the top card of stack `arg` (1 to AP_NVALUES). */
static void apply_draw(ap_state *s, int p, int arg, qv_events *ev)
{
	ap_player *pl = &s->pl[p];
	int v = arg - 1, card = ap_pop_stack(s, v);
	const ap_tables *T = ap_T(s);
	ap_hand_add(pl, card, 1 << p);
	if (ev)
		ap_say_draw(T, p, card, ev);
	/* A draw of several cards draws again while a stack has one. */
	if (++pl->drawn < T->param[ap_used_kind(T, pl, AP_E_DRAW)] && any_stack(s))
		return;
	pl->drawn = 0;
	draws_from(s, p + 1, ev);
}

/* p throws arrow card `arg` in secret; after the last thrower every thrown card leaves its
 * hand and the landings begin. */
static void apply_throw(ap_state *s, int p, int arg, qv_events *ev)
{
	s->pl[p].throw_card = (uint8_t)(arg + 1);
	s->active = (uint8_t)next_thrower(s, p + 1);
	if (s->active != s->nplayers)
		return;
	for (int q = 0; q < s->nplayers; q++) {
		ap_player *x = &s->pl[q];
		for (int i = 0; x->throw_card && i < x->nhand; i++)
			if (x->hand[i].card == x->throw_card - 1) {
				hand_remove_at(x, i);
				break;
			}
	}
	s->phase = AP_PH_LAND;
	s->active = (uint8_t)next_thrower(s, 0);
	if (ev)
		ap_say_throws(s, ev);
}

void ap_apply(void *st, qv_action a, qv_events *ev)
{
	ap_state *s = st;
	int arg = AP_ARG(a), p = s->active;
	ap_player *pl = &s->pl[p < s->nplayers ? p : 0];
	switch (AP_TYPE(a)) {
	case AP_ACT_USE: ap_record_use(ap_T(s), pl, arg); break;
	case AP_ACT_READY:
		if (++s->active == s->nplayers)
			reveal_items(s, ev);
		break;
	case AP_ACT_TAKE: apply_take(s, p, arg, ev); break;
	case AP_ACT_STACK: apply_draw(s, p, arg, ev); break;
	case AP_ACT_THROW: apply_throw(s, p, arg, ev); break;
	case AP_ACT_LAND:
		pl->land = (uint8_t)(arg + 1);
		if (ev)
			ap_say_land(s, p, ev);
		s->active = (uint8_t)next_thrower(s, p + 1);
		if (s->active == s->nplayers) {
			s->phase = AP_PH_ROLL;
			s->active = (uint8_t)next_thrower(s, 0);
		}
		break;
	case AP_ACT_ROLL:
		pl->roll = (uint8_t)arg;
		if (ev)
			ap_say_roll(s, p, ev);
		s->active = (uint8_t)next_thrower(s, p + 1);
		if (s->active == s->nplayers) {
			s->phase = AP_PH_GO;
			s->active = (uint8_t)next_thrower(s, 0);
		}
		break;
	case AP_ACT_GO:
		pl->go = (uint8_t)(arg + 1);
		s->active = (uint8_t)next_thrower(s, p + 1);
		if (s->active == s->nplayers) {
			start_walk(s, ev);
		}
		break;
	case AP_ACT_GIVE: apply_give(s, arg, ev); break;
	default: break;
	}
	QV_ASSERT_STATE(&qv_arrow_party, s);
}

/* ---- scores, ranks, utilities ---- */

static void ap_score(const void *st, int *out)
{
	const ap_state *s = st;
	for (int p = 0; p < s->nplayers; p++)
		out[p] = ap_score_of(s, p);
}

static int rank_cmp(const void *ctx, int a, int b)
{
	const ap_state *s = ctx;
	int x = ap_score_of(s, a), y = ap_score_of(s, b);
	return x > y ? 1 : x < y ? -1 : 0;
}

static void ap_ranks(const void *st, int *out)
{
	const ap_state *s = st;
	qv_ranks_from_order(s->nplayers, rank_cmp, st, out);
}

static int ap_num_players(const void *st) { return ((const ap_state *)st)->nplayers; }

static int ap_to_move_fn(const void *st) { return ap_to_move(st); }

static bool ap_secret(const void *st) { return ap_secret_phase(((const ap_state *)st)->phase); }

/* The players of a secret phase who have not committed: the active one and those after it
 * (in the throw and the direction, those who take part in the round). A player's uses,
 * throw or direction read only its own hand and landed card, and all are resolved once the
 * last has committed, so they may come in any order. */
static unsigned ap_together(const void *st, unsigned *done)
{
	const ap_state *s = st;
	unsigned mask = 0;
	*done = 0;
	if (!ap_secret_phase(s->phase))
		return 0;
	for (int p = 0; p < s->nplayers; p++)
		if (s->phase == AP_PH_ITEMS || !s->pl[p].skip) {
			if (p < s->active)
				*done |= 1u << p;
			else
				mask |= 1u << p;
		}
	return mask;
}

/* ---- the descriptor ---- */

/* arrow-party: the levels' strength measured by bench/ladder.py (docs/ai/levels.md). */
static const qv_level_elo ap_ladder[] = {
    {"random", -93, -155, -31},
    {"beginner", 0, 0, 0},
    {"greedy", 179, 117, 241},
    {"easy", 175, 104, 246},
    {"medium", 245, 166, 324},
    {"hard", 295, 128, 461},
    {NULL, 0, 0, 0},
};

const qv_game qv_arrow_party = {
    .name = "arrow-party",
    .title = "Arrow Party",
    .summary =
        "A party game on a size x size grid of cells (a1 south-west) for 3-5 players; the engine\n"
        "is the game master. Each player holds arrow cards (1a..5f, value = number of arrows) and\n"
        "item cards; stars (+10), skulls (-15) and face-down items lie on the ground.\n"
        "\n"
        "A round: (1) items, secret: use <item> [args] any number of times, then ready\n"
        "(use dice d8, use swap p3 x2, use exchange p2); they resolve in seat order: exchanges,\n"
        "swaps, dice, draws. (2) throw <card>, secret; each card lands turned k x 45 degrees\n"
        "(chance: land <k>). (3) roll <n> with your die. (4) go <dir>, secret: an arrow of the\n"
        "landed card. (5) everyone walks at once, one step a tick, picking up the cards entered;\n"
        "players who meet bump and swap a random item (chance: give <item|none> <item|none>).\n"
        "Round rounds/2 + 1 starts with five new arrow cards each.\n"
        "\n"
        "Score at the end: arrow values + item points + 10 x stars - 15 x skulls + die points\n"
        "(d4 +1, d6 0, d8 -1, d10 -2, d12 -3, d20 -4). Highest score wins.",
    .min_players = 3,
    .max_players = 5,
    .params = ap_params,
    .nparams = AP_NPARAMS,
    .max_actions = AP_MAX_ACTIONS,
    .max_chance = AP_MAX_CHANCE,
    .state_size = sizeof(ap_state),
    /* The heuristic ranks expected final scores itself; the lead term is all but off. */
    .score_unit = 1000,
    /* More iterations stop paying past a hundred here (docs/ai.md); the levels differ by
     * deliberate mistakes. */
    .levels = {"iterations=100,blunder=0.25", "iterations=1000,blunder=0.1", "iterations=2000"},
    .beginner = "mistakes=1,wild=0.3",
    .ladder = ap_ladder,
    .init = ap_init,
    .num_players = ap_num_players,
    .to_move = ap_to_move_fn,
    .legal = ap_legal,
    .chance = ap_chance,
    .check = ap_check,
    .apply = ap_apply,
    .score = ap_score,
    .ranks = ap_ranks,
    .action_to_text = ap_action_to_text,
    .action_from_text = ap_action_from_text,
    .render_text = ap_render_text,
    .determinize = ap_determinize,
    .state_json = ap_state_json,
    .view_json = ap_view_json,
    .view_text = ap_view_text,
    .load_json = ap_load_json,
    .secret = ap_secret,
    .sight = ap_sight,
    .together = ap_together,
    .sample = NULL,
    .heuristic = ap_heuristic,
    .heuristics = ap_heuristics,
    .capped = NULL,
    .reference = ap_reference,
    .action_note = ap_action_note,
    .reveals = ap_reveals,
    .components = &ap_components,
    .state_ok = ap_state_ok,
};
