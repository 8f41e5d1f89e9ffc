/*
 * channel.c - the players' channels (channel.h): who a channel is, its two frames (hello and ping),
 * the list of channels, and the news of a table told to the channels of its people.
 *
 * A table's news is found by comparing it with what its channels were last told, kept in the
 * table under its lock (told_turn, told_low, told_playing): every change of a table comes
 * through the server's broadcast, whoever made it (a person, an AI, a clock, a takeback), so no
 * change of turn is missed, and a broadcast that changed nothing of it tells nothing. A days
 * clock that falls under QV__CHAN_LOW_MS with nothing happening is found by the server's timer,
 * which broadcasts the table at low_at. The server broadcasts each table it restores at start,
 * before anyone listens, so a restart tells no turn again; a finished table read back into
 * memory later (for a replay) never played here, so its end is not news again.
 *
 * Locks: the list's lock is taken before a channel's (c->lock), and never with a table's.
 */
#define _GNU_SOURCE /* explicit_bzero */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/base/oplog.h"
#include "server/net/jobs.h"
#include "server/players/player.h"
#include "server/players/session.h"
#include "server/store/accounts.h"
#include "server/store/owners.h"
#include "server/store/store.h"
#include "server/ws/channel.h"
#include "server/ws/frame.h"
#include "server/ws/ws.h"

struct qv__chans {
	pthread_mutex_t lock;
	qv__conn *head; /* the channels that said hello, through next */
	int accounts;   /* of them, those of a signed-in person */
};

struct qv__chans *qv__chans_new(void)
{
	struct qv__chans *ch = calloc(1, sizeof *ch);
	if (ch)
		pthread_mutex_init(&ch->lock, NULL);
	return ch;
}

void qv__chans_free(struct qv__chans *ch)
{
	if (!ch)
		return;
	QV_ASSERT(!ch->head); /* every socket was let go first */
	pthread_mutex_destroy(&ch->lock);
	free(ch);
}

int qv__chan_who_is(qv__server *srv, qv__req *r, qv__chan_who *who, char *why, size_t len)
{
	memset(who, 0, sizeof *who);
	/* A cross-site page's socket would carry the person's cookies, and hear of their tables. */
	if (!qv__session_origin_ok(r)) {
		snprintf(why, len,
		         "cross-site WebSocket refused: its Origin is not this server's, or its "
		         "Sec-Fetch-Site says another site's page opened it; a player's channel is "
		         "opened by the server's own pages");
		return 403;
	}
	const char *player = qv__player_of(srv, r);
	if (!player[0]) {
		snprintf(why, len,
		         "no player key: a player's channel is a browser's, opened with the cookie "
		         "%s that any page of this server sets",
		         QV__KEY_COOKIE);
		return 403;
	}
	qv_copy(who->player, sizeof who->player, player);
	qv__session s;
	int in = qv__session_get(srv, r, &s);
	if (in < 0) {
		snprintf(why, len, "the database failed reading your session; try again");
		return 503;
	}
	if (in == 1) {
		who->account = s.account.id;
		qv_copy(who->session, sizeof who->session, s.hash);
	}
	explicit_bzero(&s, sizeof s);
	return 0;
}

/* ---- the frames of a channel ----------------------------------------------------------------- */

/* hello: the channel joins the list and hears {"type": "ready"}. */
static void on_hello(qv__conn *c, const qv__frame *f)
{
	if (f->token) {
		qv__conn_error(c, "a player's channel takes no token: say {\"type\": \"hello\", "
		                  "\"token\": null} (a seat's token is for its table's WebSocket)");
		return;
	}
	struct qv__chans *ch = c->srv->chans;
	json_t *ready = json_pack("{s:s}", "type", "ready");
	pthread_mutex_lock(&ch->lock);
	qv__mutex_lock(&c->lock);
	bool again = c->greeted, ending = c->closed || c->closing;
	if (!again && !ending) {
		c->greeted = true;
		c->next = ch->head;
		ch->head = c;
		ch->accounts += c->who.account != 0;
		atomic_fetch_add(&c->refs, 1); /* the list's reference, dropped by wsock.c's gone */
		qv__conn_queue_json_locked(c, ready);
	}
	qv__mutex_unlock(&c->lock);
	pthread_mutex_unlock(&ch->lock);
	json_decref(ready);
	if (again)
		qv__conn_error(c, "hello was already said on this channel");
}

