/*
 * lab_merge.c - `quiver lab merge SHARD... --out DIR`: the shards of one study (or sweep),
 * each a header line and its range's games in index order, checked to be of the same study
 * and to tile it, copied line by line into DIR/games.lab (the file one machine's run leaves),
 * and the report computed from it: the same bytes as one machine's run, in the memory of one
 * line at a time whatever the study's size.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/lab_help.h"
#include "cli/lab_merge.h"
#include "cli/lab_run.h"
#include "games/json_util.h"

static const cli_opt merge_options[] = {
    {"out", "DIR"}, {"help", NULL}, {"force", NULL}, {NULL, NULL}};

typedef struct shard {
	const char *path;
	json_t *header; /* without its range */
	qv_lab_config cfg;
	int lo, hi;
} shard;

/* Reads one shard's header: its study and its range. */
static int read_shard(shard *s)
{
	char *line = NULL;
	qv_err err;
	if (qv_lab_file_header(s->path, &line, &err))
		return cli_fail("lab", "%s (is it a shard written by quiver lab run --shard?)",
		                err.msg);
	int rc = CLI_EXIT_OK;
	json_error_t je;
	if (qv_lab_header_read(line, &s->cfg, &s->lo, &s->hi, &err))
		rc = cli_fail("lab", "%s: %s", s->path, err.msg);
	/* The header again, whole, for comparing shards (qv_lab_header_read checked it, so only
	 * memory can be short now). */
	else if (qv__json_parse(line, strlen(line), 0, &s->header, &je))
		rc = cli_fail("lab", "%s: reading its header again: %s", s->path, je.text);
	else
		json_object_del(s->header, "range");
	free(line);
	return rc;
}

/* The first key whose value differs between two headers. */
static const char *differing_key(const json_t *a, const json_t *b)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)a, key, v)
	{
		if (!json_equal(v, json_object_get(b, key)))
			return key;
	}
	json_object_foreach((json_t *)b, key, v)
	{
		if (!json_object_get(a, key))
			return key;
	}
	return NULL;
}

static int by_range(const void *a, const void *b)
{
	const shard *x = *(shard *const *)a, *y = *(shard *const *)b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return (x->hi > y->hi) - (x->hi < y->hi);
}

/* Checks that the shards, sorted by range, tile [0, total): none missing, none overlapping. */
static int check_tiling(shard **order, int n, int total)
{
	int at = 0;
	for (int i = 0; i < n; i++) {
		const shard *s = order[i];
		if (s->lo > at)
			return cli_fail(
			    "lab", "games %d-%d are in no shard: a shard is missing (before %s)",
			    at, s->lo - 1, s->path);
		if (s->lo < at)
			return cli_fail("lab", "%s (games %d-%d) overlaps %s", s->path, s->lo,
			                s->hi - 1, order[i - 1]->path);
		at = s->hi;
	}
	if (at != total)
		return cli_fail("lab", "games %d-%d are in no shard: a shard is missing (after %s)",
		                at, total - 1, order[n - 1]->path);
	return CLI_EXIT_OK;
}

/* Copies the lines of shard s (its games in order, each line checked to start with its index)
 * to out. */
/* Once the study's games are all in `file`: an adaptive study's next round (said, with how to
 * play it), or the report. */
static int finish_study(const cli_lab_task *t, qv_lab_config *cfg, const char *file,
                        const char *dir)
{
	if (!t->plan || !cfg->adaptive)
		return cli_lab_report(t, file, dir, false);
	bool more = false;
	int rc = cli_lab_adaptive_step(cfg, t->plan, file, dir, &more);
	if (!rc && more)
		printf(
		    "the next round is to play: quiver lab run --resume %s (here), or in slices: "
		    "quiver lab run --resume %s --shard k/K --out SHARDS, then quiver lab merge "
		    "SHARDS/*.lab --out %s\n",
		    dir, dir, dir);
	return rc;
}

static int copy_lines(const shard *s, FILE *out)
{
	FILE *f = fopen(s->path, "rb");
	if (!f)
		return cli_fail("lab", "cannot read the shard '%s': %s", s->path, strerror(errno));
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, f); /* its header */
	int k = 0, rc = CLI_EXIT_OK;
	while (!rc && (n = getline(&line, &cap, f)) > 0) {
		char *q;
		long idx = strtol(line, &q, 10);
		if (line[n - 1] != '\n')
			rc = cli_fail(
			    "lab",
			    "%s: the last line is cut short (no newline after game %d): was "
			    "the shard truncated?",
			    s->path, s->lo + k);
		else if (k == s->hi - s->lo)
			rc = cli_fail("lab", "%s: more lines than the %d games of its range %d-%d",
			              s->path, s->hi - s->lo, s->lo, s->hi - 1);
		else if (q == line || idx != s->lo + k)
			rc = cli_fail("lab", "%s: line %d is not game %d of its range", s->path,
			              k + 2, s->lo + k);
		else if (fwrite(line, 1, (size_t)n, out) != (size_t)n)
			rc = cli_fail("lab", "cannot write the merged games: %s", strerror(errno));
		k++;
	}
	if (!rc && k != s->hi - s->lo)
		rc = cli_fail("lab",
		              "%s: %d of its %d games (range %d-%d): was the shard truncated?",
		              s->path, k, s->hi - s->lo, s->lo, s->hi - 1);
	free(line);
	fclose(f);
	return rc;
}

