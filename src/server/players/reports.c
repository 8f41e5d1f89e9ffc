/*
 * reports.c - a player's report at a table, kept for the moderators (reports.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "core/clock.h"
#include "server/net/reply.h"
#include "server/players/player.h"
#include "server/players/reports.h"
#include "server/players/session.h"
#include "server/table/table.h"

#define REASON_MAX 500 /* characters of a report's reason */

/* A report as read from its request and its table. */
typedef struct report {
	char seat[8];
	long long line; /* 0: the player, not a line */
	char reason[REASON_MAX * 4 + 1];
	char name[QV__NAME_BYTES]; /* the seat's name then */
	long long reported;        /* the seat's account (0: none) */
	char *text;                /* the line's text then (malloc'ed), or NULL */
} report;

/* The request's fields into r: 0, or the answer given (400). */
static int read_fields(qv__req *c, report *r)
{
	json_t *body;
	int st = qv__reply_read_json(c, &body, NULL);
	if (st)
		return st;
	const char *key;
	json_t *v;
	json_object_foreach(body, key, v)
	{
		if (strcmp(key, "seat") && strcmp(key, "line") && strcmp(key, "reason")) {
			char quoted[QV_QUOTE_MAX * 4 + 4];
			qv__reply_error(c, 400,
			                "unknown field '%s': a report has \"seat\", \"reason\" and "
			                "maybe \"line\"",
			                qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted));
			json_decref(body);
			return 400;
		}
	}
	const char *seat = json_string_value(json_object_get(body, "seat"));
	const char *why = json_string_value(json_object_get(body, "reason"));
	const json_t *line = json_object_get(body, "line");
	qv_err err;
	if (!seat || strlen(seat) >= sizeof r->seat)
		st = 400,
		qv__reply_error(c, 400, "seat: expected the seat reported, \"p1\" to \"p5\"");
	else if (line && (!json_is_integer(line) || json_integer_value(line) < 1))
		st = 400,
		qv__reply_error(c, 400, "line: expected a chat line's number (its frame's \"n\")");
	else if (!why)
		st = 400, qv__reply_error(c, 400, "reason: expected a text saying what happened");
	else if (qv__text_clean(why, strlen(why), REASON_MAX, "reason", r->reason, sizeof r->reason,
	                        &err))
		st = 400, qv__reply_error(c, 400, "%s", err.msg);
	if (!st) {
		qv_copy(r->seat, sizeof r->seat, seat);
		r->line = line ? (long long)json_integer_value(line) : 0;
	}
	json_decref(body);
	return st;
}

/* The reported seat's name and account, and the line's text, from table t: 0, or the answer
 * given (400: no such seat, or no such line of that seat kept). */
static int read_table(qv__req *c, qv__table *t, report *r)
{
	qv__table_lock(t);
	int p = qv_player_parse(r->seat, t->nseats), st = 0;
	if (p < 0) {
		st = 400;
		qv__reply_error(c, 400, "seat: '%s' is not a seat of this table (p1 to p%d)",
		                r->seat, t->nseats);
	} else {
		qv_copy(r->name, sizeof r->name, qv__table_name_locked(t, p));
		r->reported = t->seat[p].account;
	}
	for (int i = 0; !st && r->line && !r->text && i < t->chat.n; i++)
		if (t->chat.line[i].n == r->line && strcmp(t->chat.line[i].from, r->seat) == 0 &&
		    !(r->text = strdup(t->chat.line[i].text)))
			st = 503, qv__reply_error(c, 503, "out of memory keeping the report");
	if (!st && r->line && !r->text) {
		st = 400;
		qv__reply_error(c, 400, "line: the table keeps no chat line %lld of %s", r->line,
		                r->seat);
	}
	qv__table_unlock(t);
	return st;
}

/* The count of an address's reports in the window and the time of the first (0: none). */
typedef struct window {
	long long n;
	double first;
} window;

