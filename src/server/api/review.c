/*
 * review.c - the requests for a table's review and the AI workers' turns that make it
 * (review.h).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "server/api/puzzles.h"
#include "server/api/review.h"
#include "server/net/reply.h"
#include "server/state/reviews.h"

/* The server's review: --review-iterations for the best move (the engine's default without
 * it) and 3/20 of that for each search after a move (300 at the default 2000), the engine's
 * samples, one thread, and a fixed seed, so that a table's review is the same on every process
 * and after a restart. */
static qv_review_config review_config(const qv__server *srv)
{
	int n = srv->cfg.review_iterations > 0 ? srv->cfg.review_iterations : QV_REVIEW_ITERATIONS;
	return (qv_review_config){
	    .iterations = n, .reply_iterations = n * 3 / 20 > 0 ? n * 3 / 20 : 1, .seed = 1};
}

/* One decision of a review on a background worker (pool.h: below every table's step, and at
 * the lowest priority); the review goes back to the end of its address's background lane while
 * decisions are left. */
static void run_review(void *ctx, void *item);

/* A review still queued when the pool stops. */
static void drop_review(void *ctx, void *item)
{
	qv__server *srv = ctx;
	qv__reviews_drop(srv->reviews, item, "the server stopped before the review was made");
}

static void run_review(void *ctx, void *item)
{
	qv__server *srv = ctx;
	qv_review *made;
	if (qv__reviews_step(srv->reviews, item, &made))
		qv__pool_push_background(srv->pool, item, qv__review_addr(item), run_review,
		                         drop_review);
	else if (made) /* the puzzles of the game are looked for next, in the same background lane
	                */
		qv__puzzles_look(srv, qv__review_table(item), qv__review_addr(item), made);
}

/* Answers with what qv__reviews_answer or qv__reviews_add gave: got 1 (text), -1 (no memory). */
static int send_answer(qv__req *c, int got, char *text, int status)
{
	if (got < 0 || !text) {
		free(text);
		qv__reply_error(c, 500, "out of memory writing the review");
		return 500;
	}
	qv__reply_text(c, status, text, NULL);
	free(text);
	return status;
}

/* The game of finished table id into *out, from the store when it left memory, else from the
 * table: 0, or the answer given (404, 409 before the end, 503 while another process lets it
 * go, 500). */
static int game_of(qv__server *srv, qv__req *c, const char *id, qv_match **out)
{
	qv_err err;
	qv_status rc;
	char *text = NULL;
	qv__table *t = qv__server_find_resident(srv, id);
	if (!t && qv__table_fetch_stored(srv->store, id, QV__FETCH_RECORD, &text) == 1) {
		rc = qv_match_load_text(out, text, &err);
		free(text);
	} else {
		qv__missing why = QV__NONE;
		if (!t)
			t = qv__server_find(srv, id, &why);
		if (!t)
			return qv__reply_missing(c, id, why);
		json_t *record;
		rc = qv__table_fetch(t, QV__FETCH_RECORD, &record, &err);
		qv__table_unref(t);
		if (rc == QV_ESTATE) {
			qv__reply_error(c, 409, "no review before the end of the game: %s",
			                err.msg);
			return 409;
		}
		if (!rc) {
			rc = qv_match_load_json(out, record, &err);
			json_decref(record);
		}
	}
	if (rc)
		qv__reply_error(c, 500, "the record of table %s could not be read: %s", id,
		                err.msg);
	return rc ? 500 : 0;
}

/* Whether addr may have one more review made: its reviews and tables with AI seats together
 * under --address-ai-tables, and the server's reviews being made under QV__REVIEWS_MAKING;
 * else the answer given (429, 503). */
static int room_for(qv__server *srv, qv__req *c, const char *addr)
{
	int mine = qv__reviews_making(srv->reviews, addr) + qv__server_ai_tables(srv, addr);
	if (mine >= srv->cfg.address_ai_tables) {
		qv__reply_error(
		    c, 429,
		    "too many AI searches from your address: %d reviews being made and "
		    "tables with AI seats, of at most %d (the server's "
		    "--address-ai-tables); wait for a review to be made or a game to end",
		    mine, srv->cfg.address_ai_tables);
		return 429;
	}
	int all = qv__reviews_making(srv->reviews, NULL);
	if (all >= QV__REVIEWS_MAKING) {
		qv__reply_error(
		    c, 503,
		    "too many reviews being made (%d, the server's limit); try again in "
		    "a minute",
		    all);
		return 503;
	}
	return 0;
}

/* A POST's body: nothing, or an empty object; 0, or the answer given (400). */
static int empty_body(qv__req *c)
{
	json_t *body;
	int st = qv__reply_read_json(c, &body, "{}");
	if (st)
		return st;
	const char *key = NULL;
	json_t *v;
	json_object_foreach(body, key, v)
	{
		(void)v;
		break;
	}
	int st2 = 0;
	if (key) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, st2 = 400,
		                "unknown field '%s': a review request has no fields (send {} or "
		                "nothing)",
		                qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted));
	}
	json_decref(body);
	return st2;
}

int qv__review_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	const char *addr = qv__req_addr(c);
	char *text;
	int status, st = empty_body(c);
	if (st)
		return st;
	int got = qv__reviews_answer(srv->reviews, id, false, &text, &status);
	if (got)
		return send_answer(c, got, text, status);
	qv_match *game;
	if ((st = game_of(srv, c, id, &game)) != 0)
		return st;
	if ((st = room_for(srv, c, addr)) != 0) {
		qv_match_free(game);
		return st;
	}
	qv_review *r;
	qv_err err;
	qv_review_config cfg = review_config(srv);
	if (qv_review_new(&r, game, &cfg, &err)) {
		qv__reply_error(c, 500, "the review of table %s could not start: %s", id, err.msg);
		return 500;
	}
	qv__review_entry *e = qv__reviews_add(srv->reviews, id, addr, r, &text, &status);
	if (!e && !text) {
		qv__reply_error(c, 503, "too many reviews being made; try again in a minute");
		return 503;
	}
	st = send_answer(c, 1, text, status);
	if (e)
		qv__pool_push_background(srv->pool, e, addr, run_review, drop_review);
	return st;
}

int qv__review_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	char *text;
	int status, got = qv__reviews_answer(srv->reviews, id, true, &text, &status);
	if (got)
		return send_answer(c, got, text, status);
	/* Nobody asked for one: an answer, not an error (a 404 here was a console error on every
	 * replay of an unreviewed game); whether the table exists is the POST's to say. */
	json_t *none =
	    json_pack("{s:s, s:s, s:i, s:i}", "table", id, "status", "none", "done", 0, "total", 0);
	if (!none) { /* not UTF-8: no table has that id */
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, 404, "no table '%s'",
		                qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted));
		return 404;
	}
	qv__reply_json(c, 200, none);
	json_decref(none);
	return 200;
}
