/*
 * bench.c - `quiver bench`: the speed figures of docs/benchmarks.md. Random playouts on one
 * thread: each run plays whole games from init on a single state with qv_sample_legal and
 * qv_sample_chance (no copies, no allocation inside the loop) for a fixed time. MCTS
 * iterations per second: one decision of the `mcts` agent with a time budget per run, on the
 * opening and on a mid-game position reached by random play, with one thread and with one
 * thread per core. Each figure is the median over the runs, reported with the machine and the
 * exact command so numbers can be compared.
 *
 * For instruction counts (bench/instructions.sh, under callgrind) the work can be fixed instead
 * of the time: --games N plays exactly N games per run and --mcts-iterations K runs exactly K
 * iterations per decision, so the cost of one action or one iteration is the difference between
 * two runs (N and 2N games) divided by the difference in actions. --print-positions prints the
 * MCTS positions as state JSON instead of measuring, so that the script can search the very
 * same positions with `quiver engine` in any build, older ones included.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "quiver/variant.h"

static const cli_opt bench_opts[] = {
    {"seconds", "S"},      {"runs", "N"},
    {"param", "K=V"},      {"seed", "S"},
    {"json", NULL},        {"mcts-seconds", "S"},
    {"games", "N"},        {"mcts-iterations", "K"},
    {"position", "WHERE"}, {"print-positions", NULL},
    {"help", NULL},        {"variant", "FILE"},
    {NULL, NULL},
};

enum {
	OPT_SECONDS,
	OPT_RUNS,
	OPT_PARAM,
	OPT_SEED,
	OPT_JSON,
	OPT_MCTS_SECONDS,
	OPT_GAMES,
	OPT_MCTS_ITERATIONS,
	OPT_POSITION,
	OPT_PRINT_POSITIONS,
	OPT_HELP,
	OPT_VARIANT
};

#define BENCH_MAX_RUNS 1000
/* Random decisions played from init to reach the mid-game position of the MCTS figures. */
#define BENCH_MIDGAME_DECISIONS 20
/* Default length of one MCTS decision, capped by --seconds. */
#define BENCH_MCTS_SECONDS 0.5
/* A game longer than this is taken to be a game that never ends (a rules bug). */
#define BENCH_MAX_GAME_ACTIONS 10000000ull

/* The text of `quiver bench --help`. */
static void bench_help(void)
{
	printf("usage: quiver bench <game> [--seconds S | --games N] [--runs N] [--param K=V]...\n"
	       "                    [--seed S] [--mcts-seconds S | --mcts-iterations K]\n"
	       "                    [--position opening|mid-game|both] [--json]\n"
	       "       quiver bench <game> [--param K=V]... [--seed S] [--position WHERE]\n"
	       "                    --print-positions\n\n"
	       "Measures one game with one set of parameters (a mode is a parameter, e.g.\n"
	       "--param mode=tactical), on this machine:\n"
	       "  1. random playouts: whole games from init on one thread (uniform legal\n"
	       "     actions, chance by its probabilities), S seconds per run, N runs; the\n"
	       "     median playouts/s and actions/s (decisions and chance outcomes) and the\n"
	       "     mean game length;\n"
	       "  2. MCTS iterations/s: N decisions of mcts:time=S', each by a fresh agent, at\n"
	       "     the opening and at the mid-game position (the first position after %d\n"
	       "     random decisions from --seed where a player has a choice: the same\n"
	       "     position on every run while the rules stay), one thread and one per core\n"
	       "     (median).\n"
	       "Then the machine and the command line. bench/instructions.sh counts the\n"
	       "instructions of the same work (per action, per iteration) with callgrind.\n\n"
	       "  --seconds S       length of one playout run (default 2)\n"
	       "  --runs N          number of runs, 1-%d (default 5)\n"
	       "  --param K=V       a game parameter (repeatable; see quiver rules <game>)\n"
	       "  --variant FILE    the components of a variant file (docs/variants.md)\n"
	       "  --seed S          seed of the games and the random choices (default 1)\n"
	       "  --mcts-seconds S  length of one MCTS decision, 0-300; 0 skips MCTS\n"
	       "                    (default %g, at most --seconds)\n"
	       "  --games N         play exactly N games per run instead of --seconds (0: no\n"
	       "                    playouts), for instruction counts (bench/instructions.sh)\n"
	       "  --mcts-iterations K  exactly K iterations per MCTS decision, one thread,\n"
	       "                    instead of a time budget\n"
	       "  --position WHERE  the MCTS positions: opening, mid-game or both (default)\n"
	       "  --print-positions measure nothing: print each MCTS position as one line, its\n"
	       "                    name then its full state JSON (for quiver engine's load)\n"
	       "  --json            print one JSON object instead of text\n"
	       "  -h, --help        this help\n\n"
	       "example: quiver bench three-arrows --seconds 1 --runs 3 --param mode=tactical\n",
	       BENCH_MIDGAME_DECISIONS, BENCH_MAX_RUNS, BENCH_MCTS_SECONDS);
}

