/*
 * lab.h - the designer's lab (docs/lab.md): a study of a game's variant by self-play, its
 * metrics with intervals, and the causal effect of each component.
 *
 * A study is a plan of *arms*, each a number of games of one kind, laid end to end so that
 * every game of the study has one index in [0, total):
 *   for each player count N (ascending):
 *     main      the variant, played by the study's agents          (games)
 *     baseline  the baseline variant, the same agents               (games; with a baseline)
 *     for each component k: the entries of the variant's studied block (qv_components.studied)
 *     in its order, then the abilities they carry (qv_components.abilities) in order of first
 *     appearance:
 *       ablate   the variant without k (qv_components.ablate, or
 *                qv_variant_without_ability)                         (component_games)
 *       restrict one seat forbidden k, the others not               (component_games)
 *     for each rung k of the skill ladder (ladder_lo..ladder_hi):
 *       ladder   one seat ismcts 2^(k+1) iterations, the others 2^k  (ladder_games)
 *     luck       one seat `random`, the others the study's first agent  (luck_games)
 * Seats rotate within an arm: in the arm's game j, seat s plays the arm's agent (s + j) mod
 * nagents (main, baseline, ablate: the study's agents); in restrict, ladder and luck the one
 * distinct seat is seat j mod N, but in restricted play of a component one side holds, the
 * seat holding that side (qv_lab_forbidden_seat).
 *
 * Game i is seeded by qv_seed_mix(seed, i) (qv_lab_game_seed), so nothing depends on threads
 * or on how the range is cut into shards; except that game j of a baseline arm takes the seeds
 * of game j of the main arm of its player count, while that arm has one, game j of
 * component k's ablate arm those of game j of k's control arm, and game j of its restrict arm
 * those of its twin's (qv_lab_twin_of) (common random numbers: the report compares the two
 * game by game). With `paired`,
 * the games of one rotation (j = r*N .. r*N+N-1 of an arm) share their chance: the match's
 * seed is qv_seed_mix(seed, first index of the rotation), the agents' seeds still derive from
 * the game's seed.
 *
 * A played game becomes one compact text line (qv_lab_line_write); a shard is a header line
 * (the study's configuration and the range it plays, JSON) and its games' lines. Everything
 * the lab reports is computed from parsed lines in index order (qv_lab_compute), both after a
 * run and after a merge: so a merge of shards that tile [0, total) gives the same bytes as
 * one machine's run.
 *
 * Thread-safety: qv_lab_run plays on its own threads; everything else is plain functions over
 * the values given.
 */
#ifndef QUIVER_LAB_H
#define QUIVER_LAB_H

#include <signal.h>
#include <stdio.h>

#include "quiver/agent.h"
#include "quiver/stats.h"
#include "quiver/variant.h"

#define QV_LAB_FORMAT         4  /* the shard format's version ("quiver_lab") */
#define QV_LAB_MAX_COMPONENTS 64 /* components a study examines one by one */
#define QV_LAB_LADDER_LO      4  /* the skill ladder's rungs k: 2^(k+1) against 2^k */
#define QV_LAB_LADDER_HI      10
#define QV_LAB_MAX_RUNGS      16     /* rungs one study may climb (2^17 iterations at the top) */
#define QV_LAB_CURVE          10     /* points of the tension curve over game time */
#define QV_LAB_HIST_MAX       40     /* bins of a length histogram */
#define QV_LAB_NOVALUE        -32768 /* a decision without a search value */
#define QV_LAB_Q              0.05   /* the Benjamini-Hochberg false discovery rate */
#define QV_LAB_MAX_ROUNDS     40     /* rounds of an adaptive study after its first */
/* The most games of one study. Nothing in memory grows with them (a study's games go to a
 * file as they finish); the file takes a few hundred bytes a game, more with search values. */
#define QV_LAB_MAX_GAMES 10000000

/* What a game tells the lab (its qv_components' board and touched: qv_lab_board,
 * qv_lab_touch, QV_LAB_MAX_SQUARES) is declared in variant.h, with the games, which fill it
 * without knowing the lab. */

/* ---- the study ---- */

typedef enum qv_lab_arm_kind {
	QV_LAB_MAIN,
	QV_LAB_BASELINE,
	QV_LAB_ABLATE,
	QV_LAB_RESTRICT,
	QV_LAB_LADDER,
	QV_LAB_LUCK,
	/* The study's variant on the seeds of component k's ablate arm: its paired reference
	 * (each component has its own, so that no two components' tests share one arm's luck). */
	QV_LAB_CONTROL,
} qv_lab_arm_kind;

/* One round of an adaptive study after its first (qv_lab_config.adaptive): the components
 * (bit k) of each player count (by its place in qv_lab_config.players) that play games_ablate
 * more control and ablation games each, and those that play games_restrict more games of
 * restricted play. */
