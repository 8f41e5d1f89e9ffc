/*
 * channel.h - a player's channel: the WebSocket at http.h's QV__CHAN_PATH that every page of a
 * player key opens, on which the server says when it becomes that person's turn at any of its
 * tables, when a person takes a seat at one of them (an invitation accepted), and when a
 * days-per-move clock waiting for them falls under 12 hours, so that the lobby and the games page
 * update at once and the tab counts the tables waiting, as lichess's socket does for its lobby. The
 * events are news to fetch GET /api/me again by, not the list itself: a channel that missed one (it
 * was reconnecting) loses nothing, since its page asks for the list whenever it opens.
 *
 * A channel belongs to the request's player key (the cookie quiver_key) and, when it opened
 * with a session, to the account: an event of a seat claimed with any key linked to that
 * account reaches it, so a person signed in on two devices hears of both. It hears nothing of
 * anyone else. Internal to the server.
 *
 * Frames in: {"type": "hello", "token": null} once, then {"type": "ping"}. Frames out:
 * {"type": "ready"} after the hello, {"type": "turn" | "joined" | "low", "table", "game",
 * "seat"} (turn and low: the listener's seat; joined: the seat taken, with "name"; low: also
 * "left_ms"), {"type": "over", "table", "game", "seat"} when a table of theirs ends, "pong"
 * and "error", in docs/server.md.
 */
#ifndef QUIVER_SERVER_WS_CHANNEL_H
#define QUIVER_SERVER_WS_CHANNEL_H

#include <stdbool.h>
#include <stddef.h>

#include "server/net/req.h"
#include "server/net/wsock_impl.h"
#include "server/state/server.h"
#include "server/table/table.h"

/* A days-per-move clock waiting for a person is news once it has less than this left: 12
 * hours, in ms (as web/my-games.js says it). */
#define QV__CHAN_LOW_MS (12LL * 3600 * 1000)

/* The channels' list, made by listen.c before the network starts (NULL when out of memory),
 * freed after it stopped. */
struct qv__chans *qv__chans_new(void);
void qv__chans_free(struct qv__chans *chans);

/* Whose channel the upgrade request r asks for, into who: 0, or the status to refuse it with
 * and why (403: a cross-site Origin, or no player key; 503: the database failed). */
int qv__chan_who_is(qv__server *srv, qv__req *r, qv__chan_who *who, char *why, size_t len);

/* The server's ws_message: a channel's message here, a table's to ws.c; its operations on
 * the store share one deadline from when it came (store.h). */
bool qv__chan_or_table_message(struct qv__conn *c, const char *text, size_t len);

/* Closes (1008, why) every channel of this process that opened with a session of account
 * `account` (0: any account) and, unless session is NULL, with that session (its hash): a
 * sign-out, a session replaced, a new password or a deletion, so that no channel hears an
 * account's news after its session ended. Channels of other processes are closed when news of
 * the account would reach them (their session is read again then). The tables' sockets opened
 * with a device's token of such a session (ws.c) are closed the same way; those of other
 * processes at their next frame. */
void qv__chan_close(qv__server *srv, long long account, const char *session, const char *why);

/* The server's chan_gone (server.h). */
bool qv__chan_gone(struct qv__conn *c);

/* Queues frame to every channel of this process of player key hash `player` and of the account
 * it is linked to (the account looked up only while some channel is signed in): a table's news
 * here, or another process's (cluster.c). */
void qv__chan_deliver(qv__server *srv, const char *player, json_t *frame);
/* The prefix of an account's own news in qv__chan_deliver's `player` ("a:12"): the news of no
 * player key (a challenge, a mute) that every channel signed in to the account hears. */
#define QV__CHAN_ACCOUNT "a:"

/* Queues frame to every channel of account `account` (signed in to it), on this process and,
 * where other processes share the database, on theirs (as a table's news goes). */
void qv__chan_tell_account(qv__server *srv, long long account, json_t *frame);

/* The accounts with a channel open on this process, each once, into out (at most max); how
 * many. */
int qv__chan_accounts(qv__server *srv, long long *out, int max);

/* The server's broadcast: t's connections are told (ws.c), then the channels of the people
 * whose turn began or whose days clock ran low (and, on PostgreSQL, the news kept for the
 * channels of the other processes). */
void qv__chan_broadcast(qv__server *srv, qv__table *t);

/* Seat `seat` of t was just taken by a person: the other seats' people hear of it, with the
 * name it took. */
void qv__chan_joined(qv__server *srv, qv__table *t, int seat);

#endif
