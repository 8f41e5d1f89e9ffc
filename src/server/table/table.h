/*
 * table.h - a table of `quiver serve`: one game in progress, its seats and its version, with
 * every rule of the server's API that does not need a socket. Internal to the server.
 *
 * A table owns a qv_match behind its mutex (one actor per game). Its version `v` grows by the
 * number of history entries every change adds (a decision, an AI's choice or a chance outcome,
 * with the automatic moves after it) and by one for an undo; a client acts on the version it
 * last heard of, so an act based on an outdated picture is refused. Seats are "human" or a
 * level (easy, medium, hard, random, greedy); a human seat is claimed with a token, of which
 * the table keeps only the hash. Every change is committed to the store before the function
 * that made it returns, so callers tell clients only what is saved.
 *
 * The table is a conductor, as lichess's round is: table.c keeps the lock, the version, and
 * the primitives every change is built from (each change a transaction: change.h, a draft of
 * the table saved and then published, so that a refusal of the store leaves the table as it
 * was), and hands each negotiation to a module of
 * its own, with its own state, transitions and JSON, that knows nothing of the table and never
 * calls back into it: the seats, people and invites (seats.h), commitments ahead of a turn
 * (commitments.h), offers such as a takeback (offer.h), leaving (leave.h), the rematch
 * (rematch.h), chat (chat.h), clocks (clock.h) and the marks a takeback sets them back to
 * (marks.h), and each viewer's log (log.h); a new table's request is read by tablespec.h. The
 * acts that change a table (acts.c) and the frames and fetches that only read one (feed.c) are
 * a floor above table.c, which never calls them; they are declared here with the rest so that
 * every caller includes one header, and they change a table only through a change (change.h).
 *
 * Locking: functions ending in _locked expect the caller to hold t->lock (qv__table_lock);
 * the others take it themselves. The search of an AI seat runs without the lock. The table
 * knows which thread holds its lock (games/mutex.h), and every _locked function, and every
 * other whose comment says the caller holds the lock (a change, change.h; the AI and chance
 * steps in acts.c), asserts that it is the caller's (QV__TABLE_HELD), in every build: the
 * invariant is checked where it is relied on, as SQLite's sqlite3_mutex_held asserts are
 * (tests/server/test_table_lock.c). A table being created or restored is built under its lock
 * too.
 */
#ifndef QUIVER_SERVER_TABLE_TABLE_H
#define QUIVER_SERVER_TABLE_TABLE_H

#include <pthread.h>
#include <stdatomic.h>

#include <jansson.h>

#include "engine/feed/frame.h"
#include "games/mutex.h"
#include "quiver/agent.h"
#include "quiver/match.h"
#include "quiver/variant.h"
#include "server/base/token.h"
#include "server/store/store.h"
#include "server/table/chat.h"
#include "server/table/clock.h"
#include "server/table/marks.h"
#include "server/table/offer.h"
#include "server/table/rematch.h"
#include "server/table/seats.h"

enum { QV__WAITING, QV__PLAYING, QV__OVER };

/* Bytes of an operator's reason for ending a table, with its NUL (200 characters of UTF-8). */
#define QV__ENDED_WHY 801

/* What an act changes and the store keeps: the table's value. An act builds the next value
 * apart (change.h) and publishes it with one assignment (t->value = the draft's); a field
 * added here is published with the rest, and nothing lists the fields by hand. Its members are
 * also reached by name (t->v) through QV__GROUP. */
typedef struct qv__table_value qv__table_value;

/* What a table is made with and no act changes: what it is, its game and its settings. A
 * draft shares it (one assignment), read only. */
typedef struct qv__table_ident qv__table_ident;