/* One whole message of a channel; it is never closed for one (a bad frame gets an error). */
static void chan_message(qv__conn *c, const char *text, size_t len)
{
	qv__frame f;
	qv_err err;
	if (qv__frame_parse(text, len, &f, &err)) {
		qv__conn_error(c, err.msg);
		return;
	}
	qv__mutex_lock(&c->lock);
	bool greeted = c->greeted;
	qv__mutex_unlock(&c->lock);
	if (f.type == QV__HELLO)
		on_hello(c, &f);
	else if (f.type == QV__PING)
		qv__ws_ping(c);
	else if (!greeted)
		qv__conn_error(c, "say hello first: {\"type\": \"hello\", \"token\": null}");
	else
		qv__conn_error(c,
		               "a player's channel hears only hello and ping; a table's frames go "
		               "to its own WebSocket, /api/tables/ID/ws");
	qv__frame_free(&f);
}

bool qv__chan_or_table_message(qv__conn *c, const char *text, size_t len)
{
	/* its operations on the store share one deadline from when it came (store.h) */
	qv__store_request_begin(c->srv->store, qv__jobs_since());
	bool ok = true;
	if (c->table) {
		ok = qv__ws_message(c, text, len);
	} else {
		qv__server_busy(c->srv, 1);
		chan_message(c, text, len);
		qv__server_busy(c->srv, -1);
	}
	qv__store_request_end();
	return ok;
}

bool qv__chan_gone(qv__conn *c)
{
	struct qv__chans *ch = c->srv->chans;
	bool found = false;
	pthread_mutex_lock(&ch->lock);
	for (qv__conn **p = &ch->head; *p; p = &(*p)->next)
		if (*p == c) {
			*p = c->next;
			ch->accounts -= c->who.account != 0;
			found = true;
			break;
		}
	pthread_mutex_unlock(&ch->lock);
	return found;
}

/* Which sessions ended, for close_device. */
typedef struct session_end {
	long long account;   /* 0: any account */
	const char *session; /* NULL: any session of the account */
	const char *why;
} session_end;

/* Whether connection c opened with a session that ended as e says (c->lock or its list's held). */
static bool ends(const qv__conn *c, const session_end *e)
{
	return c->who.account != 0 && (e->account == 0 || c->who.account == e->account) &&
	       (!e->session || strcmp(c->who.session, e->session) == 0);
}

/* Closes table socket c when it was greeted with a device's token (ws.c's hello_seat) of a
 * session that ended, as qv__chan_close matches channels: a device plays its account's seat
 * only while its session lives. */
static void close_device(qv__conn *c, void *arg)
{
	const session_end *e = arg;
	qv__mutex_lock(&c->lock);
	if (c->table && ends(c, e))
		qv__conn_close_locked(c, QV__CLOSE_POLICY, e->why);
	qv__mutex_unlock(&c->lock);
}

void qv__chan_close(qv__server *srv, long long account, const char *session, const char *why)
{
	struct qv__chans *ch = srv->chans;
	session_end e = {account, session, why};
	pthread_mutex_lock(&ch->lock);
	for (qv__conn *c = ch->head; c; c = c->next) {
		if (!ends(c, &e))
			continue;
		qv__mutex_lock(&c->lock);
		qv__conn_close_locked(c, QV__CLOSE_POLICY, why);
		qv__mutex_unlock(&c->lock);
	}
	pthread_mutex_unlock(&ch->lock);
	qv__conns_each(srv, close_device, &e);
}

/* Whether channel c, matched to the news of a key linked to its account, may still hear it: its
 * session lives (another process may have ended it: a sign-out, a new password, a deletion
 * there), else it is closed now. The list's lock is held; the store is read. */
static bool session_lives(qv__server *srv, qv__conn *c)
{
	qv__store_account acct;
	double seen = 0;
	int found = qv__store_session_find(srv->store, c->who.session, qv_wall() - QV__SESSION_AGE,
	                                   &acct, &seen);
	if (found == 1 && acct.id == c->who.account)
		return true;
	if (found < 0)
		return false; /* the database failed: nothing told, the channel kept */
	qv__mutex_lock(&c->lock);
	qv__conn_close_locked(c, QV__CLOSE_POLICY, QV__CHAN_ENDED);
	qv__mutex_unlock(&c->lock);
	return false;
}