typedef struct bench_run {
	uint64_t games, actions;
	double secs;
} bench_run;

/* Plays games for `seconds`, or exactly `games` games when games >= 0, on st (state_size
 * bytes) and fills *out. Returns false with a message in err if the game misbehaves (no legal
 * action, no end). */
static bool bench_one(const qv_game *g, const qv_params *params, uint64_t seed, double seconds,
                      long games_wanted, void *st, qv_action *abuf, double *pbuf, bench_run *out,
                      qv_err *err)
{
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	int options; /* what the sampler drew among, which a playout does not need */
	uint64_t games = 0, actions = 0;
	double t0 = qv_mono(), elapsed = 0;
	while (games_wanted >= 0 ? games < (uint64_t)games_wanted : elapsed < seconds || !games) {
		if (g->init(st, params, qv_seed_mix(seed, games), err))
			return false;
		uint64_t len = 0;
		for (;;) {
			int tm = g->to_move(st);
			if (tm == QV_OVER)
				break;
			qv_action a = tm == QV_CHANCE
			                  ? qv_sample_chance(g, st, &rng, abuf, pbuf)
			                  : qv_sample_legal(g, st, &rng, abuf, &options);
			if (a < 0) {
				qv_fail(
				    err, QV_ESTATE,
				    "game %llu, action %llu: nothing to play although the game is not over",
				    (unsigned long long)games + 1, (unsigned long long)len + 1);
				return false;
			}
			g->apply(st, a, NULL);
			if (++len > BENCH_MAX_GAME_ACTIONS) {
				qv_fail(err, QV_ESTATE, "a game did not end after %llu actions",
				        BENCH_MAX_GAME_ACTIONS);
				return false;
			}
		}
		actions += len;
		games++;
		elapsed = qv_mono() - t0;
	}
	*out = (bench_run){games, actions, qv_mono() - t0};
	return true;
}

/* The position of the MCTS figures: the opening (init, chance settled) or, with `decisions`,
 * the first position after that many random decisions where a player with a choice is to
 * move (another seed is tried when a game ends first). False with a message on a game
 * error. */
static bool bench_position(const qv_game *g, const qv_params *params, uint64_t seed, int decisions,
                           void *st, qv_action *abuf, double *pbuf, qv_err *err)
{
	for (uint64_t attempt = 0; attempt < 100; attempt++) {
		qv_rng rng;
		qv_rng_seed(&rng, qv_seed_mix(seed, attempt));
		if (g->init(st, params, qv_seed_mix(seed, attempt), err))
			return false;
		int made = 0;
		for (;;) {
			int tm = g->to_move(st);
			if (tm == QV_OVER)
				break;
			if (tm >= 0 && made >= decisions && g->legal(st, abuf) > 1)
				return true;
			int options;
			qv_action a = tm == QV_CHANCE
			                  ? qv_sample_chance(g, st, &rng, abuf, pbuf)
			                  : qv_sample_legal(g, st, &rng, abuf, &options);
			if (a < 0)
				return qv_fail(err, QV_ESTATE,
				               "random play to a test position failed"),
				       false;
			g->apply(st, a, NULL);
			made += tm >= 0;
		}
	}
	qv_fail(err, QV_ESTATE, "no game lasted %d decisions", decisions);
	return false;
}

/* One MCTS figure: `runs` decisions of a fresh mcts:time=secs,threads=threads agent on st (or
 * mcts:iterations=iters when iters > 0); fills per-run iterations/s into ips. */
