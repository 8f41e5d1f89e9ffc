/*
 * player.c - a browser's player key in its cookie (player.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "server/base/token.h"
#include "server/players/player.h"

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

bool qv__player_key(qv__req *c, char key[QV__KEY_LEN + 1])
{
	char got[QV__KEY_LEN + 2];
	if (qv__cookie(c, QV__KEY_COOKIE, got, sizeof got) && key_form(got))
		return false;
	qv__key_new(key, NULL); /* the request has no player: nothing to hash */
	qv__req_set_fresh_key(c, key);
	return true;
}

const char *qv__player_adopt(qv__req *c)
{
	const char *fresh = qv__req_fresh_key(c);
	if (!qv__player_of(c)[0] && fresh[0]) {
		char hash[QV__HASH_LEN + 1];
		qv__token_hash(fresh, QV__KEY_LEN, hash);
		qv__req_set_player(c, hash);
	}
	return qv__req_player(c);
}

const char *qv__player_of(qv__req *c)
{
	if (!qv__req_player(c)[0]) {
		char got[QV__KEY_LEN + 2], hash[QV__HASH_LEN + 1];
		if (qv__cookie(c, QV__KEY_COOKIE, got, sizeof got) && key_form(got)) {
			qv__token_hash(got, QV__KEY_LEN, hash);
			qv__req_set_player(c, hash);
		}
	}
	return qv__req_player(c);
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
