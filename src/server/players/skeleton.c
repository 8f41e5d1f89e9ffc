/*
 * skeleton.c - usernames' keys of likeness (skeleton.h): confusables.c's tables read once into
 * sorted arrays, and a name's skeleton: its NFD (decompositions, then marks in canonical order),
 * each code point's prototype, the marks ordered again.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/core.h"
#include "server/base/confusables.h"
#include "server/players/skeleton.h"
#include "server/store/accounts.h"
#include "server/store/store.h"
#include "server/table/chat.h"

/* A code point's replacement: n code points of the pool from off. */
typedef struct seq {
	uint32_t cp;
	uint32_t off, n;
} seq;

/* Runs of single replacements; ranges of a canonical combining class. */
typedef struct run {
	uint32_t first, last, to; /* first..last become to.. (runs), or have class `to` (marks) */
} run;

/* A table read from its text. */
typedef struct table {
	seq *seqs;
	run *runs;
	uint32_t *pool;
	size_t n, npool;
} table;

static table decomps, protos, singles, marks;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool ready;

/* The number of n base-64 digits at *p (scripts/confusables_table.py), which moves past them. */
static uint32_t number(const char **p, int n)
{
	uint32_t x = 0;
	for (int i = 0; i < n; i++, (*p)++) {
		char c = **p;
		uint32_t d = c >= '0' && c <= '9'   ? (uint32_t)(c - '0')
		             : c >= 'A' && c <= 'Z' ? (uint32_t)(c - 'A' + 10)
		             : c >= 'a' && c <= 'z' ? (uint32_t)(c - 'a' + 36)
		             : c == '+'             ? 62u
		                                    : 63u;
		x = x << 6 | d;
	}
	return x;
}

/* Reads a table of sequences (CODE LENGTH PARTS...). */
static bool read_seqs(const char *text, table *t)
{
	size_t len = strlen(text);
	t->seqs = malloc(sizeof *t->seqs * (len / 7 + 1));
	t->pool = malloc(sizeof *t->pool * (len / 3 + 1));
	if (!t->seqs || !t->pool)
		return false;
	for (const char *p = text; *p;) {
		seq *s = &t->seqs[t->n++];
		s->cp = number(&p, 3);
		s->n = number(&p, 1);
		s->off = (uint32_t)t->npool;
		for (uint32_t i = 0; i < s->n; i++)
			t->pool[t->npool++] = number(&p, 3);
	}
	return true;
}

/* Reads a table of ranges: FIRST COUNT TARGET (runs) or FIRST LAST CLASS (marks). */
static bool read_runs(const char *text, table *t, bool counted)
{
	size_t len = strlen(text);
	t->runs = malloc(sizeof *t->runs * (len / 8 + 1));
	if (!t->runs)
		return false;
	for (const char *p = text; *p;) {
		run *r = &t->runs[t->n++];
		r->first = number(&p, 3);
		r->last = counted ? r->first + number(&p, 2) - 1 : number(&p, 3);
		r->to = number(&p, counted ? 3 : 2);
	}
	return true;
}

static void read_tables(void)
{
	ready = read_seqs(qv__confusables_decomps, &decomps) &&
	        read_seqs(qv__confusables_seqs, &protos) &&
	        read_runs(qv__confusables_runs, &singles, true) &&
	        read_runs(qv__confusables_marks, &marks, false);
}

static int seq_cmp(const void *key, const void *e)
{
	uint32_t cp = *(const uint32_t *)key, at = ((const seq *)e)->cp;
	return cp < at ? -1 : cp > at;
}

static int run_cmp(const void *key, const void *e)
{
	uint32_t cp = *(const uint32_t *)key;
	const run *r = e;
	return cp < r->first ? -1 : cp > r->last;
}

static const seq *seq_of(const table *t, uint32_t cp)
{
	return bsearch(&cp, t->seqs, t->n, sizeof *t->seqs, seq_cmp);
}

