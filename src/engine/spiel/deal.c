/*
 * deal.c - the chance deal of the spiel API (games/spiel.h): a deal is segments of cards, each
 * card a chance node. Its outcomes are the ids the segment's pool can still give, with exact
 * probabilities: one after the other (ORDERED), an id's chance is its copies left over the
 * cards left; as a multiset (SORTED, a hand, whose order nobody sees), the ids come in
 * ascending order, each with the chance that it is the next smallest of the hand still to
 * come, so that every hand has one path whose probability is the hand's (hypergeometric):
 * n cards from a pool of A with a_c copies of id c make the hand h with probability
 * prod C(a_c, h_c) / C(A, n).
 *
 * The sorted step, with l the last id dealt (d copies of it so far) and r cards to come, weighs
 * the hands still possible: W = sum_j C(a_l, d + j) C(A_>l, r - j), A_>l the copies of the
 * ids above l in the segment's pool at its start. The next id is l again with the terms j >= 1
 * of W, or c > l with C(a_l, d) sum_{j>=1} C(a_c, j) C(A_>c, r - j); each divided by W.
 *
 * The deal keeps where it stands (the segment under way, its pool at its start and what is
 * left), so that a step costs a pass over the ids, not over the cards dealt before.
 */
#include <stdio.h>
#include <string.h>

#include "engine/spiel/handles.h"

/* C(n, k) as a double (0 when k is out of 0..n). */
static double binom(int n, int k)
{
	if (k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	double r = 1;
	for (int i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* Enters segment k: its pool at its start (what the one before left, when it goes on from
 * it, and its own). */
static void enter(qv__deal *d, int k)
{
	d->at_seg = k;
	d->seg_from = d->ncards;
	if (k >= d->nseg)
		return;
	const qv__deal_seg *g = &d->seg[k];
	for (int c = 0; c < QV__DEAL_IDS; c++)
		d->start[c] = d->left[c] = (uint16_t)((g->chain ? d->left[c] : 0) + g->pool[c]);
	if (g->n == 0)
		enter(d, k + 1);
}

void qv__deal_begin(qv__deal *d)
{
	d->ncards = 0;
	memset(d->left, 0, sizeof d->left);
	enter(d, 0);
}

/* The sum over j from 1 to r of C(a, d + j) C(above, r - j). */
static double weigh(int a, int d, int above, int r)
{
	double w = 0;
	for (int j = 1; j <= r; j++)
		w += binom(a, d + j) * binom(above, r - j);
	return w;
}

/* The weight of each id as the next card (w[], QV__DEAL_IDS); false on a finished deal. */
static bool weights(const qv__deal *d, double *w)
{
	if (d->at_seg >= d->nseg)
		return false;
	const qv__deal_seg *g = &d->seg[d->at_seg];
	int done = d->ncards - d->seg_from;
	if (g->mode == QV__DEAL_ORDERED) {
		for (int c = 0; c < QV__DEAL_IDS; c++)
			w[c] = d->left[c];
		return true;
	}
	const uint16_t *pool = d->start;
	int last = done ? d->card[d->ncards - 1] : -1, r = g->n - done;
	int dl = last >= 0 ? pool[last] - d->left[last] : 0;
	int above[QV__DEAL_IDS + 1];
	above[QV__DEAL_IDS] = 0;
	for (int c = QV__DEAL_IDS - 1; c >= 0; c--)
		above[c] = above[c + 1] + (c + 1 < QV__DEAL_IDS ? pool[c + 1] : 0);
	double frozen = last >= 0 ? binom(pool[last], dl) : 1;
	for (int c = 0; c < QV__DEAL_IDS; c++)
		w[c] = 0;
	if (last >= 0)
		w[last] = weigh(pool[last], dl, above[last], r);
	for (int c = last + 1; c < QV__DEAL_IDS; c++)
		w[c] = pool[c] ? frozen * weigh(pool[c], 0, above[c], r) : 0;
	return true;
}

int qv__deal_outcomes(const qv__deal *d, int32_t *ids, double *probs)
{
	double w[QV__DEAL_IDS], total = 0;
	if (!weights(d, w))
		return 0;
	for (int c = 0; c < QV__DEAL_IDS; c++)
		total += w[c];
	int n = 0;
	for (int c = 0; c < QV__DEAL_IDS && total > 0; c++)
		if (w[c] > 0) {
			if (ids)
				ids[n] = c;
			if (probs)
				probs[n] = w[c] / total;
			n++;
		}
	return n;
}

bool qv__deal_legal(const qv__deal *d, int32_t id)
{
	double w[QV__DEAL_IDS];
	return id >= 0 && id < QV__DEAL_IDS && weights(d, w) && w[id] > 0;
}

bool qv__deal_take(qv__deal *d, int32_t id)
{
	d->card[d->ncards++] = (uint8_t)id;
	d->left[id]--;
	if (d->ncards - d->seg_from == d->seg[d->at_seg].n)
		enter(d, d->at_seg + 1);
	return d->at_seg >= d->nseg;
}

int qv__deal_text(const qv_spiel_state *s, int32_t id, char *buf, size_t len)
{
	const qv__deal *d = s->deal;
	char name[48];
	s->game->part->deal_name(QV__CUR(s), id, name, sizeof name);
	int seat = d->at_seg < d->nseg ? d->seg[d->at_seg].seat : -1;
	int n = seat >= 0 ? snprintf(buf, len, "deal %s to p%d", name, seat + 1)
	                  : snprintf(buf, len, "deal %s", name);
	return n < 0 ? 0 : (size_t)n < len ? n : (int)len - 1;
}
