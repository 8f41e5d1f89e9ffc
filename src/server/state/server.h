/*
 * server.h - the state of `quiver serve` under its HTTP and WebSocket handlers: the registry of
 * tables, the worker pool that plays their AI seats and chance events, and what follows a
 * change at a table. Internal to quiver: listen.h starts it with the network layer (net.h) in
 * front; http.c, ws.c, files.c and lessons.c call it, and it calls none of them (a change is
 * told to the table's connections through the broadcast function it was opened with).
 *
 * Threads: one loop holds every socket (net.c); requests and WebSocket messages run on the
 * request workers (jobs.h), as many as are busy, up to QV__JOBS_MAX; AI seats and chance
 * events run on `threads` workers of a pool. Tables are kept in a registry; a finished table
 * without connections leaves memory and is read back from the database when asked for.
 */
#ifndef QUIVER_SERVER_STATE_SERVER_H
#define QUIVER_SERVER_STATE_SERVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "games/mutex.h"
#include "server/state/flight.h"
#include "server/state/pool.h"
#include "server/store/store.h"
#include "server/table/replay.h"
#include "server/table/table.h"

struct qv__net;
struct qv__conn;

/* What the loop did with a whole message of a WebSocket before its inbox (ws_pong below). */
typedef enum {
	QV__PONG_NONE,     /* not a ping: to the inbox */
	QV__PONG_ANSWERED, /* a ping answered: to the inbox still, not to be answered again */
	QV__PONG_DONE      /* a ping answered: nothing left for a worker */
} qv__pong;

/* Every request and WebSocket message is handled on a request worker, whose stack is
 * QV__JOB_STACK (jobs.h, 512 KiB); it was CivetWeb's thread's before, 100 KiB, of which 78,712
 * bytes were left when an HTTP handler started (measured under gdb). The deepest call path
 * below them takes at most 22,736 bytes of quiver's frames (an Evons undo) by
 * bench/stack_depth.py, and 34,032 bytes at the most, libraries' frames included, in a run of
 * every kind of request (docs/history/benchmarks-3.md, "The stack of a request"). jansson recurses
 * once per level of a JSON text: quiver reads at most 64 levels (qv__json_parse), whose deepest
 * request took 15,248 bytes; one body of 1,000 levels overflowed the stack and killed the
 * server before. A parameter list was 33 KiB, and three on one path (a table with an AI seat)
 * took 106,120 bytes: the work then went to threads of the server's own. Keep large arrays
 * off these paths (on the heap), and the figures there current. */

/* The tables a process remembers having asked another process for (server.c). */
#define QV__ASKED 256

/* The most --trusted-proxy addresses (proxy.h). */
#define QV__PROXIES_MAX 16

/* The close reason of a player's channel whose session or account ended (chan_close below). */
#define QV__CHAN_ENDED "the session ended (signed out, a new password, or the account deleted)"

typedef struct qv__server_config {
	const char *host;                /* an IPv4 or IPv6 address to listen on ("::": both) */
	int port;                        /* 0: any free port */
	const char *db;                  /* SQLite file or PostgreSQL connection string */
	int db_timeout_ms;               /* PostgreSQL's statement timeout (0: the default) */
	int db_connections;              /* PostgreSQL's pool of each process (0: the default) */
	const char *web_dir;             /* served at /; NULL: none */
	const char *rules_dir;           /* docs/rules: served at /rules/<game>.md; NULL: none */
	const char *tutorials_dir;       /* tutorials: the lessons of /api/lessons; NULL: none */
	int max_sockets;                 /* open WebSockets before 503 */
	int max_sockets_per_address;     /* open WebSockets of one client address before 429 */
	int max_connections_per_address; /* connections of any kind of one address, refused at
	                                    accept past it */
	int threads;                     /* workers for AI seats and chance */
	int max_tables;                  /* tables not over before 503 */
	double waiting_ttl;    /* seconds a table may wait for its players before it is removed */
	int create_rate;       /* tables one client address may create per minute (429 past) */
	int address_tables;    /* tables not over one client address may have created */
	int address_ai_tables; /* of which with a searching seat (easy, medium, hard) */
	int review_iterations; /* the search of a decision in a game's review (0: the engine's) */
	const char *id_prefix; /* hex digits that begin the ids of tables made here (token.h) */
	double away_limit;     /* seconds a seat must be away and to move before a claim */
	double idle_limit;     /* seconds a table that plays without a running clock may stay
	                          without a connection or a change before it ends, abandoned */
	bool secure_cookies;   /* the Secure flag on the cookies (player.h): behind HTTPS */
	double challenge_ttl;  /* seconds a challenge waits for its answer (players/challenges.h) */
	/* Reverse proxies whose connections carry their client's address by the PROXY protocol
	 * v2 (proxy.h): IPv4 or IPv6 text, checked by the caller. */
	const char *trusted_proxies[QV__PROXIES_MAX];
	int ntrusted_proxies;
} qv__server_config;

