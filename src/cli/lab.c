/*
 * lab.c - `quiver lab`: the designer's lab (docs/lab.md). `lab run` plans a study of a game's
 * variant (src/lab/lab.h), plays it on several threads into its journal, DIR/games.lab
 * (lab_run.c: a Ctrl-C loses nothing, --resume DIR goes on), and writes its report
 * (report.html, report.json, games.csv) from that file; with --shard it plays one slice into
 * the slice's file instead. `lab sweep` does the same along the values of one number, and
 * `lab merge` (lab_merge.c) puts the slices together into the file one machine would have
 * written, and its report.
 *
 * A run computes its report from its games' lines read back, exactly as a merge and a resumed
 * study do, so the three give the same bytes by construction.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/lab_help.h"
#include "cli/lab_merge.h"
#include "cli/lab_run.h"

#define LAB_MAX_SHARDS 10000

static const cli_opt run_options[] = {
    {"variant", "FILE"},
    {"baseline", "FILE"},
    {"agents", "A,B..."},
    {"players", "N,M..."},
    {"games", "N"},
    {"component-games", "M"},
    {"ladder-games", "L"},
    {"ladder", "LO-HI"},
    {"precision", "P"},
    {"paired", NULL},
    {"seed", "S"},
    {"threads", "T"},
    {"param", "K=V"},
    {"out", "DIR"},
    {"shard", "k/K"},
    {"force", NULL},
    {"luck-games", "L"},
    {"fixed-sides", NULL},
    {"components", "ID,ID..."},
    {"until-settled", "W"},
    {"settle-cap", "M"},
    {"margin", "S,L"},
    {"vary", "PATH=LO..HI"},
    {"help", NULL},
    {"resume", "DIR"},
    {"progress", "SECONDS"},
    {"adaptive", NULL},
    {"first-round", "M"},
    {NULL, NULL},
};

enum {
	OPT_VARIANT,
	OPT_BASELINE,
	OPT_AGENTS,
	OPT_PLAYERS,
	OPT_GAMES,
	OPT_COMPONENT_GAMES,
	OPT_LADDER_GAMES,
	OPT_LADDER,
	OPT_PRECISION,
	OPT_PAIRED,
	OPT_SEED,
	OPT_THREADS,
	OPT_PARAM,
	OPT_OUT,
	OPT_SHARD,
	OPT_FORCE,
	OPT_LUCK_GAMES,
	OPT_FIXED_SIDES,
	OPT_COMPONENTS,
	OPT_UNTIL_SETTLED,
	OPT_SETTLE_CAP,
	OPT_MARGIN,
	OPT_VARY,
	OPT_HELP,
	OPT_RESUME,
	OPT_PROGRESS,
	OPT_ADAPTIVE,
	OPT_FIRST_ROUND,
	OPT_COUNT
};

/* ---- the output folder ---- */

/* The last component of a path. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ---- run ---- */

typedef struct run_opts {
	const char *game, *variant, *baseline, *out;
	bool force;       /* --force: a report in --out may be written over */
	bool fixed_sides; /* --fixed-sides: each seat keeps its own deck */
	qv_params params;
	long games, component_games, ladder_games, luck_games, threads, ladder_lo, ladder_hi;
	long shard, shards;
	bool adaptive;    /* --adaptive */
	long first_round; /* --first-round; 0: a quarter of the component games */
	double precision;
	double settle_width; /* --until-settled; 0: one round */
	long settle_cap;
	double margin_score, margin_length; /* --margin */
	const char *vary;                   /* lab sweep: --vary */
	const char *resume;                 /* --resume DIR */
	long progress;                      /* --progress SECONDS */
	bool sweep;                         /* lab sweep rather than lab run */
	unsigned long long seen;            /* bit k: option k was given */
	bool games_given, paired, seeded;
	uint64_t seed;
	qv_lab_config cfg;
} run_opts;

/* Parses --margin: "S,L", the score's margin (a fraction, 0.02: 2 points) and the length's
 * (decisions), or "0" for none. */
static bool parse_margin(const char *v, run_opts *o)
{
	char *end;
	double s = strtod(v, &end), l = 0;
	bool ok = end != v && s >= 0 && s <= 1;
	if (ok && *end == ',') {
		const char *at = end + 1;
		l = strtod(at, &end);
		ok = end != at && l >= 0 && l <= 1000;
	} else {
		ok = ok && s == 0;
	}
	if (!ok || *end) {
		cli_usage("lab",
		          "bad value '%s' for --margin: expected S,L, the smallest effect that "
		          "counts on a score (a fraction from 0 to 1: 0.02 is 2 points) and on the "
		          "length (decisions, 0 to 1000), e.g. 0.02,0.5; or 0 for no margin",
		          v);
		return false;
	}
	o->margin_score = s;
	o->margin_length = l;
	return true;
}

