/*
 * core.c - status messages, the RNG, the text buffer, directions, squares and text helpers.
 * Parameters live in params.c.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "quiver/core.h"

const char *qv_strerror(qv_status status)
{
	switch (status) {
	case QV_OK: return "ok";
	case QV_EINVAL: return "invalid input";
	case QV_EILLEGAL: return "illegal action";
	case QV_ENOMEM: return "out of memory";
	case QV_EIO: return "input/output error";
	case QV_ESTATE: return "not possible now";
	default: return "unknown error";
	}
}

#ifdef QV_CHECKS
void qv__assert_fail(const char *cond, const char *file, int line)
{
	fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, cond);
	abort();
}
#endif

qv_status qv_fail(qv_err *err, qv_status code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* ---- RNG: xoshiro256** (Blackman and Vigna), seeded by splitmix64 ---- */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

void qv_rng_seed(qv_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t qv_rng_next(qv_rng *r) { return qv__rng_next(r); }

uint32_t qv_rng_below(qv_rng *r, uint32_t n) { return qv__rng_below(r, n); }

/* The same draws as qv_rng_below's, from a copy of the generator that stays in registers
 * (every random playout of a card game shuffles its decks). */
void qv_shuffle_bytes(uint8_t *a, int n, qv_rng *r)
{
	qv_rng g = *r;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)qv__rng_below(&g, (uint32_t)(i + 1));
		uint8_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
	*r = g;
}

double qv_rng_double(qv_rng *r) { return (double)(qv__rng_next(r) >> 11) * 0x1.0p-53; }

uint64_t qv_seed_mix(uint64_t a, uint64_t b)
{
	uint64_t x = a ^ (b * 0xD1B54A32D192ED03ull);
	return splitmix64(&x);
}

/* ---- text buffer ---- */

static bool buf_reserve(qv_buf *b, size_t extra)
{
	if (b->failed)
		return false;
	if (b->len + extra + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->failed = true;
		return false;
	}
	b->s = s;
	b->cap = cap;
	return true;
}

