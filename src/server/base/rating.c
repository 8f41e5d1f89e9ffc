/*
 * rating.c - Glicko-2 and Weng-Lin's Plackett-Luce updates (rating.h).
 *
 * Glicko-2 follows Glickman's "Example of the Glicko-2 system" (2013) step by step, with the
 * Illinois algorithm of step 5 as the paper gives it (f(C)f(B) <= 0 moves A to B), which is
 * also lila's RatingCalculator (modules/rating/src/main/glicko2/RatingCalculator.scala, from
 * Jeremy Gooch's Java port in modules/rating/src/main/java/glicko2/): the same bracketing, the
 * tolerance 0.000001 and lila's bound of 1000 iterations. The caps are lila's Glicko.cap and
 * constants (modules/rating/src/main/Glicko.scala).
 *
 * Weng-Lin follows openskill.js (src/models/plackett-luce.ts, src/util.ts, src/rate.ts): τ²
 * added to each σ² first, c = sqrt(Σ(σ² + β²)), the tie-aware sums over the players placed at
 * or below each one, γ = σ / c, and the update of a one-player team, whose σ² is the team's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "server/base/rating.h"

/* π, which C11 leaves out of math.h (M_PI is POSIX XSI, beyond _POSIX_C_SOURCE). */
#define PI 3.14159265358979323846

#define ILLINOIS_TOLERANCE 0.000001
#define ILLINOIS_MAX       1000

/* ---- Glicko-2 ---------------------------------------------------------------------------- */

qv__glicko2 qv__glicko2_new(void)
{
	return (qv__glicko2){QV__GLICKO2_RATING, QV__GLICKO2_DEVIATION, QV__GLICKO2_VOLATILITY};
}

bool qv__glicko2_provisional(const qv__glicko2 *g)
{
	return g->deviation >= QV__GLICKO2_PROVISIONAL;
}

static double clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Whether x is a number from lo to hi (NaN is not). */
static bool within(double x, double lo, double hi) { return x >= lo && x <= hi; }

/* A rating and RD as the functions accept them, or QV_EINVAL naming `what`. */
static qv_status check_rating(double rating, double deviation, const char *what, qv_err *err)
{
	if (!within(rating, QV__GLICKO2_MIN_RATING, QV__GLICKO2_MAX_RATING))
		return qv_fail(err, QV_EINVAL, "%s: rating %g is not from %g to %g", what, rating,
		               QV__GLICKO2_MIN_RATING, QV__GLICKO2_MAX_RATING);
	if (!(deviation > 0 && deviation <= QV__GLICKO2_MAX_DEVIATION))
		return qv_fail(err, QV_EINVAL, "%s: deviation %g is not above 0 and at most %g",
		               what, deviation, QV__GLICKO2_MAX_DEVIATION);
	return QV_OK;
}

static qv_status check_player(const qv__glicko2 *g, qv_err *err)
{
	qv_status st = check_rating(g->rating, g->deviation, "player", err);
	if (st == QV_OK && !(g->volatility > 0 && g->volatility <= 1))
		return qv_fail(err, QV_EINVAL, "player: volatility %g is not above 0 and at most 1",
		               g->volatility);
	return st;
}

/* Step 3's g(φ). */
static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI)); }

/* Step 5's f(x). */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;
	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm on f from the paper's bracket [A, B];
 * 0 when it does not converge within ILLINOIS_MAX iterations (which a bracket of a continuous
 * f rules out; a guard, as lila keeps one). */
static double new_volatility(double sigma, double delta, double phi, double v, double tau)
{
	double a = log(sigma * sigma), A = a, B;
	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		int k = 1;
		while (f_of(a - k * tau, delta, phi, v, a, tau) < 0 && k < ILLINOIS_MAX)
			k++;
		B = a - k * tau;
	}
	double fa = f_of(A, delta, phi, v, a, tau), fb = f_of(B, delta, phi, v, a, tau);
	int i = 0;
	for (; fabs(B - A) > ILLINOIS_TOLERANCE && i < ILLINOIS_MAX; i++) {
		double C = A + (A - B) * fa / (fb - fa), fc = f_of(C, delta, phi, v, a, tau);
		if (fc * fb <= 0) {
			A = B;
			fa = fb;
		} else {
			fa /= 2.0;
		}
		B = C;
		fb = fc;
	}
	return i < ILLINOIS_MAX ? exp(A / 2.0) : 0;
}

