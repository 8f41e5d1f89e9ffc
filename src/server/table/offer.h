/*
 * offer.h - an offer one seat makes that other people answer: a takeback request (the seat's
 * last decision and everything after it go back once every person whose decisions go with it
 * agrees) or a draw offer (the game ends with both players ranked first once the other
 * agrees). Internal to the server.
 *
 * An offer is a small state machine of its own: none; asked by a seat, waiting for the seats
 * it asks; then declined (cleared), still waiting, or agreed, when the table carries it out
 * (for a takeback, qv_match_takeback_agreed and the clocks set back) and clears it. Any new
 * move at the table clears it too. Kinds share everything (who is asked, answers, the JSON,
 * what the store keeps): a new kind is a value of qv__offer_kind and a row of offer.c's
 * kinds[], not a new module. No lock and no table here: the table
 * (table.h) owns its offer under its lock, and its acts (acts.c) decide what an agreed offer
 * does.
 */
#ifndef QUIVER_SERVER_TABLE_OFFER_H
#define QUIVER_SERVER_TABLE_OFFER_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/core.h"

/* What an offer proposes. */
typedef enum qv__offer_kind { QV__OFFER_TAKEBACK, QV__OFFER_DRAW } qv__offer_kind;

/* An offer waiting for the other people it concerns. */
typedef struct qv__offer {
	int by;           /* the seat that asked; -1 while there is no offer */
	long long to;     /* the version the table will have once it is carried out */
	unsigned asked;   /* bit p: seat p was asked (a takeback: p's decisions go back) */
	unsigned waiting; /* bit p: seat p has not answered yet */
	double at;        /* epoch s when it was asked: a takeback's asker is charged up to then */
	qv__offer_kind kind;
} qv__offer;

/* What an answer did. */
typedef enum qv__offer_outcome {
	QV__OFFER_DECLINED, /* a refusal: the offer is cleared */
	QV__OFFER_WAITS,    /* accepted, and others have still to answer */
	QV__OFFER_AGREED    /* the last acceptance: the caller carries it out, then clears it */
} qv__offer_outcome;

/* No offer any more (declined, carried out, or overtaken by a move). */
void qv__offer_clear(qv__offer *o);

/* Whether a decision by seat `seat` (QV_CHANCE, or any negative number: the server's own step)
 * ends the offer: any decision ends a takeback request (what it takes back has changed); a draw
 * offer lapses only when a seat it asks decides (lichess: the offer stands until the opponent
 * answers or moves), so that the asker may offer and move. False when there is no offer. */
bool qv__offer_lapses(const qv__offer *o, int seat);

/* Whether seat `seat` may make an offer now: not while one waits (its own, or another seat's,
 * which it answers first, at version v). QV_ESTATE says which. */
qv_status qv__offer_may_ask(const qv__offer *o, int seat, long long v, qv_err *err);

/* Seat `by` makes an offer of `kind` at epoch s `at`, carried out at version `to`, which the
 * seats of `asked` (not empty, without `by`) answer. */
void qv__offer_make(qv__offer *o, qv__offer_kind kind, int by, long long to, unsigned asked,
                    double at);

/* Seat `seat`'s answer to the offer of `kind`: *out says what it did. QV_ESTATE when there is
 * no such offer, it is the seat's own, the seat is not asked or has answered; nothing changes
 * then. */
qv_status qv__offer_answer(qv__offer *o, qv__offer_kind kind, int seat, bool accept,
                           qv__offer_outcome *out, qv_err *err);

/* The offer as info shows it, {"by", "to", "waiting", "kind"}, or as the store keeps it (info
 * false): {"by", "to", "waiting", "asked", "ago_ms"} (how long before `now` it was asked), with
 * "kind" last for any kind but a takeback. NULL when out of memory. */
json_t *qv__offer_json(const qv__offer *o, int nseats, bool info, double now);

/* Reads back a stored offer (j NULL: none), asked ago_ms before `now` (a restart counts no time
 * while the server was down; an offer saved without its time counts as asked now). QV_EIO names
 * what a damaged database got wrong. */
qv_status qv__offer_load(qv__offer *o, const json_t *j, int nseats, double now, qv_err *err);

#endif
