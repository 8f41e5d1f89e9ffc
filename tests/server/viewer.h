/*
 * viewer.h - a table's WebSocket as a test watches it (one seat's, or a spectator's), every
 * frame checked as it comes (its documented fields, no key of a full state or a record), and
 * the check that every view and log line a viewer received is one that viewer had at some
 * point of the game, found by replaying the finished game's record. What tests/server/
 * test_serve.c and the hostile suite's secrecy test (tests/hostile/test_secrecy.c) share.
 */
#ifndef QUIVER_TESTS_VIEWER_H
#define QUIVER_TESTS_VIEWER_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "harness.h"
#include "quiver/match.h"

/* One WebSocket of a table. */
typedef struct tv_viewer {
	tc_ws ws;
	int seat; /* -1 for a spectator */
	long long v;
	json_t *views; /* every view received, in order */
	json_t *log;   /* the log as the frames built it */
	json_t *view;  /* the latest view */
	json_t *table; /* the latest table info */
	/* Frames other than states and errors ("what", "history", "chat", "pong"), in order, when
	 * not NULL (the caller makes the array); NULL: such a frame fails the test. */
	json_t *extra;
	json_t *frames; /* the text of every frame received, in order */
} tv_viewer;

/* Checks that an object has exactly the listed keys (NULL-terminated), plus `optional` if not
 * NULL. */
void tv_exact_keys(const json_t *o, const char *what, const char *const *keys,
                   const char *optional);
/* No object anywhere in j has one of the keys that only full states and records hold. */
void tv_no_secret_keys(const json_t *j);
/* Checks a table info's fields. */
void tv_check_info(const json_t *t);

/* Opens table id's socket and says hello with token (NULL: a spectator) as seat (-1 for a
 * spectator); expects the snapshot. */
void tv_open(tv_viewer *w, const char *id, int seat, const char *token);
void tv_close(tv_viewer *w);
/* Receives one frame; a snapshot or an update is checked and applied to the viewer; an error
 * fails the test unless allow_error; another frame is kept in extra (see above). Returns the
 * frame's type, or NULL on timeout. */
const char *tv_receive(tv_viewer *w, bool allow_error);
/* Sends a text frame built from a format. */
void tv_sendf(tv_viewer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Expects an error frame whose message contains words (after any update at the version the
 * viewer holds, which changes no move). */
void tv_expect_error(tv_viewer *w, const char *words);
/* Every viewer reaches the same version, the highest any of them has seen. */
void tv_catch_up(tv_viewer *vs, int n);
/* The latest info's status ("waiting", "playing", "over"). */
const char *tv_status(const tv_viewer *w);

/* The match of the record's first k actions, loaded as a record is. */
qv_match *tv_replay_prefix(const json_t *record, size_t k);
/* The game of the record played again as the server played it: the seats of `people` (bit p
 * for seat p) are persons, whose forced decisions the server held for them
 * (qv_match_hold_forced); the other seats' forced decisions and single outcomes were applied
 * at once. Stops at the first point where the history has at least `upto` entries (every
 * entry: SIZE_MAX); each stopping point is a position the server's table was at between two
 * changes. Caller frees. */
qv_match *tv_replay_held(const json_t *record, unsigned people, size_t upto);
/* Every view each viewer received is a view that viewer had at a point of the game, in order,
 * and each viewer's log is the log worded for it, the game played again with the persons of
 * `people` as tv_replay_held does. */
void tv_check_against_record(tv_viewer *vs, int n, const json_t *record, unsigned people);

#endif