/* Parses "2,3" or "2-4" into ascending player counts. */
static bool parse_players(const char *text, qv_lab_config *cfg)
{
	int n = 0;
	const char *p = text;
	while (*p) {
		char *end;
		long a = strtol(p, &end, 10), b = a;
		if (end == p)
			return false;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1)
				return false;
			p = end;
		}
		for (long k = a; k <= b; k++) {
			if (k < 1 || k > QV_MAX_PLAYERS || n == QV_MAX_PLAYERS ||
			    (n && k <= cfg->players[n - 1]))
				return false;
			cfg->players[n++] = (int)k;
		}
		if (*p == ',')
			p++;
		else if (*p)
			return false;
	}
	cfg->nplayers = n;
	return n > 0;
}

/* Parses "k/K". */
static bool parse_shard(const char *text, long *k, long *K)
{
	char *end;
	errno = 0;
	*k = strtol(text, &end, 10);
	if (end == text || *end != '/' || errno)
		return false;
	const char *q = end + 1;
	*K = strtol(q, &end, 10);
	return end != q && !*end && !errno && *K >= 1 && *K <= LAB_MAX_SHARDS && *k >= 0 && *k < *K;
}

/* The options that take a number of games, a bound or a width: -1 when v is accepted, else the
 * exit status of the message given. */
static int count_option(run_opts *o, int opt, const char *v)
{
	bool ok = true;
	switch (opt) {
	case OPT_GAMES:
		ok = cli_long("lab", "--games", v, 1, 1000000, &o->games);
		o->games_given = true;
		break;
	case OPT_COMPONENT_GAMES:
		ok = cli_long("lab", "--component-games", v, 0, 1000000, &o->component_games);
		break;
	case OPT_LADDER_GAMES:
		ok = cli_long("lab", "--ladder-games", v, 0, 1000000, &o->ladder_games);
		break;
	case OPT_LUCK_GAMES:
		ok = cli_long("lab", "--luck-games", v, 0, 1000000, &o->luck_games);
		break;
	case OPT_LADDER: {
		char *end;
		o->ladder_lo = strtol(v, &end, 10);
		if (end == v || *end != '-' || (o->ladder_hi = strtol(end + 1, &end, 10), *end) ||
		    o->ladder_lo < 1 || o->ladder_hi > 16 || o->ladder_lo > o->ladder_hi)
			return cli_usage("lab",
			                 "--ladder '%s': expected LO-HI, rungs within 1-16 (rung k "
			                 "plays 2^(k+1) against 2^k iterations), e.g. 4-10",
			                 v);
		break;
	}
	case OPT_PRECISION:
		ok = cli_double("lab", "--precision", v, 0.002, 0.5, &o->precision);
		break;
	case OPT_UNTIL_SETTLED:
		ok = cli_double("lab", "--until-settled", v, 0.005, 2.0, &o->settle_width);
		break;
	case OPT_SETTLE_CAP:
		ok = cli_long("lab", "--settle-cap", v, 1, 1000000, &o->settle_cap);
		break;
	case OPT_MARGIN: ok = parse_margin(v, o); break;
	case OPT_FIRST_ROUND:
		ok = cli_long("lab", "--first-round", v, 1, 1000000, &o->first_round);
		break;
	case OPT_THREADS: ok = cli_long("lab", "--threads", v, 1, 256, &o->threads); break;
	case OPT_PROGRESS: ok = cli_long("lab", "--progress", v, 0, 86400, &o->progress); break;
	}
	return ok ? -1 : CLI_EXIT_USAGE;
}

/* --agents, --players or --components: what plays in the study, into o->cfg. -1 when it is
 * accepted, else the exit status of the message given. */
static int table_option(run_opts *o, int opt, const char *v)
{
	switch (opt) {
	case OPT_AGENTS: {
		qv_err err;
		if (qv_agent_split_specs(v, o->cfg.agents, &o->cfg.nagents, QV_MAX_PLAYERS, &err))
			return cli_usage(
			    "lab",
			    "--agents: %s (expected 1-%d agent specs separated by commas, "
			    "e.g. medium or hard,medium)",
			    err.msg, QV_MAX_PLAYERS);
		return -1;
	}
	case OPT_PLAYERS:
		if (!parse_players(v, &o->cfg))
			return cli_usage("lab",
			                 "--players '%s': expected player counts 1-%d in ascending "
			                 "order, as 2,3,4 or 2-4",
			                 v, QV_MAX_PLAYERS);
		return -1;
	case OPT_COMPONENTS:
		if (strlen(v) >= sizeof o->cfg.components)
			return cli_usage(
			    "lab",
			    "--components is too long (expected component ids separated "
			    "by commas, at most %zu characters)",
			    sizeof o->cfg.components - 1);
		qv_copy(o->cfg.components, sizeof o->cfg.components, v);
		return -1;
	}
	return -1;
}

