/*
 * community_schema.c - schema 13's tables of what brings players together beyond one table, in
 * SQLite's types and in PostgreSQL's: the accounts each account follows, when each process last
 * saw an account online (its channel open), and the challenges one account sends another
 * (players/follows.h, players/challenges.h). Made at every open by SQLite (CREATE ... IF NOT
 * EXISTS) and by PostgreSQL for a database not yet at version 13, as admin_schema.c's tables.
 */
#include "server/store/backend.h"
#include "server/store/postgres_impl.h"

const char *const qv__store_community_schema =
    /* Who follows whom (follows.c), by account id; an account's deletion takes its rows both
     * ways, and a block takes them between the two. */
    "CREATE TABLE IF NOT EXISTS follows ("
    "  account INTEGER NOT NULL,"  /* who follows */
    "  followed INTEGER NOT NULL," /* whom */
    "  at REAL NOT NULL,"
    "  PRIMARY KEY (account, followed)"
    ");"
    "CREATE INDEX IF NOT EXISTS follows_followed ON follows(followed);"
    /* When a process last saw an account's channel open (follows.c): written only where other
     * processes share the database, each process its own row. */
    "CREATE TABLE IF NOT EXISTS presence ("
    "  account INTEGER NOT NULL,"
    "  origin TEXT NOT NULL," /* the process (its boot's random) */
    "  at REAL NOT NULL,"
    "  PRIMARY KEY (account, origin)"
    ");"
    /* A challenge of one account to another (challenges.c): the table it asks for, as a table
     * request, made when it is accepted. */
    "CREATE TABLE IF NOT EXISTS challenges ("
    "  id TEXT PRIMARY KEY,"
    "  challenger INTEGER NOT NULL,"
    "  challenged INTEGER NOT NULL,"
    "  player TEXT,"           /* the challenger's player key's hash, for its games' list */
    "  addr TEXT NOT NULL,"    /* the challenger's address (addr.h), whose tables it counts */
    "  request TEXT NOT NULL," /* {"game", "params", "clock", "rated", "takebacks"} */
    "  seat INTEGER NOT NULL," /* the challenger's seat, 0-based */
    "  status TEXT NOT NULL,"  /* open, accepting, accepted, declined, cancelled, expired */
    "  created REAL NOT NULL,"
    "  expires REAL NOT NULL,"
    "  answered REAL,"
    "  claim TEXT,"   /* who is making its table (an accept's random), while accepting */
    "  table_id TEXT" /* the table made */
    ");"
    "CREATE INDEX IF NOT EXISTS challenges_to ON challenges(challenged, status);"
    "CREATE INDEX IF NOT EXISTS challenges_from ON challenges(challenger, status);";

const char *const qv__pg_community_schema =
    "CREATE TABLE IF NOT EXISTS follows ("
    "  account bigint NOT NULL,"
    "  followed bigint NOT NULL,"
    "  at double precision NOT NULL,"
    "  PRIMARY KEY (account, followed)"
    ");"
    "CREATE INDEX IF NOT EXISTS follows_followed ON follows(followed);"
    "CREATE TABLE IF NOT EXISTS presence ("
    "  account bigint NOT NULL,"
    "  origin text NOT NULL,"
    "  at double precision NOT NULL,"
    "  PRIMARY KEY (account, origin)"
    ");"
    "CREATE TABLE IF NOT EXISTS challenges ("
    "  id text PRIMARY KEY,"
    "  challenger bigint NOT NULL,"
    "  challenged bigint NOT NULL,"
    "  player text,"
    "  addr text NOT NULL,"
    "  request text NOT NULL,"
    "  seat bigint NOT NULL,"
    "  status text NOT NULL,"
    "  created double precision NOT NULL,"
    "  expires double precision NOT NULL,"
    "  answered double precision,"
    "  claim text,"
    "  table_id text"
    ");"
    "CREATE INDEX IF NOT EXISTS challenges_to ON challenges(challenged, status);"
    "CREATE INDEX IF NOT EXISTS challenges_from ON challenges(challenger, status);";