typedef struct qv_lab_round {
	int games_ablate, games_restrict;
	uint64_t ablate[QV_MAX_PLAYERS];
	uint64_t restricted[QV_MAX_PLAYERS];
} qv_lab_round;

/* What the user asked for: everything that decides the games (the header of a shard). */
typedef struct qv_lab_config {
	const qv_game *game;
	const qv_variant *variant;  /* never NULL (the built-in set when none was given) */
	const qv_variant *baseline; /* NULL: no baseline */
	/* The file names the user gave them (their last path component, for the reproduction
	 * command; "" for none): part of the header, so that a merge and a run agree. */
	char variant_file[256], baseline_file[256];
	qv_params params; /* game parameters besides players and variant */
	int nagents;
	char agents[QV_MAX_PLAYERS][QV_NAME_MAX];
	int players[QV_MAX_PLAYERS]; /* the player counts studied, ascending */
	int nplayers;
	int games;           /* per player count, main and baseline arms (a multiple of N) */
	int component_games; /* per component and player count, ablate and restrict arms; 0: none */
	int ladder_games;    /* per rung and player count; 0: no ladder */
	int luck_games;      /* per player count, random against the study's first agent; 0: none */
	int ladder_lo, ladder_hi;
	bool paired;
	/* Where the game gives each seat its own components (qv_components.sides: decks), the
	 * lab swaps them between the seats in every other rotation of an arm, so that seats and
	 * sides are told apart; fixed_sides keeps each seat's own (the parameters as given). */
	bool fixed_sides;
	/* The components studied by ablation and restricted play: ids separated by commas, and
	 * the words `entries` (every entry of the studied block: cards, pieces, items) and
	 * `abilities`; "" studies them all. The others are listed, with their play rates, and
	 * have no tests. */
	char components[1024];
	/* A sweep's --vary text (src/lab/sweep.h): the header of a sweep's shard carries it, the
	 * rest of the configuration being the study each value plays; "" for a study. */
	char sweep[256];
	/* --until-settled: the width every component's intervals are played down to, round
	 * after round of twice the component games, up to settle_cap; 0: one round. In the
	 * header, so that a resumed study goes on settling; it decides nothing of a round's
	 * games. */
	double settle_width;
	int settle_cap;
	/* The practical margins (--margin): a component's score test is flagged only when its
	 * interval lies beyond +-margin_score (a fraction: 0.02 is 2 points), its length test
	 * beyond +-margin_length decisions; one whose interval lies inside is "within the margin"
	 * (equivalence: two one-sided tests at 2.5% each), else "unsettled". 0: no margin. In
	 * the header: it decides the report, so a merge and a resumed study must agree on it. */
	double margin_score, margin_length;
	/* --adaptive (docs/lab/report.md, "Adaptive whole-set studies"): component_games is the
	 * budget, the games per component and arm a fixed allocation would give; the first round
	 * plays first_games per arm for every component studied, and each later round (round[0]
	 * .. round[nrounds - 1], decided from the games before it: qv_lab_next_round) plays more
	 * games of the components whose place in a list is not yet settled, until the first of
	 * each list is separated from the others or the budget is spent. The rounds decided are
	 * in the header, so that a resumed study, a shard of a round and a merge agree. */
	bool adaptive;
	int first_games;
	int nrounds;
	qv_lab_round round[QV_LAB_MAX_ROUNDS];
	uint64_t seed;
	char version[32]; /* quiver's version (QV_VERSION): merge refuses shards of another */
} qv_lab_config;

/* One arm of the plan. */
typedef struct qv_lab_arm {
	qv_lab_arm_kind kind;
	int players;
	int component; /* ABLATE, CONTROL, RESTRICT: the component's index; LADDER: the rung k */
	int round;     /* an adaptive study's round (0: the first, or a study that is not) */
	const qv_variant *variant;
	int first, games; /* indices [first, first + games) of the study */
	int nagents;
	char agents[QV_MAX_PLAYERS][QV_NAME_MAX];
} qv_lab_arm;

typedef struct qv_lab_plan {
	qv_lab_config cfg;
	int ncomponents;
	/* ids: the studied block's entries in the variant's order ([0, nentries)), then its
	 * abilities ("ability:firestorm") */
	char component[QV_LAB_MAX_COMPONENTS][QV_NAME_MAX];
	int nentries;
	/* the entries whose actions count for component k (bit i for entry i): k itself for an
	 * entry, those that carry it for an ability; what restricted play forbids */
	uint64_t members[QV_LAB_MAX_COMPONENTS];
	int narms;
	qv_lab_arm *arm; /* [narms], in index order */
	int total;       /* games of the whole study */
	/* The sides, when they rotate (cfg.fixed_sides unset and the game has them): side k
	 * is what the parameter qv_components.sides[k] gives (its value: "expedition", or the
	 * parameter's name for a list of cards), held by seat k in a game that is not swapped
	 * (qv_lab_swapped) and by the other seat in one that is. nsides 0: none. */
	int nsides;
	char side[QV_MAX_PLAYERS][QV_NAME_MAX];
	bool studied[QV_LAB_MAX_COMPONENTS]; /* component k gets ablate and restrict arms */
	/* Where the sides rotate at two players and the study has one agent (restricted play has
	 * twins): 1 + the seat that holds component k as a game that is not swapped starts, when
	 * one seat alone does (a card of one deck); 0 when both do, or neither, or otherwise.
	 * Restricted play forbids k to its holder (qv_lab_forbidden_seat): forbidding a seat that
	 * holds none changes nothing. */
	int holder[QV_LAB_MAX_COMPONENTS];
} qv_lab_plan;

