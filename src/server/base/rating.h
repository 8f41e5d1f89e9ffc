/*
 * rating.h - players' ratings as arithmetic: Glicko-2 for two-player games, as lichess runs it,
 * and Weng-Lin's Plackett-Luce model for games of three or more, as openskill runs it. No I/O,
 * no globals and no store here: the server keeps the numbers (and when each player last
 * played) and calls these functions when a rated game ends. Every function is reentrant.
 *
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013) rates a player by a rating
 * on the familiar 1500-centred scale, a deviation (RD) saying how sure that rating is, and a
 * volatility saying how erratic the player's results are. lichess updates after every game
 * (a rating period of one game, step 6 of the algorithm skipped) and widens RD separately for
 * the time since the player's last game; quiver does the same with lichess's constants:
 * a new player is 1500 with RD 500 and volatility 0.09, τ is 0.75, and a rating is provisional
 * (shown with a "?") while its RD is 110 or more. Every result is capped as lichess's
 * `Glicko.cap` caps it (lila, modules/rating/src/main/Glicko.scala): RD between 45 and 500,
 * volatility at most 0.1, rating at least 400; and at most 4000, past which lichess's
 * `sanityCheck` refuses a result.
 *
 * Weng-Lin (Ruby Weng and Chih-Jen Lin, "A Bayesian Approximation Method for Online Ranking",
 * JMLR 12, 2011) rates a player by a skill estimate μ and its uncertainty σ, and updates every
 * player of a game at once from the order they finished in, ties sharing a place. quiver uses
 * the Plackett-Luce model as openskill implements it (openskill.js `src/models/plackett-luce.ts`
 * and `src/rate.ts`, openskill.py `PlackettLuce`), one player per team: μ 25, σ 25/3, β 25/6,
 * τ 25/300 added to σ² before each update (so that σ never settles at nothing and a rating can
 * still move), κ 0.0001 the least factor σ² may shrink by in one game.
 *
 * Errors: every function that takes numbers from outside checks them and returns QV_EINVAL,
 * with a message naming the problem, on a NaN or infinity, a deviation or σ that is not
 * positive, a value outside the documented range, too few or too many players or games. On
 * failure nothing is written.
 */
#ifndef QUIVER_SERVER_BASE_RATING_H
#define QUIVER_SERVER_BASE_RATING_H

#include <stdbool.h>

#include "quiver/core.h"

/* ---- Glicko-2 ---------------------------------------------------------------------------- */

#define QV__GLICKO2_RATING     1500.0 /* a new player's rating, and the scale's centre */
#define QV__GLICKO2_DEVIATION  500.0  /* a new player's RD, and the most RD grows to */
#define QV__GLICKO2_VOLATILITY 0.09   /* a new player's volatility */
#define QV__GLICKO2_TAU        0.75   /* the system constant τ, lichess's */
/* Glickman's factor between the Glicko scale and the Glicko-2 scale (400 / ln 10). */
#define QV__GLICKO2_SCALE 173.7178
/* A rating is provisional while its RD is at least this. */
#define QV__GLICKO2_PROVISIONAL 110.0
/* The caps on every result (lichess's Glicko.cap and sanityCheck), also the accepted ranges of
 * the ratings and RDs given to the functions below (RD: above 0, at most the maximum). */
#define QV__GLICKO2_MIN_RATING     400.0
#define QV__GLICKO2_MAX_RATING     4000.0
#define QV__GLICKO2_MIN_DEVIATION  45.0
#define QV__GLICKO2_MAX_DEVIATION  500.0
#define QV__GLICKO2_MAX_VOLATILITY 0.1
/* lichess's rating periods per day of inactivity (lila's Glicko.ratingPeriodsPerDay, "chosen so
 * a typical player's RD goes from 60 -> 110 in 1 year"): days away times this is the count
 * qv__glicko2_widen takes. */
#define QV__GLICKO2_PERIODS_PER_DAY 0.21436
/* The most games one update takes (lichess's period is one game; a count above this is a
 * caller's mistake). */
#define QV__GLICKO2_MAX_GAMES 100

/* A player's Glicko-2 rating, on the Glicko scale (rating 1500-centred, RD in rating points). */
typedef struct qv__glicko2 {
	double rating;
	double deviation;
	double volatility;
} qv__glicko2;

/* One game of a rating period, as the player being updated saw it: the opponent's rating and
 * RD before the period, and the player's score (1 a win, 0.5 a draw, 0 a loss; any value from
 * 0 to 1 is accepted, as Glickman allows). */
typedef struct qv__glicko2_result {
	double rating;
	double deviation;
	double score;
} qv__glicko2_result;

/* A new player: 1500, RD 500, volatility 0.09. */
qv__glicko2 qv__glicko2_new(void);

/* Whether g's rating is provisional (RD at least QV__GLICKO2_PROVISIONAL). */
bool qv__glicko2_provisional(const qv__glicko2 *g);

