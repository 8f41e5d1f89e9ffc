/*
 * lesson.h - interactive tutorials. A lesson is a JSON document (tutorials/<game>/NN-topic.json,
 * the format in docs/tutorials.md): a start position (a record or a full state, as `load` takes
 * them), the seat of the learner, and steps. A step has text, squares or cards to highlight,
 * optionally the action the learner must find (any other legal action gets the step's hint and
 * changes nothing), the scripted replies of the other seats and the chance outcomes that follow
 * (applied in order), and checks on the learner's view after the step.
 *
 * The same lessons run in the terminal (`quiver learn`), in the browser (qv_lesson_expand gives
 * every step with the learner's view before it and the narrated log after it, so the page
 * needs no rules) and as tests (qv_lesson_check_all).
 *
 * A lesson owns its memory; it is read-only once parsed and may be shared between threads.
 */
#ifndef QUIVER_LESSON_H
#define QUIVER_LESSON_H

#include "match.h"

struct json_t;

/* A check on the learner's view after a step: the value at a JSON pointer (RFC 6901) into the
 * view wrapper (qv_match_view_json: "/view/..." for the game's part) equals a value, contains
 * one (an array element or a substring), or is absent. */
typedef struct qv_lesson_check {
	char *pointer;
	struct json_t *equals;   /* or NULL */
	struct json_t *contains; /* or NULL */
	bool absent;
	char *says; /* what the check means, in words ("the Y on d4 is now p1's trophy") */
} qv_lesson_check;

typedef struct qv_lesson_step {
	char *text;       /* what the learner reads (in the terminal, and wherever no web text) */
	char *web;        /* the same for the page when it differs (it speaks of what the page
	                   * draws, not of terminal glyphs such as '1Y↑'), or NULL */
	char **highlight; /* squares, cards or other words of the notation to show */
	int nhighlight;
	char *expect; /* the action the learner must find, or NULL for a step of text only */
	char *hint;   /* shown for any other legal action (a default one when the file has none) */
	char **replies; /* other seats' actions and chance outcomes played after the step */
	int nreplies;
	qv_lesson_check *checks;
	int nchecks;
} qv_lesson_step;

typedef struct qv_lesson {
	const qv_game *game;
	char *id; /* the file's name without ".json", e.g. "01-first-piece" */
	char *title;
	char **topics; /* the rules page's sections (`## ...` titles) the lesson teaches */
	int ntopics;
	int learner; /* the learner's seat */
	struct json_t *start;
	qv_lesson_step *steps;
	int nsteps;
} qv_lesson;

/* Parses a lesson (untrusted: JSON nested deeper than 64 levels is refused, every field is
 * checked and a problem is reported with its path, e.g. "steps[2].expect: expected a string").
 * id names it in messages and in *out. */
qv_status qv_lesson_parse(qv_lesson **out, const char *text, const char *id, qv_err *err);
/* Reads and parses a file; the id is the file's base name without ".json". */
qv_status qv_lesson_load_file(qv_lesson **out, const char *path, qv_err *err);
void qv_lesson_free(qv_lesson *l);

/* Starts the lesson: a new match at the start position. */
qv_status qv_lesson_begin(const qv_lesson *l, qv_match **out, qv_err *err);

/* What became of the learner's attempt at a step. */
typedef enum qv_lesson_verdict {
	QV_LESSON_RIGHT, /* the expected action: it and the step's replies were played */
	QV_LESSON_HINT,  /* a legal action, but not the one to find: nothing changed, *why holds
	                  * the hint */
	QV_LESSON_BAD    /* not an action here (malformed, illegal): nothing changed, *why says
	                  * why */
} qv_lesson_verdict;

/* The learner plays `text` at step `step` (a step with an expected action). */
qv_lesson_verdict qv_lesson_try(const qv_lesson *l, int step, qv_match *m, const char *text,
                                qv_err *why);
/* Ends a step of text only: plays its replies. */
qv_status qv_lesson_next(const qv_lesson *l, int step, qv_match *m, qv_err *err);
/* Whether every check of the step holds on m (after the step); the message names the first
 * that does not. */
qv_status qv_lesson_verify(const qv_lesson *l, int step, qv_match *m, qv_err *err);

/* Plays the whole lesson as a test: at every step the learner is to move when an action is
 * expected, the expected action is legal, another legal action (when there is one) gets the
 * hint and changes nothing, the replies apply, and every check holds. */
qv_status qv_lesson_check_all(const qv_lesson *l, qv_err *err);

/* The lesson for a page that knows no rules: {"game", "id", "title", "topics", "learner",
 * "steps": [{"text", "web" (the page's text, when the step has one), "highlight", "expect"
 * (or null), "hint", "view": the learner's view
 * before the step, "log": [{"who", "text"}...] of the step's action and replies, worded for
 * the learner, "learned": the words ("says") of the step's checks}], "end": the view after
 * the last step}. NULL with a message when the lesson does not play (qv_lesson_check_all says
 * why). */
struct json_t *qv_lesson_expand(const qv_lesson *l, qv_err *err);

/* The lesson files of a game in a tutorials folder (dir/<game>/NN-topic.json, not hidden),
 * sorted by name ("01-first-piece.json", ...): at most max names, malloc'd into names (the
 * caller frees each). Returns the count, or -1 when the folder cannot be read. */
int qv_lesson_list(const char *dir, const char *game, char **names, int max);

#endif