/* Lays out the arms of cfg (ablated variants loaded through qv_variant_from_json). QV_EINVAL
 * naming the problem when the configuration is not playable (players outside the game's
 * range, an agent spec refused, too many games in all). Release with qv_lab_plan_free. */
qv_status qv_lab_plan_make(const qv_lab_config *cfg, qv_lab_plan *out, qv_err *err);
void qv_lab_plan_free(qv_lab_plan *p);
/* The seed of game i of the plan: its agents' seeds derive from it, and so does its chance
 * (without `paired`, it is the match's seed). */
uint64_t qv_lab_game_seed(const qv_lab_plan *p, int i);

/* The value of side parameter `key` (qv_components.sides) in a game of variant v (NULL: the
 * study's) that is not swapped: as cfg gives it (--param), else as the variant's own `params`
 * give it, else the game's default. A swap exchanges these values, the study's own decks,
 * never the game's defaults. */
const char *qv_lab_side_value(const qv_lab_config *cfg, const qv_variant *v, const char *key);

/* Whether game i plays with the sides swapped (seat 0 holds side 1 and seat 1 side 0): in
 * every other rotation of its arm, when the plan's sides rotate. */
bool qv_lab_swapped(const qv_lab_plan *p, int i);
/* The games of one rotation of arm a: its games are whole rotations, and with `paired` the
 * games of one share their chance, so that the rotation, not the game, is the unit of a test
 * that treats its units as independent. */
int qv_lab_rotation(const qv_lab_arm *a);

/* The games an arm of kind at `players` is rounded up to: whole rotations, and pairs of them
 * where the sides rotate. */
int qv_lab_arm_unit(const qv_lab_plan *p, qv_lab_arm_kind kind, int players);

/* The arm holding game index i. */
const qv_lab_arm *qv_lab_arm_of(const qv_lab_plan *p, int i);
/* The first arm of kind for `players` (and, for ABLATE, CONTROL and RESTRICT, component k),
 * or NULL. */
const qv_lab_arm *qv_lab_find_arm(const qv_lab_plan *p, qv_lab_arm_kind kind, int players, int k);
/* The control arm an ablate arm (of p's array) is paired with, game j with game j: the
 * nearest before it of its component and player count (each round of an adaptive study has
 * its own pair), else the first of them; NULL when there is none. */
const qv_lab_arm *qv_lab_control_of(const qv_lab_plan *p, const qv_lab_arm *ablate);
/* The twin of restricted play's arm r: the control arm of its component, player count and
 * round when that arm's agents are r's (one agent, the same), else NULL. Game j of r is played
 * on the seeds of the twin's game j (qv_lab_game_seed): the two differ only by the seat
 * forbidden the component. */
const qv_lab_arm *qv_lab_twin_of(const qv_lab_plan *p, const qv_lab_arm *r);
/* The games of a round's control arm of a component (one with an ablated variant) for
 * `ablate` games of ablation and `restricted` of restricted play (0: none): as many as the
 * longer arm it is paired with, restricted play being paired with it (its twin) only where the
 * study's agents play both arms alike (one agent). */
long qv_lab_control_games(const qv_lab_config *cfg, long ablate, long restricted);

/* ---- one game, as a line ---- */

typedef struct qv_lab_count {
	uint8_t seat;
	uint16_t item;      /* a component index, or a square */
	uint32_t available; /* components: decisions at which it was among the legal actions */
	uint32_t chosen;    /* components: decisions that played it; squares: times touched;
	                     * held: copies */
	int32_t captures;   /* components: the seat's captures from each play of it until its
	                     * next play or its turn comes round again (qv_components.captured;
	                     * may fall: a card brought back) */
} qv_lab_count;

