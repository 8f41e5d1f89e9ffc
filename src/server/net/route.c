/*
 * route.c - matching a request against a table of routes, and the 404 and 405 answers the
 * table implies (route.h).
 */
#include <stdio.h>
#include <string.h>

#include "server/net/route.h"

/* ---- patterns ------------------------------------------------------------------------------- */

/* The kind named by a capture segment "{name}" (len bytes at seg), or NULL; *capture says
 * whether the segment is a capture at all. */
static const qv__route_kind *kind_of(const qv__routes *t, const char *seg, size_t len,
                                     bool *capture)
{
	*capture = len >= 2 && seg[0] == '{' && seg[len - 1] == '}';
	for (size_t i = 0; *capture && t && i < t->nkinds; i++)
		if (strlen(t->kinds[i].name) == len - 2 &&
		    memcmp(t->kinds[i].name, seg + 1, len - 2) == 0)
			return &t->kinds[i];
	return NULL;
}

/* Matches the segments of pattern against the first len bytes of path. With `prefix`, the
 * path may go on after the pattern's last segment. A capture takes a segment its kind allows
 * (any segment when t is NULL). Writes up to max captures; returns their number, or -1. */
static int match(const qv__routes *t, const char *pattern, const char *path, size_t len,
                 bool prefix, qv__route_cap *caps, int max)
{
	if (strcmp(pattern, "*") == 0)
		return 0;
	const char *p = pattern, *s = path, *end = path + len;
	int n = 0;
	while (*p == '/') {
		const char *pseg = ++p;
		size_t plen = strcspn(p, "/");
		p += plen;
		if (s >= end || *s != '/')
			return -1;
		const char *seg = ++s;
		while (s < end && *s != '/')
			s++;
		size_t slen = (size_t)(s - seg);
		bool capture;
		const qv__route_kind *k = kind_of(t, pseg, plen, &capture);
		if (!capture) {
			if (plen != slen || memcmp(pseg, seg, slen) != 0)
				return -1;
			continue;
		}
		if (k && ((slen == 0 && !k->empty) || slen > k->max))
			return -1;
		if (n < max) {
			qv__route_cap *c = &caps[n];
			c->kind = k ? k->name : NULL;
			c->at = seg;
			c->len = slen;
			size_t keep = slen < sizeof c->text ? slen : sizeof c->text - 1;
			memcpy(c->text, seg, keep);
			c->text[keep] = '\0';
			c->value = NULL;
		}
		n++;
	}
	if (s != end && !prefix)
		return -1;
	return n < max ? n : max;
}

int qv__route_shape(const char *pattern, const char *path, qv__route_cap *caps, int max)
{
	return match(NULL, pattern, path, strlen(path), false, caps, max);
}

/* Appends text to buf (len bytes, NUL-terminated), cutting it to fit. */
static void append(char *buf, size_t len, const char *text)
{
	size_t used = strnlen(buf, len), n = strlen(text);
	if (used + 1 >= len)
		return;
	if (n > len - used - 1)
		n = len - used - 1;
	memcpy(buf + used, text, n);
	buf[used + n] = '\0';
}

void qv__route_shown(const qv__routes *t, const char *pattern, char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	for (const char *p = pattern; *p;) {
		size_t n = strcspn(p, "{");
		char piece[128];
		snprintf(piece, sizeof piece, "%.*s",
		         (int)(n < sizeof piece ? n : sizeof piece - 1), p);
		append(buf, len, piece);
		p += n;
		if (!*p)
			break;
		size_t c = strcspn(p, "}");
		bool is;
		const qv__route_kind *k = kind_of(t, p, c + (p[c] == '}'), &is);
		append(buf, len, k ? k->shown : "?"); /* "?": a capture t does not know */
		p += c + (p[c] == '}');
	}
}

/* ---- families ------------------------------------------------------------------------------- */

/* The family of a path: the first whose prefix it begins with. */
static const qv__route_family *family_of_path(const qv__routes *t, const char *path)
{
	qv__route_cap caps[QV__ROUTE_CAPS];
	for (size_t i = 0; i < t->nfamilies; i++)
		if (match(t, t->families[i].prefix, path, strlen(path), true, caps,
		          QV__ROUTE_CAPS) >= 0)
			return &t->families[i];
	return &t->families[t->nfamilies - 1];
}

/* Whether pattern begins with the segments of prefix. */
static bool pattern_under(const char *pattern, const char *prefix)
{
	size_t n = strlen(prefix);
	return strncmp(pattern, prefix, n) == 0 && (pattern[n] == '\0' || pattern[n] == '/');
}

/* The family of a route: the first whose prefix its pattern begins with. */
static const qv__route_family *family_of_route(const qv__routes *t, const qv__route *r)
{
	for (size_t i = 0; i < t->nfamilies; i++)
		if (pattern_under(r->path, t->families[i].prefix))
			return &t->families[i];
	return &t->families[t->nfamilies - 1];
}

/* Joins items as "a, b and c" into buf (appending). */
static void join(char *buf, size_t len, char items[][128], int n)
{
	for (int i = 0; i < n; i++) {
		append(buf, len, i == 0 ? "" : i == n - 1 ? " and " : ", ");
		append(buf, len, items[i]);
	}
}

/* Adds item to items (n of them, at most max) unless it is there. */
static void add_item(char items[][128], int *n, int max, const char *item)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(items[i], item) == 0)
			return;
	if (*n < max)
		snprintf(items[(*n)++], 128, "%s", item);
}

