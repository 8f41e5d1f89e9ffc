/*
 * proxy.c - the door behind a reverse proxy (proxy.h): the server's own listening socket, the
 * PROXY protocol v2 header read from trusted connections, and every connection handed to
 * libmicrohttpd under its client's address.
 *
 * The header is read with MSG_PEEK until it is whole, then taken off the socket exactly (the
 * request that follows it in the same segment stays for libmicrohttpd). The listening socket
 * and the connections waiting for their header sit in an epoll of their own, which the loop's
 * epoll watches as it watches libmicrohttpd's.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "server/net/proxy.h"

/* The header's first 12 bytes (the PROXY protocol, 2.2). */
static const unsigned char SIG[12] = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D,
                                      0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};
/* Connections accepted in one run, at most: the loop has other sockets to serve. */
#define ACCEPT_BATCH 64

int qv__proxy_parse(const unsigned char *buf, size_t n, struct sockaddr_storage *src,
                    socklen_t *srclen, char *why, size_t why_len)
{
	size_t sig = n < sizeof SIG ? n : sizeof SIG;
	if (memcmp(buf, SIG, sig) != 0) {
		snprintf(why, why_len, "no PROXY v2 signature");
		return -1;
	}
	if (n < 16)
		return 0;
	int version = buf[12] >> 4, command = buf[12] & 0x0F;
	int family = buf[13] >> 4, transport = buf[13] & 0x0F;
	size_t len = (size_t)buf[14] << 8 | buf[15];
	if (version != 2 || command > 1) {
		snprintf(why, why_len, "version %d command %d (expected 2, LOCAL or PROXY)",
		         version, command);
		return -1;
	}
	if (16 + len > QV__PROXY_HEADER_MAX) {
		snprintf(why, why_len, "a header of %zu bytes (at most %d)", 16 + len,
		         QV__PROXY_HEADER_MAX);
		return -1;
	}
	if (n < 16 + len)
		return 0;
	memset(src, 0, sizeof *src);
	*srclen = sizeof(sa_family_t);
	src->ss_family = AF_UNSPEC;
	if (command == 0) /* LOCAL: the proxy speaks for itself, whatever the block holds */
		return (int)(16 + len);
	const unsigned char *a = buf + 16;
	if (family == 1 && transport == 1 && len >= 12) {
		struct sockaddr_in *v4 = (struct sockaddr_in *)src;
		v4->sin_family = AF_INET;
		memcpy(&v4->sin_addr, a, 4);
		memcpy(&v4->sin_port, a + 8, 2);
		*srclen = sizeof *v4;
	} else if (family == 2 && transport == 1 && len >= 36) {
		struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)src;
		v6->sin6_family = AF_INET6;
		memcpy(&v6->sin6_addr, a, 16);
		memcpy(&v6->sin6_port, a + 32, 2);
		*srclen = sizeof *v6;
	} else {
		snprintf(why, why_len,
		         "family %d transport %d with %zu address bytes (expected TCP "
		         "over IPv4 or IPv6)",
		         family, transport, len);
		return -1;
	}
	return (int)(16 + len);
}

/* A trusted connection whose header is being read. */
typedef struct waiting {
	struct waiting *next;
	int fd;
	double since;                 /* ms, when it was accepted */
	struct sockaddr_storage peer; /* the proxy's address, for a LOCAL header */
	socklen_t peer_len;
} waiting;

struct qv__proxy {
	int ep, listen_fd;
	struct MHD_Daemon *d;
	double headers_ms; /* how long a trusted connection may take to send its header */
	int ntrusted;
	struct sockaddr_storage trusted[QV__PROXIES_MAX];
	waiting *waiting;
	char tag_listen; /* its address marks the listening socket's events */
};

/* a's address as IPv4 when it is one reached through IPv6 (::ffff:a.b.c.d), in *v4. */
static const struct sockaddr *plain(const struct sockaddr_storage *a, struct sockaddr_in *v4)
{
	const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)a;
	if (a->ss_family != AF_INET6 || !IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr))
		return (const struct sockaddr *)a;
	memset(v4, 0, sizeof *v4);
	v4->sin_family = AF_INET;
	memcpy(&v4->sin_addr, &v6->sin6_addr.s6_addr[12], 4);
	return (const struct sockaddr *)v4;
}