/* Writes DIR/games.lab from the shards in order, under the whole study's header. */
static int write_games(const cli_lab_task *t, shard **order, int n, const char *out)
{
	char path[4096], tmp[4200];
	snprintf(path, sizeof path, "%s/%s", out, CLI_LAB_GAMES);
	snprintf(tmp, sizeof tmp, "%s.part", path);
	char *header = cli_lab_header(t, 0, t->total);
	FILE *f = header ? fopen(tmp, "wb") : NULL;
	if (!f) {
		free(header);
		return cli_fail("lab", "cannot write '%s': %s", tmp, header ? strerror(errno) : "");
	}
	int rc = fprintf(f, "%s\n", header) < 0 ? cli_fail("lab", "cannot write '%s'", tmp) : 0;
	free(header);
	for (int i = 0; !rc && i < n; i++)
		rc = copy_lines(order[i], f);
	if (fclose(f) && !rc)
		rc = cli_fail("lab", "cannot write '%s': %s", tmp, strerror(errno));
	if (!rc && rename(tmp, path) != 0)
		rc = cli_fail("lab", "cannot write '%s': %s", path, strerror(errno));
	if (rc)
		remove(tmp);
	return rc;
}

/* Whether dir holds the games of the study of the shards (header: the shards' header without
 * its range) and no report yet: an unfinished study the shards complete (a resumed study's
 * slices, or a round of an adaptive study). */
static bool study_in(const char *dir, const json_t *header)
{
	char path[4096], report[4096], *line = NULL;
	snprintf(path, sizeof path, "%s/%s", dir, CLI_LAB_GAMES);
	snprintf(report, sizeof report, "%s/report.json", dir);
	qv_err err;
	if (access(report, F_OK) == 0 || access(path, F_OK) != 0 ||
	    qv_lab_file_header(path, &line, &err))
		return false;
	json_t *h = NULL;
	json_error_t je;
	bool same = qv__json_parse(line, strlen(line), 0, &h, &je) == QV_OK && json_is_object(h);
	if (same) {
		json_object_del(h, "range");
		same = json_equal(h, header);
	}
	json_decref(h);
	free(line);
	return same;
}

/* Adds the games of shard s that the journal j does not hold yet to it. */
static int add_shard(const shard *s, qv_lab_journal *j)
{
	FILE *f = fopen(s->path, "rb");
	if (!f)
		return cli_fail("lab", "cannot read the shard '%s': %s", s->path, strerror(errno));
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, f); /* its header */
	int rc = CLI_EXIT_OK;
	qv_err err;
	while (!rc && (n = getline(&line, &cap, f)) > 0) {
		qv_lab_game g;
		if (line[n - 1] != '\n')
			rc = cli_fail("lab",
			              "%s: the last line is cut short: was the shard truncated?",
			              s->path);
		else if (qv_lab_line_read(line, (size_t)n - 1, &g, &err))
			rc = cli_fail("lab", "%s: %s", s->path, err.msg);
		else {
			if (g.index < s->lo || g.index >= s->hi)
				rc = cli_fail("lab", "%s: game %d is outside its range %d-%d",
				              s->path, g.index, s->lo, s->hi - 1);
			else if (!qv_lab_journal_has(j, g.index) && qv_lab_journal_add(j, &g, &err))
				rc = cli_fail("lab", "%s", err.msg);
			qv_lab_game_free(&g);
		}
	}
	free(line);
	fclose(f);
	return rc;
}

/* Merges the shards into the unfinished study of dir (study_in): their games added to its
 * journal, which must then hold every game; then the next round of an adaptive study, or the
 * report. */
