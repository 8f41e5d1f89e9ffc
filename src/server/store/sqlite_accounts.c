/*
 * sqlite_accounts.c - the accounts in the store (store.h): accounts, their recovery codes and
 * their sessions, and the player keys linked to them (schema 6). Passwords are kept as
 * libsodium's Argon2id strings, recovery codes and session ids only as SHA-256: nothing in the
 * database lets one sign in.
 */
#include <stdlib.h>
#include <string.h>

#include "server/store/accounts.h"
#include "server/store/backend.h"

/* The table of accounts (of schema 9). An id is never given twice (AUTOINCREMENT: SQLite's
 * rowid would give a deleted account's id, the largest, to the next one, and whatever still
 * named the old account, an open channel, would name the new one). */
#define ACCOUNTS_TABLE(name)                                                                       \
	"CREATE TABLE IF NOT EXISTS " name " ("                                                    \
	"  id INTEGER PRIMARY KEY AUTOINCREMENT,"                                                  \
	"  username TEXT NOT NULL,"     /* as chosen */                                            \
	"  lower TEXT UNIQUE NOT NULL," /* its key of uniqueness (account.h) */                    \
	"  hash TEXT NOT NULL,"         /* crypto_pwhash_str of the password */                    \
	"  created REAL,"               /* seconds since the epoch */                              \
	"  password_at REAL,"           /* when the password was last set */                       \
	"  addr TEXT,"                  /* the client address (addr.h) that made it */             \
	"  skeleton TEXT"               /* its username's confusables key (skeleton.h) */          \
	");"

const char *const qv__store_accounts_upgrade_8_to_9 =
    /* A table cannot gain AUTOINCREMENT: it is made again, the ids kept, and the largest id
     * it ever gave (which a deletion may have taken away) is unknown, so the next one starts
     * after the largest any table names. */
    "BEGIN;" ACCOUNTS_TABLE(
        "accounts_9") "INSERT INTO accounts_9 (id, username, lower, hash, created, password_at) "
                      "  SELECT id, username, lower, hash, created, password_at FROM accounts;"
                      "DROP TABLE accounts;"
                      "ALTER TABLE accounts_9 RENAME TO accounts;"
                      "DELETE FROM sqlite_sequence WHERE name = 'accounts';"
                      "INSERT INTO sqlite_sequence (name, seq) SELECT 'accounts', max(m) FROM ("
                      "  SELECT max(id) AS m FROM accounts UNION ALL SELECT max(account) FROM players"
                      "  UNION ALL SELECT max(account) FROM sessions UNION ALL SELECT max(account) FROM ratings"
                      "  UNION ALL SELECT max(account) FROM rating_history UNION ALL SELECT 0);"
                      "COMMIT;";

const char *const qv__store_accounts_schema = ACCOUNTS_TABLE(
    "accounts") "CREATE TABLE IF NOT EXISTS recovery ("
                "  account INTEGER NOT NULL,"
                "  code_hash TEXT NOT NULL," /* SHA-256 of the code, hex */
                "  used REAL"                /* when it was used; NULL: not yet */
                ");"
                "CREATE INDEX IF NOT EXISTS recovery_account ON recovery(account);"
                "CREATE TABLE IF NOT EXISTS sessions ("
                "  hash TEXT PRIMARY KEY," /* SHA-256 of the session id, hex */
                "  account INTEGER NOT NULL,"
                "  created REAL NOT NULL,"
                "  seen REAL NOT NULL," /* the last request that used it */
                "  addr TEXT"           /* the client address that started it */
                ");"
                "CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account);"
                "CREATE INDEX IF NOT EXISTS players_account ON players(account);"
                "CREATE INDEX IF NOT EXISTS accounts_skeleton ON accounts(skeleton);"
                "CREATE INDEX IF NOT EXISTS accounts_addr ON accounts(addr, created);";

const char *const qv__store_accounts_upgrade_5_to_6 =
    "ALTER TABLE players ADD COLUMN account INTEGER;";

enum {
	AC_INSERT,
	AC_FIND,
	AC_CODE,
	AC_SESSION,
	AC_LINK,
	AC_SESSION_FIND,
	AC_SESSION_SEEN,
	AC_SESSION_END,
	AC_SESSIONS_END,
	AC_SESSIONS_EXPIRED,
	AC_USE_CODE,
	AC_PASSWORD,
	AC_DELETE,
	AC_CODES_DELETE,
	AC_UNLINK,
	AC_PLAYER_ACCOUNT,
	AC_LIKE,
	AC_SET_SKELETON,
	AC_BEGIN,
	AC_COMMIT,
	AC_ROLLBACK,
	AC_COUNT
};

