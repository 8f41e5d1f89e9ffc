/*
 * narrate.c - the consequences of a ConCardia action as lines for people (qv_events in core.h):
 * the reveal of the starting cards and who plays first and why, draws (the drawer reads the
 * card, the other player "a card"), Charge Counters gained and spent, costs, the shove, the
 * boost and the saboteur's removal, a card that would be captured and the aegis that saves it,
 * captures with the Strengths behind them, the cards going to piles, and the end with its
 * reason and result. rules.c calls these only when it was given a qv_events, so the search,
 * which applies actions without one, pays nothing for them.
 *
 * Lines are in the third person and the present tense, with seat names, and short enough to
 * be printed indented by 6 in an 80-column terminal. The only secret they hold is a drawn
 * card, written {mask:card|a card}; everything else they name is public.
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"

/* The longest line aimed at: printed indented by 6, it fits an 80-column terminal. */
#define NARRATION_MAX 74

static const char *card_str(const cc_tables *T, int card, char *buf)
{
	cc_card_name(T, card, buf);
	return buf;
}

static const char *sq_str(int sq, char *buf)
{
	qv_sq_name(sq % 6, sq / 6, buf);
	return buf;
}

static const char *plural(int n) { return n == 1 ? "" : "s"; }

void cc_attack_text(const cc_state *s, int sq, bool each, char *buf, size_t len)
{
	int str[QV_NDIRS], sum, n = cc_attackers(s, sq, str, &sum);
	size_t used = 0;
	buf[0] = '\0';
	if (n > 1 && each) {
		for (int i = 0; i < n && used < len; i++)
			used +=
			    (size_t)qv_fmt(buf + used, len - used, "%s%d", i ? "+" : "", str[i]);
		if (used < len)
			used += (size_t)qv_fmt(buf + used, len - used, " = ");
	}
	if (used < len)
		qv_fmt(buf + used, len - used, "%d superior Strength against Defense %d", sum,
		       cc_defense(s, sq));
}

/* Says what the attack on sq comes to, as "<card> on <sq> would be captured: ..." (by < 0) or
 * "p<by + 1> captures <card> on <sq>: ...", with each Strength of the sum ("3+2 = 5 superior
 * Strength against Defense 4") when there are several and the line stays within
 * NARRATION_MAX columns. */
static void say_attack(const cc_state *s, int sq, int by, qv_events *ev)
{
	char c[CC_ID_MAX + 1], b[4], why[64], each[64] = "";
	int sum, def = cc_defense(s, sq);
	cc_attackers(s, sq, NULL, &sum);
	card_str(cc_T(s), s->grid[sq].card - 1, c);
	sq_str(sq, b);
	cc_attack_text(s, sq, true, why, sizeof why); /* "3+2 = 5 superior ..." */
	const char *eq = strstr(why, " = ");
	int head = by < 0 ? qv_fmt(NULL, 0, "%s on %s would be captured", c, b)
	                  : qv_fmt(NULL, 0, "p%d captures %s on %s", by + 1, c, b);
	if (eq && (size_t)head + 2 + strlen(why) <= NARRATION_MAX)
		qv_fmt(each, sizeof each, "%.*s", (int)(eq - why), why); /* "3+2" */
	if (by < 0 && each[0])
		qv_say(ev,
		       "%s on %s would be captured: %s = %d superior Strength against Defense %d",
		       c, b, each, sum, def);
	else if (by < 0)
		qv_say(ev, "%s on %s would be captured: %d superior Strength against Defense %d", c,
		       b, sum, def);
	else if (each[0])
		qv_say(ev, "p%d captures %s on %s: %s = %d superior Strength against Defense %d",
		       by + 1, c, b, each, sum, def);
	else
		qv_say(ev, "p%d captures %s on %s: %d superior Strength against Defense %d", by + 1,
		       c, b, sum, def);
}

