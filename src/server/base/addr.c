/*
 * addr.c - clients' addresses as counted (addr.h), and a count and a time per address in a hash
 * table of chained entries, each freed when it holds neither.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/core.h"
#include "server/base/addr.h"

void qv__addr_text(const struct sockaddr *sa, char *out, size_t len)
{
	qv_copy(out, len, "?");
	if (!sa)
		return;
	if (sa->sa_family == AF_INET) {
		inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out,
		          (socklen_t)len);
	} else if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
		if (IN6_IS_ADDR_V4MAPPED(a)) {
			inet_ntop(AF_INET, &a->s6_addr[12], out, (socklen_t)len);
			return;
		}
		struct in6_addr prefix = {0};
		memcpy(prefix.s6_addr, a->s6_addr, 8);
		char text[INET6_ADDRSTRLEN];
		if (inet_ntop(AF_INET6, &prefix, text, sizeof text))
			snprintf(out, len, "%s/64", text);
	}
}

void qv__addr_network(const char *addr, char *out, size_t len)
{
	unsigned char bytes[16];
	char text[INET6_ADDRSTRLEN], v6[INET6_ADDRSTRLEN];
	qv_copy(out, len, addr);
	if (inet_pton(AF_INET, addr, bytes) == 1) {
		bytes[3] = 0;
		if (inet_ntop(AF_INET, bytes, text, sizeof text))
			snprintf(out, len, "%s/24", text);
		return;
	}
	size_t n = strcspn(addr, "/");
	if (n >= sizeof v6)
		return;
	memcpy(v6, addr, n);
	v6[n] = '\0';
	if (inet_pton(AF_INET6, v6, bytes) != 1)
		return;
	memset(bytes + 6, 0, 10);
	if (inet_ntop(AF_INET6, bytes, text, sizeof text))
		snprintf(out, len, "%s/48", text);
}

#define BUCKETS 4096

typedef struct entry {
	struct entry *next;
	int n;
	double at;
	char addr[QV__ADDR_TEXT];
} entry;

struct qv__addr_counts {
	entry *bucket[BUCKETS];
};

/* FNV-1a of the text. */
static unsigned bucket_of(const char *addr)
{
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)addr; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h % BUCKETS;
}

qv__addr_counts *qv__addr_counts_new(void) { return calloc(1, sizeof(qv__addr_counts)); }

void qv__addr_counts_free(qv__addr_counts *t)
{
	if (!t)
		return;
	for (int i = 0; i < BUCKETS; i++)
		for (entry *e = t->bucket[i], *next; e; e = next) {
			next = e->next;
			free(e);
		}
	free(t);
}

static entry **find(const qv__addr_counts *t, const char *addr)
{
	entry **p = (entry **)&t->bucket[bucket_of(addr)];
	while (*p && strcmp((*p)->addr, addr) != 0)
		p = &(*p)->next;
	return p;
}

int qv__addr_count(const qv__addr_counts *t, const char *addr)
{
	entry **p = find(t, addr);
	return *p ? (*p)->n : 0;
}

/* addr's entry, made when missing; NULL when out of memory. */
static entry *get(qv__addr_counts *t, const char *addr)
{
	entry **p = find(t, addr);
	if (!*p) {
		entry *e = calloc(1, sizeof *e);
		if (!e)
			return NULL;
		qv_copy(e->addr, sizeof e->addr, addr);
		*p = e;
	}
	return *p;
}

/* Frees *p when it holds neither a count nor a time. */
static void drop_if_empty(entry **p)
{
	entry *e = *p;
	if (e->n > 0 || e->at > 0)
		return;
	*p = e->next;
	free(e);
}

bool qv__addr_counts_add(qv__addr_counts *t, const char *addr)
{
	entry *e = get(t, addr);
	if (e)
		e->n++;
	return e != NULL;
}

void qv__addr_counts_remove(qv__addr_counts *t, const char *addr)
{
	entry **p = find(t, addr);
	if (!*p)
		return;
	if ((*p)->n > 0)
		(*p)->n--;
	drop_if_empty(p);
}

double qv__addr_time(const qv__addr_counts *t, const char *addr)
{
	entry **p = find(t, addr);
	return *p ? (*p)->at : 0;
}

bool qv__addr_set_time(qv__addr_counts *t, const char *addr, double at)
{
	entry *e = get(t, addr);
	if (e)
		e->at = at;
	return e != NULL;
}

void qv__addr_forget_times(qv__addr_counts *t, double now)
{
	for (int i = 0; i < BUCKETS; i++)
		for (entry **p = &t->bucket[i]; *p;) {
			entry *e = *p;
			if (e->at <= now)
				e->at = 0;
			drop_if_empty(p);
			if (*p == e)
				p = &e->next;
		}
}
