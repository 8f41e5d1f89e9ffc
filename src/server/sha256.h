/*
 * sha256.h - SHA-256 (FIPS 180-4), for hashing seat tokens. Internal to the server. One hash
 * is all the server needs, so it is written here rather than taken from a crypto library.
 */
#ifndef QUIVER_SERVER_SHA256_H
#define QUIVER_SERVER_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define QV__SHA256_BYTES 32

/* An incremental hash: init, update any number of times, final. */
typedef struct qv__sha256 {
	uint32_t h[8];
	uint64_t len;      /* bytes hashed so far */
	uint8_t block[64]; /* the partial block */
	size_t used;       /* bytes in block */
} qv__sha256;

void qv__sha256_init(qv__sha256 *s);
void qv__sha256_update(qv__sha256 *s, const void *data, size_t len);
void qv__sha256_final(qv__sha256 *s, uint8_t out[QV__SHA256_BYTES]);

/* The hash of len bytes at data. */
void qv__sha256_hash(const void *data, size_t len, uint8_t out[QV__SHA256_BYTES]);

/* The hash as 64 lowercase hex digits and a NUL. */
void qv__sha256_hex(const void *data, size_t len, char out[2 * QV__SHA256_BYTES + 1]);

#endif