static const char *const sql[AC_COUNT] = {
    [AC_INSERT] = "INSERT INTO accounts (username, lower, hash, created, password_at, addr) "
                  "VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
    [AC_FIND] = "SELECT id, username, hash FROM accounts WHERE lower = ?",
    [AC_CODE] = "INSERT INTO recovery (account, code_hash) VALUES (?, ?)",
    [AC_SESSION] = "INSERT INTO sessions (hash, account, created, seen, addr) VALUES "
                   "(?1, ?2, ?3, ?3, ?4)",
    [AC_LINK] = "INSERT INTO players (hash, created, seen, account) VALUES (?1, ?2, ?2, ?3) "
                "ON CONFLICT (hash) DO UPDATE SET seen = ?2, account = ?3",
    [AC_SESSION_FIND] = "SELECT a.id, a.username, a.hash, s.seen FROM sessions s JOIN accounts "
                        "a ON a.id = s.account WHERE s.hash = ? AND s.seen >= ?",
    [AC_SESSION_SEEN] = "UPDATE sessions SET seen = ? WHERE hash = ?",
    [AC_SESSION_END] = "DELETE FROM sessions WHERE hash = ?",
    [AC_SESSIONS_END] = "DELETE FROM sessions WHERE account = ?",
    [AC_SESSIONS_EXPIRED] = "DELETE FROM sessions WHERE seen < ?",
    [AC_USE_CODE] = "UPDATE recovery SET used = ? WHERE account = ? AND code_hash = ? AND used "
                    "IS NULL",
    [AC_PASSWORD] = "UPDATE accounts SET hash = ?1, password_at = COALESCE(?2, password_at) "
                    "WHERE id = ?3",
    [AC_DELETE] = "DELETE FROM accounts WHERE id = ?",
    [AC_CODES_DELETE] = "DELETE FROM recovery WHERE account = ?",
    [AC_UNLINK] = "UPDATE players SET account = NULL WHERE account = ?",
    [AC_PLAYER_ACCOUNT] = "SELECT account FROM players WHERE hash = ? AND account IS NOT NULL",
    [AC_LIKE] = "SELECT id, username, hash FROM accounts WHERE skeleton = ? LIMIT 1",
    [AC_SET_SKELETON] = "UPDATE accounts SET skeleton = ? WHERE id = ?",
    [AC_BEGIN] = "BEGIN IMMEDIATE",
    [AC_COMMIT] = "COMMIT",
    [AC_ROLLBACK] = "ROLLBACK",
};

/* A transaction of the accounts' statements, begun and finished (committed, or rolled back on
 * a failure). */
static qv_status begin(qv__store *s, qv_err *err)
{
	return qv__store_step(s, s->acct[AC_BEGIN], err, "BEGIN");
}

static qv_status finish(qv__store *s, qv_status rc, qv_err *err)
{
	if (rc == QV_OK)
		rc = qv__store_step(s, s->acct[AC_COMMIT], err, "COMMIT");
	if (rc != QV_OK)
		qv__store_step(s, s->acct[AC_ROLLBACK], NULL, "ROLLBACK");
	return rc;
}

qv_status qv__store_accounts_prepare(qv__store *s, qv_err *err)
{
	s->acct = calloc(AC_COUNT, sizeof *s->acct);
	if (!s->acct)
		return qv_fail(err, QV_ENOMEM, "out of memory opening the database");
	for (int i = 0; i < AC_COUNT; i++)
		if (sqlite3_prepare_v3(s->db, sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->acct[i],
		                       NULL) != SQLITE_OK)
			return qv__store_fail(s, err, "preparing a statement of accounts");
	return QV_OK;
}

void qv__store_accounts_close(qv__store *s)
{
	if (!s->acct)
		return;
	for (int i = 0; i < AC_COUNT; i++)
		sqlite3_finalize(s->acct[i]);
	free(s->acct);
	s->acct = NULL;
}

/* Runs statement `which` binding one integer (an account's id). */
static qv_status by_account(qv__store *s, int which, long long account, const char *doing,
                            qv_err *err)
{
	sqlite3_bind_int64(s->acct[which], 1, account);
	return qv__store_step(s, s->acct[which], err, doing);
}

