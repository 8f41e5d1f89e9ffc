/*
 * postgres_conn.c - the steps of the PostgreSQL store (postgres_impl.h): the pool's connections
 * taken and given back, a connection kept ready (reset and its statements prepared again after
 * PostgreSQL went away), statements run with their parameters as text, transactions begun and
 * finished, a result's values read.
 *
 * A failure is QV_EIO with libpq's message, which the server answers as 503 (a store failure):
 * while PostgreSQL is away every operation fails so, and the first one after it is back
 * connects again. Nothing is retried that may have been done: only BEGIN, which does nothing,
 * is tried again on a connection reset at once.
 */
#define _GNU_SOURCE /* pthread_cond_clockwait */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/store/postgres_impl.h"
#include "server/store/store.h"

void qv__pg_text(qv__pg_args *a, const char *text) { a->v[a->n++] = text; }

void qv__pg_int(qv__pg_args *a, long long x)
{
	snprintf(a->num[a->n], sizeof a->num[a->n], "%lld", x);
	a->v[a->n] = a->num[a->n];
	a->n++;
}

/* %.17g reads back as the same double (PostgreSQL's float8 input is exact). */
void qv__pg_real(qv__pg_args *a, double x)
{
	snprintf(a->num[a->n], sizeof a->num[a->n], "%.17g", x);
	a->v[a->n] = a->num[a->n];
	a->n++;
}

void qv__pg_message(const char *msg, char *out, size_t len)
{
	size_t n = 0;
	bool space = false;
	for (const char *p = msg ? msg : ""; *p && n + 1 < len; p++) {
		bool blank = *p == '\n' || *p == '\t' || *p == '\r' || *p == ' ';
		if (blank) {
			space = n > 0;
			continue;
		}
		if (space && n + 2 < len)
			out[n++] = ' ';
		space = false;
		out[n++] = *p;
	}
	out[n] = '\0';
}

static qv_status pg_fail(qv_err *err, const char *doing, const char *msg)
{
	char line[400];
	qv__pg_message(msg, line, sizeof line);
	return qv_fail(err, QV_EIO, "the database: %s failed: %s", doing, line);
}

int qv__pg_lock_ms(int timeout_ms) { return timeout_ms / 2 > 100 ? timeout_ms / 2 : 100; }

/* A statement PostgreSQL cancelled at the statement timeout (57014) or whose lock it did not
 * get within the lock timeout (55P03): the site is slow, and the players are told so. */
static qv_status slow_fail(const qv__pg_conn *c, qv_err *err)
{
	int timeout_ms = qv__pg_of(c->base.s)->timeout_ms;
	if (!strcmp(c->state, "55P03"))
		return qv_fail(err, QV_EIO, "%s: the database held the table's row past %d ms",
		               QV__STORE_SLOW, qv__pg_lock_ms(timeout_ms));
	return qv_fail(err, QV_EIO, "%s: the database did not answer within %d ms", QV__STORE_SLOW,
	               timeout_ms);
}

static bool slow_state(const char *state)
{
	return !strcmp(state, "57014") || !strcmp(state, "55P03");
}

/* A statement not begun, its operation's deadline passed, or cut by the watch unanswered. */
static qv_status unanswered(const qv__pg_conn *c, qv_err *err)
{
	return qv__store_slow(err, c->base.s->timeout_ms, "the database did not answer");
}

/* Begins a statement on c under its deadline (qv__pg_watch_arm), and ends it: r, or NULL when
 * the watch cut the connection meanwhile (r then cleared; the connection is lost). */
static PGresult *watched_end(qv__pg_conn *c, PGresult *r)
{
	if (!qv__pg_watch_disarm(c))
		return r;
	c->stale = PQbackendPID(c->conn);
	PQclear(r);
	return NULL;
}

static qv_status command(qv__pg_conn *c, const char *text, qv_err *err);

/* After c was connected again: the session of a statement the watch cut, which a PostgreSQL
 * that hung keeps until it reads the closed socket, ended now and waited for (within c's
 * deadline), so that its advisory locks do not make this process lose its own tables when it
 * takes them again (qv__pg_relock), nor its rows hold up the next writes. */