static int merge_into(const cli_lab_task *t, qv_lab_config *cfg, shard **order, int n,
                      const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, CLI_LAB_GAMES);
	char *header = cli_lab_header(t, 0, t->total);
	if (!header)
		return cli_fail("lab", "out of memory");
	qv_lab_journal *j;
	qv_err err;
	qv_status st = qv_lab_journal_open(path, header, 0, t->total, true, &j, &err);
	free(header);
	if (st)
		return cli_fail("lab", "%s", err.msg);
	int had = qv_lab_journal_count(j), rc = CLI_EXIT_OK;
	for (int i = 0; !rc && i < n; i++)
		rc = add_shard(order[i], j);
	if (rc) {
		qv_lab_journal_close(j);
		return rc;
	}
	printf("merged into %s: %d games it held, %d from the shards, of %d\n", path, had,
	       qv_lab_journal_count(j) - had, t->total);
	if (qv_lab_journal_finish(j, path, &err))
		return cli_fail("lab", "%s (a shard is missing?)", err.msg);
	return finish_study(t, cfg, path, dir);
}

/* The merge once the shards' headers are read: the study they share, its tiling, its games'
 * file and its report. */
static int merge(shard *sh, shard **order, int n, const char *out, bool force)
{
	for (int i = 1; i < n; i++) {
		const char *key = differing_key(sh[0].header, sh[i].header);
		if (key)
			return cli_fail(
			    "lab",
			    "%s is not of the same study as %s: their \"%s\" differ (the "
			    "shards of one study share the variant, seed, agents, counts "
			    "and version)",
			    sh[i].path, sh[0].path, key);
	}
	if (strcmp(sh[0].cfg.version, QV_VERSION) != 0)
		return cli_fail("lab",
		                "%s was written by quiver %s; this is quiver %s, which may compute "
		                "otherwise: merge with the same version",
		                sh[0].path, sh[0].cfg.version, QV_VERSION);
	qv_lab_plan plan = {0};
	qv_lab_sweep *sweep = NULL;
	cli_lab_task t = {0};
	qv_err err;
	int rc = CLI_EXIT_OK;
	/* A sweep's shards name what varies: the sweep is made from their study's configuration. */
	if (sh[0].cfg.sweep[0]) {
		sweep = calloc(1, sizeof *sweep);
		if (!sweep)
			return cli_fail("lab", "out of memory");
		if (qv_lab_sweep_make(&sh[0].cfg, sh[0].cfg.sweep, sweep, &err)) {
			free(sweep);
			return cli_fail("lab", "%s: %s", sh[0].path, err.msg);
		}
		t = (cli_lab_task){.sweep = sweep, .total = sweep->total};
	} else {
		if (qv_lab_plan_make(&sh[0].cfg, &plan, &err))
			return cli_fail("lab", "%s: %s", sh[0].path, err.msg);
		t = (cli_lab_task){.plan = &plan, .total = plan.total};
	}
	for (int i = 0; i < n; i++)
		order[i] = &sh[i];
	qsort(order, (size_t)n, sizeof *order, by_range);
	char games[4096];
	snprintf(games, sizeof games, "%s/%s", out, CLI_LAB_GAMES);
	if (!sweep && !force && study_in(out, sh[0].header))
		rc = merge_into(&t, &sh[0].cfg, order, n, out);
	else if (!(rc = check_tiling(order, n, t.total)) &&
	         !(rc = cli_prepare_dir("lab", "--out", out)) &&
	         !(rc = cli_lab_refuse_other(out, force)) && !(rc = write_games(&t, order, n, out)))
		rc = finish_study(&t, &sh[0].cfg, games, out);
	if (sweep) {
		qv_lab_sweep_free(sweep);
		free(sweep);
	} else
		qv_lab_plan_free(&plan);
	return rc;
}

int cli_lab_merge(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "lab", argc, argv);
	const char *v, *out = NULL;
	bool force = false;
	int opt, n = 0;
	shard *sh = calloc((size_t)argc + 1, sizeof *sh);
	shard **order = calloc((size_t)argc + 1, sizeof *order);
	int rc = sh && order ? -1 : cli_fail("lab", "out of memory");
	while (rc < 0 && (opt = cli_next(&p, merge_options, &v)) != CLI_OPT_END) {
		if (opt == CLI_OPT_BAD)
			rc = CLI_EXIT_USAGE;
		else if (opt == 1) {
			cli_lab_help();
			rc = CLI_EXIT_OK;
		} else if (opt == 0)
			out = v;
		else if (opt == 2)
			force = true;
		else
			sh[n++].path = v;
	}
	if (rc < 0 && n == 0)
		rc = cli_usage("lab", "no shards: expected quiver lab merge SHARD... --out DIR");
	if (rc < 0 && !out)
		rc = cli_usage("lab", "no --out DIR: the folder the report goes to");
	for (int i = 0; rc < 0 && i < n; i++) {
		int r = read_shard(&sh[i]);
		if (r)
			rc = r;
	}
	if (rc < 0)
		rc = merge(sh, order, n, out, force);
	for (int i = 0; sh && i < n; i++)
		json_decref(sh[i].header);
	free(sh);
	free(order);
	return rc < 0 ? CLI_EXIT_OK : rc;
}
