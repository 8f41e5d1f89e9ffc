/*
 * token.c - OS randomness (getrandom), seat tokens and their hashes, table ids.
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "server/sha256.h"
#include "server/token.h"

qv_status qv__os_random(void *buf, size_t len, qv_err *err)
{
	uint8_t *p = buf;
	while (len > 0) {
		ssize_t n = getrandom(p, len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return qv_fail(err, QV_EIO, "no randomness from the OS: %s",
			               strerror(errno));
		p += n;
		len -= (size_t)n;
	}
	return QV_OK;
}

/* Writes n bytes as 2n lowercase hex digits and a NUL. */
static void to_hex(const uint8_t *b, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex[b[i] >> 4];
		out[2 * i + 1] = hex[b[i] & 15];
	}
	out[2 * n] = '\0';
}

qv_status qv__token_new(char token[QV__TOKEN_LEN + 1], char hash[QV__HASH_LEN + 1], qv_err *err)
{
	uint8_t bits[QV__TOKEN_LEN / 2];
	qv_status rc = qv__os_random(bits, sizeof bits, err);
	if (rc)
		return rc;
	to_hex(bits, sizeof bits, token);
	qv__token_hash(token, QV__TOKEN_LEN, hash);
	return QV_OK;
}

void qv__token_hash(const char *token, size_t len, char hash[QV__HASH_LEN + 1])
{
	qv__sha256_hex(token, len, hash);
}

/* Hashing first makes the work independent of where a guessed token goes wrong; the hex
 * digits are then compared without an early exit. */
bool qv__token_matches(const char *token, size_t len, const char *hash)
{
	char mine[QV__HASH_LEN + 1];
	qv__token_hash(token, len, mine);
	if (strlen(hash) != QV__HASH_LEN)
		return false;
	unsigned diff = 0;
	for (int i = 0; i < QV__HASH_LEN; i++)
		diff |= (unsigned)(mine[i] ^ hash[i]);
	return diff == 0;
}

qv_status qv__table_id_new(char id[QV__ID_LEN + 1], qv_err *err)
{
	uint8_t bits[QV__ID_LEN / 2];
	qv_status rc = qv__os_random(bits, sizeof bits, err);
	if (!rc)
		to_hex(bits, sizeof bits, id);
	return rc;
}

bool qv__table_id_valid(const char *text)
{
	size_t n = 0;
	for (; text[n]; n++)
		if (n >= QV__ID_LEN || !strchr("0123456789abcdef", text[n]))
			return false;
	return n == QV__ID_LEN;
}

qv_status qv__seed_new(uint64_t *out, qv_err *err) { return qv__os_random(out, sizeof *out, err); }