void cc_say_draw(const cc_state *s, int p, int card, qv_events *ev)
{
	char c[CC_ID_MAX + 1];
	if (card < 0)
		qv_say(ev, "turn %d: p%d's deck is empty, no card is drawn", s->turn_no + 1, p + 1);
	else
		qv_say(ev, "turn %d: p%d draws {%x:%s|a card}", s->turn_no + 1, p + 1, 1u << p,
		       card_str(cc_T(s), card, c));
}

/* The phrase (qv_phrase) "dynamo-r on c4" or "dynamo-r in p1's Persistent Area" (sq < 0). */
static void where(const cc_tables *T, int card, int sq, int p, char *buf, size_t len)
{
	char c[CC_ID_MAX + 1], b[4];
	if (sq >= 0)
		qv_phrase(buf, len, "%s on %s", card_str(T, card, c), sq_str(sq, b));
	else
		qv_phrase(buf, len, "%s in p%d's Persistent Area", card_str(T, card, c), p + 1);
}

void cc_say_charge(const cc_tables *T, int card, int sq, int p, int counters, qv_events *ev)
{
	char w[256]; /* a phrase: its text and its message */
	where(T, card, sq, p, w, sizeof w);
	qv_say(ev, "%s gets a Charge Counter (%d now)", w, counters);
}

void cc_say_counters(const cc_tables *T, int card, int sq, int p, int counters, qv_events *ev)
{
	char w[256]; /* a phrase: its text and its message */
	where(T, card, sq, p, w, sizeof w);
	if (counters == 0)
		qv_say(ev, "%s has no Charge Counter left", w);
	else
		qv_say(ev, "%s has %d Charge Counter%s left", w, counters, plural(counters));
}

void cc_say_reveal(const cc_tables *T, int c1, int c2, int first, qv_events *ev)
{
	char c[CC_ID_MAX + 1];
	static const char *const home[2] = {"c3", "d4"};
	for (int p = 0; p < 2; p++) {
		int card = p == 0 ? c1 : c2;
		const cc_card *t = &T->cards[card];
		qv_say_by(ev, p, "p%d's starting card: %s (%s, Strength %d, Defense %d), on %s",
		          p + 1, card_str(T, card, c), cc_trait_names[t->trait], t->strength,
		          t->defense, home[p]);
	}
	const cc_card *t1 = &T->cards[c1], *t2 = &T->cards[c2];
	const char *trait = cc_trait_names[t1->trait];
	if (t1->trait != t2->trait) {
		int mine = first == 0 ? c1 : c2, theirs = first == 0 ? c2 : c1;
		qv_say(ev, "p%d plays first: %s loses to %s", first + 1,
		       cc_trait_names[T->cards[mine].trait],
		       cc_trait_names[T->cards[theirs].trait]);
	} else if (t1->defense != t2->defense) {
		qv_say(ev, "p%d plays first: both %s, lower Defense (%d against %d)", first + 1,
		       trait, first == 0 ? t1->defense : t2->defense,
		       first == 0 ? t2->defense : t1->defense);
	} else if (t1->strength != t2->strength) {
		qv_say(ev,
		       "p%d plays first: both %s, Defense %d each, lower Strength %d against %d",
		       first + 1, trait, t1->defense, first == 0 ? t1->strength : t2->strength,
		       first == 0 ? t2->strength : t1->strength);
	} else {
		qv_say(ev, "both %s, Strength %d, Defense %d: a coin names the first player", trait,
		       t1->strength, t1->defense);
	}
}

void cc_say_cost(const cc_state *s, qv_events *ev)
{
	char c[CC_ID_MAX + 1], b[4];
	if (s->pend_kind == CC_PEND_SABOTAGE) {
		qv_say(ev, "%s is set aside until the end of the turn",
		       card_str(cc_T(s), s->pend_card - 1, c));
		int sq = s->pend_to;
		card_str(cc_T(s), s->grid[sq].card - 1, c);
		if (s->pend_left)
			qv_say(ev,
			       "cost X = %d (Defense %d of %s on %s, less 1), paid unit by unit",
			       s->pend_left, cc_defense(s, sq), c, sq_str(sq, b));
		else
			qv_say(ev, "cost X = %d (Defense %d of %s on %s, less 1): nothing to pay",
			       s->pend_left, cc_defense(s, sq), c, sq_str(sq, b));
		return;
	}
	qv_say(ev, "cost %d, paid one unit at a time: a card from hand or a Charge Counter",
	       s->pend_left);
}

