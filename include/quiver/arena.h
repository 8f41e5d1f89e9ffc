/*
 * arena.h - many games between agents, on several threads, and their statistics.
 *
 * The agents are a list of specs, one per seat. Seats rotate: game i seats the agent at list
 * position (s + i) mod n in seat s, so over a multiple of n games every agent plays every seat
 * equally often. The same spec may appear several times; results are kept per list position.
 *
 * Game i is played from the seed qv_seed_mix(seed, i) (its match's seed, so the match's RNG
 * draws the chance outcomes) by fresh agents created for that game, the agent in seat s with
 * the default seed qv_seed_mix(game seed, s + 1), as `quiver play` seeds them. Games share
 * nothing, and results are stored by game index and summarized in index order, so the
 * results do not depend on the number of threads (only the timings do). Game i can be watched
 * again with `quiver play <game> --players <its seating> --seed <its seed>`.
 *
 * Every action of a game (decisions, chance outcomes, forced moves) is shown to every agent
 * with qv_agent_observe, with the state before it.
 *
 * Terms, as docs/arena.md defines them:
 * - win: rank 1 alone; draw: rank 1 shared with another player (all equal included); loss:
 *   any other rank. A game is a draw when nobody won it.
 * - length: the number of player decisions that were asked, i.e. not applied automatically as
 *   the only option; branching: the mean number of legal actions at those decisions, over all
 *   decisions of all games.
 * - capped: ended by the game's safety cap (qv_game.capped), e.g. THREE ARROWS' max_turns.
 */
#ifndef QUIVER_ARENA_H
#define QUIVER_ARENA_H

#include "agent.h"
#include "stats.h"

/* The most games one run plays (the results take about 120 bytes a game). */
#define QV_ARENA_MAX_GAMES 1000000
/* The most worker threads. */
#define QV_ARENA_MAX_THREADS 256

/* Called on the thread that runs qv_arena_run, at most about ten times a second while games
 * are played and once more when they are all done (done == total). */
typedef void (*qv_arena_progress)(void *ctx, int done, int total, double elapsed);

typedef struct qv_arena_config {
	const qv_game *game;
	qv_params params;                        /* game parameters; players must equal nagents */
	int nagents;                             /* = the number of seats */
	char specs[QV_MAX_PLAYERS][QV_NAME_MAX]; /* agent specs, by list position */
	uint64_t seed;
	int games;                  /* 1..QV_ARENA_MAX_GAMES */
	int threads;                /* 1..QV_ARENA_MAX_THREADS (capped at games) */
	const char *records_dir;    /* NULL, or a folder for game-000001.json, ... */
	qv_arena_progress progress; /* may be NULL */
	void *progress_ctx;
} qv_arena_config;

/* One finished game. Seats are 0..nagents-1 (p1..pN). */
typedef struct qv_arena_game {
	uint64_t seed;                  /* the game's seed */
	int agent[QV_MAX_PLAYERS];      /* list position of the agent in each seat */
	double utility[QV_MAX_PLAYERS]; /* per seat, from the game's returns */
	int rank[QV_MAX_PLAYERS];       /* per seat, 1 best */
	int turns;                      /* decisions asked (not automatic) */
	long long legal;                /* legal actions summed over those decisions */
	bool capped;
	double seconds; /* wall-clock time of the game */
} qv_arena_game;

typedef struct qv_arena_result {
	int games, nagents;
	qv_arena_game *game; /* [games], by game index */
	double seconds;      /* wall-clock time of the whole run */
} qv_arena_result;

/* What happened to one list position, over all its games. */
typedef struct qv_arena_agent_stats {
	int games, wins, draws, losses;
	int seat_games[QV_MAX_PLAYERS]; /* games played in each seat */
	double mean_utility;
	qv_interval utility_ci; /* Student's t, limited to [-1, 1] */
	double win_rate;
	qv_interval win_rate_ci; /* Wilson */
	/* The score fraction behind the Elo figure. Two agents: (wins + draws / 2) / games with
	 * its Wilson interval, i.e. this agent against the other. More: (mean utility + 1) / 2
	 * with the utility interval mapped the same way, i.e. against the field. */
	double score;
	qv_interval score_ci;
	double elo; /* qv_elo(score), limited to +-QV_ELO_LIMIT */
	qv_interval elo_ci;
} qv_arena_agent_stats;

/* What happened to one seat, whoever sat there. */
typedef struct qv_arena_seat_stats {
	int games, wins, draws, losses;
	double mean_utility;
	qv_interval utility_ci;
	double win_rate;
	qv_interval win_rate_ci;
} qv_arena_seat_stats;

typedef struct qv_arena_summary {
	int games, nagents;
	qv_arena_agent_stats agent[QV_MAX_PLAYERS]; /* by list position */
	qv_arena_seat_stats seat[QV_MAX_PLAYERS];   /* seat[0] is the first-seat advantage */
	double length_mean, length_sd;              /* in decisions asked */
	double branching;                           /* legal actions per decision */
	int draws;
	double draw_rate;
	qv_interval draw_rate_ci; /* Wilson */
	int capped;
	double game_seconds; /* mean wall-clock time of one game */
} qv_arena_summary;

/* The list position of the agent in `seat` of game `index` among n agents. */
int qv_arena_seat_agent(int index, int seat, int n);

/* Checks a configuration before anything is played: the counts, every agent spec (the
 * messages of qv_agent_new) and the game parameters (the messages of the game's init, and
 * the number of players against the number of agents). Nothing is written. QV_EINVAL with a
 * message naming the accepted form when something is wrong. */
qv_status qv_arena_check(const qv_arena_config *cfg, qv_err *err);

/* Plays cfg->games games on cfg->threads threads (plus the calling thread, which only waits
 * and reports progress) and fills *out (release it with qv_arena_result_free). Saves each
 * game's record as records_dir/game-NNNNNN.json (1-based, at least six digits) when
 * records_dir is set; the folder must exist. Fails when the configuration does not pass
 * qv_arena_check, when a game fails (an agent's or the game's error, with the game's index
 * and seed in the message) or when a record cannot be written; then *out is empty. */
qv_status qv_arena_run(const qv_arena_config *cfg, qv_arena_result *out, qv_err *err);
void qv_arena_result_free(qv_arena_result *r);

/* The statistics of a run, computed in game index order. */
void qv_arena_summarize(const qv_arena_result *r, qv_arena_summary *out);

#endif
