/*
 * reviews.h - the reviews of finished tables on the server (the engine's review.h): those being
 * made and those made, kept (QV__REVIEWS_KEPT, the least recently asked for going first) so that
 * a table's review is given again without being made again. This is the list alone; the
 * requests that ask for a review and the AI workers' turns that make it, one decision at a time,
 * are api/review.c's. Internal to the server; thread-safe (one lock over the list; a review's
 * step runs outside it, on the one worker that has the entry's turn).
 */
#ifndef QUIVER_SERVER_STATE_REVIEWS_H
#define QUIVER_SERVER_STATE_REVIEWS_H

#include <stdbool.h>

#include "quiver/review.h"

/* The reviews kept once made (their JSON text, a few to a few hundred KB each). */
#define QV__REVIEWS_KEPT 256
/* Reviews being made at once on the server, all addresses together, before 503. */
#define QV__REVIEWS_MAKING 32

typedef struct qv__reviews qv__reviews;
typedef struct qv__review_entry qv__review_entry;

/* The list; NULL when memory ran out. */
qv__reviews *qv__reviews_new(void);
/* Frees the list and every review in it; none may be being made (the pool stopped). */
void qv__reviews_free(qv__reviews *rv);

/* The reviews being made (queued or under way) for addr; for every address when addr is NULL. */
int qv__reviews_making(qv__reviews *rv, const char *addr);

/* What is known of table id's review as the API's answer (docs/server/api.md, "Reviews"): 1 with
 * *text (malloc'ed JSON) and *status (200: made, or failed; 202: being made), 0 when there is no
 * review of id (or one that failed, unless failed_too), -1 when memory ran out. Counts as asked
 * for. */
int qv__reviews_answer(qv__reviews *rv, const char *id, bool failed_too, char **text, int *status);

/* Adds the review r (taken) of table id, asked for by addr, to be made: the entry to queue,
 * with *text and *status its answer as qv__reviews_answer gives it. NULL when a review of id
 * is there, made or being made (*text and *status then say that one's, r is freed), or when
 * every place is held by a review being made (*text NULL). A review of id that failed is
 * replaced. */
qv__review_entry *qv__reviews_add(qv__reviews *rv, const char *id, const char *addr, qv_review *r,
                                  char **text, int *status);

/* The address an entry was asked for by (its lane on the workers). */
const char *qv__review_addr(const qv__review_entry *e);

/* The table an entry is the review of. */
const char *qv__review_table(const qv__review_entry *e);

/* Reviews the next decision of e (on the worker whose turn it is); true when decisions are
 * left, false once it is made (kept as JSON text) or failed (kept with its error). Once made,
 * the engine's review is handed to *made (the caller frees it: the puzzles are looked for in
 * it), else *made is NULL. */
bool qv__reviews_step(qv__reviews *rv, qv__review_entry *e, qv_review **made);

/* e will not be made (the pool stopped): it fails with why. */
void qv__reviews_drop(qv__reviews *rv, qv__review_entry *e, const char *why);

#endif