typedef struct qv__table {
	/* ---- the shell: what lives with this process, never copied into a draft ---- */
	qv__mutex lock; /* knows its holder (qv__table_held) */
	/* A change's draft: the live table whose lock its owner holds (the draft's own shell is
	 * zero: change.h); NULL for a live table. */
	const struct qv__table *live;
	/* The seats, nseats of them: in the table's own allocation, after the struct (table_new),
	 * so that a table of two holds two; a change's draft points at its own copies (change.h).
	 */
	qv__seat *seat;
	long long iv; /* grows with everything a client hears of (v, seats claimed, online) */
	/* A person who leaves now is played by `beginner`, not `medium` (leave.h): the owner's
	 * tables with searching seats are at its cap (the server sets it: qv__server_zombie_room).
	 */
	bool zombie_cheap;
	/* Each viewer's log and what makes a connection need it whole again: takebacks, and
	 * the chat lines hidden (its cuts) (engine/feed/frame.h). */
	qv__feed feed;
	_Atomic double deadline; /* epoch s when the first running clock runs out, 0: none (read
	                            by the server's timer without the lock) */
	_Atomic double idle_at;  /* epoch s when the server's timer looks next, 0: the rule does
	                            not apply now (read by the timer without the lock) */
	int spectators;          /* connections that said hello without a seat (info: spectators) */
	bool spectators_moved;   /* one came or went since the last sweep (qv__table_spectators) */
	/* What the players' channels were told (ws/channel.c, under lock): the seats told it is
	 * their turn, and those told this turn that their days-per-move clock runs low. */
	unsigned told_turn, told_low;
	bool told_playing;     /* a channel's broadcast saw it play: its end is news */
	_Atomic double low_at; /* epoch s when a running days clock falls under ws/channel.c's
	                          limit, 0: none (read by the server's timer without the lock) */
	/* epoch s before which the server makes no step of its own (an AI seat's, chance's)
	 * because the store refused the last one: it is tried again then (server.c's timer);
	 * 0: none. Read by the timer without the lock. */
	_Atomic double step_at;

	/* Read back from the database while not over without asking another process for it,
	 * and not of this process's own ids (--id-prefix; server.c): taken in the place of a
	 * process that died, or from before a restart; let go
	 * when a process of the site comes back (cluster.c), so that HAProxy's hashing returns it
	 * to its own. Set before the registry holds it. */
	bool moved_in;

	/* Let go by this process (qv__server_release), under the lock: a socket admitted before
	 * and saying hello after is told to connect again (ws.c), not put on a table that is no
	 * longer the registry's and that hears nothing more; and no change of this copy is written
	 * any more (qv__change_commit), an AI step of it under way ending without a write. */
	bool released;

	/* Owned by the server, guarded by lock. */
	atomic_int refs;
	bool queued; /* waiting in or running on the worker pool */
	/* Sockets opened to it that have not said hello or closed: it stays. Counted up under the
	 * registry's lock alone (server.c's found), down under the table's lock. */
	atomic_int greeting;
	void *conns; /* the server's connections to this table */

	/* What the server's registry reads of it without its lock (qv__table_seen): written by
	 * every unlock of the table, so that counting, listing and the metrics read the table as
	 * its last change left it, never waiting for a change that holds the lock while the store
	 * writes it (with the database frozen, every creation waited behind a count that waited for
	 * busy tables one after the other, past 20 s). Before, the registry refreshed it only when
	 * it found the lock free: a table busy at the count was read as it was long before, and a
	 * zombie that searched went uncounted (hostile/ai_share). A qv__table_seen, packed. */
	atomic_uint seen;

	/* ---- what it is (qv__table_ident): set when it is made or read back ---- */
	/* The members of a group, one a line: */
	/* clang-format off */
	QV__GROUP(qv__table_ident, ident,
		char id[QV__ID_LEN + 1];
		const qv_game *game;
		int nseats;
		bool private_;
		bool no_takebacks; /* created with "takebacks": false: no takeback is asked or made */
		bool rated;        /* created with "rated": true: its end rates its accounts (rated.h) */
		double created;    /* seconds since the epoch */
		char owner[48];    /* the client address that created it ("" when unknown) */
		bool searches;     /* a seat is played by a search (easy, medium or hard) */
		json_t *params;    /* every parameter, as in records */
		/* The components played with (a built-in set or a loaded variant, which the table's
		 * match holds as long as the table lives); NULL for a game without components. */
		const qv_variant *variant;
		qv__store *store; /* NULL: nothing is saved (unit tests) */
		/* Idleness (see qv__table_idle): a table that plays, without a clock that runs, at
		 * which nobody is connected and nothing happened for idle_limit seconds ends as
		 * abandoned. Set by the server that holds it. */
		double idle_limit; /* seconds; 0: never (a table outside a server's registry) */
		double away_limit; /* the server's --away-limit, seconds, which info shows; 0 (info:
		                      null) for a table outside a server's registry */
	);

	/* ---- the value (qv__table_value): what an act changes and the store keeps ---- */
	QV__GROUP(qv__table_value, value,
		/* The game; a draft owns a copy (change.h) or reads the live table's. */
		qv_match *m;
		int status;          /* QV__WAITING, QV__PLAYING, QV__OVER */
		long long v;         /* the game's version */
		char stuck[256];     /* set when an AI seat failed: the table stops playing itself */
		qv__offer offer;     /* an offer waiting for answers (offer.by < 0: none; people:
		                        offer) */
		qv__chat chat;       /* what was said at the table (people: chat) */
		qv__rematch rematch; /* a rematch asked for once the game is over (people: rematch) */
		qv__clock clock;     /* the seats' clocks (clock.h) */
		qv__clock_mark *marks; /* the clocks before each recent change, oldest first
		                          (marks.h; people: marks); NULL until the first, and at a
		                          table without a clock */
		int nmarks;
		double active;     /* epoch s of the last change, or when the last connection left
		                      (people: active) */
		char unrated[200]; /* why the end of a rated table rated nobody, or only its new
		                      accounts (farming), which info says; foretold from the
		                      moment its seats are all taken (qv__table_foretell_locked),
		                      decided at its end; "" */
		char ended[16];    /* "abandoned": the table is over, without a result (people:
		                      ended); "aborted" (no result either: abort) or "drawn" (every
		                      seat ranked first: a draw agreed), "closed" (no result: the
		                      site's operator ended it, quiver admin end); "" otherwise */
		char ended_why[QV__ENDED_WHY]; /* the operator's reason of "closed" (people and
		                                  info: ended_why); "" */
		/* The random stream of each seat the server plays (an AI seat, or a person's once
		 * a zombie plays it): its agent draws from it in a search (acts.c), and the stream
		 * as the search left it is published with the move the search chose, so that a
		 * step not made (out of memory, refused by the store) draws the same again. From
		 * the table's seed, as the agents' own; not kept by the store (a restart starts
		 * them again, as it starts the agents). */
		qv_rng rng[QV_MAX_PLAYERS];
	);
	/* clang-format on */
} qv__table;

