/*
 * lab.c - what the designer's lab (src/lab/lab.h) asks of Evons while it plays: the
 * card a decision plays, the board its heat maps draw, and the cells an action put a card on
 * or moved one to. The lab asks the first for every legal action of every decision of a
 * study, so everything here decodes the action integer and reads the state, never text. The
 * ablation of a card, which works on the set's document, is with the other components in
 * tables.c.
 */
#include "evons.h"
#include "quiver/variant.h"

/* A hand play or a cover plays the card kind it carries, and an ability that names a card
 * plays that card: the block a Block arrow puts down, the monster Growth places, the one
 * Resurrection brings back. A mulligan returns up to five cards at once and plays none, nor
 * do reveals (the card was played when it was covered), the other abilities, burns,
 * conflicts, the chain's steps, the end of a turn and the coin. The lab's index is the card's
 * place in the document, which is not its kind when the document lists a block before a
 * monster (kinds put the monsters first). */
int ev_component_of(const void *st, qv_action a)
{
	const ev_tables *T = ev_T(st);
	int arg = EV_ARG(a);
	switch (EV_TYPE(a)) {
	case EV_ACT_PLAY:
	case EV_ACT_COVER: return T->doc[arg & 31];
	case EV_ACT_ABILITY: return (arg >> 3 & 3) == EV_ARG_CARD ? T->doc[(arg >> 5) & 31] : -1;
	default: return -1;
	}
}

/* The 7 x 7 board: cell row * 7 + column is the lab's x + y * w, columns x a b c d e y,
 * rows from 0 (the rules page's names). */
void ev_lab_board(const void *st, qv_lab_board *out)
{
	(void)st;
	*out = (qv_lab_board){.w = EV_SIDE, .h = EV_SIDE, .files = "xabcdey", .rank0 = 0};
}

/* The cells the ability a of the active card (on c, the top of the chain stack) puts a card
 * on or moves one to, each for the card's controller: a placed block, a Growth-placed or
 * resurrected monster on the target; a swap moves the target onto c and the active card onto
 * the target; a shockwave pushes the target one cell on (or off the board: nothing); a
 * magnetism pulls a card onto the target. */
static int ability_touched(const ev_state *s, int arg, qv_lab_touch *out, int max)
{
	const ev_entry *e = &s->stack[s->nstack - 1];
	int c = ev_find_cell_of(s, e->inst), d = arg & 7, argtype = arg >> 3 & 3, val = arg >> 5;
	int t = c >= 0 ? ev_step(c, d) : -1;
	if (t < 0)
		return 0;
	switch (ev_board_ability(s, c, d)) {
	case EV_AB_BLOCK:
		if (argtype != EV_ARG_CARD)
			return 0;
		/* fall through */
	case EV_AB_GROWTH:
	case EV_AB_RESURRECTION: out[0] = (qv_lab_touch){.seat = s->active, .square = t}; return 1;
	case EV_AB_SWAP:
		out[0] = (qv_lab_touch){.seat = s->cell[t].ctrl, .square = c};
		if (max < 2)
			return 1;
		out[1] = (qv_lab_touch){.seat = s->cell[c].ctrl, .square = t};
		return 2;
	case EV_AB_SHOCKWAVE: {
		int l = ev_step(t, d);
		if (l < 0)
			return 0;
		out[0] = (qv_lab_touch){.seat = s->cell[t].ctrl, .square = l};
		return 1;
	}
	case EV_AB_MAGNETISM:
		out[0] = (qv_lab_touch){.seat = s->cell[val].ctrl, .square = t};
		return 1;
	default: return 0;
	}
}

/* A card played or covered counts on its cell for its player; an ability on the cells it
 * puts a card on or moves one to (ability_touched). The state before a tells all of it;
 * after is not needed. */
int ev_touched(const void *before, qv_action a, const void *after, qv_lab_touch *out, int max)
{
	const ev_state *s = before;
	(void)after;
	if (max < 1 || s->phase == EV_PH_COIN || s->phase == EV_PH_OVER)
		return 0;
	int arg = EV_ARG(a);
	switch (EV_TYPE(a)) {
	case EV_ACT_PLAY:
	case EV_ACT_COVER: out[0] = (qv_lab_touch){.seat = s->active, .square = arg >> 5}; return 1;
	case EV_ACT_ABILITY: return s->nstack ? ability_touched(s, arg, out, max) : 0;
	default: return 0;
	}
}

/* A seat holds the copies of a card its deck list has: the kind whose place in the document
 * is the entry. */
int ev_held(const void *st, int seat, int entry)
{
	const ev_state *s = st;
	const ev_tables *T = ev_T(s);
	for (int k = 0; seat >= 0 && seat < 2 && k < T->nkinds; k++)
		if (T->doc[k] == entry)
			return s->pl[seat].owned[k];
	return 0;
}

/* Evons captures nothing: it destroys. A seat's captures are the opponent's cards destroyed
 * (in its graveyard) or removed from the game, whoever did it: the opponent's own losses. */
int ev_captured(const void *st, int seat)
{
	const ev_state *s = st;
	if (seat < 0 || seat > 1)
		return 0;
	const ev_player *o = &s->pl[1 - seat];
	return o->ngrave + o->nremoved;
}
