/*
 * cli.c - helpers shared by the subcommands of `quiver` (see cli.h): option parsing, messages,
 * seeds and clocks, and the text that describes games and matches to people.
 */
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

static int saved_argc;
static char **saved_argv;

void cli_init(int argc, char **argv)
{
	saved_argc = argc;
	saved_argv = argv;
}

void cli_shell_quote(qv_buf *out, const char *text)
{
	bool plain = *text != '\0';
	for (const char *c = text; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,:/+@%",
			    *c))
			plain = false;
	if (plain) {
		qv_buf_puts(out, text);
		return;
	}
	qv_buf_putc(out, '\'');
	for (const char *c = text; *c; c++) {
		if (*c == '\'')
			qv_buf_puts(out, "'\\''");
		else
			qv_buf_putc(out, *c);
	}
	qv_buf_putc(out, '\'');
}

void cli_command_line(qv_buf *out)
{
	for (int i = 0; i < saved_argc; i++) {
		if (i)
			qv_buf_putc(out, ' ');
		cli_shell_quote(out, saved_argv[i]);
	}
}

/* ---- options ---- */

void cli_parser_init(cli_parser *p, const char *cmd, int argc, char **argv)
{
	*p = (cli_parser){.cmd = cmd, .argc = argc, .argv = argv, .i = 1, .rest_positional = false};
}

/* Writes "--a X, --b, ..." for messages about unknown options. */
static void list_opts(const cli_opt *opts, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; opts[i].name && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s--%s%s%s", i ? ", " : "",
					 opts[i].name, opts[i].metavar ? " " : "",
					 opts[i].metavar ? opts[i].metavar : "");
}

int cli_next(cli_parser *p, const cli_opt *opts, const char **value)
{
	*value = NULL;
	if (p->i >= p->argc)
		return CLI_OPT_END;
	char *arg = p->argv[p->i++];
	if (p->rest_positional || arg[0] != '-' || arg[1] == '\0') {
		*value = arg;
		return CLI_OPT_POSITIONAL;
	}
	if (strcmp(arg, "--") == 0) {
		p->rest_positional = true;
		return cli_next(p, opts, value);
	}
	const char *name = NULL;
	size_t nlen = 0;
	const char *inline_value = NULL;
	if (strcmp(arg, "-h") == 0) {
		name = "help";
		nlen = 4;
	} else if (arg[1] == '-') {
		name = arg + 2;
		const char *eq = strchr(name, '=');
		nlen = eq ? (size_t)(eq - name) : strlen(name);
		inline_value = eq ? eq + 1 : NULL;
	}
	for (int i = 0; name && opts[i].name; i++) {
		if (strlen(opts[i].name) != nlen || strncmp(opts[i].name, name, nlen) != 0)
			continue;
		if (!opts[i].metavar) {
			if (inline_value) {
				cli_usage(p->cmd, "option --%s takes no value", opts[i].name);
				return CLI_OPT_BAD;
			}
			return i;
		}
		if (inline_value) {
			*value = inline_value;
			return i;
		}
		if (p->i >= p->argc) {
			cli_usage(p->cmd, "option --%s needs a value: --%s %s", opts[i].name,
				  opts[i].name, opts[i].metavar);
			return CLI_OPT_BAD;
		}
		*value = p->argv[p->i++];
		return i;
	}
	char known[600];
	list_opts(opts, known, sizeof known);
	cli_usage(p->cmd, "unknown option '%s' (options: %s)", arg, known);
	return CLI_OPT_BAD;
}

/* ---- messages ---- */

/* Prints "quiver[ CMD]: " and the formatted message. */
static void vmessage(const char *cmd, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "quiver%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(cmd, fmt, ap);
	va_end(ap);
	fprintf(stderr, "Run 'quiver%s%s --help' for usage.\n", cmd ? " " : "", cmd ? cmd : "");
	return CLI_EXIT_USAGE;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(cmd, fmt, ap);
	va_end(ap);
	return CLI_EXIT_RUNTIME;
}

const qv_game *cli_game(const char *cmd, const char *name)
{
	qv_err err;
	const qv_game *g = qv_game_find(name, &err);
	if (!g)
		cli_usage(cmd, "%s", err.msg);
	return g;
}

bool cli_param(const char *cmd, qv_params *params, const char *item)
{
	qv_err err;
	if (qv_params_parse_kv(params, item, &err)) {
		cli_usage(cmd, "--param: %s", err.msg);
		return false;
	}
	return true;
}

bool cli_seed(const char *cmd, const char *opt, const char *text, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long x = strtoull(text, &end, 10);
	if (errno || *end || text[0] < '0' || text[0] > '9') {
		cli_usage(cmd, "bad value '%s' for --%s: expected a whole number 0-18446744073709551615",
			  text, opt);
		return false;
	}
	*out = (uint64_t)x;
	return true;
}