/* One option of lab run or sweep: -1 when it is accepted, else the exit status (of the help, or
 * of the message given). */
static int run_option(run_opts *o, int opt, const char *v)
{
	switch (opt) {
	case CLI_OPT_BAD: return CLI_EXIT_USAGE;
	case CLI_OPT_POSITIONAL:
		if (o->game)
			return cli_usage("lab",
			                 "unexpected argument '%s' (expected quiver lab run <game> "
			                 "--out DIR [options])",
			                 v);
		o->game = v;
		return -1;
	case OPT_HELP: cli_lab_help(); return CLI_EXIT_OK;
	case OPT_VARY: o->vary = v; return -1;
	case OPT_VARIANT: o->variant = v; return -1;
	case OPT_BASELINE: o->baseline = v; return -1;
	case OPT_AGENTS:
	case OPT_PLAYERS:
	case OPT_COMPONENTS: return table_option(o, opt, v);
	case OPT_PAIRED: o->paired = true; return -1;
	case OPT_FORCE: o->force = true; return -1;
	case OPT_FIXED_SIDES: o->fixed_sides = true; return -1;
	case OPT_ADAPTIVE: o->adaptive = true; return -1;
	case OPT_SEED:
		if (!cli_seed("lab", "seed", v, &o->seed))
			return CLI_EXIT_USAGE;
		o->seeded = true;
		return -1;
	case OPT_PARAM: return cli_param("lab", &o->params, v) ? -1 : CLI_EXIT_USAGE;
	case OPT_OUT: o->out = v; return -1;
	case OPT_RESUME: o->resume = v; return -1;
	case OPT_SHARD:
		if (!parse_shard(v, &o->shard, &o->shards))
			return cli_usage(
			    "lab",
			    "--shard '%s': expected k/K with 0 <= k < K <= %d, e.g. 0/4 "
			    "for the first of four slices",
			    v, LAB_MAX_SHARDS);
		return -1;
	default: return count_option(o, opt, v);
	}
}

/* The options of a resumed study: a resumed study is the study its folder holds, so only how
 * it plays may change, or which slice of what is left a shard plays (--shard, into --out).
 * -1 when they agree, else the exit status of the message given. */
static int check_resume(const run_opts *o)
{
	unsigned long long mine = 1ull << OPT_RESUME | 1ull << OPT_THREADS | 1ull << OPT_PROGRESS |
	                          1ull << OPT_SHARD | 1ull << OPT_OUT | 1ull << OPT_FORCE;
	for (int k = 0; k < OPT_COUNT; k++)
		if ((o->seen & ~mine) >> k & 1)
			return cli_usage("lab",
			                 "--%s with --resume: a resumed study keeps the options it "
			                 "was started with (give --threads or --progress only, or "
			                 "--shard k/K --out DIR to play a slice of what is left)",
			                 run_options[k].name);
	if ((o->shards != 0) != (o->out != NULL))
		return cli_usage("lab",
		                 "--resume DIR with %s: a slice of what is left is "
		                 "played with --shard k/K into --out DIR, both given",
		                 o->shards ? "--shard but no --out" : "--out but no --shard");
	if (o->game)
		return cli_usage("lab",
		                 "unexpected argument '%s' with --resume (expected "
		                 "quiver lab run --resume DIR)",
		                 o->game);
	return -1;
}

/* --vary and the study's options: a sweep has --vary and none of what is for a study alone, a
 * study no --vary. -1 when they agree, else the exit status of the message given. */
static int check_sweep(const run_opts *o)
{
	if (o->sweep) {
		/* A sweep's value is a study of the main arm alone. */
		static const int study_only[] = {
		    OPT_BASELINE,   OPT_COMPONENT_GAMES, OPT_LADDER_GAMES,  OPT_LADDER,
		    OPT_LUCK_GAMES, OPT_COMPONENTS,      OPT_UNTIL_SETTLED, OPT_SETTLE_CAP,
		    OPT_MARGIN,     OPT_ADAPTIVE,        OPT_FIRST_ROUND};
		for (size_t i = 0; i < sizeof study_only / sizeof study_only[0]; i++)
			if (o->seen >> study_only[i] & 1)
				return cli_usage(
				    "lab",
				    "--%s is for quiver lab run: a sweep plays the main "
				    "arm of a study at each value",
				    run_options[study_only[i]].name);
		if (!o->vary)
			return cli_usage("lab",
			                 "no --vary: expected quiver lab sweep <game> --vary "
			                 "PATH=LO..HI[:STEP] --out DIR");
	} else if (o->vary) {
		return cli_usage("lab", "--vary is for quiver lab sweep <game> --vary PATH=LO..HI "
		                        "--out DIR");
	}
	return -1;
}