void cc_say_shove(const cc_state *s, int to, qv_events *ev)
{
	char c1[CC_ID_MAX + 1], c2[CC_ID_MAX + 1], b1[4], b2[4], b3[4];
	int from = s->pend_from, pushed = s->pend_to;
	card_str(cc_T(s), s->grid[from].card - 1, c1);
	card_str(cc_T(s), s->grid[pushed].card - 1, c2);
	if (to >= 0)
		qv_say(ev, "%s on %s pushes %s from %s to %s", c1, sq_str(from, b1), c2,
		       sq_str(pushed, b2), sq_str(to, b3));
	else
		qv_say(ev, "%s on %s cannot push %s: the square beyond is taken", c1,
		       sq_str(from, b1), c2);
}

void cc_say_boost(const cc_state *s, int sq, qv_events *ev)
{
	char c[CC_ID_MAX + 1], b[4];
	if (sq >= 0)
		qv_say(ev, "%s on %s has Strength %d until the end of the turn",
		       card_str(cc_T(s), s->grid[sq].card - 1, c), sq_str(sq, b),
		       cc_strength(s, sq));
	else
		qv_say(ev, "%s is in the Persistent Area: its +%d Strength changes nothing",
		       card_str(cc_T(s), s->pend_from, c), cc_T(s)->cards[s->pend_from].boost);
}

void cc_say_sabotage(const cc_state *s, bool removed, qv_events *ev)
{
	char c1[CC_ID_MAX + 1], c2[CC_ID_MAX + 1], b[4];
	int sq = s->pend_to, power = s->pend_paid + 1;
	card_str(cc_T(s), s->pend_card - 1, c1);
	if (!s->grid[sq].card) {
		qv_say(ev, "%s finds no card on %s", c1, sq_str(sq, b));
		return;
	}
	card_str(cc_T(s), s->grid[sq].card - 1, c2);
	if (!removed) {
		qv_say(ev, "%s cannot remove %s on %s: Defense %d against Power %d", c1, c2,
		       sq_str(sq, b), cc_defense(s, sq), power);
		return;
	}
	qv_say(ev, "%s removes %s from %s: Defense %d against Power %d", c1, c2, sq_str(sq, b),
	       cc_defense(s, sq), power);
	cc_say_to_discard(cc_T(s), s->grid[sq].card - 1, s->grid[sq].owner, ev);
}

void cc_say_threat(const cc_state *s, int sq, qv_events *ev) { say_attack(s, sq, -1, ev); }

void cc_say_saved(const cc_state *s, int card, int sq, qv_events *ev)
{
	char c[CC_ID_MAX + 1], b[4];
	cc_say_to_discard(cc_T(s), card, s->grid[sq].owner, ev);
	qv_say(ev, "%s on %s is not captured this Capture Step",
	       card_str(cc_T(s), s->grid[sq].card - 1, c), sq_str(sq, b));
}

void cc_say_captures(const cc_state *s, uint64_t caught, qv_events *ev)
{
	char c[CC_ID_MAX + 1];
	int got[2] = {0, 0}, first[2][2] = {{-1, -1}, {-1, -1}};
	for (int sq = 0; sq < CC_NSQ; sq++) {
		if (!(caught >> sq & 1))
			continue;
		int card = s->grid[sq].card - 1, by = 1 - s->grid[sq].owner;
		say_attack(s, sq, by, ev);
		if (got[by] < 2)
			first[by][got[by]] = card;
		got[by]++;
	}
	for (int q = 0; q < 2; q++) {
		if (!got[q])
			continue;
		int points = s->pl[q].nvictory + got[q];
		char c2[CC_ID_MAX + 1];
		if (got[q] == 1)
			qv_say(ev, "%s goes to p%d's victory pile: p%d has %d point%s",
			       card_str(cc_T(s), first[q][0], c), q + 1, q + 1, points,
			       plural(points));
		else if (got[q] == 2)
			qv_say(ev, "%s and %s go to p%d's victory pile: p%d has %d points",
			       card_str(cc_T(s), first[q][0], c),
			       card_str(cc_T(s), first[q][1], c2), q + 1, q + 1, points);
		else
			qv_say(ev, "%d cards go to p%d's victory pile: p%d has %d points", got[q],
			       q + 1, q + 1, points);
	}
}

