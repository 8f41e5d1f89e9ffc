/*
 * line.c - one game of a study as a line of text (lab.h), written as a game finishes and read
 * back, checked field by field, by every computation: the lines are what a study keeps, so a
 * merge of shards computes from the same bytes as one machine.
 */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/lab.h"

/* ---- lines --------------------------------------------------------------------------------- */

/* Writes sep (when not 0) and v in decimal at the end of d (24 bytes free at least), and returns
 * where they start: the digits are made from the last backwards. */
static char *digits(char *end, char sep, long long v)
{
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	char *d = end;
	do
		*--d = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--d = '-';
	if (sep)
		*--d = sep;
	return d;
}

/* Appends sep (when not 0) and v in decimal, in one append: a line holds hundreds of numbers. */
static void put_int(qv_buf *out, char sep, long long v)
{
	char d[32];
	char *at = digits(d + sizeof d, sep, v);
	qv_buf_putn(out, at, (size_t)(d + sizeof d - at));
}

/* Appends sep (when not 0) and a utility, the bytes "%.17g" prints; whole numbers (most games'
 * utilities) the quick way. */
static void put_utility(qv_buf *out, char sep, double u)
{
	if (fabs(u) < 1e15 && u == (double)(long long)u && !(u == 0 && signbit(u))) {
		put_int(out, sep, (long long)u);
	} else {
		if (sep)
			qv_buf_putc(out, sep);
		qv_buf_printf(out, "%.17g", u);
	}
}

/* Appends " <key>=" and the list, or "-" when it is empty: seat.item.count for squares and
 * held copies, seat.component.available.chosen.captures for components (comp). */
static void put_counts(qv_buf *out, const char *key, const qv_lab_count *c, int n, bool comp)
{
	qv_buf_puts(out, key);
	if (!n)
		qv_buf_putc(out, '-');
	for (int i = 0; i < n; i++) {
		/* one record, written backwards from its end, in one append */
		char d[128], *at = d + sizeof d;
		if (comp)
			at = digits(at, '.', c[i].captures);
		at = digits(at, '.', c[i].chosen);
		if (comp)
			at = digits(at, '.', c[i].available);
		at = digits(at, '.', c[i].item);
		at = digits(at, i ? ',' : 0, c[i].seat);
		qv_buf_putn(out, at, (size_t)(d + sizeof d - at));
	}
}

/* Appends " o=" and the opening: "-" when empty; else its bytes, those that would end the
 * field or cannot be read back (a space, %, control characters, bytes above 126) as %XX, and a
 * lone "-" as %2D. */
static void put_opening(qv_buf *out, const char *text)
{
	qv_buf_puts(out, " o=");
	if (!text || !*text) {
		qv_buf_putc(out, '-');
		return;
	}
	if (!strcmp(text, "-")) {
		qv_buf_puts(out, "%2D");
		return;
	}
	static const char hex[] = "0123456789ABCDEF";
	char buf[256], *q = buf;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (q - buf > (long)sizeof buf - 4) {
			qv_buf_putn(out, buf, (size_t)(q - buf));
			q = buf;
		}
		if (*p <= ' ' || *p == '%' || *p > 126) {
			*q++ = '%';
			*q++ = hex[*p >> 4];
			*q++ = hex[*p & 15];
		} else
			*q++ = (char)*p;
	}
	qv_buf_putn(out, buf, (size_t)(q - buf));
}

/*
 * A game's line, fields separated by one space:
 *   <index> n=<players> a=<agent>,... u=<utility>,... r=<rank>,... d=<decisions>
 *   p=<positions> l=<legal> c=<0|1> v=<seat>:<value>,...
 *   k=<seat>.<k>.<available>.<chosen>.<captures>,... s=<seat>.<square>.<times>,...
 *   h=<seat>.<k>.<copies>,... o=<opening>
 * Utilities are printed with 17 significant digits, which read back to the same double; a
 * value is thousandths of utility or `x` (no search value); an empty list is `-`; the opening
 * is percent-encoded (put_opening).
 */