typedef struct qv_lab_game {
	int index;
	int players;
	int agent[QV_MAX_PLAYERS]; /* the arm's agent in each seat */
	double utility[QV_MAX_PLAYERS];
	int rank[QV_MAX_PLAYERS];
	int decisions;   /* decisions asked (more than one option, or secret) */
	int positions;   /* positions where a player was to move, forced ones included */
	long long legal; /* legal actions summed over the decisions asked */
	bool capped;
	int nvalues;
	uint8_t *mover; /* per decision asked: the seat, */
	int16_t *value; /* and its search value in thousandths of utility, or QV_LAB_NOVALUE */
	int ncomp;
	qv_lab_count *comp; /* per seat and component touched: available, chosen */
	int nsquare;
	qv_lab_count *square; /* per seat and square touched: chosen = times */
	int nheld;
	qv_lab_count *held; /* per seat and component it holds as the game starts: chosen = copies
	                     * (qv_components.held; an ability, the copies that carry it) */
	char *opening;      /* each seat's first decision in notation, " / " between them */
} qv_lab_game;

void qv_lab_game_free(qv_lab_game *g);

/* Appends game g's line (no newline) to out. */
void qv_lab_line_write(const qv_lab_game *g, qv_buf *out);
/* Parses one line (without its newline) into *g (release with qv_lab_game_free). QV_EINVAL
 * naming the field and the expected form on anything malformed. */
qv_status qv_lab_line_read(const char *line, size_t len, qv_lab_game *g, qv_err *err);

/* ---- running (src/lab/play.c) ---- */

/* How far a run has come: the games played and to play (those skipped left out), the same
 * weighted by each game's expected cost (qv_lab_arm_cost: a ladder game of 2048 iterations
 * weighs as much as twenty of 100), and the seconds since it started. */
typedef struct qv_lab_progress_info {
	int done, total;
	double work_done, work_total;
	double elapsed;
} qv_lab_progress_info;

typedef void (*qv_lab_progress)(void *ctx, const qv_lab_progress_info *info);

/* Where the games a run plays go. */
typedef struct qv_lab_sink {
	/* Takes game g, played (its index the plan's), on a worker thread, in the order the
	 * games finish; it owns g's arrays from then on (qv_lab_game_free), whatever it returns.
	 * A failure stops the run with its message. */
	qv_status (*game)(void *ctx, qv_lab_game *g, qv_err *err);
	void *ctx;
	/* Whether game index is played already (a resumed study): it is not played again. NULL:
	 * none is. */
	bool (*skip)(void *ctx, int index);
	/* Read before each game starts: once it is non-zero (a signal handler sets it), no game
	 * starts, and the games being played finish. NULL: never. */
	volatile sig_atomic_t *stop;
	/* Called on the calling thread at most every tenth of a second while games run. */
	qv_lab_progress progress;
	void *progress_ctx;
} qv_lab_sink;

/* Plays the games [lo, hi) of the plan on `threads` threads into the sink, those it skips
 * left out. *stopped (may be NULL) says whether sink->stop ended the run before every game
 * was played. Fails with the game's index and seed when a game fails. */
qv_status qv_lab_play_into(const qv_lab_plan *p, int lo, int hi, int threads,
                           const qv_lab_sink *sink, bool *stopped, qv_err *err);
/* qv_lab_play_into every game into games[0 .. hi-lo) (index order; each released with
 * qv_lab_game_free by the caller): for tests and small studies. */
qv_status qv_lab_play(const qv_lab_plan *p, int lo, int hi, int threads, qv_lab_game *games,
                      qv_err *err);
/* The expected cost of one game of arm a of a study of g, for the time left: the search
 * iterations of a decision summed over its seats (qv_lab_progress_info). */
double qv_lab_arm_cost(const qv_game *g, const qv_lab_arm *a);
/* The parameters of a game of arm a: the study's, with its player count, the arm's variant
 * and, in a swapped game, the two sides' values exchanged (qv_lab_side_value). */
qv_status qv_lab_arm_params(const qv_lab_plan *p, const qv_lab_arm *a, bool swapped, qv_params *out,
                            qv_err *err);
/* The arm's agent (an index into a->agents) in seat s of its game j. */
int qv_lab_seat_agent(const qv_lab_plan *p, const qv_lab_arm *a, int j, int s);
/* The one distinct seat of game j of a restrict, ladder or luck arm: seat j mod N, but for
 * restricted play of a component one side holds, the seat that holds that side in the game. */
int qv_lab_forbidden_seat(const qv_lab_plan *p, const qv_lab_arm *a, int j);

/* The header line of a shard playing [lo, hi) (JSON, one line, no newline), and reading one
 * back into a configuration (variants loaded) and its range. */
void qv_lab_header_write(const qv_lab_plan *p, int lo, int hi, qv_buf *out);
qv_status qv_lab_header_read(const char *line, qv_lab_config *cfg, int *lo, int *hi, qv_err *err);

/* ---- the games on disk (src/lab/store.c) ---- */

/* A journal: the file a study (or a shard, or a sweep) writes each game's line into as the
 * game finishes, after a header line (qv_lab_header_write, qv_lab_sweep_header_write), in the
 * order the games finish. An interrupted study is resumed from it; a complete one is sorted
 * into index order (qv_lab_journal_finish), which makes it a file a computation reads
 * (qv_lab_file). Games are added from any thread. */
