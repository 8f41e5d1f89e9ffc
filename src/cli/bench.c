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
 * two runs (N and 2N games) divided by the difference in actions.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static const cli_opt bench_opts[] = {
	{"seconds", "S"},
	{"runs", "N"},
	{"param", "K=V"},
	{"seed", "S"},
	{"json", NULL},
	{"mcts-seconds", "S"},
	{"games", "N"},
	{"mcts-iterations", "K"},
	{"position", "WHERE"},
	{"help", NULL},
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
	OPT_HELP
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
	       "                    [--position opening|mid-game|both] [--json]\n\n"
	       "Plays random games (uniform legal actions, chance by its probabilities) on one\n"
	       "thread for S seconds per run, N runs, and reports the median playouts/s and\n"
	       "actions/s (decisions and chance outcomes), the mean game length. Then measures\n"
	       "MCTS iterations/s: N decisions of mcts:time=S' on the opening and on a position\n"
	       "after %d random decisions, with one thread and with one thread per core (median).\n"
	       "Reports the machine and the command line.\n\n"
	       "  --seconds S       length of one playout run (default 2)\n"
	       "  --runs N          number of runs, 1-%d (default 5)\n"
	       "  --param K=V       a game parameter (repeatable; see quiver rules <game>)\n"
	       "  --seed S          seed of the games and the random choices (default 1)\n"
	       "  --mcts-seconds S  length of one MCTS decision, 0-300; 0 skips MCTS\n"
	       "                    (default %g, at most --seconds)\n"
	       "  --games N         play exactly N games per run instead of --seconds (0: no\n"
	       "                    playouts), for instruction counts (bench/instructions.sh)\n"
	       "  --mcts-iterations K  exactly K iterations per MCTS decision, one thread,\n"
	       "                    instead of a time budget\n"
	       "  --position WHERE  the MCTS positions: opening, mid-game or both (default)\n"
	       "  --json            print one JSON object instead of text\n"
	       "  -h, --help        this help\n\n"
	       "example: quiver bench three-arrows --seconds 1 --runs 3 --param players=4\n",
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
	uint64_t games = 0, actions = 0;
	double t0 = cli_now(), elapsed = 0;
	while (games_wanted >= 0 ? games < (uint64_t)games_wanted : elapsed < seconds || !games) {
		if (g->init(st, params, qv_seed_mix(seed, games), err))
			return false;
		uint64_t len = 0;
		for (;;) {
			int tm = g->to_move(st);
			if (tm == QV_OVER)
				break;
			qv_action a = tm == QV_CHANCE ? qv_sample_chance(g, st, &rng, abuf, pbuf)
						      : qv_sample_legal(g, st, &rng, abuf);
			if (a < 0) {
				qv_fail(err, QV_ESTATE, "game %llu, action %llu: nothing to play although the game is not over",
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
		elapsed = cli_now() - t0;
	}
	*out = (bench_run){games, actions, cli_now() - t0};
	return true;
}

/* The position of the MCTS figures: the opening (init, chance settled) or, with `decisions`,
 * the first position after that many random decisions where a player with a choice is to
 * move (another seed is tried when a game ends first). False with a message on a game
 * error. */
static bool bench_position(const qv_game *g, const qv_params *params, uint64_t seed,
			   int decisions, void *st, qv_action *abuf, double *pbuf, qv_err *err)
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
			qv_action a = tm == QV_CHANCE ? qv_sample_chance(g, st, &rng, abuf, pbuf)
						      : qv_sample_legal(g, st, &rng, abuf);
			if (a < 0)
				return qv_fail(err, QV_ESTATE, "random play to a test position failed"),
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
		snprintf(spec, sizeof spec, "mcts:iterations=%ld,threads=%d,time=300", iters, threads);
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
	static const char *const keys[] = {"model name", "Hardware", "cpu model", "Processor", NULL};
	int found = 99;
	while (fgets(line, sizeof line, f)) {
		for (int k = 0; keys[k] && k < found; k++) {
			size_t kl = strlen(keys[k]);
			if (strncmp(line, keys[k], kl) != 0 || (line[kl] != ' ' && line[kl] != '\t' &&
								 line[kl] != ':'))
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

/* Parses the options, checks the parameters once with init, runs the timed runs and
 * reports them as text or JSON. */
int cli_bench(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "bench", argc, argv);
	qv_params params = {0};
	uint64_t seed = 1;
	double seconds = 2, mcts_seconds = -1;
	long runs = 5, games = -1, mcts_iterations = 0;
	int position = 2; /* 0 opening, 1 mid-game, 2 both */
	bool as_json = false;
	const char *name = NULL, *v;
	int o;
	while ((o = cli_next(&p, bench_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case OPT_SECONDS:
			if (!cli_double("bench", "--seconds", v, 0.001, 86400, &seconds))
				return CLI_EXIT_USAGE;
			break;
		case OPT_RUNS:
			if (!cli_long("bench", "--runs", v, 1, BENCH_MAX_RUNS, &runs))
				return CLI_EXIT_USAGE;
			break;
		case OPT_PARAM:
			if (!cli_param("bench", &params, v))
				return CLI_EXIT_USAGE;
			break;
		case OPT_SEED:
			if (!cli_seed("bench", "seed", v, &seed))
				return CLI_EXIT_USAGE;
			break;
		case OPT_JSON:
			as_json = true;
			break;
		case OPT_MCTS_SECONDS:
			if (!cli_double("bench", "--mcts-seconds", v, 0, 300, &mcts_seconds))
				return CLI_EXIT_USAGE;
			break;
		case OPT_GAMES:
			if (!cli_long("bench", "--games", v, 0, 100000000, &games))
				return CLI_EXIT_USAGE;
			break;
		case OPT_MCTS_ITERATIONS:
			if (!cli_long("bench", "--mcts-iterations", v, 1, 100000000, &mcts_iterations))
				return CLI_EXIT_USAGE;
			break;
		case OPT_POSITION:
			if (strcmp(v, "opening") == 0)
				position = 0;
			else if (strcmp(v, "mid-game") == 0)
				position = 1;
			else if (strcmp(v, "both") == 0)
				position = 2;
			else
				return cli_usage("bench", "bad value '%s' for --position: expected opening, mid-game or both",
						 v);
			break;
		case OPT_HELP:
			bench_help();
			return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (name)
				return cli_usage("bench", "unexpected argument '%s': expected quiver bench <game>",
						 v);
			name = v;
			break;
		default:
			return CLI_EXIT_USAGE;
		}
	}
	if (!name)
		return cli_usage("bench", "expected quiver bench <game> [--seconds S] [--runs N] [--param K=V]...");
	const qv_game *g = cli_game("bench", name);
	if (!g)
		return CLI_EXIT_USAGE;

	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	void *st = malloc(g->state_size);
	qv_action *abuf = malloc(sizeof *abuf * (size_t)(most > 0 ? most : 1));
	double *pbuf = malloc(sizeof *pbuf * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	bench_run *res = calloc((size_t)runs, sizeof *res);
	double *pps = calloc((size_t)runs, sizeof *pps), *aps = calloc((size_t)runs, sizeof *aps);
	int rc = CLI_EXIT_OK;
	qv_err err;
	qv_buf desc = {0}, cmdline = {0};
	json_t *j = NULL;
	if (!st || !abuf || !pbuf || !res || !pps || !aps) {
		rc = cli_fail("bench", "out of memory");
		goto done;
	}
	/* Parameters are checked once, before any timing, so a typo is a usage error. */
	if (g->init(st, &params, seed, &err)) {
		rc = cli_usage("bench", "%s", err.msg);
		goto done;
	}
	qv_params all;
	qv_params_complete(&params, g->params, g->nparams, &all);
	cli_format_params(&all, &desc);
	cli_command_line(&cmdline);
	char cpu[256];
	cpu_model(cpu, sizeof cpu);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	if (!as_json) {
		if (games >= 0)
			printf("bench %s (%s), seed %llu: %ld run%s of %ld game%s, one thread\n", g->name,
			       qv_buf_str(&desc), (unsigned long long)seed, runs, runs == 1 ? "" : "s",
			       games, games == 1 ? "" : "s");
		else
			printf("bench %s (%s), seed %llu: %ld run%s of %g s, one thread\n", g->name,
			       qv_buf_str(&desc), (unsigned long long)seed, runs, runs == 1 ? "" : "s",
			       seconds);
		fflush(stdout);
	}
	uint64_t total_games = 0, total_actions = 0;
	for (long r = 0; games != 0 && r < runs; r++) {
		if (!bench_one(g, &params, qv_seed_mix(seed, (uint64_t)r), seconds, games, st, abuf,
			       pbuf, &res[r], &err)) {
			rc = cli_fail("bench", "run %ld: %s", r + 1, err.msg);
			goto done;
		}
		pps[r] = res[r].secs > 0 ? (double)res[r].games / res[r].secs : 0;
		aps[r] = res[r].secs > 0 ? (double)res[r].actions / res[r].secs : 0;
		total_games += res[r].games;
		total_actions += res[r].actions;
		if (!as_json) {
			printf("run %ld: %llu games, %llu actions in %.3f s: %.0f playouts/s, %.0f actions/s\n",
			       r + 1, (unsigned long long)res[r].games,
			       (unsigned long long)res[r].actions, res[r].secs, pps[r], aps[r]);
			fflush(stdout);
		}
	}
	double mean_len = total_games ? (double)total_actions / (double)total_games : 0;
	double med_pps = median(pps, (int)runs), med_aps = median(aps, (int)runs);
	if (!as_json && games != 0)
		printf("median: %.0f playouts/s, %.0f actions/s; mean game length %.1f actions\n",
		       med_pps, med_aps, mean_len);

	/* MCTS iterations per second: opening and mid-game, one thread and all cores. */
	if (mcts_seconds < 0)
		mcts_seconds = seconds < BENCH_MCTS_SECONDS ? seconds : BENCH_MCTS_SECONDS;
	if (mcts_iterations > 0 && mcts_seconds == 0)
		mcts_seconds = BENCH_MCTS_SECONDS; /* the iterations decide */
	int nthreads = cores > 1 && mcts_iterations == 0 ? 2 : 1;
	int thread_counts[2] = {1, (int)(cores > 64 ? 64 : cores)};
	static const char *const where[2] = {"opening", "mid-game"};
	double ips_med[2][2] = {{0}};
	for (int w = 0; mcts_seconds > 0 && w < 2; w++) {
		if (position != 2 && w != position)
			continue;
		if (!bench_position(g, &params, seed, w ? BENCH_MIDGAME_DECISIONS : 0, st, abuf, pbuf,
				    &err)) {
			rc = cli_fail("bench", "mcts %s: %s", where[w], err.msg);
			goto done;
		}
		for (int k = 0; k < nthreads; k++) {
			if (!bench_mcts(g, st, thread_counts[k], mcts_seconds, mcts_iterations, runs, seed,
					pps, &err)) {
				rc = cli_fail("bench", "mcts %s: %s", where[w], err.msg);
				goto done;
			}
			ips_med[w][k] = median(pps, (int)runs);
			if (!as_json) {
				if (k == 0 && (w == 0 || position == 1) && mcts_iterations > 0)
					printf("mcts (mcts:iterations=%ld, one decision per run, median of %ld): iterations/s\n",
					       mcts_iterations, runs);
				else if (k == 0 && (w == 0 || position == 1))
					printf("mcts (mcts:time=%g, one decision per run, median of %ld): iterations/s\n",
					       mcts_seconds, runs);
				char at[64] = "";
				if (w)
					snprintf(at, sizeof at, " (after %d random decisions)",
						 BENCH_MIDGAME_DECISIONS);
				printf("  %s%s, %d thread%s: %.0f\n", where[w], at, thread_counts[k],
				       thread_counts[k] == 1 ? "" : "s", ips_med[w][k]);
				fflush(stdout);
			}
		}
	}
	if (!as_json) {
		printf("machine: %s, %ld core%s\n", cpu, cores, cores == 1 ? "" : "s");
		printf("command: %s\n", qv_buf_str(&cmdline));
		goto done;
	}
	json_t *jparams = json_object(), *jruns = json_array();
	for (int i = 0; i < all.n; i++)
		json_object_set_new(jparams, all.kv[i].key, json_string(all.kv[i].value));
	for (long r = 0; r < runs; r++)
		json_array_append_new(jruns, json_pack("{s:I, s:I, s:f}", "games",
						       (json_int_t)res[r].games, "actions",
						       (json_int_t)res[r].actions, "seconds",
						       res[r].secs));
	/* JSON integers are signed 64-bit: a larger seed is written as a string. */
	char seed_text[24];
	snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
	json_t *jseed = seed <= INT64_MAX ? json_integer((json_int_t)seed) : json_string(seed_text);
	json_t *jmcts = json_array();
	for (int w = 0; mcts_seconds > 0 && w < 2; w++)
		for (int k = 0; k < nthreads && (position == 2 || w == position); k++)
			json_array_append_new(jmcts, json_pack("{s:s, s:i, s:f}", "position", where[w],
							       "threads", thread_counts[k],
							       "iterations_per_second",
							       ips_med[w][k]));
	j = json_pack("{s:s, s:o, s:o, s:f, s:i, s:f, s:f, s:f, s:o, s:f, s:o, s:{s:s, s:i}, s:s}",
		      "game", g->name, "params", jparams, "seed", jseed, "seconds", seconds,
		      "runs", (int)runs, "playouts_per_second", med_pps, "actions_per_second",
		      med_aps, "mean_game_length", mean_len, "run_results", jruns, "mcts_seconds",
		      mcts_seconds, "mcts", jmcts, "machine", "cpu", cpu, "cores", (int)cores,
		      "command", qv_buf_str(&cmdline));
	char *text = j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) : NULL;
	if (!text) {
		rc = cli_fail("bench", "out of memory writing JSON");
		goto done;
	}
	printf("%s\n", text);
	free(text);
done:
	json_decref(j);
	qv_buf_free(&desc);
	qv_buf_free(&cmdline);
	free(st);
	free(abuf);
	free(pbuf);
	free(res);
	free(pps);
	free(aps);
	return rc;
}