/* Whether the calling thread holds t's lock (a draft reads as held by the thread that holds
 * its live table's lock, change.h). */
static inline bool qv__table_held(const qv__table *t)
{
	return qv__mutex_held(&(t->live ? t->live : t)->lock);
}

/* The seats whose shell (agents, connections) is t's: a draft's live table's, since a draft's
 * own seats hold only what they are and who claimed them (change.h). */
static inline const qv__seat *qv__table_shell_seats(const qv__table *t)
{
	return t->live ? t->live->seat : t->seat;
}

/* Searches an AI step may begin on a table before it is stopped: a table found at start-up
 * with this many searches begun and none ended (the process died during each) is stopped
 * rather than searched again, so that a search that kills the process cannot do it at every
 * restart. */
#define QV__AI_TRIES 2

/* Creates a table from a client's request {"game", "params", "seats", "private"} and saves
 * it, with the address of the client that asked (owner, may be ""). A seat is a level,
 * "human" (open: anyone may join it) or "invite" (only the holder of its code may); "private"
 * defaults to true. QV_EINVAL names the bad field and what is accepted; QV_EIO when it cannot
 * be saved. */
qv_status qv__table_create(qv__table **out, qv__store *store, const json_t *request,
                           const char *owner, qv_err *err);

/* qv__table_create that also writes each invite seat's code (128 random bits, as a token;
 * the table keeps only its hash, in its people). */
qv_status qv__table_create_invites(qv__table **out, qv__store *store, const json_t *request,
                                   const char *owner, qv__invites *invites, qv_err *err);

/* Whether GET /api/tables lists the table: not over, and a free open seat, or playing and not
 * private. */
bool qv__table_listed_locked(qv__table *t);

/* Rebuilds a table saved in the store by replaying its actions. A table saved with
 * QV__AI_TRIES searches begun and not ended is stopped (and saved so). */
qv_status qv__table_restore(qv__table **out, qv__store *store, const qv__stored_table *saved,
                            qv_err *err);

/* Frees the table and its agents (no lock may be held on it, no thread may use it). */
void qv__table_free(qv__table *t);

void qv__table_lock(qv__table *t);
/* t's lock taken when it is free; false, at once, when another thread (or this one) holds it. */
bool qv__table_trylock(qv__table *t);
/* The check that the calling thread holds t's lock (qv__table_held), in every build. */
#define QV__TABLE_HELD(t) QV__HELD(qv__table_held(t))
/* Lets t's lock go, first writing what the registry sees of t (qv__table_seen) as it is now. */
void qv__table_unlock(qv__table *t);

/* What the registry sees of a table: as the last unlock left it, read without its lock. */
struct qv__table_seen {
	int status;     /* QV__WAITING, QV__PLAYING, QV__OVER */
	bool listed;    /* qv__table_listed_locked */
	bool searching; /* a seat searches (qv__table_searches_locked), not stuck */
};
struct qv__table_seen qv__table_seen(const qv__table *t);

