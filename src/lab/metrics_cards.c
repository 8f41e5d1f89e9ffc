/*
 * metrics_cards.c - what the games' components and openings did, the figures designers read
 * beside the causes (17lands' kind): each component's play rate and the scores of the seats
 * that had it, played it or held it and never played it, its plays per game held and its
 * captures per play (the components row's correlational part); the first player's score and
 * evaluation by game time (row `first_player`); the commonest openings with their results
 * (row `openings`). All over the main games, and all correlational: a strong seat plays its
 * good cards, so a card played in won games may only be a card of won games.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/metrics.h"

/* ---- per component ---- */

/* The sums of one component over the main games' (game, seat) pairs. */
typedef struct card_sums {
	double chosen, avail;    /* decisions */
	double dx, dn, px, pn;   /* score and pairs: had it available; played it */
	double hx, hn, hp;       /* held it: score, pairs, pairs that played it */
	double ux, un;           /* held it and never played it: score, pairs */
	double copies, plays;    /* copies and plays of the holders */
	double captures, cplays; /* captures after its plays, and those plays */
	qv_moments per_game;     /* plays per game held */
	double side_held[2];     /* copies held by each side's seat, where the sides rotate */
} card_sums;

/* One pair's figures into the sums: its score x, copies held h, plays c of the a decisions it
 * was available at, and the captures after them. */
static void add_pair(card_sums *k, double x, double h, double c, double a, double captures)
{
	if (a > 0) {
		k->dx += x;
		k->dn++;
	}
	if (c > 0) {
		k->px += x;
		k->pn++;
	}
	if (h > 0) {
		k->hx += x;
		k->hn++;
		k->hp += c > 0;
		k->copies += h;
		k->plays += c;
		qv_moments_add(&k->per_game, c);
		if (c == 0) {
			k->ux += x;
			k->un++;
		}
	}
	k->captures += captures;
	k->cplays += c;
}

/* One main game's pairs into the sums: per seat and component, its counts (g->comp: a pair
 * listed twice adds up) and the copies it held (g->held), gathered densely first. */
static void add_game(const qv_lab_plan *p, const qv_lab_game *g, card_sums *sum)
{
	double a[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS] = {{0}},
	       c[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS] = {{0}};
	double cap[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS] = {{0}},
	       h[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS] = {{0}};
	uint64_t used[QV_MAX_PLAYERS] = {0};
	for (int i = 0; i < g->ncomp; i++) {
		const qv_lab_count *e = &g->comp[i];
		if (e->item >= p->ncomponents)
			continue;
		a[e->seat][e->item] += e->available;
		c[e->seat][e->item] += e->chosen;
		cap[e->seat][e->item] += e->captures;
		used[e->seat] |= 1ull << e->item;
	}
	bool sides = p->nsides == 2 && g->players == 2,
	     swapped = sides && qv_lab_swapped(p, g->index);
	for (int i = 0; i < g->nheld; i++) {
		const qv_lab_count *e = &g->held[i];
		if (e->item >= p->ncomponents || e->seat >= g->players)
			continue;
		h[e->seat][e->item] += e->chosen;
		used[e->seat] |= 1ull << e->item;
		if (sides)
			sum[e->item].side_held[swapped ? 1 - e->seat : e->seat] += e->chosen;
	}
	for (int s = 0; s < g->players; s++) {
		double x = qv__lab_score_of(g, s);
		for (uint64_t u = used[s]; u; u &= u - 1) {
			int k = __builtin_ctzll(u);
			sum[k].avail += a[s][k];
			sum[k].chosen += c[s][k];
			add_pair(&sum[k], x, h[s][k], c[s][k], a[s][k], cap[s][k]);
		}
	}
}

void qv__lab_card_figures(const qv__lab_sources *src, qv_lab_component *comp)
{
	const qv_lab_plan *p = src->p;
	card_sums *sum = calloc((size_t)p->ncomponents + 1, sizeof *sum);
	if (!sum) {
		src->fault->rc = QV_ENOMEM;
		qv_fail(&src->fault->err, QV_ENOMEM, "out of memory");
		return;
	}
	qv__lab_scan sc;
	for (const qv_lab_game *g = qv__lab_scan_first(&sc, src, src->arms[0]); g;
	     g = qv__lab_scan_next(&sc))
		add_game(p, g, sum);
	qv__lab_scan_end(&sc);
	bool captures = p->cfg.game->components && p->cfg.game->components->captured;
	for (int k = 0; k < p->ncomponents; k++) {
		const card_sums *c = &sum[k];
		qv_lab_component *x = &comp[k];
		x->play_rate = qv__lab_est_prop(c->chosen, c->avail);
		x->score_drawn = qv__lab_est_prop(c->dx, c->dn);
		x->score_played = qv__lab_est_prop(c->px, c->pn);
		x->copies = c->hn > 0 ? c->copies / c->hn : NAN;
		x->played = qv__lab_est_prop(c->hp, c->hn);
		x->plays = qv__lab_est_mean(&c->per_game);
		x->score_unplayed = qv__lab_est_prop(c->ux, c->un);
		double z;
		x->played_gap = qv__lab_prop_delta(c->px, c->pn, c->ux, c->un, &z);
		x->played_gap.p = NAN; /* correlational: no test */
		x->captures_per_play =
		    (qv_lab_est){captures && c->cplays > 0 ? c->captures / c->cplays : NAN,
		                 {NAN, NAN},
		                 captures ? (long)c->cplays : 0};
		x->own_side = c->side_held[0] > 0 && c->side_held[1] == 0   ? 0
		              : c->side_held[1] > 0 && c->side_held[0] == 0 ? 1
		                                                            : -1;
	}
	free(sum);
}