/* The defaults of the limits above (docs/server.md says why these values); a config that
 * leaves one at 0 gets its default. */
#define QV__MAX_SOCKETS 10000
/* Connections (HTTP and WebSocket alike) of one client address before the next is refused at
 * accept (--max-connections-per-address). */
#define QV__CONNECTIONS_PER_ADDRESS 64
#define QV__WAITING_TTL             3600
#define QV__CREATE_RATE             20
#define QV__ADDRESS_TABLES          20
#define QV__ADDRESS_AI_TABLES       4
#define QV__AWAY_LIMIT              300
#define QV__IDLE_LIMIT              86400
#define QV__CHALLENGE_TTL           600

/* The limits a server starts from (`quiver serve`'s before its options), as designated
 * initializers of a qv__server_config: host, port, the database and the sockets an address
 * may open are the caller's. */
#define QV__SERVER_LIMITS                                                                          \
	.max_sockets = QV__MAX_SOCKETS, .threads = 2, .max_tables = 1000,                          \
	.waiting_ttl = QV__WAITING_TTL, .create_rate = QV__CREATE_RATE,                            \
	.address_tables = QV__ADDRESS_TABLES, .address_ai_tables = QV__ADDRESS_AI_TABLES,          \
	.away_limit = QV__AWAY_LIMIT, .idle_limit = QV__IDLE_LIMIT,                                \
	.challenge_ttl = QV__CHALLENGE_TTL

/* The most variants (documents sent by clients, not the built-in sets) that the tables not
 * over of one client address may play at once: each takes one of the registry's slots for
 * clients (QV_VARIANT_SHARED_MAX) until the last table playing it ends, so that a few
 * addresses cannot fill them (13 addresses filled 255 in 0.5 s). Three is a designer trying a
 * variant against two others. */
#define QV__ADDRESS_VARIANTS 3

/* A client address's allowance of new tables (a token bucket of create_rate per minute). */
typedef struct qv__rate {
	char addr[48];
	double tokens, at;
} qv__rate;

/* Client addresses whose allowance is kept; when all are in use, the longest unused is
 * reused (it has the most tokens back). */
#define QV__RATE_SLOTS 4096