/* The family's 404: its intro and the list of its paths. */
static void family_list(const qv__routes *t, const qv__route_family *f, char *buf, size_t len)
{
	enum { ITEMS = 16 };
	char items[ITEMS][128], shown_path[128];
	int n = 0;
	size_t plen = strlen(f->prefix);
	snprintf(buf, len, "%s", f->intro ? f->intro : "");
	if (f->list == QV__LIST_SUFFIXES) {
		qv__route_shown(t, f->prefix, shown_path, sizeof shown_path);
		add_item(items, &n, ITEMS, shown_path);
	}
	const char *last = NULL; /* QV__LIST_CHAIN: the route before */
	int brackets = 0;        /* QV__LIST_CHAIN: brackets to close */
	for (size_t i = 0; i < t->nroutes; i++) {
		const char *path = t->routes[i].path;
		if (!pattern_under(path, f->prefix) || path[plen] == '\0')
			continue;
		bool own = family_of_route(t, &t->routes[i]) == f;
		if (f->list == QV__LIST_TOP) {
			/* the prefix and the first segment after it */
			size_t seg = plen + 1 + strcspn(path + plen + 1, "/");
			char top[128];
			snprintf(top, sizeof top, "%.*s",
			         (int)(seg < sizeof top ? seg : sizeof top - 1), path);
			qv__route_shown(t, top, shown_path, sizeof shown_path);
			add_item(items, &n, ITEMS, shown_path);
		} else if (f->list == QV__LIST_SUFFIXES && own) {
			qv__route_shown(t, path + plen, shown_path, sizeof shown_path);
			add_item(items, &n, ITEMS, shown_path);
		} else if (f->list == QV__LIST_CHAIN && own &&
		           (!last || pattern_under(path, last)) &&
		           (!last || strcmp(path, last) != 0)) {
			/* each route one segment longer than the last: the new segment in brackets
			 */
			qv__route_shown(t, last ? path + strlen(last) : path, shown_path,
			                sizeof shown_path);
			append(buf, len, last ? "[" : "");
			append(buf, len, shown_path);
			brackets += last != NULL;
			last = path;
		}
	}
	if (f->list == QV__LIST_CHAIN) {
		while (brackets-- > 0)
			append(buf, len, "]");
		return;
	}
	join(buf, len, items, n);
}

/* ---- resolving a request -------------------------------------------------------------------- */

/* Whether a route of method `route` answers a request of method `asked`. */
static bool method_fits(const char *route, const char *asked)
{
	return strcmp(route, asked) == 0 ||
	       (strcmp(route, "GET") == 0 && strcmp(asked, "HEAD") == 0);
}

/* Whether method is one of the comma-separated list. */
static bool listed(const char *list, const char *method)
{
	size_t n = strlen(method);
	for (const char *p = list; *p; p += strspn(p, ", ")) {
		size_t k = strcspn(p, ",");
		if (k == n && strncmp(p, method, n) == 0)
			return true;
		p += k;
	}
	return false;
}

/* Runs the checks of m's captures in order: 0, or the first refusal (m->msg written). */
static int check_caps(const qv__routes *t, qv__route_match *m)
{
	for (int i = 0; i < m->ncaps; i++)
		for (size_t k = 0; k < t->nkinds; k++) {
			const qv__route_kind *kind = &t->kinds[k];
			if (m->cap[i].kind != kind->name || !kind->check)
				continue;
			int st = kind->check(m, i);
			if (st)
				return st;
		}
	return 0;
}

void qv__route_resolve(const qv__routes *t, struct qv__server *srv, const char *method,
                       const char *path, qv__route_match *m)
{
	memset(m, 0, sizeof *m);
	const qv__route_family *f = family_of_path(t, path);
	if (f->open && !f->open(srv)) {
		m->status = 404;
		snprintf(m->msg, sizeof m->msg, "%s", f->closed);
		return;
	}
	size_t len = strlen(path);
	if (f->slash && len > 1 && path[len - 1] == '/')
		len--;
	const qv__route *shaped = NULL, *hit = NULL;
	for (size_t i = 0; i < t->nroutes; i++) {
		const qv__route *r = &t->routes[i];
		qv__route_cap caps[QV__ROUTE_CAPS];
		if (family_of_route(t, r) != f ||
		    match(t, r->path, path, len, false, caps, QV__ROUTE_CAPS) < 0)
			continue;
		shaped = shaped ? shaped : r;
		if (!listed(m->allow, r->method)) {
			append(m->allow, sizeof m->allow, m->allow[0] ? ", " : "");
			append(m->allow, sizeof m->allow, r->method);
		}
		if (!hit && method_fits(r->method, method))
			hit = r;
	}
	/* The captures: the route's, or (no route has the path's shape) the family prefix's. */
	const char *pattern = hit ? hit->path : shaped ? shaped->path : f->prefix;
	int n = match(t, pattern, path, len, !shaped, m->cap, QV__ROUTE_CAPS);
	m->ncaps = n > 0 ? n : 0;
	m->status = check_caps(t, m);
	if (m->status)
		return;
	if (!shaped) {
		m->status = 404;
		family_list(t, f, m->msg, sizeof m->msg);
	} else if (!hit) {
		m->status = 405;
	} else {
		m->route = hit;
	}
}

const qv__route_cap *qv__route_cap_of(const qv__route_match *m, const char *kind)
{
	for (int i = 0; i < m->ncaps; i++)
		if (m->cap[i].kind && strcmp(m->cap[i].kind, kind) == 0)
			return &m->cap[i];
	return NULL;
}
