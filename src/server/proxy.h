/*
 * proxy.h - the PROXY protocol, version 2 (HAProxy's `send-proxy-v2`): the binary header a
 * proxy sends first on each connection, carrying the client's address, read from the proxies
 * the operator trusts (--trusted-proxy) and from nobody else. Internal to the server: net.c
 * reads the header before libmicrohttpd sees the connection, and hands it the client's address,
 * which every per-address limit then uses.
 */
#ifndef QUIVER_SERVER_PROXY_H
#define QUIVER_SERVER_PROXY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

/* The most proxies --trusted-proxy names. */
#define QV__PROXY_MAX 8

/* The header's fixed part (the signature, version and command, family, length) and the most
 * any header may hold (its length is 16 bits). */
#define QV__PROXY_FIXED   16
#define QV__PROXY_MAX_LEN (QV__PROXY_FIXED + 65535)

/* The trusted proxies' addresses, IPv4 or IPv6 (an IPv4 one matches its IPv4-mapped IPv6 peer
 * too, as a dual-stack socket sees it). */
typedef struct qv__proxies {
	int n;
	struct sockaddr_storage addr[QV__PROXY_MAX];
} qv__proxies;

/* Adds the address text (IPv4 or IPv6, no port): false, with why, when it is not one or there
 * are QV__PROXY_MAX already. */
bool qv__proxies_add(qv__proxies *p, const char *text, char *why, size_t why_len);

/* Whether peer (an accepted connection's address) is one of the trusted proxies. */
bool qv__proxies_trust(const qv__proxies *p, const struct sockaddr *peer);

/* The whole header's length from its first QV__PROXY_FIXED bytes (16 plus the length they
 * give), or 0 when they are not a version 2 header (wrong signature, version or command). */
size_t qv__proxy_length(const unsigned char *head);

/* Reads a whole header of `len` bytes: the client's address into *out and its length into
 * *out_len. A LOCAL command (the proxy's own health check) keeps `peer`, the connection's own
 * address. False when the header is malformed or carries no TCP over IPv4 or IPv6 address
 * (a UNIX socket's, or an unspecified family, with the PROXY command). */
bool qv__proxy_read(const unsigned char *h, size_t len, const struct sockaddr *peer,
                    socklen_t peer_len, struct sockaddr_storage *out, socklen_t *out_len);

#endif
