/*
 * device.c - device cookies (device.h): made and checked with libsodium's HMAC-SHA256, their
 * nonces signed with the site's secret.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "server/base/token.h"
#include "server/players/device.h"
#include "server/players/player.h"
#include "server/state/server.h"

/* The MAC of nonce for the account (lower, pwhash), in hex. */
static void mac_of(const char *lower, const char *pwhash, const char *nonce,
                   char hex[2 * crypto_auth_hmacsha256_BYTES + 1])
{
	unsigned char key[crypto_auth_hmacsha256_KEYBYTES], mac[crypto_auth_hmacsha256_BYTES];
	crypto_hash_sha256(key, (const unsigned char *)pwhash, strlen(pwhash));
	crypto_auth_hmacsha256_state st;
	crypto_auth_hmacsha256_init(&st, key, sizeof key);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)"quiver device\n", 14);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)lower, strlen(lower) + 1);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)nonce, strlen(nonce));
	crypto_auth_hmacsha256_final(&st, mac);
	sodium_bin2hex(hex, 2 * sizeof mac + 1, mac, sizeof mac);
	sodium_memzero(key, sizeof key);
}

bool qv__device_known(const qv__req *c, const char *lower, const char *pwhash,
                      char nonce[QV__DEVICE_NONCE + 1])
{
	char got[QV__DEVICE_NONCE + 2 * crypto_auth_hmacsha256_BYTES + 4];
	char want[2 * crypto_auth_hmacsha256_BYTES + 1];
	nonce[0] = '\0';
	if (!pwhash || !qv__cookie(c, QV__DEVICE_COOKIE, got, sizeof got) ||
	    strlen(got) != QV__DEVICE_NONCE + 1 + 2 * crypto_auth_hmacsha256_BYTES ||
	    got[QV__DEVICE_NONCE] != '.' || strspn(got, "0123456789abcdef") != QV__DEVICE_NONCE)
		return false;
	got[QV__DEVICE_NONCE] = '\0';
	mac_of(lower, pwhash, got, want);
	if (sodium_memcmp(want, got + QV__DEVICE_NONCE + 1, sizeof want - 1) != 0)
		return false;
	memcpy(nonce, got, QV__DEVICE_NONCE + 1);
	return true;
}

/* What a device cookie's nonce is signed for (token.h), apart from any other thing the site's
 * secret signs. */
#define NONCE_PURPOSE "quiver_device"

bool qv__device_issued(const qv__server *srv, const qv__req *c, char nonce[QV__DEVICE_NONCE + 1])
{
	char got[QV__DEVICE_NONCE + 2]; /* the nonce and its dot: the rest is cut */
	if (!qv__cookie(c, QV__DEVICE_COOKIE, got, sizeof got) || got[QV__DEVICE_NONCE] != '.')
		return false;
	got[QV__DEVICE_NONCE] = '\0';
	if (!qv__signed_ok(srv->secret, NONCE_PURPOSE, got, QV__DEVICE_NONCE))
		return false;
	if (nonce)
		memcpy(nonce, got, QV__DEVICE_NONCE + 1);
	return true;
}

void qv__device_cookie(const qv__server *srv, qv__req *c, const char *lower, const char *pwhash,
                       bool secure)
{
	char nonce[QV__DEVICE_NONCE + 1], mac[2 * crypto_auth_hmacsha256_BYTES + 1];
	qv__signed_new(srv->secret, NONCE_PURPOSE, nonce, QV__DEVICE_NONCE);
	mac_of(lower, pwhash, nonce, mac);
	char cookie[sizeof nonce + sizeof mac + 128];
	snprintf(cookie, sizeof cookie, "%s=%s.%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Lax%s",
	         QV__DEVICE_COOKIE, nonce, mac, QV__DEVICE_AGE, secure ? "; Secure" : "");
	qv__req_add_header(c, "Set-Cookie", cookie);
}