typedef struct qv_lab_journal qv_lab_journal;

/* Opens the journal at path for the games [lo, hi) under this header line (no newline): a new
 * file (replacing any file there), or with resume the file there, whose header must be this
 * one (QV_EINVAL otherwise: the games of another study) and whose complete lines are kept,
 * each checked (a last line cut short, the process having stopped while writing it, is cut
 * off). Release with qv_lab_journal_finish or qv_lab_journal_close. */
qv_status qv_lab_journal_open(const char *path, const char *header, int lo, int hi, bool resume,
                              qv_lab_journal **out, qv_err *err);
/* Whether game index is in the journal, and how many of its range are. */
bool qv_lab_journal_has(const qv_lab_journal *j, int index);
int qv_lab_journal_count(const qv_lab_journal *j);
/* Appends game g's line; it reaches the kernel (so survives the process) at most a tenth of a
 * second later, when a later add or qv_lab_journal_flush finds the last flush that old. */
qv_status qv_lab_journal_add(qv_lab_journal *j, const qv_lab_game *g, qv_err *err);
/* Flushes the lines added since the last flush to the kernel: a run's progress tick calls it,
 * so that no game waits for the next one to finish. */
qv_status qv_lab_journal_flush(qv_lab_journal *j, qv_err *err);
/* Sorts a complete journal into index order as the file `path` (its own path, or another
 * name, which it then leaves), and releases it. QV_ESTATE when games of its range are
 * missing. */
qv_status qv_lab_journal_finish(qv_lab_journal *j, const char *path, qv_err *err);
/* Releases a journal as it is (an interrupted study, resumed later). */
void qv_lab_journal_close(qv_lab_journal *j);
/* The header line of a file of games (malloc'd, no newline). */
qv_status qv_lab_file_header(const char *path, char **header, qv_err *err);

/* A file of games [lo, hi) in index order after its header line (a finished journal, a shard,
 * a merge): its lines parsed once into records in a temporary file (bin), with where every
 * 256th record starts. */
typedef struct qv_lab_file {
	char *path;
	int lo, hi;
	long long *mark;
	int nmarks;
	FILE *bin;
} qv_lab_file;

/* Opens the file at path, checking that its lines are games lo .. hi-1 in order and parsing
 * each (QV_EINVAL naming the game and the field of a malformed one). Release with
 * qv_lab_file_free. */
qv_status qv_lab_file_open(const char *path, int lo, int hi, qv_lab_file *out, qv_err *err);
void qv_lab_file_free(qv_lab_file *f);

/* Where a computation reads the games of a plan, in index order: an array in memory (games[i]
 * is game i), or a file whose line for game i is its line i + shift (a sweep's value reads its
 * own games in the sweep's file). total: the plan's games. */
typedef struct qv_lab_source {
	const qv_lab_game *games;
	const qv_lab_file *file;
	int shift;
	int total;
} qv_lab_source;

/* A cursor over a source: the games from one index on, one at a time (a file's reads its
 * records a block at a time, so reading a study of any size takes the same memory). */
typedef struct qv_lab_cursor {
	const qv_lab_source *src;
	int next;  /* the index of the game qv_lab_cursor_next returns */
	char *buf; /* records read, [off, len) not yet returned */
	size_t cap, off, len;
	long long pos; /* where the next read starts in the file's records */
	char *opening; /* the returned game's opening */
	size_t opening_cap;
	qv_lab_game g; /* its arrays in buf */
} qv_lab_cursor;

qv_status qv_lab_cursor_open(const qv_lab_source *src, int index, qv_lab_cursor *c, qv_err *err);
/* The game at the cursor, its index the plan's (valid until the next call), and a step on;
 * NULL with err past the end or when its line cannot be read. */
const qv_lab_game *qv_lab_cursor_next(qv_lab_cursor *c, qv_err *err);
void qv_lab_cursor_close(qv_lab_cursor *c);

/* ---- metrics (src/lab/metrics.c) ---- */

/* A proportion or mean with its 95% interval. */
typedef struct qv_lab_est {
	double v;
	qv_interval ci;
	long n; /* observations behind it (0: not measured) */
} qv_lab_est;

/* A difference of an arm against its reference, with its 95% interval and the two-sided
 * p-value of no difference. */
/* A component's verdict on one question (lab.h: qv_lab_component): not tested; unsettled
 * (neither of the two below); within the margin (every interval of its tests inside
 * +-margin); beyond it (a test flagged: its interval outside +-margin, and Benjamini-Hochberg). */
typedef enum qv_lab_verdict {
	QV_LAB_UNTESTED,
	QV_LAB_UNSETTLED,
	QV_LAB_WITHIN,
	QV_LAB_BEYOND,
} qv_lab_verdict;

