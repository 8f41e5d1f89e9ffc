/*
 * handshake.c - the opening handshake of the server's WebSockets (wsock.h), on a request worker:
 * RFC 6455's rules checked (a method, version, Upgrade, Connection, key or version it does not
 * allow: 400, naming it), the path's socket found (a table's, QV__WS_PATH, or the player's
 * channel, QV__CHAN_PATH), and the connection admitted under the server's socket limits (both
 * kinds count alike) before the 101. The socket's life after the 101 is wsock.c's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/api/http.h"
#include "server/net/reply.h"
#include "server/net/wsock_impl.h"
#include "server/players/session.h"
#include "server/ws/channel.h"
#include "server/ws/handshake.h"

/* Reads the table id out of the table's WebSocket path (QV__WS_PATH); false when uri is not
 * one, or its id is not shorter than len. */
static bool path_id(const char *uri, char *id, size_t len)
{
	qv__route_cap cap;
	if (qv__route_shape(QV__WS_PATH, uri, &cap, 1) != 1 || cap.len >= len)
		return false;
	memcpy(id, cap.at, cap.len);
	id[cap.len] = '\0';
	return true;
}

void qv__ws_refuse(qv__req *r, int status, const char *fmt, ...)
{
	char raw[600], msg[800];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	qv__reply_error(r, status, "%s", qv_shorten(raw, sizeof raw, msg, sizeof msg));
	/* the client asked for another protocol: the connection ends with the refusal */
	qv__req_add_header(r, "Connection", "close");
	if (status == 400)
		qv__req_add_header(r, "Sec-WebSocket-Version", "13");
}

/* Whether the comma-separated list `value` holds the token `want` (any case). */
static bool has_token(const char *value, const char *want)
{
	size_t n = strlen(want);
	for (const char *p = value; *p;) {
		p += strspn(p, " \t,");
		size_t len = strcspn(p, ",");
		size_t end = len;
		while (end > 0 && (p[end - 1] == ' ' || p[end - 1] == '\t'))
			end--;
		if (end == n && strncasecmp(p, want, n) == 0)
			return true;
		p += len;
	}
	return false;
}

/* Whether key is what RFC 6455 4.1 makes a client send: 16 random bytes in base64, 24
 * characters of which the last two are "==" (so the 22nd carries 2 bits and 4 zeros). */
static bool key_ok(const char *key)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	if (strlen(key) != 24 || strcmp(key + 22, "==") != 0)
		return false;
	for (int i = 0; i < 22; i++)
		if (!key[i] || !strchr(b64, key[i]))
			return false;
	return strchr("AQgw", key[21]) != NULL;
}

/* Whether some Connection header names the token "upgrade". */
static bool connection_upgrades(void *arg, const char *name, const char *value)
{
	bool *yes = arg;
	if (strcasecmp(name, "Connection") == 0 && has_token(value, "upgrade"))
		*yes = true;
	return !*yes;
}

/* What makes this upgrade one RFC 6455 does not allow, in a few words into why (quoting the
 * client's values shortened), or false when it is allowed: any method but GET, HTTP/1.0, a
 * second key or version, "websocket" or "upgrade" inside another word, a key that is not 16
 * bytes in base64. */
static bool handshake_problem(const qv__req *r, char *why, size_t len)
{
	char quoted[QV_QUOTE_MAX * 4 + 4];
	const char *upgrade, *connection, *key, *version;
	int nupgrade = qv__req_headers(r, "Upgrade", &upgrade);
	int nkey = qv__req_headers(r, "Sec-WebSocket-Key", &key);
	int nversion = qv__req_headers(r, "Sec-WebSocket-Version", &version);
	bool upgrading = false;
	qv__req_each_header(r, connection_upgrades, &upgrading);
	(void)qv__req_headers(r, "Connection", &connection);
	if (strcmp(qv__req_method(r), "GET") != 0)
		snprintf(why, len, "method %s",
		         qv_shorten(qv__req_method(r), 16, quoted, sizeof quoted));
	else if (strcmp(qv__req_version(r), "1.1") != 0)
		snprintf(why, len, "HTTP/%s",
		         qv_shorten(qv__req_version(r), 8, quoted, sizeof quoted));
	else if (nupgrade != 1)
		snprintf(why, len, "%d Upgrade headers", nupgrade);
	else if (!has_token(upgrade, "websocket"))
		snprintf(why, len, "Upgrade '%s'", qv_shorten(upgrade, 40, quoted, sizeof quoted));
	else if (!upgrading)
		snprintf(why, len, "Connection '%s'",
		         qv_shorten(connection ? connection : "", 40, quoted, sizeof quoted));
	else if (nkey != 1)
		snprintf(why, len, "%d Sec-WebSocket-Key headers", nkey);
	else if (!key_ok(key))
		snprintf(why, len, "a Sec-WebSocket-Key of %zu bytes that is not 16 in base64",
		         strlen(key));
	else if (nversion != 1)
		snprintf(why, len, "%d Sec-WebSocket-Version headers", nversion);
	else if (strcmp(version, "13") != 0)
		snprintf(why, len, "Sec-WebSocket-Version '%s'",
		         qv_shorten(version, 16, quoted, sizeof quoted));
	else
		return false;
	return true;
}

