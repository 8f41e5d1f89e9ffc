/*
 * harness.h - what the cmocka tests that start `quiver serve` share (test_serve, test_tables,
 * test_abuse): the binary's path, a temporary folder of databases, the one running server, the
 * bound on every wait, requests that must answer a given status, and a run's set-up (usage,
 * the folder removed at exit, an alarm that ends a stuck run and kills the server).
 */
#ifndef QUIVER_TESTS_HARNESS_H
#define QUIVER_TESTS_HARNESS_H

#include <stdbool.h>

#include <jansson.h>

#include "client.h"

/* Frames, replies and polls wait at most this long: a bound, not a pause (every wait is for a
 * condition), so it is generous: the sanitizer build on a machine at a load of 8 is 20 to 30
 * times slower than the release build idle, where a frame takes well under a second. */
#define TH_WAIT_MS 120000

/* How many times a test repeats what it repeats (rounds of kills, players of a tournament, the
 * length of a flood): `release` in the release build, `sanitized` in the sanitizer build
 * (QV_SANITIZE), where each round costs several times the processor time and takes the same
 * paths as the first rounds; the release run repeats them all (docs/testing.md, "Where the
 * time goes now"). An integer constant expression, so that it can size an array. */
#if defined(__SANITIZE_ADDRESS__)
#define TH_ROUNDS(release, sanitized) (sanitized)
#else
#define TH_ROUNDS(release, sanitized) (release)
#endif

extern const char *th_quiver; /* the binary under test (the run's argument) */
extern char th_tmpdir[64];    /* the run's temporary folder, removed at exit */
extern tc_server th_server;   /* the running server, stopped by each test and at exit */

/* Checks the usage (`test_NAME PATH-TO-QUIVER`), makes the folder /tmp/qvNAMEXXXXXX, removes it
 * at exit, ignores SIGPIPE, seeds rand() with 1 and sets an alarm of alarm_s seconds that kills
 * the server and ends the run (set it below ctest's TIMEOUT). TH_ONLY and TH_SKIP in the
 * environment, cmocka's patterns of test names (`*` any text), run only the tests that match
 * the first and none that match the second: one program as two ctest tests (a part that must
 * run alone, the rest beside others). Returns 0, or 2 with a message. */
int th_init(int argc, char **argv, const char *name, unsigned alarm_s);
/* A cmocka teardown: a failed test leaves its server running; this stops it. */
int th_teardown(void **state);

/* Whether the run is against PostgreSQL: QV_TEST_PG=1 in the environment, which
 * tests/cluster/pg_run.sh sets, with libpq's PG* variables. */
bool th_pg(void);
/* Stops (what "stop": fast, its sessions ended) or starts ("start") the run's PostgreSQL
 * cluster again, as a database that goes away and comes back (QV_TEST_PG_CTL, the control
 * program tests/cluster/pg_run.sh sets); fails the test when it cannot. */
void th_pg_cluster(const char *what);
/* A fresh database (a static buffer): a path in the temporary folder, or, against PostgreSQL,
 * a new database qv_PID_N made in the cluster and its connection string "dbname=qv_PID_N". */
const char *th_new_db(void);
/* Starts the server on db with extra options (NULL-terminated, may be NULL). */
void th_start(const char *db, const char *const *extra);
/* Stops the server with SIGTERM: it must shut down cleanly (under the sanitizers, with no leak
 * and no error). */
void th_stop(void);

/* HAProxy (on PATH) with the configuration file cfg (docs/deploy/) in front of servers started
 * by the test: QUIVER_LISTEN set to a free port of 127.0.0.1, and each NAME=VALUE of env
 * (NULL-terminated; QUIVER_SERVER=127.0.0.1:PORT...) set in its environment. Returns its port
 * once it accepts connections; stopped by th_haproxy_stop, by the alarm and at exit. */
int th_haproxy_start(const char *cfg, const char *const *env);
void th_haproxy_stop(void);
/* A port of 127.0.0.1 nobody listens on now (the kernel's choice, let go at once). */
int th_free_port(void);

/* What the kernel shows of the running server (Linux's /proc/PID): its TCP connections from
 * the IPv4 client address `from` ("127.0.0.2"; NULL: from any IPv4 address) that it has
 * accepted and not closed (its open sockets whose peer is there; not those still waiting in
 * its backlog), or -1 when /proc cannot be read. */
int th_server_conns(const char *from);
/* A number of the running server's /proc/PID/status ("Threads"; "VmRSS" in kB), or -1. */
long th_server_status(const char *field);
/* Raises this process's limit of open files to at least n, as far as its hard limit allows;
 * returns the limit now. */