void qv_buf_putn(qv_buf *b, const char *s, size_t n)
{
	if (!buf_reserve(b, n))
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void qv_buf_puts(qv_buf *b, const char *s) { qv_buf_putn(b, s, strlen(s)); }

void qv_buf_putd(qv_buf *b, long long v)
{
	char d[24];
	size_t n = sizeof d;
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	do
		d[--n] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		d[--n] = '-';
	qv_buf_putn(b, d + n, sizeof d - n);
}

void qv_buf_shell_word(qv_buf *b, const char *text)
{
	bool plain = *text != '\0';
	for (const char *c = text; *c; c++)
		if (!strchr(
		        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,:/+@%",
		        *c))
			plain = false;
	if (plain) {
		qv_buf_puts(b, text);
		return;
	}
	qv_buf_putc(b, '\'');
	for (const char *c = text; *c; c++) {
		if (*c == '\'')
			qv_buf_puts(b, "'\\''");
		else
			qv_buf_putc(b, *c);
	}
	qv_buf_putc(b, '\'');
}

void qv_buf_putc(qv_buf *b, char c)
{
	if (!buf_reserve(b, 1))
		return;
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

void qv_buf_printf(qv_buf *b, const char *fmt, ...)
{
	/* Formats once into the room there is (most texts fit), and again only when the buffer
	 * had to grow. */
	if (!buf_reserve(b, 64))
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->s[b->len] = '\0';
		return;
	}
	if (b->len + (size_t)n >= b->cap) {
		if (!buf_reserve(b, (size_t)n)) {
			b->s[b->len] = '\0';
			return;
		}
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void qv_buf_clear(qv_buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

void qv_buf_free(qv_buf *b)
{
	free(b->s);
	*b = (qv_buf){0};
}

const char *qv_buf_str(const qv_buf *b) { return b->s ? b->s : ""; }

/* ---- directions and squares ---- */

const int qv_dir_dx[QV_NDIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
const int qv_dir_dy[QV_NDIRS] = {1, 1, 0, -1, -1, -1, 0, 1};
const char *const qv_dir_names[QV_NDIRS] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

int qv_dir_parse(const char *text)
{
	for (int d = 0; d < QV_NDIRS; d++)
		if (qv_streq_nocase(text, qv_dir_names[d]))
			return d;
	return -1;
}

void qv_sq_name(int file, int rank, char *buf)
{
	/* written by hand: names are made for every action's notation, and snprintf showed */
	unsigned f = (unsigned)file % 26u, r = (unsigned)(rank + 1) % 100u;
	*buf++ = (char)('a' + f);
	if (r >= 10)
		*buf++ = (char)('0' + r / 10);
	*buf++ = (char)('0' + r % 10);
	*buf = '\0';
}

qv_status qv_sq_parse(const char *text, int width, int height, int *file, int *rank, qv_err *err)
{
	const char *p = text;
	long r;
	char last[4];
	if (!isalpha((unsigned char)p[0]) || !qv_parse_long(p + 1, &r) ||
	    !isdigit((unsigned char)p[1])) {
		qv_sq_name(width - 1, height - 1, last);
		return qv_fail(err, QV_EINVAL,
		               "'%s' is not a square: expected a file letter and a rank, a1-%s",
		               text, last);
	}
	int f = tolower((unsigned char)p[0]) - 'a';
	if (f >= width || r < 1 || r > height) {
		qv_sq_name(width - 1, height - 1, last);
		return qv_fail(err, QV_EINVAL, "square '%s' is off the %dx%d board (a1-%s)", text,
		               width, height, last);
	}
	*file = f;
	*rank = (int)r - 1;
	return QV_OK;
}

/* ---- text helpers ---- */

int qv_join(char *buf, size_t len, int n, const char *const *w)
{
	size_t at = 0;
	for (int i = 0; i < n; i++) {
		if (i && at++ + 1 < len)
			buf[at - 1] = ' ';
		for (const char *c = w[i]; *c; c++, at++)
			if (at + 1 < len)
				buf[at] = *c;
	}
	if (len)
		buf[at < len ? at : len - 1] = '\0';
	return (int)at;
}

int qv_split(char *line, char **tok, int max)
{
	int n = 0;
	char *p = line;
	for (;;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			return n;
		if (n == max)
			return max + 1;
		tok[n++] = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
}

qv_status qv_action_split(const char *text, char *line, size_t len, char **tok, int max,
                          const char *forms, int *n, qv_err *err)
{
	if (strlen(text) >= len)
		return qv_fail(err, QV_EINVAL, "action too long: expected one of %s", forms);
	memcpy(line, text, strlen(text) + 1);
	*n = qv_split(line, tok, max);
	if (*n == 0)
		return qv_fail(err, QV_EINVAL, "empty action: expected one of %s", forms);
	return QV_OK;
}

bool qv_list_next(const char **p, char *tok, size_t size, size_t *len)
{
	const char *s = *p;
	if (!s)
		return false;
	while (*s == ' ')
		s++;
	const char *e = strchr(s, ',');
	if (!e)
		e = s + strlen(s);
	const char *end = e;
	while (end > s && end[-1] == ' ')
		end--;
	*len = (size_t)(end - s);
	snprintf(tok, size, "%.*s", (int)(*len < size ? *len : size - 1), s);
	*p = *e ? e + 1 : NULL;
	return true;
}

int qv_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 200)
		la = 200;
	if (lb > 200)
		lb = 200;
	int row[201];
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int cost =
			    tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb] > 255 ? 255 : row[lb];
}

void qv_nearest_keep(int *item, int *dist, int *n, int cap, int candidate, int d)
{
	int pos = *n;
	while (pos > 0 && dist[pos - 1] > d)
		pos--;
	if (pos >= cap)
		return;
	for (int j = *n < cap ? *n : cap - 1; j > pos; j--) {
		item[j] = item[j - 1];
		dist[j] = dist[j - 1];
	}
	item[pos] = candidate;
	dist[pos] = d;
	if (*n < cap)
		(*n)++;
}

/* tolower of the C locale (quiver never sets another), without a call per character: a
 * game's init compares names with it (a deck parameter against the decks of the set). */
static inline int ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

bool qv_streq_nocase(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && ascii_lower((unsigned char)*a) != ascii_lower((unsigned char)*b))
			return false;
	return *a == *b;
}

void qv_copy(char *dst, size_t size, const char *src)
{
	if (size == 0)
		return;
	if (!src)
		src = "";
	size_t n = strnlen(src, size - 1);
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* What strtol accepts in base 10 when nothing may follow and no space may lead: a sign, then
 * at least one digit, within the range of a long; written out because a game's init reads its
 * numbers with it at every random playout, and strtol cost five times as much. */
bool qv_parse_long(const char *text, long *out)
{
	if (!text)
		return false;
	const char *p = text;
	bool negative = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	if (*p < '0' || *p > '9')
		return false;
	/* the magnitude's limit: LONG_MAX, or one more for a negative number; below a tenth of
	 * it, ten times a number and a digit cannot pass it */
	unsigned long limit = (unsigned long)LONG_MAX + negative, safe = limit / 10, v = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned long digit = (unsigned long)(*p - '0');
		if (v >= safe && v > (limit - digit) / 10)
			return false;
		v = v * 10 + digit;
	}
	if (*p)
		return false;
	*out = negative ? (long)(0 - v) : (long)v;
	return true;
}

/* The length (1 to 4) of the well-formed UTF-8 character at s, or 0 when s does not start one:
 * a stray continuation byte, a lead byte that no character has, an overlong form, a surrogate,
 * a code point past U+10FFFF, or a sequence cut short (by the end of the text or another
 * character). */
static size_t utf8_char(const unsigned char *s)
{
	unsigned c = s[0], cp, min;
	size_t n;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2, cp = c & 0x1F, min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		n = 3, cp = c & 0x0F, min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4, cp = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	return cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ? 0 : n;
}

/* Counts characters, not bytes, so a cut never splits one; what is not well-formed UTF-8 (text
 * typed by anyone: a URL's %FF, a key in another encoding) becomes U+FFFD, one for each byte,
 * so the result is always valid UTF-8, as JSON and WebSocket text frames require. */
const char *qv_shorten(const char *text, size_t max, char *buf, size_t len)
{
	static const char more[] = "\xE2\x80\xA6"; /* U+2026 HORIZONTAL ELLIPSIS */
	static const char bad[] = "\xEF\xBF\xBD";  /* U+FFFD REPLACEMENT CHARACTER */
	if (len == 0)
		return buf;
	/* Whole when every character fits, else as many as fit before the ellipsis. */
	const unsigned char *s = (const unsigned char *)text;
	size_t need = 0, chars = 0;
	for (size_t at = 0; s[at] && chars <= max; chars++) {
		size_t n = utf8_char(s + at);
		need += n ? n : sizeof bad - 1;
		at += n ? n : 1;
	}
	bool cut = chars > max || need + 1 > len;
	size_t room = cut ? (len > sizeof more ? len - sizeof more : 0) : len - 1;
	size_t out = 0;
	chars = 0;
	for (size_t at = 0; s[at] && chars < max; chars++) {
		size_t n = utf8_char(s + at);
		const char *piece = n ? (const char *)s + at : bad;
		size_t pn = n ? n : sizeof bad - 1;
		if (out + pn > room)
			break;
		memcpy(buf + out, piece, pn);
		out += pn;
		at += n ? n : 1;
	}
	if (cut && out + sizeof more <= len) {
		memcpy(buf + out, more, sizeof more - 1);
		out += sizeof more - 1;
	}
	buf[out] = '\0';
	return buf;
}

double qv_clean_zero(double x, int decimals)
{
	double half = 0.5;
	for (int i = 0; i < decimals; i++)
		half /= 10;
	return x < half && x > -half ? 0.0 : x;
}
