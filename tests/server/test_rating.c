/*
 * test_rating.c - the rating arithmetic (src/server/base/rating.c) against published worked
 * examples: Glickman's Glicko-2 example, lichess's scalachess vectors for a game rated as
 * lichess rates it, and openskill.js's Plackett-Luce vectors; then the properties the server
 * leans on (a win raises, results are symmetric, a draw between equals changes no rating,
 * provisional ratings, RD widened by time away, ties, the display scale) and every refusal.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "server/base/rating.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* got must be within tol of want. */
static void near(double got, double want, double tol, const char *what)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("%s: got %.17g, want %.17g within %g", what, got, want, tol);
}

/* ---- Glicko-2 ---------------------------------------------------------------------------- */

/* Mark Glickman, "Example of the Glicko-2 system" (2013, http://www.glicko.net/glicko/glicko2.pdf),
 * the worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300, with
 * τ = 0.5 and step 6 as the paper has it (one period). The paper prints μ' = -0.2069 and
 * φ' = 0.8722 (step 7) and, from them, r' = 1464.06, RD' = 151.52, σ' = 0.05999. Its
 * intermediate values are rounded to four places, so unrounded arithmetic gives r' 1464.0507:
 * μ' and φ' are checked to the paper's four places, r', RD' and σ' to one unit of the last
 * printed digit. */
static void test_glickman_example(void **unused)
{
	(void)unused;
	qv__glicko2 player = {1500, 200, 0.06}, out;
	qv__glicko2_result games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
	qv_err err;
	if (qv__glicko2_update(&player, games, 3, 0.5, 1, &out, &err) != QV_OK)
		fail_msg("%s", err.msg);
	near((out.rating - 1500) / QV__GLICKO2_SCALE, -0.2069, 0.00005, "mu'");
	near(out.deviation / QV__GLICKO2_SCALE, 0.8722, 0.00005, "phi'");
	near(out.rating, 1464.06, 0.01, "r'");
	near(out.deviation, 151.52, 0.01, "RD'");
	near(out.volatility, 0.05999, 0.00001, "sigma'");
	/* out may be the player itself. */
	assert_int_equal(qv__glicko2_update(&player, games, 3, 0.5, 1, &player, NULL), QV_OK);
	assert_memory_equal(&player, &out, sizeof out);
}

/* lichess's scalachess, test-kit/src/test/scala/rating/glicko/GlickoCalculatorTest.scala
 * (github.com/lichess-org/scalachess, commit cbffc9d7): a game rated as lila rates it,
 * GlickoCalculator with τ 0.75 and skipDeviationIncrease (periods 0), every case of the file:
 * three pairs of players, each with white winning, black winning and a draw. Tolerances are
 * the file's: 0.005 on ratings, 0.00005 on RDs, its own on volatilities. */