/* Claims seat `seat` ("p2"), or the first unclaimed human seat when seat is NULL, and writes a
 * new token (shown once). QV_EINVAL: no such seat, or not a human one; QV_ESTATE: claimed,
 * no free seat, or the game is over. */
qv_status qv__table_join(qv__table *t, const char *seat, int *seat_out,
                         char token[QV__TOKEN_LEN + 1], qv_err *err);

/* qv__table_join with an invite code and a name. *forbidden is set when the refusal is an
 * invite seat joined without its right code (HTTP 403); a claimed seat is QV_ESTATE (so a
 * code works once), a bad name QV_EINVAL naming the rule. Codes are compared in constant
 * time. */
qv_status qv__table_join_as(qv__table *t, const qv__join *req, int *seat_out,
                            char token[QV__TOKEN_LEN + 1], bool *forbidden, qv_err *err);

/* The seat whose token this is, or -1. Every seat's hash is compared, in constant time. */
int qv__table_auth(qv__table *t, const char *token, size_t len);

/* qv__table_auth, and when the token is a device's (qv__table_device_join), the hash of the
 * session it was given to into session ("" for the seat's own token). */
int qv__table_auth_device(qv__table *t, const char *token, size_t len,
                          char session[QV__HASH_LEN + 1]);

/* Who holds seat p (0-based) of a person: the account it belongs to (0: none) and the hash of
 * the player key that took it ("": none) into player; false when p is not a claimed person's
 * seat. */
bool qv__table_seat_holder(qv__table *t, int p, long long *account, char player[QV__HASH_LEN + 1]);

/* Writes a new token of seat p for a device of account `account`, kept with the hash of its
 * session (`session`) until another of the account's sessions takes its place (seats.h's
 * QV__DEVICES): when the seat is the account's, or, at a table that is not rated, when it has
 * no account and was taken with the player key `linked` (a key linked to the account: the
 * seat then becomes the account's), over or not (a finished game's result, review and rematch
 * are the seat's on every device). QV_ESTATE otherwise (the seat is someone else's, or the
 * table stopped while it played); the seat's own token stays as it was. */
qv_status qv__table_device_join(qv__table *t, int p, long long account, const char *linked,
                                const char *session, char token[QV__TOKEN_LEN + 1], qv_err *err);

/* ---- a seat's decisions and takebacks (acts.c, and takeback.c for a takeback's work) ---- */

/* The seat's decision `action` (notation) on version v. QV_ESTATE: waiting, over, stale
 * version, not the seat's turn; QV_EINVAL: malformed; QV_EILLEGAL: against the rules;
 * QV_EIO: could not be saved (nothing changed). */
qv_status qv__table_act(qv__table *t, int seat, long long v, const char *action, qv_err *err);

/* What the seat's action `action` (notation) would do, on version v, as the seat may know it
 * (qv_match_what), into text (QV_NOTE_TEXT bytes is room enough). The checks and errors of
 * qv__table_act; nothing changes. */
qv_status qv__table_what(qv__table *t, int seat, long long v, const char *action, char *text,
                         size_t len, qv_err *err);

/* The seat's takeback of its last decision and everything after it, on version v (the
 * `takeback` frame, and `undo`, its old name). The engine decides what it reaches and whether
 * any agreement could allow it (qv_match_takeback: never across a chance outcome or a reveal;
 * QV_ESTATE with the reason). A commitment made ahead of the seat's turn is withdrawn at once.
 * With no other person's decision among what goes back, it is done at once (the policy of
 * `quiver play`); otherwise it becomes a request (t->offer, info's "offer") that each of those
 * people answers (qv__table_answer). Decided and done under the table's
 * lock, as the pool's AI and chance steps are, so the answer depends only on the history; an
 * AI search that began before it is dropped (the version moved on). */
qv_status qv__table_undo(qv__table *t, int seat, long long v, qv_err *err);

/* A seat's answer to the offer on version v (a takeback request or a draw offer): a refusal
 * clears it; the last acceptance carries it out. QV_ESTATE when there is no request, the seat is
 * not asked or has answered, or the version is stale. Any new move at the table clears a request
 * too. */
qv_status qv__table_answer(qv__table *t, int seat, long long v, bool accept, qv_err *err);

/* ---- the operator's acts (acts_admin.c; quiver admin, admin.h) ---- */

/* Ends the table now, over with no result ("ended": "closed", "ended_why": reason, which its
 * people see), saved before anyone hears of it: a waiting or a playing table; QV_ESTATE at a
 * table over already. */
qv_status qv__table_close(qv__table *t, const char *reason, qv_err *err);

