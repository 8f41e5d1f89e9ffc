/*
 * note.c - what a THREE ARROWS action would do, told to the player choosing it (the
 * descriptor's action_note): an attack's strengths and what each face of the die would do
 * ("2 against 2 before the die: captures on +1, nothing on 0, your A is captured on -1"), the
 * same for the defender's `defend` and an uncover that changes the defence, what a bonus buys,
 * whose shield an unshield removes, and an action that ends the game with the mover's place.
 * A placement names the squares its arrows point at, the arrows that point off the board and
 * the opposing pieces it threatens, and warns when it opens no square for the mover's next
 * pieces ("after this, you can place only at b2"), when it would leave the mover skipped as the
 * board stands, and when nobody could act after it (the game ends): a newcomer's beginner had
 * opened with a piece pointing off the board and was skipped for the rest of the game.
 * An attack that may eliminate the mover, a placement that leaves the mover skipped, and an
 * action that surely ends the game, ask for a confirmation.
 *
 * A note says only what the mover may know: strengths are counted as the board stands, where
 * another player's covered piece adds nothing (its kind is not known), and when the defender
 * may still uncover pieces of the defending line the note says so instead of guessing; a
 * placement reads the public board and the mover's own holder. The rest (stay, advance) is
 * left without a note unless it ends the game, so that `legal` can still group them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "three_arrows.h"

/* The text being built: parts joined by "; ", cut at the caller's buffer. */
typedef struct note {
	char *buf;
	size_t len, used;
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

/* Appends s, as add(n, "%s", s) would, without reading a format: the notes of placements,
 * a hundred of them in every view of the mover, are mostly such pieces. */
static void put(note *n, const char *s)
{
	if (n->used + 1 >= n->len)
		return;
	size_t k = strlen(s), room = n->len - n->used - 1;
	if (k > room)
		k = room;
	memcpy(n->buf + n->used, s, k);
	n->used += k;
	n->buf[n->used] = '\0';
}

/* The separator of a note's parts: "; " once the note has something. */
static void sep(note *n)
{
	if (n->used)
		put(n, "; ");
}

/* The die's values are T->value[i], highest first; a set of them is a bit set (bit i). */

/* "+1", "+1 or 0", "+1, 0 or -1" for the values in the bit set, into buf (64 bytes). */
static const char *faces_text(const ta_tables *T, unsigned faces, char *buf)
{
	int n = __builtin_popcount(faces), at = 0;
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < T->nvalues; i++) {
		if (!(faces >> i & 1))
			continue;
		char v[4];
		used += (size_t)qv_fmt(buf + used, 64 - used, "%s%s",
		                       at == 0       ? ""
		                       : at == n - 1 ? " or "
		                                     : ", ",
		                       ta_die_text(T->value[i], v));
		at++;
	}
	return buf;
}

/* How many faces of the die show a value in the bit set. */
static int faces_in(const ta_tables *T, unsigned faces)
{
	int n = 0;
	for (int i = 0; i < T->nvalues; i++)
		n += (faces >> i & 1) * T->weight[i];
	return n;
}

static int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }

/* Whether the die's values split a (strength before the die) against v: bit sets of the
 * values that capture, draw and lose. In the tactical mode the die is not rolled: the sets
 * hold bit 0 alone, for "0". */
static void outcomes(const ta_state *s, int a, int v, unsigned *win, unsigned *draw, unsigned *lose)
{
	const ta_tables *T = ta_T(s);
	*win = *draw = *lose = 0;
	for (int i = 0; i < (s->tactical ? 1 : T->nvalues); i++) {
		int die = s->tactical ? 0 : T->value[i];
		unsigned bit = 1u << i;
		if (a + die > v)
			*win |= bit;
		else if (a + die < v)
			*lose |= bit;
		else
			*draw |= bit;
	}
}

/* The strengths and what each face does, worded for the attacker (mine = true: "captures",
 * "your A is captured") or for the defender ("p1 captures your Y", "p1's A is captured"). */
