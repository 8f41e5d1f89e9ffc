/*
 * lab.c - what the designer's lab (src/lab/lab.h) asks of ConCardia while it plays:
 * the card a decision plays, the grid its heat maps draw, and the squares an action put a
 * card on or moved one to. The lab asks the first for every legal action of every decision
 * of a study, so everything here decodes the action integer and reads the state, never text.
 * The ablation of a card, which works on the set's document, is with the other components in
 * tables.c.
 */
#include "concardia.h"
#include "quiver/variant.h"

/* Card ids are the cards' places in the document's list (concardia.h), so the component an
 * action plays is the card id it carries: the starting choice, a play to the grid or to the
 * Persistent Area, a Persistent card's boost, a saboteur's Immediate, a card discarded to pay
 * and an aegis's reaction. Moves and boosts of a card already on the grid, counters, passes,
 * declines and the coin play none. */
int cc_component_of(const void *st, qv_action a)
{
	(void)st;
	switch (CC_TYPE(a)) {
	case CC_ACT_START:
	case CC_ACT_PLAY:
	case CC_ACT_PERSIST:
	case CC_ACT_PBOOST:
	case CC_ACT_IMMEDIATE:
	case CC_ACT_DISCARD:
	case CC_ACT_REACT: return CC_A(CC_ARG(a));
	default: return -1;
	}
}

/* The 6 x 6 grid: square rank * 6 + file is the lab's x + y * w, files a-f, ranks from 1. */
void cc_lab_board(const void *st, qv_lab_board *out)
{
	(void)st;
	*out = (qv_lab_board){.w = 6, .h = 6, .files = "abcdef", .rank0 = 1};
}

/* The square a shove resolved by a (applied to s) pushes a card onto, with the card's owner,
 * or 0 when a resolves none. A shove takes effect when its cost is paid: at once when it
 * costs nothing, else with the last unit (a discard or a counter) of the payment. The card
 * moves one square straight away from the shover, onto an empty square only (the rule of
 * cc_pending_effect). */
static int shove_touch(const cc_state *s, qv_action a, qv_lab_touch *out)
{
	int type = CC_TYPE(a), arg = CC_ARG(a), from, pushed;
	if (type == CC_ACT_SHOVE && cc_T(s)->cost[s->grid[CC_A(arg)].card] == 0) {
		from = CC_A(arg);
		pushed = CC_B(arg);
	} else if (s->phase == CC_PH_PAY && s->pend_kind == CC_PEND_SHOVE && s->pend_left == 1 &&
	           (type == CC_ACT_DISCARD || type == CC_ACT_COUNTER || type == CC_ACT_PCOUNTER)) {
		from = s->pend_from;
		pushed = s->pend_to;
	} else {
		return 0;
	}
	if (!(cc_adj[from] >> pushed & 1) || !s->grid[pushed].card)
		return 0;
	int to = cc_nb[pushed][cc_dir(from, pushed)];
	if (to < 0 || s->grid[to].card)
		return 0;
	*out = (qv_lab_touch){.seat = s->grid[pushed].owner, .square = to};
	return 1;
}

/* A card played to the grid counts on its square for its player, and so do both starting
 * cards (on c3 and d4) when p2's choice reveals them; a slide or a jump on the square it
 * lands on, and a shove on the square the pushed card lands on, each for the moved card's
 * owner; a saboteur's Immediate on the square of the card it aims at, for the saboteur's
 * player. The state before a tells all of it; after is not needed. */
int cc_touched(const void *before, qv_action a, const void *after, qv_lab_touch *out, int max)
{
	const cc_state *s = before;
	(void)after;
	if (max < 1 || s->phase == CC_PH_COIN || s->phase == CC_PH_OVER)
		return 0;
	int arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg);
	switch (CC_TYPE(a)) {
	case CC_ACT_START:
		if (s->active == 0 || max < 2)
			return 0;
		out[0] = (qv_lab_touch){.seat = 0, .square = CC_START_SQ1};
		out[1] = (qv_lab_touch){.seat = 1, .square = CC_START_SQ2};
		return 2;
	case CC_ACT_PLAY:
	case CC_ACT_IMMEDIATE: out[0] = (qv_lab_touch){.seat = s->active, .square = y}; return 1;
	case CC_ACT_SLIDE:
	case CC_ACT_JUMP: out[0] = (qv_lab_touch){.seat = s->grid[x].owner, .square = y}; return 1;
	default: return shove_touch(s, a, out);
	}
}

/* A seat holds the copies of a card its decklist has (cards are the document's entries, by
 * their place): the deck it plays, whoever sits where. */
int cc_held(const void *st, int seat, int entry)
{
	const cc_state *s = st;
	return seat >= 0 && seat < 2 && entry >= 0 && entry < CC_MAX_CARDS
	           ? s->pl[seat].owned[entry]
	           : 0;
}

/* A seat's captures are the cards in its Victory Pile: the opponent's, which it captured. */
int cc_captured(const void *st, int seat)
{
	const cc_state *s = st;
	return seat >= 0 && seat < 2 ? s->pl[seat].nvictory : 0;
}
