/*
 * table.h - a local table: one game played in the browser with no server, in the app's Web
 * Worker (docs/architecture.md, "The app"). It speaks the frames of a server's table
 * (docs/server/websocket.md, "WebSocket": hello, snapshot, update, act, takeback, history, resign),
 * built by the same code (engine/feed/frame.h), so that the page reads the same frames from either;
 * its info is the server's for what a table of one device has (seats, status, version, result,
 * who acts, the variant), and its seats are people of this device (hot-seat) or the computer's
 * levels, played here by the same agents as the server's.
 *
 * What a server adds around a table is not here: no clock, chat, offer, rematch, rating or
 * store. The browser keeps the table itself (IndexedDB): qv__local_save gives what it keeps, a
 * record and the seats, and qv__local_load makes the table again from it, so that a game
 * resumes after a reload. Not thread-safe: the worker's one thread uses a table at a time.
 * Internal to the app; its files (table.c: made, its info and frames; acts.c: what changes it;
 * save.c: what the browser keeps) share the inside of a table, at the end.
 */
#ifndef QUIVER_APP_TABLE_H
#define QUIVER_APP_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "engine/feed/frame.h"
#include "quiver/agent.h"
#include "quiver/match.h"
#include "quiver/variant.h"

/* A table's id and a seat's token: at most this many bytes (letters, digits, '-' and '_'). */
#define QV__LOCAL_ID_MAX 40

typedef struct qv__local qv__local;

/* A new table named id, from a table request as the server reads one (engine/feed/request.h:
 * game, params, seats, variant, takebacks, private; a "clock" of kind "none" only), dealt from
 * seed (the page's randomness: a WebAssembly module has none of its own). QV_EINVAL names the
 * bad field. */
qv_status qv__local_new(qv__local **out, const char *id, const json_t *req, uint64_t seed,
                        qv_err *err);
/* A table named id around a match made (which it owns, freed on failure), its seats' kinds
 * given (kinds[p]: "human" or a level). */
qv_status qv__local_make(qv__local **out, const char *id, qv_match *m, const char *const *kinds,
                         qv_err *err);
void qv__local_free(qv__local *t);

const char *qv__local_id(const qv__local *t);
/* Its number of seats. */
int qv__local_seats(const qv__local *t);

/* The table's info, as a server's GET /api/tables/ID (docs/server.md): full adds the catalogue
 * (a snapshot's and the 201's). NULL when out of memory. */
json_t *qv__local_info(qv__local *t, bool full);

/* A person takes seat `seat` (from 0; -1: the first free person's seat) with token (the page's,
 * which a hello gives back) and name (NULL: the seat's own). *got is the seat. QV_ESTATE when
 * taken, QV_EINVAL for a seat that is no person's or a bad token. */
qv_status qv__local_join(qv__local *t, int seat, const char *token, const char *name, int *got,
                         qv_err *err);

/* The seat a hello's token holds, QV_VIEW_PUBLIC for none (NULL: a spectator); QV_EINVAL when
 * no seat holds it. */
qv_status qv__local_hello(qv__local *t, const char *token, int *viewer, qv_err *err);

/* The frame viewer's connection is sent now: its snapshot (after a hello, or when it must have
 * the whole log again) or an update, appended to out as text. False when out of memory. */
bool qv__local_frame(qv__local *t, int viewer, bool snapshot, qv_buf *out);

/* Seat's decision at version v (a person's): played, or kept as its commitment in a secret
 * step everyone chooses at once. The refusals are the server's. */
qv_status qv__local_act(qv__local *t, int seat, long long v, const char *action, qv_err *err);
/* Seat takes back its last decision (its commitment in a step, withdrawn), under the rule of
 * `quiver play` for the people of this device (qv_match_undo_seat). */
qv_status qv__local_takeback(qv__local *t, int seat, long long v, qv_err *err);
/* Seat resigns: a game of two ends, a bigger one goes on with the seat played by `medium`. */
qv_status qv__local_resign(qv__local *t, int seat, long long v, qv_err *err);

/* The table made an analysis board: people at every seat, and the referee's undo allowed. */
void qv__local_make_board(qv__local *t);
/* An analysis board's last decision (or chance outcome) taken back with the automatic moves
 * after it, whoever made it (qv_match_undo); QV_ESTATE at the start or on a table that is no
 * board. */
qv_status qv__local_undo(qv__local *t, qv_err *err);
/* The match, read only (the analysis board's searches play on a fork of it). */
const qv_match *qv__local_match(const qv__local *t);

/* The "history" frame of viewer's look back at log line `line` (engine/feed/frame.h). */
json_t *qv__local_history(qv__local *t, int viewer, long long line, qv_err *err);

/* Whether the table plays now itself: an AI seat to decide (or one choosing ahead in a secret
 * step) or a chance outcome to draw. */
bool qv__local_wants_step(qv__local *t);
/* That step: the AI seat's search (within its level's budget) and its decision, or the chance
 * outcome. A failure stops the table, saying why in its info ("stopped"). */
qv_status qv__local_step(qv__local *t, qv_err *err);

/* The record of the game (as `quiver replay` reads it). */
json_t *qv__local_record(qv__local *t);

/* What the browser keeps of the table: {"id", "seats": [{"kind", "token", "name"}],
 * "v", "takebacks", "record", "committed": {seat: [notation]}, "stopped", "board"}. */
json_t *qv__local_save(qv__local *t);
/* The table again from what qv__local_save gave (a variant's document travels in the record).
 * QV_EINVAL names what does not load. */
qv_status qv__local_load(qv__local **out, const json_t *saved, qv_err *err);

/* ---- the inside of a table, for its files (table.c, acts.c, save.c) ---- */

/* A person's name: at most this many bytes (the server's 24 characters, of up to 4 bytes). */
#define NAME_MAX_BYTES 100

enum { QV__LOCAL_WAITING, QV__LOCAL_PLAYING, QV__LOCAL_OVER };

typedef struct local_seat {
	char kind[16];                    /* "human" or a level */
	char token[QV__LOCAL_ID_MAX + 1]; /* the person's, "" while free */
	char name[NAME_MAX_BYTES + 1];    /* the person's, "" for the seat's own */
	qv_agent *agent;                  /* an AI seat's (or the `medium` of one who left) */
	int seen;                         /* history entries the agent was told of */
} local_seat;

struct qv__local {
	char id[QV__LOCAL_ID_MAX + 1];
	qv_match *m;
	int nseats;
	local_seat seat[QV_MAX_PLAYERS];
	bool no_takebacks;
	long long v;
	json_t *params;
	const qv_variant *variant; /* the match holds it; NULL for a game without components */
	qv__feed feed;
	qv__log_pos pos[QV_MAX_PLAYERS + 1]; /* the page's connection per viewer */
	char stopped[256];                   /* why the table plays no more, "" while it plays */
	bool board; /* an analysis board: every move may be taken back (qv__local_undo) */
};

/* Whether text is a token or id: 1 to QV__LOCAL_ID_MAX letters, digits, '-' or '_'. */
bool qv__local_word(const char *text);

/* QV__LOCAL_WAITING while a person's seat is free, QV__LOCAL_OVER once the game is, else
 * QV__LOCAL_PLAYING. */
int qv__local_status(const qv__local *t);

/* The people's seats, as a mask (bit p for seat p). */
unsigned qv__local_people(const qv__local *t);

/* The agent of seat p: its level's, made with the table, or for a person who left a game that
 * goes on, `medium` (as a server's zombie seat), made at its first turn. */
qv_status qv__local_agent(qv__local *t, int p, qv_err *err);

#endif
