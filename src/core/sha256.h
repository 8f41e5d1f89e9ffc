/*
 * sha256.h - SHA-256 (FIPS 180-4), for a variant's canonical hash (src/games/variant.c): the
 * name that records, tables and pages give a set of components. quiver's own, so that the
 * library below the server needs no third-party code for it and the same C gives the same
 * hashes in every build, the app's WebAssembly included (unit/test_core checks it against
 * FIPS's examples and libsodium's, which hashed variants before, byte for byte).
 */
#ifndef QUIVER_CORE_SHA256_H
#define QUIVER_CORE_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The 32-byte digest of len bytes at data. */
void qv__sha256(const void *data, size_t len, uint8_t out[32]);

/* The same as 64 lowercase hexadecimal digits and a NUL. */
void qv__sha256_hex(const void *data, size_t len, char out[65]);

#endif