/* ---- the first player ---- */

/* The bin of decision number d (from 1) in bins of `width`, or -1 past the last. */
static int bin_of(const qv_lab_first *f, int d)
{
	int b = d > 0 ? (d - 1) / f->width : 0;
	return b < f->nbins ? b : -1;
}

/* Whether every seat that decided in g searched at least once (tension's rule). */
static bool searched(const qv_lab_game *g)
{
	unsigned decided = 0, valued = 0;
	for (int t = 0; t < g->nvalues; t++) {
		decided |= 1u << g->mover[t];
		if (g->value[t] != QV_LAB_NOVALUE)
			valued |= 1u << g->mover[t];
	}
	return g->nvalues > 0 && g->nvalues == g->decisions && decided == valued;
}

/* The first player's latest evaluation at each of g's decisions, its mean over each bin into
 * that bin's moments (a game counts once per bin it reached with an evaluation). */
static void add_evals(const qv_lab_first *f, const qv_lab_game *g, qv_moments *eval)
{
	int first = g->mover[0];
	double e = NAN, sum[QV_LAB_HIST_MAX] = {0};
	int n[QV_LAB_HIST_MAX] = {0};
	for (int t = 0; t < g->nvalues; t++) {
		if (g->mover[t] == first && g->value[t] != QV_LAB_NOVALUE)
			e = g->value[t] / 1000.0;
		int b = bin_of(f, t + 1);
		if (b >= 0 && e == e) {
			sum[b] += e;
			n[b]++;
		}
	}
	for (int b = 0; b < f->nbins; b++)
		if (n[b] > 0)
			qv_moments_add(&eval[b], sum[b] / n[b]);
}

/* ---- the openings ---- */

#define LAB_OPENING_TABLE 512 /* a power of 2: the hash's slots are twice as many */

/* One opening counted: its text, games (with the error of the count it took over), the first
 * player's score sum, and when it was first seen (ties). */
typedef struct counted {
	char text[192];
	int games, over, since;
	double first;
} counted;

/* The Space-Saving count of the openings: a table of LAB_OPENING_TABLE entries found by a hash
 * of their text (open addressing, 2 slots an entry, so a lookup costs a string compare or two,
 * not one per entry), and the smallest count among a full table's entries, with a cursor that
 * goes round the table to the next entry of that count: counts only grow, so the smallest
 * only grows, and finding the entry to give up costs a step or two a game, not a pass. */
typedef struct opening_count {
	counted t[LAB_OPENING_TABLE];
	short slot[2 * LAB_OPENING_TABLE]; /* entry + 1, 0: empty */
	int n, min, cursor;
	bool approx;
} opening_count;