void qv_lab_line_write(const qv_lab_game *g, qv_buf *out)
{
	put_int(out, 0, g->index);
	qv_buf_puts(out, " n=");
	put_int(out, 0, g->players);
	qv_buf_puts(out, " a=");
	for (int s = 0; s < g->players; s++)
		put_int(out, s ? ',' : 0, g->agent[s]);
	qv_buf_puts(out, " u=");
	for (int s = 0; s < g->players; s++)
		put_utility(out, s ? ',' : 0, g->utility[s]);
	qv_buf_puts(out, " r=");
	for (int s = 0; s < g->players; s++)
		put_int(out, s ? ',' : 0, g->rank[s]);
	qv_buf_puts(out, " d=");
	put_int(out, 0, g->decisions);
	qv_buf_puts(out, " p=");
	put_int(out, 0, g->positions);
	qv_buf_puts(out, " l=");
	put_int(out, 0, g->legal);
	qv_buf_puts(out, g->capped ? " c=1 v=" : " c=0 v=");
	if (!g->nvalues)
		qv_buf_putc(out, '-');
	for (int i = 0; i < g->nvalues; i++) {
		put_int(out, i ? ',' : 0, g->mover[i]);
		if (g->value[i] == QV_LAB_NOVALUE)
			qv_buf_puts(out, ":x");
		else
			put_int(out, ':', g->value[i]);
	}
	put_counts(out, " k=", g->comp, g->ncomp, true);
	put_counts(out, " s=", g->square, g->nsquare, false);
	put_counts(out, " h=", g->held, g->nheld, false);
	put_opening(out, g->opening);
}

/* A cursor over one line. */
typedef struct lcur {
	const char *p, *end;
	const char *field; /* the field being read, for messages */
} lcur;

static qv_status bad(lcur *c, qv_err *err, const char *expected)
{
	return qv_fail(err, QV_EINVAL, "bad game line: field %s: expected %s", c->field, expected);
}

/* Reads a whole number in [lo, hi]. */
static bool read_long(lcur *c, long long lo, long long hi, long long *out)
{
	const char *p = c->p;
	bool neg = p < c->end && *p == '-';
	if (neg)
		p++;
	if (p >= c->end || *p < '0' || *p > '9')
		return false;
	long long v = 0;
	while (p < c->end && *p >= '0' && *p <= '9') {
		if (v > (LLONG_MAX - 9) / 10)
			return false;
		v = v * 10 + (*p++ - '0');
	}
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return false;
	c->p = p;
	*out = v;
	return true;
}

static bool read_double(lcur *c, double *out)
{
	char buf[40];
	size_t n = 0;
	while (c->p + n < c->end && n < sizeof buf - 1 && strchr("0123456789+-.eE", c->p[n]))
		n++;
	if (n == 0 || n == sizeof buf - 1)
		return false;
	memcpy(buf, c->p, n);
	buf[n] = '\0';
	char *e;
	errno = 0;
	double v = strtod(buf, &e);
	if (*e || errno || !isfinite(v) || v < -1 || v > 1)
		return false;
	c->p += n;
	*out = v;
	return true;
}

static bool eat(lcur *c, char ch)
{
	if (c->p < c->end && *c->p == ch) {
		c->p++;
		return true;
	}
	return false;
}

/* Reads " name=" and notes the field. */
static bool field(lcur *c, const char *name)
{
	size_t n = strlen(name);
	c->field = name;
	if (!eat(c, ' ') || (size_t)(c->end - c->p) < n + 1 || memcmp(c->p, name, n) != 0 ||
	    c->p[n] != '=')
		return false;
	c->p += n + 1;
	return true;
}

