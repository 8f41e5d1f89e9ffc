/*
 * postgres_listen.c - the PostgreSQL store's listener (owners.h, qv__store_listen): a thread with
 * a connection of its own, LISTEN quiver, that hands each notification's payload to the
 * server, says when it has (re)connected (what was notified meanwhile is lost, so the server
 * reads again), and ticks about every second. It connects again, once a second, while
 * PostgreSQL is away. The owner's connection stays the store's, behind its lock: notifications
 * are sent there (qv__store_notify) and read here.
 */
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/store/postgres_impl.h"

/* How long a wait for a notification lasts at most, in ms: the stop is seen within it. */
#define WAIT_MS 200

struct qv__pg_listener {
	pthread_t thread;
	atomic_bool stop;
	const char *conninfo; /* the store's */
	void (*fn)(void *ctx, const char *payload);
	void *ctx;
	struct qv__pg *pg; /* the store's: its main connection's backend pid */
};

/* A connection that listens, or NULL when PostgreSQL cannot be reached now. */
static PGconn *connect_listening(const char *conninfo, int timeout_ms)
{
	PGconn *conn = qv__pg_connect(conninfo, timeout_ms);
	if (PQstatus(conn) != CONNECTION_OK) {
		PQfinish(conn);
		return NULL;
	}
	PGresult *r = PQexec(conn, "LISTEN quiver");
	bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
	PQclear(r);
	if (!ok) {
		PQfinish(conn);
		return NULL;
	}
	return conn;
}

/* Waits up to ms for the connection's socket (or only sleeps without one); false when the
 * connection was lost. */
static bool wait_and_read(struct qv__pg_listener *l, PGconn *conn, int ms)
{
	if (!conn) {
		poll(NULL, 0, ms);
		return true;
	}
	struct pollfd p = {.fd = PQsocket(conn), .events = POLLIN};
	if (poll(&p, 1, ms) > 0 && !PQconsumeInput(conn))
		return false;
	PGnotify *n;
	while ((n = PQnotifies(conn)) != NULL) {
		/* A "release ID" this process sent asks another to let ID go: heard here too, late
		 * (after this process took ID on a request's retry), it would let go of the table
		 * it just took, close its sockets, and leave it to the sweeper, again and again. */
		bool mine =
		    n->be_pid == atomic_load(&l->pg->self) && strncmp(n->extra, "release ", 8) == 0;
		if (!mine)
			l->fn(l->ctx, n->extra);
		PQfreemem(n);
	}
	return PQstatus(conn) == CONNECTION_OK;
}

static void *listen_main(void *arg)
{
	struct qv__pg_listener *l = arg;
	PGconn *conn = NULL;
	double tick = qv_mono() + 1, retry = 0;
	while (!atomic_load(&l->stop)) {
		double t = qv_mono();
		if (!conn && t >= retry) {
			conn = connect_listening(l->conninfo, l->pg->timeout_ms);
			retry = t + 1;
			if (conn)
				l->fn(l->ctx, "");
		}
		if (!wait_and_read(l, conn, WAIT_MS)) {
			PQfinish(conn);
			conn = NULL;
		}
		if (qv_mono() >= tick) {
			tick = qv_mono() + 1;
			l->fn(l->ctx, NULL);
		}
	}
	PQfinish(conn);
	return NULL;
}

qv_status qv__pg_listen(qv__store *s, void (*fn)(void *ctx, const char *payload), void *ctx,
                        qv_err *err)
{
	if (qv__pg_of(s)->listener)
		return qv_fail(err, QV_ESTATE, "the store listens already");
	struct qv__pg_listener *l = calloc(1, sizeof *l);
	if (!l)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the listener");
	atomic_init(&l->stop, false);
	l->conninfo = qv__pg_of(s)->conninfo;
	l->fn = fn;
	l->ctx = ctx;
	l->pg = qv__pg_of(s);
	int e = pthread_create(&l->thread, NULL, listen_main, l);
	if (e) {
		free(l);
		return qv_fail(err, QV_ENOMEM, "cannot start the database's listener thread (%d)",
		               e);
	}
	qv__pg_of(s)->listener = l;
	return QV_OK;
}

void qv__pg_listen_stop(qv__store *s)
{
	struct qv__pg *pg = qv__pg_of(s);
	struct qv__pg_listener *l = pg->listener;
	if (!l)
		return;
	atomic_store(&l->stop, true);
	pthread_join(l->thread, NULL);
	free(l);
	pg->listener = NULL;
}
