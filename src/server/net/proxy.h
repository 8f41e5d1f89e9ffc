/*
 * proxy.h - the door behind a reverse proxy: with --trusted-proxy ADDR (repeatable), the server
 * listens on its own socket instead of libmicrohttpd's, and a connection from a trusted address
 * must begin with the PROXY protocol's version 2 header (HAProxy's `send-proxy-v2`), which
 * carries the client's own address: the connection is handed to libmicrohttpd under that
 * address, so every per-address limit (connections, sockets, tables, sign-ins) counts the
 * client, not the proxy. A connection from any other address is handed over as it came, its
 * bytes untouched: a PROXY header from it is no header but a malformed request (400), and can
 * forge nothing. A trusted connection whose header is malformed, or does not come whole within
 * the time a request's headers have (net.h's QV__HEADERS_MS), is closed without a word; a LOCAL
 * header (the proxy's health check) keeps the proxy's own address. Only the loop's thread calls
 * these (net.c). Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_PROXY_H
#define QUIVER_SERVER_NET_PROXY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#include "server/state/server.h" /* QV__PROXIES_MAX */

struct MHD_Daemon;

/* The longest header taken (16 bytes and the address block with its TLVs); a longer one is
 * malformed. HAProxy's are 28 (IPv4) or 52 (IPv6) bytes, and a few more with TLVs. */
#define QV__PROXY_HEADER_MAX 536

/* Reads a PROXY v2 header at the start of the n bytes at buf: its whole length once it is all
 * there, with the client's address in *src (*srclen its size; family AF_UNSPEC for a LOCAL
 * header), 0 while more bytes are needed, -1 when it is malformed (why: a few words). */
int qv__proxy_parse(const unsigned char *buf, size_t n, struct sockaddr_storage *src,
                    socklen_t *srclen, char *why, size_t why_len);

/* An IPv4 or IPv6 address's text and a port into *sa (its size in *len); false when the text
 * is neither. The listening sockets' (net.c's too) and the trusted proxies'. */
bool qv__proxy_addr(const char *text, int port, struct sockaddr_storage *sa, socklen_t *len);

typedef struct qv__proxy qv__proxy;

/* Listens on host:port (0: any free port, the one bound into *bound) for daemon d, which was
 * started without a listening socket, trusting the n addresses of trusted (IPv4 or IPv6 text),
 * whose headers must come within headers_ms. NULL, and why, when an address is bad or the
 * socket cannot be made. */
qv__proxy *qv__proxy_open(const char *host, int port, const char *const *trusted, int n,
                          struct MHD_Daemon *d, double headers_ms, int *bound, char *why,
                          size_t why_len);

/* The descriptor the loop waits on (an epoll of the listening socket and of the headers being
 * read): readable when there is work for qv__proxy_run. */
int qv__proxy_fd(const qv__proxy *p);

/* Accepts what waits, reads the headers that came, and hands each connection to libmicrohttpd
 * (MHD_add_connection, on the loop's thread as it asks); closes the trusted connections whose
 * header is malformed or late at `now` (ms, qv__net_now_ms). */
void qv__proxy_run(qv__proxy *p, double now);

/* Closes the listening socket and every connection whose header was not read. */
void qv__proxy_close(qv__proxy *p);

#endif