static unsigned hash_text(const char *text)
{
	unsigned h = 2166136261u; /* FNV-1a */
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* The slot of text in the hash: its entry's, or the empty one where it would go. */
static int slot_of(const opening_count *oc, const char *text)
{
	unsigned mask = 2 * LAB_OPENING_TABLE - 1, i = hash_text(text) & mask;
	while (oc->slot[i] && strcmp(oc->t[oc->slot[i] - 1].text, text) != 0)
		i = (i + 1) & mask;
	return (int)i;
}

/* Takes entry e out of the hash, moving back the entries after it that its slot had pushed
 * on (deletion in linear probing). */
static void unhash(opening_count *oc, int e)
{
	unsigned mask = 2 * LAB_OPENING_TABLE - 1, i = (unsigned)slot_of(oc, oc->t[e].text);
	oc->slot[i] = 0;
	for (unsigned j = (i + 1) & mask; oc->slot[j]; j = (j + 1) & mask) {
		short moved = oc->slot[j];
		oc->slot[j] = 0;
		oc->slot[slot_of(oc, oc->t[moved - 1].text)] = moved;
	}
}

/* The entry a full table gives up: the next, from the cursor on, of the smallest count. */
static int smallest(opening_count *oc)
{
	for (int pass = 0;; pass++) {
		for (int k = 0; k < LAB_OPENING_TABLE; k++) {
			int e = (oc->cursor + k) % LAB_OPENING_TABLE;
			if (oc->t[e].games == oc->min) {
				oc->cursor = (e + 1) % LAB_OPENING_TABLE;
				return e;
			}
		}
		/* none left at that count: the smallest grew */
		oc->min = oc->t[0].games;
		for (int e = 1; e < LAB_OPENING_TABLE; e++)
			if (oc->t[e].games < oc->min)
				oc->min = oc->t[e].games;
	}
}

/* Counts one opening (Space-Saving: a full table gives its smallest count's place to a new
 * opening, which starts from that count). */
static void count_opening(opening_count *oc, const char *text, double first, int seen)
{
	int i = slot_of(oc, text);
	if (oc->slot[i]) {
		counted *c = &oc->t[oc->slot[i] - 1];
		c->games++;
		c->first += first;
		return;
	}
	int at = oc->n, over = 0;
	if (oc->n < LAB_OPENING_TABLE) {
		oc->n++;
		oc->min = 1;
	} else {
		at = smallest(oc);
		over = oc->t[at].games;
		oc->approx = true;
		unhash(oc, at);
		i = slot_of(oc, text);
	}
	oc->t[at] = (counted){.games = over + 1, .over = over, .since = seen, .first = first};
	snprintf(oc->t[at].text, sizeof oc->t[at].text, "%s", text);
	oc->slot[i] = (short)(at + 1);
}

/* Most games first, by the games counted since an opening entered the table: exact while no
 * opening was given up, and never more than its true count (the count it took over may be
 * another's). */
static int by_games(const void *a, const void *b)
{
	const counted *x = a, *y = b;
	int gx = x->games - x->over, gy = y->games - y->over;
	if (gx != gy)
		return gx > gy ? -1 : 1;
	return (x->since > y->since) - (x->since < y->since);
}

/* The commonest openings into sec, most games first. */
static void openings_into(opening_count *oc, qv_lab_section *sec)
{
	qsort(oc->t, (size_t)oc->n, sizeof *oc->t, by_games);
	sec->distinct_openings = oc->n;
	sec->openings_approx = oc->approx;
	sec->nopenings = oc->n < QV_LAB_OPENINGS ? oc->n : QV_LAB_OPENINGS;
	for (int i = 0; i < sec->nopenings; i++) {
		qv_lab_opening *o = &sec->opening[i];
		snprintf(o->text, sizeof o->text, "%s", oc->t[i].text);
		o->games = oc->t[i].games - oc->t[i].over;
		o->first = qv__lab_est_prop(oc->t[i].first, oc->t[i].games - oc->t[i].over);
	}
}

/* The rows `first_player` and `openings` in one pass over the main games (the openings' row
 * computes nothing of its own): each pass parses every game's line again. */
qv_status qv__lab_compute_first_player(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	opening_count *oc = calloc(1, sizeof *oc);
	if (!oc)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	int seen = 0;
	qv_lab_first *f = &sec->first;
	memset(f, 0, sizeof *f);
	int longest = src->t[0].games > 0 ? src->t[0].max : 0;
	static const int steps[3] = {1, 2, 5};
	for (long decade = 1; f->width == 0; decade *= 10)
		for (int k = 0; k < 3 && f->width == 0; k++)
			if ((longest + steps[k] * decade - 1) / (steps[k] * decade) <=
			    QV_LAB_HIST_MAX)
				f->width = (int)(steps[k] * decade);
	f->nbins = longest > 0 ? (longest + f->width - 1) / f->width : 0;
	double x = 0, n = 0, ex[QV_LAB_HIST_MAX] = {0}, en[QV_LAB_HIST_MAX] = {0};
	qv_moments eval[QV_LAB_HIST_MAX] = {{0}};
	qv__lab_scan sc;
	for (const qv_lab_game *g = qv__lab_scan_first(&sc, src, src->arms[0]); g;
	     g = qv__lab_scan_next(&sc)) {
		if (g->opening && *g->opening && g->nvalues > 0)
			count_opening(oc, g->opening, qv__lab_score_of(g, g->mover[0]), seen++);
		if (g->nvalues == 0 || g->nvalues != g->decisions)
			continue;
		double s = qv__lab_score_of(g, g->mover[0]);
		x += s;
		n++;
		int b = bin_of(f, g->decisions);
		if (b >= 0) {
			ex[b] += s;
			en[b]++;
		}
		if (searched(g))
			add_evals(f, g, eval);
	}
	qv__lab_scan_end(&sc);
	f->score = qv__lab_est_prop(x, n);
	for (int b = 0; b < f->nbins; b++) {
		f->ended[b] = qv__lab_est_prop(ex[b], en[b]);
		f->eval[b] = qv__lab_est_mean(&eval[b]);
	}
	openings_into(oc, sec);
	free(oc);
	return QV_OK;
}
