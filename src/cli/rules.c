/*
 * rules.c - `quiver rules`: the list of games, or one game's players, parameters, summary and
 * AI levels in words; with --full, the game's complete rules page (docs/rules/<game>.md,
 * embedded at build time), through a pager when standard output is a terminal.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/rules_pages.h"

static const cli_opt rules_opts[] = {
    {"help", NULL},
    {"full", NULL},
    {NULL, NULL},
};

/* The text of `quiver rules --help`. */
static void rules_help(void)
{
	printf("usage: quiver rules [<game> [--full]]\n\n"
	       "Without a game, lists the games. With one, prints its title, the number of\n"
	       "players, its parameters (key, default, allowed values, meaning; set them with\n"
	       "--param key=value in play, perft and bench), a summary of the rules and the\n"
	       "notation, and the computer's levels.\n\n"
	       "  --full       the complete rules instead: the game's rules page, with examples,\n"
	       "               readings, notation and every piece or card (through $PAGER, or\n"
	       "               less, when the output is a terminal)\n"
	       "  -h, --help   this help\n\n"
	       "examples: quiver rules three-arrows\n"
	       "          quiver rules evons --full\n");
}

/* One line per game: name, title and player range. */
static void list_games(void)
{
	printf(
	    "Games (quiver rules <game> for details, quiver rules <game> --full for the rules):\n");
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		char range[16];
		if (g->min_players == g->max_players)
			snprintf(range, sizeof range, "%d", g->min_players);
		else
			snprintf(range, sizeof range, "%d-%d", g->min_players, g->max_players);
		printf("  %-16s %-24s %s players\n", g->name, g->title, range);
	}
}

/* Writes n with thousands separators ("30,000"). */
static void put_count(qv_buf *out, long n)
{
	char digits[24];
	int len = snprintf(digits, sizeof digits, "%ld", n);
	for (int i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			qv_buf_putc(out, ',');
		qv_buf_putc(out, digits[i]);
	}
}

/* What level k (0 easy, 1 medium, 2 hard) of a game plays like, in words a player reads at a
 * glance, from its real search options (`opts`, as qv_agent_level_options gives them): the
 * player it suits, its deliberate mistakes (blunder=), how long it thinks (time= and threads=)
 * and how many lines of play it tries (iterations=). Budgets of at most 2000 iterations with
 * no time cap answer within a fraction of a second in every game of the registry (at least
 * about 6,800 iterations a second on one core, ConCardia's opening, docs/benchmarks.md). */
static void level_words(int k, const char *opts, qv_buf *out)
{
	static const char *const purpose[3] = {"once the rules are known", "for casual play",
	                                       "the strongest"};
	qv_params p = {0};
	qv_err err;
	long iterations = 0, threads = 1;
	double seconds = 0, blunder = 0;
	const char *v;
	if (qv_params_parse_list(&p, opts, &err) == QV_OK) {
		if ((v = qv_params_get(&p, "iterations")))
			iterations = strtol(v, NULL, 10);
		if ((v = qv_params_get(&p, "threads")))
			threads = strtol(v, NULL, 10);
		if ((v = qv_params_get(&p, "time")))
			seconds = strtod(v, NULL);
		if ((v = qv_params_get(&p, "blunder")))
			blunder = strtod(v, NULL);
	}
	qv_buf_printf(out, "%s: ", purpose[k]);
	if (blunder > 0) {
		long in = (long)(1.0 / blunder + 0.5);
		qv_buf_printf(out, "plays a random move about 1 time in %ld on purpose; otherwise ",
		              in);
	}
	if (seconds > 0) {
		qv_buf_printf(out, "thinks up to %g s a move", seconds);
		if (threads > 1)
			qv_buf_printf(out, " on %ld cores", threads);
		if (iterations > 0) {
			qv_buf_puts(out, " (at most ");
			put_count(out, iterations);
			qv_buf_puts(out, " lines of play)");
		}
	} else if (iterations > 0) {
		qv_buf_puts(out, iterations <= 100    ? "answers at once"
		                 : iterations <= 2000 ? "answers in a fraction of a second"
		                                      : "thinks as long as its search takes");
		if (threads > 1)
			qv_buf_printf(out, " on %ld cores", threads);
		qv_buf_puts(out, " (");
		put_count(out, iterations);
		qv_buf_puts(out, " lines of play a move)");
	}
}