static void end_stale(qv__pg_conn *c)
{
	if (!c->stale)
		return;
	double left = c->base.until - qv_mono();
	char sql[96];
	snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(%d, %d)", c->stale,
	         left > 0.001 ? (int)(left * 1000) : 1);
	c->stale = 0;
	qv_err ignored;
	command(c, sql, &ignored);
}

/* What PostgreSQL says outside an answer: a WARNING, or the FATAL of a session it ends while
 * the connection is idle (a shutdown, pg_terminate_backend), which libpq hands on as a notice.
 * Into the operator's log, on one line with its time and level, rather than libpq's default:
 * the bare text on standard error ("FATAL: terminating connection due to administrator
 * command"), which a log of many processes cannot place. */
static void notice(void *arg, const char *message)
{
	(void)arg;
	char line[400];
	qv__pg_message(message, line, sizeof line);
	/* a NOTICE (a CREATE ... IF NOT EXISTS that skips, at every new schema) is not the
	 * operator's concern */
	if (!strncmp(line, "FATAL", 5) || !strncmp(line, "PANIC", 5) ||
	    !strncmp(line, "ERROR", 5) || !strncmp(line, "WARNING", 7))
		qv__oplog(QV__WARN, "the database says: %s", line);
}

/* This process's name in the database (store.h), at most NAMEDATALEN - 1 bytes. */
static char application[64] = "quiver";

void qv__store_application(const char *name) { qv_copy(application, sizeof application, name); }

const char *qv__store_application_name(void) { return application; }

/* The limits every connection is made with, before the operator's own connection string
 * (libpq's later keywords win, so a --db that names any of them keeps its value):
 * - statement_timeout: a statement PostgreSQL has not finished by then is cancelled;
 * - lock_timeout: a row another session holds is waited for at most half of that, so that
 *   one table's held row delays the process's other tables by no more than this;
 * - idle_in_transaction_session_timeout: a process that stopped inside a transaction loses
 *   its session (and so its locks) after four timeouts;
 * - keepalives and tcp_user_timeout: a connection whose other end went away is found within
 *   about a timeout, not the kernel's two hours. */
PGconn *qv__pg_connect(const char *conninfo, int timeout_ms)
{
	char options[200], idle[16], user_timeout[16], connect[16];
	int lock_ms = qv__pg_lock_ms(timeout_ms);
	snprintf(options, sizeof options,
	         "-c statement_timeout=%d -c lock_timeout=%d "
	         "-c idle_in_transaction_session_timeout=%d",
	         timeout_ms, lock_ms, 4 * timeout_ms);
	snprintf(idle, sizeof idle, "%d", timeout_ms / 2000 > 1 ? timeout_ms / 2000 : 1);
	snprintf(user_timeout, sizeof user_timeout, "%d", timeout_ms);
	snprintf(connect, sizeof connect, "%d", timeout_ms / 1000 > 2 ? timeout_ms / 1000 : 2);
	const char *const keys[] = {"application_name",
	                            "connect_timeout",
	                            "keepalives",
	                            "keepalives_idle",
	                            "keepalives_interval",
	                            "keepalives_count",
	                            "tcp_user_timeout",
	                            "options",
	                            "dbname",
	                            NULL};
	const char *const values[] = {application, connect,      "1",     idle,     "1",
	                              "3",         user_timeout, options, conninfo, NULL};
	PGconn *conn = PQconnectdbParams(keys, values, 1);
	PQsetNoticeProcessor(conn, notice, NULL);
	return conn;
}

/* The connection of an operation that found none free in the pool within its timeout (each
 * held by an operation that waits for the database): one per thread. */
static _Thread_local qv__pg_conn late_conn;

/* The step of an operation on a late connection. */
static qv_status late(const qv__pg_conn *c, qv_err *err)
{
	return qv__store_slow(err, c->base.s->timeout_ms, "no connection to the database was free");
}

qv__pg_conn *qv__pg_take(qv__store *s) { return qv__pg_take_until(s, qv__store_until(s)); }