/* Inside a transaction: inserts the session and links the player key to the account. */
static qv_status session_insert(qv__store *s, long long account, const qv__store_session *sess,
                                qv_err *err)
{
	sqlite3_stmt *st = s->acct[AC_SESSION];
	qv__store_bind_text(st, 1, sess->hash);
	sqlite3_bind_int64(st, 2, account);
	sqlite3_bind_double(st, 3, sess->now);
	qv__store_bind_text(st, 4, sess->addr);
	qv_status rc = qv__store_step(s, st, err, "saving a session");
	if (!rc && sess->expired > 0) { /* the sessions that ended unused go as a new one starts */
		st = s->acct[AC_SESSIONS_EXPIRED];
		sqlite3_bind_double(st, 1, sess->expired);
		rc = qv__store_step(s, st, err, "deleting expired sessions");
	}
	if (rc || !sess->player || !sess->player[0])
		return rc;
	st = s->acct[AC_LINK];
	qv__store_bind_text(st, 1, sess->player);
	sqlite3_bind_double(st, 2, sess->now);
	sqlite3_bind_int64(st, 3, account);
	return qv__store_step(s, st, err, "linking a player key to an account");
}

/* Inside a transaction: inserts the account; QV_ESTATE when its key is taken. */
static qv_status account_insert(qv__store *s, const char *username, const char *lower,
                                const char *hash, const qv__store_session *sess, qv_err *err)
{
	sqlite3_stmt *st = s->acct[AC_INSERT];
	qv__store_bind_text(st, 1, username);
	qv__store_bind_text(st, 2, lower);
	qv__store_bind_text(st, 3, hash);
	sqlite3_bind_double(st, 4, sess->now);
	qv__store_bind_text(st, 5, sess->addr);
	int step = sqlite3_step(st);
	qv_status rc = QV_OK;
	if (step == SQLITE_CONSTRAINT)
		rc = qv_fail(err, QV_ESTATE, "username: taken");
	else if (step != SQLITE_DONE)
		rc = qv__store_fail(s, err, "saving an account");
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc;
}

qv_status qv__sqlite_account_create(qv__store *s, const char *username, const char *lower,
                                    const char *hash, const char *const *codes, int ncodes,
                                    const qv__store_session *sess, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	qv_status rc = begin(s, err);
	if (rc)
		goto out;
	rc = account_insert(s, username, lower, hash, sess, err);
	long long id = sqlite3_last_insert_rowid(s->db);
	for (int i = 0; !rc && i < ncodes; i++) {
		sqlite3_stmt *st = s->acct[AC_CODE];
		sqlite3_bind_int64(st, 1, id);
		qv__store_bind_text(st, 2, codes[i]);
		rc = qv__store_step(s, st, err, "saving a recovery code");
	}
	if (!rc)
		rc = session_insert(s, id, sess, err);
	rc = finish(s, rc, err);
out:
	pthread_mutex_unlock(&s->lock);
	return rc;
}

/* Reads an account's id, username and hash from columns 0 to 2. */
static void read_account(sqlite3_stmt *st, qv__store_account *out)
{
	out->id = sqlite3_column_int64(st, 0);
	qv_copy(out->username, sizeof out->username, qv__store_text(st, 1));
	qv_copy(out->hash, sizeof out->hash, qv__store_text(st, 2));
}

/* The account that statement `which` finds by text, into out: 1, 0 none, -1 the database
 * failed. */
static int find_by(qv__store *s, int which, const char *text, qv__store_account *out)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->acct[which];
	qv__store_bind_text(st, 1, text);
	int step = sqlite3_step(st), found = 0;
	if (step == SQLITE_ROW) {
		read_account(st, out);
		found = 1;
	} else if (step != SQLITE_DONE) {
		found = -1;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	pthread_mutex_unlock(&s->lock);
	return found;
}

int qv__sqlite_account_find(qv__store *s, const char *lower, qv__store_account *out)
{
	return find_by(s, AC_FIND, lower, out);
}

int qv__sqlite_account_like(qv__store *s, const char *skeleton, qv__store_account *out)
{
	return find_by(s, AC_LIKE, skeleton, out);
}

qv_status qv__sqlite_account_skeleton(qv__store *s, long long account, const char *skeleton,
                                      qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->acct[AC_SET_SKELETON];
	qv__store_bind_text(st, 1, skeleton);
	sqlite3_bind_int64(st, 2, account);
	qv_status rc = qv__store_step(s, st, err, "saving a username's likeness");
	pthread_mutex_unlock(&s->lock);
	return rc;
}