/* Removes chat line number `line` (chat.h) from what the table keeps and sends (snapshots), and
 * makes every connection's next frame a snapshot, whose chat is without it; QV_ESTATE when the
 * table keeps no line of that number. */
qv_status qv__table_hide_chat(qv__table *t, long long line, qv_err *err);

/* ---- abort, draws and more time (acts.c) ---- */

/* Seat `seat` aborts the game on version v: it ends over with no result ("ended": "aborted"),
 * saved before anyone hears of it. Only while some person's seat (one that has not left) has
 * made no decision yet, played or committed; QV_ESTATE otherwise ("too late to abort"), at a
 * table not playing, from a seat that left, or on a stale version. */
qv_status qv__table_abort(qv__table *t, int seat, long long v, qv_err *err);

/* Seat `seat` offers a draw on version v to the other player (t->offer, kind draw), which
 * answers with qv__table_answer; its acceptance ends the game with every seat ranked first
 * ("ended": "drawn"). Only at a table of two people: QV_ESTATE at three or more seats, against
 * an AI seat (the computer takes no draw offers), while another offer waits, and as
 * qv__table_abort refuses. The offer lapses when the seat asked decides (qv__offer_lapses). */
qv_status qv__table_draw(qv__table *t, int seat, long long v, qv_err *err);

/* Seat `seat` gives seat `to` ("p2") QV__MORE_TIME_MS more on its clock, on version v, saved
 * with the people (no new version). QV_EINVAL: not a seat, or the giver's own; QV_ESTATE: a
 * table without a clock, an AI seat or one that left, a table not playing, a stale version. */
#define QV__MORE_TIME_MS 15000
qv_status qv__table_more_time(qv__table *t, int seat, long long v, const char *to, qv_err *err);

/* ---- the clocks kept, who may act (acts_people.c; table.c) ---- */

/* Saves what the table keeps of its people, its clocks brought up to now, as a change of its
 * own (the server's timer and the cluster's saves of running clocks). QV_EIO or QV_ENOMEM
 * when it could not be saved, and then nothing changed. */
qv_status qv__table_keep_clocks_locked(qv__table *t, qv_err *err);

/* The seats that may act now (bit p for seat p): the player to move and, in a simultaneous
 * secret step, every other seat of it that has not chosen (qv_match_acting); 0 unless the
 * table is playing. What info's "to_move" lists, and whose clocks run. */
unsigned qv__table_acting_locked(qv__table *t);

/* ---- the primitives of a change (table.c), for acts.c ---- */

/* The status that follows from the match and the seats (QV__OVER also for a table the server
 * ended idle). */
int qv__table_status_of_locked(const qv__table *t);

/* The seats whose clocks run now: the people's seats that may act and have not left (a
 * zombie's decisions are the server's, on no clock). */
unsigned qv__table_clock_mask_locked(qv__table *t);

/* Brings the clocks up to the table as it is now, and the deadline the server's timer reads.
 * The seats in `decided` made a decision now (for Fischer's increment); so did every seat whose
 * clock stopped on a commitment that is no longer pending (the step was played: a withdrawal
 * or a takeback clears clock.held first, and earns nothing). Done before every save, so that
 * the clocks are saved with every change. */
void qv__table_clock_sync_locked(qv__table *t, unsigned decided);

/* Sets the deadlines the server's timer reads without the lock (a clock's, idleness) from the
 * table as it is now: after a change is published. */
void qv__table_deadlines_locked(qv__table *t);

/* The clocks before a change that adds history entries from the current end on, into *mark;
 * false at a table without a clock, which keeps none. */
bool qv__table_clock_mark_locked(const qv__table *t, qv__clock_mark *mark);

/* What a change saves (change.c): the people as the store keeps them (the clocks brought up to
 * now first, and the table's last activity set to now), as JSON text; the info of a table
 * over as the store keeps it; the notation of history entries [from, nhist) into moves and
 * texts (each strdup'ed); whether the end of a rated table is rated, with its result (rated.h).
 * NULL or QV_ENOMEM when out of memory. */
char *qv__table_people_text_locked(qv__table *t);
char *qv__table_stored_info_locked(qv__table *t);
qv_status qv__table_describe_locked(const qv__table *t, int from, qv__store_move *moves,
                                    char **texts, qv_err *err);
struct qv__store_result;
/* The rated result also sets t->unrated when the store finds the game farmed (rated.h), so
 * that the info written after it says why nobody was rated: t is a change's draft. */
bool qv__table_rated_result_locked(qv__table *t, struct qv__store_result *out);
/* What the end of a rated table that plays now will do to the ratings, told before its first
 * move: t->unrated set as the end would set it with the seats' accounts as they are ("" when
 * the game would be rated as usual); nothing at a table not rated, not playing, or without a
 * store. The end decides again (a pair's games or an account's age may change meanwhile). */