static bool trusted(const qv__proxy *p, const struct sockaddr_storage *peer)
{
	struct sockaddr_in v4 = {0};
	const struct sockaddr *a = plain(peer, &v4);
	for (int i = 0; i < p->ntrusted; i++) {
		const struct sockaddr_storage *t = &p->trusted[i];
		if (t->ss_family != a->sa_family)
			continue;
		if (a->sa_family == AF_INET &&
		    memcmp(&((const struct sockaddr_in *)t)->sin_addr,
		           &((const struct sockaddr_in *)a)->sin_addr, 4) == 0)
			return true;
		if (a->sa_family == AF_INET6 &&
		    memcmp(&((const struct sockaddr_in6 *)t)->sin6_addr,
		           &((const struct sockaddr_in6 *)a)->sin6_addr, 16) == 0)
			return true;
	}
	return false;
}

bool qv__proxy_addr(const char *text, int port, struct sockaddr_storage *sa, socklen_t *len)
{
	memset(sa, 0, sizeof *sa);
	struct sockaddr_in *v4 = (struct sockaddr_in *)sa;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)sa;
	if (inet_pton(AF_INET, text, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		v4->sin_port = htons((uint16_t)port);
		*len = sizeof *v4;
		return true;
	}
	if (inet_pton(AF_INET6, text, &v6->sin6_addr) != 1)
		return false;
	v6->sin6_family = AF_INET6;
	v6->sin6_port = htons((uint16_t)port);
	*len = sizeof *v6;
	return true;
}

qv__proxy *qv__proxy_open(const char *host, int port, const char *const *list, int n,
                          struct MHD_Daemon *d, double headers_ms, int *bound, char *why,
                          size_t why_len)
{
	qv__proxy *p = calloc(1, sizeof *p);
	struct sockaddr_storage sa;
	socklen_t len;
	if (p)
		p->ep = p->listen_fd = -1;
	if (!p || n > QV__PROXIES_MAX || !qv__proxy_addr(host, port, &sa, &len)) {
		snprintf(why, why_len,
		         p ? "bad --host or too many --trusted-proxy" : "out of memory");
		free(p);
		return NULL;
	}
	p->d = d;
	p->headers_ms = headers_ms;
	for (int i = 0; i < n; i++) {
		socklen_t tl;
		struct sockaddr_in v4 = {0};
		if (!qv__proxy_addr(list[i], 0, &p->trusted[p->ntrusted], &tl)) {
			snprintf(why, why_len,
			         "--trusted-proxy: '%s' is not an IPv4 or IPv6 address", list[i]);
			free(p);
			return NULL;
		}
		const struct sockaddr *a = plain(&p->trusted[p->ntrusted], &v4);
		if (a == (const struct sockaddr *)&v4)
			memcpy(&p->trusted[p->ntrusted], &v4, sizeof v4);
		p->ntrusted++;
	}
	int one = 1, zero = 0;
	p->ep = epoll_create1(EPOLL_CLOEXEC);
	p->listen_fd = socket(sa.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	struct epoll_event e = {.events = EPOLLIN, .data.ptr = &p->tag_listen};
	bool ok = p->ep >= 0 && p->listen_fd >= 0 &&
	          setsockopt(p->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) == 0 &&
	          (sa.ss_family != AF_INET6 ||
	           setsockopt(p->listen_fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero) == 0) &&
	          bind(p->listen_fd, (struct sockaddr *)&sa, len) == 0 &&
	          listen(p->listen_fd, 1024) == 0 &&
	          epoll_ctl(p->ep, EPOLL_CTL_ADD, p->listen_fd, &e) == 0;
	if (ok && getsockname(p->listen_fd, (struct sockaddr *)&sa, &len) == 0)
		*bound = ntohs(sa.ss_family == AF_INET ? ((struct sockaddr_in *)&sa)->sin_port
		                                       : ((struct sockaddr_in6 *)&sa)->sin6_port);
	if (!ok) {
		snprintf(why, why_len, "%s", strerror(errno));
		qv__proxy_close(p);
		return NULL;
	}
	return p;
}

int qv__proxy_fd(const qv__proxy *p) { return p->ep; }

/* Hands fd to libmicrohttpd as a connection of addr (which then owns and closes it). */
static void hand_over(qv__proxy *p, int fd, const struct sockaddr_storage *addr, socklen_t len)
{
	struct sockaddr_in v4 = {0};
	const struct sockaddr *a = plain(addr, &v4);
	socklen_t alen = a == (const struct sockaddr *)&v4 ? (socklen_t)sizeof v4 : len;
	MHD_add_connection(p->d, fd, a, alen); /* refused past a limit: closed by it */
}

static void drop(qv__proxy *p, waiting *w)
{
	for (waiting **q = &p->waiting; *q; q = &(*q)->next)
		if (*q == w) {
			*q = w->next;
			break;
		}
	epoll_ctl(p->ep, EPOLL_CTL_DEL, w->fd, NULL);
	free(w);
}

static void accept_some(qv__proxy *p, double now)
{
	for (int k = 0; k < ACCEPT_BATCH; k++) {
		struct sockaddr_storage peer;
		socklen_t len = sizeof peer;
		int fd = accept4(p->listen_fd, (struct sockaddr *)&peer, &len,
		                 SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0)
			return; /* EAGAIN, or a connection gone before its accept */
		if (!trusted(p, &peer)) {
			hand_over(p, fd, &peer, len);
			continue;
		}
		waiting *w = calloc(1, sizeof *w);
		struct epoll_event e = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = w};
		if (!w || epoll_ctl(p->ep, EPOLL_CTL_ADD, fd, &e) != 0) {
			free(w);
			close(fd);
			continue;
		}
		w->fd = fd;
		w->since = now;
		w->peer = peer;
		w->peer_len = len;
		w->next = p->waiting;
		p->waiting = w;
	}
}