long th_room_for_files(long n);

/* A request that must answer `status`; returns the parsed body (caller frees) or NULL. */
json_t *th_http(const char *method, const char *path, const char *body, int status);
/* A refused request: status and a body of one field, {"error": ...}, containing `words` (any
 * message when words is NULL). */
void th_refused(const char *method, const char *path, const char *body, int status,
                const char *words);
/* Creates a table (201); copies its id. */
void th_create(const char *body, char id[32]);
/* Reads w until the server closes it (frames before the close are dropped), for at most
 * TH_WAIT_MS; fails unless the close frame has `code` and its reason holds `words` ("": any). */
void th_expect_close(tc_ws *w, int code, const char *words);
/* Joins seat (e.g. "p1") and copies its token. */
void th_join(const char *id, const char *seat, char token[64]);
/* POST join with the request body given; checks it got `seat` and copies its token. */
void th_join_with(const char *id, const char *body, const char *seat, char token[64]);
/* GET /api/tables/ID (200). */
json_t *th_info(const char *id);
/* Waits (up to TH_WAIT_MS) until table id's game is over; fails the test when it is not. */
void th_wait_over(const char *id);
/* Waits until table id's review (what "review") or the look for its puzzles ("puzzles") is
 * done, and returns that GET's answer. A review is long under a sanitizer on a loaded machine,
 * so the wait fails only after TH_WAIT_MS in which it did not move on (the review's "done", the
 * puzzles' "looked" and their status the same), or at the test's alarm. */
json_t *th_wait_looked(const char *id, const char *what);

/* A browser as a test holds it: the cookies the server gave it ("quiver_key=..." and
 * "quiver_session=...", "" for none), the Origin it sends ("" none) and its Sec-Fetch-Site
 * ("" none). */
typedef struct th_browser {
	char key[128];
	char session[128];
	char origin[128];
	char fetch_site[32];
} th_browser;

/* Keeps the cookies a reply sets (a session cleared by Max-Age=0 is dropped). */
void th_browser_keep(th_browser *b, const tc_reply *r);
/* A request of browser b (NULL: none) with its cookies and Origin, that must answer `status`;
 * the reply is kept in *out (caller frees) and its cookies in b. */
void th_browser_ask(th_browser *b, const char *method, const char *path, const char *body,
                    int status, tc_reply *out);
/* Browser b gets its player key (any answer sets it: GET /api/games). */
void th_browser_key(th_browser *b);
/* Browser b joins table id with body (200): its token into token. */
void th_browser_join(th_browser *b, const char *id, const char *body, char token[64]);
/* th_browser_ask of a refusal: its error holds `words`. */
void th_browser_refused(th_browser *b, const char *method, const char *path, const char *body,
                        int status, const char *words);

/* The password of the tests' accounts. */
#define TH_PASS "arrows fly far"
/* Browser b signs up as name with TH_PASS (201), or signs in (200) when `in`. */
void th_browser_account(th_browser *b, const char *name, bool in);
/* The refusals an account's list of others at `path` (/api/account/follows, .../blocks) gives
 * to browser b, signed in as `self`, and to others: oneself (400 "cannot VERB yourself"), no
 * such account to add or take away (404), bad bodies (400), signed out (401), from another site
 * with b's cookie (403), another method (405). */
void th_list_refusals(th_browser *b, const char *path, const char *self, const char *verb);

/* Opens browser b's player channel (/api/me/ws, with its cookies and Origin) and says hello:
 * 0 once it is ready, else the HTTP status of the refusal. */
int th_channel_open(const th_browser *b, tc_ws *w);
/* The channel's next frame, which must be of that type, within 20 s (caller frees). */
json_t *th_channel_expect(tc_ws *w, const char *type);
/* Pings the channel: nothing but the pong may come first (frames come in order, so nothing
 * was queued for it before). */
void th_channel_quiet(tc_ws *w);

/* Runs `quiver admin ARGS --db db` (ARGS formatted like printf: shell words) beside the
 * running server, with its output (stdout and stderr) into out (len bytes); its exit code. */