void qv__table_foretell_locked(qv__table *t, qv__store *store);

/* Whether a table may end idle now (qv__table_idle): it plays, no clock of it runs, and the
 * server has no step of its own to make there. */
bool qv__table_idle_applies_locked(qv__table *t);

/* Who the server plays now (qv__table_step): chance (QV_CHANCE), an AI seat or a zombie, or
 * QV__NOBODY. */
#define QV__NOBODY (-100)
int qv__table_server_turn_locked(qv__table *t);

/* ---- leaving (acts.c); zombies and the server's turn (table.c) ---- */

/* Times out every seat whose clock has run out (qv_match_leave, QV_LEFT_TIMEOUT: in a game of
 * two the other wins; with more the seat becomes a zombie the server plays), each saved
 * before it returns. Called by the server's timer when t->deadline has passed. Returns true
 * when the table changed. */
bool qv__table_timeout(qv__table *t);
/* Whether a person who leaves t from now on is played by a search (qv__table's zombie_cheap:
 * false past its owner's cap); the server sets it before an act that may make a zombie. */
void qv__table_zombie_search(qv__table *t, bool search);

/* Seat `by` claims that absent seat `seat` ("p2") has timed out, on version v: only at a table
 * without a clock, when that seat is a person's, has had no connection and been to move for
 * longer than `limit` seconds (the server's --away-limit). QV_EINVAL: a bad seat; QV_ESTATE:
 * any other refusal (the message says how long is left when it is too early). */
qv_status qv__table_claim(qv__table *t, int by, long long v, const char *seat, double limit,
                          qv_err *err);

/* The seat resigns on version v (QV_LEFT_RESIGNED): as a timeout, at once, for good. */
qv_status qv__table_resign(qv__table *t, int seat, long long v, qv_err *err);

/* The seat, which timed out in a game of three or more and is played by the server, comes
 * back (qv_match_return); QV_ESTATE when it is not such a seat. */
qv_status qv__table_return(qv__table *t, int seat, qv_err *err);

/* Whether seat p is played by the server for a person who left (timed out or resigned) a game
 * that goes on. */
bool qv__table_zombie_locked(const qv__table *t, int p);

/* Whether an AI seat or chance is to move at a table that is playing (the server's pool must
 * step it). */
bool qv__table_wants_step_locked(qv__table *t);

/* Whether the next step the server makes at the table is a chance draw (quick: no search). */
bool qv__table_wants_chance_locked(qv__table *t);

/* Whether the table's seats are played by a search: a level that searches (easy, medium,
 * hard), or a zombie (a person who left a game that goes on, played by `medium`). What
 * --address-ai-tables counts. */
bool qv__table_searches_locked(const qv__table *t);

/* ---- idleness (table.c) ---- */

/* Sets the table's idle limit (the server's --idle-limit, seconds; 0: never) and when the timer
 * should look at it. */
void qv__table_set_idle_limit_locked(qv__table *t, double limit);

/* Something happened at the table (a change, or a connection that closed): idleness counts
 * from now. */
void qv__table_touch_locked(qv__table *t);

/* The server's timer looks at the table when t->idle_at has passed: a table that plays, with no
 * clock running and no step of the server's due, at which no connection is open and nothing
 * happened for its idle limit, ends as over with "ended": "abandoned" and no result (a new
 * version, saved with its record before anyone hears of it). A table with a connection open is
 * looked at again later, and what it last did is saved now and then, so that a restart judges
 * it by a recent time. Returns true when the table ended. */
bool qv__table_idle(qv__table *t);

/* ---- the server's own steps (acts.c) ---- */

/* Stops the table playing itself after an AI or chance failure `why` (what: what failed),
 * saying why (info's "stopped"): a change like any act, saved first so that a restart does
 * not try again, then published. When the store refuses it (QV_EIO, QV_ESTATE) or out of
 * memory, the table is as it was, the refusal is logged and the server's step tried again a
 * second later (t->step_at). */
qv_status qv__table_stop_locked(qv__table *t, const char *what, const qv_err *why, qv_err *err);

/* Plays one AI decision or chance outcome if one is due. The search runs without the lock;
 * its choice is applied only if the table did not change meanwhile. Returns true when the
 * table changed. Out of memory, the table stays as it was and still wants the step; any other
 * failure stops the table (t->stuck says why). */
bool qv__table_step(qv__table *t);

/* ---- what viewers receive (the info: table.c; frames and looking back: feed.c) ---- */

