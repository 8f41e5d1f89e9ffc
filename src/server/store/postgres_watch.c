/*
 * postgres_watch.c - the deadlines of the PostgreSQL store's statements (postgres_impl.h): one
 * thread that sleeps until the earliest deadline of the statements under way and, when one has
 * not been answered by then, shuts its connection's socket, so that libpq's call returns at
 * once with the connection lost.
 *
 * Why quiver keeps the deadline itself: PostgreSQL's statement_timeout is kept by the server,
 * and TCP's keepalives by the server's kernel. A PostgreSQL that hangs without going away (its
 * processes stopped by SIGSTOP, a disk that does not answer, a machine paused) keeps neither:
 * its kernel still acknowledges every packet, so an act waited for as long as the database
 * hung (20 s in the third audit), and every act behind it too. A cut connection is made again
 * by the next operation (qv__pg_ready); a COMMIT cut on its way is resolved by reading the table
 * back, or, when it cannot be read, by letting the table go (change.c).
 */
#define _GNU_SOURCE /* pthread_cond_clockwait */
#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "core/clock.h"
#include "games/mutex.h"
#include "server/store/postgres_impl.h"

struct qv__pg_watch {
	qv__mutex lock;
	pthread_cond_t wake; /* a statement armed, or the watch to stop */
	pthread_t thread;
	bool stop;
	qv__pg_conn **conns; /* every connection it watches: the owner's and the pool's */
	int n;
};

/* The earliest deadline among the armed connections, or 0 when none is armed; those past it
 * at `now` cut on the way. Under w->lock. */
static double cut_due_locked(struct qv__pg_watch *w, double now)
{
	QV__HELD(qv__mutex_held(&w->lock));
	double next = 0;
	for (int i = 0; i < w->n; i++) {
		qv__pg_conn *c = w->conns[i];
		if (!c->armed)
			continue;
		if (c->base.until <= now) {
			/* the socket stays open (libpq closes it): shut, its call returns at once
			 */
			shutdown(c->fd, SHUT_RDWR);
			c->cut = true;
			c->armed = false;
		} else if (next == 0 || c->base.until < next) {
			next = c->base.until;
		}
	}
	return next;
}

static void *watch_main(void *arg)
{
	struct qv__pg_watch *w = arg;
	qv__mutex_lock(&w->lock);
	while (!w->stop) {
		double next = cut_due_locked(w, qv_mono());
		if (next == 0) {
			qv__mutex_wait(&w->wake, &w->lock);
			continue;
		}
		double left = next - qv_mono();
		struct timespec at = qv_deadline(true, left > 0 ? left : 0);
		qv__mutex_waiting(&w->lock);
		pthread_cond_clockwait(&w->wake, &w->lock.mu, CLOCK_MONOTONIC, &at);
		qv__mutex_woken(&w->lock);
	}
	qv__mutex_unlock(&w->lock);
	return NULL;
}

qv_status qv__pg_watch_start(struct qv__pg *pg, qv_err *err)
{
	struct qv__pg_watch *w = calloc(1, sizeof *w);
	qv__pg_conn **conns = calloc((size_t)pg->npool + 1, sizeof *conns);
	if (!w || !conns) {
		free(w);
		free(conns);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the database's watch");
	}
	conns[0] = &pg->own;
	for (int k = 0; k < pg->npool; k++)
		conns[k + 1] = &pg->pool[k];
	w->conns = conns;
	w->n = pg->npool + 1;
	qv__mutex_init(&w->lock);
	pthread_cond_init(&w->wake, NULL);
	if (pthread_create(&w->thread, NULL, watch_main, w) != 0) {
		pthread_cond_destroy(&w->wake);
		qv__mutex_destroy(&w->lock);
		free(conns);
		free(w);
		return qv_fail(err, QV_ENOMEM, "cannot start the database's watch thread");
	}
	pg->watch = w;
	return QV_OK;
}

void qv__pg_watch_stop(struct qv__pg *pg)
{
	struct qv__pg_watch *w = pg->watch;
	if (!w)
		return;
	qv__mutex_lock(&w->lock);
	w->stop = true;
	pthread_cond_signal(&w->wake);
	qv__mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	pthread_cond_destroy(&w->wake);
	qv__mutex_destroy(&w->lock);
	free(w->conns);
	free(w);
	pg->watch = NULL;
}

bool qv__pg_watch_arm(qv__pg_conn *c)
{
	struct qv__pg_watch *w = qv__pg_of(c->base.s)->watch;
	if (!w)
		return true; /* a store being opened: libpq's own limits alone */
	if (qv_mono() >= c->base.until)
		return false;
	int fd = PQsocket(c->conn);
	qv__mutex_lock(&w->lock);
	c->fd = fd;
	c->cut = false;
	c->armed = fd >= 0;
	pthread_cond_signal(&w->wake);
	qv__mutex_unlock(&w->lock);
	return true;
}

bool qv__pg_watch_disarm(qv__pg_conn *c)
{
	struct qv__pg_watch *w = qv__pg_of(c->base.s)->watch;
	if (!w)
		return false;
	qv__mutex_lock(&w->lock);
	c->armed = false;
	bool cut = c->cut;
	c->cut = false;
	qv__mutex_unlock(&w->lock);
	return cut;
}
