/*
 * lobby.c - the lobby, GET /api/tables in pages (lobby.h): the tables anyone may join or
 * watch, newest first, from this process's registry or, when several processes share a
 * PostgreSQL database (store.h), from what each of them publishes there (cluster.c), with
 * cursors and weak ETags. What the others published is kept as last read (at most every
 * KEEP_S), and shown in its place while the database does not answer: the lobby is still
 * served, as it was, when the database is down (docs/server.md).
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/api/lobby.h"
#include "server/net/reply.h"
#include "server/store/owners.h"

/* A page of the lobby: at most LOBBY_MAX tables, LOBBY_PAGE unless ?limit= says otherwise.
 * 1,000 public tables made one answer of 1.19 MB in 101 ms, asked every 5 s by every open lobby
 * page (docs/benchmarks.md). */
#define LOBBY_PAGE 50
#define LOBBY_MAX  100

/* A listed table's place in the lobby's order, newest first: its creation time in
 * microseconds, then its id. A cursor ("next") is the place of a page's last table, written
 * "MICROSECONDS-ID"; the next page holds the tables after that place, so tables created
 * meanwhile never push one onto two pages. */
typedef struct lobby_row {
	qv__table *t; /* this process's table, or NULL: one another process published */
	char *info;   /* that one's info (JSON text) */
	char origin[17];
	long long at;
	char id[QV__ID_LEN + 1];
	long long iv; /* everything a client hears of it: its ETag's part */
} lobby_row;

/* Newest first. */
static int lobby_order(const void *a, const void *b)
{
	const lobby_row *x = a, *y = b;
	if (x->at != y->at)
		return x->at > y->at ? -1 : 1;
	return -strcmp(x->id, y->id);
}

/* Whether row r comes after the place (at, id) in the lobby's order. */
static bool lobby_after(const lobby_row *r, long long at, const char *id)
{
	return r->at < at || (r->at == at && strcmp(r->id, id) < 0);
}

/* The query argument `name` copied into text (len bytes): its length, -1 when it is absent, -2
 * when it does not fit (text is then ""). */
static int query_arg(const qv__req *c, const char *name, char *text, size_t len)
{
	const char *v = qv__req_arg(c, name);
	size_t n = v ? strlen(v) : 0;
	text[0] = '\0';
	if (!v)
		return -1;
	if (n >= len)
		return -2;
	memcpy(text, v, n + 1);
	return (int)n;
}

/* Reads ?limit= and ?after= into *limit and (*at, id), *cursor false without after. Answers a
 * bad one with 400 and returns its status, else 0. */
static int lobby_query(qv__req *c, int *limit, bool *cursor, long long *at, char id[QV__ID_LEN + 1])
{
	char text[64], quoted[QV_QUOTE_MAX * 4 + 4];
	*limit = LOBBY_PAGE;
	*cursor = false;
	int n = query_arg(c, "limit", text, sizeof text);
	if (n != -1) {
		long v =
		    n > 0 && strspn(text, "0123456789") == (size_t)n ? strtol(text, NULL, 10) : 0;
		if (v < 1 || v > LOBBY_MAX) {
			qv__reply_error(c, 400, "limit: '%s'; expected a whole number from 1 to %d",
			                qv_shorten(n >= 0 ? text : "(too long)", QV_QUOTE_MAX,
			                           quoted, sizeof quoted),
			                LOBBY_MAX);
			return 400;
		}
		*limit = (int)v;
	}
	n = query_arg(c, "after", text, sizeof text);
	if (n == -1)
		return 0;
	size_t digits = n > 0 ? strspn(text, "0123456789") : 0;
	if (n < 0 || digits < 1 || digits > 18 || text[digits] != '-' ||
	    !qv__table_id_valid(text + digits + 1)) {
		qv__reply_error(
		    c, 400,
		    "after: '%s'; expected the \"next\" of an earlier page of GET "
		    "/api/tables (MICROSECONDS-ID)",
		    qv_shorten(n >= 0 ? text : "(too long)", QV_QUOTE_MAX, quoted, sizeof quoted));
		return 400;
	}
	*cursor = true;
	*at = strtoll(text, NULL, 10);
	qv_copy(id, QV__ID_LEN + 1, text + digits + 1);
	return 0;
}

/* FNV-1a over len bytes, from h. */
static uint64_t fnv(uint64_t h, const void *bytes, size_t len)
{
	for (size_t i = 0; i < len; i++)
		h = (h ^ ((const unsigned char *)bytes)[i]) * 0x100000001b3ULL;
	return h;
}

/* Writes a lobby answer: 200 with text, or 304 without a body (text NULL); both with the
 * page's ETag, so that the page may ask again with If-None-Match. */