/* How many games the study plays, taken together (--games or --precision, --adaptive and its
 * first round, --until-settled and its cap, shards): -1 when they agree, else the exit status
 * of the message given. */
static int check_budget(const run_opts *o)
{
	if (!o->out)
		return cli_usage("lab", "no --out DIR: the folder the report goes to");
	if (o->games_given && o->precision > 0)
		return cli_usage("lab", "--games and --precision both given: give one");
	if (o->adaptive && o->settle_width > 0)
		return cli_usage("lab", "--adaptive and --until-settled both decide how many games "
		                        "the components get: give one");
	if (o->adaptive && o->component_games == 0)
		return cli_usage("lab",
		                 "--adaptive with --component-games 0: no component games to "
		                 "spend (expected a budget of at least 1 a component and arm)");
	if (o->first_round && !o->adaptive)
		return cli_usage("lab", "--first-round is the first round of an --adaptive study: "
		                        "give --adaptive too");
	if (o->adaptive && o->first_round > o->component_games)
		return cli_usage("lab",
		                 "--first-round %ld is over the budget of --component-games %ld: "
		                 "the first round is part of the budget",
		                 o->first_round, o->component_games);
	if (o->settle_width > 0 && o->shards)
		return cli_usage("lab", "--until-settled decides the study's size as it plays: it "
		                        "cannot play one shard of it (run it on one machine, or "
		                        "give --component-games)");
	if (o->settle_width > 0 && o->component_games == 0)
		return cli_usage("lab", "--until-settled with --component-games 0: no component "
		                        "to settle (expected a first round of at least 1)");
	if (o->settle_width > 0 && o->component_games > o->settle_cap)
		return cli_usage("lab",
		                 "--component-games %ld is over --settle-cap %ld: the first round "
		                 "plays the component games, the cap bounds the last",
		                 o->component_games, o->settle_cap);
	return -1;
}

/* What the options ask, taken together: -1 when they make a study (or a sweep), else the exit
 * status of the message given. */
static int check_run(const run_opts *o)
{
	if (o->resume)
		return check_resume(o);
	if (!o->game)
		return cli_usage("lab", "no game: expected quiver lab %s <game> %s--out DIR",
		                 o->sweep ? "sweep" : "run", o->sweep ? "--vary PATH=LO..HI " : "");
	int rc = check_sweep(o);
	return rc >= 0 ? rc : check_budget(o);
}

/* Parses the options of lab run or sweep into o: -1 when they make a study, else the exit
 * status. */
static int parse_run(int argc, char **argv, run_opts *o)
{
	cli_parser p;
	cli_parser_init(&p, "lab", argc, argv);
	const char *v;
	int opt;
	while ((opt = cli_next(&p, run_options, &v)) != CLI_OPT_END) {
		if (opt >= 0 && opt < 64)
			o->seen |= 1ull << opt;
		int rc = run_option(o, opt, v);
		if (rc >= 0)
			return rc;
	}
	return check_run(o);
}

/* Loads a variant file for the study (NULL path: the built-in set). */
static int load_variant(const qv_game *g, const char *opt, const char *path, const qv_variant **out)
{
	qv_err err;
	if (!path) {
		*out = qv_variant_base(g, &err);
		return *out ? CLI_EXIT_OK : cli_fail("lab", "%s", err.msg);
	}
	if (!g->components)
		return cli_usage("lab", "%s: %s has no components a variant may change", opt,
		                 g->name);
	if (qv_variant_load(path, g, out, &err))
		return cli_fail("lab", "%s: %s", opt, err.msg);
	return CLI_EXIT_OK;
}

/* The games for a seat's score known within +-precision: the Wilson half-width at 1/2. */
static long games_for_precision(double precision)
{
	return (long)ceil(QV_Z95 * QV_Z95 * 0.25 / (precision * precision));
}

/* ---- playing ---- */

/* The games [*lo, *hi) of a study or sweep of total games that this run plays: those from
 * `from` on (0, or a resumed adaptive study's latest round), or the slice of --shard of them. */