typedef struct qv__server {
	qv__server_config cfg;
	char host[64], db[1024], web_dir[1024], rules_dir[1024], tutorials_dir[1024];
	/* The site's secret (players/player.h), read from the store by listen.c before the
	 * network starts: it signs player keys and device cookies. */
	unsigned char secret[QV__SECRET_BYTES];
	char db_name[1024];  /* db as the log names it (a connection string's password hidden) */
	struct qv__net *net; /* the loop and its workers (net.c) */
	qv__store *store;
	qv__flight *flight;       /* what is in flight, for the crash-loop guard (NULL: none) */
	qv__pool *pool;           /* AI seats and chance events */
	qv__replay_gate *replays; /* how many replays run at once (replay.h) */
	uint64_t boot;            /* random, new at every start: in the lobby's ETags */
	double started;           /* when it started, in seconds since the epoch (/metrics) */
	qv__mutex reg_lock;       /* the registry; taken before any table's lock, never after */
	/* A table read back into the registry, or let go (server.c's read_back and
	 * qv__server_release): one at a time, taken before reg_lock. Under it, the last
	 * QV__ASKED tables this process asked another process to let go (a ring). */
	pthread_mutex_t taking;
	/* One sweep at a time, from its count to the frames that tell it: a late sweep's count
	 * never arrives after a newer one (qv__server_sweep). */
	pthread_mutex_t sweeping;
	char asked[QV__ASKED][QV__ID_LEN + 1];
	unsigned nasked;
	qv__table **tables;
	int ntables, cap;
	_Atomic double swept;       /* the last sweep (qv__server_sweep), in CLOCK_MONOTONIC s */
	qv__rate *rates;            /* QV__RATE_SLOTS of them, guarded by reg_lock */
	atomic_int sockets;         /* open WebSockets */
	pthread_mutex_t conns_lock; /* every WebSocket connection (ws.c), to count and to stop */
	struct qv__conn *conns;
	atomic_bool stopping;      /* the connections are to close (see qv__ws_stop_all) */
	pthread_mutex_t poke_lock; /* the connections poked for the loop (wsock.c) */
	struct qv__conn *poked;
	_Atomic double trimmed; /* memory last given back (maybe_trim), in CLOCK_MONOTONIC s */

	/* The timer thread that fires the clocks' timeouts (server.c): it sleeps on timer_cond
	 * until the earliest deadline of any table, or until a change pokes it. */
	pthread_t timer;
	bool timer_running;
	pthread_mutex_t timer_lock;
	pthread_cond_t timer_cond;
	bool timer_stop, timer_poked; /* under timer_lock */
	double timer_next;            /* when it wakes next (epoch s, 0: no deadline) */
	int port;

	/* Tells t's connections of a change, and its players' channels what concerns them:
	 * ws/channel.c's, handed over by listen.c (qv__server_open). */
	void (*broadcast)(struct qv__server *srv, qv__table *t);
	/* The players' channels (ws/channel.c; set by listen.c), and how a channel's socket leaves
	 * them (ws/channel.c's, so that wsock.c never calls back the file that calls it): true when
	 * it was on the list, whose reference the caller then drops. */
	struct qv__chans *chans;
	/* The sign-in failures counted per address and username (throttle.h). */
	struct qv__throttle *throttle;
	/* The password gate (pwgate.h): listen.c's, started with the network and stopped before
	 * it. */
	struct qv__pwgate *pwgate;
	/* Closes the players' channels of an account's session that ended (ws/channel.h's
	 * qv__chan_close; QV__CHAN_ENDED is their close reason), set by listen.c: the account
	 * routes call it without calling ws/channel.c. */
	void (*chan_close)(struct qv__server *srv, long long account, const char *session,
	                   const char *why);
	/* Tells every channel of an account (on this process and, on a site, the others) frame,
	 * the account's own news (ws/channel.h's qv__chan_tell_account, set by listen.c; NULL:
	 * nobody told): a challenge, a mute, told by the players' routes without calling
	 * ws/channel.c. */
	void (*chan_tell)(struct qv__server *srv, long long account, json_t *frame);
	/* The accounts with a channel open on this process, each once, into out (at most max);
	 * how many (ws/channel.h's qv__chan_accounts, set by listen.c; NULL: none). */
	int (*chan_accounts)(struct qv__server *srv, long long *out, int max);
	/* The thread that runs this process's tournaments (players/director.h; NULL: none), started
	 * by listen.c. */
	struct qv__director *director;
	/* What this process hears from the others on PostgreSQL (cluster.h; NULL: none). */
	struct qv__cluster *cluster;
	/* The operator's tools' side (admin.h): the bans, the audit's lines done; set by listen.c
	 * before the network starts (NULL: none, a server without a network). */
	struct qv__admin *admin;
	/* Closes the sockets of banned addresses (wsock.h's qv__ws_close_banned), set by listen.c:
	 * admin.c calls it without calling wsock.c. */
	void (*close_banned)(struct qv__server *srv);
	/* What the process counts of its work, for GET /metrics (metrics.h). */
	struct qv__metrics *metrics;
	/* The reviews of finished tables being made and made (reviews.h). */
	struct qv__reviews *reviews;
	bool (*chan_gone)(struct qv__conn *c);
	/* Tells the channels of t's other people that a person took seat `seat` (ws/channel.c's,
	 * set by listen.c, so that the API's file never calls back the messages'). */
	void (*joined)(struct qv__server *srv, qv__table *t, int seat);
	/* Handles a WebSocket's whole message on a worker (ws.c's, set by listen.c, so that the
	 * socket's file, wsock.c, never calls the messages' back); false closes the socket. */
	bool (*ws_message)(struct qv__conn *c, const char *text, size_t len);
	/* On the loop, before a whole message goes to the inbox: whether it is a ping, which is
	 * then answered at once (ws.c's, set by listen.c), so that a page hears its pong while an
	 * act before it waits for the database. A ping answered so goes to no worker
	 * (QV__PONG_DONE), unless one is to check a device's session at it (QV__PONG_ANSWERED),
	 * which does not answer it again. */
	qv__pong (*ws_pong)(struct qv__conn *c, const char *text, size_t len);
	/* Tells t's connections its count of spectators, n (ws.c's, set by listen.c; NULL: not
	 * told). A small frame of its own, as lila-ws's "crowd": a count that
	 * changes with every spectator who comes or goes is no reason to send each connection
	 * its whole view (a seat's, with every legal action's preview, is large). */
	void (*crowd)(qv__table *t, int n);
	/* Before a clock's timeout that may make a zombie of a seat: qv__server_zombie_room
	 * (counts.c's, set by listen.c, so that the timer never calls the file that counts the
	 * server's tables back; NULL: the zombie plays `medium`). */
	bool (*zombie_room)(struct qv__server *srv, qv__table *t);
} qv__server;

