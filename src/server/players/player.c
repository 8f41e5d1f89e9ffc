/*
 * player.c - a browser's player key in its cookie, signed with the site's secret (player.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "server/base/token.h"
#include "server/players/player.h"
#include "server/state/server.h"
#include "server/store/store.h"

/* What the search of qv__cookie looks for and finds. */
typedef struct cookie_search {
	const char *name;
	char *out;
	size_t len;
	bool found;
} cookie_search;

/* Looks through one Cookie header ("a=1; quiver_key=…") for the cookie searched. */
static bool search_header(void *arg, const char *name, const char *value)
{
	cookie_search *s = arg;
	if (strcasecmp(name, "Cookie") != 0)
		return true;
	size_t want = strlen(s->name);
	for (const char *p = value; *p;) {
		while (*p == ' ' || *p == ';')
			p++;
		size_t n = strcspn(p, ";");
		const char *eq = memchr(p, '=', n);
		if (eq && (size_t)(eq - p) == want && memcmp(p, s->name, want) == 0) {
			size_t vlen = n - want - 1;
			if (vlen >= s->len)
				vlen = s->len - 1;
			memcpy(s->out, eq + 1, vlen);
			s->out[vlen] = '\0';
			s->found = true;
			return false;
		}
		p += n;
	}
	return true;
}

bool qv__cookie(const qv__req *c, const char *name, char *out, size_t len)
{
	cookie_search s = {name, out, len, false};
	if (len)
		out[0] = '\0';
	qv__req_each_header(c, search_header, &s);
	return s.found;
}

/* Whether text is a key's form: QV__KEY_LEN lowercase hex digits. */
static bool key_form(const char *text)
{
	size_t n = strspn(text, "0123456789abcdef");
	return n == QV__KEY_LEN && text[n] == '\0';
}

/* What a player key is signed for (token.h), apart from any other thing the secret signs. */
#define KEY_PURPOSE "quiver_key"

static qv_status first_value(void *ctx, int n, const char *const *v)
{
	if (n > 0 && v[0])
		qv_copy(ctx, 2 * QV__SECRET_BYTES + 1, v[0]);
	return QV_OK;
}

qv_status qv__player_secret(qv__store *s, unsigned char out[QV__SECRET_BYTES], qv_err *err)
{
	char made[2 * QV__SECRET_BYTES + 1], kept[2 * QV__SECRET_BYTES + 1] = "";
	qv__key_new(made, NULL); /* 256 bits from the OS, as hex */
	const char *args[] = {"keys", made};
	qv_status rc =
	    qv__store_run(s,
	                  "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT "
	                  "DO NOTHING",
	                  2, args, err);
	if (!rc)
		rc = qv__store_query(s, "SELECT value FROM secrets WHERE name = $1", 1, args,
		                     first_value, kept, err);
	if (!rc && sodium_hex2bin(out, QV__SECRET_BYTES, kept, strlen(kept), NULL, NULL, NULL))
		rc = qv_fail(err, QV_EIO, "the database's secret 'keys' is not 64 hex digits");
	sodium_memzero(made, sizeof made);
	sodium_memzero(kept, sizeof kept);
	return rc;
}

bool qv__player_key(const qv__server *srv, qv__req *c, char key[QV__KEY_LEN + 1])
{
	char got[QV__KEY_LEN + 2];
	if (qv__cookie(c, QV__KEY_COOKIE, got, sizeof got) && key_form(got))
		return false;
	qv__signed_new(srv->secret, KEY_PURPOSE, key, QV__KEY_LEN);
	qv__req_set_fresh_key(c, key);
	return true;
}

/* Whether the key (of a key's form), whose hash is hash, is one the server issued: signed with
 * the site's secret, or of the older random form and known to the store (a failing store
 * knows none). */
static bool issued(qv__server *srv, const char *key, const char *hash)
{
	if (qv__signed_ok(srv->secret, KEY_PURPOSE, key, QV__KEY_LEN))
		return true;
	long long n = 0;
	qv_err err;
	return !qv__store_query(srv->store, "SELECT count(*) FROM players WHERE hash = $1", 1,
	                        (const char *[]){hash}, qv__store_count_row, &n, &err) &&
	       n > 0;
}

/* The request's player as worked out: a key's hash, or NONE when it has a key the server did
 * not issue (asked once). */
#define NONE "-"

const char *qv__player_of(qv__server *srv, qv__req *c)
{
	const char *known = qv__req_player(c);
	if (strcmp(known, NONE) == 0)
		return "";
	if (known[0])
		return known;
	char got[QV__KEY_LEN + 2], hash[QV__HASH_LEN + 1];
	if (!qv__cookie(c, QV__KEY_COOKIE, got, sizeof got) || !key_form(got))
		return "";
	qv__token_hash(got, QV__KEY_LEN, hash);
	if (issued(srv, got, hash)) {
		qv__req_set_player(c, hash);
		return qv__req_player(c);
	}
	/* made up, or forgotten: no key, and the answer gives a new one */
	char key[QV__KEY_LEN + 1];
	qv__signed_new(srv->secret, KEY_PURPOSE, key, QV__KEY_LEN);
	qv__req_set_fresh_key(c, key);
	qv__req_set_player(c, NONE);
	sodium_memzero(key, sizeof key);
	return "";
}

const char *qv__player_adopt(qv__server *srv, qv__req *c)
{
	const char *fresh = qv__req_fresh_key(c);
	if (!qv__player_of(srv, c)[0] && fresh[0]) {
		char hash[QV__HASH_LEN + 1];
		qv__token_hash(fresh, QV__KEY_LEN, hash);
		qv__req_set_player(c, hash);
	}
	return qv__player_of(srv, c);
}

void qv__player_answered(qv__req *c, bool secure)
{
	if (qv__req_fresh_key(c)[0])
		qv__player_cookie(c, qv__req_fresh_key(c), secure);
}

void qv__player_cookie(qv__req *c, const char *key, bool secure)
{
	char cookie[QV__KEY_LEN + 128];
	snprintf(cookie, sizeof cookie, "%s=%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Lax%s",
	         QV__KEY_COOKIE, key, QV__KEY_AGE, secure ? "; Secure" : "");
	qv__req_add_header(c, "Set-Cookie", cookie);
}