typedef struct qv_lab_delta {
	double d;
	qv_interval ci;
	double p;
	/* Benjamini-Hochberg at QV_LAB_Q over its family of the section's component tests, and
	 * (a component's tests) its interval beyond the study's margin: report.json's "beyond"
	 * (a component is "flagged" on its balance verdict alone, qv_lab_component.flagged) */
	bool flagged;
	long n; /* the units behind it (games, pairs or rotations); 0 for no test */
} qv_lab_delta;

typedef struct qv_lab_outcomes {
	int games;
	qv_lab_est seat[QV_MAX_PLAYERS]; /* s_p = mean (u_p + 1) / 2, Wilson */
	double fairness_gap;             /* max_p |s_p - 1/N| */
	double balance;                  /* 1 - max |s_a - s_b| */
	qv_lab_est completion;           /* a winner exists (rank 1 alone) */
	qv_lab_est drawishness;          /* first rank shared, capped games excluded */
	qv_lab_est timeouts;             /* ended by max_turns */
} qv_lab_outcomes;

typedef struct qv_lab_length {
	qv_lab_est turns; /* decisions asked per game, Student's t */
	double sd, median, p90;
	int min, max;
	int bin_width, nbins;             /* bin b holds [min_edge + b*w, min_edge + (b+1)*w) */
	int bin_lo;                       /* min_edge */
	int hist[QV_LAB_HIST_MAX];        /* games per bin */
	int hist_capped[QV_LAB_HIST_MAX]; /* of which capped */
	qv_lab_est decision_moves;        /* positions with more than one legal action */
	double branching_decision;        /* legal actions per decision asked */
	double branching_game;            /* mean over games of each game's mean branching */
} qv_lab_length;

typedef struct qv_lab_tension {
	int games;               /* games with a search value at every decision; 0: not measured */
	qv_lab_est lead_changes; /* per decision */
	qv_lab_est drama;        /* mean of the best evaluation minus the winner's */
	qv_lab_est decisiveness; /* first decision after which the winner stays ahead, / length */
	double winner[QV_LAB_CURVE], loser[QV_LAB_CURVE]; /* mean evaluations over game time */
} qv_lab_tension;

typedef struct qv_lab_rung {
	int k;            /* 2^(k+1) against 2^k; for luck: -1 */
	qv_lab_est score; /* the distinct seat's score, Wilson */
} qv_lab_rung;

typedef struct qv_lab_component {
	char id[QV_NAME_MAX];
	qv_lab_est play_rate;    /* chosen / available over all decisions */
	qv_lab_est score_drawn;  /* score of seats that had it available (correlational) */
	qv_lab_est score_played; /* score of seats that played it (correlational) */
	/* What its holders did with it, over the main games' (game, seat) pairs of a seat that
	 * held it as the game started (qv_components.held), all correlational: */
	double copies;             /* the copies a holder held, mean; NAN: nobody held it */
	qv_lab_est played;         /* the share of holders that played it at least once */
	qv_lab_est plays;          /* its plays per game held (t interval over the pairs) */
	qv_lab_est score_unplayed; /* the score of holders that never played it */
	/* score_played minus score_unplayed: the holders that played it against those that did
	 * not (Newcombe's interval; no flag: what a seat plays depends on how its game went) */
	qv_lab_delta played_gap;
	/* captures after a play of it, until the player's next play or its turn comes round
	 * again, per play (the mean over plays, n = plays; no interval: a ratio of counts); NAN
	 * for a game without captures */
	qv_lab_est captures_per_play;
	/* Where the sides rotate, the side (plan.side) whose seat held it in the main games when
	 * only one did (a card of one deck); else -1 (both decks, neither, no sides) */
	int own_side;
	qv_lab_delta ablate_seat[QV_MAX_PLAYERS]; /* ablated minus main, per seat, paired */
	/* Where the sides rotate (qv_lab_plan.nsides): each side's score, ablated minus main, game
	 * by game, paired; no test otherwise. A card of one deck sits with each seat half the
	 * time, so what it does to the decks' balance shows here and not in the seats. */
	qv_lab_delta ablate_side[QV_MAX_PLAYERS];
	qv_lab_delta ablate_length;  /* decisions, paired */
	qv_lab_delta restrict_score; /* restricted seat minus its twins, paired */
	/* Restricted play on the holder: the forbidden seat's score minus its twins' in the games
	 * where it held the component as the game started, divided by the copies it held; the
	 * rotations' means, paired (no flag: restrict_score is the flagged test). Cards, pieces and
	 * abilities in one unit: the points a seat loses per copy it is forbidden. */
	qv_lab_delta restrict_holder;
	qv_lab_delta restrict_length;
	double extremeness; /* the largest |t| of its paired score tests (a sign test's: the
	                     * normal z of its p); orders `order` */
	/* The seats' fairness gap of its control games and of its ablation's games, which play
	 * the same seeds (NAN: no ablation); where the sides rotate, the sides' too (the largest
	 * distance of a side's score from a fair share), else NAN. */
	double gap_with, gap_without, side_gap_with, side_gap_without;
	double unbalance; /* the largest |t| of its ablation's seat and side tests (-1: none) */
	/* What unbalancing is ordered by: how far the game without it comes back towards equal,
	 * the loss of the favoured side (the decks', where they rotate) or of the favoured seat
	 * that the ablation's interval assures, the larger of the two (minus the interval's upper
	 * end); -INFINITY without ablation */
	double rebalance;
	/* The test rebalance reads: a seat's ablation test (its index), or a side's (QV_MAX_PLAYERS
	 * + the side); -1 without ablation */
	int rebalance_by;
	double restrict_t; /* |t| of its restricted play's score test (-1: none) */
	/* What strongest is ordered by: the loss to its holder per copy that restrict_holder's
	 * interval assures (minus its upper end; restrict_score's where no seat held it), the
	 * largest first; -INFINITY without restricted play */
	double strength_key;
	/* Its verdicts against the margins (qv_lab_config.margin_*), apart: on the seats' and
	 * decks' balance (its ablation's seat and side tests: does the game without it lean
	 * otherwise?), on its strength (restricted play's score test: what is it worth to the
	 * seat that may use it?) and on length (both length tests). */
	qv_lab_verdict balance, strength, length;
	/* Its balance verdict is beyond the margin: the game leans otherwise without it. A
	 * strong component (a seat forbidden it loses) or one that changes the length only is
	 * not flagged: every seat may use it, and a designed game is full of those. */
	bool flagged;
} qv_lab_component;