static void test_lichess_games(void **unused)
{
	(void)unused;
	static const struct {
		qv__glicko2 w, b;
		double score_w; /* white's score */
		double rating_w, rating_b, rd_w, rd_b, vol_w, vol_b, vol_tol;
	} cases[] = {
	    /* "default deviation: white wins", "black wins", "draw" */
	    {{1500, 350, 0.06},
	     {1500, 350, 0.06},
	     1,
	     1662.21,
	     1337.79,
	     290.2305,
	     290.2305,
	     0.0599993,
	     0.0599993,
	     0.0000001},
	    {{1500, 350, 0.06},
	     {1500, 350, 0.06},
	     0,
	     1337.79,
	     1662.21,
	     290.2305,
	     290.2305,
	     0.0599993,
	     0.0599993,
	     0.0000001},
	    {{1500, 350, 0.06},
	     {1500, 350, 0.06},
	     0.5,
	     1500,
	     1500,
	     290.2305,
	     290.2305,
	     0.0599977,
	     0.0599977,
	     0.0000001},
	    /* "mixed ratings and deviations" */
	    {{1400, 79, 0.06},
	     {1550, 110, 0.065},
	     1,
	     1422.63,
	     1506.32,
	     77.4956,
	     105.8706,
	     0.06,
	     0.065,
	     0.00001},
	    {{1400, 79, 0.06},
	     {1550, 110, 0.065},
	     0,
	     1389.99,
	     1568.90,
	     77.4956,
	     105.8706,
	     0.06,
	     0.065,
	     0.00001},
	    {{1400, 79, 0.06},
	     {1550, 110, 0.065},
	     0.5,
	     1406.31,
	     1537.61,
	     77.4956,
	     105.8706,
	     0.06,
	     0.065,
	     0.00001},
	    /* "more mixed ratings and deviations" */
	    {{1200, 60, 0.053},
	     {1850, 200, 0.062},
	     1,
	     1216.73,
	     1635.99,
	     59.9006,
	     196.9873,
	     0.053013,
	     0.062028,
	     0.000001},
	    {{1200, 60, 0.053},
	     {1850, 200, 0.062},
	     0,
	     1199.29,
	     1855.42,
	     59.9006,
	     196.9873,
	     0.052999,
	     0.061999,
	     0.000001},
	    {{1200, 60, 0.053},
	     {1850, 200, 0.062},
	     0.5,
	     1208.01,
	     1745.71,
	     59.9006,
	     196.9873,
	     0.053002,
	     0.062006,
	     0.000001},
	};
	for (size_t i = 0; i < LEN(cases); i++) {
		qv__glicko2 w = cases[i].w, b = cases[i].b;
		qv_err err;
		if (qv__glicko2_game(&w, &b, cases[i].score_w, QV__GLICKO2_TAU, &err) != QV_OK)
			fail_msg("case %zu: %s", i, err.msg);
		near(w.rating, cases[i].rating_w, 0.005, "white's rating");
		near(b.rating, cases[i].rating_b, 0.005, "black's rating");
		near(w.deviation, cases[i].rd_w, 0.00005, "white's RD");
		near(b.deviation, cases[i].rd_b, 0.00005, "black's RD");
		near(w.volatility, cases[i].vol_w, cases[i].vol_tol, "white's volatility");
		near(b.volatility, cases[i].vol_b, cases[i].vol_tol, "black's volatility");
	}
}

/* Two new players as lichess starts them (1500/500/0.09): scalachess's
 * test-kit/src/test/scala/rating/glicko/impl/RatingCalculatorTest.scala, "default deviation:
 * white wins" and "draw" (ratings and RDs to 1, volatilities to 1e-7 as the file has them). */
static void test_lichess_new_players(void **unused)
{
	(void)unused;
	qv__glicko2 w = qv__glicko2_new(), b = qv__glicko2_new();
	assert_int_equal(qv__glicko2_game(&w, &b, 1, QV__GLICKO2_TAU, NULL), QV_OK);
	near(w.rating, 1741, 1, "winner");
	near(b.rating, 1258, 1, "loser");
	near(w.deviation, 396, 1, "winner's RD");
	near(b.deviation, 396, 1, "loser's RD");
	near(w.volatility, 0.0899983, 0.0000001, "winner's volatility");
	near(b.volatility, 0.0899983, 0.0000001, "loser's volatility");
	w = b = qv__glicko2_new();
	assert_int_equal(qv__glicko2_game(&w, &b, 0.5, QV__GLICKO2_TAU, NULL), QV_OK);
	near(w.deviation, 396, 1, "RD after a draw");
	near(w.volatility, 0.0899954, 0.0000001, "volatility after a draw");
}

/* A win against an equal raises the winner as much as it lowers the loser; the same game told
 * from either side gives the same two ratings; a draw between equals changes no rating. */
static void test_glicko_symmetry(void **unused)
{
	(void)unused;
	qv__glicko2 a = {1620, 140, 0.07}, b = a;
	assert_int_equal(qv__glicko2_game(&a, &b, 1, QV__GLICKO2_TAU, NULL), QV_OK);
	assert_true(a.rating > 1620 && b.rating < 1620);
	near(a.rating - 1620, 1620 - b.rating, 1e-9, "gain and loss");
	assert_true(a.deviation == b.deviation && a.deviation < 140);

	qv__glicko2 x = {1480, 90, 0.06}, y = {1710, 220, 0.08}, x2 = x, y2 = y;
	assert_int_equal(qv__glicko2_game(&x, &y, 0, QV__GLICKO2_TAU, NULL), QV_OK);
	assert_int_equal(qv__glicko2_game(&y2, &x2, 1, QV__GLICKO2_TAU, NULL), QV_OK);
	assert_memory_equal(&x, &x2, sizeof x);
	assert_memory_equal(&y, &y2, sizeof y);
	assert_true(x.rating < 1480 && y.rating > 1710);

	qv__glicko2 d = {1833, 75, 0.06}, e = d;
	assert_int_equal(qv__glicko2_game(&d, &e, 0.5, QV__GLICKO2_TAU, NULL), QV_OK);
	assert_memory_equal(&d, &e, sizeof d);
	near(d.rating, 1833, 1e-9, "a draw between equals");
}