bool cli_long(const char *cmd, const char *opt, const char *text, long lo, long hi, long *out)
{
	long x;
	if (!qv_parse_long(text, &x) || x < lo || x > hi) {
		cli_usage(cmd, "bad value '%s' for %s: expected a whole number %ld-%ld", text, opt, lo,
			  hi);
		return false;
	}
	*out = x;
	return true;
}

bool cli_double(const char *cmd, const char *opt, const char *text, double lo, double hi,
		double *out)
{
	char *end;
	double x = strtod(text, &end);
	if (!*text || *end || !(x >= lo && x <= hi)) {
		cli_usage(cmd, "bad value '%s' for %s: expected a number from %g to %g", text, opt, lo,
			  hi);
		return false;
	}
	*out = x;
	return true;
}

/* getrandom(2) first; /dev/urandom where the call is missing (old kernels, some sandboxes);
 * the clock and the process id only when neither works. */
uint64_t cli_random_seed(void)
{
	uint64_t x = 0;
	if (getrandom(&x, sizeof x, 0) == (ssize_t)sizeof x)
		return x;
	FILE *f = fopen("/dev/urandom", "rb");
	bool ok = f && fread(&x, sizeof x, 1, f) == 1;
	if (f)
		fclose(f);
	if (ok)
		return x;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t t = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	return qv_seed_mix(t, (uint64_t)getpid());
}

double cli_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- text about games and matches ---- */

void cli_format_params(const qv_params *params, qv_buf *out)
{
	for (int i = 0; i < params->n; i++)
		qv_buf_printf(out, "%s%s=%s", i ? ", " : "", params->kv[i].key, params->kv[i].value);
}

void cli_print_columns(FILE *f, char *const *items, int n, int width)
{
	size_t wmax = 1;
	for (int i = 0; i < n; i++)
		if (strlen(items[i]) > wmax)
			wmax = strlen(items[i]);
	int colw = (int)wmax + 2;
	int ncols = (width - 2) / colw;
	if (ncols < 1)
		ncols = 1;
	int nrows = (n + ncols - 1) / ncols;
	/* Column-major order, like ls: reading down a column keeps the game's order. */
	for (int r = 0; r < nrows; r++) {
		fputs("  ", f);
		for (int c = 0; c < ncols; c++) {
			int i = c * nrows + r;
			if (i >= n)
				break;
			bool last = c == ncols - 1 || (c + 1) * nrows + r >= n;
			if (last)
				fputs(items[i], f);
			else
				fprintf(f, "%-*s", colw, items[i]);
		}
		fputc('\n', f);
	}
}

void cli_print_result(FILE *f, const qv_match *m, const char (*seats)[QV_NAME_MAX])
{
	const qv_game *g = m->game;
	int n = g->num_players(m->state);
	int ranks[QV_MAX_PLAYERS] = {0}, score[QV_MAX_PLAYERS] = {0};
	g->ranks(m->state, ranks);
	g->score(m->state, score);
	size_t sw = 4;
	for (int i = 0; i < n; i++)
		if (strlen(seats[i]) > sw)
			sw = strlen(seats[i]);
	fprintf(f, "  rank  player  %-*s  score\n", (int)sw, "seat");
	for (int r = 1; r <= n; r++)
		for (int i = 0; i < n; i++) {
			if (ranks[i] != r)
				continue;
			char who[8];
			fprintf(f, "  %-4d  %-6s  %-*s  %d\n", ranks[i], qv_player_name(i, who),
				(int)sw, seats[i][0] ? seats[i] : "-", score[i]);
		}
}

/* ---- compact lists of actions ---- */

#define COMPACT_MAX_WORDS 16
#define COMPACT_MAX_OPT 8

typedef struct compact_text {
	char *words[COMPACT_MAX_WORDS];
	int nwords;
	char buf[128];
} compact_text;

/* qsort/bsearch order for strings. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* True when text (a list of words with word `skip` left out) is one of the sorted texts. */
static bool contains_without(char *const *sorted, int n, const compact_text *t, int skip)
{
	char joined[128];
	size_t used = 0;
	joined[0] = '\0';
	for (int k = 0; k < t->nwords; k++)
		if (k != skip && used < sizeof joined)
			used += (size_t)snprintf(joined + used, sizeof joined - used, "%s%s",
						 used ? " " : "", t->words[k]);
	const char *key = joined;
	return bsearch(&key, sorted, (size_t)n, sizeof *sorted, cmp_str) != NULL;
}