static void put_fight(note *n, const ta_state *s, int from, int to, bool attacker)
{
	const ta_tables *T = ta_T(s);
	int a = ta_attack_strength(s, from, to), v = ta_defence_strength(s, from, to);
	unsigned win, draw, lose, all = (1u << T->nvalues) - 1;
	outcomes(s, a, v, &win, &draw, &lose);
	ta_cell af = s->cell[from], dt = s->cell[to];
	char mine[24], theirs[40], faces[64];
	if (attacker) {
		/* "your Tee (attack 4) against p2's Angle (defence 3): the die adds +1, 0 or -1,
		 * so"
		 * - the target named only when the mover may see it */
		add(n, "your %s (attack %d) against p%d's ", T->names[TA_KIND(af)], a,
		    TA_OWNER(dt) + 1);
		if (s->covered >> to & 1)
			add(n, "covered piece (defence %d as it shows)", v);
		else
			add(n, "%s (defence %d)", T->names[TA_KIND(dt)], v);
		if (s->tactical)
			add(n, ": ");
		else
			add(n, ": the die adds %s, so it ", faces_text(T, all, faces));
		qv_fmt(mine, sizeof mine, "captures");
		qv_fmt(theirs, sizeof theirs, "loses your %c", T->letters[TA_KIND(af)]);
	} else {
		add(n, "%d against %d%s: ", v, a, s->tactical ? "" : " before the die");
		qv_fmt(mine, sizeof mine, "p%d captures your %c", TA_OWNER(af) + 1,
		       T->letters[TA_KIND(dt)]);
		qv_fmt(theirs, sizeof theirs, "p%d's %c is captured", TA_OWNER(af) + 1,
		       T->letters[TA_KIND(af)]);
	}
	const char *what[3] = {mine, attacker ? "does nothing" : "nothing happens", theirs};
	const char *none = attacker ? "does nothing" : "nothing";
	unsigned sets[3] = {win, draw, lose};
	bool first = true;
	for (int i = 0; i < 3; i++) {
		if (!sets[i])
			continue;
		if (s->tactical)
			add(n, "%s", what[i]);
		else if (sets[i] == all)
			add(n, "%s whatever the die", what[i]);
		else
			add(n, "%s%s on %s", first ? "" : ", ", i == 1 ? none : what[i],
			    faces_text(T, sets[i], faces));
		if (attacker && !s->tactical && i == 0 && sets[0] != all) {
			/* the chance in lowest terms: "2 faces in 3" of a die of six */
			int k = faces_in(T, sets[0]), d = gcd(k, T->nfaces);
			add(n, " (%d face%s in %d)", k / d, k / d == 1 ? "" : "s", T->nfaces / d);
		}
		first = false;
	}
}

/* Covered pieces of the defender in the defending line of the attack from -> to (the target
 * and the defender's pieces behind it, away from the attacker). */
static int covered_in_line(const ta_state *s, int from, int to)
{
	int owner = TA_OWNER(s->cell[to]), n = 0, d = -1;
	for (int k = 0; k < QV_NDIRS; k++)
		if (ta_step(from, k, s->size) == to)
			d = k;
	for (int sq = to; sq >= 0 && (s->occ[owner] >> sq & 1); sq = ta_step(sq, d, s->size))
		n += (int)(s->covered >> sq & 1);
	return n;
}

static int alive(const ta_state *s)
{
	int n = 0;
	for (int p = 0; p < s->nplayers; p++)
		n += !s->pl[p].eliminated;
	return n;
}

/* "1st", "2nd", ... (places 1 to 4). */
static const char *ordinal(int r)
{
	static const char *const text[] = {"?", "1st", "2nd", "3rd", "4th"};
	return r >= 1 && r <= 4 ? text[r] : text[0];
}

static bool ending_note(note *n, const ta_state *s, qv_action a);
static bool ended_note(note *n, const ta_state *s, const ta_state *t);

/* An attack's note. In the tactical mode the attack is resolved at once, so what ends the game
 * is found by playing it; with the die, from the numbers and the pieces left. */
static bool attack_note(note *n, const ta_state *s, qv_action act)
{
	int from = TA_ARG(act) & 63, to = TA_ARG(act) >> 6;
	int p = s->turn, q = TA_OWNER(s->cell[to]);
	bool confirm = false;
	put_fight(n, s, from, to, true);
	int a = ta_attack_strength(s, from, to), v = ta_defence_strength(s, from, to);
	unsigned win, draw, lose;
	outcomes(s, a, v, &win, &draw, &lose);
	int hidden = covered_in_line(s, from, to);
	if (hidden)
		add(n, "; p%d may first uncover %d piece%s of the line", q + 1, hidden,
		    hidden == 1 ? "" : "s");
	if (win && s->pl[q].onboard == 1)
		add(n, "; it is p%d's last piece", q + 1);
	if ((lose || hidden) && s->pl[p].onboard == 1) {
		add(n, "; losing it eliminates you");
		confirm = true;
	}
	if (s->tactical && ending_note(n, s, act))
		return true;
	if (s->tactical && s->turns + 1 >= s->max_turns) {
		add(n, "; the game ends with this turn (turn limit)");
		return true;
	}
	if (s->tactical)
		return confirm;
	if (win && s->pl[q].onboard == 1 && alive(s) == 2) {
		add(n, "; a capture ends the game");
		confirm |= win == 7 && !hidden;
	} else if (s->turns + 1 >= s->max_turns) {
		add(n, "; the game ends with this turn (turn limit)");
		confirm = true;
	}
	return confirm;
}