static void lobby_reply(qv__req *c, int status, const char *text, const char *etag)
{
	qv__req_status(c, status);
	if (text)
		qv__req_add_header(c, "Content-Type", "application/json; charset=utf-8");
	qv__req_add_header(c, "Cache-Control", "no-store");
	qv__req_add_header(c, "X-Content-Type-Options", "nosniff");
	qv__req_add_header(c, "ETag", etag);
	if (text) /* the layer drops it for HEAD */
		qv__req_write(c, text, strlen(text));
}

/* The lobby's rows being gathered: this process's tables, then those the other processes
 * published (qv__store_live_list), this one's own rows there left out (its tables are in its
 * registry, as they are now). */
typedef struct gathered {
	lobby_row *rows;
	int n, cap;
	bool failed;
	char origin[17]; /* this process's */
} gathered;

/* A free row of g, or NULL when out of memory. */
static lobby_row *grow(gathered *g)
{
	if (g->n == g->cap) {
		int cap = g->cap ? 2 * g->cap : 64;
		lobby_row *grown = realloc(g->rows, sizeof *grown * (size_t)cap);
		if (!grown) {
			g->failed = true;
			return NULL;
		}
		g->rows = grown;
		g->cap = cap;
	}
	return &g->rows[g->n];
}

/* What the other processes published, as last read: a lobby row with its info (t NULL). */
static struct {
	pthread_mutex_t lock;
	lobby_row *rows;
	int n;
	double at; /* when it was kept (qv_mono), 0: never */
} published_kept = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* How often the published rows are kept again. */
#define KEEP_S 5

/* Copies of rows[from, n) (their info duplicated) into *out: their count, -1 when out of
 * memory. */
static int copy_rows(const lobby_row *rows, int from, int n, lobby_row **out)
{
	*out = malloc(sizeof **out * (size_t)(n - from > 0 ? n - from : 1));
	int k = 0;
	for (int i = from; *out && i < n; i++) {
		(*out)[k] = rows[i];
		(*out)[k].t = NULL;
		(*out)[k].info = strdup(rows[i].info);
		if (!(*out)[k].info)
			break;
		k++;
	}
	if (*out && k == n - from)
		return k;
	for (int i = 0; *out && i < k; i++)
		free((*out)[i].info);
	free(*out);
	*out = NULL;
	return -1;
}

/* Keeps g's published rows, those after the first `own`, when the last kept are older than
 * KEEP_S. */
static void keep_published(const gathered *g, int own)
{
	pthread_mutex_lock(&published_kept.lock);
	lobby_row *copy;
	int n;
	if (qv_mono() - published_kept.at >= KEEP_S &&
	    (n = copy_rows(g->rows, own, g->n, &copy)) >= 0) {
		for (int i = 0; i < published_kept.n; i++)
			free(published_kept.rows[i].info);
		free(published_kept.rows);
		published_kept.rows = copy;
		published_kept.n = n;
		published_kept.at = qv_mono();
	}
	pthread_mutex_unlock(&published_kept.lock);
}

/* The published rows as last kept, added to g in place of the database's. */
static void add_kept(gathered *g)
{
	pthread_mutex_lock(&published_kept.lock);
	for (int i = 0; i < published_kept.n && !g->failed; i++) {
		lobby_row *r = grow(g);
		if (!r)
			break;
		*r = published_kept.rows[i];
		r->info = strdup(published_kept.rows[i].info);
		g->failed |= !r->info;
		g->n += r->info != NULL;
	}
	pthread_mutex_unlock(&published_kept.lock);
}

static void add_published(void *ctx, const qv__live_row *row)
{
	gathered *g = ctx;
	lobby_row *r = strcmp(row->origin, g->origin) != 0 ? grow(g) : NULL;
	if (!r)
		return;
	*r = (lobby_row){
	    .at = llround(row->created * 1e6), .iv = row->iv, .info = strdup(row->info)};
	qv_copy(r->id, sizeof r->id, row->id);
	qv_copy(r->origin, sizeof r->origin, row->origin);
	g->failed |= !r->info;
	g->n += r->info != NULL;
}

/* The lobby's tables, newest first, each with a reference or its info (*n of them); NULL when
 * out of memory or when the database failed (no reference then kept). */