/* The index of word w in opt[0..nopt), or -1. */
static int opt_index(char (*opt)[32], int nopt, const char *w)
{
	for (int i = 0; i < nopt; i++)
		if (strcmp(opt[i], w) == 0)
			return i;
	return -1;
}

/* Appends a malloc'd copy of text to items; false when out of memory. */
static bool push_item(char ***items, int *n, int *cap, const char *text)
{
	if (*n == *cap) {
		int ncap = *cap ? *cap * 2 : 64;
		char **grown = realloc(*items, sizeof *grown * (size_t)ncap);
		if (!grown)
			return false;
		*items = grown;
		*cap = ncap;
	}
	char *copy = strdup(text);
	if (!copy)
		return false;
	(*items)[(*n)++] = copy;
	return true;
}

/* An item being joined: its words, each a malloc'd string. */
typedef struct join_item {
	char *w[COMPACT_MAX_WORDS];
	int nw;
	bool gone; /* merged into an earlier item */
} join_item;

/* True when items a and b have the same words except at position pos, where neither holds
 * an [optional] word. */
static bool joinable(const join_item *a, const join_item *b, int pos)
{
	if (a->nw != b->nw || pos >= a->nw || a->w[pos][0] == '[' || b->w[pos][0] == '[')
		return false;
	for (int k = 0; k < a->nw; k++)
		if (k != pos && strcmp(a->w[k], b->w[k]) != 0)
			return false;
	return true;
}

/* Joins items that differ in exactly one word into "w1/w2", trying the last position first
 * (facings, then squares, then pieces for a placement). Each joined item stands for the cross
 * product of its words, exactly the actions it came from, because items are disjoint. Returns
 * the number of items written to *out, or -1 when out of memory. */
static int join_items(char **in, int n, char ***out)
{
	join_item *it = calloc((size_t)(n > 0 ? n : 1), sizeof *it);
	bool ok = it != NULL;
	int maxw = 0;
	for (int i = 0; ok && i < n; i++) {
		char copy[512];
		char *w[COMPACT_MAX_WORDS + 1];
		snprintf(copy, sizeof copy, "%s", in[i]);
		int nw = qv_split(copy, w, COMPACT_MAX_WORDS);
		if (nw > COMPACT_MAX_WORDS)
			nw = COMPACT_MAX_WORDS; /* cannot happen: pass 1 kept at most that many */
		for (int k = 0; k < nw && ok; k++)
			ok = (it[i].w[k] = strdup(w[k])) != NULL;
		it[i].nw = nw;
		if (nw > maxw)
			maxw = nw;
	}
	for (int pos = maxw - 1; ok && pos >= 1; pos--)
		for (int i = 0; ok && i < n; i++) {
			if (it[i].gone)
				continue;
			for (int j = i + 1; ok && j < n; j++) {
				if (it[j].gone || !joinable(&it[i], &it[j], pos))
					continue;
				size_t la = strlen(it[i].w[pos]), lb = strlen(it[j].w[pos]);
				char *joined = realloc(it[i].w[pos], la + lb + 2);
				if (!joined) {
					ok = false;
					break;
				}
				joined[la] = '/';
				memcpy(joined + la + 1, it[j].w[pos], lb + 1);
				it[i].w[pos] = joined;
				it[j].gone = true;
			}
		}
	char **items = NULL;
	int nitems = 0, cap = 0;
	for (int i = 0; ok && i < n; i++) {
		if (it[i].gone)
			continue;
		qv_buf b = {0};
		for (int k = 0; k < it[i].nw; k++)
			qv_buf_printf(&b, "%s%s", k ? " " : "", it[i].w[k]);
		ok = !b.failed && push_item(&items, &nitems, &cap, qv_buf_str(&b));
		qv_buf_free(&b);
	}
	for (int i = 0; it && i < n; i++)
		for (int k = 0; k < it[i].nw; k++)
			free(it[i].w[k]);
	free(it);
	if (!ok) {
		cli_free_items(items, nitems);
		return -1;
	}
	*out = items;
	return nitems;
}

/* The grouping of cli_compact_actions, on texts split into words. Optional words: words
 * (never the first) whose removal from any text containing them gives another text of the
 * list. Pass 1 writes a group of texts that differ only in optional words as "base [o1] [o2]"
 * when every combination is present. Pass 2 (join_items) joins items that differ in one word
 * as "w1/w2/w3". */