/* Takes back a socket's count on its table (qv__server_find_for_socket), which may then leave
 * memory; nothing for a player's channel (t NULL). */
static void ungreet(qv__server *srv, qv__table *t)
{
	if (!t)
		return;
	qv__table_lock(t);
	QV_ASSERT(t->greeting > 0);
	t->greeting--;
	qv__table_unlock(t);
	qv__server_changed(srv, t);
}

/* A new connection of table t (NULL: a player's channel) for the client at addr, on the
 * server's list; NULL (and t's count taken back, the request answered) when memory or the
 * socket limits refuse it. Both kinds count against the same limits. */
static qv__conn *admit(qv__server *srv, qv__req *r, qv__table *t)
{
	qv__conn *c = calloc(1, sizeof *c);
	if (!c) {
		ungreet(srv, t);
		if (t)
			qv__table_unref(t);
		qv__ws_refuse(r, 503, "the server cannot take this socket now; try again");
		return NULL;
	}
	c->srv = srv;
	c->table = t;
	c->fd = c->wfd = -1;
	c->viewer = QV_VIEW_PUBLIC;
	qv_copy(c->addr, sizeof c->addr, qv__req_addr(r));
	atomic_init(&c->refs, 1); /* the socket's */
	qv__mutex_init(&c->lock);
	pthread_mutex_lock(&srv->conns_lock);
	int all = 0, mine = 0;
	for (qv__conn *o = srv->conns; o; o = o->all_next) {
		all++;
		mine += strcmp(o->addr, c->addr) == 0;
	}
	bool full = all >= srv->cfg.max_sockets, over = mine >= srv->cfg.max_sockets_per_address;
	if (!full && !over) {
		c->all_next = srv->conns;
		if (srv->conns)
			srv->conns->all_prev = c;
		srv->conns = c;
		atomic_fetch_add(&srv->sockets, 1);
	}
	pthread_mutex_unlock(&srv->conns_lock);
	if (!full && !over)
		return c;
	ungreet(srv, t);
	c->table = NULL;
	if (t)
		qv__table_unref(t);
	qv__conn_unref(c);
	if (full)
		qv__ws_refuse(r, 503,
		              "too many open sockets (%d, the server's limit); try again later",
		              srv->cfg.max_sockets);
	else
		qv__ws_refuse(r, 429,
		              "too many open sockets from your address (%d, the server's limit per "
		              "address); close one first",
		              srv->cfg.max_sockets_per_address);
	return NULL;
}

/* A player's channel: whose it is (channel.c), then admitted. */
static void channel(qv__server *srv, qv__req *r)
{
	qv__chan_who who;
	char why[300];
	int status = qv__chan_who_is(srv, r, &who, why, sizeof why);
	if (status) {
		qv__ws_refuse(r, status, "%s", why);
		return;
	}
	qv__conn *c = admit(srv, r, NULL);
	if (!c)
		return;
	c->who = who;
	qv__req_upgrade(r, c);
}

void qv__ws_upgrade(qv__server *srv, qv__req *r)
{
	char id[64], quoted[QV_QUOTE_MAX * 4 + 4], why[160];
	bool me = strcmp(qv__req_path(r), QV__CHAN_PATH) == 0;
	if (!me && !path_id(qv__req_path(r), id, sizeof id)) {
		char shown[64];
		qv__route_shown(&qv__http_routes, QV__WS_PATH, shown, sizeof shown);
		qv__ws_refuse(r, 404, "no WebSocket at '%s': a table's is %s, a player's %s",
		              qv_shorten(qv__req_path(r), QV_QUOTE_MAX, quoted, sizeof quoted),
		              shown, QV__CHAN_PATH);
		return;
	}
	if (handshake_problem(r, why, sizeof why)) {
		qv__ws_refuse(
		    r, 400,
		    "%s: a WebSocket upgrade is a GET over HTTP/1.1 with Upgrade: "
		    "websocket, Connection: Upgrade, one Sec-WebSocket-Key of 24 base64 "
		    "characters (16 random bytes) and Sec-WebSocket-Version: 13 (RFC 6455)",
		    why);
		return;
	}
	if (me) {
		channel(srv, r);
		return;
	}
	qv__missing missing;
	qv__table *t = qv__server_find_for_socket(srv, id, &missing);
	if (!t && missing != QV__NONE) {
		qv__reply_missing(r, id, missing);
		qv__req_add_header(r, "Connection", "close");
		return;
	}
	if (!t) {
		qv__ws_refuse(r, 404, "no table '%s'",
		              qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted));
		return;
	}
	qv__conn *c = admit(srv, r, t);
	if (!c)
		return;
	/* A device's seat token is played only with the session it was given to (ws.c). */
	qv__session_cookie_hash(r, c->who.session);
	qv__req_upgrade(r, c);
}