/* The squares of m, in the board's order: "a2", "a2 and b3", "a2, b3 and c4"; past five, the
 * first four and "and 3 more". */
static void put_squares(note *n, uint64_t m)
{
	int total = __builtin_popcountll(m), shown = total > 5 ? 4 : total;
	for (int i = 0; i < shown; i++, m &= m - 1) {
		char b[4];
		put(n, i == 0 ? "" : i == total - 1 && total == shown ? " and " : ", ");
		put(n, ta_sqname(__builtin_ctzll(m), b));
	}
	if (total > shown)
		add(n, " and %d more", total - shown);
}

/* The opposing pieces on the squares of m: "p2's Angle on c5 and p3's covered piece on d4"
 * (a covered piece without its kind). A piece points at five squares at most. */
static void put_pieces(note *n, const ta_state *s, uint64_t m)
{
	int total = __builtin_popcountll(m);
	for (int i = 0; m; i++, m &= m - 1) {
		int sq = __builtin_ctzll(m);
		ta_cell c = s->cell[sq];
		char b[4];
		add(n, "%sp%d's %s on %s",
		    i == 0           ? ""
		    : i == total - 1 ? " and "
		                     : ", ",
		    TA_OWNER(c) + 1,
		    s->covered >> sq & 1 ? "covered piece" : ta_T(s)->names[TA_KIND(c)],
		    ta_sqname(sq, b));
	}
}

/* What an uncovered piece placed on sq (kind and facing kf) aims at: the empty squares of
 * reach, the arrows that point off the board, the mover's own pieces, opponents threatened or
 * shielded. empty leaves sq out. */
static void aim_note(note *n, const ta_state *s, int sq, int kf, uint64_t reach, uint64_t empty)
{
	const ta_tables *T = ta_T(s);
	int p = s->turn;
	if (reach & empty) {
		put(n, "points at ");
		put_squares(n, reach & empty);
	}
	int off = 0, noff = 0;
	for (unsigned b = T->dirbits[kf]; b; b &= b - 1)
		if (ta_step(sq, __builtin_ctz(b), s->size) < 0)
			off |= 1 << __builtin_ctz(b), noff++;
	/* "points off the board (W)" alone, else "; arrows N and W point off the board" */
	if (off)
		add(n, reach ? "%sarrow%s " : "points off the board (", n->used ? "; " : "",
		    noff == 1 ? "" : "s");
	for (int d = 0, i = 0; d < QV_NDIRS; d++)
		if (off >> d & 1)
			add(n, "%s%s", i++ == 0 ? "" : i == noff ? " and " : ", ", qv_dir_names[d]);
	if (off)
		add(n, "%s",
		    !reach      ? ")"
		    : noff == 1 ? " points off the board"
		                : " point off the board");
	if ((reach & s->occ[p]) && !(reach & ~s->occ[p])) {
		sep(n);
		put(n, "points only at your own pieces");
	}
	uint64_t opp = reach & ta_opp_occ(s, p), open = opp & ~s->shielded;
	if (open) {
		sep(n);
		put(n, "threatens ");
		put_pieces(n, s, open);
	}
	if (opp & s->shielded) {
		add(n, "%s", n->used ? "; " : "");
		put_pieces(n, s, opp & s->shielded);
		add(n, " %s shielded (unshield first)",
		    __builtin_popcountll(opp & s->shielded) == 1 ? "is" : "are");
	}
}

/* A placement's note: where its arrows point and what they threaten, then what is left to the
 * mover after it as the board stands, or the end of the game. True when it leaves the mover
 * skipped or ends the game (a confirmation). */
