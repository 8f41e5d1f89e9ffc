/*
 * token.c - seat tokens and their hashes, tokens signed with the site's secret, table ids and
 * seeds, on libsodium: its randomness (the OS's), SHA-256, HMAC-SHA256, constant-time
 * comparison and hex encoding; the prefix of this process's table ids.
 */
#include <string.h>

#include <sodium.h>

#include "server/base/token.h"

qv_status qv__crypto_init(qv_err *err)
{
	if (sodium_init() < 0)
		return qv_fail(err, QV_EIO,
		               "libsodium did not start (sodium_init failed): the OS gives no "
		               "randomness for seat tokens and table ids");
	return QV_OK;
}

/* n random bytes as 2n lowercase hex digits and a NUL. */
static void random_hex(char *out, size_t n)
{
	unsigned char bits[QV__HASH_LEN / 2];
	QV_ASSERT(n <= sizeof bits);
	randombytes_buf(bits, n);
	sodium_bin2hex(out, 2 * n + 1, bits, n);
}

void qv__token_new(char token[QV__TOKEN_LEN + 1], char hash[QV__HASH_LEN + 1])
{
	random_hex(token, QV__TOKEN_LEN / 2);
	qv__token_hash(token, QV__TOKEN_LEN, hash);
}

void qv__key_new(char key[QV__KEY_LEN + 1], char *hash)
{
	random_hex(key, QV__KEY_LEN / 2);
	if (hash)
		qv__token_hash(key, QV__KEY_LEN, hash);
}

/* The signature of a token's random half (n hex digits at text) for purpose, as n hex digits. */
static void signature(const unsigned char secret[QV__SECRET_BYTES], const char *purpose,
                      const char *text, size_t n, char *out)
{
	unsigned char mac[crypto_auth_hmacsha256_BYTES];
	crypto_auth_hmacsha256_state st;
	crypto_auth_hmacsha256_init(&st, secret, QV__SECRET_BYTES);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)purpose, strlen(purpose) + 1);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)text, n);
	crypto_auth_hmacsha256_final(&st, mac);
	sodium_bin2hex(out, n + 1, mac, n / 2);
}

void qv__signed_new(const unsigned char secret[QV__SECRET_BYTES], const char *purpose, char *out,
                    size_t len)
{
	QV_ASSERT(len % 4 == 0 && len >= 4 && len <= QV__HASH_LEN);
	random_hex(out, len / 4);
	signature(secret, purpose, out, len / 2, out + len / 2);
}

bool qv__signed_ok(const unsigned char secret[QV__SECRET_BYTES], const char *purpose,
                   const char *text, size_t len)
{
	char want[QV__HASH_LEN / 2 + 1];
	if (len % 4 || len < 4 || len > QV__HASH_LEN || strlen(text) != len ||
	    strspn(text, "0123456789abcdef") != len)
		return false;
	signature(secret, purpose, text, len / 2, want);
	return sodium_memcmp(want, text + len / 2, len / 2) == 0;
}

void qv__token_hash(const char *token, size_t len, char hash[QV__HASH_LEN + 1])
{
	unsigned char sum[crypto_hash_sha256_BYTES];
	crypto_hash_sha256(sum, (const unsigned char *)token, len);
	sodium_bin2hex(hash, QV__HASH_LEN + 1, sum, sizeof sum);
}

/* Hashing first makes the work independent of where a guessed token goes wrong; the two
 * hashes are then compared without an early exit. */
bool qv__token_matches(const char *token, size_t len, const char *hash)
{
	unsigned char mine[crypto_hash_sha256_BYTES], kept[crypto_hash_sha256_BYTES];
	size_t n = 0;
	crypto_hash_sha256(mine, (const unsigned char *)token, len);
	if (sodium_hex2bin(kept, sizeof kept, hash, strlen(hash), NULL, &n, NULL) != 0 ||
	    n != sizeof kept)
		return false;
	return sodium_memcmp(mine, kept, sizeof kept) == 0;
}

static char id_prefix[QV__ID_PREFIX_MAX + 1];

void qv__table_id_prefix(const char *hex) { qv_copy(id_prefix, sizeof id_prefix, hex ? hex : ""); }

const char *qv__table_id_own_prefix(void) { return id_prefix; }

bool qv__table_id_home(const char *id)
{
	size_t n = strlen(id_prefix);
	return n > 0 && strncmp(id, id_prefix, n) == 0;
}

void qv__table_id_new(char id[QV__ID_LEN + 1])
{
	random_hex(id, QV__ID_LEN / 2);
	memcpy(id, id_prefix, strlen(id_prefix));
}

bool qv__table_id_valid(const char *text)
{
	size_t n = 0;
	for (; text[n]; n++)
		if (n >= QV__ID_LEN || !strchr("0123456789abcdef", text[n]))
			return false;
	return n == QV__ID_LEN;
}

void qv__seed_new(uint64_t *out) { randombytes_buf(out, sizeof *out); }
