/*
 * cli.c - helpers shared by the subcommands of `quiver` (see cli.h): option parsing, messages,
 * seeds and clocks, and the text that describes games and matches to people.
 */
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "quiver/variant.h"

static int saved_argc;
static char **saved_argv;

void cli_init(int argc, char **argv)
{
	saved_argc = argc;
	saved_argv = argv;
}

char **cli_argv(void) { return saved_argv; }

void cli_program(qv_buf *out)
{
	qv_buf_shell_word(out, saved_argc > 0 && saved_argv[0] && *saved_argv[0] ? saved_argv[0]
	                                                                         : "quiver");
}

int cli_prepare_dir(const char *cmd, const char *opt, const char *dir)
{
	char form[96];
	snprintf(form, sizeof form,
	         "expected %s DIR, a folder that exists or can be created, and that can be written",
	         opt);
	if (strlen(dir) > 3900)
		return cli_usage(cmd, "%s path is too long (%s)", opt, form);
	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		return cli_fail(cmd, "cannot create the folder '%s': %s (%s)", dir, strerror(errno),
		                form);
	struct stat sb;
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return cli_fail(cmd, "'%s' is not a folder (%s)", dir, form);
	if (access(dir, W_OK | X_OK) != 0)
		return cli_fail(cmd, "cannot write in the folder '%s': %s (%s)", dir,
		                strerror(errno), form);
	return CLI_EXIT_OK;
}

void cli_command_line(qv_buf *out)
{
	for (int i = 0; i < saved_argc; i++) {
		if (i)
			qv_buf_putc(out, ' ');
		qv_buf_shell_word(out, saved_argv[i]);
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
		cli_usage(cmd,
		          "bad value '%s' for --%s: expected a whole number 0-18446744073709551615",
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
		cli_usage(cmd, "bad value '%s' for %s: expected a whole number %ld-%ld", text, opt,
		          lo, hi);
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
		cli_usage(cmd, "bad value '%s' for %s: expected a number from %g to %g", text, opt,
		          lo, hi);
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

/* ---- lines typed at a prompt ---- */

bool cli_read_line(char **line, size_t *cap, bool echo, const volatile sig_atomic_t *quit)
{
	fflush(stdout);
	if (quit && *quit)
		return false;
	ssize_t n = getline(line, cap, stdin);
	if (n < 0 || (quit && *quit)) {
		clearerr(stdin);
		return false;
	}
	while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
		(*line)[--n] = '\0';
	if (echo)
		printf("%s\n", *line);
	return true;
}

char *cli_trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* ---- text about games and matches ---- */

void cli_format_params(const qv_game *g, const qv_params *params, qv_buf *out)
{
	const qv_variant *v = g->components ? qv_variant_of_params(g, params) : NULL;
	for (int i = 0; i < params->n; i++) {
		const char *key = qv_params_key(params, i);
		if (v && !v->builtin && strcmp(key, "variant") == 0)
			qv_buf_printf(out, "%svariant=\"%s\" (%.12s)", i ? ", " : "", v->name,
			              v->sha256);
		else
			qv_buf_printf(out, "%s%s=%s", i ? ", " : "", key,
			              qv_params_value(params, i));
	}
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
	qv_match_ranks(m, ranks);
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
			int left = qv_match_left(m, i);
			fprintf(f, "  %-4d  %-6s  %-*s  %d%s%s%s\n", ranks[i],
			        qv_player_name(i, who), (int)sw, seats[i][0] ? seats[i] : "-",
			        score[i], left ? "  (" : "", left ? qv_left_name(left) : "",
			        left ? ")" : "");
		}
}

/* ---- the progress bar ---- */

/* Writes "1:05" or "1:02:05". */
static void format_duration(double secs, char *buf, size_t len)
{
	long s = secs > 0 && secs < 1e8 ? (long)(secs + 0.5) : 0;
	if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

/* The progress callback: one line on stderr, rewritten in place; a last line at the end. */
void cli_show_progress(void *ctx, int done, int total, double elapsed)
{
	cli_progress *P = ctx;
	double rate = elapsed > 0 ? done / elapsed : 0;
	if (done >= total) {
		fprintf(stderr, "\r%d/%d games in %.1f s (%.1f games/s)\033[K\n", done, total,
		        elapsed, rate);
		P->shown = false;
		return;
	}
	enum { WIDTH = 24 };
	char bar[WIDTH + 1], eta[32];
	int fill = (int)((long)done * WIDTH / total);
	for (int i = 0; i < WIDTH; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[WIDTH] = '\0';
	if (done > 0 && rate > 0)
		format_duration((total - done) / rate, eta, sizeof eta);
	else
		snprintf(eta, sizeof eta, "?");
	fprintf(stderr, "\r[%s] %d/%d games  %.1f games/s  ETA %s\033[K", bar, done, total, rate,
	        eta);
	fflush(stderr);
	P->shown = true;
}