/* Opens the database, rebuilds every unfinished table and starts the workers (listen.c then
 * starts the network layer in front). broadcast tells a table's connections and its people's
 * channels (chans, which the caller frees after qv__server_close) of a change; it is called on
 * any thread, with no lock held. The message says what failed. */
qv_status qv__server_open(qv__server **out, const qv__server_config *cfg,
                          void (*broadcast)(struct qv__server *srv, qv__table *t),
                          struct qv__chans *chans, qv_err *err);
/* Stops the workers (running searches finish), drops the tables, closes the database, frees;
 * after the network layer stopped. */
void qv__server_close(qv__server *srv);

/* ---- for http.c, ws.c, files.c and lessons.c ---- */

/* A request or WebSocket message begins (+1) or ends (-1): counted in the flight recorder, so
 * that a process that dies while handling one never has its death counted against a table's
 * AI search (the crash-loop guard, server.c). */
void qv__server_busy(qv__server *srv, int delta);

/* Why qv__server_find gave no table (net/reply.h answers each: qv__reply_missing). */
typedef enum qv__missing {
	QV__NONE,      /* there is no table of this id: 404 */
	QV__ELSEWHERE, /* another process plays it, asked to let it go: 503, again in a second */
	QV__UNREACHED, /* the database did not answer (slow or gone): 503, again in a few seconds */
} qv__missing;

/* The table with this id, with a reference the caller drops with qv__table_unref; read back
 * from the database when it is not in memory; NULL with *why saying why (why may be NULL):
 * there is none, another process plays it (PostgreSQL, store.h: that process is asked to let
 * it go, cluster.h), or the database did not answer. Only a table that is not there reads as
 * none: a slow database never tells a player that their game does not exist. */
qv__table *qv__server_find(qv__server *srv, const char *id, qv__missing *why);
/* Takes table id out of the registry and lets the database know this process no longer holds
 * it (its writes fail from then on): the table with the registry's reference, which the caller
 * drops once it told the table's connections (cluster.c), or NULL when it was not in memory. */
qv__table *qv__server_release(qv__server *srv, const char *id);
/* qv__server_find for a table no process holds, taken without asking anyone: NULL when
 * another process took it first. */
qv__table *qv__server_adopt(qv__server *srv, const char *id);

/* Removes the waiting tables older than --waiting-expiry from the registry and the database,
 * telling their viewers why, and tells the viewers of every table whose spectators came or went
 * since the last sweep their new count (qv__table_spectators_locked); does nothing if it ran
 * less than a second ago (a check without a lock). Called by the requests that look tables up and
 * by every WebSocket's loop, so a page left alone on a waiting table hears of its expiry within
 * about a second. Takes reg_lock and table locks: the caller holds none. */
void qv__server_sweep(qv__server *srv);

/* The table with this id if it is in memory (with a reference), else NULL: never read back
 * from the database. */
qv__table *qv__server_find_resident(qv__server *srv, const char *id);
/* Whether client address addr may open the table `request` asks for: fewer than max_tables
 * are not over (else 503), and the address is within create_rate, address_tables and, for a
 * table with a searching seat, address_ai_tables (else 429). Counts the creation against the
 * address's rate when it may. *status is the HTTP status of a refusal; the message names the
 * limit. Waiting tables past waiting_ttl are removed first. */