static bool bench_mcts(const qv_game *g, const void *st, int threads, double secs, long iters,
                       long runs, uint64_t seed, double *ips, qv_err *err)
{
	char spec[QV_NAME_MAX];
	if (iters > 0)
		snprintf(spec, sizeof spec, "mcts:iterations=%ld,threads=%d,time=300", iters,
		         threads);
	else
		snprintf(spec, sizeof spec, "mcts:time=%g,threads=%d", secs, threads);
	for (long r = 0; r < runs; r++) {
		qv_agent *a;
		if (qv_agent_new(&a, spec, g, qv_seed_mix(seed, (uint64_t)r), err))
			return false;
		qv_action act;
		qv_status rc = qv_agent_choose(a, st, &act, err);
		qv_agent_stats stats;
		qv_agent_last_stats(a, &stats);
		qv_agent_free(a);
		if (rc)
			return false;
		ips[r] = stats.seconds > 0 ? (double)stats.iterations / stats.seconds : 0;
	}
	return true;
}

/* qsort order for doubles, ascending. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of n values (sorted in place). */
static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The CPU model from /proc/cpuinfo ("unknown" when it says nothing usable). */
static void cpu_model(char *buf, size_t len)
{
	snprintf(buf, len, "unknown");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[512];
	static const char *const keys[] = {"model name", "Hardware", "cpu model", "Processor",
	                                   NULL};
	int found = 99;
	while (fgets(line, sizeof line, f)) {
		for (int k = 0; keys[k] && k < found; k++) {
			size_t kl = strlen(keys[k]);
			if (strncmp(line, keys[k], kl) != 0 ||
			    (line[kl] != ' ' && line[kl] != '\t' && line[kl] != ':'))
				continue;
			const char *colon = strchr(line, ':');
			if (!colon)
				continue;
			colon++;
			while (*colon == ' ' || *colon == '\t')
				colon++;
			size_t n = strcspn(colon, "\n");
			if (n == 0)
				continue;
			snprintf(buf, len, "%.*s", (int)n, colon);
			found = k;
		}
	}
	fclose(f);
}

/* What `quiver bench` was asked for. */
typedef struct bench_cfg {
	const char *name;
	const char *variant; /* --variant FILE */
	qv_params params;
	uint64_t seed;
	double seconds, mcts_seconds;
	long runs, games, mcts_iterations;
	int position; /* 0 opening, 1 mid-game, 2 both */
	bool as_json, print_positions;
} bench_cfg;

/* What it measured, and the scratch of the runs. */
typedef struct bench_report {
	void *st;
	qv_action *abuf;
	double *pbuf;
	bench_run *res;
	double *pps, *aps;
	double mean_len, med_pps, med_aps;
	int nthreads, thread_counts[2];
	double ips_med[2][2]; /* [position][thread count] */
	char cpu[256];
	long cores;
	qv_buf desc, cmdline;
	qv_params all;
} bench_report;

static const char *const bench_where[2] = {"opening", "mid-game"};

/* Reads one option into cfg; returns -1 to go on, else the exit status. */
static int bench_option(bench_cfg *cfg, int o, const char *v)
{
	switch (o) {
	case OPT_SECONDS:
		return cli_double("bench", "--seconds", v, 0.001, 86400, &cfg->seconds)
		           ? -1
		           : CLI_EXIT_USAGE;
	case OPT_RUNS:
		return cli_long("bench", "--runs", v, 1, BENCH_MAX_RUNS, &cfg->runs)
		           ? -1
		           : CLI_EXIT_USAGE;
	case OPT_PARAM: return cli_param("bench", &cfg->params, v) ? -1 : CLI_EXIT_USAGE;
	case OPT_SEED: return cli_seed("bench", "seed", v, &cfg->seed) ? -1 : CLI_EXIT_USAGE;
	case OPT_JSON: cfg->as_json = true; return -1;
	case OPT_VARIANT: cfg->variant = v; return -1;
	case OPT_MCTS_SECONDS:
		return cli_double("bench", "--mcts-seconds", v, 0, 300, &cfg->mcts_seconds)
		           ? -1
		           : CLI_EXIT_USAGE;
	case OPT_GAMES:
		return cli_long("bench", "--games", v, 0, 100000000, &cfg->games) ? -1
		                                                                  : CLI_EXIT_USAGE;
	case OPT_MCTS_ITERATIONS:
		return cli_long("bench", "--mcts-iterations", v, 1, 100000000,
		                &cfg->mcts_iterations)
		           ? -1
		           : CLI_EXIT_USAGE;
	case OPT_POSITION:
		for (int w = 0; w < 2; w++)
			if (strcmp(v, bench_where[w]) == 0) {
				cfg->position = w;
				return -1;
			}
		if (strcmp(v, "both") == 0) {
			cfg->position = 2;
			return -1;
		}
		return cli_usage(
		    "bench", "bad value '%s' for --position: expected opening, mid-game or both",
		    v);
	case OPT_PRINT_POSITIONS: cfg->print_positions = true; return -1;
	case OPT_HELP: bench_help(); return CLI_EXIT_OK;
	case CLI_OPT_POSITIONAL:
		if (cfg->name)
			return cli_usage(
			    "bench", "unexpected argument '%s': expected quiver bench <game>", v);
		cfg->name = v;
		return -1;
	default: return CLI_EXIT_USAGE;
	}
}