static lobby_row *lobby_rows(qv__server *srv, int *n)
{
	gathered g = {0};
	qv__server_origin(srv, g.origin);
	qv__table **list;
	int k = qv__server_list(srv, &list, false);
	for (int i = 0; i < k; i++) {
		qv__table *t = list[i];
		lobby_row *r = list ? grow(&g) : NULL;
		if (!r) {
			qv__table_unref(t);
			continue;
		}
		qv__table_lock(t);
		*r = (lobby_row){.t = t, .at = llround(t->created * 1e6), .iv = t->iv};
		qv_copy(r->origin, sizeof r->origin, g.origin);
		qv_copy(r->id, sizeof r->id, t->id);
		qv__table_unlock(t);
		g.n++;
	}
	free(list);
	int own = g.n;
	if (!list)
		g.failed = true;
	else if (qv__store_shared(srv->store) &&
	         (qv__store_down(srv->store) ||
	          qv__store_live_list(srv->store, add_published, &g) < 0))
		add_kept(&g); /* the database does not answer: the lobby as last read */
	else if (qv__store_shared(srv->store) && !g.failed)
		keep_published(&g, own);
	if (!g.failed && !g.rows)
		g.rows = malloc(sizeof *g.rows);
	if (g.failed || !g.rows) {
		for (int i = 0; i < g.n; i++) {
			qv__table_unref(g.rows[i].t);
			free(g.rows[i].info);
		}
		free(g.rows);
		return NULL;
	}
	qsort(g.rows, (size_t)g.n, sizeof *g.rows, lobby_order);
	/* a table that moved here a moment ago, still published by the process it left: once */
	int kept = 0;
	for (int i = 0; i < g.n; i++) {
		lobby_row *r = &g.rows[i], *last = kept ? &g.rows[kept - 1] : NULL;
		if (last && strcmp(last->id, r->id) == 0) {
			if (r->t && !last->t) {
				lobby_row swap = *last;
				*last = *r;
				*r = swap;
			}
			qv__table_unref(r->t);
			free(r->info);
			continue;
		}
		g.rows[kept++] = *r;
	}
	*n = kept;
	return g.rows;
}

/* The weak ETag of the page rows[first, last) followed by `next` (etag: 32 bytes). */
static void lobby_etag(const lobby_row *rows, int first, int last, const char *next, char *etag)
{
	/* each row's process (its start: a table's iv starts again with it, and where it moves),
	 * which also lets the processes of a shared database answer in turn */
	uint64_t h = 0xcbf29ce484222325ULL;
	h = fnv(h, next, strlen(next) + 1);
	for (int i = first; i < last; i++) {
		h = fnv(h, rows[i].id, sizeof rows[i].id);
		h = fnv(h, &rows[i].iv, sizeof rows[i].iv);
		h = fnv(h, rows[i].origin, sizeof rows[i].origin);
	}
	snprintf(etag, 32, "W/\"%016llx\"", (unsigned long long)h);
}

/* Sends the page rows[first, last) with `next` (200), or 503; returns the status. */
static int lobby_page(qv__req *c, const lobby_row *rows, int first, int last, const char *next,
                      const char *etag)
{
	json_t *tables = json_array();
	for (int i = first; i < last; i++) {
		json_t *info = rows[i].t ? NULL : json_loads(rows[i].info, 0, NULL);
		if (rows[i].t) {
			qv__table_lock(rows[i].t);
			info = qv__table_info_locked(rows[i].t);
			qv__table_unlock(rows[i].t);
		}
		size_t k;
		json_t *seat;
		json_array_foreach(json_object_get(info, "seats"), k, seat)
		    json_object_del(seat, "name");
		tables = qv__json_push(tables, info);
	}
	json_t *body = json_pack("{s:o, s:o}", "tables", tables ? tables : json_null(), "next",
	                         next[0] ? json_string(next) : json_null());
	char *text = tables && body ? qv__json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
	if (text)
		lobby_reply(c, 200, text, etag);
	else
		qv__reply_error(c, 503, "out of memory");
	free(text);
	return text ? 200 : 503;
}

/* GET /api/tables[?limit=N&after=CURSOR]: a page of the tables anyone may join or watch,
 * newest first, {"tables": [info...], "next": cursor or null}, each table's info without its
 * seats' names (they are on its own info). The page's weak ETag changes with every change a
 * client hears of at its tables (their iv), with the tables themselves and with `next`; a
 * request whose If-None-Match names it is answered 304 before any info is written, which is
 * what the lobby's poll costs when nothing changed. */
int qv__lobby_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	int limit, n;
	bool cursor;
	long long at = 0;
	char after[QV__ID_LEN + 1] = "";
	int st = lobby_query(c, &limit, &cursor, &at, after);
	if (st)
		return st;
	lobby_row *rows = lobby_rows(srv, &n);
	if (!rows) {
		qv__reply_error(c, 503, "out of memory");
		return 503;
	}
	int first = 0;
	while (cursor && first < n && !lobby_after(&rows[first], at, after))
		first++;
	int last = first + limit < n ? first + limit : n; /* the page: [first, last) */
	char next[48] = "", etag[32];
	if (last < n && last > first)
		snprintf(next, sizeof next, "%lld-%s", rows[last - 1].at, rows[last - 1].id);
	lobby_etag(rows, first, last, next, etag);
	const char *asked = qv__req_header(c, "If-None-Match");
	if (asked && strstr(asked, etag + 2)) {
		st = 304;
		lobby_reply(c, 304, NULL, etag);
	} else {
		st = lobby_page(c, rows, first, last, next, etag);
	}
	for (int i = 0; i < n; i++) {
		qv__table_unref(rows[i].t);
		free(rows[i].info);
	}
	free(rows);
	return st;
}
