/*
 * community_schema.c - schema 13's tables of what brings players together beyond one table, in
 * SQLite's types and in PostgreSQL's: the accounts each account follows, when each process last
 * saw an account online (its channel open), and the challenges one account sends another
 * (players/follows.h, players/challenges.h). Made at every open by SQLite (CREATE ... IF NOT
 * EXISTS) and by PostgreSQL for a database not yet at this version, as admin_schema.c's
 * tables. With them the puzzles made from reviewed games (api/puzzle_look.c,
 * players/puzzles.h): each puzzle with its rating, the games looked at for them, the accounts'
 * puzzle ratings and their attempts; and schema 16's tournaments (players/tournaments.h): each
 * one, its players and its games (a table each, or a bye), and the waves of an arena's pairings
 * as they were made.
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
    "CREATE INDEX IF NOT EXISTS challenges_from ON challenges(challenger, status);"
    /* the open ones past their time, looked for at every challenge request (challenges.c) */
    "CREATE INDEX IF NOT EXISTS challenges_due ON challenges(status, expires);"
    /* A puzzle of a reviewed game (quiver/puzzle.h): its JSON with the answer, never sent
     * whole before an attempt; rated as a player is (Glicko-2), by its attempts. */
    "CREATE TABLE IF NOT EXISTS puzzles ("
    "  id TEXT PRIMARY KEY,"
    "  table_id TEXT NOT NULL,"
    "  step INTEGER NOT NULL,"
    "  game TEXT NOT NULL,"
    "  body TEXT NOT NULL," /* qv_puzzle_json, with "catalogue" */
    "  themes TEXT NOT NULL,"
    "  rating REAL NOT NULL,"
    "  deviation REAL NOT NULL,"
    "  volatility REAL NOT NULL,"
    "  plays INTEGER NOT NULL,"
    "  solved INTEGER NOT NULL,"
    "  created REAL NOT NULL,"
    "  UNIQUE (table_id, step)"
    ");"
    "CREATE INDEX IF NOT EXISTS puzzles_game ON puzzles(game, rating);"
    /* The games whose review was looked at for puzzles, and how far. */
    "CREATE TABLE IF NOT EXISTS puzzle_sources ("
    "  table_id TEXT PRIMARY KEY,"
    "  game TEXT NOT NULL,"
    "  looked INTEGER NOT NULL," /* the decisions looked at so far */
    "  candidates INTEGER NOT NULL,"
    "  made INTEGER NOT NULL,"
    "  done INTEGER NOT NULL,"
    "  at REAL NOT NULL"
    ");"
    /* An account's puzzle rating, and its attempts (the first of each puzzle rated). */
    "CREATE TABLE IF NOT EXISTS puzzle_ratings ("
    "  account INTEGER PRIMARY KEY,"
    "  rating REAL NOT NULL,"
    "  deviation REAL NOT NULL,"
    "  volatility REAL NOT NULL,"
    "  games INTEGER NOT NULL,"
    "  updated REAL NOT NULL"
    ");"
    "CREATE TABLE IF NOT EXISTS puzzle_attempts ("
    "  account INTEGER NOT NULL,"
    "  puzzle TEXT NOT NULL,"
    "  at REAL NOT NULL,"
    "  solved INTEGER NOT NULL,"
    "  PRIMARY KEY (account, puzzle)"
    ");"
    /* A tournament (tournaments.c), run by one process at a time (director, its lease
     * refreshed at director_at: director.c). */
    "CREATE TABLE IF NOT EXISTS tournaments ("
    "  id TEXT PRIMARY KEY,"
    "  kind TEXT NOT NULL," /* arena, swiss */
    "  name TEXT NOT NULL,"
    "  creator INTEGER NOT NULL,"
    "  request TEXT NOT NULL," /* the games' table request: game, params, clock, rated */
    "  starts REAL NOT NULL,"
    "  minutes INTEGER NOT NULL," /* an arena's length */
    "  rounds INTEGER NOT NULL,"  /* a Swiss's rounds */
    "  pause INTEGER NOT NULL,"   /* seconds between a Swiss's rounds */
    "  status TEXT NOT NULL,"     /* created, running, finished */
    "  round INTEGER NOT NULL,"   /* a Swiss's round under way, an arena's waves made */
    "  round_end REAL,"           /* when a Swiss's last round had all its results */
    "  director TEXT,"
    "  director_at REAL,"
    "  created REAL NOT NULL,"
    "  finished REAL,"
    "  winner TEXT,"
    "  why TEXT" /* why it ended as it did (no players, no pairing left) */
    ");"
    "CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments(status, starts);"
    "CREATE TABLE IF NOT EXISTS tournament_players ("
    "  tournament TEXT NOT NULL,"
    "  account INTEGER NOT NULL,"
    "  username TEXT NOT NULL,"
    "  player TEXT," /* the player key that joined, whose games list the tables */
    "  rating REAL NOT NULL,"
    "  joined REAL NOT NULL,"
    "  seq INTEGER NOT NULL," /* the order of joining */
    "  active INTEGER NOT NULL,"
    "  PRIMARY KEY (tournament, account)"
    ");"
    /* A game of a tournament: a table, or a bye (second NULL); result NULL while played. */
    "CREATE TABLE IF NOT EXISTS tournament_games ("
    "  tournament TEXT NOT NULL,"
    "  round INTEGER NOT NULL,"
    "  board INTEGER NOT NULL,"
    "  table_id TEXT,"
    "  first INTEGER NOT NULL,"
    "  second INTEGER,"
    "  result TEXT," /* 1-0, 0-1, 1/2-1/2, 0-0 (no result), bye */
    "  at REAL NOT NULL,"
    "  ended REAL,"
    "  PRIMARY KEY (tournament, round, board)"
    ");"
    "CREATE INDEX IF NOT EXISTS tournament_games_table ON tournament_games(table_id);"
    /* An arena's wave: the waiting players as they were ranked when it paired them. */
    "CREATE TABLE IF NOT EXISTS tournament_waves ("
    "  tournament TEXT NOT NULL,"
    "  wave INTEGER NOT NULL,"
    "  at REAL NOT NULL,"
    "  waiting TEXT NOT NULL,"
    "  PRIMARY KEY (tournament, wave)"
    ");";

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
    "CREATE INDEX IF NOT EXISTS challenges_from ON challenges(challenger, status);"
    /* the open ones past their time, looked for at every challenge request (challenges.c) */
    "CREATE INDEX IF NOT EXISTS challenges_due ON challenges(status, expires);"
    "CREATE TABLE IF NOT EXISTS puzzles ("
    "  id text PRIMARY KEY,"
    "  table_id text NOT NULL,"
    "  step bigint NOT NULL,"
    "  game text NOT NULL,"
    "  body text NOT NULL,"
    "  themes text NOT NULL,"
    "  rating double precision NOT NULL,"
    "  deviation double precision NOT NULL,"
    "  volatility double precision NOT NULL,"
    "  plays bigint NOT NULL,"
    "  solved bigint NOT NULL,"
    "  created double precision NOT NULL,"
    "  UNIQUE (table_id, step)"
    ");"
    "CREATE INDEX IF NOT EXISTS puzzles_game ON puzzles(game, rating);"
    "CREATE TABLE IF NOT EXISTS puzzle_sources ("
    "  table_id text PRIMARY KEY,"
    "  game text NOT NULL,"
    "  looked bigint NOT NULL,"
    "  candidates bigint NOT NULL,"
    "  made bigint NOT NULL,"
    "  done bigint NOT NULL,"
    "  at double precision NOT NULL"
    ");"
    "CREATE TABLE IF NOT EXISTS puzzle_ratings ("
    "  account bigint PRIMARY KEY,"
    "  rating double precision NOT NULL,"
    "  deviation double precision NOT NULL,"
    "  volatility double precision NOT NULL,"
    "  games bigint NOT NULL,"
    "  updated double precision NOT NULL"
    ");"
    "CREATE TABLE IF NOT EXISTS puzzle_attempts ("
    "  account bigint NOT NULL,"
    "  puzzle text NOT NULL,"
    "  at double precision NOT NULL,"
    "  solved bigint NOT NULL,"
    "  PRIMARY KEY (account, puzzle)"
    ");"
    "CREATE TABLE IF NOT EXISTS tournaments ("
    "  id text PRIMARY KEY,"
    "  kind text NOT NULL,"
    "  name text NOT NULL,"
    "  creator bigint NOT NULL,"
    "  request text NOT NULL,"
    "  starts double precision NOT NULL,"
    "  minutes bigint NOT NULL,"
    "  rounds bigint NOT NULL,"
    "  pause bigint NOT NULL,"
    "  status text NOT NULL,"
    "  round bigint NOT NULL,"
    "  round_end double precision,"
    "  director text,"
    "  director_at double precision,"
    "  created double precision NOT NULL,"
    "  finished double precision,"
    "  winner text,"
    "  why text"
    ");"
    "CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments(status, starts);"
    "CREATE TABLE IF NOT EXISTS tournament_players ("
    "  tournament text NOT NULL,"
    "  account bigint NOT NULL,"
    "  username text NOT NULL,"
    "  player text,"
    "  rating double precision NOT NULL,"
    "  joined double precision NOT NULL,"
    "  seq bigint NOT NULL,"
    "  active bigint NOT NULL,"
    "  PRIMARY KEY (tournament, account)"
    ");"
    "CREATE TABLE IF NOT EXISTS tournament_games ("
    "  tournament text NOT NULL,"
    "  round bigint NOT NULL,"
    "  board bigint NOT NULL,"
    "  table_id text,"
    "  first bigint NOT NULL,"
    "  second bigint,"
    "  result text,"
    "  at double precision NOT NULL,"
    "  ended double precision,"
    "  PRIMARY KEY (tournament, round, board)"
    ");"
    "CREATE INDEX IF NOT EXISTS tournament_games_table ON tournament_games(table_id);"
    "CREATE TABLE IF NOT EXISTS tournament_waves ("
    "  tournament text NOT NULL,"
    "  wave bigint NOT NULL,"
    "  at double precision NOT NULL,"
    "  waiting text NOT NULL,"
    "  PRIMARY KEY (tournament, wave)"
    ");";