/* Provisional while RD is 110 or more: a new player is; one who has played enough against
 * settled opponents is not. */
static void test_provisional(void **unused)
{
	(void)unused;
	qv__glicko2 g = qv__glicko2_new();
	assert_true(qv__glicko2_provisional(&g));
	g.deviation = 110;
	assert_true(qv__glicko2_provisional(&g));
	g.deviation = 109.99;
	assert_false(qv__glicko2_provisional(&g));
	g = qv__glicko2_new();
	int games = 0;
	for (; qv__glicko2_provisional(&g) && games < 100; games++) {
		qv__glicko2_result vs = {1500, 60, games % 2 ? 1 : 0};
		assert_int_equal(qv__glicko2_update(&g, &vs, 1, QV__GLICKO2_TAU, 0, &g, NULL),
		                 QV_OK);
	}
	assert_false(qv__glicko2_provisional(&g));
	assert_true(games > 5 && games < 100);
}

/* RD widened for time away: lichess's ratingPeriodsPerDay is "chosen so a typical player's RD
 * goes from 60 -> 110 in 1 year" (lila, modules/rating/src/main/Glicko.scala), a typical
 * volatility being Glickman's 0.06; capped at 500; the least RD is 45; nothing else moves. */
static void test_widen(void **unused)
{
	(void)unused;
	qv__glicko2 g = {1700, 60, 0.06};
	assert_int_equal(qv__glicko2_widen(&g, 365 * QV__GLICKO2_PERIODS_PER_DAY, NULL), QV_OK);
	near(g.deviation, 110, 0.5, "RD after a year away");
	assert_true(g.rating == 1700 && g.volatility == 0.06);
	qv__glicko2 h = {1700, 60, 0.06};
	assert_int_equal(qv__glicko2_widen(&h, 0, NULL), QV_OK);
	near(h.deviation, 60, 1e-9, "RD after no time");
	assert_int_equal(qv__glicko2_widen(&h, 1e6, NULL), QV_OK);
	assert_true(h.deviation == QV__GLICKO2_MAX_DEVIATION);
	qv__glicko2 k = {1700, 30, 0.06};
	assert_int_equal(qv__glicko2_widen(&k, 0.5, NULL), QV_OK);
	assert_true(k.deviation == QV__GLICKO2_MIN_DEVIATION);
	/* A longer absence widens more. */
	qv__glicko2 p = {1500, 80, 0.06}, q = p;
	assert_int_equal(qv__glicko2_widen(&p, 3, NULL), QV_OK);
	assert_int_equal(qv__glicko2_widen(&q, 30, NULL), QV_OK);
	assert_true(80 < p.deviation && p.deviation < q.deviation);
}

/* Results are capped as lila caps them: no rating under 400 (nor over 4000), no RD under 45. */
static void test_glicko_caps(void **unused)
{
	(void)unused;
	qv__glicko2 low = {420, 300, 0.09};
	qv__glicko2_result lost = {420, 50, 0};
	assert_int_equal(qv__glicko2_update(&low, &lost, 1, QV__GLICKO2_TAU, 0, &low, NULL), QV_OK);
	assert_true(low.rating == QV__GLICKO2_MIN_RATING);
	qv__glicko2 high = {3980, 300, 0.09};
	qv__glicko2_result won = {3980, 50, 1};
	assert_int_equal(qv__glicko2_update(&high, &won, 1, QV__GLICKO2_TAU, 0, &high, NULL),
	                 QV_OK);
	assert_true(high.rating == QV__GLICKO2_MAX_RATING);
	qv__glicko2 sure = {1500, 46, 0.06};
	qv__glicko2_result many[QV__GLICKO2_MAX_GAMES];
	for (int j = 0; j < QV__GLICKO2_MAX_GAMES; j++)
		many[j] = (qv__glicko2_result){1500, 45, j % 2 ? 1 : 0};
	assert_int_equal(
	    qv__glicko2_update(&sure, many, QV__GLICKO2_MAX_GAMES, QV__GLICKO2_TAU, 0, &sure, NULL),
	    QV_OK);
	assert_true(sure.deviation == QV__GLICKO2_MIN_DEVIATION);
}

