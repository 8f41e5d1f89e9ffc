/*
 * narrate.c - Evons narration: what each step of apply did, one short line each (core.h),
 * told only when apply is given a qv_events. The parts only a card's owner may know are
 * written {M:secret|public}. A covered card stays "p2's covered card" for the others while it
 * is covered, and is named for everyone when it leaves the board (graveyards and removed cards
 * are public); a drawn card is named for its drawer alone.
 *
 * Narration is off the hot path: the search calls apply without it millions of times. Every
 * function here is cold and out of line (EV_COLD), and the rules call them only with a
 * qv_events, so the search pays nothing for them. They read the state and never change it.
 */
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"

/* The secret-part mask of player p: only p reads the secret. */
static char mask_of(int p) { return p == 0 ? '1' : '2'; }

/* The card on c as narration names it, without its cell: "storm-coil", "block-fire", or the
 * phrase "p2's covered card" (its identity a secret of its owner unless `open`). buf holds a
 * phrase: EV_PHRASE bytes. */
EV_COLD void ev_card_label(const ev_state *s, int c, bool open, char *buf, size_t len)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	const char *id = T->kind[x->kind - 1].id;
	if (!(x->flags & EV_F_COVERED))
		qv_copy(buf, len, id);
	else if (open)
		qv_phrase(buf, len, "p%d's covered %s", x->owner + 1, id);
	else
		qv_phrase(buf, len, "p%d's covered {%c:%s|card}", x->owner + 1, mask_of(x->owner),
		          id);
}

/* The card on c with its cell, a phrase: "storm-coil on b4", "p2's covered card on b4" (as
 * ev_card_label names it). buf: EV_PHRASE bytes. */
EV_COLD void ev_card_at(const ev_state *s, int c, bool open, char *buf, size_t len)
{
	const ev_cell *x = &s->cell[c];
	const char *id = ev_T(s)->kind[x->kind - 1].id;
	char cn[4];
	ev_cell_name(c, cn);
	if (!(x->flags & EV_F_COVERED))
		qv_phrase(buf, len, "%s on %s", id, cn);
	else if (open)
		qv_phrase(buf, len, "p%d's covered %s on %s", x->owner + 1, id, cn);
	else
		qv_phrase(buf, len, "p%d's covered {%c:%s|card} on %s", x->owner + 1,
		          mask_of(x->owner), id, cn);
}

/* Says which pending activations end with the card on c, which is leaving the board. */
EV_COLD void ev_say_entries_end(const ev_state *s, int c, qv_events *ev)
{
	int inst = s->cell[c].inst;
	for (int i = s->nstack - 1; i >= 0; i--)
		if (s->stack[i].inst == inst) {
			char b[EV_PHRASE];
			ev_card_at(s, c, true, b, sizeof b);
			if (i == s->nstack - 1)
				qv_say(ev, "the activation of %s ends", b);
			else
				qv_say(ev, "the waiting activation of %s ends", b);
			return;
		}
}

/* "Remove destroys <card on c> (to p2's graveyard)" or so, by what destroys it (how:
 * EV_GONE_*), then the activations that end with it; the card is named for everyone, as the
 * graveyard will show it. */
EV_COLD void ev_say_destroyed(const ev_state *s, int c, int how, qv_events *ev)
{
	char b[EV_PHRASE];
	ev_card_at(s, c, true, b, sizeof b);
	int o = s->cell[c].owner + 1;
	switch (how) {
	case EV_GONE_REMOVE: qv_say(ev, "Remove destroys %s (to p%d's graveyard)", b, o); break;
	case EV_GONE_CRUSHED: qv_say(ev, "%s is crushed (to p%d's graveyard)", b, o); break;
	case EV_GONE_FLIP: qv_say(ev, "the flip destroys %s (to p%d's graveyard)", b, o); break;
	default: qv_say(ev, "1 point destroys %s (to p%d's graveyard)", b, o); break;
	}
	ev_say_entries_end(s, c, ev);
}

/* Why the game ends (how: EV_END_*), and whether a chain is dropped with it: only the full
 * main zone ends a game during a chain (the end of a turn is a main-phase action). */
EV_COLD void ev_say_end(const ev_state *s, int how, qv_events *ev)
{
	if (how == EV_END_FULL && s->nstack)
		qv_say(ev, "the main zone is full: the game ends (the chain stack is dropped)");
	else if (how == EV_END_FULL)
		qv_say(ev, "the main zone is full: the game ends");
	else if (how == EV_END_IDLE)
		qv_say(ev, "two ends in a row without a hand play: the game ends");
	else
		qv_say(ev, "the turn cap is reached: the game ends");
}