qv_status qv__sqlite_session_start(qv__store *s, long long account, const qv__store_session *sess,
                                   qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	qv_status rc = begin(s, err);
	if (!rc)
		rc = finish(s, session_insert(s, account, sess, err), err);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

int qv__sqlite_session_find(qv__store *s, const char *hash, double since, qv__store_account *out,
                            double *seen)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->acct[AC_SESSION_FIND];
	qv__store_bind_text(st, 1, hash);
	sqlite3_bind_double(st, 2, since);
	int step = sqlite3_step(st), found = 0;
	if (step == SQLITE_ROW) {
		read_account(st, out);
		*seen = sqlite3_column_double(st, 3);
		found = 1;
	} else if (step != SQLITE_DONE) {
		found = -1;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	pthread_mutex_unlock(&s->lock);
	return found;
}

qv_status qv__sqlite_session_seen(qv__store *s, const char *hash, double now, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->acct[AC_SESSION_SEEN];
	sqlite3_bind_double(st, 1, now);
	qv__store_bind_text(st, 2, hash);
	qv_status rc = qv__store_step(s, st, err, "renewing a session");
	pthread_mutex_unlock(&s->lock);
	return rc;
}

qv_status qv__sqlite_session_end(qv__store *s, const char *hash, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->acct[AC_SESSION_END];
	qv__store_bind_text(st, 1, hash);
	qv_status rc = qv__store_step(s, st, err, "ending a session");
	pthread_mutex_unlock(&s->lock);
	return rc;
}

/* Inside a transaction: uses the account's unused recovery code of hash `code`; QV_ESTATE when
 * it has none such. */
static qv_status use_code(qv__store *s, long long account, const char *code, double now,
                          qv_err *err)
{
	sqlite3_stmt *st = s->acct[AC_USE_CODE];
	sqlite3_bind_double(st, 1, now);
	sqlite3_bind_int64(st, 2, account);
	qv__store_bind_text(st, 3, code);
	qv_status rc = qv__store_step(s, st, err, "using a recovery code");
	if (!rc && sqlite3_changes(s->db) != 1)
		rc = qv_fail(err, QV_ESTATE, "code: not one of the account's unused codes");
	return rc;
}

/* Inside a transaction: sets the hash (and password_at to `at`, unless it is below 0). */
static qv_status set_hash(qv__store *s, long long account, const char *hash, double at, qv_err *err)
{
	sqlite3_stmt *st = s->acct[AC_PASSWORD];
	qv__store_bind_text(st, 1, hash);
	if (at >= 0)
		sqlite3_bind_double(st, 2, at);
	else
		sqlite3_bind_null(st, 2);
	sqlite3_bind_int64(st, 3, account);
	return qv__store_step(s, st, err, "saving a password");
}

qv_status qv__sqlite_account_password(qv__store *s, long long account, const char *hash,
                                      const char *code, const qv__store_session *sess, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	qv_status rc = begin(s, err);
	if (rc)
		goto out;
	if (code)
		rc = use_code(s, account, code, sess->now, err);
	if (!rc)
		rc = set_hash(s, account, hash, sess->now, err);
	if (!rc)
		rc = by_account(s, AC_SESSIONS_END, account, "ending sessions", err);
	if (!rc)
		rc = session_insert(s, account, sess, err);
	rc = finish(s, rc, err);
out:
	pthread_mutex_unlock(&s->lock);
	return rc;
}

qv_status qv__sqlite_account_rehash(qv__store *s, long long account, const char *hash, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	qv_status rc = begin(s, err);
	if (!rc)
		rc = finish(s, set_hash(s, account, hash, -1, err), err);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

qv_status qv__sqlite_account_delete(qv__store *s, long long account, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	qv_status rc = begin(s, err);
	if (rc)
		goto out;
	rc = by_account(s, AC_SESSIONS_END, account, "ending sessions", err);
	if (!rc)
		rc = by_account(s, AC_CODES_DELETE, account, "deleting recovery codes", err);
	if (!rc)
		rc = by_account(s, AC_UNLINK, account, "unlinking player keys", err);
	if (!rc)
		rc = qv__store_ratings_forget(s, account, err);
	if (!rc)
		rc = by_account(s, AC_DELETE, account, "deleting an account", err);
	rc = finish(s, rc, err);
out:
	pthread_mutex_unlock(&s->lock);
	return rc;
}

long long qv__sqlite_player_account(qv__store *s, const char *player)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->acct[AC_PLAYER_ACCOUNT];
	qv__store_bind_text(st, 1, player);
	int step = sqlite3_step(st);
	long long account = step == SQLITE_ROW    ? sqlite3_column_int64(st, 0)
	                    : step == SQLITE_DONE ? 0
	                                          : -1;
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	pthread_mutex_unlock(&s->lock);
	return account;
}