/* Prints text after a label that fills the line up to column indent - 2, breaking lines
 * between words before `width` columns; the lines after the first start at column indent. */
static void print_wrapped(const char *text, int indent, int width)
{
	int col = indent;  /* after the label and the two spaces below */
	bool first = true; /* no word on this line yet */
	printf("  ");
	while (*text) {
		size_t n = strcspn(text, " ");
		if (!first && col + 1 + (int)n > width) {
			printf("\n%*s", indent, "");
			col = indent;
			first = true;
		}
		printf("%s%.*s", first ? "" : " ", (int)n, text);
		col += (int)n + !first;
		first = false;
		text += n;
		while (*text == ' ')
			text++;
	}
	putchar('\n');
}

/* Title, players, a parameter table sized to its contents, the summary and the levels. */
static void show_game(const qv_game *g)
{
	printf("%s (%s)\n", g->title, g->name);
	if (g->min_players == g->max_players)
		printf("Players: %d\n", g->min_players);
	else
		printf("Players: %d-%d\n", g->min_players, g->max_players);
	if (g->nparams > 0) {
		int kw = 3, dw = 7, aw = 7;
		char buf[256];
		for (int i = 0; i < g->nparams; i++) {
			const qv_param_def *d = &g->params[i];
			const char *allowed = qv_param_allowed(d, buf, sizeof buf);
			if ((int)strlen(d->key) > kw)
				kw = (int)strlen(d->key);
			if (d->def && (int)strlen(d->def) > dw)
				dw = (int)strlen(d->def);
			if ((int)strlen(allowed) > aw)
				aw = (int)strlen(allowed);
		}
		printf("\nParameters (--param key=value):\n");
		printf("  %-*s  %-*s  %-*s  %s\n", kw, "key", dw, "default", aw, "allowed",
		       "meaning");
		for (int i = 0; i < g->nparams; i++) {
			const qv_param_def *d = &g->params[i];
			printf("  %-*s  %-*s  %-*s  %s\n", kw, d->key, dw, d->def ? d->def : "-",
			       aw, qv_param_allowed(d, buf, sizeof buf), d->help ? d->help : "");
		}
	} else {
		printf("\nNo parameters.\n");
	}
	if (g->summary && *g->summary) {
		printf("\n%s", g->summary);
		if (g->summary[strlen(g->summary) - 1] != '\n')
			putchar('\n');
	}
	printf("\nThe computer's levels (quiver play %s --players human,LEVEL; docs/ai.md):\n",
	       g->name);
	printf("  %-8s", "beginner");
	print_wrapped("for a first game (the default opponent): greedy's one-move look with a "
	              "first-time player's mistakes, a plausible move instead of the best, now and "
	              "then any move",
	              12, 96);
	printf("  %-8s  greedy with mistakes: %s\n", "", qv_agent_beginner_options(g));
	const char *const *levels = qv_agent_levels;
	for (int k = 0; k < QV_AGENT_SEARCH_LEVELS; k++) {
		const char *opts = qv_agent_level_options(g, levels[k]);
		qv_buf words = {0};
		level_words(k, opts, &words);
		printf("  %-8s", levels[k]);
		print_wrapped(qv_buf_str(&words), 12, 96);
		printf("  %-8s  search: ismcts:%s\n", "", opts);
		qv_buf_free(&words);
	}
	printf("\nThe complete rules, with examples: quiver rules %s --full\n", g->name);
}