static void shard_range(const run_opts *o, int from, int total, int *lo, int *hi)
{
	*lo = from;
	*hi = total;
	if (o->shards) {
		*lo = from + (int)((long long)o->shard * (total - from) / o->shards);
		*hi = from + (int)((long long)(o->shard + 1) * (total - from) / o->shards);
	}
}

/* Plays the task's games (the slice of --shard) into its journal, and writes its report, or
 * the slice's file for a shard. A study's journal is DIR/games.lab, sorted in place when
 * complete; a shard's is DIR/shard-k-of-K.lab.part, renamed to .lab then, and taken up again
 * (unless --force) when a run of the same slice finds it, so that a shard run again after a
 * failure plays only what it had not. The caller has begun the line naming what is played. */
static int play_task(const run_opts *o, const cli_lab_task *t, int from, bool resume)
{
	int lo, hi;
	shard_range(o, from, t->total, &lo, &hi);
	if (o->shards)
		printf(", slice %ld of %ld: games %d-%d", o->shard, o->shards, lo, hi - 1);
	printf("\n");
	char journal[4210], done[4200];
	if (o->shards) {
		snprintf(done, sizeof done, "%s/shard-%ld-of-%ld.lab", o->out, o->shard, o->shards);
		snprintf(journal, sizeof journal, "%s.part", done);
		resume = !o->force && access(journal, F_OK) == 0;
	} else {
		snprintf(done, sizeof done, "%s/%s", o->out, CLI_LAB_GAMES);
		snprintf(journal, sizeof journal, "%s", done);
	}
	cli_lab_play how = {.threads = (int)o->threads, .progress_every = o->progress};
	int rc = cli_lab_play_journal(t, &how, lo, hi, journal, done, resume);
	if (rc)
		return rc;
	if (o->shards) {
		printf("wrote %s (games %d-%d of %d)\n", done, lo, hi - 1, t->total);
		return CLI_EXIT_OK;
	}
	return cli_lab_report(t, done, o->out, false);
}

/* ---- sweeps ---- */

/* quiver lab sweep, once the configuration is made (or read back, resuming): plays the sweep
 * (or one shard of it) and writes its report (or the shard). */
static int run_sweep(run_opts *o, bool resume)
{
	qv_lab_sweep *s = calloc(1, sizeof *s);
	if (!s)
		return cli_fail("lab", "out of memory");
	qv_err err;
	qv_status st = qv_lab_sweep_make(&o->cfg, o->cfg.sweep, s, &err);
	if (st) {
		free(s);
		return st == QV_ENOMEM ? cli_fail("lab", "%s", err.msg)
		                       : cli_usage("lab", "%s", err.msg);
	}
	int rc = CLI_EXIT_OK;
	if (!resume && ((rc = cli_prepare_dir("lab", "--out", o->out)) ||
	                (!o->shards && (rc = cli_lab_refuse_other(o->out, o->force)))))
		goto done;
	printf("lab sweep %s, %s: %d values, variant %s (%.12s), seed %llu: %d games",
	       o->cfg.game->name, o->cfg.sweep, s->nvalues, o->cfg.variant->name,
	       o->cfg.variant->sha256, (unsigned long long)o->cfg.seed, s->total);
	cli_lab_task t = {.sweep = s, .total = s->total};
	rc = play_task(o, &t, 0, resume);
done:
	qv_lab_sweep_free(s);
	free(s);
	return rc;
}

/* ---- --until-settled ---- */

/* The widest interval of component c's tests (its ablation's seat tests and its restricted
 * play's score test); 0 when it has none. */
static double widest_interval(const qv_lab_component *c, int players)
{
	double w = 0;
	const qv_lab_delta *d[QV_MAX_PLAYERS + 1];
	int n = 0;
	for (int s = 0; s < players; s++)
		d[n++] = &c->ablate_seat[s];
	d[n++] = &c->restrict_score;
	for (int i = 0; i < n; i++) {
		double width = d[i]->ci.hi - d[i]->ci.lo;
		if (isfinite(width) && width > w)
			w = width;
	}
	return w;
}

/* After a round of --until-settled (its games in the study's file): the component games of
 * the next round, or 0 when every studied component is beyond a margin or has intervals at most the
 * width asked (or the cap is reached), saying which. *rc is set when the games cannot be
 * computed. */