/* Reads the command line into cfg; returns -1 to go on, else the exit status. */
static int bench_parse(int argc, char **argv, bench_cfg *cfg)
{
	*cfg = (bench_cfg){
	    .seed = 1, .seconds = 2, .mcts_seconds = -1, .runs = 5, .games = -1, .position = 2};
	cli_parser p;
	cli_parser_init(&p, "bench", argc, argv);
	const char *v;
	int o;
	while ((o = cli_next(&p, bench_opts, &v)) != CLI_OPT_END) {
		int rc = bench_option(cfg, o, v);
		if (rc >= 0)
			return rc;
	}
	if (!cfg->name)
		return cli_usage(
		    "bench",
		    "expected quiver bench <game> [--seconds S] [--runs N] [--param K=V]...");
	return -1;
}

static bool report_alloc(const qv_game *g, long runs, bench_report *rep)
{
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	rep->st = malloc(g->state_size);
	rep->abuf = malloc(sizeof *rep->abuf * (size_t)(most > 0 ? most : 1));
	rep->pbuf = malloc(sizeof *rep->pbuf * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	rep->res = calloc((size_t)runs, sizeof *rep->res);
	rep->pps = calloc((size_t)runs, sizeof *rep->pps);
	rep->aps = calloc((size_t)runs, sizeof *rep->aps);
	return rep->st && rep->abuf && rep->pbuf && rep->res && rep->pps && rep->aps;
}

static void report_free(bench_report *rep)
{
	qv_buf_free(&rep->desc);
	qv_buf_free(&rep->cmdline);
	free(rep->st);
	free(rep->abuf);
	free(rep->pbuf);
	free(rep->res);
	free(rep->pps);
	free(rep->aps);
}

/* The random playouts: cfg->runs timed runs, each printed as it ends unless JSON is asked. */
static bool bench_playouts(const qv_game *g, const bench_cfg *cfg, bench_report *rep, qv_err *err)
{
	uint64_t total_games = 0, total_actions = 0;
	for (long r = 0; cfg->games != 0 && r < cfg->runs; r++) {
		bench_run *res = &rep->res[r];
		if (!bench_one(g, &cfg->params, qv_seed_mix(cfg->seed, (uint64_t)r), cfg->seconds,
		               cfg->games, rep->st, rep->abuf, rep->pbuf, res, err)) {
			char why[sizeof err->msg];
			qv_copy(why, sizeof why, err->msg);
			qv_fail(err, QV_EINVAL, "run %ld: %s", r + 1, why);
			return false;
		}
		rep->pps[r] = res->secs > 0 ? (double)res->games / res->secs : 0;
		rep->aps[r] = res->secs > 0 ? (double)res->actions / res->secs : 0;
		total_games += res->games;
		total_actions += res->actions;
		if (!cfg->as_json) {
			printf(
			    "run %ld: %llu games, %llu actions in %.3f s: %.0f playouts/s, %.0f actions/s\n",
			    r + 1, (unsigned long long)res->games, (unsigned long long)res->actions,
			    res->secs, rep->pps[r], rep->aps[r]);
			fflush(stdout);
		}
	}
	rep->mean_len = total_games ? (double)total_actions / (double)total_games : 0;
	rep->med_pps = median(rep->pps, (int)cfg->runs);
	rep->med_aps = median(rep->aps, (int)cfg->runs);
	if (!cfg->as_json && cfg->games != 0)
		printf("median: %.0f playouts/s, %.0f actions/s; mean game length %.1f actions\n",
		       rep->med_pps, rep->med_aps, rep->mean_len);
	return true;
}

/* MCTS iterations per second: opening and mid-game, one thread and all cores. */
static bool bench_search(const qv_game *g, const bench_cfg *cfg, bench_report *rep, qv_err *err)
{
	double secs = cfg->mcts_seconds;
	long iters = cfg->mcts_iterations;
	for (int w = 0; secs > 0 && w < 2; w++) {
		if (cfg->position != 2 && w != cfg->position)
			continue;
		if (!bench_position(g, &cfg->params, cfg->seed, w ? BENCH_MIDGAME_DECISIONS : 0,
		                    rep->st, rep->abuf, rep->pbuf, err))
			return false;
		for (int k = 0; k < rep->nthreads; k++) {
			if (!bench_mcts(g, rep->st, rep->thread_counts[k], secs, iters, cfg->runs,
			                cfg->seed, rep->pps, err))
				return false;
			rep->ips_med[w][k] = median(rep->pps, (int)cfg->runs);
			if (cfg->as_json)
				continue;
			if (k == 0 && (w == 0 || cfg->position == 1) && iters > 0)
				printf(
				    "mcts (mcts:iterations=%ld, one decision per run, median of %ld): iterations/s\n",
				    iters, cfg->runs);
			else if (k == 0 && (w == 0 || cfg->position == 1))
				printf(
				    "mcts (mcts:time=%g, one decision per run, median of %ld): iterations/s\n",
				    secs, cfg->runs);
			char at[64] = "";
			if (w)
				snprintf(at, sizeof at, " (after %d random decisions)",
				         BENCH_MIDGAME_DECISIONS);
			printf("  %s%s, %d thread%s: %.0f\n", bench_where[w], at,
			       rep->thread_counts[k], rep->thread_counts[k] == 1 ? "" : "s",
			       rep->ips_med[w][k]);
			fflush(stdout);
		}
	}
	return true;
}

/* --print-positions: each MCTS position asked for as one line, its name then the full state
 * JSON that `quiver engine`'s load takes, so that other builds (bench/instructions.sh) can
 * search the very same positions. */
static int bench_print_positions(const qv_game *g, const bench_cfg *cfg, bench_report *rep)
{
	qv_err err;
	for (int w = 0; w < 2; w++) {
		if (cfg->position != 2 && w != cfg->position)
			continue;
		if (!bench_position(g, &cfg->params, cfg->seed, w ? BENCH_MIDGAME_DECISIONS : 0,
		                    rep->st, rep->abuf, rep->pbuf, &err))
			return cli_fail("bench", "%s", err.msg);
		json_t *jparams = json_object();
		for (int i = 0; i < rep->all.n; i++)
			json_object_set_new(jparams, qv_params_key(&rep->all, i),
			                    json_string(qv_params_value(&rep->all, i)));
		json_t *st = g->state_json(rep->st);
		json_t *j = json_pack("{s:s, s:o, s:o}", "game", g->name, "params", jparams,
		                      "state", st ? st : json_null());
		/* a variant's document, which the engine's load registers first */
		const qv_variant *v = g->components ? qv_variant_of_params(g, &rep->all) : NULL;
		if (j && v && !v->builtin)
			json_object_set_new(j, "variant", qv_variant_json(v));
		char *text = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
		json_decref(j);
		if (!text)
			return cli_fail("bench", "out of memory writing a position");
		printf("%s %s\n", bench_where[w], text);
		free(text);
	}
	return CLI_EXIT_OK;
}

/* The whole report as JSON on stdout. */
static int bench_print_json(const qv_game *g, const bench_cfg *cfg, const bench_report *rep)
{
	json_t *jparams = json_object(), *jruns = json_array();
	for (int i = 0; i < rep->all.n; i++)
		json_object_set_new(jparams, qv_params_key(&rep->all, i),
		                    json_string(qv_params_value(&rep->all, i)));
	for (long r = 0; r < cfg->runs; r++)
		json_array_append_new(jruns, json_pack("{s:I, s:I, s:f}", "games",
		                                       (json_int_t)rep->res[r].games, "actions",
		                                       (json_int_t)rep->res[r].actions, "seconds",
		                                       rep->res[r].secs));
	json_t *jseed = qv_seed_json(cfg->seed);
	json_t *jmcts = json_array();
	for (int w = 0; cfg->mcts_seconds > 0 && w < 2; w++)
		for (int k = 0; k < rep->nthreads && (cfg->position == 2 || w == cfg->position);
		     k++)
			json_array_append_new(
			    jmcts, json_pack("{s:s, s:i, s:f}", "position", bench_where[w],
			                     "threads", rep->thread_counts[k],
			                     "iterations_per_second", rep->ips_med[w][k]));
	json_t *j = json_pack(
	    "{s:s, s:o, s:o, s:f, s:i, s:f, s:f, s:f, s:o, s:f, s:o, s:{s:s, s:i}, s:s}", "game",
	    g->name, "params", jparams, "seed", jseed, "seconds", cfg->seconds, "runs",
	    (int)cfg->runs, "playouts_per_second", rep->med_pps, "actions_per_second", rep->med_aps,
	    "mean_game_length", rep->mean_len, "run_results", jruns, "mcts_seconds",
	    cfg->mcts_seconds, "mcts", jmcts, "machine", "cpu", rep->cpu, "cores", (int)rep->cores,
	    "command", qv_buf_str(&rep->cmdline));
	char *text =
	    j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))
	      : NULL;
	json_decref(j);
	if (!text)
		return cli_fail("bench", "out of memory writing JSON");
	printf("%s\n", text);
	free(text);
	return CLI_EXIT_OK;
}