qv__pg_conn *qv__pg_take_until(qv__store *s, double until)
{
	struct qv__pg *pg = qv__pg_of(s);
	pthread_mutex_lock(&pg->pool_lock);
	for (bool waited = false;; waited = true) {
		for (int k = 0; k < pg->npool; k++) {
			if (pg->free[k]) {
				pg->free[k] = false;
				pthread_mutex_unlock(&pg->pool_lock);
				pg->pool[k].base.until = until;
				return &pg->pool[k];
			}
		}
		double left = until - qv_mono();
		if (waited && left <= 0)
			break;
		struct timespec at = qv_deadline(true, left > 0 ? left : 0);
		pthread_cond_clockwait(&pg->pool_free, &pg->pool_lock, CLOCK_MONOTONIC, &at);
	}
	pthread_mutex_unlock(&pg->pool_lock);
	late_conn = (qv__pg_conn){.base = {.s = s, .late = true}};
	return &late_conn;
}

bool qv__pg_own_lock(qv__store *s)
{
	struct qv__pg *pg = qv__pg_of(s);
	double until = qv__store_until(s);
	if (!qv__store_lock_by(&pg->lock, until))
		return false;
	pg->own.base.until = until;
	return true;
}

void qv__pg_give(qv__pg_conn *c)
{
	if (c->base.late)
		return;
	struct qv__pg *pg = qv__pg_of(c->base.s);
	pthread_mutex_lock(&pg->pool_lock);
	pg->free[c - pg->pool] = true;
	pthread_cond_signal(&pg->pool_free);
	pthread_mutex_unlock(&pg->pool_lock);
}

qv_status qv__pg_prepare(qv__pg_conn *c, qv_err *err)
{
	/* the backend's own, then the operations' written once (driver.h), after them */
	for (int i = 0; i < PG_COUNT + QS_COUNT; i++) {
		char name[16], text[2048];
		snprintf(name, sizeof name, "qv%d", i);
		if (i >= PG_COUNT &&
		    !qv__store_sql_render(&qv__store_pg_dialect, i - PG_COUNT, text, sizeof text))
			return qv_fail(err, QV_EINVAL, "statement %d: longer than %zu bytes", i,
			               sizeof text);
		if (!qv__pg_watch_arm(c))
			return unanswered(c, err);
		PGresult *r = watched_end(
		    c, PQprepare(c->conn, name, i < PG_COUNT ? qv__pg_sql[i] : text, 0, NULL));
		if (!r)
			return unanswered(c, err);
		bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
		qv_status rc =
		    ok ? QV_OK : pg_fail(err, "preparing a statement", PQresultErrorMessage(r));
		PQclear(r);
		if (rc)
			return rc;
	}
	c->prepared = true;
	return QV_OK;
}

/* A connection that could not be made again: libpq's reason without the server's address and
 * port, which libpq puts before it ("connection to server at ... failed: "), as no message of
 * the store names where the database is (it may reach clients; the server's log line names the
 * database). */
static qv_status reconnect_fail(const qv__pg_conn *c, qv_err *err)
{
	char line[400];
	qv__pg_message(PQerrorMessage(c->conn), line, sizeof line);
	const char *reason = line;
	for (const char *p = strstr(line, "failed: "); p; p = strstr(p + 1, "failed: "))
		reason = p + 8;
	return qv_fail(err, QV_EIO, "the database: connecting again failed: %s", reason);
}

/* Connects c again (libpq's reset, driven here so that it ends by c's deadline: a PostgreSQL
 * that hangs accepts the connection and never answers it); false when it was not made. */
static bool reset_by(qv__pg_conn *c)
{
	if (!PQresetStart(c->conn))
		return false;
	PostgresPollingStatusType st = PGRES_POLLING_WRITING;
	while (st != PGRES_POLLING_OK && st != PGRES_POLLING_FAILED) {
		double left = c->base.until - qv_mono();
		if (qv__pg_of(c->base.s)->watch && left <= 0)
			return false;
		struct pollfd p = {.fd = PQsocket(c->conn),
		                   .events = st == PGRES_POLLING_READING ? POLLIN : POLLOUT};
		int ms = qv__pg_of(c->base.s)->watch ? (int)(left * 1000) + 1 : -1;
		if (p.fd < 0 || poll(&p, 1, ms) < 0)
			return false;
		if (p.revents)
			st = PQresetPoll(c->conn);
	}
	return st == PGRES_POLLING_OK;
}

