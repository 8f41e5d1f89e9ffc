/*
 * sha1.h - SHA-1 (RFC 3174), for the one thing RFC 6455 needs it for: the Sec-WebSocket-Accept
 * of a handshake (4.2.2), the SHA-1 of the client's key and the protocol's GUID in base64. Not
 * for anything secret: SHA-1 is broken as a signature; here it only proves the server read the
 * handshake. Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_SHA1_H
#define QUIVER_SERVER_NET_SHA1_H

#include <stddef.h>
#include <stdint.h>

/* The 20-byte digest of len bytes at data. */
void qv__sha1(const void *data, size_t len, uint8_t out[20]);

/* The Sec-WebSocket-Accept for a client's Sec-WebSocket-Key: 28 base64 characters and a NUL
 * into out. */
void qv__ws_accept_key(const char *key, char out[29]);

#endif
