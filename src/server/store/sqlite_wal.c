/*
 * sqlite_wal.c - SQLite's checkpointer (backend.h): the WAL copied into the database file on
 * a thread of its own through a second connection, once a second, instead of inside whichever
 * commit crosses SQLite's automatic threshold: a commit then rarely waits for a checkpoint,
 * which would stall every table behind the store's lock for tens of milliseconds. Only when the
 * WAL has grown past CHECKPOINT_PAGES does the checkpointer finish under the store's lock, to
 * start it over (see checkpointer()). The PostgreSQL store has no counterpart: the server's own
 * checkpoints do this there.
 */
#include <pthread.h>
#include <time.h>

#include <sqlite3.h>

#include "core/clock.h"
#include "server/store/sqlite_impl.h"

/* Seconds between checkpoints. */
#define CHECKPOINT_EVERY 1

/* WAL length, in pages, past which the WAL is started over (RESTART) under the store's lock; the
 * checkpointer is also woken by the commit that crosses it. 1,000 pages (4 MB at SQLite's
 * 4 KiB pages) is SQLite's own automatic checkpoint threshold. */
#define CHECKPOINT_PAGES 1000

/* QV_ENOMEM when SQLite ran out of memory (a connection that could not even be made is
 * NULL), QV_EIO for everything else, as sqlite.c words them. */
static qv_status db_code(sqlite3 *db)
{
	return !db || (sqlite3_errcode(db) & 0xff) == SQLITE_NOMEM ? QV_ENOMEM : QV_EIO;
}

/* Called by SQLite after each commit of the main connection with the WAL's length in pages:
 * past CHECKPOINT_PAGES the checkpointer is woken at once rather than at its next second. */
static int wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
	(void)db;
	(void)name;
	qv__sqlite *q = qv__sqlite_of(arg);
	if (pages >= CHECKPOINT_PAGES) {
		pthread_mutex_lock(&q->ck_lock);
		q->ck_now = true;
		pthread_cond_signal(&q->ck_cond);
		pthread_mutex_unlock(&q->ck_lock);
	}
	return SQLITE_OK;
}

/* Checkpoints the WAL once a second, and at once when a commit left it past CHECKPOINT_PAGES,
 * until told to stop. A PASSIVE checkpoint copies what it can without waiting for the writer,
 * but it never lets the WAL start over while commits keep coming: SQLite rewinds the WAL only
 * when a commit finds every frame copied, and under steady writes new frames arrive while the
 * copy runs, so the file grows without end (1 GB in 20 s of act+undo). So once the WAL is past
 * CHECKPOINT_PAGES, the few frames the passive copy left are copied under the store's lock (no
 * commit can come in between, and no statement of the main connection is left open between
 * calls, so no reader holds the WAL) with RESTART, after which the next commit writes the WAL
 * from its start: its pages are written over, which costs the kernel less than the file grown
 * again after a TRUNCATE (the file keeps its size, CHECKPOINT_PAGES and a little more). */
static void *checkpointer(void *arg)
{
	qv__store *s = arg;
	qv__sqlite *q = qv__sqlite_of(s);
	pthread_mutex_lock(&q->ck_lock);
	while (!q->ck_stop) {
		if (!q->ck_now) {
			struct timespec until = qv_deadline(false, CHECKPOINT_EVERY);
			pthread_cond_timedwait(&q->ck_cond, &q->ck_lock, &until);
		}
		q->ck_now = false;
		if (q->ck_stop)
			break;
		pthread_mutex_unlock(&q->ck_lock);
		int log = 0, done = 0;
		sqlite3_wal_checkpoint_v2(q->ck_db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log, &done);
		if (log >= CHECKPOINT_PAGES) {
			pthread_mutex_lock(&q->lock);
			sqlite3_wal_checkpoint_v2(q->ck_db, NULL, SQLITE_CHECKPOINT_RESTART, NULL,
			                          NULL);
			pthread_mutex_unlock(&q->lock);
		}
		pthread_mutex_lock(&q->ck_lock);
	}
	pthread_mutex_unlock(&q->ck_lock);
	return NULL;
}

/* Turns SQLite's automatic checkpoints off and starts the checkpointer. */
qv_status qv__store_wal_start(qv__store *s, qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	char *msg = NULL;
	qv_status rc;
	if (sqlite3_exec(q->db, "PRAGMA wal_autocheckpoint=0; PRAGMA journal_size_limit=67108864",
	                 NULL, NULL, &msg) != SQLITE_OK) {
		rc = qv_fail(err, db_code(q->db), "the database: %s",
		             msg ? msg : sqlite3_errmsg(q->db));
		sqlite3_free(msg);
		return rc;
	}
	if (sqlite3_open_v2(q->path, &q->ck_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
	                    NULL) != SQLITE_OK)
		return qv_fail(err, db_code(q->ck_db), "cannot open a second connection: %s",
		               q->ck_db ? sqlite3_errmsg(q->ck_db) : "out of memory");
	sqlite3_busy_timeout(q->ck_db, 1000);
	/* A connection opens its file at its first statement: until then it does not know the
	 * database is in WAL mode, and sqlite3_wal_checkpoint_v2 does nothing (it reports -1
	 * frames). The checkpointer's connection never ran a statement before, so no checkpoint
	 * ever ran while the server did, and the WAL grew without bound. */
	if (sqlite3_exec(q->ck_db, "PRAGMA journal_mode", NULL, NULL, &msg) != SQLITE_OK) {
		rc = qv_fail(err, db_code(q->ck_db), "the checkpoint connection: %s",
		             msg ? msg : sqlite3_errmsg(q->ck_db));
		sqlite3_free(msg);
		return rc;
	}
	if (pthread_create(&q->ck_thread, NULL, checkpointer, s) != 0)
		return qv_fail(err, QV_ENOMEM, "cannot start the checkpoint thread");
	q->ck_running = true;
	/* After the PRAGMA, which would replace it (SQLite's automatic checkpoints are a WAL
	 * hook). */
	sqlite3_wal_hook(q->db, wal_hook, s);
	return QV_OK;
}

void qv__store_wal_stop(qv__store *s)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (q->ck_running) {
		pthread_mutex_lock(&q->ck_lock);
		q->ck_stop = true;
		pthread_cond_signal(&q->ck_cond);
		pthread_mutex_unlock(&q->ck_lock);
		pthread_join(q->ck_thread, NULL);
		q->ck_running = false;
	}
	sqlite3_close(q->ck_db);
	q->ck_db = NULL;
	pthread_cond_destroy(&q->ck_cond);
	pthread_mutex_destroy(&q->ck_lock);
}