/* How sure the first place of a list is (qv_lab_section.race): the list's first and second, the
 * share of posterior draws in which the first has the largest effect (normal posteriors of
 * each component's effect: the mean of its test and the standard error of its interval),
 * whether its interval is clear of every other's, and the games that would separate it from the
 * second (both arms together, at the spread measured so far). */
typedef struct qv_lab_race {
	int first, second; /* component indices; -1: the list has fewer */
	double sure;       /* NAN: no list */
	bool separated;
	/* more games of the first and the second that would part their intervals: 0 when they
	 * are apart, -1 when no number would (their effects look equal) */
	long more;
	/* the components whose interval reaches the first's, those most likely to have the
	 * largest effect first, with that share of the posterior draws: where an adaptive
	 * study's next round goes */
	int ncontenders;
	int contender[QV_LAB_MAX_COMPONENTS];
	double contender_share[QV_LAB_MAX_COMPONENTS];
	/* the width of each one's 95% interval, and of the first's */
	double contender_width[QV_LAB_MAX_COMPONENTS], first_width;
} qv_lab_race;

#define QV_LAB_UNBALANCING 0 /* qv_lab_section.race: the list `unbalancing` */
#define QV_LAB_STRONGEST   1 /* and `strongest` */

/* The first player: the seat that made a game's first decision. Its score over the main games,
 * and by turn, in bins of `width` decisions from the first (bin b: decisions b*width + 1 to
 * (b + 1)*width, the narrowest width of 1, 2, 5, 10, ... that holds the longest game in
 * QV_LAB_HIST_MAX bins): in the games that ended in bin b, its score; at the decisions of
 * bin b, its mean evaluation (its latest search value, -1 to 1, each game's mean over the
 * bin; games where every seat searched, as tension's). */
typedef struct qv_lab_first {
	qv_lab_est score;
	int width, nbins;
	qv_lab_est ended[QV_LAB_HIST_MAX];
	qv_lab_est eval[QV_LAB_HIST_MAX];
} qv_lab_first;

#define QV_LAB_OPENINGS 10 /* the commonest openings a report lists */

/* One of the commonest openings (each seat's first decision) and how it went. */
typedef struct qv_lab_opening {
	char text[192];
	int games;        /* main games that opened so: exact, or at least so many (qv_lab_section
	                   * .openings_approx: those since it entered the count's table) */
	qv_lab_est first; /* the first player's score in them */
} qv_lab_opening;

typedef struct qv_lab_compare {
	char metric[160]; /* "seat 1 score", "expedition deck score", "mean length", ... */
	double variant, baseline;
	qv_lab_delta delta;
} qv_lab_compare;

