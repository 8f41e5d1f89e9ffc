/*
 * sqlite_schema.c - SQLite's tables of accounts (schema 6: accounts, recovery, sessions, and the
 * column account of players) and of ratings (schema 7: ratings, rating_history, rated), which
 * sqlite.c runs when the store opens; their statements are accounts.c's and ratings.c's, in
 * statements.c.
 */
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

const char *const qv__store_ratings_schema =
    "CREATE TABLE IF NOT EXISTS ratings ("
    "  account INTEGER NOT NULL,"
    "  game TEXT NOT NULL,"
    "  players INTEGER NOT NULL,"
    "  rating REAL NOT NULL,"    /* on Glicko's scale (Weng-Lin: qv__wl_display) */
    "  deviation REAL NOT NULL," /* RD (Weng-Lin: σ times QV__WL_DISPLAY_SCALE) */
    "  volatility REAL,"         /* Glicko-2's; NULL for Weng-Lin */
    "  mu REAL,"                 /* Weng-Lin's; NULL for Glicko-2 */
    "  sigma REAL,"
    "  games INTEGER NOT NULL," /* rated games of the kind */
    "  updated REAL NOT NULL,"  /* its last rated game's end, epoch s */
    "  PRIMARY KEY (account, game, players)"
    ");"
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, players, rating);"
    "CREATE TABLE IF NOT EXISTS rating_history ("
    "  account INTEGER NOT NULL,"
    "  game TEXT NOT NULL,"
    "  players INTEGER NOT NULL,"
    "  at REAL NOT NULL,"
    "  rating REAL NOT NULL," /* after the game */
    "  table_id TEXT NOT NULL"
    ");"
    "CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history(account, at);"
    /* schema 11: a table's ratings (qv__store_table_ratings), and the farming rule's pairs */
    "CREATE INDEX IF NOT EXISTS rating_history_table ON rating_history(table_id);"
    /* The tables whose ratings were applied (or that rated nobody): each is applied once. */
    "CREATE TABLE IF NOT EXISTS rated ("
    "  table_id TEXT PRIMARY KEY,"
    "  at REAL NOT NULL"
    ");";