/* Reads a list of `count` whole numbers in [lo, hi] separated by commas. */
static bool read_ints(lcur *c, int count, long long lo, long long hi, int *out)
{
	for (int i = 0; i < count; i++) {
		long long v;
		if ((i && !eat(c, ',')) || !read_long(c, lo, hi, &v))
			return false;
		out[i] = (int)v;
	}
	return true;
}

/* Reads a `-` or a list of count records (put_counts: three numbers, five for components);
 * grows *list. */
static bool read_counts(lcur *c, qv_lab_count **list, int *n, bool comp)
{
	*list = NULL;
	*n = 0;
	if (eat(c, '-'))
		return true;
	int cap = 0;
	do {
		long long seat, item, avail = 0, chosen, captures = 0;
		if (!read_long(c, 0, QV_MAX_PLAYERS - 1, &seat) || !eat(c, '.') ||
		    !read_long(c, 0, 65535, &item) || !eat(c, '.'))
			return false;
		if (comp && (!read_long(c, 0, UINT32_MAX, &avail) || !eat(c, '.')))
			return false;
		if (!read_long(c, 0, UINT32_MAX, &chosen))
			return false;
		if (comp && (!eat(c, '.') || !read_long(c, INT32_MIN, INT32_MAX, &captures)))
			return false;
		if (comp && item >= QV_LAB_MAX_COMPONENTS)
			return false;
		if (*n &&
		    seat * 65536 + item <= (*list)[*n - 1].seat * 65536 + (*list)[*n - 1].item)
			return false; /* sorted and unique, as written */
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			qv_lab_count *l = realloc(*list, (size_t)cap * sizeof *l);
			if (!l)
				return false;
			*list = l;
		}
		(*list)[(*n)++] = (qv_lab_count){.seat = (uint8_t)seat,
		                                 .item = (uint16_t)item,
		                                 .available = (uint32_t)avail,
		                                 .chosen = (uint32_t)chosen,
		                                 .captures = (int32_t)captures};
	} while (eat(c, ','));
	return true;
}

static int hex_digit(char h)
{
	return h >= '0' && h <= '9' ? h - '0' : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
}

/* Reads the opening (put_opening) to the end of the line into *out (malloc'd; "" for `-`). */
static bool read_opening(lcur *c, char **out)
{
	size_t n = (size_t)(c->end - c->p);
	char *t = malloc(n + 1), *q = t;
	if (!t)
		return false;
	if (n == 1 && *c->p == '-') {
		c->p++;
		*q = '\0';
		*out = t;
		return true;
	}
	while (c->p < c->end) {
		char ch = *c->p;
		if (ch == '%') {
			int hi = c->end - c->p > 2 ? hex_digit(c->p[1]) : -1;
			int lo = hi >= 0 ? hex_digit(c->p[2]) : -1;
			if (lo < 0 || (hi == 0 && lo == 0))
				break;
			*q++ = (char)(hi * 16 + lo);
			c->p += 3;
		} else if (ch <= ' ' || (unsigned char)ch > 126) {
			break;
		} else {
			*q++ = ch;
			c->p++;
		}
	}
	*q = '\0';
	if (c->p != c->end || q == t) {
		free(t);
		return false;
	}
	*out = t;
	return true;
}

