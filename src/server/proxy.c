/*
 * proxy.c - the PROXY protocol's version 2 header (proxy.h), as HAProxy's documentation
 * "The PROXY protocol" (section 2.2) defines it: a 12-byte signature, a byte of version (2, the
 * high nibble) and command (0 LOCAL, 1 PROXY), a byte of address family (1 INET, 2 INET6, 3
 * UNIX, high nibble) and protocol (1 STREAM), the length of what follows (big-endian 16 bits),
 * then the source and destination addresses and ports, and TLVs, which are skipped.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "server/proxy.h"

static const unsigned char signature[12] = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D,
                                            0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};

bool qv__proxies_add(qv__proxies *p, const char *text, char *why, size_t why_len)
{
	if (p->n >= QV__PROXY_MAX) {
		snprintf(why, why_len, "--trusted-proxy: at most %d proxies", QV__PROXY_MAX);
		return false;
	}
	struct sockaddr_storage *a = &p->addr[p->n];
	memset(a, 0, sizeof *a);
	struct sockaddr_in *v4 = (struct sockaddr_in *)a;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)a;
	if (inet_pton(AF_INET, text, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
	} else if (inet_pton(AF_INET6, text, &v6->sin6_addr) == 1) {
		v6->sin6_family = AF_INET6;
	} else {
		snprintf(why, why_len,
		         "--trusted-proxy: '%s' is not an IPv4 or IPv6 address (e.g. 10.0.0.5 or "
		         "fd00::5, without a port)",
		         text);
		return false;
	}
	p->n++;
	return true;
}

/* Whether trusted address a is peer's address (ports aside). */
static bool same_host(const struct sockaddr_storage *a, const struct sockaddr *peer)
{
	const struct sockaddr_in *t4 = (const struct sockaddr_in *)a;
	if (peer->sa_family == AF_INET && a->ss_family == AF_INET)
		return t4->sin_addr.s_addr == ((const struct sockaddr_in *)peer)->sin_addr.s_addr;
	if (peer->sa_family != AF_INET6)
		return false;
	const struct in6_addr *p6 = &((const struct sockaddr_in6 *)peer)->sin6_addr;
	if (a->ss_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr, p6, sizeof *p6) == 0;
	return a->ss_family == AF_INET && IN6_IS_ADDR_V4MAPPED(p6) &&
	       memcmp(p6->s6_addr + 12, &t4->sin_addr, 4) == 0;
}

bool qv__proxies_trust(const qv__proxies *p, const struct sockaddr *peer)
{
	for (int i = 0; i < p->n; i++)
		if (same_host(&p->addr[i], peer))
			return true;
	return false;
}

size_t qv__proxy_length(const unsigned char *head)
{
	if (memcmp(head, signature, sizeof signature) != 0)
		return 0;
	if (head[12] != 0x20 && head[12] != 0x21) /* version 2, LOCAL or PROXY */
		return 0;
	return QV__PROXY_FIXED + ((size_t)head[14] << 8 | head[15]);
}

bool qv__proxy_read(const unsigned char *h, size_t len, const struct sockaddr *peer,
                    socklen_t peer_len, struct sockaddr_storage *out, socklen_t *out_len)
{
	if (len < QV__PROXY_FIXED || qv__proxy_length(h) != len)
		return false;
	memset(out, 0, sizeof *out);
	if (h[12] == 0x20) { /* LOCAL: the proxy speaks for itself */
		if (peer_len > (socklen_t)sizeof *out)
			return false;
		memcpy(out, peer, peer_len);
		*out_len = peer_len;
		return true;
	}
	const unsigned char *body = h + QV__PROXY_FIXED;
	size_t n = len - QV__PROXY_FIXED;
	if (h[13] == 0x11 && n >= 12) { /* TCP over IPv4: source, destination, their ports */
		struct sockaddr_in *v4 = (struct sockaddr_in *)out;
		v4->sin_family = AF_INET;
		memcpy(&v4->sin_addr, body, 4);
		memcpy(&v4->sin_port, body + 8, 2);
		*out_len = sizeof *v4;
		return true;
	}
	if (h[13] == 0x21 && n >= 36) { /* TCP over IPv6 */
		struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)out;
		v6->sin6_family = AF_INET6;
		memcpy(&v6->sin6_addr, body, 16);
		memcpy(&v6->sin6_port, body + 32, 2);
		*out_len = sizeof *v6;
		return true;
	}
	return false;
}