static int next_round(const qv_lab_plan *plan, const char *round_file, int *rc)
{
	const qv_lab_config *cfg = &plan->cfg;
	qv_lab_report rep;
	qv_err err;
	qv_lab_file f;
	if (qv_lab_file_open(round_file, 0, plan->total, &f, &err)) {
		*rc = cli_fail("lab", "%s", err.msg);
		return 0;
	}
	qv_lab_source src = {.file = &f, .total = plan->total};
	qv_status st = qv_lab_compute_from(plan, &src, &rep, &err);
	qv_lab_file_free(&f);
	if (st) {
		*rc = cli_fail("lab", "%s", err.msg);
		return 0;
	}
	int unsettled = 0, studied = 0;
	double widest = 0;
	const char *worst = "";
	for (int s = 0; s < rep.nsections; s++)
		for (int k = 0; k < plan->ncomponents; k++) {
			const qv_lab_component *c = &rep.section[s].component[k];
			if (!plan->studied[k])
				continue;
			studied++;
			double w = widest_interval(c, rep.section[s].players);
			bool beyond = c->balance == QV_LAB_BEYOND || c->strength == QV_LAB_BEYOND ||
			              c->length == QV_LAB_BEYOND;
			if (beyond || w <= cfg->settle_width)
				continue;
			unsettled++;
			if (w > widest) {
				widest = w;
				worst = plan->component[k];
			}
		}
	int games_now = cfg->component_games;
	long next = 2L * games_now > cfg->settle_cap ? cfg->settle_cap : 2L * games_now;
	if (!unsettled)
		printf(
		    "settled: every one of %d components is beyond a margin or within %.1f pp, at "
		    "%d component games\n",
		    studied, 100 * cfg->settle_width, games_now);
	else if (next <= games_now)
		printf("not settled at the cap of %d component games: %d of %d components "
		       "wider than %.1f pp (the widest %.1f pp, %s); the report says so in its "
		       "intervals\n",
		       games_now, unsettled, studied, 100 * cfg->settle_width, 100 * widest, worst);
	else
		printf("%d of %d components wider than %.1f pp (the widest %.1f pp, %s) at "
		       "%d component games\n",
		       unsettled, studied, 100 * cfg->settle_width, 100 * widest, worst, games_now);
	qv_lab_report_free(&rep);
	return unsettled && next > games_now ? (int)next : 0;
}

/* ---- run ---- */

/* Plans study o's next round into *plan (from o->cfg as it stands) and, at the `first`, makes
 * ready its folder unless it resumes (a shard's is made ready even then): CLI_EXIT_OK, or the
 * exit code after saying why (nothing left to free). */
static int plan_round(run_opts *o, bool resume, bool first, qv_lab_plan *plan)
{
	qv_err err;
	qv_status st = qv_lab_plan_make(&o->cfg, plan, &err);
	if (st)
		return st == QV_ENOMEM ? cli_fail("lab", "%s", err.msg)
		                       : cli_usage("lab", "%s", err.msg);
	int rc = CLI_EXIT_OK;
	if (first && (!resume || o->shards) &&
	    ((rc = cli_prepare_dir("lab", "--out", o->out)) ||
	     (!o->shards && (rc = cli_lab_refuse_other(o->out, o->force)))))
		qv_lab_plan_free(plan);
	return rc;
}

/* ---- adaptive studies ---- */

/* The first game of an adaptive study's latest round (0 before any): what a resumed study's
 * shards play a slice of. */
static int round_start(const qv_lab_plan *plan)
{
	for (int a = 0; a < plan->narms; a++)
		if (plan->arm[a].round == plan->cfg.nrounds && plan->cfg.nrounds > 0)
			return plan->arm[a].first;
	return 0;
}

/* quiver lab run --adaptive (or resuming one): round after round, each round's games played
 * into the study's journal and the next round decided from all the games so far
 * (cli_lab_adaptive_step), until there is none and the report is written. With --shard, one
 * slice of the first round, or (resuming) of the latest round, into the shard's file: `quiver
 * lab merge` into the study's folder decides the next. */
static int run_adaptive(run_opts *o, bool resume)
{
	qv_lab_config *cfg = &o->cfg;
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", o->out, CLI_LAB_GAMES);
	for (int pass = 0;; pass++) {
		qv_lab_plan plan;
		int rc = plan_round(o, resume, pass == 0, &plan);
		if (rc)
			return rc;
		if (pass == 0)
			printf("lab %s, variant %s (%.12s), seed %llu: adaptive, a budget of %ld "
			       "component games (%d a component and arm), first round %d an arm\n",
			       cfg->game->name, cfg->variant->name, cfg->variant->sha256,
			       (unsigned long long)cfg->seed, qv_lab_component_budget(&plan),
			       cfg->component_games, cfg->first_games);
		printf("round %d: %d games in all", cfg->nrounds + 1, plan.total);
		cli_lab_task t = {.plan = &plan, .total = plan.total};
		if (o->shards) {
			rc = play_task(o, &t, resume ? round_start(&plan) : 0, false);
			qv_lab_plan_free(&plan);
			return rc;
		}
		printf("\n");
		cli_lab_play how = {.threads = (int)o->threads, .progress_every = o->progress};
		rc = cli_lab_play_journal(&t, &how, 0, plan.total, path, path, resume || pass > 0);
		bool more = false;
		if (!rc)
			rc = cli_lab_adaptive_step(cfg, &plan, path, o->out, &more);
		qv_lab_plan_free(&plan);
		if (rc || !more)
			return rc;
	}
}

