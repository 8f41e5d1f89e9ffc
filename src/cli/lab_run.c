/*
 * lab_run.c - a `quiver lab` run that loses nothing: each game's line goes to the study's
 * journal as the game finishes, a Ctrl-C (or a scheduler's SIGTERM) ends the run after the
 * games being played and leaves the journal to resume from, and the report is computed from
 * the sorted file, a line at a time. The progress is a bar on a terminal and a line every few
 * seconds elsewhere (nohup, Slurm), with the time left from the pace of the last half minute
 * of weighted work, so that a skill ladder's dear games are not timed by the cheap ones
 * before them.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/lab_run.h"

/* ---- stopping ---- */

/* Set by the first SIGINT or SIGTERM: no game starts after it (qv_lab_sink.stop). */
static volatile sig_atomic_t stop_signal;

/* The first signal asks the run to stop after the games being played; the handler is then
 * the default again, so a second one ends the process at once (its journal still good: a
 * line cut short is dropped when it is resumed). */
static void on_stop(int sig)
{
	stop_signal = sig;
	signal(sig, SIG_DFL);
}

/* How many cli_lab_catch_stops are open, and the dispositions the first one replaced. */
static int catching;
static struct sigaction old_int, old_term;

void cli_lab_catch_stops(void)
{
	if (catching++ > 0)
		return;
	stop_signal = 0;
	struct sigaction sa = {.sa_handler = on_stop};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
}

void cli_lab_release_stops(void)
{
	if (--catching > 0)
		return;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
}

/* ---- progress ---- */

/* The seconds the time left is measured over: the pace of the latest work. */
#define PACE_WINDOW  30.0
#define PACE_SAMPLES 64

typedef struct progress {
	qv_lab_journal *journal; /* flushed at every tick */
	bool tty;
	long every; /* seconds between lines when not on a terminal; 0: none */
	double next_line;
	bool shown; /* a bar is on the terminal's line */
	/* (elapsed, work done) a second apart, the oldest first, for the pace */
	double t[PACE_SAMPLES], w[PACE_SAMPLES];
	int n;
} progress;