static qv_status check_games(const qv__glicko2_result *games, int n, qv_err *err)
{
	if (n < 1 || n > QV__GLICKO2_MAX_GAMES || !games)
		return qv_fail(err, QV_EINVAL, "games: %d games; 1 to %d", n,
		               QV__GLICKO2_MAX_GAMES);
	for (int j = 0; j < n; j++) {
		char what[32];
		snprintf(what, sizeof what, "game %d", j + 1);
		qv_status st = check_rating(games[j].rating, games[j].deviation, what, err);
		if (st != QV_OK)
			return st;
		if (!within(games[j].score, 0, 1))
			return qv_fail(err, QV_EINVAL, "game %d: score %g is not from 0 to 1",
			               j + 1, games[j].score);
	}
	return QV_OK;
}

qv_status qv__glicko2_update(const qv__glicko2 *player, const qv__glicko2_result *games, int n,
                             double tau, double periods, qv__glicko2 *out, qv_err *err)
{
	qv_status st = check_player(player, err);
	if (st == QV_OK)
		st = check_games(games, n, err);
	if (st != QV_OK)
		return st;
	if (!(tau > 0 && isfinite(tau)))
		return qv_fail(err, QV_EINVAL, "tau %g is not above 0", tau);
	if (!(periods >= 0 && isfinite(periods)))
		return qv_fail(err, QV_EINVAL, "periods %g is not at least 0", periods);
	/* Step 2: onto the Glicko-2 scale. Steps 3 and 4: v, and the sum Δ / v. */
	double mu = (player->rating - QV__GLICKO2_RATING) / QV__GLICKO2_SCALE;
	double phi = player->deviation / QV__GLICKO2_SCALE;
	double inv_v = 0, sum = 0;
	for (int j = 0; j < n; j++) {
		double mu_j = (games[j].rating - QV__GLICKO2_RATING) / QV__GLICKO2_SCALE;
		double g = g_of(games[j].deviation / QV__GLICKO2_SCALE);
		double e = 1.0 / (1.0 + exp(-g * (mu - mu_j)));
		inv_v += g * g * e * (1.0 - e);
		sum += g * (games[j].score - e);
	}
	double v = 1.0 / inv_v, delta = v * sum;
	/* Step 5: the volatility. Step 6: RD grown for `periods`. Step 7: the new φ and μ. */
	double sigma = new_volatility(player->volatility, delta, phi, v, tau);
	if (!(sigma > 0))
		return qv_fail(err, QV_EINVAL, "the volatility did not converge");
	double phi_star = sqrt(phi * phi + periods * sigma * sigma);
	double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	double mu_new = mu + phi_new * phi_new * sum;
	/* Step 8: back onto the Glicko scale, capped. */
	out->rating = clamp(QV__GLICKO2_SCALE * mu_new + QV__GLICKO2_RATING, QV__GLICKO2_MIN_RATING,
	                    QV__GLICKO2_MAX_RATING);
	out->deviation = clamp(QV__GLICKO2_SCALE * phi_new, QV__GLICKO2_MIN_DEVIATION,
	                       QV__GLICKO2_MAX_DEVIATION);
	out->volatility = fmin(sigma, QV__GLICKO2_MAX_VOLATILITY);
	return QV_OK;
}

qv_status qv__glicko2_game(qv__glicko2 *a, qv__glicko2 *b, double score_a, double tau, qv_err *err)
{
	if (!within(score_a, 0, 1))
		return qv_fail(err, QV_EINVAL, "score %g is not from 0 to 1", score_a);
	qv__glicko2_result vs_b = {b->rating, b->deviation, score_a};
	qv__glicko2_result vs_a = {a->rating, a->deviation, 1.0 - score_a};
	qv__glicko2 new_a, new_b;
	qv_status st = qv__glicko2_update(a, &vs_b, 1, tau, 0, &new_a, err);
	if (st == QV_OK)
		st = qv__glicko2_update(b, &vs_a, 1, tau, 0, &new_b, err);
	if (st != QV_OK)
		return st;
	*a = new_a;
	*b = new_b;
	return QV_OK;
}

qv_status qv__glicko2_widen(qv__glicko2 *g, double periods, qv_err *err)
{
	qv_status st = check_player(g, err);
	if (st != QV_OK)
		return st;
	if (!(periods >= 0 && isfinite(periods)))
		return qv_fail(err, QV_EINVAL, "periods %g is not at least 0", periods);
	double phi = g->deviation / QV__GLICKO2_SCALE;
	double widened = sqrt(phi * phi + g->volatility * g->volatility * periods);
	g->deviation = clamp(QV__GLICKO2_SCALE * widened, QV__GLICKO2_MIN_DEVIATION,
	                     QV__GLICKO2_MAX_DEVIATION);
	return QV_OK;
}

