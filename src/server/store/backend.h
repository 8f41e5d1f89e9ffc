/*
 * backend.h - what the files of the store share: its table of operations, which each backend
 * (SQLite: sqlite*.c; PostgreSQL: postgres*.c) fills and ops.c's public functions call through,
 * for what each backend still does its own way (closing; the copy's rows and statements; the
 * health check's probe), and the table of operations among several processes (owners.h) that a
 * backend whose database they share fills (PostgreSQL's); its shared struct, which every backend's
 * own struct begins with (sqlite_impl.h, postgres_impl.h) and which holds no backend's field,
 * only what ops.c keeps and the backend's driver (driver.h) of the operations written once
 * (accounts.c, ratings.c, tables.c, change.c, load.c); ops.c's timing of a change; and SQLite's
 * part of schemas 6 and 7 (sqlite_schema.c), which sqlite.c runs when the store opens. Internal to
 * the store: the rest of the server sees only store.h, owners.h, accounts.h and ratings.h.
 */
#ifndef QUIVER_SERVER_STORE_BACKEND_H
#define QUIVER_SERVER_STORE_BACKEND_H

#include <stdatomic.h>
#include <stdbool.h>

#include "quiver/core.h"
#include "server/store/driver.h"

typedef struct qv__store qv__store;
struct qv__live_row;

/* The operations of a backend whose database several processes share (PostgreSQL's, postgres.c),
 * one per public function of owners.h with the same contract (owners.c calls them with the same
 * arguments); a backend that has them fills every one. */
typedef struct qv__store_owners_ops {
	int (*own)(qv__store *s, const char *id, qv_err *err);
	int (*held)(qv__store *s); /* how many tables own has taken and not lost */
	bool (*holds)(qv__store *s, const char *id); /* whether table id is among them */
	void (*disown)(qv__store *s, const char *id);
	int (*lost)(qv__store *s, char (*ids)[17], int max);
	int (*orphans)(qv__store *s, char (*ids)[17], int max);
	bool (*elect)(qv__store *s);
	int (*lease)(qv__store *s, double lapse);
	int (*open_by)(qv__store *s, const char *creator, int *searching);
	qv_status (*notify)(qv__store *s, const char *payload, qv_err *err);
	qv_status (*listen)(qv__store *s, void (*fn)(void *ctx, const char *payload), void *ctx,
	                    qv_err *err);
	void (*listen_stop)(qv__store *s);
	long long (*news_add)(qv__store *s, const char *player, const char *frame,
	                      const char *origin);
	long long (*news_since)(qv__store *s, long long after, const char *origin,
	                        void (*fn)(void *ctx, const char *player, const char *frame),
	                        void *ctx);
	qv_status (*live_sync)(qv__store *s, const char *origin, const struct qv__live_row *put,
	                       int nput, const char (*drop)[17], int ndrop, qv_err *err);
	int (*live_list)(qv__store *s, void (*fn)(void *ctx, const struct qv__live_row *row),
	                 void *ctx);
	char *(*live_info)(qv__store *s, const char *id);
} qv__store_owners_ops;

/* The operations of a backend, one per public function of store.h that is not written once
 * over the driver, with the same contract (ops.c calls them with the same arguments).
 * Opening is not among them: ops.c picks the backend's open by the --db text. The types
 * are named by their tags (store.h's, accounts.h's, ratings.h's), as this header
 * does not include those: sqlite.c and the others include it. */
typedef struct qv__store_ops {
	void (*close)(qv__store *s);
	/* For `quiver db copy` (copy.c): every row of a SELECT text without parameters to
	 * fn, each value as text (NULL for SQL NULL; a real printed so that it reads back as the
	 * same double), until fn returns non-zero, which is returned (its text parameters $1..
	 * are args, nargs of them; `quiver admin` and its server side, admin.c, read so too); and
	 * one statement of text parameters $1.. run (NULL: SQL NULL), BEGIN and COMMIT among them.
	 * Under the lock. */
	qv_status (*rows)(qv__store *s, const char *select, int nargs, const char *const *args,
	                  qv_status (*fn)(void *ctx, int n, const char *const *values), void *ctx,
	                  qv_err *err);
	qv_status (*run)(qv__store *s, const char *sql, int n, const char *const *values,
	                 qv_err *err);
	/* The health check's question (qv__store_ping), answered by `until` (qv_mono): SQLite a
	 * write transaction begun and rolled back (its write lock taken, as a move's would be);
	 * PostgreSQL "SELECT 1" on a connection of the pool. */
	qv_status (*probe)(qv__store *s, double until, qv_err *err);
	/* The operations among several processes (owners.h); NULL in a backend of one process
	 * (SQLite), whose tables are all held and which hears nobody. */
	const struct qv__store_owners_ops *owners;
} qv__store_ops;

/* The backends' tables (sqlite.c; postgres.c) and openings: SQLite opens a path, PostgreSQL a
 * libpq connection string; each fills *out with s->ops set, or fails with a message naming the
 * database (a connection string without its password). */
extern const qv__store_ops qv__store_sqlite_ops;
qv_status qv__store_sqlite_open(qv__store **out, const char *path, int timeout_ms, qv_err *err);
extern const qv__store_ops qv__store_pg_ops;
extern const qv__store_owners_ops qv__store_pg_owners;
qv_status qv__store_pg_open(qv__store **out, const char *conninfo, int timeout_ms, int conns,
                            qv_err *err);
/* conninfo with its password hidden into out (len bytes): a URI's user:password@ and any
 * password= parameter, of a URI or of the key=value form (postgres.c). */
void qv__store_pg_redact(const char *conninfo, char *out, size_t len);

/* Counts a change of a table that began at t0 (qv_mono) in s's timer, and passes its status
 * rc on (ops.c). */
qv_status qv__store_timed(qv__store *s, double t0, qv_status rc);

/* What every backend's store begins with: a backend keeps its own state in a struct of its own
 * whose first member is this one (SQLite's qv__sqlite, sqlite_impl.h; PostgreSQL's qv__pg,
 * postgres_impl.h), as SQLite's VFS keeps a file's fields after its sqlite3_file; nothing here
 * is a backend's. */
struct qv__store {
	const qv__store_ops *ops;
	struct qv__histogram *timer; /* the changes' times (qv__store_time); NULL: not timed */
	atomic_llong failures;       /* changes the store refused (qv__store_failures) */
	atomic_bool down; /* the last change or health check failed as the database's (QV_EIO) */
	const qv__store_driver *drv; /* the backend's driver of the operations written once */
	int timeout_ms; /* how long an operation may take, from its wait for a connection to its
	                 * end (--db-timeout): past it, it fails as slow (qv__store_slow) */
};

/* Schema 6's tables of accounts (accounts, recovery, sessions, with their indexes), made at
 * every open, after the upgrades; and what a version-5 database lacks besides (the column
 * account of players, which sqlite.c's own schema gives a new database). */
extern const char *const qv__store_accounts_schema;
extern const char *const qv__store_accounts_upgrade_5_to_6;
extern const char *const qv__store_accounts_upgrade_8_to_9;

/* Schema 10's tables of the operator's tools (admin_schema.c): bans, suspensions, audit; made at
 * every open. */
extern const char *const qv__store_admin_schema;

/* Schema 13's tables of follows, presence and challenges (community_schema.c); made at every
 * open. */
extern const char *const qv__store_community_schema;

/* Schema 7's tables of ratings (ratings, rating_history, rated), made at every open (a
 * version-6 database lacks only them). */
extern const char *const qv__store_ratings_schema;

#endif