/* ---- news --------------------------------------------------------------------------------- */

/* One piece of news for the person of one seat. */
typedef struct news {
	const char *type;              /* turn, low, joined, over */
	int seat;                      /* whose seat it is about */
	long long left;                /* low: ms left */
	char player[QV__HASH_LEN + 1]; /* who hears it: the hash of the seat's player key */
} news;

/* What a table's news says besides: its id, game, and a joined seat's name. */
typedef struct about {
	char id[QV__ID_LEN + 1];
	const char *game;
	char name[QV__NAME_BYTES];
} about;

void qv__chan_deliver(qv__server *srv, const char *player, json_t *frame)
{
	struct qv__chans *ch = srv->chans;
	pthread_mutex_lock(&ch->lock);
	bool any = ch->head != NULL, accounts = ch->accounts > 0;
	pthread_mutex_unlock(&ch->lock);
	if (!any || !frame)
		return;
	/* An account's news ("a:ID") reaches its signed-in channels only; a key's, the key's and
	 * its account's. */
	bool of_account = strncmp(player, QV__CHAN_ACCOUNT, strlen(QV__CHAN_ACCOUNT)) == 0;
	long long account = of_account ? atoll(player + strlen(QV__CHAN_ACCOUNT))
	                    : accounts ? qv__store_player_account(srv->store, player)
	                               : 0;
	pthread_mutex_lock(&ch->lock);
	for (qv__conn *c = ch->head; c; c = c->next) {
		bool own = !of_account && strcmp(c->who.player, player) == 0;
		if (!own && !(account > 0 && c->who.account == account && session_lives(srv, c)))
			continue;
		qv__mutex_lock(&c->lock);
		if (!c->closed && !c->closing)
			qv__conn_queue_json_locked(c, frame);
		qv__mutex_unlock(&c->lock);
	}
	pthread_mutex_unlock(&ch->lock);
}

/* Keeps frame for the channels of other processes on the database (cluster.h), which hear of
 * it by its id. */
static void keep(qv__server *srv, const char *player, const json_t *frame)
{
	char *text = frame ? json_dumps(frame, JSON_COMPACT) : NULL;
	char origin[17];
	qv__server_origin(srv, origin);
	if (text && !qv__store_news_add(srv->store, player, text, origin))
		qv__oplog(QV__WARN, "a player's news could not be kept for the other "
		                    "processes");
	free(text);
}

void qv__chan_tell_account(qv__server *srv, long long account, json_t *frame)
{
	char who[32];
	snprintf(who, sizeof who, QV__CHAN_ACCOUNT "%lld", account);
	qv__chan_deliver(srv, who, frame);
	if (qv__store_shared(srv->store))
		keep(srv, who, frame);
}

int qv__chan_accounts(qv__server *srv, long long *out, int max)
{
	struct qv__chans *ch = srv->chans;
	int n = 0;
	pthread_mutex_lock(&ch->lock);
	for (qv__conn *c = ch->head; c; c = c->next) {
		bool seen = c->who.account == 0;
		for (int i = 0; i < n && !seen; i++)
			seen = out[i] == c->who.account;
		if (!seen && n < max)
			out[n++] = c->who.account;
	}
	pthread_mutex_unlock(&ch->lock);
	return n;
}

/* Tells each piece of news (n of them) to its person; nothing is made while no channel is
 * open, unless other processes share the database (their channels may be the person's). */
static void tell(qv__server *srv, const about *a, const news *list, int n)
{
	pthread_mutex_lock(&srv->chans->lock);
	bool any = srv->chans->head != NULL;
	pthread_mutex_unlock(&srv->chans->lock);
	bool shared = qv__store_shared(srv->store);
	any |= shared;
	for (int i = 0; any && i < n; i++) {
		const news *e = &list[i];
		char seat[8];
		qv_player_name(e->seat, seat);
		json_t *frame = json_pack("{s:s, s:s, s:s, s:s}", "type", e->type, "table", a->id,
		                          "game", a->game, "seat", seat);
		if (frame && strcmp(e->type, "low") == 0)
			json_object_set_new(frame, "left_ms", json_integer(e->left));
		if (frame && strcmp(e->type, "joined") == 0)
			json_object_set_new(frame, "name", json_string(a->name));
		qv__chan_deliver(srv, e->player, frame);
		if (shared)
			keep(srv, e->player, frame);
		json_decref(frame);
	}
}