static qv_status window_row(void *ctx, int n, const char *const *v)
{
	window *w = ctx;
	w->n = n > 0 && v[0] ? atoll(v[0]) : 0;
	w->first = n > 1 && v[1] ? atof(v[1]) : 0;
	return QV_OK;
}

/* 0 when the address may report once more, else the answer given (429 with Retry-After, the
 * seconds until its first report of the hour leaves the window; 503). */
static int room_for(qv__server *srv, qv__req *c, double at)
{
	char since[32];
	snprintf(since, sizeof since, "%.3f", at - 3600);
	const char *args[] = {qv__req_addr(c), since};
	window w = {0};
	qv_err err;
	if (qv__store_query(srv->store,
	                    "SELECT count(*), min(at) FROM reports WHERE addr = $1 AND at > "
	                    "CAST($2 AS DOUBLE PRECISION)",
	                    2, args, window_row, &w, &err)) {
		qv__reply_error(c, 503, "the database failed: %s", err.msg);
		return 503;
	}
	if (w.n >= QV__REPORTS_PER_HOUR) {
		char retry[24];
		double wait = w.first + 3600 - at;
		snprintf(retry, sizeof retry, "%.0f", wait > 1 ? wait + 0.5 : 1);
		qv__reply_error(c, 429,
		                "at most %d reports an hour from one address; the site's "
		                "moderators read every one",
		                QV__REPORTS_PER_HOUR);
		qv__req_add_header(c, "Retry-After", retry);
		return 429;
	}
	return 0;
}

/* Writes report r of table id, by the request's client; answers 201 {"report": id}. */
static int keep(qv__server *srv, qv__req *c, const char *id, const report *r, double at)
{
	char when[32], line[24], reported[24], account[24] = "";
	snprintf(when, sizeof when, "%.3f", at);
	snprintf(line, sizeof line, "%lld", r->line);
	snprintf(reported, sizeof reported, "%lld", r->reported);
	qv__session s;
	if (qv__session_get(srv, c, &s) == 1) {
		snprintf(account, sizeof account, "%lld", s.account.id);
		qv__session_done(srv, c, &s);
	}
	const char *player = qv__player_of(srv, c);
	const char *args[] = {when,
	                      qv__req_addr(c),
	                      player[0] ? player : NULL,
	                      account[0] ? account : NULL,
	                      id,
	                      r->seat,
	                      r->name,
	                      r->reported ? reported : NULL,
	                      r->line ? line : NULL,
	                      r->text,
	                      r->reason};
	qv_err err;
	long long n = 0;
	qv_status rc = qv__store_run(
	    srv->store,
	    "INSERT INTO reports (at, addr, player, account, table_id, seat, name, reported, line, "
	    "text, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
	    11, args, &err);
	if (!rc)
		rc = qv__store_query(
		    srv->store, "SELECT max(id) FROM reports WHERE addr = $1 AND table_id = $2", 2,
		    (const char *[]){qv__req_addr(c), id}, qv__store_count_row, &n, &err);
	if (rc) {
		qv__reply_error(c, 503, "the report could not be kept (%s); try again", err.msg);
		return 503;
	}
	json_t *body = json_pack("{s:I}", "report", (json_int_t)n);
	qv__reply_json(c, 201, body);
	json_decref(body);
	return 201;
}

int qv__report_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	if (!qv__session_same_origin(c))
		return 403;
	const char *id = qv__route_cap_of(m, "table")->text;
	report r = {0};
	double at = qv_wall();
	int st = read_fields(c, &r);
	if (!st)
		st = room_for(srv, c, at);
	if (st)
		return st;
	qv__missing why;
	qv__table *t = qv__server_find(srv, id, &why);
	if (!t)
		return qv__reply_missing(c, id, why);
	st = read_table(c, t, &r);
	qv__table_unref(t);
	if (!st)
		st = keep(srv, c, id, &r, at);
	free(r.text);
	return st;
}