/* quiver lab run, once the configuration is made (or read back, resuming): plans the study,
 * plays it (or one shard of it) into its journal and writes its report; with --until-settled,
 * round after round, each with twice the component games of the last. */
static int run_rounds(run_opts *o, bool resume)
{
	qv_lab_config *cfg = &o->cfg;
	if (cfg->adaptive)
		return run_adaptive(o, resume);
	int rc = CLI_EXIT_OK;
	for (int round = 1;; round++) {
		qv_lab_plan plan;
		if ((rc = plan_round(o, resume, round == 1, &plan)) != 0)
			return rc;
		if (round == 1)
			printf("lab %s, variant %s (%.12s), seed %llu: %d games", cfg->game->name,
			       cfg->variant->name, cfg->variant->sha256,
			       (unsigned long long)cfg->seed, plan.total);
		else
			printf("round %d, %d component games: %d games", round,
			       cfg->component_games, plan.total);
		cli_lab_task t = {.plan = &plan, .total = plan.total};
		bool last = o->shards || cfg->settle_width <= 0;
		int lo, hi;
		shard_range(o, 0, plan.total, &lo, &hi);
		if (last) {
			rc = play_task(o, &t, 0, resume && round == 1);
			qv_lab_plan_free(&plan);
			return rc;
		}
		/* A round is played into the study's file; its report only once it is the last. */
		printf("\n");
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", o->out, CLI_LAB_GAMES);
		cli_lab_play how = {.threads = (int)o->threads, .progress_every = o->progress};
		rc = cli_lab_play_journal(&t, &how, lo, hi, path, path, resume && round == 1);
		int next = rc ? 0 : next_round(&plan, path, &rc);
		if (!rc && !next)
			rc = cli_lab_report(&t, path, o->out, false);
		qv_lab_plan_free(&plan);
		if (rc || !next)
			return rc;
		cfg->component_games = next;
	}
}

/* run_rounds with a Ctrl-C or SIGTERM caught across all the rounds: one that comes between two
 * rounds stops the study before the next (cli_lab_catch_stops). */
static int run_study(run_opts *o, bool resume)
{
	cli_lab_catch_stops();
	int rc = run_rounds(o, resume);
	cli_lab_release_stops();
	return rc;
}

/* Reads the configuration of the study (or sweep) in DIR/games.lab into o, to go on with it. */
static int read_resumed(run_opts *o)
{
	char path[4200], *header;
	snprintf(path, sizeof path, "%s/%s", o->resume, CLI_LAB_GAMES);
	qv_err err;
	if (access(path, F_OK) != 0)
		return cli_fail("lab",
		                "--resume %s: it holds no study to go on with (no %s in it): "
		                "expected the --out folder of a quiver lab run",
		                o->resume, CLI_LAB_GAMES);
	if (qv_lab_file_header(path, &header, &err))
		return cli_fail("lab", "%s", err.msg);
	int lo, hi;
	qv_status st = qv_lab_header_read(header, &o->cfg, &lo, &hi, &err);
	free(header);
	if (st)
		return cli_fail("lab", "%s: %s", path, err.msg);
	if (lo != 0)
		return cli_fail("lab",
		                "%s holds games %d-%d of a study: only a whole study resumes "
		                "(a shard is run again with the same --shard)",
		                path, lo, hi - 1);
	if (strcmp(o->cfg.version, QV_VERSION) != 0)
		return cli_fail("lab",
		                "%s was written by quiver %s; this is quiver %s, which may play "
		                "otherwise: resume with the same version",
		                path, o->cfg.version, QV_VERSION);
	if (!o->shards)
		o->out = o->resume;
	return CLI_EXIT_OK;
}

/* The study's configuration from the options: its game, variants, agents, player counts, games
 * and seed. */
