/*
 * me.c - GET /api/me (me.h).
 */
#include <stdlib.h>
#include <string.h>

#include "games/json_util.h"
#include "server/net/reply.h"
#include "server/players/me.h"
#include "server/players/player.h"
#include "server/players/session.h"
#include "server/store/owners.h"

/* One of the key's tables as listed, with what it is sorted by. */
typedef struct me_row {
	json_t *j;
	bool over, my_turn;
	long long left; /* ms; -1: no clock */
	int order;      /* the store's (newest first within each group) */
} me_row;

static int row_order(const void *a, const void *b)
{
	const me_row *x = a, *y = b;
	if (x->over != y->over)
		return x->over ? 1 : -1;
	if (!x->over) {
		if (x->my_turn != y->my_turn)
			return x->my_turn ? -1 : 1;
		if ((x->left < 0) != (y->left < 0))
			return x->left < 0 ? 1 : -1;
		if (x->left != y->left)
			return x->left < y->left ? -1 : 1;
	}
	return x->order - y->order;
}

/* The entry of seat `seat` (0-based) of a table whose info is `info`, which ended at `finished`
 * (epoch s; 0: not over). */
static me_row entry(const json_t *info, int seat, double finished, int order)
{
	char name[8];
	qv_player_name(seat, name);
	const char *status = json_string_value(json_object_get(info, "status"));
	me_row r = {.over = status && strcmp(status, "over") == 0, .left = -1, .order = order};
	const json_t *to_move = json_object_get(info, "to_move");
	size_t i;
	const json_t *v;
	json_array_foreach(to_move, i,
	                   v) if (json_is_string(v) && strcmp(json_string_value(v), name) == 0)
	    r.my_turn = !r.over;
	const json_t *left =
	    json_object_get(json_object_get(json_object_get(info, "clock"), "left"), name);
	if (json_is_integer(left))
		r.left = (long long)json_integer_value(left);
	/* the clock's kind, null without a clock ("none") */
	const char *kind =
	    json_string_value(json_object_get(json_object_get(info, "clock"), "kind"));
	json_t *clock = kind && strcmp(kind, "none") != 0 ? json_string(kind) : json_null();
	json_t *people = json_array();
	json_array_foreach(json_object_get(info, "seats"), i, v)
	{
		people = qv__json_push(people, json_pack("{s:O?, s:O?, s:O?}", "seat",
		                                         json_object_get(v, "seat"), "name",
		                                         json_object_get(v, "name"), "kind",
		                                         json_object_get(v, "kind")));
	}
	r.j = json_pack(
	    "{s:O?, s:O?, s:O?, s:s, s:O?, s:b, s:o, s:o, s:b, s:o, s:O?, s:o}", "id",
	    json_object_get(info, "id"), "game", json_object_get(info, "game"), "title",
	    json_object_get(info, "title"), "seat", name, "status", json_object_get(info, "status"),
	    "my_turn", r.my_turn, "left_ms", r.left >= 0 ? json_integer(r.left) : json_null(),
	    "clock", clock, "abortable", json_is_true(json_object_get(info, "abortable")), "people",
	    people ? people : json_array(), "result", json_object_get(info, "result"), "finished",
	    finished > 0 ? json_integer((json_int_t)(finished * 1000)) : json_null());
	return r;
}

/* The info of table id: the table's in memory, else as another process published it (several
 * processes, store.h), else as stored when it ended; NULL when there is none. */
static json_t *info_of(qv__server *srv, const char *id)
{
	qv__table *t = qv__server_find_resident(srv, id);
	if (t) {
		qv__table_lock(t);
		json_t *j = qv__table_info_locked(t);
		qv__table_unlock(t);
		qv__table_unref(t);
		return j;
	}
	char *text = NULL;
	json_t *j = NULL;
	json_error_t jerr;
	/* played by another process (store.h): as it published it */
	text = qv__store_live_info(srv->store, id);
	if ((text || qv__store_get_over(srv->store, id, &text, NULL) == 1) &&
	    qv__json_parse(text, strlen(text), 0, &j, &jerr) != QV_OK)
		j = NULL;
	free(text);
	return j;
}

/* ?finished=N, the most finished tables to list (0 to QV__ME_FINISHED) into *max: 0 when it
 * is good (absent: QV__ME_FINISHED), else the 400 answered. */
static int finished_arg(qv__req *c, int *max)
{
	const char *v = qv__req_arg(c, "finished");
	*max = QV__ME_FINISHED;
	if (!v)
		return 0;
	size_t n = strlen(v);
	long x = n > 0 && n <= 3 && strspn(v, "0123456789") == n ? strtol(v, NULL, 10) : -1;
	if (x < 0 || x > QV__ME_FINISHED) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, 400, "finished: '%s'; expected a whole number from 0 to %d",
		                qv_shorten(v, QV_QUOTE_MAX, quoted, sizeof quoted),
		                QV__ME_FINISHED);
		return 400;
	}
	*max = (int)x;
	return 0;
}

/* The seats of the request's key and of the account's keys (account 0: none), and the name
 * the key last took a seat under: false when the database failed. */
static bool my_seats(qv__server *srv, const char *player, long long account, qv__player_seat *seats,
                     int max, int *n, char name[128])
{
	qv_err err;
	*n = 0;
	name[0] = '\0';
	if (!player[0] && !account)
		return true;
	return !qv__store_player_tables(srv->store, player, account, max, seats, n, &err) &&
	       qv__store_player_name(srv->store, player, name, 128) >= 0;
}

/* The body's "account": {"username"} of a valid session, else null. */
static json_t *account_of(const qv__session *s, int signed_in)
{
	return signed_in == 1 ? json_pack("{s:s}", "username", s->account.username) : json_null();
}

int qv__me_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	int most_finished;
	int bad = finished_arg(c, &most_finished);
	if (bad)
		return bad;
	enum { MAX = QV__ME_ONGOING + QV__ME_FINISHED };
	qv__player_seat *seats = calloc(MAX, sizeof *seats);
	me_row *rows = calloc(MAX, sizeof *rows);
	int n = 0, nrows = 0, ongoing = 0, finished = 0;
	char name[128] = "";
	qv__session s;
	int signed_in = qv__session_get(srv, c, &s);
	if (!seats || !rows || signed_in < 0 ||
	    !my_seats(srv, qv__player_of(srv, c), signed_in == 1 ? s.account.id : 0, seats, MAX, &n,
	              name)) {
		free(seats);
		free(rows);
		qv__reply_error(c, 503, "the database failed listing your tables");
		return 503;
	}
	for (int i = 0; i < n; i++) {
		if (seats[i].over ? finished >= most_finished : ongoing >= QV__ME_ONGOING)
			continue;
		json_t *info = info_of(srv, seats[i].id);
		if (!info)
			continue;
		me_row r = entry(info, seats[i].seat, seats[i].finished, i);
		json_decref(info);
		if (!r.j)
			continue;
		rows[nrows++] = r;
		r.over ? finished++ : ongoing++;
	}
	free(seats);
	qsort(rows, (size_t)nrows, sizeof *rows, row_order);
	json_t *tables = json_array();
	for (int i = 0; i < nrows; i++)
		tables = qv__json_push(tables, rows[i].j);
	free(rows);
	json_t *body = json_pack(
	    "{s:o, s:o, s:o}", "name", name[0] ? json_string(name) : json_null(), "account",
	    account_of(&s, signed_in), "tables", tables ? tables : json_array());
	qv__reply_json(c, 200, body);
	json_decref(body);
	if (signed_in == 1)
		qv__session_done(srv, c, &s);
	return 200;
}