/* Glickman's steps 1 to 8: the player's rating after a rating period of the n games in `games`
 * (1 to QV__GLICKO2_MAX_GAMES), with system constant tau (above 0; QV__GLICKO2_TAU is
 * lichess's), the new volatility found by the Illinois algorithm to a tolerance of 0.000001.
 * `periods` is step 6's count of rating periods that RD grows by before the games count:
 * 1 as in the paper, 0 as lichess updates a game (having widened RD already with
 * qv__glicko2_widen); at least 0. The result, capped (the caps above), goes to *out, which
 * may be player. The player's rating must lie within the caps, its RD above 0 and at most the
 * maximum, its volatility above 0 and at most 1; each opponent's rating and RD too, each score
 * from 0 to 1. */
qv_status qv__glicko2_update(const qv__glicko2 *player, const qv__glicko2_result *games, int n,
                             double tau, double periods, qv__glicko2 *out, qv_err *err);

/* One game between a and b as lichess rates it: each updated against the other's rating and
 * RD from before the game, in one rating period with no growth of RD (periods 0), a scoring
 * score_a (1, 0.5 or 0, or between) and b 1 - score_a. Both are written only when both
 * updates succeed. Widen each player's RD for the time since their last game first. */
qv_status qv__glicko2_game(qv__glicko2 *a, qv__glicko2 *b, double score_a, double tau, qv_err *err);

/* RD grown for `periods` rating periods without a game (a fraction is fine; days away times
 * QV__GLICKO2_PERIODS_PER_DAY as lichess counts them): φ' = sqrt(φ² + σ²·t) on the Glicko-2
 * scale (Glickman's step 6, lila's previewDeviation), capped to the caps' range of RD (at most
 * the 500 a new player starts with). Rating and volatility stay. periods at least 0. */
qv_status qv__glicko2_widen(qv__glicko2 *g, double periods, qv_err *err);

/* ---- Weng-Lin, Plackett-Luce -------------------------------------------------------------- */

#define QV__WL_MU          25.0           /* a new player's μ */
#define QV__WL_SIGMA       (25.0 / 3.0)   /* a new player's σ */
#define QV__WL_BETA        (25.0 / 6.0)   /* the spread of one game's performance around μ */
#define QV__WL_TAU         (25.0 / 300.0) /* the additive dynamics, added to σ² before an update */
#define QV__WL_KAPPA       0.0001         /* the least factor σ² may shrink by in one game */
#define QV__WL_Z           3.0            /* the ordinal's σs: μ - 3σ */
#define QV__WL_MAX_PLAYERS 16             /* the most players one update takes */
/* The accepted range of μ (its absolute value) and the most σ an update takes: bounds that
 * keep exp(μ / c) finite, far beyond any rating play reaches. */
#define QV__WL_MU_LIMIT    1000.0
#define QV__WL_SIGMA_LIMIT 1000.0
/* Display points per point of ordinal (about 29.48): two settled players whose μ differ by d
 * expect, under Plackett-Luce, the score two settled Glicko players expect whose ratings differ
 * by d times this. Plackett-Luce's two-player win chance is the logistic of d / c, c being
 * sqrt(2β²) once both σ are near 0; Glicko's is the logistic of the difference over
 * QV__GLICKO2_SCALE once both RDs are (g(φ) near 1). */
#define QV__WL_DISPLAY_SCALE (QV__GLICKO2_SCALE / (1.4142135623730951 * QV__WL_BETA))

/* A player's Weng-Lin rating. */
typedef struct qv__wl {
	double mu;
	double sigma;
} qv__wl;

/* A new player: μ 25, σ 25/3. */
qv__wl qv__wl_new(void);

/* Every player's rating after one game of n players (2 to QV__WL_MAX_PLAYERS), each its own
 * team: players[i] finished at rank[i] (1 the best; equal ranks are a tie; each from 1 to n,
 * so both 1, 2, 2, 4 and 1, 2, 2, 3 are accepted, only their order counts). tau is the additive
 * dynamics (QV__WL_TAU by default; 0 for none), at least 0. Writes out[0..n-1] in the players'
 * order; out may be players. Each μ must lie within ±QV__WL_MU_LIMIT, each σ above 0 and at most
 * QV__WL_SIGMA_LIMIT. */
qv_status qv__wl_update(const qv__wl *players, const int *rank, int n, double tau, qv__wl *out,
                        qv_err *err);

/* The conservative estimate shown and ranked by: μ - 3σ (0 for a new player). */
double qv__wl_ordinal(const qv__wl *r);

/* The ordinal on Glicko's scale, for display beside two-player ratings: 1500 plus
 * QV__WL_DISPLAY_SCALE times the ordinal. A new player shows 1500, as a new Glicko-2 player
 * does, and a gap between two settled players' displays means the expected score the same gap
 * means on Glicko's scale. It is not a Glicko-2 rating: being conservative, it climbs as σ
 * shrinks even for a player of average skill (μ 25 with σ 2 shows 1500 + 19 × 29.48, about
 * 2060), so the two are not to be compared or mixed. */
double qv__wl_display(const qv__wl *r);

#endif
