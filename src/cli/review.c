/*
 * review.c - `quiver review RECORD`: the computer's review of a saved game (review.h): each
 * decision with its mover's expected result before and after, the best alternative and a mark
 * where the loss passes a threshold, with why (each move's preview, the best move's line), then
 * the curve of the expected results with its axes and the seats' names, and each player's
 * accuracy; or the same as JSON.
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "quiver/review.h"

static const cli_opt review_opts[] = {
    {"iterations", "N"}, {"reply-iterations", "N"},
    {"samples", "K"},    {"threads", "T"},
    {"seed", "S"},       {"json", NULL},
    {"help", NULL},      {NULL, NULL},
};

static void review_help(void)
{
	printf(
	    "usage: quiver review RECORD [--iterations N] [--reply-iterations N] [--samples K]\n"
	    "                            [--threads T] [--seed S] [--json]\n\n"
	    "Reviews a finished game, as lichess's computer analysis does: every decision of the\n"
	    "record searched again from its mover's information only (never the hidden truth),\n"
	    "the mover's expected result (100%%: sure to win, 0%%: sure to come last) with the\n"
	    "best move found and with the move made, the best alternative, a mark where the\n"
	    "move loses 5 points or more (inaccuracy), 10 (mistake) or 15 (blunder), and each\n"
	    "player's accuracy.\n\n"
	    "  --iterations N        the search for the best move (default %d)\n"
	    "  --reply-iterations N  each search after a move, to value it (default %d)\n"
	    "  --samples K           guesses of the hidden part each move is valued on\n"
	    "                        (default %d)\n"
	    "  --threads T           threads of each search (default 1)\n"
	    "  --seed S              seed of the guesses, draws and searches (default 1)\n"
	    "  --json                the review as JSON (as the server's API gives it)\n"
	    "  -h, --help            this help\n\n"
	    "example: quiver review records/three-arrows-20250101-120000.json\n",
	    QV_REVIEW_ITERATIONS, QV_REVIEW_REPLY_ITERATIONS, QV_REVIEW_SAMPLES);
}

/* An expected return in [-1, 1] as a share of a win, "62%". */
static int share(double v) { return (int)lround((v + 1) * 50); }

/* One line per decision: its number, mover, move, expected result before and after, the loss,
 * the mark and the best alternative when it is another move. */
static void print_decision(const qv_review *r, const qv_review_decision *d)
{
	const qv_match *m = qv_review_match(r);
	char who[8];
	const char *mark = qv_review_mark_name(d->mark);
	printf("%4d. %s%s%s%s: %s  %d%% -> %d%%", d->entry + 1, qv_player_name(d->seat, who),
	       m->names[d->seat][0] ? " (" : "", m->names[d->seat], m->names[d->seat][0] ? ")" : "",
	       d->played, share(d->before), share(d->after));
	if (mark)
		printf("  %s (-%d), best: %s", mark, (int)lround(d->loss * 50), d->best);
	printf("\n");
	if (!mark)
		return;
	/* why: what each move would do as its mover could know it, and the best one's line */
	if (d->played_note)
		printf("        %s: %s\n", d->played, d->played_note);
	if (d->best_note)
		printf("        %s: %s\n", d->best, d->best_note);
	if (d->nline > 0) {
		printf("        then:");
		for (int k = 0; k < d->nline; k++)
			printf("%s %s %s", k ? "," : "", qv_player_name(d->line[k].seat, who),
			       d->line[k].action);
		printf("\n");
	}
}

/* The curve of the expected results as text: a column per decision (the decisions squeezed
 * into CURVE_WIDTH columns, the last one of a column drawn), a row per 10 points of a share of
 * a win, each decision's mover's result after it marked by its seat's number; the axes labelled
 * and a legend naming the seats. */
#define CURVE_WIDTH 60
static void print_curve(const qv_review *r)
{
	const qv_match *m = qv_review_match(r);
	int n = qv_review_total(r), np = m->game->num_players(m->state);
	if (n == 0)
		return;
	int w = n < CURVE_WIDTH ? n : CURVE_WIDTH;
	char grid[11][CURVE_WIDTH + 1];
	memset(grid, ' ', sizeof grid);
	for (int i = 0; i < n; i++) {
		const qv_review_decision *d = qv_review_decision_at(r, i);
		int x = (int)((long)i * w / n), y = share(d->after) / 10;
		grid[10 - y][x] = (char)('1' + d->seat);
	}
	printf("\nExpected result after each decision, as its mover saw it:\n");
	for (int row = 0; row <= 10; row++) {
		grid[row][w] = '\0';
		printf("%s |%s\n",
		       row == 0    ? "100%"
		       : row == 5  ? " 50%"
		       : row == 10 ? "  0%"
		                   : "    ",
		       grid[row]);
	}
	printf("     +");
	for (int x = 0; x < w; x++)
		putchar('-');
	char last[16];
	int len = snprintf(last, sizeof last, "%d", n);
	printf("\n      1%*s  (decisions)\n      ", w - 1 > len ? w - 1 : len + 1, last);
	char who[8];
	for (int p = 0; p < np; p++)
		printf("%s%d = %s%s%s%s", p ? ", " : "", p + 1, qv_player_name(p, who),
		       m->names[p][0] ? " (" : "", m->names[p], m->names[p][0] ? ")" : "");
	printf("\n");
}