/* The timed runs once the game is set up: the header, the playouts, the searches on one
 * thread and on all, and the report (text or JSON); the command's exit code. */
static int bench_timed(const qv_game *g, bench_cfg *cfg, bench_report *rep)
{
	qv_err err;
	cpu_model(rep->cpu, sizeof rep->cpu);
	rep->cores = sysconf(_SC_NPROCESSORS_ONLN);
	if (!cfg->as_json) {
		if (cfg->games >= 0)
			printf("bench %s (%s), seed %llu: %ld run%s of %ld game%s, one thread\n",
			       g->name, qv_buf_str(&rep->desc), (unsigned long long)cfg->seed,
			       cfg->runs, cfg->runs == 1 ? "" : "s", cfg->games,
			       cfg->games == 1 ? "" : "s");
		else
			printf("bench %s (%s), seed %llu: %ld run%s of %g s, one thread\n", g->name,
			       qv_buf_str(&rep->desc), (unsigned long long)cfg->seed, cfg->runs,
			       cfg->runs == 1 ? "" : "s", cfg->seconds);
		fflush(stdout);
	}
	if (!bench_playouts(g, cfg, rep, &err))
		return cli_fail("bench", "%s", err.msg);
	if (cfg->mcts_seconds < 0)
		cfg->mcts_seconds =
		    cfg->seconds < BENCH_MCTS_SECONDS ? cfg->seconds : BENCH_MCTS_SECONDS;
	if (cfg->mcts_iterations > 0 && cfg->mcts_seconds == 0)
		cfg->mcts_seconds = BENCH_MCTS_SECONDS; /* the iterations decide */
	rep->nthreads = rep->cores > 1 && cfg->mcts_iterations == 0 ? 2 : 1;
	rep->thread_counts[0] = 1;
	rep->thread_counts[1] = (int)(rep->cores > 64 ? 64 : rep->cores);
	if (!bench_search(g, cfg, rep, &err))
		return cli_fail("bench", "mcts: %s", err.msg);
	if (cfg->as_json)
		return bench_print_json(g, cfg, rep);
	printf("machine: %s, %ld core%s\n", rep->cpu, rep->cores, rep->cores == 1 ? "" : "s");
	printf("command: %s\n", qv_buf_str(&rep->cmdline));
	return CLI_EXIT_OK;
}