static bool place_note(note *n, const ta_state *s, qv_action act)
{
	const ta_tables *T = ta_T(s);
	int arg = TA_ARG(act), sq = arg & 63, kf = TA_KF_OF(arg >> 8 & 7, arg >> 6 & 3);
	int p = s->turn;
	bool covered = arg >> 11 & 1;
	uint64_t reach = T->reach[kf][sq] & ta_board_mask(s->size);
	uint64_t empty = ta_board_mask(s->size) & ~ta_all_occ(s) & ~(1ull << sq);
	if (covered)
		put(n, "covered: it points at nothing until you uncover it");
	else
		aim_note(n, s, sq, kf, reach, empty);
	ta_state t = *s;
	qv_three_arrows.apply(&t, act, NULL);
	if (ended_note(n, s, &t))
		return true;
	bool can_place = ta_can_place_some(&t, p);
	uint64_t targets = can_place ? ta_place_targets(&t, p) : 0;
	if (!ta_can_act_or_uncover(&t, p)) {
		add(n, "%s%s and nothing to attack next turn: you would be skipped",
		    n->used ? "; " : "",
		    can_place ? "no square left for your next piece" : "no piece left to place");
		return true;
	}
	/* A piece that opens no square for the next ones: what is left, when little is. */
	uint64_t before = s->pl[p].home >= 0 ? s->reach[p] & empty : 0;
	if (!can_place || (!covered && (reach & empty & ~before)))
		return false;
	if (!targets) {
		sep(n);
		put(n, "after this, no square is left for your next piece");
	} else if (__builtin_popcountll(targets) <= 3) {
		sep(n);
		put(n, "after this, you can place only at ");
		put_squares(n, targets);
	}
	return false;
}

/* The defender's note on an uncover of sq during an attack: the defence it would make. */
static void uncover_defence_note(note *n, const ta_state *s, int sq)
{
	ta_state t = *s;
	t.covered &= ~(1ull << sq);
	int before = ta_defence_strength(s, s->atk_from, s->atk_to);
	int after = ta_defence_strength(&t, s->atk_from, s->atk_to);
	if (after == before) {
		add(n, "adds nothing to this defence; ");
		put_fight(n, s, s->atk_from, s->atk_to, false);
		return;
	}
	add(n, "adds %d to the defence; ", after - before);
	put_fight(n, &t, s->atk_from, s->atk_to, false);
}

/* When t, the position after the mover's action at s, is over: why, and the mover's place. */
static bool ended_note(note *n, const ta_state *s, const ta_state *t)
{
	if (t->phase != TA_PH_OVER)
		return false;
	int ranks[TA_MAX_PLAYERS], p = s->turn, shared = 0;
	ta_ranks(t, ranks);
	for (int q = 0; q < t->nplayers; q++)
		shared += q != p && ranks[q] == ranks[p];
	add(n, "%sends the game (%s): you finish %s%s", n->used ? "; " : "",
	    t->turns >= t->max_turns ? "turn limit"
	    : alive(t) <= 1          ? "one player left"
	                             : "nobody can act",
	    shared ? "shared " : "", ordinal(ranks[p]));
	return true;
}

/* When a (legal, ending the turn) ends the game: why, and the mover's place. */
static bool ending_note(note *n, const ta_state *s, qv_action a)
{
	ta_state t = *s;
	qv_three_arrows.apply(&t, a, NULL);
	return ended_note(n, s, &t);
}

int ta_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm)
{
	const ta_state *s = st;
	if (confirm)
		*confirm = false;
	if (!buf || len == 0)
		return 0;
	buf[0] = '\0';
	if (ta_to_move(s) < 0 || ta_check(s, a, NULL) != QV_OK)
		return 0;
	note n = {buf, len, 0};
	bool ask = false, ends_turn = false;
	int arg = TA_ARG(a), p = s->turn;
	switch (TA_TYPE(a)) {
	case TA_ACT_ATTACK: ask = attack_note(&n, s, a); break;
	case TA_ACT_PLACE: ask = place_note(&n, s, a); break;
	case TA_ACT_DEFEND: put_fight(&n, s, s->atk_from, s->atk_to, false); break;
	case TA_ACT_UNCOVER:
		if (s->phase == TA_PH_DEFEND)
			uncover_defence_note(&n, s, arg);
		else
			ends_turn = true; /* only when nothing is left to do */
		break;
	case TA_ACT_BONUS:
		add(&n, "%d extra turn%s; %d bonus piece%s left (they break ties)", arg - 1,
		    arg == 2 ? "" : "s", s->pl[p].bonus - arg,
		    s->pl[p].bonus - arg == 1 ? "" : "s");
		break;
	case TA_ACT_UNSHIELD: {
		char b[4];
		ta_cell c = s->cell[arg];
		qv_sq_name(ta_file(arg), ta_rank(arg), b);
		if (s->covered >> arg & 1)
			add(&n, "removes the shield of p%d's covered piece on %s", TA_OWNER(c) + 1,
			    b);
		else
			add(&n, "removes the shield of p%d's %s on %s", TA_OWNER(c) + 1,
			    ta_T(s)->names[TA_KIND(c)], b);
		ends_turn = true;
		break;
	}
	default: ends_turn = true; break;
	}
	if (ends_turn && ending_note(&n, s, a))
		ask = true;
	if (confirm)
		*confirm = ask;
	return (int)n.used;
}
