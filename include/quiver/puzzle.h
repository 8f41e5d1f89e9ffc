/*
 * puzzle.h - puzzles from real games, as lichess makes its puzzles from its players' games: a
 * reviewed decision (review.h) where one move clearly wins or saves and no other does becomes a
 * position to solve, shown from its mover's information only.
 *
 * Which decisions. A decision whose move made lost at least QV_PUZZLE_MARGIN (a blunder by the
 * review's marks: the move made was clearly not the one) is looked at again: every legal move
 * of it is valued as the review values the move made and the best one (review_moves.h: the same
 * guesses of what the mover could not see, the same dice after, searches from whoever decides
 * next), and it is a puzzle when the best of them beats every other by QV_PUZZLE_MARGIN too:
 * one answer, checked before the puzzle is made, not one among several near it. A decision of
 * more than QV_PUZZLE_MOVES legal moves is not looked at (its check would cost too much). The
 * check is as good as the review's budgets: a review of small searches makes noisier puzzles.
 *
 * What it shows. The mover's view of the position before the decision (qv_match_view_json: the
 * board, the mover's own hand, what the others' holdings look like from there, the legal moves
 * and what each would do), which holds nothing the mover could not know; the answer's preview
 * (the game's action_note, for the mover) and the review's line after it (searched on a guess of
 * the position for the mover: review.h). So a puzzle made from two games that differ only in
 * what its mover could not see is the same puzzle (tests/unit/test_puzzle.c checks it).
 *
 * Themes, where the engine can name them: "capture" when the answer's own preview names a
 * capture (THREE ARROWS and ConCardia word it so), "endgame" when the preview says the answer
 * ends the game or may eliminate the mover (the game's confirmation), "defence" when the answer
 * keeps a share of a win of at most half (it saves what can be saved) and "advantage" above it.
 *
 * Work: a decision looked at costs (its legal moves) x samples searches of the review's reply
 * budget. Not thread-safe: one thread at a time per review.
 */
#ifndef QUIVER_PUZZLE_H
#define QUIVER_PUZZLE_H

#include "review.h"

struct json_t;

/* How much the answer's expected result (in [-1, 1]) beats every other move's, and by how much
 * the move made lost: 0.3, the review's blunder (15 points of a share of a win). */
#define QV_PUZZLE_MARGIN 0.3
/* The most legal moves a decision may have to be looked at. */
#define QV_PUZZLE_MOVES 128

/* Themes, as bits. */
enum {
	QV_PUZZLE_CAPTURE = 1,
	QV_PUZZLE_ENDGAME = 2,
	QV_PUZZLE_DEFENCE = 4,
	QV_PUZZLE_ADVANTAGE = 8,
};

/* What became of a decision looked at. */
typedef enum {
	QV_PUZZLE_FOUND = 0,
	QV_PUZZLE_NOT_LOST, /* its move made lost less than the margin: nothing to find */
	QV_PUZZLE_TOO_MANY, /* more than QV_PUZZLE_MOVES legal moves */
	QV_PUZZLE_NOT_ONE,  /* another move comes within the margin of the best */
} qv_puzzle_verdict;

typedef struct qv_puzzle {
	int entry;                          /* the decision's history entry */
	int seat;                           /* the mover, who solves it */
	char answer[QV_ACTION_TEXT];        /* the one move */
	char played[QV_ACTION_TEXT];        /* the move made in the game */
	char runner_up[QV_ACTION_TEXT];     /* the best of the others */
	double value, second, played_value; /* the mover's expected results with each */
	int moves;                          /* the legal moves valued */
	unsigned themes;                    /* QV_PUZZLE_* */
	char *note;                         /* the answer's preview, or NULL */
	struct json_t *view;                /* the mover's view before the decision */
	struct json_t *line; /* the review's line after the answer, [{"seat", "action"}] */
} qv_puzzle;

/* Looks at decision i (reviewed already: qv_review_decision_at(r, i)->reviewed) of review r
 * for a puzzle: *verdict says what became of it, and with QV_PUZZLE_FOUND, *out is the puzzle
 * (the caller frees it with qv_puzzle_free). QV_EINVAL when the decision is not reviewed;
 * QV_ENOMEM. */
qv_status qv_puzzle_find(qv_review *r, int i, qv_puzzle_verdict *verdict, qv_puzzle **out,
                         qv_err *err);
void qv_puzzle_free(qv_puzzle *p);

/* A puzzle as JSON: {"game", "params", "step", "seat", "answer", "played", "runner_up",
 * "value", "second", "played_value", "moves", "margin", "themes": [...], "note", "line",
 * "view"} (step: the replay's step after the decision, as the review's). NULL when memory ran
 * out. */
struct json_t *qv_puzzle_json(const qv_puzzle *p, const qv_review *r);

/* A theme's name ("capture"), or NULL. */
const char *qv_puzzle_theme_name(unsigned theme);

#endif