/* Each player's accuracy and marks. */
static void print_accuracy(const qv_review *r)
{
	const qv_match *m = qv_review_match(r);
	int np = m->game->num_players(m->state);
	printf("\nAccuracy:\n");
	for (int p = 0; p < np; p++) {
		int marks[4];
		double acc = qv_review_accuracy(r, p, marks);
		char who[8];
		int n = marks[0] + marks[1] + marks[2] + marks[3];
		printf("  %s %-20s ", qv_player_name(p, who), m->names[p][0] ? m->names[p] : "-");
		if (isnan(acc))
			printf("no decision to review\n");
		else
			printf(
			    "%3d%%  %d inaccurac%s, %d mistake%s, %d blunder%s (%d decision%s)\n",
			    (int)lround(acc), marks[1], marks[1] == 1 ? "y" : "ies", marks[2],
			    marks[2] == 1 ? "" : "s", marks[3], marks[3] == 1 ? "" : "s", n,
			    n == 1 ? "" : "s");
	}
}

int cli_review_option(const char *cmd, int o, const char *v, qv_review_config *cfg)
{
	static const char *const names[] = {"iterations", "reply-iterations", "samples", "threads"};
	static const long most[] = {QV_REVIEW_ITERATIONS_MAX, QV_REVIEW_ITERATIONS_MAX,
	                            QV_REVIEW_SAMPLES_MAX, 64};
	int *fields[] = {&cfg->iterations, &cfg->reply_iterations, &cfg->samples, &cfg->threads};
	long n;
	if (o == 4)
		return cli_seed(cmd, "seed", v, &cfg->seed) ? CLI_EXIT_OK : CLI_EXIT_USAGE;
	if (o < 0 || o > 3 || !cli_long(cmd, names[o], v, 1, most[o], &n))
		return CLI_EXIT_USAGE;
	*fields[o] = (int)n;
	return CLI_EXIT_OK;
}

/* Parses the options into cfg, *path and *json; CLI_EXIT_OK or the exit code of a usage error
 * (or of --help, after printing it: *path stays NULL). */
static int parse(int argc, char **argv, qv_review_config *cfg, const char **path, bool *json)
{
	cli_parser p;
	cli_parser_init(&p, "review", argc, argv);
	const char *v;
	int o;
	while ((o = cli_next(&p, review_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case 0:
		case 1:
		case 2:
		case 3:
		case 4:
			if (cli_review_option("review", o, v, cfg) != CLI_EXIT_OK)
				return CLI_EXIT_USAGE;
			break;
		case 5: *json = true; break;
		case 6: review_help(); return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (*path)
				return cli_usage(
				    "review",
				    "unexpected argument '%s': expected quiver review RECORD", v);
			*path = v;
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	if (!*path)
		return cli_usage("review", "expected quiver review RECORD [options]");
	return CLI_EXIT_OK;
}

int cli_review(int argc, char **argv)
{
	qv_review_config cfg = {.seed = 1};
	const char *path = NULL;
	bool json = false;
	int rc = parse(argc, argv, &cfg, &path, &json);
	if (rc || !path)
		return rc;
	qv_match *m;
	qv_review *r;
	qv_err err;
	if (qv_match_load_file(&m, path, &err))
		return cli_fail("review", "%s", err.msg);
	qv_status st = qv_review_new(&r, m, &cfg, &err);
	if (st)
		return st == QV_EINVAL ? cli_usage("review", "%s", err.msg)
		                       : cli_fail("review", "%s", err.msg);
	const qv_game *g = qv_review_match(r)->game;
	if (!json)
		printf("%s: %d decisions to review, each from its mover's information\n\n",
		       g->title, qv_review_total(r));
	bool bar = isatty(STDERR_FILENO);
	double t0 = qv_mono();
	cli_progress progress = {0};
	while (qv_review_done(r) < qv_review_total(r)) {
		if (qv_review_step(r, &err)) {
			qv_review_free(r);
			return cli_fail("review", "%s", err.msg);
		}
		if (bar)
			cli_show_progress(&progress, qv_review_done(r), qv_review_total(r),
			                  qv_mono() - t0);
	}
	for (int i = 0; !json && i < qv_review_total(r); i++)
		print_decision(r, qv_review_decision_at(r, i));
	if (json) {
		json_t *j = qv_review_json(r);
		char *text = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
		if (text)
			printf("%s\n", text);
		free(text);
		json_decref(j);
		if (!text)
			rc = cli_fail("review", "out of memory writing the review");
	} else {
		print_curve(r);
		print_accuracy(r);
	}
	qv_review_free(r);
	return rc;
}
