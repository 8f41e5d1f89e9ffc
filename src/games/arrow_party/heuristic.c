/*
 * heuristic.c - Arrow Party's positional estimate for the AI (greedy and the search's leaves
 * and prior).
 *
 * Each player's final score is estimated as: stars, skulls and die at face value; item cards
 * at a worth that counts what they can still do (a negative card can be used to get rid of
 * it, a good one used or kept); arrow cards only for the ones that will still be in the hand
 * at the end (every round a card must be thrown, so most arrow points vanish); plus the
 * expected take of this round's walk over what is still to come (the card to throw, its
 * landing, the roll, the best direction). The estimate is turned into the rank-based utility
 * of the rules: each other player beats `player` with a logistic probability of the
 * difference, whose scale grows with the rounds left.
 *
 * Called only on determinized states, so it reads everything in the state; it is pure.
 */
#include <math.h>

#include "arrow_party.h"
#include "core/mathfn.h"

/* Longest walk considered: d20 x2 on the largest board is cut by the edge anyway. */
#define MAXW 40

/* The logistic scale of a score difference: BASE + PER * sqrt(rounds left). Measured in
 * docs/ai.md: (2, 3), (4, 3), (4, 6) and (8, 10) all gave 54-57% against two greedy players. */
#define SCALE_BASE 4.0
#define SCALE_PER  6.0

/* What an item card is worth in a hand or on the ground: its points in the last round, else
 * its points and what using it can still do (ap_tables.worth). */
static double worth(const ap_tables *T, int kind, bool last)
{
	return last ? T->item_points[kind] : T->worth[kind];
}

/* The prefix values of the 8 rays from p's cell: ray[d][k] = take of k steps towards d (past
 * the edge, the take at the edge). */
static void rays(const ap_state *s, int p, bool nopick, bool last, double ray[QV_NDIRS][MAXW + 1],
                 int *maxk)
{
	int sz = s->size, x0 = s->pl[p].pos % sz, y0 = s->pl[p].pos / sz;
	const ap_tables *T = ap_T(s);
	*maxk = sz - 1;
	for (int d = 0; d < QV_NDIRS; d++) {
		int dx = qv_dir_dx[d], dy = qv_dir_dy[d];
		/* the steps before the edge */
		int len = sz - 1;
		if (dx > 0 && sz - 1 - x0 < len)
			len = sz - 1 - x0;
		if (dx < 0 && x0 < len)
			len = x0;
		if (dy > 0 && sz - 1 - y0 < len)
			len = sz - 1 - y0;
		if (dy < 0 && y0 < len)
			len = y0;
		int i = y0 * sz + x0, step = dy * sz + dx, k = 1;
		double v = 0;
		ray[d][0] = 0;
		for (; k <= len; k++) {
			i += step;
			int g = s->ground[i];
			if (g == AP_G_STAR)
				v += T->star_points;
			else if (g == AP_G_SKULL)
				v += T->skull_points;
			else if (g && !nopick)
				v += worth(T, (g & ~AP_G_KNOWN) - AP_G_ITEM, last);
			ray[d][k] = v;
		}
		for (; k <= *maxk; k++)
			ray[d][k] = v;
	}
}

static double best_dir(double ray[QV_NDIRS][MAXW + 1], int maxk, int mask, int steps)
{
	if (steps > maxk)
		steps = maxk;
	double b = -1e9;
	for (int d = 0; d < QV_NDIRS; d++)
		if ((mask >> d & 1) && ray[d][steps] > b)
			b = ray[d][steps];
	return b > -1e9 ? b : 0;
}

/* avg[d]: the take towards d averaged over the faces of the die. */
static void roll_average(const ap_tables *T, double ray[QV_NDIRS][MAXW + 1], int maxk, int faces,
                         int uses, double avg[QV_NDIRS])
{
	int at[AP_DIE_FACES_MAX + 1]; /* the step counts of each face, cut at the edge */
	for (int r = 1; r <= faces; r++) {
		int st = ap_steps(T, r, uses);
		at[r] = st > maxk ? maxk : st;
	}
	for (int d = 0; d < QV_NDIRS; d++) {
		double t = 0;
		for (int r = 1; r <= faces; r++)
			t += ray[d][at[r]];
		avg[d] = t / faces;
	}
}

/* Expected take of card (landing known: land >= 0, else uniform; roll known: roll > 0).
 * With the roll unknown, the direction's take is averaged over the roll first (avg[d]), which
 * slightly undervalues choosing the direction after the roll but is far cheaper. */
