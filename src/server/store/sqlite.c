/*
 * sqlite.c - the server's tables in SQLite, the store's first backend: its opening (the file
 * opened, the schema made or upgraded, the driver's statements prepared: sqlite_driver.c, over
 * which every operation of accounts, ratings and tables, a change of the game among them, is
 * written once), its closing, and its table of operations, qv__store_sqlite_ops (the copy's
 * rows and statements).
 *
 * Durability: WAL with synchronous=NORMAL. A commit is in the WAL file before the call
 * returns, so a killed process (kill -9) loses nothing committed; only a power failure could
 * lose the last commits (synchronous=FULL would fsync each one, which caps the server at a few
 * hundred changes per second on an ordinary disk).
 *
 * Checkpoints (copying the WAL into the database file, with an fsync) run on a thread of their
 * own (sqlite_wal.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "core/clock.h"
#include "server/store/sqlite_impl.h"
#include "server/store/store.h"

/* The schema's version, kept in PRAGMA user_version. Version 2 added the columns ai_starts,
 * stopped, creator and info of `tables` (a version-1 database gets them at open), version 3
 * the column people, version 4 the column variant, version 5 the table players and the column
 * player of `seats`, version 6 the accounts (sqlite_schema.c) and the column account of
 * players, version 7 the ratings (sqlite_schema.c), version 8 the column epoch of tables and
 * the tables news and live, which only PostgreSQL's processes use (store.h: one process holds
 * SQLite's file) but which keep the two backends' schemas one; version 9 made accounts' ids
 * never given twice (AUTOINCREMENT) and added the columns addr and skeleton of accounts
 * (sqlite_schema.c); version 10 the operator's tables bans, suspensions and audit
 * (admin_schema.c); version 11 the index of rating_history by table (sqlite_schema.c); version
 * 12 the table blocks (admin_schema.c, made at every open as the other tables there); version 13
 * the tables follows, presence and challenges (community_schema.c, made at every open too);
 * version 14 the tables secrets and ties (admin_schema.c); version 15 made every account's key
 * of likeness again (its skeleton NULL, then qv__skeleton_fill: the key folds case first);
 * version 16 the tournaments (community_schema.c, made at every open too). */
#define SCHEMA_VERSION 16

static const char *const schema =
    "CREATE TABLE IF NOT EXISTS tables ("
    "  id TEXT PRIMARY KEY,"
    "  game TEXT NOT NULL,"
    "  params TEXT NOT NULL,"  /* JSON object, every parameter */
    "  seed INTEGER NOT NULL," /* the game's seed (int64 bits of the uint64) */
    "  private INTEGER NOT NULL,"
    "  v INTEGER NOT NULL,"    /* the version clients act on */
    "  status TEXT NOT NULL,"  /* waiting, playing, over */
    "  created REAL NOT NULL," /* seconds since the epoch */
    "  finished REAL,"
    "  record TEXT,"                          /* the record (JSON) once over */
    "  ai_starts INTEGER NOT NULL DEFAULT 0," /* AI searches begun since the last one ended */
    "  stopped TEXT,"                         /* why the table stopped playing itself */
    "  creator TEXT,"                         /* the client address that created it */
    "  info TEXT,"                            /* the table's info (JSON) once over */
    "  people TEXT,"                          /* names, invites, clocks, offers, chat (JSON) */
    "  variant TEXT,"                         /* the variant's resolved document (JSON); NULL:
                                                 the built-in set */
    "  epoch INTEGER NOT NULL DEFAULT 0"      /* the fencing epoch (PostgreSQL's processes) */
    ");"
    "CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);"
    "CREATE TABLE IF NOT EXISTS seats ("
    "  table_id TEXT NOT NULL REFERENCES tables(id),"
    "  seat INTEGER NOT NULL," /* 0-based */
    "  kind TEXT NOT NULL,"    /* human or a level */
    "  token_hash TEXT,"       /* SHA-256 of the token, hex; NULL while unclaimed */
    "  player TEXT,"           /* the player key's hash that claimed it (players), or NULL */
    "  PRIMARY KEY (table_id, seat)"
    ");"
    /* A browser's player key (player.h): only its SHA-256 is kept, with the name it last
     * took a seat under. */
    "CREATE TABLE IF NOT EXISTS players ("
    "  hash TEXT PRIMARY KEY,"
    "  name TEXT,"
    "  created REAL NOT NULL,"
    "  seen REAL NOT NULL,"
    "  account INTEGER" /* the account it is linked to (accounts), or NULL */
    ");"
    "CREATE TABLE IF NOT EXISTS actions ("
    "  table_id TEXT NOT NULL REFERENCES tables(id),"
    "  idx INTEGER NOT NULL," /* history index, 0-based */
    "  who TEXT NOT NULL,"    /* p1.. or chance */
    "  action TEXT NOT NULL," /* notation */
    "  automatic INTEGER NOT NULL,"
    "  at REAL NOT NULL," /* seconds since the epoch */
    "  PRIMARY KEY (table_id, idx)"
    ");"
    /* A player's news for the channels of other processes (PostgreSQL's; store.h). */
    "CREATE TABLE IF NOT EXISTS news ("
    "  id INTEGER PRIMARY KEY,"
    "  player TEXT NOT NULL,"
    "  frame TEXT NOT NULL,"
    "  origin TEXT NOT NULL,"
    "  at REAL NOT NULL"
    ");"
    "CREATE INDEX IF NOT EXISTS news_at ON news(at);"
    /* What each process publishes of its tables not over, for the lobby and the players'
     * lists of the others (PostgreSQL's; store.h). */
    "CREATE TABLE IF NOT EXISTS live ("
    "  id TEXT PRIMARY KEY,"
    "  origin TEXT NOT NULL,"
    "  listed INTEGER NOT NULL,"
    "  created REAL NOT NULL,"
    "  iv INTEGER NOT NULL,"
    "  info TEXT NOT NULL"
    ");";