void cc_say_to_discard(const cc_tables *T, int card, int p, qv_events *ev)
{
	char c[CC_ID_MAX + 1];
	qv_say(ev, "%s goes to p%d's discard pile", card_str(T, card, c), p + 1);
}

void cc_say_end(const cc_state *s, qv_events *ev)
{
	const cc_player *p1 = &s->pl[0], *p2 = &s->pl[1];
	switch (s->ended) {
	case CC_END_LOSS:
		if (p1->lost && p2->lost)
			qv_say(ev, "the game ends: neither player has a card on the Board");
		else
			qv_say(ev, "the game ends: p%d has no card on the Board (third-turn rule)",
			       p1->lost ? 1 : 2);
		break;
	case CC_END_POINTS:
		if (p1->nvictory >= s->target && p2->nvictory >= s->target)
			qv_say(ev, "the game ends: both players reach the target of %d points",
			       s->target);
		else
			qv_say(ev, "the game ends: p%d reaches the target of %d point%s",
			       p1->nvictory >= s->target ? 1 : 2, s->target, plural(s->target));
		break;
	case CC_END_PASSES: qv_say(ev, "the game ends: both players passed in a row"); break;
	default: qv_say(ev, "the game ends: the cap of %d turns is reached", s->max_turns); break;
	}
	int b1 = cc_board_count(s, 0), b2 = cc_board_count(s, 1);
	if (p1->lost && p2->lost) {
		qv_say(ev, "a draw: both players lose at once");
		return;
	}
	if (p1->lost || p2->lost) {
		qv_say(ev, "p%d wins: p%d loses by the third-turn rule", p1->lost ? 2 : 1,
		       p1->lost ? 1 : 2);
		return;
	}
	int w = p1->nvictory != p2->nvictory ? (p1->nvictory > p2->nvictory ? 0 : 1)
	        : b1 != b2                   ? (b1 > b2 ? 0 : 1)
	                                     : -1;
	int pw = s->pl[w < 0 ? 0 : w].nvictory, pl = s->pl[w < 0 ? 1 : 1 - w].nvictory;
	if (w < 0)
		qv_say(ev, "a draw: %d point%s and %d card%s on the Board each", pw, plural(pw), b1,
		       plural(b1));
	else if (pw != pl)
		qv_say(ev, "p%d wins with %d point%s against %d", w + 1, pw, plural(pw), pl);
	else
		qv_say(ev, "p%d wins: %d point%s each, %d cards on the Board against %d", w + 1, pw,
		       plural(pw), w == 0 ? b1 : b2, w == 0 ? b2 : b1);
}

/* ---- the attackers of a square (also for note.c) ---- */

int cc_attackers(const cc_state *s, int sq, int *str, int *sum)
{
	int n = 0, total = 0;
	uint64_t foes = s->occ[1 - s->grid[sq].owner];
	for (int d = 0; d < QV_NDIRS; d++) {
		int a = cc_nb[sq][d];
		if (a < 0 || !(foes >> a & 1))
			continue;
		if (cc_points_at(s, a, sq) &&
		    cc_superior_cell(cc_T(s), &s->grid[a], &s->grid[sq])) {
			int k = cc_strength(s, a);
			if (str)
				str[n] = k;
			total += k;
			n++;
		}
	}
	QV_ASSERT(!s->grid[sq].card || total == s->atk[sq]);
	*sum = total;
	return n;
}
