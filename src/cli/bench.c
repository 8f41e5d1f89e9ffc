/*
 * bench.c - `quiver bench`: random playouts on one thread, the speed figure of docs/benchmarks.md.
 * Each run plays whole games from init on a single state with qv_sample_legal and
 * qv_sample_chance (no copies, no allocation inside the loop) for a fixed time; the report is
 * the median over the runs, with the machine and the exact command so numbers can be compared.
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
	{"help", NULL},
	{NULL, NULL},
};

#define BENCH_MAX_RUNS 1000
/* A game longer than this is taken to be a game that never ends (a rules bug). */
#define BENCH_MAX_GAME_ACTIONS 10000000ull

/* The text of `quiver bench --help`. */
static void bench_help(void)
{
	printf("usage: quiver bench <game> [--seconds S] [--runs N] [--param K=V]... [--seed S] [--json]\n\n"
	       "Plays random games (uniform legal actions, chance by its probabilities) on one\n"
	       "thread for S seconds per run, N runs, and reports the median playouts/s and\n"
	       "actions/s (decisions and chance outcomes), the mean game length, the machine and\n"
	       "the command line.\n\n"
	       "  --seconds S    length of one run (default 2)\n"
	       "  --runs N       number of runs, 1-%d (default 5)\n"
	       "  --param K=V    a game parameter (repeatable; see quiver rules <game>)\n"
	       "  --seed S       seed of the games and the random choices (default 1)\n"
	       "  --json         print one JSON object instead of text\n"
	       "  -h, --help     this help\n\n"
	       "example: quiver bench three-arrows --seconds 1 --runs 3 --param players=4\n",
	       BENCH_MAX_RUNS);
}

typedef struct bench_run {
	uint64_t games, actions;
	double secs;
} bench_run;

/* Plays games for `seconds` on st (state_size bytes) and fills *out. Returns false with a
 * message in err if the game misbehaves (no legal action, a refused action, no end). */
static bool bench_one(const qv_game *g, const qv_params *params, uint64_t seed, double seconds,
		      void *st, qv_action *abuf, double *pbuf, bench_run *out, qv_err *err)
{
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	uint64_t games = 0, actions = 0;
	double t0 = cli_now(), elapsed;
	do {
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
			qv_status s = g->apply(st, a, err);
			if (s)
				return false;
			if (++len > BENCH_MAX_GAME_ACTIONS) {
				qv_fail(err, QV_ESTATE, "a game did not end after %llu actions",
					BENCH_MAX_GAME_ACTIONS);
				return false;
			}
		}
		actions += len;
		games++;
		elapsed = cli_now() - t0;
	} while (elapsed < seconds);
	*out = (bench_run){games, actions, elapsed};
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
	double seconds = 2;
	long runs = 5;
	bool as_json = false;
	const char *name = NULL, *v;
	int o;
	while ((o = cli_next(&p, bench_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case 0:
			if (!cli_double("bench", "--seconds", v, 0.001, 86400, &seconds))
				return CLI_EXIT_USAGE;
			break;
		case 1:
			if (!cli_long("bench", "--runs", v, 1, BENCH_MAX_RUNS, &runs))
				return CLI_EXIT_USAGE;
			break;
		case 2:
			if (!cli_param("bench", &params, v))
				return CLI_EXIT_USAGE;
			break;
		case 3:
			if (!cli_seed("bench", "seed", v, &seed))
				return CLI_EXIT_USAGE;
			break;
		case 4:
			as_json = true;
			break;
		case 5:
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
		printf("bench %s (%s), seed %llu: %ld run%s of %g s, one thread\n", g->name,
		       qv_buf_str(&desc), (unsigned long long)seed, runs, runs == 1 ? "" : "s",
		       seconds);
		fflush(stdout);
	}
	uint64_t total_games = 0, total_actions = 0;
	for (long r = 0; r < runs; r++) {
		if (!bench_one(g, &params, qv_seed_mix(seed, (uint64_t)r), seconds, st, abuf, pbuf,
			       &res[r], &err)) {
			rc = cli_fail("bench", "run %ld: %s", r + 1, err.msg);
			goto done;
		}
		pps[r] = (double)res[r].games / res[r].secs;
		aps[r] = (double)res[r].actions / res[r].secs;
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
	if (!as_json) {
		printf("median: %.0f playouts/s, %.0f actions/s; mean game length %.1f actions\n",
		       med_pps, med_aps, mean_len);
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
	j = json_pack("{s:s, s:o, s:o, s:f, s:i, s:f, s:f, s:f, s:o, s:{s:s, s:i}, s:s}", "game",
		      g->name, "params", jparams, "seed", jseed, "seconds", seconds,
		      "runs", (int)runs, "playouts_per_second", med_pps, "actions_per_second",
		      med_aps, "mean_game_length", mean_len, "run_results", jruns, "machine",
		      "cpu", cpu, "cores", (int)cores, "command", qv_buf_str(&cmdline));
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