/* Each bad input refused with a message, nothing written. */
static void test_glicko_refusals(void **unused)
{
	(void)unused;
	const qv__glicko2 good = {1500, 200, 0.06};
	const qv__glicko2_result game = {1400, 30, 1};
	const qv__glicko2 players[] = {
	    {NAN, 200, 0.06},  {1500, NAN, 0.06}, {1500, 0, 0.06},       {1500, -5, 0.06},
	    {1500, 200, 0},    {1500, 200, NAN},  {INFINITY, 200, 0.06}, {300, 200, 0.06},
	    {1500, 501, 0.06}, {1500, 200, 2},
	};
	const qv__glicko2_result games[] = {
	    {NAN, 30, 1},     {1400, 0, 1},    {1400, NAN, 1}, {1400, 30, 1.5},
	    {1400, 30, -0.5}, {1400, 30, NAN}, {5000, 30, 1},
	};
	qv__glicko2 out = {1, 2, 3};
	const qv__glicko2 untouched = out;
	qv_err err;
	for (size_t i = 0; i < LEN(players); i++) {
		assert_int_equal(qv__glicko2_update(&players[i], &game, 1, 0.5, 1, &out, &err),
		                 QV_EINVAL);
		assert_non_null(strstr(err.msg, "player"));
		qv__glicko2 w = players[i];
		assert_int_equal(qv__glicko2_widen(&w, 1, NULL), QV_EINVAL);
	}
	for (size_t i = 0; i < LEN(games); i++) {
		assert_int_equal(qv__glicko2_update(&good, &games[i], 1, 0.5, 1, &out, &err),
		                 QV_EINVAL);
		assert_non_null(strstr(err.msg, "game 1"));
	}
	assert_int_equal(qv__glicko2_update(&good, &game, 0, 0.5, 1, &out, &err), QV_EINVAL);
	assert_int_equal(qv__glicko2_update(&good, NULL, 1, 0.5, 1, &out, &err), QV_EINVAL);
	assert_int_equal(
	    qv__glicko2_update(&good, &game, QV__GLICKO2_MAX_GAMES + 1, 0.5, 1, &out, &err),
	    QV_EINVAL);
	assert_non_null(strstr(err.msg, "games"));
	const double taus[] = {0, -0.5, NAN, INFINITY};
	for (size_t i = 0; i < LEN(taus); i++)
		assert_int_equal(qv__glicko2_update(&good, &game, 1, taus[i], 1, &out, &err),
		                 QV_EINVAL);
	const double periods[] = {-1, NAN, INFINITY};
	for (size_t i = 0; i < LEN(periods); i++) {
		assert_int_equal(qv__glicko2_update(&good, &game, 1, 0.5, periods[i], &out, &err),
		                 QV_EINVAL);
		qv__glicko2 w = good;
		assert_int_equal(qv__glicko2_widen(&w, periods[i], &err), QV_EINVAL);
		assert_memory_equal(&w, &good, sizeof w);
	}
	assert_memory_equal(&out, &untouched, sizeof out);
	/* A game: a bad score, or a bad player on either side, changes neither. */
	qv__glicko2 a = good, b = {1500, -1, 0.06};
	assert_int_equal(qv__glicko2_game(&a, &b, 1, QV__GLICKO2_TAU, &err), QV_EINVAL);
	assert_memory_equal(&a, &good, sizeof a);
	b = good;
	assert_int_equal(qv__glicko2_game(&a, &b, 2, QV__GLICKO2_TAU, &err), QV_EINVAL);
	assert_int_equal(qv__glicko2_game(&a, &b, NAN, QV__GLICKO2_TAU, &err), QV_EINVAL);
	assert_memory_equal(&a, &good, sizeof a);
	assert_memory_equal(&b, &good, sizeof b);
}

