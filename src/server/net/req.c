/*
 * req.c - a request as its handler sees it (net.h): what the client asked, copied out of
 * libmicrohttpd's connection on the loop when the headers came, so that a worker reads it
 * without touching the connection; and the answer the handler writes, turned into
 * libmicrohttpd's response back on the loop (net.c).
 */
#define _DEFAULT_SOURCE /* explicit_bzero */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "server/net/req.h"
#include "server/net/req_impl.h"

/* ---- what the client asked ---- */

const char *qv__req_method(const qv__req *r) { return r->method; }
const char *qv__req_path(const qv__req *r) { return r->path; }
const char *qv__req_version(const qv__req *r) { return r->version; }
const char *qv__req_addr(const qv__req *r) { return r->addr; }

const char *qv__req_player(const qv__req *r) { return r->player; }

void qv__req_set_player(qv__req *r, const char *hash)
{
	qv_copy(r->player, sizeof r->player, hash);
}

const char *qv__req_header(const qv__req *r, const char *name)
{
	for (size_t i = 0; i < r->headers.n; i++)
		if (strcasecmp(r->headers.name[i], name) == 0)
			return r->headers.value[i];
	return NULL;
}

int qv__req_headers(const qv__req *r, const char *name, const char **first)
{
	int n = 0;
	*first = NULL;
	for (size_t i = 0; i < r->headers.n; i++)
		if (strcasecmp(r->headers.name[i], name) == 0 && n++ == 0)
			*first = r->headers.value[i];
	return n;
}

void qv__req_each_header(const qv__req *r,
                         bool (*fn)(void *arg, const char *name, const char *value), void *arg)
{
	for (size_t i = 0; i < r->headers.n; i++)
		if (!fn(arg, r->headers.name[i], r->headers.value[i]))
			return;
}

const char *qv__req_arg(const qv__req *r, const char *name)
{
	for (size_t i = 0; i < r->args.n; i++)
		if (strcasecmp(r->args.name[i], name) == 0)
			return r->args.value[i];
	return NULL;
}

const char *qv__req_body(const qv__req *r, size_t *len)
{
	*len = r->body.len;
	return r->body.s ? r->body.s : "";
}

/* ---- the answer ---- */

/* Forgets the answer's headers and body. */
static void forget_answer(qv__req *r)
{
	qv__pairs_free(&r->out);
	qv_buf_free(&r->answer);
	if (r->file >= 0)
		close(r->file);
	r->file = -1;
}

void qv__req_status(qv__req *r, int status)
{
	forget_answer(r);
	r->status = status;
}

void qv__req_add_header(qv__req *r, const char *name, const char *value)
{
	if (!qv__pairs_add(&r->out, name, value))
		r->failed = true;
}

void qv__req_write(qv__req *r, const void *data, size_t len)
{
	qv_buf_putn(&r->answer, data, len);
	if (r->answer.failed)
		r->failed = true;
}

void qv__req_file(qv__req *r, int fd, off_t offset, size_t size)
{
	qv_buf_free(&r->answer);
	if (r->file >= 0)
		close(r->file);
	r->file = fd;
	r->file_at = offset;
	r->file_size = size;
}

/* ---- answers that come later ---- */

void qv__req_defer(qv__req *r) { atomic_fetch_add(&r->holds, 1); }

void qv__req_resume(qv__req *r)
{
	if (atomic_fetch_sub(&r->holds, 1) == 1)
		r->hand_back(r);
}

void qv__req_set_fresh_key(qv__req *r, const char *key)
{
	qv_copy(r->fresh_key, sizeof r->fresh_key, key);
}

const char *qv__req_fresh_key(const qv__req *r) { return r->fresh_key; }

void qv__req_upgrade(qv__req *r, struct qv__conn *c)
{
	forget_answer(r);
	r->status = 101;
	r->upgrade = c;
}

/* ---- pairs ---- */

bool qv__pairs_add(qv__pairs *p, const char *name, const char *value)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 8;
		char **n = realloc(p->name, cap * sizeof *n);
		if (n)
			p->name = n;
		char **v = realloc(p->value, cap * sizeof *v);
		if (v)
			p->value = v;
		if (!n || !v)
			return false;
		p->cap = cap;
	}
	char *a = strdup(name), *b = strdup(value ? value : "");
	if (!a || !b) {
		free(a);
		free(b);
		return false;
	}
	p->name[p->n] = a;
	p->value[p->n++] = b;
	return true;
}

void qv__pairs_free(qv__pairs *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->name[i]);
		free(p->value[i]);
	}
	free(p->name);
	free(p->value);
	*p = (qv__pairs){0};
}

/* ---- life ---- */

qv__req *qv__req_new(void)
{
	qv__req *r = calloc(1, sizeof *r);
	if (r)
		r->file = -1;
	return r;
}

void qv__req_free(qv__req *r)
{
	if (!r)
		return;
	forget_answer(r);
	qv__pairs_free(&r->headers);
	qv__pairs_free(&r->args);
	qv_buf_free(&r->body);
	free(r->method);
	free(r->path);
	free(r->version);
	explicit_bzero(r->fresh_key, sizeof r->fresh_key);
	free(r);
}