static double card_ev(const ap_tables *T, double ray[QV_NDIRS][MAXW + 1], int maxk,
                      const double *avg, int card, int land, int roll, int uses)
{
	bool rev = (uses & T->emask[AP_E_REVERSE]) != 0;
	double sum = 0;
	int nk = 0;
	for (int k = 0; k < QV_NDIRS; k++) {
		if (land >= 0 && k != land)
			continue;
		int m = ap_card_dirs(T, card, k, rev);
		if (roll > 0) {
			sum += best_dir(ray, maxk, m, ap_steps(T, roll, uses));
		} else {
			double b = -1e9;
			for (int d = 0; d < QV_NDIRS; d++)
				if ((m >> d & 1) && avg[d] > b)
					b = avg[d];
			sum += b;
		}
		nk++;
	}
	return nk ? sum / nk : 0;
}

/* The expected take of the best arrow card of p's hand (one per distinct pattern), the card
 * still to choose (walk_ev). */
static inline double best_in_hand(const ap_tables *T, const ap_player *pl,
                                  double ray[QV_NDIRS][MAXW + 1], int maxk, const double *avg,
                                  int uses)
{
	double best = 0;
	bool any = false;
	int seen = 0;
	for (int i = 0; i < pl->nhand; i++) {
		int cd = pl->hand[i].card;
		if (ap_is_item(cd))
			continue;
		int pat = T->arrows[cd];
		/* the same pattern twice in a row (hands are sorted): skip */
		if (any && pat == seen)
			continue;
		seen = pat;
		double v = card_ev(T, ray, maxk, avg, cd, -1, 0, uses);
		if (!any || v > best)
			best = v;
		any = true;
	}
	return best;
}

/* Expected take of p's walk this round, as `player` may estimate it. */
static double walk_ev(const ap_state *s, int p, int player, bool last)
{
	const ap_player *pl = &s->pl[p];
	if (s->phase == AP_PH_OVER || pl->skip)
		return 0;
	bool own = p == player;
	const ap_tables *T = ap_T(s);
	/* Others' commitments in the current secret phase are not theirs to read. */
	bool hidden = !own && ap_secret_phase(s->phase) && p < s->active;
	int uses = pl->uses;
	int die = pl->die;
	if (s->phase == AP_PH_ITEMS) {
		if (hidden)
			uses = 0;
		else if (uses & T->emask[AP_E_DICE])
			die = pl->dice_to;
	}
	double ray[QV_NDIRS][MAXW + 1];
	int maxk;
	rays(s, p, (uses & T->emask[AP_E_NOPICKUP]) != 0, last, ray, &maxk);
	if (s->phase == AP_PH_WALK) {
		if (!pl->go)
			return 0;
		int st = pl->steps > maxk ? maxk : pl->steps;
		return ray[pl->go - 1][st];
	}
	double avg[QV_NDIRS];
	roll_average(T, ray, maxk, T->die_faces[die], uses, avg);
	if (s->phase == AP_PH_GO) {
		int m = ap_arrow_dirs(s, p);
		if (pl->go && !hidden)
			m = 1 << (pl->go - 1);
		return best_dir(ray, maxk, m, ap_steps(T, pl->roll, uses));
	}
	if (s->phase >= AP_PH_LAND) { /* land or roll pending */
		if (!pl->throw_card)
			return 0;
		return card_ev(T, ray, maxk, avg, pl->throw_card - 1, pl->land ? pl->land - 1 : -1,
		               pl->roll, uses);
	}
	if (s->phase == AP_PH_THROW && pl->throw_card && !hidden)
		return card_ev(T, ray, maxk, avg, pl->throw_card - 1, -1, 0, uses);
	/* The card is still to choose: the best of the hand. */
	return best_in_hand(T, pl, ray, maxk, avg, uses);
}

int ap_likely_go(const ap_state *s, int p, qv_rng *rng)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	bool last = s->round >= s->rounds;
	double ray[QV_NDIRS][MAXW + 1];
	int maxk;
	rays(s, p, ap_used_effect(T, pl, AP_E_NOPICKUP), last, ray, &maxk);
	int st = ap_steps(T, pl->roll, pl->uses);
	if (st > maxk)
		st = maxk;
	int m = ap_arrow_dirs(s, p), best[QV_NDIRS], nbest = 0;
	double bv = -1e9;
	for (int d = 0; d < QV_NDIRS; d++) {
		if (!(m >> d & 1))
			continue;
		if (ray[d][st] > bv + 1e-9) {
			bv = ray[d][st];
			nbest = 0;
		}
		if (ray[d][st] > bv - 1e-9)
			best[nbest++] = d;
	}
	return nbest ? best[qv_rng_below(rng, (uint32_t)nbest)] + 1 : 0;
}

int ap_likely_throw(const ap_state *s, int p, qv_rng *rng)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	double ray[QV_NDIRS][MAXW + 1], avg[QV_NDIRS];
	int maxk, best[AP_HAND_MAX], nbest = 0, prev = -1;
	rays(s, p, ap_used_effect(T, pl, AP_E_NOPICKUP), s->round >= s->rounds, ray, &maxk);
	roll_average(T, ray, maxk, T->die_faces[pl->die], pl->uses, avg);
	double bv = -1e9;
	for (int i = 0; i < pl->nhand; i++) {
		int cd = pl->hand[i].card;
		if (ap_is_item(cd) || T->arrows[cd] == prev)
			continue;
		prev = T->arrows[cd];
		double v = card_ev(T, ray, maxk, avg, cd, -1, 0, pl->uses);
		if (v > bv + 1e-9) {
			bv = v;
			nbest = 0;
		}
		if (v > bv - 1e-9)
			best[nbest++] = cd;
	}
	return nbest ? best[qv_rng_below(rng, (uint32_t)nbest)] + 1 : 0;
}