/* ---- Weng-Lin, Plackett-Luce -------------------------------------------------------------- */

qv__wl qv__wl_new(void) { return (qv__wl){QV__WL_MU, QV__WL_SIGMA}; }

double qv__wl_ordinal(const qv__wl *r) { return r->mu - QV__WL_Z * r->sigma; }

double qv__wl_display(const qv__wl *r)
{
	return QV__GLICKO2_RATING + QV__WL_DISPLAY_SCALE * qv__wl_ordinal(r);
}

static qv_status check_game(const qv__wl *players, const int *rank, int n, double tau, qv_err *err)
{
	for (int i = 0; i < n; i++) {
		if (!within(players[i].mu, -QV__WL_MU_LIMIT, QV__WL_MU_LIMIT))
			return qv_fail(err, QV_EINVAL, "player %d: mu %g is not from %g to %g",
			               i + 1, players[i].mu, -QV__WL_MU_LIMIT, QV__WL_MU_LIMIT);
		if (!(players[i].sigma > 0 && players[i].sigma <= QV__WL_SIGMA_LIMIT))
			return qv_fail(err, QV_EINVAL,
			               "player %d: sigma %g is not above 0 and at most %g", i + 1,
			               players[i].sigma, QV__WL_SIGMA_LIMIT);
		if (rank[i] < 1 || rank[i] > n)
			return qv_fail(err, QV_EINVAL, "player %d: rank %d is not from 1 to %d",
			               i + 1, rank[i], n);
	}
	if (!(tau >= 0 && isfinite(tau)))
		return qv_fail(err, QV_EINVAL, "tau %g is not at least 0", tau);
	return QV_OK;
}

qv_status qv__wl_update(const qv__wl *players, const int *rank, int n, double tau, qv__wl *out,
                        qv_err *err)
{
	/* here, where the return is plain to the compiler: the arrays below hold
	 * QV__WL_MAX_PLAYERS (an optimiser that inlined this into a caller with more saw them
	 * overrun after a refusal it could not see) */
	if (n < 2 || n > QV__WL_MAX_PLAYERS || !players || !rank)
		return qv_fail(err, QV_EINVAL, "players: %d; 2 to %d", n, QV__WL_MAX_PLAYERS);
	qv_status st = check_game(players, rank, n, tau, err);
	if (st != QV_OK)
		return st;
	/* σ² with τ² added (the σ openskill's rate hands its model), c, exp(μ / c), and for each
	 * player q the sum of exp(μ / c) over those placed at or below q and the size of q's tie.
	 */
	double sigma[QV__WL_MAX_PLAYERS], s2[QV__WL_MAX_PLAYERS], e[QV__WL_MAX_PLAYERS];
	double sum_q[QV__WL_MAX_PLAYERS], c2 = 0;
	int a[QV__WL_MAX_PLAYERS];
	for (int i = 0; i < n; i++) {
		sigma[i] = sqrt(players[i].sigma * players[i].sigma + tau * tau);
		s2[i] = sigma[i] * sigma[i];
		c2 += s2[i] + QV__WL_BETA * QV__WL_BETA;
	}
	double c = sqrt(c2);
	for (int i = 0; i < n; i++)
		e[i] = exp(players[i].mu / c);
	for (int q = 0; q < n; q++) {
		sum_q[q] = 0;
		a[q] = 0;
		for (int i = 0; i < n; i++) {
			sum_q[q] += rank[i] >= rank[q] ? e[i] : 0;
			a[q] += rank[i] == rank[q];
		}
	}
	/* Ω and Δ of each player from the players placed at or above it (itself included). */
	qv__wl next[QV__WL_MAX_PLAYERS];
	for (int i = 0; i < n; i++) {
		double omega = 0, delta = 0;
		for (int q = 0; q < n; q++) {
			if (rank[q] > rank[i])
				continue;
			double quotient = e[i] / sum_q[q];
			omega += ((i == q ? 1 : 0) - quotient) / a[q];
			delta += quotient * (1 - quotient) / a[q];
		}
		double gam = sigma[i] / c; /* openskill's default γ */
		omega *= s2[i] / c;
		delta *= s2[i] / (c * c) * gam;
		next[i].mu = players[i].mu + omega;
		next[i].sigma = sigma[i] * sqrt(fmax(1 - delta, QV__WL_KAPPA));
	}
	memcpy(out, next, (size_t)n * sizeof next[0]);
	return QV_OK;
}