/* Parses the options, checks the parameters once with init, runs the timed runs and
 * reports them as text or JSON. */
int cli_bench(int argc, char **argv)
{
	bench_cfg cfg;
	int rc = bench_parse(argc, argv, &cfg);
	if (rc >= 0)
		return rc;
	rc = CLI_EXIT_OK;
	const qv_game *g = cli_game("bench", cfg.name);
	if (!g)
		return CLI_EXIT_USAGE;
	if ((rc = cli_variant_param("bench", g, cfg.variant, &cfg.params)))
		return rc;
	bench_report rep = {0};
	qv_err err;
	if (!report_alloc(g, cfg.runs, &rep)) {
		rc = cli_fail("bench", "out of memory");
		goto done;
	}
	/* Parameters are checked once, before any timing, so a typo is a usage error. */
	if (g->init(rep.st, &cfg.params, cfg.seed, &err)) {
		rc = cli_usage("bench", "%s", err.msg);
		goto done;
	}
	qv_variant_complete(g, &cfg.params, &rep.all);
	cli_format_params(g, &rep.all, &rep.desc);
	cli_command_line(&rep.cmdline);
	if (cfg.print_positions) {
		rc = bench_print_positions(g, &cfg, &rep);
		goto done;
	}
	rc = bench_timed(g, &cfg, &rep);
done:
	report_free(&rep);
	return rc;
}