/* True when `name` is an executable file in a directory of $PATH. */
static bool in_path(const char *name)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	char dir[4096];
	while (*path) {
		size_t n = strcspn(path, ":");
		if (n > 0 && n + strlen(name) + 2 <= sizeof dir) {
			snprintf(dir, sizeof dir, "%.*s/%s", (int)n, path, name);
			struct stat st;
			if (stat(dir, &st) == 0 && S_ISREG(st.st_mode) && access(dir, X_OK) == 0)
				return true;
		}
		path += n + (path[n] == ':');
	}
	return false;
}

/* Writes the page to f, leaving out the ``` lines that open and close the examples (the text
 * between them stays). Returns false on a write error (a pager that quit early). */
static bool write_page(FILE *f, const char *text)
{
	for (const char *line = text; *line;) {
		size_t n = strcspn(line, "\n");
		bool fence = n >= 3 && strncmp(line, "```", 3) == 0;
		if (!fence && fwrite(line, 1, n, f) != n)
			return false;
		if (!fence && fputc('\n', f) == EOF)
			return false;
		line += n + (line[n] == '\n');
	}
	return fflush(f) == 0;
}

/* Prints the rules page of g. On a terminal it goes through $PAGER (through less, when
 * $PAGER is unset and less is installed; an empty $PAGER or "cat" prints directly), as man
 * and git do; anywhere else (a pipe, a file, a test) it is printed as it is. */
static int show_full(const qv_game *g)
{
	const char *page = cli_rules_page(g->name);
	if (!page)
		return cli_fail("rules",
		                "this build has no rules page for %s (docs/rules/%s.md was missing "
		                "when quiver was built)",
		                g->name, g->name);
	const char *pager = NULL;
	if (isatty(STDOUT_FILENO)) {
		pager = getenv("PAGER");
		if (!pager)
			pager = in_path("less") ? "less" : NULL;
		if (pager && (!*pager || strcmp(pager, "cat") == 0))
			pager = NULL;
	}
	if (pager) {
		/* less: quit at once when the page fits the screen, keep the text on the screen
		 * afterwards, pass the terminal's characters through (git sets the same). */
		setenv("LESS", "FRX", 0);
		fflush(stdout);
		FILE *p = popen(pager, "w");
		if (p) {
			void (*old)(int) = signal(SIGPIPE, SIG_IGN);
			write_page(p, page); /* a pager that quits early is not an error */
			int rc = pclose(p);
			signal(SIGPIPE, old);
			if (rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) != 127)
				return CLI_EXIT_OK;
			/* 127: the shell could not run $PAGER; print the page instead */
		}
	}
	if (!write_page(stdout, page))
		return cli_fail("rules", "could not write the rules of %s to standard output",
		                g->name);
	return CLI_EXIT_OK;
}

/* Lists the games, or describes the one named (its complete rules with --full). */
int cli_rules(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "rules", argc, argv);
	const char *name = NULL, *v;
	bool full = false;
	int o;
	while ((o = cli_next(&p, rules_opts, &v)) != CLI_OPT_END) {
		if (o == CLI_OPT_BAD)
			return CLI_EXIT_USAGE;
		if (o == 0) {
			rules_help();
			return CLI_EXIT_OK;
		}
		if (o == 1) {
			full = true;
			continue;
		}
		if (name)
			return cli_usage(
			    "rules",
			    "unexpected argument '%s': expected quiver rules [<game> [--full]]", v);
		name = v;
	}
	if (!name) {
		if (full)
			return cli_usage(
			    "rules",
			    "--full needs a game: quiver rules <game> --full (quiver rules "
			    "lists the games)");
		list_games();
		return CLI_EXIT_OK;
	}
	const qv_game *g = cli_game("rules", name);
	if (!g)
		return CLI_EXIT_USAGE;
	if (full)
		return show_full(g);
	show_game(g);
	return CLI_EXIT_OK;
}