/* "1:02:03", "4:05" */
static void duration(double s, char *buf, size_t len)
{
	long t = s > 0 && s < 1e9 ? (long)(s + 0.5) : 0;
	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

/* The seconds left at the pace of the work of the last PACE_WINDOW seconds (of all the work
 * so far when that measured none), into buf; "?" before any work is done. */
static void time_left(progress *P, const qv_lab_progress_info *in, char *buf, size_t len)
{
	if (P->n == 0 || in->elapsed - P->t[P->n - 1] >= 1) {
		if (P->n == PACE_SAMPLES) {
			memmove(P->t, P->t + 1, sizeof P->t - sizeof *P->t);
			memmove(P->w, P->w + 1, sizeof P->w - sizeof *P->w);
			P->n--;
		}
		P->t[P->n] = in->elapsed;
		P->w[P->n++] = in->work_done;
	}
	int from = 0;
	while (from + 1 < P->n && in->elapsed - P->t[from + 1] >= PACE_WINDOW)
		from++;
	double dt = in->elapsed - P->t[from], dw = in->work_done - P->w[from];
	double pace = dw > 0 && dt > 0  ? dw / dt
	              : in->elapsed > 0 ? in->work_done / in->elapsed
	                                : 0;
	if (pace > 0)
		duration((in->work_total - in->work_done) / pace, buf, len);
	else
		snprintf(buf, len, "?");
}

/* Every tenth of a second while games play: the journal flushed, and the progress shown (a
 * failure to flush shows at the next game's add, which stops the run). */
static void show_progress(void *ctx, const qv_lab_progress_info *in)
{
	progress *P = ctx;
	qv_err ignored;
	(void)qv_lab_journal_flush(P->journal, &ignored);
	if (P->every <= 0)
		return;
	char left[32];
	time_left(P, in, left, sizeof left);
	double rate = in->elapsed > 0 ? in->done / in->elapsed : 0;
	if (!P->tty) {
		if (in->elapsed < P->next_line)
			return;
		P->next_line = in->elapsed + (double)P->every;
		fprintf(stderr, "lab: %d of %d games (%.1f%%), %.1f games/s, about %s left\n",
		        in->done, in->total, in->total ? 100.0 * in->done / in->total : 100.0, rate,
		        left);
		fflush(stderr);
		return;
	}
	enum { WIDTH = 24 };
	char bar[WIDTH + 1];
	double part = in->work_total > 0 ? in->work_done / in->work_total : 1;
	int fill = (int)(part * WIDTH);
	for (int i = 0; i < WIDTH; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[WIDTH] = '\0';
	fprintf(stderr, "\r[%s] %d/%d games  %.1f games/s  ETA %s\033[K", bar, in->done, in->total,
	        rate, left);
	fflush(stderr);
	P->shown = true;
}

/* ---- the journal ---- */

typedef struct journal_sink {
	qv_lab_journal *j;
} journal_sink;

static qv_status to_journal(void *ctx, qv_lab_game *g, qv_err *err)
{
	qv_status rc = qv_lab_journal_add(((journal_sink *)ctx)->j, g, err);
	qv_lab_game_free(g);
	return rc;
}

static bool in_journal(void *ctx, int index)
{
	return qv_lab_journal_has(((journal_sink *)ctx)->j, index);
}

char *cli_lab_header(const cli_lab_task *t, int lo, int hi)
{
	qv_buf b = {0};
	if (t->sweep)
		qv_lab_sweep_header_write(t->sweep, lo, hi, &b);
	else
		qv_lab_header_write(t->plan, lo, hi, &b);
	if (b.failed) {
		qv_buf_free(&b);
		return NULL;
	}
	return b.s ? b.s : strdup("");
}

/* Plays [lo, hi) into the open journal j with the signals caught; *stopped by one. */
static int play_into(const cli_lab_task *t, const cli_lab_play *how, int lo, int hi,
                     qv_lab_journal *j, bool *stopped)
{
	journal_sink js = {j};
	progress P = {
	    .journal = j, .tty = isatty(STDERR_FILENO) != 0, .every = how->progress_every};
	P.next_line = (double)P.every;
	qv_lab_sink sink = {.game = to_journal,
	                    .ctx = &js,
	                    .skip = in_journal,
	                    .stop = &stop_signal,
	                    .progress = show_progress,
	                    .progress_ctx = &P};
	cli_lab_catch_stops();
	qv_err err;
	qv_status st = t->sweep
	                   ? qv_lab_sweep_play(t->sweep, lo, hi, how->threads, &sink, stopped, &err)
	                   : qv_lab_play_into(t->plan, lo, hi, how->threads, &sink, stopped, &err);
	cli_lab_release_stops();
	if (P.shown)
		fputc('\n', stderr);
	if (st)
		return cli_fail("lab", "%s", err.msg);
	return CLI_EXIT_OK;
}

int cli_lab_play_journal(const cli_lab_task *t, const cli_lab_play *how, int lo, int hi,
                         const char *journal, const char *done, bool resume)
{
	char *header = cli_lab_header(t, lo, hi);
	if (!header)
		return cli_fail("lab", "out of memory");
	qv_lab_journal *j;
	qv_err err;
	qv_status st = qv_lab_journal_open(journal, header, lo, hi, resume, &j, &err);
	free(header);
	if (st)
		return cli_fail("lab", "%s", err.msg);
	int had = qv_lab_journal_count(j);
	if (resume)
		printf("resuming: %d of the %d games played are kept in %s\n", had, hi - lo,
		       journal);
	fflush(stdout);
	bool stopped = false;
	int rc = play_into(t, how, lo, hi, j, &stopped);
	if (!rc && stopped) {
		int sig = (int)stop_signal;
		fprintf(stderr,
		        "quiver lab: stopped by %s after %d of %d games, every one kept in %s: "
		        "quiver lab run --resume DIR plays the rest\n",
		        sig == SIGTERM ? "SIGTERM" : "Ctrl-C", qv_lab_journal_count(j), hi - lo,
		        journal);
		qv_lab_journal_close(j);
		return 128 + (sig ? sig : SIGINT);
	}
	if (rc) {
		qv_lab_journal_close(j);
		return rc;
	}
	if (qv_lab_journal_finish(j, done, &err))
		return cli_fail("lab", "%s", err.msg);
	return CLI_EXIT_OK;
}

/* ---- the report ---- */

/* The terminal's summary of every flagged component (the game leans otherwise without it),
 * by the order, right after their count: all of them, as the report's verdict names them. */
static void flagged_summary(const qv_lab_plan *plan, const qv_lab_section *S)
{
	int shown = 0;
	for (int i = 0; S->component && i < plan->ncomponents; i++) {
		const qv_lab_component *c = &S->component[S->order[i]];
		if (c->flagged)
			printf("%s%s", shown++ ? ", " : ": ", c->id);
	}
}

/* Against a baseline, the terminal names it and the figures of the comparison that differ
 * beyond their 95% interval (the report's verdict says the same, with the figures). */
static void baseline_summary(const qv_lab_plan *plan, const qv_lab_section *S)
{
	if (!plan->cfg.baseline || S->ncompare == 0)
		return;
	printf("; against the baseline %s", plan->cfg.baseline->name);
	if (plan->cfg.baseline_file[0])
		printf(" (%s)", plan->cfg.baseline_file);
	int said = 0;
	for (int i = 0; i < S->ncompare; i++) {
		const qv_lab_compare *m = &S->compare[i];
		if (m->delta.ci.lo > 0 || m->delta.ci.hi < 0)
			printf("%s%s", said++ ? ", " : ", beyond their 95% intervals: ", m->metric);
	}
	if (!said)
		printf(", no figure differs beyond its 95%% interval");
}

/* The terminal's summary of one section: its outcomes; each side's score, where the sides
 * rotate, and the one favoured beyond its interval; how many components are flagged, with
 * every one named, how many within the margin or unsettled on balance, and how many beyond
 * it on strength and on length; the baseline, where there is one. */
static void summary(const qv_lab_plan *plan, const qv_lab_section *S)
{
	printf("%d players: fairness gap %.3f, draws %.1f%%, timeouts %.1f%%, mean length %.1f "
	       "decisions",
	       S->players, S->outcomes.fairness_gap, 100 * S->outcomes.drawishness.v,
	       100 * S->outcomes.timeouts.v, S->length.turns.v);
	for (int k = 0; k < plan->nsides && k < QV_MAX_PLAYERS && S->players == 2; k++) {
		const qv_lab_est *e = &S->side_score[k];
		bool favoured = e->n > 0 && e->ci.lo > 0.5;
		printf("%s%s %.1f%%%s", k ? ", " : "; decks: ", plan->side[k], 100 * e->v,
		       favoured ? " (favoured)" : "");
	}
	qv_lab_counts n = qv_lab_count_verdicts(plan, S);
	if (n.studied > 0 && plan->cfg.component_games > 0) {
		printf("; flagged %d of %d components (balance beyond %g pp; %d within, %d "
		       "unsettled)",
		       n.flagged, n.studied, 100 * plan->cfg.margin_score, n.within, n.unsettled);
		flagged_summary(plan, S);
		printf("; beyond the margins on strength %d, on length %d (%g decisions)", n.strong,
		       n.length, plan->cfg.margin_length);
	}
	baseline_summary(plan, S);
	printf("\n");
}

/* Writes the computed report rep (of task t, its games in src) into dir and, unless quiet, its
 * summary and the files' names on stdout. */
static int write_report(const cli_lab_task *t, const qv_lab_report *rep, const qv_lab_source *src,
                        const char *dir, bool quiet)
{
	qv_err err;
	if (qv_lab_write_from(rep, src, dir, &err))
		return cli_fail("lab", "%s", err.msg);
	for (int s = 0; !quiet && s < rep->nsections; s++)
		summary(t->plan, &rep->section[s]);
	if (!quiet)
		printf("wrote %s/report.html, %s/report.json and %s/games.csv\n", dir, dir, dir);
	return CLI_EXIT_OK;
}

int cli_lab_report(const cli_lab_task *t, const char *file, const char *dir, bool quiet)
{
	qv_lab_file f;
	qv_err err;
	if (qv_lab_file_open(file, 0, t->total, &f, &err))
		return cli_fail("lab", "%s", err.msg);
	int rc = CLI_EXIT_OK;
	if (t->sweep) {
		if (qv_lab_sweep_write(t->sweep, &f, dir, &err))
			rc = cli_fail("lab", "%s", err.msg);
	} else {
		qv_lab_source src = {.file = &f, .total = t->total};
		qv_lab_report rep;
		if (qv_lab_compute_from(t->plan, &src, &rep, &err))
			rc = cli_fail("lab", "%s", err.msg);
		else {
			rc = write_report(t, &rep, &src, dir, quiet);
			qv_lab_report_free(&rep);
		}
	}
	qv_lab_file_free(&f);
	if (!rc && !quiet && t->sweep)
		printf("wrote %s/report.html, %s/report.json and %s/games.csv\n", dir, dir, dir);
	return rc;
}

/* ---- adaptive studies ---- */

/* One list's race after a round, on stdout: its first, how sure, and its contenders. */
static void race_words(const qv_lab_plan *plan, const qv_lab_section *S, int list)
{
	const qv_lab_race *r = &S->race[list];
	const char *name = list == QV_LAB_STRONGEST ? "strongest" : "unbalancing";
	if (r->first < 0) {
		printf("; %s: none", name);
		return;
	}
	printf("; %s: %s first (%.0f%% sure), ", name, plan->component[r->first], 100 * r->sure);
	if (r->separated)
		printf("separated");
	else
		printf("%d contender%s", r->ncontenders, r->ncontenders == 1 ? "" : "s");
}

/* Writes the study's games file `file` again under the header of the study of cfg (a round
 * more): its lines copied as they are, into a new file that takes its place in one step. */
static int rewrite_header(const qv_lab_config *cfg, const char *file)
{
	qv_lab_plan plan;
	qv_err err;
	if (qv_lab_plan_make(cfg, &plan, &err))
		return cli_fail("lab", "%s", err.msg);
	cli_lab_task t = {.plan = &plan, .total = plan.total};
	char *header = cli_lab_header(&t, 0, plan.total);
	qv_lab_plan_free(&plan);
	char tmp[4300];
	snprintf(tmp, sizeof tmp, "%s.round", file);
	FILE *in = header ? fopen(file, "rb") : NULL, *out = in ? fopen(tmp, "wb") : NULL;
	int rc = out ? CLI_EXIT_OK : cli_fail("lab", "cannot write '%s': %s", tmp, strerror(errno));
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = in ? getline(&line, &cap, in) : -1; /* the old header */
	if (!rc && (n <= 0 || fprintf(out, "%s\n", header) < 0))
		rc = cli_fail("lab", "cannot write '%s'", tmp);
	while (!rc && (n = getline(&line, &cap, in)) > 0)
		if (fwrite(line, 1, (size_t)n, out) != (size_t)n)
			rc = cli_fail("lab", "cannot write '%s': %s", tmp, strerror(errno));
	free(line);
	free(header);
	if (in)
		fclose(in);
	if (out && fclose(out) && !rc)
		rc = cli_fail("lab", "cannot write '%s': %s", tmp, strerror(errno));
	if (!rc && rename(tmp, file) != 0)
		rc = cli_fail("lab", "cannot write '%s': %s", file, strerror(errno));
	if (rc)
		remove(tmp);
	return rc;
}

/* What a round decided, on stdout: each section's races, then the next round's games or why
 * there is none. */
static void round_words(const qv_lab_plan *plan, const qv_lab_report *rep, const qv_lab_round *R,
                        bool next)
{
	const qv_lab_config *cfg = &plan->cfg;
	long used = qv_lab_component_games_used(plan), budget = qv_lab_component_budget(plan);
	printf("round %d played: %ld of the budget of %ld component games", cfg->nrounds + 1, used,
	       budget);
	for (int s = 0; s < rep->nsections; s++) {
		if (!rep->section[s].component)
			continue;
		if (rep->nsections > 1)
			printf("; %d players", rep->section[s].players);
		race_words(plan, &rep->section[s], QV_LAB_UNBALANCING);
		race_words(plan, &rep->section[s], QV_LAB_STRONGEST);
	}
	if (!next) {
		bool open = false;
		for (int s = 0; s < rep->nsections; s++)
			for (int list = 0; rep->section[s].component && list < 2; list++)
				open |= rep->section[s].race[list].first >= 0 &&
				        !rep->section[s].race[list].separated;
		if (!open)
			printf("\nevery list's first is separated: the report is this round's\n");
		else if (cfg->nrounds >= QV_LAB_MAX_ROUNDS)
			printf("\n%d rounds played, the most a study plays: the report is this "
			       "round's\n",
			       cfg->nrounds + 1);
		else
			printf(
			    "\nthe budget left (%ld games) is spent or too small for another round: "
			    "the report is this round's\n",
			    budget - used);
		return;
	}
	int arms = 0;
	for (int i = 0; i < cfg->nplayers; i++)
		arms +=
		    2 * __builtin_popcountll(R->ablate[i]) + __builtin_popcountll(R->restricted[i]);
	printf("\nround %d: %d arms, %d games an ablation arm and %d a restricted one, where the "
	       "lists' first places are not settled\n",
	       cfg->nrounds + 2, arms, R->games_ablate, R->games_restrict);
}

int cli_lab_adaptive_step(qv_lab_config *cfg, const qv_lab_plan *plan, const char *file,
                          const char *dir, bool *more)
{
	*more = false;
	qv_lab_file f;
	qv_err err;
	if (qv_lab_file_open(file, 0, plan->total, &f, &err))
		return cli_fail("lab", "%s", err.msg);
	qv_lab_source src = {.file = &f, .total = plan->total};
	qv_lab_report rep;
	int rc = CLI_EXIT_OK;
	if (qv_lab_compute_from(plan, &src, &rep, &err)) {
		qv_lab_file_free(&f);
		return cli_fail("lab", "%s", err.msg);
	}
	qv_lab_round R;
	bool next = qv_lab_next_round(plan, &rep, &R);
	round_words(plan, &rep, &R, next);
	if (next) {
		cfg->round[cfg->nrounds++] = R;
		rc = rewrite_header(cfg, file);
		*more = rc == CLI_EXIT_OK;
	} else {
		cli_lab_task t = {.plan = plan, .total = plan->total};
		rc = write_report(&t, &rep, &src, dir, false);
	}
	qv_lab_report_free(&rep);
	qv_lab_file_free(&f);
	fflush(stdout);
	return rc;
}

int cli_lab_refuse_other(const char *dir, bool force)
{
	static const char *const files[] = {"report.json", "games.csv", "report.html",
	                                    CLI_LAB_GAMES};
	for (size_t i = 0; !force && i < sizeof files / sizeof files[0]; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		if (access(path, F_OK) != 0)
			continue;
		if (i == 3)
			return cli_fail("lab",
			                "'%s' holds the games of a study already (%s): quiver lab "
			                "run --resume %s goes on with it, or give another --out "
			                "folder, or --force to start again",
			                dir, files[i], dir);
		return cli_fail("lab",
		                "'%s' holds a study's report already (%s): give another --out "
		                "folder, or --force to write over it",
		                dir, files[i]);
	}
	return CLI_EXIT_OK;
}