/* What a version-1 database lacks. */
static const char *const upgrade_1_to_2 =
    "ALTER TABLE tables ADD COLUMN ai_starts INTEGER NOT NULL "
    "DEFAULT 0;"
    "ALTER TABLE tables ADD COLUMN stopped TEXT;"
    "ALTER TABLE tables ADD COLUMN creator TEXT;"
    "ALTER TABLE tables ADD COLUMN info TEXT;";

/* What a version-2 database lacks. */
static const char *const upgrade_2_to_3 = "ALTER TABLE tables ADD COLUMN people TEXT;";

/* What a version-3 database lacks: its tables all play built-in sets. */
static const char *const upgrade_3_to_4 = "ALTER TABLE tables ADD COLUMN variant TEXT;";

/* What a version-4 database lacks (the table players is made by the schema itself). */
static const char *const upgrade_4_to_5 = "ALTER TABLE seats ADD COLUMN player TEXT;";

/* What a database of versions 1 to 7 lacks. */
static const char *const upgrade_7_to_8 =
    "ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;";

/* After the upgrades: what reads the columns they add. */
static const char *const indexes = "CREATE INDEX IF NOT EXISTS seats_player ON seats(player);";

/* The status for SQLite's last error on db: QV_ENOMEM when SQLite ran out of memory (a
 * connection that could not even be made is NULL), so that the server words it as its own
 * out-of-memory errors; QV_EIO for everything else. */
static qv_status db_code(sqlite3 *db)
{
	return !db || (sqlite3_errcode(db) & 0xff) == SQLITE_NOMEM ? QV_ENOMEM : QV_EIO;
}

/* Fails with SQLite's own message, prefixed by what was being done. Messages of the store
 * never hold the database's path: they may reach clients (the server logs the path). */
static qv_status db_fail(qv__store *s, qv_err *err, const char *doing)
{
	qv__sqlite *q = qv__sqlite_of(s);
	return qv_fail(err, db_code(q->db), "the database: %s failed: %s", doing,
	               sqlite3_errmsg(q->db));
}

/* Runs a PRAGMA or DDL text and reports SQLite's error. */
static qv_status exec(qv__store *s, const char *text, qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	char *msg = NULL;
	if (sqlite3_exec(q->db, text, NULL, NULL, &msg) != SQLITE_OK) {
		qv_status rc = qv_fail(err, db_code(q->db), "the database: %s",
		                       msg ? msg : sqlite3_errmsg(q->db));
		sqlite3_free(msg);
		return rc;
	}
	return QV_OK;
}

/* Reads one integer PRAGMA. */
static qv_status pragma_int(qv__store *s, const char *text, long long *out, qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(q->db, text, -1, &st, NULL) != SQLITE_OK)
		return db_fail(s, err, text);
	qv_status rc = QV_OK;
	if (sqlite3_step(st) == SQLITE_ROW)
		*out = sqlite3_column_int64(st, 0);
	else
		rc = db_fail(s, err, text);
	sqlite3_finalize(st);
	return rc;
}

/* Sets WAL mode and checks that SQLite agreed (a read-only or in-memory database may not). */
static qv_status set_wal(qv__store *s, bool memory, qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(q->db, "PRAGMA journal_mode=WAL", -1, &st, NULL) != SQLITE_OK)
		return db_fail(s, err, "PRAGMA journal_mode=WAL");
	qv_status rc = QV_OK;
	if (sqlite3_step(st) != SQLITE_ROW) {
		rc = db_fail(s, err, "PRAGMA journal_mode=WAL");
	} else {
		const char *mode = (const char *)sqlite3_column_text(st, 0);
		if (!memory && (!mode || strcmp(mode, "wal") != 0))
			rc = qv_fail(err, QV_EIO, "cannot use WAL mode (journal mode stays '%s')",
			             mode ? mode : "?");
	}
	sqlite3_finalize(st);
	return rc;
}

/* Brings an open database of schema `version` (0: new) to the current schema, in WAL mode (not
 * `in_memory`), and prepares the statements. */