static int configure(run_opts *o)
{
	qv_lab_config *cfg = &o->cfg;
	cfg->game = cli_game("lab", o->game);
	if (!cfg->game)
		return CLI_EXIT_USAGE;
	const qv_game *g = cfg->game;
	if (qv_params_get(&o->params, "players") || qv_params_get(&o->params, "variant"))
		return cli_usage("lab", "give the player counts with --players and the components "
		                        "with --variant, not as --param");
	int rc;
	if ((rc = load_variant(g, "--variant", o->variant, &cfg->variant)) ||
	    (o->baseline && (rc = load_variant(g, "--baseline", o->baseline, &cfg->baseline))))
		return rc;
	if (o->variant)
		qv_copy(cfg->variant_file, sizeof cfg->variant_file, base_name(o->variant));
	if (o->baseline)
		qv_copy(cfg->baseline_file, sizeof cfg->baseline_file, base_name(o->baseline));
	if (cfg->nagents == 0) {
		qv_copy(cfg->agents[0], QV_NAME_MAX, CLI_LAB_DEFAULT_AGENT);
		cfg->nagents = 1;
	}
	if (cfg->nplayers == 0)
		for (int n = g->min_players; n <= g->max_players && n <= QV_MAX_PLAYERS; n++)
			cfg->players[cfg->nplayers++] = n;
	if (o->precision > 0)
		o->games = games_for_precision(o->precision);
	if (!o->seeded)
		o->seed = cli_random_seed();
	cfg->params = o->params;
	cfg->games = (int)o->games;
	cfg->component_games = (int)o->component_games;
	cfg->ladder_games = (int)o->ladder_games;
	cfg->luck_games = (int)o->luck_games;
	cfg->ladder_lo = (int)o->ladder_lo;
	cfg->ladder_hi = (int)o->ladder_hi;
	cfg->paired = o->paired;
	cfg->fixed_sides = o->fixed_sides;
	cfg->seed = o->seed;
	cfg->adaptive = o->adaptive;
	cfg->first_games = !o->adaptive ? 0
	                   : o->first_round > 0
	                       ? (int)o->first_round
	                       : (int)(o->component_games / 4 > 0 ? o->component_games / 4 : 1);
	cfg->settle_width = o->settle_width;
	cfg->settle_cap = (int)o->settle_cap;
	if (!o->sweep) {
		cfg->margin_score = o->margin_score;
		cfg->margin_length = o->margin_length;
	}
	if (o->sweep)
		qv_copy(cfg->sweep, sizeof cfg->sweep, o->vary);
	qv_copy(cfg->version, sizeof cfg->version, QV_VERSION);
	return CLI_EXIT_OK;
}

static int lab_run(int argc, char **argv, bool sweep)
{
	run_opts *o = calloc(1, sizeof *o);
	if (!o)
		return cli_fail("lab", "out of memory");
	o->sweep = sweep;
	o->games = sweep ? CLI_LAB_DEFAULT_SWEEP_GAMES : CLI_LAB_DEFAULT_GAMES;
	o->component_games = CLI_LAB_DEFAULT_COMPONENT_GAMES;
	o->ladder_games = CLI_LAB_DEFAULT_LADDER_GAMES;
	o->luck_games = CLI_LAB_DEFAULT_LUCK_GAMES;
	o->settle_cap = CLI_LAB_DEFAULT_SETTLE_CAP;
	o->margin_score = CLI_LAB_DEFAULT_MARGIN_SCORE;
	o->margin_length = CLI_LAB_DEFAULT_MARGIN_LENGTH;
	o->ladder_lo = QV_LAB_LADDER_LO;
	o->ladder_hi = QV_LAB_LADDER_HI;
	o->progress = CLI_LAB_DEFAULT_PROGRESS;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	o->threads = cpus < 1 ? 1 : cpus > 256 ? 256 : cpus;
	int rc = parse_run(argc, argv, o);
	if (rc < 0)
		rc = o->resume ? read_resumed(o) : configure(o);
	else
		o->cfg.game = NULL; /* the help, or a usage error: nothing to run */
	if (rc == CLI_EXIT_OK && o->cfg.game) {
		bool resume = o->resume != NULL;
		rc = o->cfg.sweep[0] ? run_sweep(o, resume) : run_study(o, resume);
	}
	free(o);
	return rc;
}

int cli_lab(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		if (argc < 2) {
			return cli_usage("lab",
			                 "expected quiver lab run <game> --out DIR, quiver lab "
			                 "sweep <game> --vary PATH=LO..HI --out DIR, or quiver lab "
			                 "merge SHARD... --out DIR");
		}
		cli_lab_help();
		return CLI_EXIT_OK;
	}
	if (strcmp(argv[1], "run") == 0)
		return lab_run(argc - 1, argv + 1, false);
	if (strcmp(argv[1], "sweep") == 0)
		return lab_run(argc - 1, argv + 1, true);
	if (strcmp(argv[1], "merge") == 0)
		return cli_lab_merge(argc - 1, argv + 1);
	return cli_usage("lab", "unknown lab command '%s' (expected run, sweep or merge)", argv[1]);
}