/* Reads w's header if it is whole: hands the connection over, or closes it when malformed or
 * gone. */
static void read_header(qv__proxy *p, waiting *w)
{
	unsigned char buf[QV__PROXY_HEADER_MAX];
	ssize_t got = recv(w->fd, buf, sizeof buf, MSG_PEEK);
	if (got < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	struct sockaddr_storage src;
	socklen_t srclen;
	char why[128];
	int whole =
	    got > 0 ? qv__proxy_parse(buf, (size_t)got, &src, &srclen, why, sizeof why) : -1;
	if (whole == 0 && (size_t)got < sizeof buf)
		return; /* the rest of the header is still to come */
	int fd = w->fd;
	struct sockaddr_storage peer = w->peer;
	socklen_t peer_len = w->peer_len;
	drop(p, w);
	if (whole <= 0 || recv(fd, buf, (size_t)whole, 0) != whole) {
		close(fd);
		return;
	}
	if (src.ss_family == AF_UNSPEC)
		hand_over(p, fd, &peer, peer_len);
	else
		hand_over(p, fd, &src, srclen);
}

void qv__proxy_run(qv__proxy *p, double now)
{
	struct epoll_event ev[64];
	int n = epoll_wait(p->ep, ev, 64, 0);
	for (int i = 0; i < n; i++) {
		if (ev[i].data.ptr == &p->tag_listen)
			accept_some(p, now);
		else
			read_header(p, ev[i].data.ptr);
	}
	for (waiting *w = p->waiting, *next; w; w = next) {
		next = w->next;
		if (now - w->since > p->headers_ms) {
			int fd = w->fd;
			drop(p, w);
			close(fd);
		}
	}
}

void qv__proxy_close(qv__proxy *p)
{
	if (!p)
		return;
	while (p->waiting) {
		int fd = p->waiting->fd;
		drop(p, p->waiting);
		close(fd);
	}
	if (p->listen_fd >= 0)
		close(p->listen_fd);
	if (p->ep >= 0)
		close(p->ep);
	free(p);
}