static qv_status schema_ready(qv__store *s, bool in_memory, long long version, qv_err *err)
{
	qv_status rc = set_wal(s, in_memory, err);
	if (!rc)
		rc = exec(s, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", err);
	if (!rc)
		rc = exec(s, schema, err);
	if (!rc && version == 1)
		rc = exec(s, upgrade_1_to_2, err);
	if (!rc && (version == 1 || version == 2))
		rc = exec(s, upgrade_2_to_3, err);
	if (!rc && version >= 1 && version <= 3)
		rc = exec(s, upgrade_3_to_4, err);
	if (!rc && version >= 1 && version <= 4)
		rc = exec(s, upgrade_4_to_5, err);
	if (!rc && version == 5)
		rc = exec(s, qv__store_accounts_upgrade_5_to_6, err);
	if (!rc && version >= 1 && version <= 7)
		rc = exec(s, upgrade_7_to_8, err);
	if (!rc && version >= 6 && version <= 8) /* accounts of ids that were given twice */
		rc = exec(s, qv__store_ratings_schema, err);
	if (!rc && version >= 6 && version <= 8)
		rc = exec(s, qv__store_accounts_upgrade_8_to_9, err);
	if (!rc)
		rc = exec(s, qv__store_accounts_schema, err);
	if (!rc)
		rc = exec(s, qv__store_ratings_schema, err);
	if (!rc)
		rc = exec(s, qv__store_admin_schema, err);
	if (!rc)
		rc = exec(s, qv__store_community_schema, err);
	if (!rc && version >= 9 && version <= 14)
		rc = exec(s, "UPDATE accounts SET skeleton = NULL", err);
	if (!rc)
		rc = exec(s, indexes, err);
	/* Written at every start, as a probe: a file, a folder or a -wal or -shm file the
	 * server may not write fails here, not at the first move. */
	if (!rc)
		rc = exec(s, "PRAGMA user_version=16", err);
	if (!rc)
		rc = qv__store_sqlite_prepare(s, err);
	return rc;
}

static void sq_close(qv__store *s);

qv_status qv__store_sqlite_open(qv__store **out, const char *path, int timeout_ms, qv_err *err)
{
	*out = NULL;
	qv__sqlite *q = calloc(1, sizeof *q);
	if (!q)
		return qv_fail(err, QV_ENOMEM, "out of memory opening the database");
	qv__store *s = &q->base;
	s->ops = &qv__store_sqlite_ops;
	s->drv = &qv__store_sqlite_driver;
	q->conn.s = s;
	qv_copy(q->path, sizeof q->path, path);
	pthread_mutex_init(&q->lock, NULL);
	pthread_mutex_init(&q->ck_lock, NULL);
	pthread_cond_init(&q->ck_cond, NULL);
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
	qv_status rc = QV_OK;
	long long version = 0;
	if (sqlite3_open_v2(path, &q->db, flags, NULL) != SQLITE_OK) {
		rc = qv_fail(err, db_code(q->db), "%s",
		             q->db ? sqlite3_errmsg(q->db) : "out of memory");
		goto done;
	}
	/* SQLite opens a file it may not write read-only without a word; every change would
	 * then fail, so the server refuses to start. */
	if (sqlite3_db_readonly(q->db, "main") == 1) {
		rc =
		    qv_fail(err, QV_EIO,
		            "it is read-only: quiver serve saves every change there; give a file "
		            "it may write, in a folder it may write (for the -wal and -shm files)");
		goto done;
	}
	s->timeout_ms = timeout_ms > 0 ? timeout_ms : QV__STORE_TIMEOUT_MS;
	q->conn.until = qv_mono() + s->timeout_ms / 1000.0; /* the opening's own deadline */
	sqlite3_busy_handler(q->db, qv__sqlite_busy, s);
	rc = pragma_int(s, "PRAGMA user_version", &version, err);
	if (rc)
		goto done;
	if (version > SCHEMA_VERSION) {
		rc = qv_fail(err, QV_EIO,
		             "it was made by a newer quiver (schema %lld; this one knows %d)",
		             version, SCHEMA_VERSION);
		goto done;
	}
	rc = schema_ready(s, strcmp(path, ":memory:") == 0, version, err);
	if (!rc && strcmp(path, ":memory:") != 0)
		rc = qv__store_wal_start(s, err);
done:
	if (rc) {
		/* Only the operator sees this message (the server does not start): it names the
		 * file. */
		qv_err why = *err;
		qv_fail(err, rc, "cannot open the database %s: %s", path, why.msg);
		sq_close(s);
		return rc;
	}
	*out = s;
	return QV_OK;
}

static void sq_close(qv__store *s)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (!s)
		return;
	qv__store_wal_stop(s);
	qv__store_sqlite_unprepare(s);
	sqlite3_close(q->db);
	pthread_mutex_destroy(&q->lock);
	free(q);
}

const qv__store_ops qv__store_sqlite_ops = {
    .close = sq_close,
    .rows = qv__sqlite_rows,
    .run = qv__sqlite_run,
    .probe = qv__sqlite_probe,
};