qv_status qv__server_room(qv__server *srv, const char *addr, const json_t *request, int *status,
                          qv_err *err);

/* Counts a creation other than a table's against the address's create_rate, as a table is
 * counted (QV_ESTATE, HTTP 429, when over it). A record with a variant's document sent to POST
 * /api/replay registers that variant for the time of its replay, as a new table does for its
 * life, so that one client cannot churn the registry of variants at the speed of its uploads;
 * a sign-up makes an account and costs an Argon2 hash, so that one client cannot fill the
 * database with accounts. */
qv_status qv__server_creation_rate(qv__server *srv, const char *addr, qv_err *err);
/* What qv__server_count finds of the tables not over: the server's, the address's, its
 * network's (addr's /24 or /48), and the address's with a searching seat. */
typedef struct qv__holding {
	int open, mine, network, mine_ai;
} qv__holding;
/* The tables not over as *h holds them for addr (of network net, or NULL not to count the
 * network's), counts.c; the caller holds reg_lock. site and site_ai: the address's on every
 * process of the site (qv__store_open_by), or site -1 on one process. */
void qv__server_count(qv__server *srv, const char *addr, const char *net, int site, int site_ai,
                      qv__holding *h);
/* The same allowance (create_rate a minute) kept for an account rather than an address, for what
 * one account sends others (a challenge, a tournament): `what` names it in the refusal
 * (QV_ESTATE, HTTP 429). The account's allowance shares the addresses' bounded table. */
qv_status qv__server_account_rate(qv__server *srv, long long account, const char *what,
                                  qv_err *err);
/* The tables not over that addr created with a searching seat (a zombie's included), as
 * qv__server_room counts them against --address-ai-tables (counts.c). */
int qv__server_ai_tables(qv__server *srv, const char *addr);
/* Before an act that may make a zombie of table t's seat (a resignation, a claim, a timeout):
 * whether that zombie may search (qv__table_zombie_search, set on t): yes when t counts already
 * as a table with searching seats, or its creator's such tables and reviews are under
 * --address-ai-tables; past it the zombie plays `beginner`, no search. */
bool qv__server_zombie_room(qv__server *srv, qv__table *t);
/* qv__server_find for a new WebSocket: the table counts the socket (t->greeting) from the
 * moment it is found, so a finished table read back from the database stays in memory for
 * it (every socket of a table shares one copy); the socket's end takes the count back. */
qv__table *qv__server_find_for_socket(qv__server *srv, const char *id, qv__missing *why);
/* Adds a new table to the registry. */
qv_status qv__server_add(qv__server *srv, qv__table *t, qv_err *err);
/* qv__server_add for a table a client has just created and saved: refused (QV_ESTATE, *status
 * 429, the message naming the limit) when it plays a variant that the other tables not over of
 * its address (t->owner) do not, and they play QV__ADDRESS_VARIANTS already; the table is
 * then deleted from the store. *status is 503 when memory runs out. */
qv_status qv__server_add_new(qv__server *srv, qv__table *t, int *status, qv_err *err);
/* After a table changed: tells its connections, queues its AI seats or chance, wakes the
 * timer when the table's clocks run out sooner than it meant to wake, and lets a finished
 * table without connections leave memory. */
void qv__server_changed(qv__server *srv, qv__table *t);
/* This process among the processes of a shared database (cluster.h, lobby.c, ws/channel.c): its
 * start's random in 16 hex digits, into out. */
static inline void qv__server_origin(const qv__server *srv, char out[17])
{
	snprintf(out, 17, "%016llx", (unsigned long long)srv->boot);
}
/* The tables GET /api/tables lists (qv__table_listed_locked, as the table's last change left
 * it: qv__table_seen), or every table in the registry (all), each with a reference (caller
 * drops them and frees the array). Every walk of the registry under reg_lock reads its tables
 * through qv__table_seen, never waiting for a table's lock: a change holds it while the store
 * writes it, up to --db-timeout. */
int qv__server_list(qv__server *srv, qv__table ***out, bool all);

void qv__table_ref(qv__table *t);
void qv__table_unref(qv__table *t);

#endif
