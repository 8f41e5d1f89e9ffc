/*
 * change.h - a change to a table as a transaction (change.c): every act (a move, a forced or
 * automatic step, a chance outcome, a takeback, an offer and its answer, a resignation, a
 * timeout, a claim, a return, an end, a join, a chat line, clocks saved) is built on a draft of
 * the table, saved in the store, and only then published into the table; when the store
 * refuses, the draft is dropped and the table is exactly as its players last saw it. Internal
 * to the server.
 *
 * The draft is a table holding the table's value (qv__table_value: its match, a fork,
 * qv_match_fork; offer, rematch, clocks and their marks, chat, version, status, end) and its
 * seats' claims (qv__seat_claim), each copied with one assignment, beside what the table is
 * (qv__table_ident, read only); its shell (lock, logs, connections, deadlines, agents) is
 * zero, and `live` points at the live table, whose shell it reads (qv__table_shell_seats).
 * An act changes the draft with the modules' transitions and the primitives of table.h, which
 * take a table (the draft is one) and leave the live table alone. Publishing is one
 * assignment of the value (and one of each seat's claim): a field added to the value is
 * published with no change here. The caller holds the live table's lock from
 * qv__change_begin to qv__change_commit or qv__change_drop.
 *
 * The version: a change of the people (a commitment, an offer, a chat line, clocks) keeps it;
 * a change of the game grows it by the history entries it adds, or by one when it adds none
 * or takes entries back (docs/server.md). The store checks the version and the count of
 * actions it holds against those the change was built on, so that a change built on a table
 * that does not match what was saved is refused and logged, never written.
 */
#ifndef QUIVER_SERVER_TABLE_CHANGE_H
#define QUIVER_SERVER_TABLE_CHANGE_H

#include "server/table/table.h"

/* What a draft holds of its own besides the table's plain values: a copy of the match (every
 * change of the game), of the chat (a chat line), of the seats' devices (a device joined).
 * Marks are always copied. */
enum { QV__DRAFT_MATCH = 1u, QV__DRAFT_CHAT = 2u, QV__DRAFT_DEVICES = 4u };

/* How a change is saved. */
typedef enum qv__save_kind {
	QV__SAVE_PEOPLE, /* the people alone (names, clocks, offer, commitments, chat...) */
	QV__SAVE_GAME,   /* the history, version and status with the people (and the record) */
	QV__SAVE_CLAIM,  /* a seat claimed (its token's and player's hashes) with the people */
	QV__SAVE_STOP,   /* the table stopped playing itself: why (the value's stuck) */
	QV__SAVE_REMATCH /* the people of a finished table with its rematch, made with them */
} qv__save_kind;

typedef struct qv__change {
	qv__table *t;  /* the live table */
	unsigned owns; /* QV__DRAFT_* */
	qv__save_kind kind;
	bool ai_done; /* QV__SAVE_GAME: an AI seat's search ends with it (qv__store_ai_end) */
	int claimed;  /* QV__SAVE_CLAIM: the seat claimed */
	/* QV__SAVE_REMATCH: the new table (built without a store, seen by nobody), saved with the
	 * change in one transaction and the store's from then on. */
	qv__table *made;
	/* QV__SAVE_GAME: the clocks before the entries the change adds (qv__table_clock_mark),
	 * kept as a mark when it adds some. */
	bool marked;
	qv__clock_mark mark;
	qv__table next; /* the draft */
	/* The draft's seats (the live table's hold as many seats as it has players): what each
	 * is and its claim, which the act may change; their shell is zero. */
	qv__seat seat[QV_MAX_PLAYERS];
} qv__change;

/* Makes c a draft of t (its lock held), owning what `owns` says, saved as `kind`; a change of
 * the game always owns a copy of the match. QV_ENOMEM, and then there is nothing to drop. */
qv_status qv__change_begin(qv__change *c, qv__table *t, qv__save_kind kind, unsigned owns,
                           qv_err *err);

/* The draft's table (what the act changes). */
static inline qv__table *qv__change_draft(qv__change *c) { return &c->next; }

/* Saves the draft and, once the store has kept it, publishes it into the live table (its
 * value with one assignment, then what follows in the shell: the logs of entries taken back
 * forgotten, the deadlines the timer reads); the draft is used up either way. On failure (QV_EIO,
 * QV_ENOMEM, QV_ESTATE when the store's version or count of actions does not match the table's) the
 * live table is as it was, and the message says the move was not played. */
qv_status qv__change_commit(qv__change *c, qv_err *err);

/* Drops the draft (an act refused before it was saved): the live table is as it was. */
void qv__change_drop(qv__change *c);

#endif