/* The score and the winner, when the game ends. */
EV_COLD void ev_say_result(const ev_state *s, qv_events *ev)
{
	int sc[2];
	ev_scores(s, sc);
	int hi = sc[0] > sc[1] ? sc[0] : sc[1], lo = sc[0] > sc[1] ? sc[1] : sc[0];
	if (sc[0] == sc[1])
		qv_say(ev, "a draw: %d face-up monster%s each in the main zone", hi,
		       hi == 1 ? "" : "s");
	else
		qv_say(ev, "p%d wins: %d face-up monster%s in the main zone to %d",
		       sc[0] > sc[1] ? 1 : 2, hi, hi == 1 ? "" : "s", lo);
}

/* Says that the card on c, just pushed on the stack, activates or reactivates, and why (why:
 * EV_WHY_*), with the depth of the chain when it is more than this card. */
EV_COLD void ev_say_push(const ev_state *s, int c, int why, qv_events *ev)
{
	char b[EV_PHRASE];
	ev_card_at(s, c, false, b, sizeof b);
	int n = s->nstack;
	if (why == EV_WHY_MOVED && n > 1)
		qv_say(ev, "%s reactivates (moved by an ability): chain %d deep", b, n);
	else if (why == EV_WHY_MOVED)
		qv_say(ev, "%s reactivates (moved by an ability)", b);
	else if (why == EV_WHY_FLIPPED && n > 1)
		qv_say(ev, "%s reactivates (moved, then flipped): chain %d deep", b, n);
	else if (why == EV_WHY_FLIPPED)
		qv_say(ev, "%s reactivates (moved, then flipped)", b);
	else if (n > 1)
		qv_say(ev, "%s activates: chain %d deep", b, n);
	else
		qv_say(ev, "%s activates", b);
}

/* Says what the start of p's turn gave: credits, the card drawn (for p alone). */
EV_COLD void ev_say_turn(const ev_state *s, int p, bool income, bool first, int k, qv_events *ev)
{
	const ev_tables *T = ev_T(s);
	if (first) {
		qv_say_by(ev, QV_CHANCE, "p%d goes first: no credits and no draw on this turn",
		          p + 1);
		return;
	}
	char got[EV_PHRASE];
	if (income)
		qv_phrase(got, sizeof got, "p%d gains %d credits (now %d)", p + 1, EV_INCOME,
		          s->pl[p].credits);
	else
		qv_phrase(got, sizeof got, "p%d gets no credits on a first turn", p + 1);
	if (k < 0)
		qv_say(ev, "%s; the deck is empty: no draw", got);
	else if (income)
		qv_say(ev, "%s and draws {%c:%s|a card}", got, mask_of(p), T->kind[k].id);
	else
		qv_say(ev, "p%d draws {%c:%s|a card} (no credits on a first turn)", p + 1,
		       mask_of(p), T->kind[k].id);
}

/* What p's mulligan did: nb cards back, the n cards drawn (named for p alone, in lines that
 * stay short). */
EV_COLD void ev_say_mulligan(const ev_state *s, int p, int nb, const int *drawn, int n,
                             qv_events *ev)
{
	const ev_tables *T = ev_T(s);
	if (s->shuffle)
		qv_say(ev, "p%d puts %d card%s back, shuffles the deck and draws %d", p + 1, nb,
		       nb == 1 ? "" : "s", n);
	else
		qv_say(ev, "p%d puts %d card%s under the deck and draws %d", p + 1, nb,
		       nb == 1 ? "" : "s", n);
	char line[80];
	size_t at = 0;
	for (int i = 0; i < n; i++) {
		const char *id = T->kind[drawn[i]].id;
		if (at && at + strlen(id) + 2 > 60) {
			qv_say(ev, "{%c:p%d draws %s|}", mask_of(p), p + 1, line);
			at = 0;
		}
		at += (size_t)qv_fmt(line + at, sizeof line - at, "%s%s", at ? ", " : "", id);
	}
	if (at)
		qv_say(ev, "{%c:p%d draws %s|}", mask_of(p), p + 1, line);
}

/* Shockwave on the card on t, pushed in board direction d: off the board (out of the game) or
 * one cell on, crushing what stands there. */
EV_COLD static void say_shockwave(const ev_state *s, int t, int d, qv_events *ev)
{
	char tn[4], a[EV_PHRASE];
	ev_cell_name(t, tn);
	int l = ev_step(t, d);
	if (l < 0) {
		ev_card_at(s, t, true, a, sizeof a);
		qv_say(ev, "Shockwave pushes %s off the board", a);
		ev_card_label(s, t, true, a, sizeof a);
		qv_say(ev, "%s is out of the game (p%d's removed cards)", a, s->cell[t].owner + 1);
		ev_say_entries_end(s, t, ev);
		return;
	}
	char ln[4];
	ev_cell_name(l, ln);
	ev_card_label(s, t, false, a, sizeof a);
	qv_say(ev, "Shockwave pushes %s from %s to %s", a, tn, ln);
	if (ev_occupied(s, l))
		ev_say_destroyed(s, l, EV_GONE_CRUSHED, ev);
}

/* Firestorm by the card on c towards board direction d: the points it deals around the cell,
 * from its Firestorm value or its DEF. */