/* p's estimated final score. */
static double estimate(const ap_state *s, int p, int player)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	bool last = s->round >= s->rounds && s->phase > AP_PH_ITEMS;
	double v = (double)T->star_points * pl->stars + (double)T->skull_points * pl->skulls +
	           T->die_points[pl->die];
	int count[AP_VALUE_MAX + 1] = {0}, na = 0; /* how many arrow cards of each value */
	bool thrown_in_hand =
	    s->phase == AP_PH_THROW && pl->throw_card && !(p != player && p < s->active);
	bool skipped = false;
	for (int i = 0; i < pl->nhand; i++) {
		int cd = pl->hand[i].card;
		if (ap_is_item(cd)) {
			int k = ap_kind(cd);
			/* committed uses leave the hand at the reveal */
			if (s->phase == AP_PH_ITEMS && ap_used(pl, k) &&
			    (p == player || p >= s->active)) {
				/* counted once: the first copy is the used one */
				if (!(i > 0 && pl->hand[i - 1].card == cd))
					continue;
			}
			v += worth(T, k, last);
		} else {
			if (thrown_in_hand && !skipped && cd == pl->throw_card - 1) {
				skipped = true;
				continue;
			}
			count[ap_value(T, cd)]++;
			na++;
		}
	}
	/* throws still to make */
	int t = s->rounds - s->round;
	bool this_round =
	    s->phase < AP_PH_THROW || (s->phase == AP_PH_THROW && !(thrown_in_hand && skipped));
	if (this_round)
		t++;
	if (s->round < s->rounds / 2 + 1) {
		count[3] += 5;
		na += 5;
	}
	/* the highest values stay, added highest first */
	int kept = na - t;
	for (int x = AP_VALUE_MAX; x > 0 && kept > 0; x--)
		for (; count[x] > 0 && kept > 0; count[x]--, kept--)
			v += x;
	v += walk_ev(s, p, player, last);
	return v;
}

/* The over game's value for player: ranks by score against every other player. */
static double final_value(const ap_state *s, int player)
{
	int n = s->nplayers, sc[QV_MAX_PLAYERS];
	for (int p = 0; p < n; p++)
		sc[p] = ap_score_of(s, p);
	double beat = 0;
	for (int q = 0; q < n; q++)
		if (q != player)
			beat += sc[q] > sc[player] ? 1 : sc[q] == sc[player] ? 0.5 : 0;
	return 1 - 2 * beat / (n - 1);
}

/* The value for player from the estimates: e_own its own, e_other[q] each other player's as
 * player may estimate it. */
static double value_from(const ap_state *s, int player, double e_own, const double *e_other)
{
	int n = s->nplayers;
	double left = s->rounds - s->round + (s->phase <= AP_PH_THROW ? 1.0 : 0.5);
	double scale = SCALE_BASE + SCALE_PER * sqrt(left);
	double beat = 0;
	for (int q = 0; q < n; q++)
		if (q != player)
			beat += 1.0 / (1.0 + qv__exp((e_own - e_other[q]) / scale));
	return 1 - 2 * beat / (n - 1);
}

void ap_heuristics(const void *st, double *out)
{
	const ap_state *s = st;
	int n = s->nplayers;
	if (s->phase == AP_PH_OVER) {
		for (int p = 0; p < n; p++)
			out[p] = final_value(s, p);
		return;
	}
	/* estimate(s, p, player) reads player only to tell "p itself" from "another player", and
	 * another player sees p as p sees itself unless p has already committed in a secret phase
	 * (ITEMS, THROW or GO, with p < active): so p's own estimate serves the others too, but
	 * then. */
	bool secret = ap_secret_phase(s->phase);
	double own[QV_MAX_PLAYERS], other[QV_MAX_PLAYERS];
	for (int p = 0; p < n; p++) {
		own[p] = estimate(s, p, p);
		other[p] = secret && p < s->active ? estimate(s, p, p == 0 ? 1 : 0) : own[p];
	}
	for (int p = 0; p < n; p++)
		out[p] = value_from(s, p, own[p], other);
}

double ap_heuristic(const void *st, int player)
{
	const ap_state *s = st;
	int n = s->nplayers;
	if (s->phase == AP_PH_OVER)
		return final_value(s, player);
	double e[QV_MAX_PLAYERS];
	for (int p = 0; p < n; p++)
		e[p] = estimate(s, p, player);
	return value_from(s, player, e[player], e);
}