qv_status qv__pg_ready(qv__pg_conn *c, qv_err *err)
{
	if (c->base.late)
		return late(c, err);
	if (PQstatus(c->conn) != CONNECTION_OK) {
		struct qv__pg *pg = qv__pg_of(c->base.s);
		c->prepared = false;
		if (c->owner) { /* the old session's advisory locks went with it */
			pthread_mutex_lock(&pg->mem);
			pg->relock = true;
			for (int i = 0; i < pg->nheld; i++)
				pg->held[i].relock = true;
			pthread_mutex_unlock(&pg->mem);
		}
		if (pg->watch && qv_mono() >= c->base.until)
			return qv__store_slow(err, c->base.s->timeout_ms,
			                      "the database was not reached again");
		if (!reset_by(c))
			return pg->watch && qv_mono() >= c->base.until
			           ? qv__store_slow(err, c->base.s->timeout_ms,
			                            "the database did not answer a new connection")
			           : reconnect_fail(c, err);
		if (c->owner)
			atomic_store(&pg->self, PQbackendPID(c->conn));
		end_stale(c);
	}
	return c->prepared ? QV_OK : qv__pg_prepare(c, err);
}

qv_status qv__pg_run(qv__pg_conn *c, int which, const qv__pg_args *a, PGresult **rows,
                     long long *changes, const char *doing, qv_err *err)
{
	char name[16];
	snprintf(name, sizeof name, "qv%d", which);
	c->state[0] = '\0';
	if (c->base.late)
		return late(c, err);
	if (!qv__pg_watch_arm(c))
		return unanswered(c, err);
	PGresult *r = watched_end(
	    c, PQexecPrepared(c->conn, name, a ? a->n : 0, a ? a->v : NULL, NULL, NULL, 0));
	if (!r)
		return unanswered(c, err);
	ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		const char *code = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
		qv_copy(c->state, sizeof c->state, code ? code : "");
		qv_status rc = slow_state(c->state)
		                   ? slow_fail(c, err)
		                   : pg_fail(err, doing,
		                             r ? PQresultErrorMessage(r) : PQerrorMessage(c->conn));
		PQclear(r);
		return rc;
	}
	if (changes) {
		const char *n = PQcmdTuples(r);
		*changes = n[0] ? atoll(n) : 0;
	}
	if (rows)
		*rows = r;
	else
		PQclear(r);
	return QV_OK;
}

/* Runs a command of no parameters (BEGIN, COMMIT, ROLLBACK; SELECT 1) under c's deadline. */
static qv_status command(qv__pg_conn *c, const char *text, qv_err *err)
{
	if (!qv__pg_watch_arm(c))
		return unanswered(c, err);
	PGresult *r = watched_end(c, PQexec(c->conn, text));
	if (!r)
		return unanswered(c, err);
	ExecStatusType st = PQresultStatus(r);
	qv_status rc = QV_OK;
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		rc = pg_fail(err, text, PQresultErrorMessage(r));
	PQclear(r);
	return rc;
}

qv_status qv__pg_probe(qv__store *s, double until, qv_err *err)
{
	qv__pg_conn *c = qv__pg_take_until(s, until);
	qv_status rc = qv__pg_ready(c, err);
	if (!rc)
		rc = command(c, "SELECT 1", err);
	qv__pg_give(c);
	return rc;
}

qv_status qv__pg_begin(qv__pg_conn *c, qv_err *err)
{
	qv_status rc = qv__pg_ready(c, err);
	if (rc)
		return rc;
	rc = command(c, "BEGIN", err);
	/* A connection PostgreSQL dropped while it was idle is found so only here (one that the
	 * watch cut, the time gone, is not tried again). */
	if (rc && PQstatus(c->conn) != CONNECTION_OK && qv_mono() < c->base.until) {
		rc = qv__pg_ready(c, err);
		if (!rc)
			rc = command(c, "BEGIN", err);
	}
	return rc;
}

