/*
 * note.c - what a ConCardia action would do, told to the player choosing it (the descriptor's
 * action_note): its cost and effect (a shove, a boost, a saboteur's removal), the cards the
 * Capture step after it would capture with the numbers behind them ("captures lancer-p on e5
 * (2 against 2)"), the player's own cards it would lose, and whether it ends the game or
 * could make the player lose by the third-turn rule, which asks for a confirmation.
 *
 * A note says only what the mover can know: it is worked out from the grid, the piles, the
 * counts and the mover's own hand, never from the opponent's hand or a deck. The one thing
 * the mover cannot know is whether the opponent holds an aegis (which may save a card from a
 * capture); when the decklists and the public piles leave that possible, the note says so and
 * calls no end of the game certain that an aegis could prevent.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"

/* The text being built: parts joined by "; ", truncated to the caller's buffer. */
typedef struct note {
	char *buf;
	size_t len, used;
	bool open; /* a part has been written */
} note;

static void add(note *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(note *n, const char *fmt, ...)
{
	if (n->used + 1 >= n->len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = qv_vfmt(n->buf + n->used, n->len - n->used, fmt, ap);
	va_end(ap);
	if (k > 0)
		n->used += (size_t)k < n->len - n->used ? (size_t)k : n->len - n->used - 1;
}

static void part(note *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void part(note *n, const char *fmt, ...)
{
	char t[160];
	va_list ap;
	va_start(ap, fmt);
	qv_vfmt(t, sizeof t, fmt, ap);
	va_end(ap);
	add(n, "%s%s", n->open ? "; " : "", t);
	n->open = true;
}

static const char *card_str(const cc_state *s, int card, char *buf)
{
	cc_card_name(cc_T(s), card, buf);
	return buf;
}

static const char *sq_str(int sq, char *buf)
{
	qv_sq_name(sq % 6, sq / 6, buf);
	return buf;
}

/* Whether player q may hold an aegis as far as the opponent can tell: q has cards in hand and
 * q's decklist has an aegis whose place is not public. */
static bool may_hold_aegis(const cc_state *s, int q)
{
	const cc_player *pl = &s->pl[q], *op = &s->pl[1 - q];
	if (pl->nhand == 0)
		return false;
	for (uint64_t m = cc_T(s)->of_kind[CC_AB_SAVE]; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		int seen = 0;
		for (int sq = 0; sq < CC_NSQ; sq++)
			seen += s->grid[sq].card == c + 1 && s->grid[sq].owner == q;
		for (int i = 0; i < pl->ndiscard; i++)
			seen += pl->discard[i] == c;
		for (int i = 0; i < op->nvictory; i++)
			seen += op->victory[i] == c;
		if (pl->owned[c] > seen)
			return true;
	}
	return false;
}

static bool holds_aegis(const cc_state *s, int q)
{
	const cc_player *pl = &s->pl[q];
	for (uint64_t m = cc_T(s)->of_kind[CC_AB_SAVE]; m; m &= m - 1)
		if (pl->hand[__builtin_ctzll(m)])
			return true;
	return false;
}

static int popcount(uint64_t m) { return __builtin_popcountll(m); }

/* The article before a card's name: "an aegis", "a shield". */
static const char *a_or_an(const char *name) { return strchr("aeiou", name[0]) ? "an" : "a"; }

/* The cards of `set` owned by q, as "lancer-p on e5 (2 against 2), ..." after `lead`. */
static void list_cards(note *n, const cc_state *s, uint64_t set, const char *lead)
{
	char c[CC_ID_MAX + 1], b[4];
	bool first = true;
	for (int sq = 0; sq < CC_NSQ; sq++) {
		if (!(set >> sq & 1))
			continue;
		int sum;
		cc_attackers(s, sq, NULL, &sum);
		if (first)
			part(n, "%s", lead);
		add(n, "%s%s on %s (%d against %d)", first ? " " : ", ",
		    card_str(s, s->grid[sq].card - 1, c), sq_str(sq, b), sum, cc_defense(s, sq));
		first = false;
	}
}

/* "ends the game (why): you win 3-1", ranked as cc_ranks does: a loss by the third-turn rule,
 * then points, then cards on the Board. */
static void end_part(note *n, int m, const bool *lost, const int *pts, const int *board,
                     const char *why, bool *confirm)
{
	int o = 1 - m, res; /* 1: the mover wins, 0: a draw, -1: the mover loses */
	if (lost[m] != lost[o])
		res = lost[m] ? -1 : 1;
	else if (lost[m])
		res = 0;
	else if (pts[m] != pts[o])
		res = pts[m] > pts[o] ? 1 : -1;
	else if (board[m] != board[o])
		res = board[m] > board[o] ? 1 : -1;
	else
		res = 0;
	part(n, "ends the game (%s): %s %d-%d", why,
	     res > 0   ? "you win"
	     : res < 0 ? "you lose"
	               : "a draw",
	     pts[m], pts[o]);
	*confirm = true;
}

/* The third-turn rule for lost[] (given the completed turns and the cards on the Board):
 * writes why into why (empty when nobody loses). */
static void loss_why(const bool *lost, int m, char *why, size_t len)
{
	if (lost[0] && lost[1])
		qv_fmt(why, len, "neither player has a card on the Board");
	else if (lost[m])
		qv_fmt(why, len, "you have no card left on the Board");
	else if (lost[1 - m])
		qv_fmt(why, len, "p%d has no card left on the Board", 2 - m);
}

/* Why the game ends at the clean-up after every capture (empty when it goes on): in this order
 * the third-turn rule, the target, two passes, the turn cap. */
static void end_why(const cc_state *t, int m, const bool lost[2], const int pts[2], bool pass,
                    char *why, size_t len)
{
	int o = 1 - m;
	loss_why(lost, m, why, len);
	if (!*why && (pts[m] >= t->target || pts[o] >= t->target)) {
		if (pts[m] >= t->target && pts[o] >= t->target)
			qv_fmt(why, len, "both players reach the target");
		else if (pts[m] >= t->target)
			qv_fmt(why, len, "you reach the target");
		else
			qv_fmt(why, len, "p%d reaches the target", o + 1);
	}
	if (!*why && pass && t->passes >= 1)
		qv_fmt(why, len, "both players pass");
	if (!*why && t->turn_no + 1 >= t->max_turns)
		qv_fmt(why, len, "the turn cap");
}

/* The Capture step that follows, on the grid of t (the action's effect applied), for mover
 * m (the active player): the captures, then the end of the game as far as it is certain.
 * `pass` when the action is a pass; `removal` when it removed a card (the third-turn rule is
 * then checked before the Capture step). */
static void outcome(note *n, const cc_state *t, int m, bool pass, bool removal, bool *confirm)
{
	int o = 1 - m;
	int board[2] = {cc_board_count(t, 0), cc_board_count(t, 1)};
	int pts[2] = {t->pl[0].nvictory, t->pl[1].nvictory};
	int turns[2] = {t->pl[0].turns, t->pl[1].turns};
	char why[48] = "";
	if (removal) {
		bool lost[2] = {turns[0] >= 3 && board[0] == 0, turns[1] >= 3 && board[1] == 0};
		loss_why(lost, m, why, sizeof why);
		if (*why) {
			end_part(n, m, lost, pts, board, why, confirm);
			return;
		}
	}
	uint64_t would = cc_would_capture(t), mine = 0, theirs = 0;
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (would >> sq & 1) {
			if (t->grid[sq].owner == m)
				mine |= 1ull << sq;
			else
				theirs |= 1ull << sq;
		}
	bool they_save = theirs && may_hold_aegis(t, o), i_save = mine && holds_aegis(t, m);
	list_cards(n, t, theirs, "captures");
	const char *saver = cc_kind_card(cc_T(t), CC_AB_SAVE); /* "aegis" */
	if (they_save)
		add(n, " unless p%d holds %s %s", o + 1, a_or_an(saver), saver);
	char lead[24];
	qv_fmt(lead, sizeof lead, "p%d captures", o + 1);
	list_cards(n, t, mine, lead);
	if (i_save)
		add(n, " unless you react with %s %s", a_or_an(saver), saver);

	/* The clean-up with every capture made: the third-turn rule, the target, two passes, the
	 * cap. When an aegis may save a card, only the mover's own loss can be told (the mover
	 * may decline every save), and a pass that ends the game in any case. */
	pts[m] += popcount(theirs);
	pts[o] += popcount(mine);
	board[m] -= popcount(mine);
	board[o] -= popcount(theirs);
	turns[m]++;
	bool lost[2] = {turns[0] >= 3 && board[0] == 0, turns[1] >= 3 && board[1] == 0};
	if (they_save || i_save) {
		if (lost[m]) {
			part(n, "you could lose: no card left on the Board (third-turn rule)");
			*confirm = true;
		} else if (pass && t->passes >= 1) {
			part(n, "ends the game: both players pass");
			*confirm = true;
		}
		return;
	}
	end_why(t, m, lost, pts, pass, why, sizeof why);
	if (*why)
		end_part(n, m, lost, pts, board, why, confirm);
}

/* A copy of s with the grid effect of the action being paid for applied (the shove, the
 * boost, the removal), as the last unit of its cost would bring it. */
static void with_pending_effect(const cc_state *s, cc_state *t, int paid)
{
	*t = *s;
	t->pend_paid = (uint8_t)paid;
	cc_pending_effect(t, NULL);
}

/* The effect part of a paid action with its cost, for the mover. */
static void pending_part(note *n, const cc_state *before, const cc_state *after)
{
	char c[CC_ID_MAX + 1], c2[CC_ID_MAX + 1], b1[4], b2[4];
	switch (before->pend_kind) {
	case CC_PEND_SHOVE: {
		int from = before->pend_to;
		int to = -1;
		for (int sq = 0; sq < CC_NSQ; sq++)
			if (after->grid[sq].card && !before->grid[sq].card)
				to = sq;
		if (to >= 0)
			part(n, "pushes %s from %s to %s",
			     card_str(before, before->grid[from].card - 1, c), sq_str(from, b1),
			     sq_str(to, b2));
		break;
	}
	case CC_PEND_BOOST:
		part(n, "%s on %s gets Strength %d this turn",
		     card_str(before, before->grid[before->pend_from].card - 1, c),
		     sq_str(before->pend_from, b1), cc_strength(after, before->pend_from));
		break;
	case CC_PEND_PBOOST: part(n, "changes nothing: the card is not on the grid"); break;
	case CC_PEND_SABOTAGE: {
		int sq = before->pend_to;
		if (before->grid[sq].card && !after->grid[sq].card)
			part(n, "%s removes %s from %s", card_str(before, before->pend_card - 1, c),
			     card_str(before, before->grid[sq].card - 1, c2), sq_str(sq, b1));
		break;
	}
	default: break;
	}
}

/* start: where the card goes and who it plays first against. */
static void note_start(note *n, const cc_state *s, int m, int card)
{
	static const char *const traits[3] = {"Rock", "Paper", "Scissors"};
	int tr = cc_T(s)->cards[card].trait;
	part(n, "goes on %s; you play first against %s, second against %s", m == 0 ? "c3" : "d4",
	     traits[(tr + 1) % 3], traits[(tr + 2) % 3]);
}

/* play, persist, slide and jump: the Capture step on the grid they leave. */
static void note_placement(note *n, const cc_state *s, int m, int type, int x, int y, bool *confirm)
{
	cc_state t = *s;
	cc_player *pl = &t.pl[m];
	if (type == CC_ACT_PLAY || type == CC_ACT_PERSIST)
		cc_hand_take(&t, m, x);
	if (type == CC_ACT_PLAY) {
		cc_put(&t, y, (cc_cell){(uint8_t)(x + 1), (uint8_t)m, 0, 0});
	} else if (type == CC_ACT_PERSIST) {
		pl->persist[pl->npersist] = (uint8_t)(x + 1);
		pl->pcounters[pl->npersist++] = 0;
	} else {
		cc_move(&t, x, y);
	}
	outcome(n, &t, m, false, false, confirm);
}

/* shove, boost, persistent boost and immediate: the cost, then the state as it would be once
 * the cost is paid (the cost itself comes from the player's hand or counters, which the note
 * does not guess). */
static void note_costly(note *n, const cc_state *s, int m, int type, int x, int y, bool *confirm)
{
	cc_state p = *s, t;
	int cost = 2;
	if (type == CC_ACT_SHOVE) {
		p.pend_kind = CC_PEND_SHOVE, p.pend_from = (uint8_t)x, p.pend_to = (uint8_t)y;
		cost = 1;
	} else if (type == CC_ACT_BOOST) {
		p.pend_kind = CC_PEND_BOOST, p.pend_from = (uint8_t)x;
	} else if (type == CC_ACT_PBOOST) {
		p.pend_kind = CC_PEND_PBOOST, p.pend_from = (uint8_t)x;
	} else {
		p.pend_kind = CC_PEND_SABOTAGE, p.pend_to = (uint8_t)y;
		p.pend_card = (uint8_t)(x + 1);
		cost = cc_sabotage_cost(s, y);
		cc_hand_take(&p, m, x);
	}
	if (type == CC_ACT_IMMEDIATE)
		part(n, "cost X = %d", cost);
	else
		part(n, "cost %d", cost);
	with_pending_effect(&p, &t, cost);
	pending_part(n, &p, &t);
	outcome(n, &t, m, false, type == CC_ACT_IMMEDIATE, confirm);
}

/* discard, counter, persistent counter: what is left to pay, or, with the last unit, the
 * effect and the Capture step. */
static void note_payment(note *n, const cc_state *s, int m, int type, int x, bool *confirm)
{
	cc_state p = *s, t;
	if (type == CC_ACT_DISCARD)
		cc_hand_take(&p, m, x);
	if (s->pend_left > 1) {
		part(n, "%d more to pay after this", s->pend_left - 1);
		return;
	}
	with_pending_effect(&p, &t, s->pend_paid + 1);
	pending_part(n, &p, &t);
	outcome(n, &t, m, false, s->pend_kind == CC_PEND_SABOTAGE, confirm);
}

int cc_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm)
{
	const cc_state *s = st;
	bool dummy;
	if (!confirm)
		confirm = &dummy;
	*confirm = false;
	if (!buf || len == 0)
		return 0;
	buf[0] = '\0';
	note n = {buf, len, 0, false};
	int type = CC_TYPE(a), arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg);
	int m = cc_to_move(s);
	if (m < 0)
		return 0;
	char c[CC_ID_MAX + 1], b[4];
	int sq = s->react_next % CC_NSQ;
	switch (type) {
	case CC_ACT_START: note_start(&n, s, m, x); break;
	case CC_ACT_PLAY:
	case CC_ACT_PERSIST:
	case CC_ACT_SLIDE:
	case CC_ACT_JUMP: note_placement(&n, s, m, type, x, y, confirm); break;
	case CC_ACT_SHOVE:
	case CC_ACT_BOOST:
	case CC_ACT_PBOOST:
	case CC_ACT_IMMEDIATE: note_costly(&n, s, m, type, x, y, confirm); break;
	case CC_ACT_DISCARD:
	case CC_ACT_COUNTER:
	case CC_ACT_PCOUNTER: note_payment(&n, s, m, type, x, confirm); break;
	case CC_ACT_REACT:
		part(&n, "saves %s on %s this Capture Step; the %s is discarded",
		     card_str(s, s->grid[y].card - 1, c), sq_str(y, b), cc_T(s)->cards[x].name);
		break;
	case CC_ACT_DECLINE:
		part(&n, "%s on %s is captured: it goes to p%d's victory pile",
		     card_str(s, s->grid[sq].card - 1, c), sq_str(sq, b), 2 - s->grid[sq].owner);
		break;
	case CC_ACT_PASS: outcome(&n, s, m, true, false, confirm); break;
	default: break;
	}
	return (int)n.used;
}