/* The table's info: {"id", "game", "title", "params", "variant", "seats", "status", "v",
 * "private", "result", "to_move", "rematch"}, "stopped" (why) when the table stopped
 * playing itself, and "ended": "abandoned" (with a null result) when it ended idle. A seat is
 * {"seat", "kind", "claimed", "online", "name", "open"}; "variant" is {"name", "sha256",
 * "builtin"}, null for a game without components. */
json_t *qv__table_info_locked(qv__table *t);

/* The info with the table's "catalogue" too: the resolved components document (the variant's,
 * or the built-in set's; null for a game without components), which clients read once (the
 * info of GET /api/tables/ID, of the 201 of POST /api/tables and of a snapshot) rather than
 * with every update. Public: it is what is printed on the components. */
json_t *qv__table_info_full_locked(qv__table *t);

/* Stops a waiting table that has expired (the server removes it): its viewers hear why, and
 * nothing more can be done at it. */
void qv__table_expire_locked(qv__table *t, double ttl);

/* Counts a connection of a seat coming (+1) or going (-1); changes what clients hear. A
 * spectator's (seat QV_VIEW_PUBLIC) is only counted: see qv__table_spectators_locked. */
void qv__table_online_locked(qv__table *t, int seat, int delta);

/* Whether the game is playing and some person's seat (one that has not left) has made no
 * decision yet: when qv__table_abort would end it (info's `abortable`, so that a page offers
 * Abort exactly when the server takes it; the caller holds the table's lock). */
bool qv__table_abortable_locked(const qv__table *t);

/* Whether a spectator came or went since it was last asked, and then *n, the count to tell
 * now (the caller tells the table's connections, with a small frame of its own).
 * Called by the server's sweep, about once a second, so that spectators who come and go make
 * at most one such frame a second for everyone at the table, rather than one for every
 * connection each time (a thousand spectators would otherwise make a million frames as they
 * come). Info's `spectators` says the count at any time. */
bool qv__table_spectators_locked(qv__table *t, int *n);

/* What the frames of one broadcast share, kept by the broadcaster (zeroed before its first
 * frame, qv__frame_shared_free after its last) and used under the table's lock: the table's
 * info as an update carries it, and each viewer's view (for two connections of one seat, and
 * the spectators), each written once as text and copied into the frames that follow while the
 * table is as it was then (its info version, version and spectators; a broadcast frees it, so
 * the clocks' times in the info are never older than the broadcast). */
typedef struct qv__frame_shared {
	long long iv, v;
	int spectators;
	bool has_info;
	qv_buf info;
	bool has_view[QV_MAX_PLAYERS + 1]; /* per seat, then the public's */
	qv_buf view[QV_MAX_PLAYERS + 1];
} qv__frame_shared;

void qv__frame_shared_free(qv__frame_shared *s);

/* A frame for viewer (a seat or QV_VIEW_PUBLIC), appended to out as compact JSON text: a
 * "snapshot" (the whole log, and "seat") or an "update" (the log lines since *pos). An update
 * asked for after a takeback the connection has not heard of (or when lines it holds are gone)
 * is a snapshot instead, so that no client keeps a line that was taken back. The parts every
 * viewer sees are taken from shared when it has them, and kept there (NULL: nothing shared).
 * Updates *pos. False when out of memory, and then *pos and the logs are as they were and out
 * holds a part of the frame. */
bool qv__table_frame_text_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos,
                                 qv__frame_shared *shared, qv_buf *out);

/* The same frame read back as a tree (what tests and tools look into); NULL when out of
 * memory, and then *pos and the logs are as they were. */
json_t *qv__table_frame_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos);

/* Looking back during play: {"type": "history", "v", "line", "from", "to", "view"}, the
 * View JSON of viewer (without legal actions) right after the move that log line `line` tells,
 * whose lines are [from, to) of the viewer's log. The viewer's own view of that past position,
 * never anything it could not see then. `pos` says what the connection holds: a line it does
 * not hold is QV_EINVAL, a log it holds from before a takeback QV_ESTATE (a snapshot follows);
 * QV_ENOMEM. */
json_t *qv__table_history_locked(qv__table *t, int viewer, long long line, const qv__log_pos *pos,
                                 qv_err *err);

/* ---- chat (table.c) ---- */

/* The name of a seat as info and chat lines give it: the person's, else the seat's ("p2") for
 * a human seat, the level for an AI seat; "spectator" for QV_VIEW_PUBLIC. */
const char *qv__table_name_locked(const qv__table *t, int viewer);

