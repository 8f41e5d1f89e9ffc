/*
 * review.h - the computer's review of a finished game, as lichess's computer analysis gives one
 * for chess, for games with dice and hidden information: for every decision of the record, the
 * mover's expected result with the best decision the search finds and with the one made, the
 * best alternative, a mark where the loss passes a threshold (inaccuracy, mistake, blunder) and
 * each player's accuracy.
 *
 * From the mover's information only. A decision is judged as its mover could have judged it:
 * every search runs on determinizations for the mover (qv_game.determinize: what the mover
 * cannot know replaced by a guess consistent with the mover's view), never on the true hidden
 * state. The best alternative is the choice of an information-set search from the mover's seat
 * (qv_agent_choose, which determinizes for the mover). The played and the best action are then
 * valued on the same `samples` determinizations of the position for the mover (paired, so that
 * what the guesses of the hidden part change is the same for both): on each, the action is
 * applied, chance outcomes and forced moves are drawn and applied until someone decides (the
 * same draws for both actions), and a search from the seat of whoever decides then gives the
 * mover's mean return of that search's choice; a game over gives the mover's return. The
 * expected result is that return in [-1, 1] (1: first place, -1: last; qv_returns), shown to
 * people as a share of a win, (value + 1) / 2.
 *
 * The marks are lichess's, on the same scale (its winning chances are in [-1, 1] as these
 * returns are): a loss of 0.1 or more is an inaccuracy, 0.2 a mistake, 0.3 a blunder
 * (QV_REVIEW_INACCURACY and so on). The loss is the value with the best action less the value
 * with the played one, 0 when the played one was valued as high or higher (then it is the best
 * the review knows). A decision's accuracy is lichess's formula over the loss in percentage
 * points of a win, 103.1668 e^(-0.04354 x) - 3.1669, kept within [0, 100]; a player's accuracy
 * is the mean of its decisions'.
 *
 * A review reads a record, which after the end of a game tells everything (the seed, every hand,
 * every die), and the review says less than that: nothing it shows is hidden from someone who
 * holds the record. It is deterministic for a record, a configuration and a seed.
 *
 * Work: a decision costs one search of `iterations` and, where the best action differs from the
 * one played, 2 x `samples` searches of `reply_iterations` and up to QV_REVIEW_LINE more for the
 * best move's line. A review is made one decision at a
 * time (qv_review_step), so that a caller can share its threads with other work and show
 * progress. Not thread-safe: one thread at a time per review.
 */
#ifndef QUIVER_REVIEW_H
#define QUIVER_REVIEW_H

#include "match.h"

struct json_t;

/* The thresholds of the marks: a loss of expected result (in [-1, 1]) of at least this much. */
#define QV_REVIEW_INACCURACY 0.1
#define QV_REVIEW_MISTAKE    0.2
#define QV_REVIEW_BLUNDER    0.3

/* The defaults of qv_review_config's zeros, and the largest values accepted. */
#define QV_REVIEW_ITERATIONS       2000
#define QV_REVIEW_REPLY_ITERATIONS 300
#define QV_REVIEW_SAMPLES          8
#define QV_REVIEW_ITERATIONS_MAX   1000000
#define QV_REVIEW_SAMPLES_MAX      256

typedef struct qv_review_config {
	int iterations;       /* the search for the best alternative (0: QV_REVIEW_ITERATIONS) */
	int reply_iterations; /* each search after an action (0: QV_REVIEW_REPLY_ITERATIONS) */
	int samples;          /* determinizations each action is valued on (0: QV_REVIEW_SAMPLES) */
	int threads;          /* threads of each search (0: 1) */
	uint64_t seed;        /* every guess, draw and search follows from it */
} qv_review_config;

typedef enum {
	QV_REVIEW_GOOD = 0,
	QV_REVIEW_MARK_INACCURACY,
	QV_REVIEW_MARK_MISTAKE,
	QV_REVIEW_MARK_BLUNDER,
} qv_review_mark;

/* The most moves of a best move's line (the engine's next moves after it). */
#define QV_REVIEW_LINE 4

/* One move of a line: who makes it and its notation. */
typedef struct qv_review_move {
	int seat;
	char action[QV_ACTION_TEXT];
} qv_review_move;

/* One reviewed decision. */
typedef struct qv_review_decision {
	int entry;                       /* its history entry (the replay's step entry + 1) */
	int seat;                        /* the mover */
	char played[QV_ACTION_TEXT];     /* the notation of the decision made */
	char best[QV_ACTION_TEXT];       /* of the best alternative ("" until reviewed) */
	double before;                   /* the mover's expected result with the best action */
	double after;                    /* with the action played */
	double expected[QV_MAX_PLAYERS]; /* every player's, after the action played */
	double loss;                     /* before - after, at least 0 */
	double accuracy;                 /* 0 to 100 */
	qv_review_mark mark;
	bool reviewed;
	/* Why, once reviewed: what the best and the played move would do, as their mover could know
	 * it (the game's action_note, as `what` says it; NULL: the game has nothing to say), and
	 * where the best move was heading when it is not the move made: the engine's next moves
	 * after it (line[0..nline)), each decision made by a search from its mover's seat on the
	 * first guess of the position for the mover (the review's own guess, so that the line tells
	 * nothing the mover could not see), up to QV_REVIEW_LINE decisions, the end of the game,
	 * the next chance outcome (which no player foresees) or the first move that would show the
	 * mover something hidden (another's card from the guess: qv_game.reveals). Owned by the
	 * review. */
	char *best_note, *played_note;
	qv_review_move *line;
	int nline;
} qv_review_decision;

typedef struct qv_review qv_review;

/* Starts the review of the game m holds (a finished game, or any record: every decision of its
 * history is reviewed). The review keeps m and frees it (with qv_review_free), also when this
 * fails. A bad configuration (negative values, above the maxima) fails with QV_EINVAL naming
 * the field and its range. */
qv_status qv_review_new(qv_review **out, qv_match *m, const qv_review_config *cfg, qv_err *err);
void qv_review_free(qv_review *r);

/* The decisions to review (the history's entries of a player that were not applied as the only
 * option and had more than one legal action), and how many are reviewed. */
int qv_review_total(const qv_review *r);
int qv_review_done(const qv_review *r);

/* Reviews the next decision; QV_OK with nothing done once all are. QV_ENOMEM when memory ran
 * out (the decision stays to do). */
qv_status qv_review_step(qv_review *r, qv_err *err);

/* Decision i (0 <= i < qv_review_total) as far as it is reviewed. */
const qv_review_decision *qv_review_decision_at(const qv_review *r, int i);

/* Player p's accuracy over its reviewed decisions (NAN when it has none), and its number of
 * marks of each kind into marks[1..3] (marks[0]: its decisions without one). */
double qv_review_accuracy(const qv_review *r, int p, int marks[4]);

/* The match under review (its game, names and history), owned by the review. */
const qv_match *qv_review_match(const qv_review *r);

/* The review as JSON (docs/server/api.md, "Reviews"): the game, the configuration, the thresholds,
 * the players' accuracy and marks, and every decision reviewed so far. NULL when memory ran
 * out. */
struct json_t *qv_review_json(const qv_review *r);

/* The name of a mark: "inaccuracy", "mistake", "blunder", or NULL for none. */
const char *qv_review_mark_name(qv_review_mark mark);

#endif