static const run *run_of(const table *t, uint32_t cp)
{
	return bsearch(&cp, t->runs, t->n, sizeof *t->runs, run_cmp);
}

static uint32_t klass(uint32_t cp)
{
	const run *r = run_of(&marks, cp);
	return r ? r->to : 0;
}

/* NFD's canonical order: each run of marks sorted by class, stably (insertion). */
static void reorder(uint32_t *cp, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint32_t c = cp[i], k = klass(c);
		size_t j = i;
		while (k && j > 0 && klass(cp[j - 1]) > k) {
			cp[j] = cp[j - 1];
			j--;
		}
		cp[j] = c;
	}
}

#define CAP (QV__SKELETON_BYTES / 4)

/* Appends n code points to out (*len of them, at most CAP: the rest are cut). */
static void put(uint32_t *out, size_t *len, const uint32_t *cp, size_t n)
{
	for (size_t i = 0; i < n && *len < CAP; i++)
		out[(*len)++] = cp[i];
}

/* name's NFD into out (*len code points). */
static void decompose(const char *name, uint32_t *out, size_t *len)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t n = strlen(name);
	for (size_t i = 0, k = 1; i < n; i += k) {
		int32_t c = qv__utf8_next(s + i, n - i, &k);
		if (c < 0) {
			k = 1; /* never in a cleaned name: the byte is skipped */
			continue;
		}
		uint32_t cp = (uint32_t)c;
		const seq *d = seq_of(&decomps, cp);
		if (cp >= 0xAC00 && cp <= 0xD7A3) { /* Hangul syllables (Unicode 3.12) */
			uint32_t x = cp - 0xAC00,
			         jamo[3] = {0x1100 + x / 588, 0x1161 + x % 588 / 28,
			                    0x11A7 + x % 28};
			put(out, len, jamo, x % 28 ? 3 : 2);
		} else if (d) {
			put(out, len, decomps.pool + d->off, d->n);
		} else {
			put(out, len, &cp, 1);
		}
	}
	reorder(out, *len);
}

/* The UTF-8 bytes of c into b: their count. */
static size_t utf8_put(uint32_t c, char b[4])
{
	if (c < 0x80) {
		b[0] = (char)c;
		return 1;
	}
	size_t n = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
	for (size_t i = n - 1; i > 0; i--, c >>= 6)
		b[i] = (char)(0x80 | (c & 63));
	b[0] = (char)((n == 2 ? 0xC0 : n == 3 ? 0xE0 : 0xF0) | c);
	return n;
}

/* Usernames are one in any case, so a letter's case is folded before its prototype is looked
 * up: else "SAM" kept "m" where "Sam" has "rn" (Unicode gives m the prototype rn, and M none),
 * and a guest "SAM" passed for the account Sam. Capital I stays, since its own prototype is l
 * ("PauI" looks like "Paul"; "i" does not). */
static uint32_t folded(uint32_t c) { return c >= 'A' && c <= 'Z' && c != 'I' ? c + 32 : c; }

/* quiver's own prototypes beside Unicode's: look-alikes Unicode's confusables do not list,
 * since each of its mappings starts from one character (d as "cl" and w as "vv", as it has m as
 * "rn"), and Greek tau as t: the third audit signed up Clave beside Dave, VVill beside Will and
 * O\u03c4to beside Otto. Looked up before Unicode's, and in what Unicode's give (Cyrillic
 * \u0501's prototype is d, so cl). */
static const struct extra {
	uint32_t cp, to[2];
	size_t n;
} extras[] = {{'d', {'c', 'l'}, 2}, {'w', {'v', 'v'}, 2}, {0x3C4, {'t', 0}, 1}};

/* Puts c's extra prototype (above) at the end of out: false when c has none. */
static bool put_extra(uint32_t *out, size_t *len, uint32_t c)
{
	for (size_t k = 0; k < sizeof extras / sizeof extras[0]; k++)
		if (extras[k].cp == c) {
			put(out, len, extras[k].to, extras[k].n);
			return true;
		}
	return false;
}

