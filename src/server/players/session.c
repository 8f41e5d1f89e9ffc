/*
 * session.c - sessions in their cookie, and the check of a request's origin (session.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sodium.h>

#include "core/clock.h"
#include "server/net/reply.h"
#include "server/players/player.h"
#include "server/players/session.h"

/* Whether text is a session id's form: 64 lowercase hex digits. */
static bool id_form(const char *text)
{
	size_t n = strspn(text, "0123456789abcdef");
	return n == QV__KEY_LEN && text[n] == '\0';
}

int qv__session_get(qv__server *srv, qv__req *c, qv__session *out)
{
	char id[QV__KEY_LEN + 2];
	out->renew = false;
	out->id[0] = '\0';
	if (!qv__cookie(c, QV__SESSION_COOKIE, id, sizeof id) || !id_form(id))
		return 0;
	qv__token_hash(id, QV__KEY_LEN, out->hash);
	double now = qv_wall(), seen = 0;
	int found = qv__store_session_find(srv->store, out->hash, now - QV__SESSION_AGE,
	                                   &out->account, &seen);
	if (found == 1 && now - seen > QV__SESSION_RENEW) {
		qv_err err;
		if (qv__store_session_seen(srv->store, out->hash, now, &err))
			found = -1;
		out->renew = found == 1;
		if (out->renew)
			memcpy(out->id, id, sizeof out->id);
	}
	sodium_memzero(id, sizeof id);
	return found;
}

void qv__session_cookie_hash(qv__req *c, char hash[QV__HASH_LEN + 1])
{
	char id[QV__KEY_LEN + 2];
	hash[0] = '\0';
	if (qv__cookie(c, QV__SESSION_COOKIE, id, sizeof id) && id_form(id))
		qv__token_hash(id, QV__KEY_LEN, hash);
	sodium_memzero(id, sizeof id);
}

void qv__session_done(qv__server *srv, qv__req *c, qv__session *s)
{
	if (s->renew)
		qv__session_cookie(c, s->id, srv->cfg.secure_cookies);
	s->renew = false;
	sodium_memzero(s->id, sizeof s->id);
}

int qv__session_require(qv__server *srv, qv__req *c, qv__session *out)
{
	int found = qv__session_get(srv, c, out);
	if (found == 1)
		return 0;
	if (found < 0) {
		qv__reply_error(c, 503, "the database failed reading your session");
		return 503;
	}
	qv__reply_error(c, 401,
	                "sign in first: this needs an account's session (POST /api/session)");
	return 401;
}

void qv__session_new(qv__req *c, char id[QV__KEY_LEN + 1], char hash[QV__HASH_LEN + 1],
                     qv__store_session *sess)
{
	qv__key_new(id, hash);
	double now = qv_wall();
	*sess = (qv__store_session){.hash = hash,
	                            .addr = qv__req_addr(c),
	                            .player = qv__player_adopt(c),
	                            .now = now,
	                            .expired = now - QV__SESSION_AGE};
}

void qv__session_cookie(qv__req *c, const char *id, bool secure)
{
	char cookie[QV__KEY_LEN + 128];
	snprintf(cookie, sizeof cookie, "%s=%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Lax%s",
	         QV__SESSION_COOKIE, id ? id : "", id ? QV__SESSION_AGE : 0,
	         secure ? "; Secure" : "");
	qv__req_add_header(c, "Set-Cookie", cookie);
}

/* Whether the request's Sec-Fetch-Site (Fetch Metadata) says another site's page sent it:
 * `cross-site`, or `same-site` (a sibling host, another origin all the same, as the Origin
 * check counts it). A browser sends it with or without an Origin; none is no browser's. */
static bool fetched_cross_site(const qv__req *c)
{
	const char *site = qv__req_header(c, "Sec-Fetch-Site");
	return site && (strcasecmp(site, "cross-site") == 0 || strcasecmp(site, "same-site") == 0);
}

/* Whether the request's Origin, when it has one, is this server's. */
static bool origin_ours(const qv__req *c)
{
	const char *origin = qv__req_header(c, "Origin");
	const char *host = qv__req_header(c, "Host");
	if (!origin)
		return true;
	if (host && host[0]) {
		size_t skip = strncasecmp(origin, "http://", 7) == 0    ? 7
		              : strncasecmp(origin, "https://", 8) == 0 ? 8
		                                                        : 0;
		if (skip && strcasecmp(origin + skip, host) == 0)
			return true;
	}
	return false;
}

bool qv__session_origin_ok(const qv__req *c) { return origin_ours(c) && !fetched_cross_site(c); }

bool qv__session_same_origin(qv__req *c)
{
	if (qv__session_origin_ok(c))
		return true;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	bool origin = !origin_ours(c);
	const char *value = qv__req_header(c, origin ? "Origin" : "Sec-Fetch-Site");
	qv__reply_error(c, 403,
	                "cross-site request refused: its %s header, %s, %s; a request that changes "
	                "something with this server's cookies is sent from the server's own pages "
	                "(or without an Origin header)",
	                origin ? "Origin" : "Sec-Fetch-Site",
	                qv_shorten(value, QV_QUOTE_MAX, quoted, sizeof quoted),
	                origin ? "is not this server's" : "says another site's page sent it");
	return false;
}
