/*
 * export.c - GET /api/account/export (account.h): an account's finished games written a page at
 * a time, through a gate of its own.
 *
 * The answer is built in a temporary file (unlinked at once: tmpfile), one stored record at a
 * time, copied as the store keeps it (its JSON text, never parsed), and the network loop sends
 * the file as it sends the web folder's files; so the memory of an export is one record and the
 * list of the account's seats, whatever the history (the second audit: 8 exports of a
 * 100-game account at once added 22 MiB, all built in memory as JSON, and the 10,000-game cap
 * extrapolated to about 275 MiB each). At most QV__EXPORTS_AT_ONCE exports are written at once
 * in the process, and one per account: another is answered at once, 503 or 429, with
 * Retry-After.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/net/reply.h"
#include "server/players/account.h"
#include "server/players/credentials.h"
#include "server/store/store.h"

/* The exports written at once in the process, and whose. */
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static long long writing[QV__EXPORTS_AT_ONCE]; /* accounts; 0: a free place */

/* A place for account's export: 0, or the status answered (429, 503). */
static int gate_enter(qv__req *c, long long account)
{
	int free_place = -1, status = 0;
	pthread_mutex_lock(&gate_lock);
	for (int i = 0; i < QV__EXPORTS_AT_ONCE; i++) {
		if (writing[i] == account)
			status = 429;
		else if (!writing[i] && free_place < 0)
			free_place = i;
	}
	if (!status && free_place < 0)
		status = 503;
	if (!status)
		writing[free_place] = account;
	pthread_mutex_unlock(&gate_lock);
	if (status == 429)
		qv__reply_error(c, 429,
		                "your export is being written already: one at a time per account; "
		                "try again when it has come");
	else if (status == 503)
		qv__reply_error(c, 503,
		                "%d exports are being written, the most at once; try again in a "
		                "few seconds",
		                QV__EXPORTS_AT_ONCE);
	if (status)
		qv__req_add_header(c, "Retry-After", "5");
	return status;
}

static void gate_leave(long long account)
{
	pthread_mutex_lock(&gate_lock);
	for (int i = 0; i < QV__EXPORTS_AT_ONCE; i++)
		if (writing[i] == account) {
			writing[i] = 0;
			break;
		}
	pthread_mutex_unlock(&gate_lock);
}

/* Orders seats by table id, then by their place in the list (qsort). */
static int by_id(const void *a, const void *b)
{
	const qv__player_seat *x = *(qv__player_seat *const *)a, *y = *(qv__player_seat *const *)b;
	int c = strcmp(x->id, y->id);
	return c ? c : (x < y ? -1 : x > y);
}

/* Marks (over = false) every finished seat whose table an earlier seat of the list has: a table
 * where the account held two seats is exported once. */
static bool drop_twice(qv__player_seat *seats, int n)
{
	qv__player_seat **order = malloc(sizeof *order * (size_t)(n ? n : 1));
	if (!order)
		return false;
	for (int i = 0; i < n; i++)
		order[i] = &seats[i];
	qsort(order, (size_t)n, sizeof *order, by_id);
	for (int i = 1; i < n; i++)
		if (strcmp(order[i]->id, order[i - 1]->id) == 0)
			order[i]->over = false;
	free(order);
	return true;
}

/* Writes {"username", "games": [records]} into f, a record at a time; false when writing
 * failed. */
static bool write_export(qv__server *srv, FILE *f, const char *username,
                         const qv__player_seat *seats, int n)
{
	json_t *name = json_string(username);
	char *quoted = name ? json_dumps(name, JSON_ENCODE_ANY) : NULL;
	json_decref(name);
	bool ok = quoted && fprintf(f, "{\"username\":%s,\"games\":[", quoted) > 0;
	free(quoted);
	bool first = true;
	for (int i = 0; ok && i < n; i++) {
		char *info = NULL, *record = NULL;
		if (seats[i].over &&
		    qv__store_get_over(srv->store, seats[i].id, &info, &record) == 1)
			ok = fprintf(f, "%s%s", first ? "" : ",", record) >= 0;
		first &= !(record && ok);
		free(info);
		free(record);
	}
	return ok && fputs("]}", f) >= 0 && fflush(f) == 0;
}

/* The account's export written into a new temporary file: its descriptor (at its start) and
 * size, or -1 with the status answered. */
static int export_file(qv__server *srv, qv__req *c, const qv__session *s, size_t *size)
{
	qv__player_seat *seats = calloc(QV__EXPORT_MAX, sizeof *seats);
	int n = 0, fd = -1;
	qv_err err;
	if (!seats) {
		qv__reply_error(c, 503, "out of memory listing your games");
		return -1;
	}
	if (qv__store_player_tables(srv->store, "", s->account.id, QV__EXPORT_MAX, seats, &n,
	                            &err)) {
		free(seats);
		qv__acct_db_failed(c, &err);
		return -1;
	}
	FILE *f = tmpfile();
	bool ok = f && drop_twice(seats, n) && write_export(srv, f, s->account.username, seats, n);
	long end = ok ? ftell(f) : -1;
	if (end >= 0 && (fd = dup(fileno(f))) >= 0 && lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		fd = -1;
	}
	if (f)
		fclose(f);
	free(seats);
	if (fd < 0)
		qv__reply_error(c, 503,
		                "the export could not be written (out of memory or disk); try "
		                "again later");
	*size = end > 0 ? (size_t)end : 0;
	return fd;
}

int qv__account_export(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__session_require(srv, c, &s);
	if (st)
		return st;
	if ((st = gate_enter(c, s.account.id)) != 0)
		return st;
	size_t size = 0;
	int fd = export_file(srv, c, &s, &size);
	gate_leave(s.account.id);
	if (fd < 0)
		return 503;
	qv__req_status(c, 200);
	qv__req_add_header(c, "Content-Type", "application/json; charset=utf-8");
	qv__req_add_header(c, "Cache-Control", "no-store");
	qv__req_add_header(c, "X-Content-Type-Options", "nosniff");
	qv__req_file(c, fd, 0, size);
	qv__session_done(srv, c, &s);
	return 200;
}