/* Everything about one player count. */
typedef struct qv_lab_section {
	int players;
	qv_lab_outcomes outcomes, baseline_outcomes; /* baseline: games 0 without one */
	qv_lab_length length, baseline_length;       /* the histograms share their bins */
	qv_lab_tension tension;
	int nrungs;
	qv_lab_rung rung[QV_LAB_MAX_RUNGS + 1]; /* rungs, then luck */
	int nagents;
	double matrix[QV_MAX_PLAYERS][QV_MAX_PLAYERS]; /* a's score against b where both sat */
	qv_lab_est elo[QV_MAX_PLAYERS];                /* each agent against the field */
	qv_lab_component *component;                   /* [plan.ncomponents] */
	int order[QV_LAB_MAX_COMPONENTS];              /* components, most extreme first */
	qv_lab_est side_score[QV_MAX_PLAYERS]; /* plan.side[k]'s mean score over both seats */
	/* Power: the smallest effect the section's games detect 80% of the time at alpha 0.05
	 * (two-sided), (z 0.975 + z 0.8) standard errors: a seat's score off its fair share
	 * (p = 1/N, n = games), and the median over the components of an ablation's seat test
	 * and of a restricted-play score test (the standard error from each test's interval).
	 * NAN: nothing to measure. */
	double detect_seat, detect_ablation, detect_restricted;
	/* The two questions, each a list of components most extreme first: `unbalancing`, what
	 * makes the seats unequal (by their ablation's seat tests: components with an ablation
	 * arm), and `strongest`, what a seat loses without it (by restricted play's score test:
	 * components with a restrict arm). */
	int unbalancing[QV_LAB_MAX_COMPONENTS], nunbalancing;
	int strongest[QV_LAB_MAX_COMPONENTS], nstrongest;
	qv_lab_race race[2]; /* QV_LAB_UNBALANCING, QV_LAB_STRONGEST */
	qv_lab_board board;
	uint32_t *heat; /* [players][w*h]: main arm touches per seat and square; NULL: no board */
	qv_lab_first first;
	/* The commonest openings, most games first (ties: the first seen first), counted with
	 * a table of 512 (the Space-Saving count): exact unless more than 512 openings were
	 * seen, when `openings_approx` is set and each count is of the games since the opening
	 * last entered the table: at least so many (an opening seen in more than 1/512 of the
	 * games is always in the table). */
	int nopenings, distinct_openings;
	bool openings_approx;
	qv_lab_opening opening[QV_LAB_OPENINGS];
	int ncompare;
	qv_lab_compare compare[32];            /* variant against baseline */
	int capped_games[8], longest_games[8]; /* indices, for the reproduction block */
	int ncapped_games, nlongest_games;
} qv_lab_section;

/* The components of a section by their verdicts (qv_lab_component): flagged, within the
 * margin and unsettled on balance, beyond it on strength and on length; `studied` counts the
 * components the study tested (--components). */
typedef struct qv_lab_counts {
	int studied, flagged, within, unsettled, strong, length;
} qv_lab_counts;

qv_lab_counts qv_lab_count_verdicts(const qv_lab_plan *p, const qv_lab_section *S);

typedef struct qv_lab_report {
	const qv_lab_plan *plan;
	int nsections;
	qv_lab_section section[QV_MAX_PLAYERS];
} qv_lab_report;

/* Computes every metric from the games of the whole plan, read in index order (each line
 * checked against the plan first). Release with qv_lab_report_free. */
qv_status qv_lab_compute_from(const qv_lab_plan *p, const qv_lab_source *games, qv_lab_report *out,
                              qv_err *err);
/* The same from games in memory (games[i] is index i). */
qv_status qv_lab_compute(const qv_lab_plan *p, const qv_lab_game *games, qv_lab_report *out,
                         qv_err *err);
void qv_lab_report_free(qv_lab_report *r);

/* ---- adaptive studies (src/lab/adaptive.c) ---- */

/* The component games of an adaptive study's plan (control, ablate and restrict arms, every
 * round), and its budget: the games a fixed allocation of cfg.component_games per component
 * and arm plays, each arm rounded to whole rotations as the plan rounds it. */
long qv_lab_component_games_used(const qv_lab_plan *p);
long qv_lab_component_budget(const qv_lab_plan *p);
/* The next round of an adaptive study whose games so far are p's and whose report is r (of
 * p): in each list of each section whose first is not separated (qv_lab_race), the
 * contenders most likely to have the largest effect play more (half as many components as
 * studied after the first round, a quarter after the second, ..., at least four), the first
 * too when its interval is wider than the likeliest contender's, and the other list's first;
 * the games per arm grow by half each round
 * for the list least sure of its first place, the other's in proportion to its need, within
 * what is left of the budget. False when there is none: every list settled, the budget spent,
 * or QV_LAB_MAX_ROUNDS rounds played. */
bool qv_lab_next_round(const qv_lab_plan *p, const qv_lab_report *r, qv_lab_round *out);

/* ---- output (src/lab/report.c) ---- */

/* Writes DIR/report.html, DIR/report.json and DIR/games.csv (DIR exists), reading the
 * plan's games (for games.csv and the games to watch again) from games. */
qv_status qv_lab_write_from(const qv_lab_report *r, const qv_lab_source *games, const char *dir,
                            qv_err *err);
/* The same from games in memory (games[i] is index i). */
qv_status qv_lab_write(const qv_lab_report *r, const qv_lab_game *games, const char *dir,
                       qv_err *err);

#endif