bool qv__skeleton_key(const char *name, char out[QV__SKELETON_BYTES])
{
	pthread_once(&once, read_tables);
	uint32_t *nfd = malloc(sizeof *nfd * CAP), *sk = malloc(sizeof *sk * CAP);
	size_t n = 0, m = 0, o = 0;
	bool ok = nfd && sk && ready;
	if (ok) {
		decompose(name, nfd, &n);
		for (size_t i = 0; i < n; i++) {
			uint32_t c = folded(nfd[i]);
			if (put_extra(sk, &m, c))
				continue;
			const seq *p = seq_of(&protos, c);
			const run *r = p ? NULL : run_of(&singles, c);
			uint32_t one = r ? r->to + (c - r->first) : c;
			const uint32_t *to = p ? protos.pool + p->off : &one;
			for (size_t j = 0, nto = p ? p->n : 1; j < nto; j++) {
				uint32_t t = folded(to[j]);
				if (!put_extra(sk, &m, t))
					put(sk, &m, &t, 1);
			}
		}
		reorder(sk, m);
	}
	for (size_t i = 0; i < m; i++) {
		char bytes[4];
		size_t k = utf8_put(sk[i] >= 'A' && sk[i] <= 'Z' ? sk[i] + 32 : sk[i], bytes);
		if (o + k >= QV__SKELETON_BYTES)
			break;
		memcpy(out + o, bytes, k);
		o += k;
	}
	out[o] = '\0';
	free(nfd);
	free(sk);
	return ok;
}

int qv__skeleton_account_like(qv__store *s, const char *name, qv__store_account *like)
{
	char *key = malloc(QV__SKELETON_BYTES);
	int found = key && qv__skeleton_key(name, key) ? qv__store_account_like(s, key, like) : -1;
	free(key);
	return found;
}

qv_status qv__skeleton_guest_name(void *ctx, const char *name, qv_err *err)
{
	qv__store_account like;
	int found = qv__skeleton_account_like(ctx, name, &like);
	if (found < 0)
		return qv_fail(err, QV_EIO,
		               "the database failed comparing the name '%s' with the "
		               "usernames; try again",
		               name);
	if (found == 0)
		return QV_OK;
	return qv_fail(err, QV_EINVAL,
	               "name: '%s' is or looks like '%s', an account's username, and a guest may "
	               "not play under an account's name (names look alike as Unicode's "
	               "confusables say: UTS #39); choose another, or sign in as %s",
	               name, like.username, like.username);
}

/* Accounts without a key of likeness, read a batch at a time. */
typedef struct batch {
	long long id[256];
	char name[256][QV__STORE_USERNAME];
	int n;
} batch;

static qv_status take_row(void *ctx, int n, const char *const *values)
{
	batch *b = ctx;
	if (n == 2 && values[0] && values[1] && b->n < 256) {
		b->id[b->n] = atoll(values[0]);
		qv_copy(b->name[b->n++], QV__STORE_USERNAME, values[1]);
	}
	return QV_OK;
}

qv_status qv__skeleton_fill(qv__store *s, qv_err *err)
{
	batch *b = malloc(sizeof *b);
	char *key = malloc(QV__SKELETON_BYTES);
	qv_status rc = b && key ? QV_OK : qv_fail(err, QV_ENOMEM, "out of memory");
	do {
		if (!rc)
			b->n = 0;
		if (!rc)
			rc = qv__store_rows(
			    s,
			    "SELECT id, username FROM accounts WHERE skeleton IS NULL "
			    "LIMIT 256",
			    take_row, b, err);
		for (int i = 0; !rc && i < b->n; i++)
			rc = qv__skeleton_key(b->name[i], key)
			         ? qv__store_account_skeleton(s, b->id[i], key, err)
			         : qv_fail(err, QV_ENOMEM, "out of memory");
	} while (!rc && b->n > 0);
	free(b);
	free(key);
	return rc;
}