/* Adds a chat line from viewer (a seat or QV_VIEW_PUBLIC), text already checked
 * (qv__text_clean), and saves it with the table's people; *line is the line's frame. QV_EIO
 * or QV_ENOMEM, and then nothing changed. */
qv_status qv__table_chat_locked(qv__table *t, int viewer, const char *text, json_t **line,
                                qv_err *err);

/* ---- rematch (acts.c; its frame, feed.c) ---- */

/* Seat `seat` asks for a rematch at a finished table. QV_ESTATE: not over, asked already, or
 * the rematch made. Until every person's seat has asked, the ask is saved and *out is NULL.
 * The last ask makes the rematch, under the table's lock from the ask to its record, so that
 * no other ask comes between: the new table from qv__rematch_request (same game, params and
 * privacy, every seat moved one place on), with every human seat claimed at once for the
 * person who moves there (names kept, but a guest's that name_check, when not NULL, refuses
 * now: the person plays on under the seat's name), built in memory and saved with its seats
 * in one transaction of the store, or not at all; then the ask and the new table are recorded
 * here (saved). tokens[p] is the new token of old seat p's person ("" for an AI seat), kept in
 * memory for the seats' connections too (qv__table_rematch_frame_locked); *out is the new
 * table, not yet in the server's registry (the caller adds it: a table the registry could not
 * take is read back from the store when it is asked for). */
qv_status qv__table_rematch(qv__table *t, int seat, qv__name_check name_check, void *name_ctx,
                            qv__table **out, char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1],
                            qv_err *err);

/* A table's row as the store inserts a new table (qv__store_insert_table), with its seats as
 * claimed and its history: what owns the row's text. */
typedef struct qv__table_row {
	qv__stored_table row;
	qv__store_move *moves;
	char **texts;
	char *params, *folk;
	int n;
} qv__table_row;

/* Writes t's row into *r (freed with qv__table_row_free); QV_ENOMEM, and then *r is empty. */
qv_status qv__table_row_locked(qv__table *t, qv__table_row *r, qv_err *err);
void qv__table_row_free(qv__table_row *r);

/* {"type": "rematch", "table", "seat", "token"} for a connection of seat viewer once the new
 * table exists and this process made it; NULL otherwise (a spectator, an AI seat, after a
 * restart, or out of memory). */
json_t *qv__table_rematch_frame_locked(qv__table *t, int viewer);

/* Who played each seat, as records and replays name them: the name the seat's person took
 * (an account's username) or, for a seat nobody named, its kind ("human", an AI level). NULL
 * when out of memory. */
json_t *qv__table_players_locked(const qv__table *t);

/* The table's record (qv_match_record_json) with the seats' players (qv__table_players_locked)
 * for the match's, and "ended": "aborted" or "drawn" when an abort or an agreed draw ended the
 * game rather than a move, since the moves alone do not say so (a loader reads no other key of
 * it). NULL when out of memory. */
json_t *qv__table_record_locked(const qv__table *t);

/* ---- what a client may fetch (feed.c) ---- */

/* What a client asks of a table by HTTP (GET /api/tables/ID, /record, /replay). */
typedef enum { QV__FETCH_INFO, QV__FETCH_RECORD, QV__FETCH_REPLAY } qv__fetch;

/* What anyone who has the table's id may fetch, decided here once: its info (public) at any
 * time; its record or its replay, which hold everything hidden, only once the game is over
 * (QV_ESTATE before, the message saying why). QV_ENOMEM when it cannot be made. The caller
 * owns *out. The info and the record only: a replay is written as text, qv__table_replay. */
qv_status qv__table_fetch(qv__table *t, qv__fetch what, json_t **out, qv_err *err);

/* The replay of a finished table (qv__replay_text, every view whole with full, no bound: the
 * game was played here) into out, which the caller frees; refused as qv__table_fetch refuses it
 * before the end. */
qv_status qv__table_replay(qv__table *t, bool full, qv_buf *out, qv_err *err);

/* The same for a finished table that left memory, from what the store kept when its game
 * ended (never replayed): 1 with *text (malloc'ed) for the info and the record; 0 for a
 * replay (not kept), or when the store has no finished table of that id (not over, stored by
 * an older quiver, or an error): the caller then brings the table back into memory. */
int qv__table_fetch_stored(qv__store *s, const char *id, qv__fetch what, char **text);

/* Refuses a join at a finished table that left memory as qv__table_join refuses it at one in
 * memory (QV_ESTATE); QV_OK when the store has no finished table of that id. */
qv_status qv__table_join_stored(qv__store *s, const char *id, qv_err *err);

/* "waiting", "playing" or "over". */
const char *qv__status_name(int status);

#endif