/* ---- Weng-Lin, Plackett-Luce -------------------------------------------------------------- */

/* One published game: players (μ, σ) placed at rank, τ, and what openskill.js returns. */
typedef struct wl_case {
	const char *name;
	int n;
	double tau;
	qv__wl in[5];
	int rank[5];
	qv__wl want[5];
} wl_case;

/* openskill.js's outputs are printed to all of a double's digits; a sum taken in another order
 * may differ in the last few, so within 1e-12. */
static void check_wl(const wl_case *c)
{
	qv__wl out[5];
	qv_err err;
	if (qv__wl_update(c->in, c->rank, c->n, c->tau, out, &err) != QV_OK)
		fail_msg("%s: %s", c->name, err.msg);
	for (int i = 0; i < c->n; i++) {
		if (fabs(out[i].mu - c->want[i].mu) > 1e-12 ||
		    fabs(out[i].sigma - c->want[i].sigma) > 1e-12)
			fail_msg("%s, player %d: got (%.17g, %.17g), want (%.17g, %.17g)", c->name,
			         i + 1, out[i].mu, out[i].sigma, c->want[i].mu, c->want[i].sigma);
	}
}

#define NEW                                                                                        \
	{                                                                                          \
		25, 25.0 / 3                                                                       \
	}

/* openskill.js (github.com/philihp/openskill.js, commit 0bf4361f),
 * src/models/__tests__/plackett-luce.test.ts: the model called directly, so with no τ, new
 * players finishing in order: "2p FFA", "3p FFA", "4p FFA", "5p FFA". */
static void test_wl_model_vectors(void **unused)
{
	(void)unused;
	static const wl_case cases[] = {
	    {"2p FFA",
	     2,
	     0,
	     {NEW, NEW},
	     {1, 2},
	     {{27.63523138347365, 8.065506316323548}, {22.36476861652635, 8.065506316323548}}},
	    {"3p FFA",
	     3,
	     0,
	     {NEW, NEW, NEW},
	     {1, 2, 3},
	     {{27.868876552746237, 8.204837030780652},
	      {25.717219138186557, 8.057829747583874},
	      {21.413904309067206, 8.057829747583874}}},
	    {"4p FFA",
	     4,
	     0,
	     {NEW, NEW, NEW, NEW},
	     {1, 2, 3, 4},
	     {{27.795084971874736, 8.263160757613477},
	      {26.552824984374855, 8.179213704945203},
	      {24.68943500312503, 8.083731307186588},
	      {20.96265504062538, 8.083731307186588}}},
	    {"5p FFA",
	     5,
	     0,
	     {NEW, NEW, NEW, NEW, NEW},
	     {1, 2, 3, 4, 5},
	     {{27.666666666666668, 8.290556877154474},
	      {26.833333333333332, 8.240145629781066},
	      {25.72222222222222, 8.179996679645559},
	      {24.055555555555557, 8.111796013701358},
	      {20.72222222222222, 8.111796013701358}}},
	};
	for (size_t i = 0; i < LEN(cases); i++)
		check_wl(&cases[i]);
}

/* openskill.js, src/__tests__/rate.test.ts: `rate`, which adds τ² to each σ² (25/300 unless
 * given) and takes ranks in any order, ties included, with players one to a team: "rate accepts
 * and runs a placket-luce model by default", "... with tau" (0.01), "reverses rank", "accepts a
 * misordered rank ordering", "accepts a rate ordering", "allows ties", "four-way-tie with
 * newbies". */