qv_status qv__pg_finish(qv__pg_conn *c, qv_status rc, qv_err *err)
{
	if (c->base.late)
		return rc;
	if (rc == QV_OK)
		rc = command(c, "COMMIT", err);
	if (rc != QV_OK && PQstatus(c->conn) == CONNECTION_OK)
		command(c, "ROLLBACK", NULL);
	/* A transaction left open (its ROLLBACK not sent in time) must not meet the next
	 * operation: the connection is given up, and made again by that operation. */
	if (PQstatus(c->conn) == CONNECTION_OK && PQtransactionStatus(c->conn) != PQTRANS_IDLE) {
		shutdown(PQsocket(c->conn), SHUT_RDWR);
		PQconsumeInput(c->conn);
	}
	return rc;
}

const char *qv__pg_str(const PGresult *r, int row, int col)
{
	return PQgetisnull(r, row, col) ? "" : PQgetvalue(r, row, col);
}

long long qv__pg_ll(const PGresult *r, int row, int col)
{
	return PQgetisnull(r, row, col) ? 0 : atoll(PQgetvalue(r, row, col));
}

double qv__pg_double(const PGresult *r, int row, int col)
{
	return PQgetisnull(r, row, col) ? 0 : strtod(PQgetvalue(r, row, col), NULL);
}

/* The most columns a row for copying has (the table `tables` has 16). */
#define ROW_MAX 32

qv_status qv__pg_rows(qv__store *s, const char *select, int nargs, const char *const *args,
                      qv_status (*fn)(void *ctx, int n, const char *const *values), void *ctx,
                      qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	/* on the owner's connection: `quiver db copy` runs its BEGIN and COMMIT through run, and
	 * its statements between them must all be on the connection that began */
	if (!qv__pg_own_lock(s))
		return qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
	qv__pg_conn *c = &pg->own;
	qv_status rc = qv__pg_ready(c, err);
	if (!rc && !qv__pg_watch_arm(c))
		rc = unanswered(c, err);
	PGresult *r =
	    rc ? NULL
	       : watched_end(c, PQexecParams(c->conn, select, nargs, NULL, args, NULL, NULL, 0));
	if (!rc && !r)
		rc = unanswered(c, err);
	if (!rc && PQresultStatus(r) != PGRES_TUPLES_OK)
		rc = pg_fail(err, "reading rows",
		             r ? PQresultErrorMessage(r) : PQerrorMessage(c->conn));
	int n = rc ? 0 : PQnfields(r);
	if (n > ROW_MAX)
		rc = qv_fail(err, QV_EINVAL, "the database: a row of %d columns (at most %d)", n,
		             ROW_MAX);
	for (int i = 0; !rc && i < PQntuples(r); i++) {
		const char *v[ROW_MAX];
		for (int k = 0; k < n; k++)
			v[k] = PQgetisnull(r, i, k) ? NULL : PQgetvalue(r, i, k);
		rc = fn(ctx, n, v);
	}
	PQclear(r);
	pthread_mutex_unlock(&pg->lock);
	return rc;
}

qv_status qv__pg_run_text(qv__store *s, const char *sql, int n, const char *const *values,
                          qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (!qv__pg_own_lock(s))
		return qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
	qv__pg_conn *c = &pg->own; /* see qv__pg_rows */
	qv_status rc = qv__pg_ready(c, err);
	if (!rc && !qv__pg_watch_arm(c))
		rc = unanswered(c, err);
	PGresult *r =
	    rc ? NULL : watched_end(c, PQexecParams(c->conn, sql, n, NULL, values, NULL, NULL, 0));
	if (!rc && !r)
		rc = unanswered(c, err);
	ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
	if (!rc && st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		rc = pg_fail(err, sql, r ? PQresultErrorMessage(r) : PQerrorMessage(c->conn));
	PQclear(r);
	pthread_mutex_unlock(&pg->lock);
	return rc;
}
