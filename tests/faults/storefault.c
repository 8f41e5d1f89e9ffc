/*
 * storefault.c - the wrappers of storefault.h: sqlite3_step and PQexec, which refuse an armed
 * COMMIT as the database would.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "storefault.h"

int __real_sqlite3_step(sqlite3_stmt *st);
PGresult *__real_PQexec(PGconn *conn, const char *query);
PGresult *__real_PQexecPrepared(PGconn *conn, const char *name, int n, const char *const *values,
                                const int *lengths, const int *formats, int result_format);
int __wrap_sqlite3_step(sqlite3_stmt *st);
PGresult *__wrap_PQexec(PGconn *conn, const char *query);
PGresult *__wrap_PQexecPrepared(PGconn *conn, const char *name, int n, const char *const *values,
                                const int *lengths, const int *formats, int result_format);

static _Atomic int armed_kind, armed_count, armed_skip, refused;

void storefault_arm(storefault_kind kind, int count) { storefault_arm_after(kind, 0, count); }

void storefault_arm_after(storefault_kind kind, int skip, int count)
{
	atomic_store(&armed_count, 0);
	atomic_store(&armed_skip, skip);
	atomic_store(&armed_kind, (int)kind);
	atomic_store(&armed_count, count);
}

int storefault_refused(void) { return atomic_load(&refused); }

storefault_kind storefault_named(const char *text)
{
	static const char *const names[] = {"", "busy", "full", "lost-before", "lost-during"};
	for (int k = 1; k < 5; k++)
		if (!strcmp(text, names[k]))
			return (storefault_kind)k;
	return STOREFAULT_NONE;
}

/* An order written into the file QV_STORE_FAULTS names, read and the file emptied. */
static void read_orders(void)
{
	const char *path = getenv("QV_STORE_FAULTS");
	FILE *f = path ? fopen(path, "r+") : NULL;
	if (!f)
		return;
	char kind[32];
	int count;
	if (fscanf(f, "%31s %d", kind, &count) == 2) {
		storefault_arm(storefault_named(kind), count);
		fclose(fopen(path, "w"));
		fprintf(stderr, "storefault: armed %s for %d COMMITs\n", kind, count);
	}
	fclose(f);
}

/* The fault armed for this COMMIT, taken from the count; STOREFAULT_NONE when none is. */
static storefault_kind take(void)
{
	read_orders();
	int skip = atomic_load(&armed_skip);
	while (skip > 0 && !atomic_compare_exchange_weak(&armed_skip, &skip, skip - 1))
		;
	if (skip > 0)
		return STOREFAULT_NONE;
	int n = atomic_load(&armed_count);
	while (n > 0 && !atomic_compare_exchange_weak(&armed_count, &n, n - 1))
		;
	if (n <= 0)
		return STOREFAULT_NONE;
	atomic_fetch_add(&refused, 1);
	return (storefault_kind)atomic_load(&armed_kind);
}

/* A COMMIT, or a write outside a transaction (which commits by itself). */
static bool commits(sqlite3_stmt *st)
{
	const char *sql = sqlite3_sql(st);
	if (sql && !strcmp(sql, "COMMIT"))
		return true;
	return sql && !sqlite3_stmt_readonly(st) && sqlite3_get_autocommit(sqlite3_db_handle(st)) &&
	       strncmp(sql, "BEGIN", 5) && strncmp(sql, "ROLLBACK", 8);
}

int __wrap_sqlite3_step(sqlite3_stmt *st)
{
	if (!commits(st))
		return __real_sqlite3_step(st);
	switch (take()) {
	case STOREFAULT_BUSY: return SQLITE_BUSY;
	case STOREFAULT_FULL: return SQLITE_FULL;
	default: return __real_sqlite3_step(st);
	}
}

/* Cuts conn's socket (PostgreSQL then ends its session, rolling back a transaction not
 * committed) and has libpq notice it. */
static void cut(PGconn *conn)
{
	shutdown(PQsocket(conn), SHUT_RDWR);
	PQclear(__real_PQexec(conn, "SELECT 1"));
}

/* The statement `run` (a COMMIT, or a statement outside a transaction, which commits by
 * itself) under the fault armed for it, if any. */
static PGresult *faulted(PGconn *conn, PGresult *(*run)(PGconn *conn, void *ctx), void *ctx)
{
	switch (take()) {
	case STOREFAULT_LOST_BEFORE: cut(conn); return run(conn, ctx);
	case STOREFAULT_LOST_DURING:
		PQclear(run(conn, ctx));
		cut(conn);
		return PQmakeEmptyPGresult(conn, PGRES_FATAL_ERROR);
	default: return run(conn, ctx);
	}
}

static PGresult *run_text(PGconn *conn, void *ctx) { return __real_PQexec(conn, ctx); }

PGresult *__wrap_PQexec(PGconn *conn, const char *query)
{
	if (strcmp(query, "COMMIT"))
		return __real_PQexec(conn, query);
	return faulted(conn, run_text, (void *)query);
}

typedef struct prepared {
	const char *name;
	int n;
	const char *const *values;
	const int *lengths, *formats;
	int result_format;
} prepared;

static PGresult *run_prepared(PGconn *conn, void *ctx)
{
	prepared *p = ctx;
	return __real_PQexecPrepared(conn, p->name, p->n, p->values, p->lengths, p->formats,
	                             p->result_format);
}

PGresult *__wrap_PQexecPrepared(PGconn *conn, const char *name, int n, const char *const *values,
                                const int *lengths, const int *formats, int result_format)
{
	prepared p = {name, n, values, lengths, formats, result_format};
	if (PQtransactionStatus(conn) != PQTRANS_IDLE)
		return run_prepared(conn, &p);
	return faulted(conn, run_prepared, &p);
}