static void test_wl_rate_vectors(void **unused)
{
	(void)unused;
	static const wl_case cases[] = {
	    {"by default",
	     4,
	     QV__WL_TAU,
	     {{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, NEW},
	     {1, 2, 3, 4},
	     {{30.210227447000438, 4.765617924939384},
	      {27.644725221915632, 4.883479590134575},
	      {17.4036218889969, 6.101259408259549},
	      {19.21460876538932, 7.854669920480409}}},
	    {"with tau",
	     4,
	     0.01,
	     {{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, NEW},
	     {1, 2, 3, 4},
	     {{30.20997558824299, 4.764909330988368},
	      {27.64461002009721, 4.882799245921361},
	      {17.403587237635527, 6.100731158882956},
	      {19.21478808745494, 7.854267281042293}}},
	    {"reverses rank",
	     2,
	     QV__WL_TAU,
	     {NEW, NEW},
	     {2, 1},
	     {{22.364610506859503, 8.06590141354368}, {27.635389493140497, 8.06590141354368}}},
	    {"misordered ranks",
	     4,
	     QV__WL_TAU,
	     {NEW, NEW, NEW, NEW},
	     {2, 1, 4, 3},
	     {{26.55291815138952, 8.17961798837266},
	      {27.795252672501135, 8.263571791259416},
	      {20.962412806387245, 8.084127880168786},
	      {24.689416369722096, 8.084127880168786}}},
	    {"a rate ordering",
	     4,
	     QV__WL_TAU,
	     {{15, 25.0 / 3}, {20, 25.0 / 3}, {25, 25.0 / 3}, {30, 25.0 / 3}},
	     {1, 3, 4, 2},
	     {{18.131120980297805, 8.283536573151807},
	      {20.405169039419135, 8.107860440531121},
	      {20.65583040714804, 8.082574596348321},
	      {30.80787957313502, 8.155100416275928}}},
	    {"allows ties",
	     3,
	     QV__WL_TAU,
	     {{10, 8}, {5, 10}, {0, 12}},
	     {1, 2, 2},
	     {{11.942996666741225, 7.926888197620324},
	      {2.9381178546315034, 9.653804487570165},
	      {-1.4024317012198733, 11.323641575516767}}},
	    {"four-way tie",
	     4,
	     QV__WL_TAU,
	     {NEW, NEW, NEW, NEW},
	     {1, 1, 1, 1},
	     {{25, 8.263571791259416},
	      {25, 8.263571791259416},
	      {25, 8.263571791259416},
	      {25, 8.263571791259416}}},
	};
	for (size_t i = 0; i < LEN(cases); i++)
		check_wl(&cases[i]);
}

/* The players' order does not matter, ranks do; the output may be the input; ranks 1, 2, 2, 4
 * and 1, 2, 2, 3 say the same; a win raises, a loss lowers, and each σ shrinks (no τ). */
static void test_wl_order(void **unused)
{
	(void)unused;
	const qv__wl in[] = {{31, 3}, {22, 6}, {25, 25.0 / 3}, {18, 5}};
	const int rank[] = {3, 1, 2, 2}, dense[] = {4, 1, 2, 2};
	const int perm[] = {2, 0, 3, 1};
	qv__wl out[4], other[4], shuffled[4];
	int shuffled_rank[4];
	assert_int_equal(qv__wl_update(in, rank, 4, QV__WL_TAU, out, NULL), QV_OK);
	assert_int_equal(qv__wl_update(in, dense, 4, QV__WL_TAU, other, NULL), QV_OK);
	assert_memory_equal(out, other, sizeof out);
	for (int i = 0; i < 4; i++) {
		shuffled[i] = in[perm[i]];
		shuffled_rank[i] = rank[perm[i]];
	}
	assert_int_equal(qv__wl_update(shuffled, shuffled_rank, 4, QV__WL_TAU, other, NULL), QV_OK);
	for (int i = 0; i < 4; i++) {
		near(other[i].mu, out[perm[i]].mu, 1e-12, "mu, shuffled");
		near(other[i].sigma, out[perm[i]].sigma, 1e-12, "sigma, shuffled");
	}
	assert_true(out[1].mu > in[1].mu && out[0].mu < in[0].mu);
	qv__wl same[4];
	memcpy(same, in, sizeof same);
	assert_int_equal(qv__wl_update(same, rank, 4, QV__WL_TAU, same, NULL), QV_OK);
	assert_memory_equal(same, out, sizeof out);
	assert_int_equal(qv__wl_update(in, rank, 4, 0, other, NULL), QV_OK);
	for (int i = 0; i < 4; i++)
		assert_true(other[i].sigma < in[i].sigma);
}

/* The ordinal, μ - 3σ, and its display on Glicko's scale: a new player shows 1500, a point of
 * ordinal is QV__WL_DISPLAY_SCALE (about 29.48) display points. */
static void test_wl_display(void **unused)
{
	(void)unused;
	qv__wl r = qv__wl_new();
	near(qv__wl_ordinal(&r), 0, 1e-12, "a new player's ordinal");
	near(qv__wl_display(&r), 1500, 1e-9, "a new player's display");
	r = (qv__wl){30, 2};
	near(qv__wl_ordinal(&r), 24, 1e-12, "ordinal");
	near(QV__WL_DISPLAY_SCALE, 29.4809, 0.0001, "the display's scale");
	near(qv__wl_display(&r), 1500 + 24 * QV__WL_DISPLAY_SCALE, 1e-9, "display");
	r = (qv__wl){20, 25.0 / 3};
	assert_true(qv__wl_display(&r) < 1500);
}

/* Each bad input refused with a message, nothing written. */
static void test_wl_refusals(void **unused)
{
	(void)unused;
	qv__wl in[QV__WL_MAX_PLAYERS + 1];
	int rank[QV__WL_MAX_PLAYERS + 1];
	for (int i = 0; i <= QV__WL_MAX_PLAYERS; i++) {
		in[i] = qv__wl_new();
		rank[i] = 1;
	}
	qv__wl out[QV__WL_MAX_PLAYERS + 1];
	memset(out, 0, sizeof out);
	qv_err err;
	assert_int_equal(qv__wl_update(in, rank, 1, QV__WL_TAU, out, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "players"));
	assert_int_equal(qv__wl_update(in, rank, QV__WL_MAX_PLAYERS + 1, QV__WL_TAU, out, &err),
	                 QV_EINVAL);
	assert_int_equal(qv__wl_update(in, rank, QV__WL_MAX_PLAYERS, QV__WL_TAU, out, &err), QV_OK);
	memset(out, 0, sizeof out);
	assert_int_equal(qv__wl_update(NULL, rank, 3, QV__WL_TAU, out, &err), QV_EINVAL);
	assert_int_equal(qv__wl_update(in, NULL, 3, QV__WL_TAU, out, &err), QV_EINVAL);
	const qv__wl bad[] = {{NAN, 8},      {25, NAN},      {25, 0},   {25, -1},
	                      {INFINITY, 8}, {25, INFINITY}, {2000, 8}, {25, 2000}};
	for (size_t i = 0; i < LEN(bad); i++) {
		qv__wl three[] = {qv__wl_new(), bad[i], qv__wl_new()};
		const int order[] = {1, 2, 3};
		assert_int_equal(qv__wl_update(three, order, 3, QV__WL_TAU, out, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "player 2"));
	}
	const int ranks[][3] = {{0, 1, 2}, {1, 4, 2}, {-1, 1, 1}};
	for (size_t i = 0; i < LEN(ranks); i++) {
		assert_int_equal(qv__wl_update(in, ranks[i], 3, QV__WL_TAU, out, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "rank"));
	}
	const double taus[] = {-0.1, NAN, INFINITY};
	for (size_t i = 0; i < LEN(taus); i++)
		assert_int_equal(qv__wl_update(in, rank, 3, taus[i], out, &err), QV_EINVAL);
	for (int i = 0; i <= QV__WL_MAX_PLAYERS; i++)
		assert_true(out[i].mu == 0 && out[i].sigma == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_glickman_example),
	    cmocka_unit_test(test_lichess_games),
	    cmocka_unit_test(test_lichess_new_players),
	    cmocka_unit_test(test_glicko_symmetry),
	    cmocka_unit_test(test_provisional),
	    cmocka_unit_test(test_widen),
	    cmocka_unit_test(test_glicko_caps),
	    cmocka_unit_test(test_glicko_refusals),
	    cmocka_unit_test(test_wl_model_vectors),
	    cmocka_unit_test(test_wl_rate_vectors),
	    cmocka_unit_test(test_wl_order),
	    cmocka_unit_test(test_wl_display),
	    cmocka_unit_test(test_wl_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