/* Adds a piece of news for seat p's person (a person's seat claimed with a player key). */
static void add(news *list, int *n, const qv__table *t, int p, const char *type, int about_seat,
                long long left)
{
	if (!t->seat[p].human || !t->seat[p].player[0])
		return;
	news *e = &list[(*n)++];
	e->type = type;
	e->seat = about_seat;
	e->left = left;
	qv_copy(e->player, sizeof e->player, t->seat[p].player);
}

/* The news of t since its channels were last told: turns begun, days clocks run low, the end;
 * and when its timer is to look again (low_at). */
static int news_locked(qv__table *t, news *list)
{
	QV__TABLE_HELD(t);
	int n = 0;
	bool keyed = false; /* a seat claimed with a player key: someone may listen */
	for (int p = 0; p < t->nseats; p++)
		keyed |= t->seat[p].human && t->seat[p].player[0];
	if (!keyed) {
		/* nobody to tell (AI seats, clients without cookies): what a later key hears starts
		 * from whose turn it is then */
		t->told_turn = t->told_low = 0;
		t->told_playing = false;
		if (atomic_load(&t->low_at) != 0)
			atomic_store(&t->low_at, 0);
		return 0;
	}
	unsigned acting = qv__table_acting_locked(t);
	unsigned began = acting & ~t->told_turn;
	t->told_turn = acting;
	t->told_low &= acting;
	double now = qv_wall(), low_at = 0;
	for (int p = 0; p < t->nseats; p++) {
		if (!(acting >> p & 1))
			continue;
		if (began >> p & 1)
			add(list, &n, t, p, "turn", p, 0);
		if (t->clock.kind != QV__CLOCK_DAYS || (t->told_low >> p & 1))
			continue;
		long long left = qv__clock_left(&t->clock, p, now);
		if (left < QV__CHAN_LOW_MS) {
			t->told_low |= 1u << p;
			add(list, &n, t, p, "low", p, left);
		} else {
			double at = now + (double)(left - QV__CHAN_LOW_MS) / 1000.0;
			low_at = low_at == 0 || at < low_at ? at : low_at;
		}
	}
	if (atomic_load(&t->low_at) != low_at)
		atomic_store(&t->low_at, low_at);
	if (t->status == QV__PLAYING)
		t->told_playing = true;
	if (t->status == QV__OVER && t->told_playing) {
		t->told_playing = false;
		for (int p = 0; p < t->nseats; p++)
			add(list, &n, t, p, "over", p, 0);
	}
	return n;
}

void qv__chan_broadcast(qv__server *srv, qv__table *t)
{
	qv__ws_broadcast(t);
	news list[2 * QV_MAX_PLAYERS]; /* a turn and a low clock a seat, or an end a seat */
	about a;
	qv__table_lock(t);
	int n = news_locked(t, list);
	QV_ASSERT(n <= 2 * QV_MAX_PLAYERS);
	qv_copy(a.id, sizeof a.id, t->id);
	a.game = t->game->name;
	a.name[0] = '\0';
	qv__table_unlock(t);
	tell(srv, &a, list, n);
}

void qv__chan_joined(qv__server *srv, qv__table *t, int seat)
{
	news list[QV_MAX_PLAYERS];
	about a;
	int n = 0;
	qv__table_lock(t);
	const char *joiner = t->seat[seat].player;
	for (int p = 0; p < t->nseats; p++)
		if (p != seat && !(joiner[0] && strcmp(t->seat[p].player, joiner) == 0))
			add(list, &n, t, p, "joined", seat, 0);
	qv_copy(a.id, sizeof a.id, t->id);
	a.game = t->game->name;
	qv_copy(a.name, sizeof a.name, t->seat[seat].name);
	qv__table_unlock(t);
	tell(srv, &a, list, n);
}
