/*
 * fmt.c - snprintf's bytes for the plain conversions (fmt.h). glibc's vsnprintf costs some 800
 * instructions a call whatever it writes; the notes and notations of a table's legal actions
 * call it thousands of times an act (docs/benchmarks.md).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"

/* Whether every conversion of fmt is one written here: a letter of "sdiuc" or "%%" right
 * after its '%'. */
static bool plain(const char *fmt)
{
	for (const char *p = strchr(fmt, '%'); p; p = strchr(p + 2, '%'))
		if (!p[1] || !strchr("sdiuc%", p[1]))
			return false;
	return true;
}

/* What is being written: buf's room (len with the '\0') and how long the text is so far. */
typedef struct out {
	char *buf;
	size_t len, at;
} out;

static void put(out *o, const char *s, size_t n)
{
	if (o->at + 1 < o->len) {
		size_t room = o->len - 1 - o->at;
		memcpy(o->buf + o->at, s, n < room ? n : room);
	}
	o->at += n;
}

/* v in decimal, with its sign. */
static void put_number(out *o, unsigned long long v, bool negative)
{
	char d[24];
	size_t n = sizeof d;
	do
		d[--n] = (char)('0' + v % 10);
	while (v /= 10);
	if (negative)
		d[--n] = '-';
	put(o, d + n, sizeof d - n);
}

int qv_vfmt(char *buf, size_t len, const char *fmt, va_list ap)
{
	if (!plain(fmt))
		return vsnprintf(buf, len, fmt, ap);
	out o = {buf, len, 0};
	for (const char *p = fmt; *p;) {
		const char *c = strchr(p, '%');
		size_t k = c ? (size_t)(c - p) : strlen(p);
		put(&o, p, k);
		if (!c)
			break;
		p = c + 2;
		switch (c[1]) {
		case 's': {
			const char *s = va_arg(ap, const char *);
			s = s ? s : "(null)";
			put(&o, s, strlen(s));
			break;
		}
		case 'd':
		case 'i': {
			int v = va_arg(ap, int);
			put_number(&o, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v,
			           v < 0);
			break;
		}
		case 'u': put_number(&o, va_arg(ap, unsigned), false); break;
		case 'c': {
			char ch = (char)va_arg(ap, int);
			put(&o, &ch, 1);
			break;
		}
		default: put(&o, "%", 1); break;
		}
	}
	if (len)
		buf[o.at < len ? o.at : len - 1] = '\0';
	return (int)o.at;
}

int qv_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = qv_vfmt(buf, len, fmt, ap);
	va_end(ap);
	return n;
}