EV_COLD static void say_firestorm(const ev_state *s, int c, int d, qv_events *ev)
{
	char tn[4];
	ev_cell_name(ev_step(c, d), tn);
	int pts = ev_firestorm_points(s, c, d);
	const char *id = ev_T(s)->kind[ev_kind_at(s, c)].id;
	if (ev_board_param(s, c, d))
		qv_say(ev, "Firestorm around %s: %d point%s to deal (%s's Firestorm)", tn, pts,
		       pts == 1 ? "" : "s", id);
	else
		qv_say(ev, "Firestorm around %s: %d point%s to deal (%s's DEF)", tn, pts,
		       pts == 1 ? "" : "s", id);
}

/* The narration of ability use by the card on c towards t (board direction d), before it
 * changes the board. */
EV_COLD void ev_say_ability(const ev_state *s, int c, int d, int argtype, int val, qv_events *ev)
{
	const ev_tables *T = ev_T(s);
	int t = ev_step(c, d), p = s->active;
	char tn[4], a[EV_PHRASE], b[EV_PHRASE];
	ev_cell_name(t, tn);
	switch (ev_board_ability(s, c, d)) {
	case EV_AB_REMOVE: ev_say_destroyed(s, t, EV_GONE_REMOVE, ev); break;
	case EV_AB_BLOCK:
		if (argtype == EV_ARG_CARD) {
			qv_say(ev, "Block puts %s from p%d's hand on %s", T->kind[val].id, p + 1,
			       tn);
		} else {
			ev_card_at(s, t, true, a, sizeof a);
			qv_say(ev, "Block sends %s to p%d's graveyard", a, s->cell[t].owner + 1);
		}
		break;
	case EV_AB_FIRESTORM: say_firestorm(s, c, d, ev); break;
	case EV_AB_SWAP:
		ev_card_at(s, c, false, a, sizeof a);
		ev_card_at(s, t, false, b, sizeof b);
		qv_say(ev, "Swap: %s and %s change places", a, b);
		break;
	case EV_AB_SHOCKWAVE: say_shockwave(s, t, d, ev); break;
	case EV_AB_MAGNETISM: {
		char sn[4];
		ev_cell_name(val, sn);
		ev_card_label(s, val, false, a, sizeof a);
		qv_say(ev, "Magnetism pulls %s from %s to %s", a, sn, tn);
		break;
	}
	case EV_AB_GROWTH:
		qv_say(ev, "Growth puts {%c:%s|a monster} from p%d's hand face down on %s",
		       mask_of(p), T->kind[val].id, p + 1, tn);
		break;
	case EV_AB_RESURRECTION: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		qv_say(ev, "Resurrection: %s from p%d's graveyard to %s (cost %d of %d spent)",
		       T->kind[val].id, p + 1, tn, e->spent + T->kind[val].cost,
		       ev_board_param(s, c, d));
		break;
	}
	default: break;
	}
}

/* What a card took in a conflict, for the narration: "storm-coil on b4 takes 3: DEF 2
 * this turn", or its destruction. */
EV_COLD void ev_say_hit(const ev_state *s, int c, int dmg, qv_events *ev)
{
	char b[EV_PHRASE];
	ev_card_at(s, c, false, b, sizeof b);
	int def = ev_cur_def(s, c);
	if (def > 0)
		qv_say(ev, "%s takes %d: DEF %d this turn", b, dmg, def);
	else
		qv_say(ev, "%s takes %d: DEF %d, destroyed (to p%d's graveyard)", b, dmg, def,
		       s->cell[c].owner + 1);
}

/* After an action: when the top entry is one that waited under the top before it (the entries
 * above it were done or ended, none was pushed), the chain has gone back to it; says so, with
 * where it stands. */
EV_COLD void ev_say_chain_back(const ev_state *s, const ev_chain_memo *m, qv_events *ev)
{
	if (s->phase != EV_PH_CHAIN || s->nstack == 0)
		return;
	const ev_entry *e = &s->stack[s->nstack - 1];
	bool waited = false;
	/* an entry that waited under the old top, with nothing new above it */
	for (int i = s->nstack - 1; i + 1 < m->n && !waited; i++)
		waited = memcmp(&m->stack[i], e, sizeof *e) == 0;
	int c = ev_find_cell_of(s, e->inst);
	if (!waited || c < 0)
		return;
	char b[EV_PHRASE];
	ev_card_at(s, c, false, b, sizeof b);
	if (e->burn_left)
		qv_say(ev, "the chain goes back to %s (Firestorm points)", b);
	else if (e->step == EV_ST_CONFLICTS)
		qv_say(ev, "the chain goes back to %s (conflicts)", b);
	else if (e->step == EV_ST_ABILITY1)
		qv_say(ev, "the chain goes back to %s (Ability Phase 1)", b);
	else
		qv_say(ev, "the chain goes back to %s (Ability Phase 2)", b);
}