/* The fields from the index to c= (the game's seats, outcome and counts). */
static qv_status read_head(lcur *c, qv_lab_game *g, qv_err *err)
{
	long long v;
	if (!read_long(c, 0, QV_LAB_MAX_GAMES - 1, &v))
		return bad(c, err, "the game's index, a whole number");
	g->index = (int)v;
	if (!field(c, "n") || !read_long(c, 1, QV_MAX_PLAYERS, &v))
		return bad(c, err, "n=<players>, 1-5");
	g->players = (int)v;
	int n = g->players;
	if (!field(c, "a") || !read_ints(c, n, 0, QV_MAX_PLAYERS - 1, g->agent))
		return bad(c, err, "a=<agent>,... one per seat");
	if (!field(c, "u"))
		return bad(c, err, "u=<utility>,... one per seat");
	for (int s = 0; s < n; s++)
		if ((s && !eat(c, ',')) || !read_double(c, &g->utility[s]))
			return bad(c, err, "u=<utility>,... one per seat, each in [-1, 1]");
	if (!field(c, "r") || !read_ints(c, n, 1, n, g->rank))
		return bad(c, err, "r=<rank>,... one per seat, each 1-players");
	if (!field(c, "d") || !read_long(c, 0, INT32_MAX, &v))
		return bad(c, err, "d=<decisions>");
	g->decisions = (int)v;
	if (!field(c, "p") || !read_long(c, g->decisions, INT32_MAX, &v))
		return bad(c, err, "p=<positions>, at least the decisions");
	g->positions = (int)v;
	if (!field(c, "l") || !read_long(c, 0, LLONG_MAX / 2, &g->legal))
		return bad(c, err, "l=<legal actions>");
	if (!field(c, "c") || !read_long(c, 0, 1, &v))
		return bad(c, err, "c=0 or c=1");
	g->capped = v == 1;
	return QV_OK;
}

/* v=: the search's value of each decision with its mover (or `-`: none), one per decision. */
static qv_status read_values(lcur *c, qv_lab_game *g, qv_err *err)
{
	if (!field(c, "v"))
		return bad(c, err, "v=- or v=<seat>:<value>,...");
	if (!eat(c, '-')) {
		int cap = 0;
		do {
			long long seat, val = QV_LAB_NOVALUE;
			if (!read_long(c, 0, g->players - 1, &seat) || !eat(c, ':') ||
			    (!eat(c, 'x') && !read_long(c, -1000, 1000, &val)))
				return bad(c, err, "v=<seat>:<value in -1000..1000 or x>,...");
			if (g->nvalues == cap) {
				cap = cap ? cap * 2 : 64;
				uint8_t *m = realloc(g->mover, (size_t)cap);
				int16_t *vv =
				    m ? realloc(g->value, (size_t)cap * sizeof *vv) : NULL;
				if (m)
					g->mover = m;
				if (!vv)
					return qv_fail(err, QV_ENOMEM,
					               "out of memory reading a line");
				g->value = vv;
			}
			g->mover[g->nvalues] = (uint8_t)seat;
			g->value[g->nvalues++] = (int16_t)val;
		} while (eat(c, ','));
	}
	if (g->nvalues && g->nvalues != g->decisions)
		return bad(c, err, "one value per decision (d=)");
	return QV_OK;
}

/* k=, s=, h= and o=: the components, squares and holdings counted, and the opening. */
static qv_status read_tail(lcur *c, qv_lab_game *g, qv_err *err)
{
	if (!field(c, "k") || !read_counts(c, &g->comp, &g->ncomp, true))
		return bad(
		    c, err,
		    "k=- or k=<seat>.<component>.<available>.<chosen>.<captures>,... sorted");
	if (!field(c, "s") || !read_counts(c, &g->square, &g->nsquare, false))
		return bad(c, err, "s=- or s=<seat>.<square>.<times>,... sorted");
	if (!field(c, "h") || !read_counts(c, &g->held, &g->nheld, false))
		return bad(c, err, "h=- or h=<seat>.<component>.<copies>,... sorted");
	if (!field(c, "o") || !read_opening(c, &g->opening))
		return bad(c, err, "o=- or o=<each seat's first move, percent-encoded> to the end");
	return QV_OK;
}

qv_status qv_lab_line_read(const char *line, size_t len, qv_lab_game *g, qv_err *err)
{
	memset(g, 0, sizeof *g);
	lcur c = {line, line + len, "index"};
	qv_status rc = read_head(&c, g, err);
	if (rc)
		return rc;
	rc = read_values(&c, g, err);
	if (!rc)
		rc = read_tail(&c, g, err);
	if (rc)
		qv_lab_game_free(g);
	return rc;
}