static int compact(compact_text *t, int n, char *const *texts, char ***out)
{
	char **sorted = malloc(sizeof *sorted * (size_t)n);
	char (*opt)[32] = calloc(COMPACT_MAX_OPT, sizeof *opt);
	unsigned *mask = calloc((size_t)n, sizeof *mask);
	char **base = calloc((size_t)n, sizeof *base);
	char **items = NULL, **mid = NULL;
	int nitems = 0, nmid = 0, capmid = 0, nopt = 0;
	bool ok = sorted && opt && mask && base;
	if (ok) {
		memcpy(sorted, texts, sizeof *sorted * (size_t)n);
		qsort(sorted, (size_t)n, sizeof *sorted, cmp_str);
	}
	/* Candidate optional words, in order of first appearance. */
	for (int i = 0; ok && i < n; i++)
		for (int k = 1; k < t[i].nwords; k++) {
			const char *w = t[i].words[k];
			if (opt_index(opt, nopt, w) >= 0 || strlen(w) >= sizeof opt[0])
				continue;
			bool optional = true;
			for (int j = 0; j < n && optional; j++)
				for (int q = 1; q < t[j].nwords; q++)
					if (strcmp(t[j].words[q], w) == 0 &&
					    !contains_without(sorted, n, &t[j], q)) {
						optional = false;
						break;
					}
			if (optional && nopt < COMPACT_MAX_OPT)
				strcpy(opt[nopt++], w);
		}
	/* Base text and optional-word mask of each text. */
	for (int i = 0; ok && i < n; i++) {
		qv_buf b = {0};
		for (int k = 0; k < t[i].nwords; k++) {
			int o = k > 0 ? opt_index(opt, nopt, t[i].words[k]) : -1;
			if (o >= 0)
				mask[i] |= 1u << o;
			else
				qv_buf_printf(&b, "%s%s", b.len ? " " : "", t[i].words[k]);
		}
		base[i] = b.failed ? NULL : strdup(qv_buf_str(&b));
		qv_buf_free(&b);
		ok = base[i] != NULL;
	}
	/* Pass 1: one item per base when all combinations of its optional words are present. */
	bool *done = ok ? calloc((size_t)n, sizeof *done) : NULL;
	ok = ok && done;
	for (int i = 0; ok && i < n; i++) {
		if (done[i])
			continue;
		unsigned all = 0;
		int members = 0;
		unsigned char seen[1u << COMPACT_MAX_OPT] = {0};
		for (int j = i; j < n; j++)
			if (!done[j] && strcmp(base[j], base[i]) == 0) {
				all |= mask[j];
				if (!seen[mask[j]]) {
					seen[mask[j]] = 1;
					members++;
				}
			}
		int bits = 0;
		for (unsigned a = all; a; a &= a - 1)
			bits++;
		bool full = members == (1 << bits);
		for (int j = i; j < n && ok; j++) {
			if (done[j] || strcmp(base[j], base[i]) != 0)
				continue;
			done[j] = true;
			if (!full)
				ok = push_item(&mid, &nmid, &capmid, texts[j]);
		}
		if (full && ok) {
			qv_buf b = {0};
			qv_buf_puts(&b, base[i]);
			for (int o = 0; o < nopt; o++)
				if (all & (1u << o))
					qv_buf_printf(&b, " [%s]", opt[o]);
			ok = !b.failed && push_item(&mid, &nmid, &capmid, qv_buf_str(&b));
			qv_buf_free(&b);
		}
	}
	free(done);
	/* Pass 2: join items equal but for one word, position by position from the last. */
	if (ok) {
		nitems = join_items(mid, nmid, &items);
		ok = nitems >= 0;
	}
	for (int i = 0; i < nmid; i++)
		free(mid[i]);
	free(mid);
	for (int i = 0; base && i < n; i++)
		free(base[i]);
	free(base);
	free(mask);
	free(opt);
	free(sorted);
	if (!ok) {
		cli_free_items(items, nitems);
		return -1;
	}
	*out = items;
	return nitems;
}

int cli_compact_actions(char *const *texts, int n, char ***out)
{
	*out = NULL;
	if (n <= 0)
		return 0;
	compact_text *t = calloc((size_t)n, sizeof *t);
	if (!t)
		return -1;
	for (int i = 0; i < n; i++) {
		snprintf(t[i].buf, sizeof t[i].buf, "%s", texts[i]);
		t[i].nwords = qv_split(t[i].buf, t[i].words, COMPACT_MAX_WORDS);
		if (t[i].nwords > COMPACT_MAX_WORDS || strlen(texts[i]) >= sizeof t[i].buf) {
			/* Too long to group safely: list everything as it is. */
			free(t);
			char **items = NULL;
			int nitems = 0, cap = 0;
			for (int k = 0; k < n; k++)
				if (!push_item(&items, &nitems, &cap, texts[k])) {
					cli_free_items(items, nitems);
					return -1;
				}
			*out = items;
			return nitems;
		}
	}
	int r = compact(t, n, texts, out);
	free(t);
	return r;
}

void cli_free_items(char **items, int n)
{
	for (int i = 0; items && i < n; i++)
		free(items[i]);
	free(items);
}