int th_admin(const char *db, char *out, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Runs one SQL statement on the database at path (SQLite's file, or PostgreSQL's connection
 * string: the text must then be PostgreSQL's), the server stopped (a test's way to set a
 * stored time back, say). */
void th_sql(const char *path, const char *text);
/* The number the query text reads (one row, one column) from the database at path. */
long long th_sql_number(const char *path, const char *text);
/* Makes account username settled in game's games of `players` players (store/ratings.h: a
 * game among new accounts moves no rating), the server stopped: made two days ago, with 10
 * rated games of the kind at a new player's rating (Glicko-2's for 2, Weng-Lin's else) last
 * updated when it was made. Its first rated game then moves its rating as a new player's. */
void th_settle(const char *path, const char *username, const char *game, int players);

/* A table's WebSocket held by a test as one seat (or a spectator): the latest view and info,
 * the version, and the text of every frame heard, to look for what must not be there. */
typedef struct th_seat {
	tc_ws ws;
	long long v;
	json_t *view, *table; /* the latest snapshot's or update's */
	double at;            /* epoch ms when the latest arrived */
	json_t *frames;       /* every frame's text */
} th_seat;

/* Milliseconds since the epoch, the server's "now". */
double th_epoch_ms(void);

/* Opens table id's socket and says hello with token (NULL: a spectator); waits for the
 * snapshot. */
void th_seat_open(th_seat *s, const char *id, const char *token);
/* th_seat_open from browser b: the socket's upgrade carries b's cookies and Origin (a device's
 * seat token works only so). Returns the upgrade's refusal (an HTTP status) or 0; with 0 the
 * hello is said but its answer is left to read (a snapshot, or the close of a refused token). */
int th_browser_seat_open(const th_browser *b, th_seat *s, const char *id, const char *token);
/* Creates a table from body (201), joins p1 and p2 (their tokens into t1 and t2) and opens
 * their sockets. */
void th_two_seats(const char *body, char id[32], char t1[64], char t2[64], th_seat *p1,
                  th_seat *p2);
/* A table of THREE ARROWS of two human seats open from both (th_two_seats), and its seat to
 * move: the one with legal actions. */
typedef struct th_duel {
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	th_seat *mover; /* &p1 or &p2 */
} th_duel;
void th_duel_open(th_duel *d);
/* Closes both seats of d. */
void th_duel_close(th_duel *d);
void th_seat_close(th_seat *s);
/* Reads frames until a snapshot or update, which it keeps; an error frame fails the test. A
 * spectators frame sets the kept info's `spectators`. */
void th_seat_next(th_seat *s);
/* Reads one frame of any type and keeps it (fails the test when none comes). */
void th_seat_read(th_seat *s);
/* Reads one frame of any type within ms and keeps it; false when none came. */
bool th_seat_read_within(th_seat *s, int ms);
/* The first of the seat's legal actions (fails the test when it has none). */
const char *th_seat_first(const th_seat *s);
/* Reads the seat's frames until its latest version is at least v. */
void th_seat_reach(th_seat *s, long long v);
/* Reads n connections until all are at one version, the highest any of them reached: one
 * brought up to the highest may pass it, when the server folds quick changes (a move and the
 * die after it) into one update for a connection that reads after both, and the others then
 * read on (a top counted once left them behind, waiting for a frame that would never come to
 * the one ahead). at(ctx, i) is connection i's version; reach(ctx, i, v) reads connection i
 * until it is at v or past it, or fails the test. */
void th_catch_up_all(void *ctx, int n, long long (*at)(void *ctx, int i),
                     void (*reach)(void *ctx, int i, long long v));
/* th_catch_up_all for seats[0..n). */
void th_seats_catch_up(th_seat *seats, int n);
/* The seat plays its first legal action; every seat of all[0..n) then reads to one version. */
void th_seat_play_first(th_seat *mover, th_seat **all, int n);
/* Reads frames until the latest info's to_move is exactly `want` ("p1 p2", "" for none). */
void th_seat_wait_to_move(th_seat *s, const char *want);
/* Sends {"type": "act", "v": <the latest>, "action": action}. */
void th_seat_act(th_seat *s, const char *action);
/* Sends a frame formatted like printf. */
void th_seat_send(th_seat *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Takes in the frames already on their way (those that come within 50 ms). */
void th_seat_drain(th_seat *s);
/* Sends frame, which must be refused with an error containing words, and change nothing: no
 * update with another version comes before the error. */
void th_seat_refused(th_seat *s, const char *frame, const char *words);
/* A bystander's time: the median round trip (ms) of an act of `action` and its undo on socket
 * w, a seat of a table of people whose turn it is at version *v (kept up to date), over at
 * least `trips` of them and at least `ms` milliseconds (at most 4,000); an error frame fails
 * the test. */
double th_act_undo_median(tc_ws *w, long long *v, const char *action, int trips, double ms);

/* Whether any frame the seat heard contains text. */
bool th_seat_heard(const th_seat *s, const char *text);

#endif
