/*
 * perft.c - `quiver perft`: counts the action sequences of exactly DEPTH plies from a new game,
 * each player decision and each chance outcome being one ply. Counts that agree with an
 * independent count (or with an earlier version) are strong evidence that legal move generation
 * and apply are right; the speed is a rough measure of the rules code.
 *
 * Only the game interface is used, with one preallocated state and action buffer per ply, so
 * the recursion allocates nothing. A game that ends before DEPTH contributes nothing to the
 * deeper counts; forced moves are plies like any other.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "quiver/variant.h"

static const cli_opt perft_opts[] = {
    {"param", "K=V"}, {"seed", "S"},       {"divide", NULL},
    {"help", NULL},   {"variant", "FILE"}, {NULL, NULL},
};

#define PERFT_MAX_DEPTH 64

/* The text of `quiver perft --help`. */
static void perft_help(void)
{
	printf(
	    "usage: quiver perft <game> DEPTH [--param K=V]... [--variant FILE] [--seed S]\n"
	    "                    [--divide]\n\n"
	    "Counts the sequences of exactly DEPTH plies from the start of a game (every\n"
	    "decision and every chance outcome is a ply; a game that ends sooner counts 0)\n"
	    "and prints the count for each depth 1..DEPTH, the time and the nodes per second.\n\n"
	    "  DEPTH          1-%d\n"
	    "  --param K=V    a game parameter (repeatable; see quiver rules <game>)\n"
	    "  --variant FILE the components of a variant file (docs/variants.md)\n"
	    "  --seed S       seed passed to the game's init (default 1)\n"
	    "  --divide       also print the count under each first action\n"
	    "  -h, --help     this help\n\n"
	    "example: quiver perft three-arrows 3 --param size=7 --divide\n",
	    PERFT_MAX_DEPTH);
}

typedef struct perft_ctx {
	const qv_game *g;
	int depth;
	unsigned char *states; /* depth + 1 states: states at ply 0..depth */
	qv_action *acts;       /* per ply, nacts entries */
	double *probs;         /* per ply, nprobs entries */
	size_t nacts, nprobs;
	uint64_t counts[PERFT_MAX_DEPTH + 1]; /* counts[d]: sequences of d plies */
	char failure[1024];                   /* set when the game refused its own action */
} perft_ctx;

/* The preallocated state of ply `ply`. */
static void *ply_state(const perft_ctx *c, int ply)
{
	return c->states + c->g->state_size * (size_t)ply;
}

/* Counts below the state at `ply` into counts[ply + 1 .. depth]. Returns false (with
 * c->failure set) if apply rejects an action that legal or chance listed. */
static bool perft_node(perft_ctx *c, int ply)
{
	const qv_game *g = c->g;
	void *st = ply_state(c, ply);
	int tm = g->to_move(st);
	if (tm == QV_OVER)
		return true;
	qv_action *acts = c->acts + c->nacts * (size_t)ply;
	int n = tm == QV_CHANCE ? g->chance(st, acts, c->probs + c->nprobs * (size_t)ply)
	                        : g->legal(st, acts);
	c->counts[ply + 1] += (uint64_t)n;
	if (ply + 1 == c->depth)
		return true;
	void *next = ply_state(c, ply + 1);
	for (int i = 0; i < n; i++) {
		memcpy(next, st, g->state_size);
		qv_err err;
		if (qv_apply_checked(g, next, acts[i], NULL, &err)) {
			char text[QV_ACTION_TEXT];
			if (g->action_to_text(st, acts[i], text, sizeof text) < 0)
				snprintf(text, sizeof text, "#%d", (int)acts[i]);
			snprintf(c->failure, sizeof c->failure,
			         "the game refused its own listed action '%s' at ply %d: %s", text,
			         ply + 1, err.msg);
			return false;
		}
		if (!perft_node(c, ply + 1))
			return false;
	}
	return true;
}

/* --divide: the root's actions one by one, printing the DEPTH-ply count under each. */
static bool perft_divide(perft_ctx *c)
{
	const qv_game *g = c->g;
	void *root = ply_state(c, 0);
	int tm = g->to_move(root);
	if (tm == QV_OVER)
		return true;
	qv_action *acts = c->acts;
	int n = tm == QV_CHANCE ? g->chance(root, acts, c->probs) : g->legal(root, acts);
	c->counts[1] += (uint64_t)n;
	void *next = ply_state(c, 1);
	for (int i = 0; i < n; i++) {
		char text[QV_ACTION_TEXT];
		if (g->action_to_text(root, acts[i], text, sizeof text) < 0)
			snprintf(text, sizeof text, "#%d", (int)acts[i]);
		uint64_t before = c->counts[c->depth];
		if (c->depth > 1) {
			memcpy(next, root, g->state_size);
			qv_err err;
			if (qv_apply_checked(g, next, acts[i], NULL, &err)) {
				snprintf(c->failure, sizeof c->failure,
				         "the game refused its own listed action '%s' at ply 1: %s",
				         text, err.msg);
				return false;
			}
			if (!perft_node(c, 1))
				return false;
		}
		uint64_t under = c->depth > 1 ? c->counts[c->depth] - before : 1;
		printf("%s: %llu\n", text, (unsigned long long)under);
	}
	printf("\n");
	return true;
}

/* What the options of quiver perft ask for. */
typedef struct perft_args {
	qv_params params;
	uint64_t seed;
	bool divide;
	const char *name, *depth_text, *variant;
} perft_args;

/* Parses the options into a: -1 to go on, else the command's exit code (after --help, or a
 * usage message). */
static int parse(int argc, char **argv, perft_args *a)
{
	cli_parser p;
	cli_parser_init(&p, "perft", argc, argv);
	const char *v;
	int o;
	while ((o = cli_next(&p, perft_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case 0:
			if (!cli_param("perft", &a->params, v))
				return CLI_EXIT_USAGE;
			break;
		case 1:
			if (!cli_seed("perft", "seed", v, &a->seed))
				return CLI_EXIT_USAGE;
			break;
		case 2: a->divide = true; break;
		case 3: perft_help(); return CLI_EXIT_OK;
		case 4: a->variant = v; break;
		case CLI_OPT_POSITIONAL:
			if (!a->name)
				a->name = v;
			else if (!a->depth_text)
				a->depth_text = v;
			else
				return cli_usage(
				    "perft",
				    "unexpected argument '%s': expected quiver perft <game> DEPTH",
				    v);
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	if (!a->name || !a->depth_text)
		return cli_usage("perft",
		                 "expected quiver perft <game> DEPTH [--param K=V]... [--divide]");
	return -1;
}

/* Counts from the start set up in c->states and prints the counts per depth, the time and the
 * pace; the command's exit code. */
static int count(perft_ctx *c, const perft_args *a)
{
	qv_params all;
	qv_variant_complete(c->g, &a->params, &all);
	qv_buf desc = {0};
	cli_format_params(c->g, &all, &desc);
	printf("perft %s (%s), seed %llu\n", c->g->name, qv_buf_str(&desc),
	       (unsigned long long)a->seed);
	qv_buf_free(&desc);
	fflush(stdout);
	double t0 = qv_mono();
	bool ok = a->divide ? perft_divide(c) : perft_node(c, 0);
	double secs = qv_mono() - t0;
	if (!ok)
		return cli_fail("perft", "%s", c->failure);
	uint64_t nodes = 0;
	printf("depth  count\n");
	for (int d = 1; d <= c->depth; d++) {
		printf("%-5d  %llu\n", d, (unsigned long long)c->counts[d]);
		nodes += c->counts[d];
	}
	printf("time %.3f s, %llu nodes, %.0f nodes/s\n", secs, (unsigned long long)nodes,
	       secs > 0 ? (double)nodes / secs : 0.0);
	return CLI_EXIT_OK;
}

/* Parses the options, sets up the game and the per-ply buffers, counts and reports. */
int cli_perft(int argc, char **argv)
{
	perft_args a = {.seed = 1};
	int rc = parse(argc, argv, &a);
	if (rc >= 0)
		return rc;
	const qv_game *g = cli_game("perft", a.name);
	if (!g)
		return CLI_EXIT_USAGE;
	int vrc = cli_variant_param("perft", g, a.variant, &a.params);
	if (vrc)
		return vrc;
	long depth;
	if (!cli_long("perft", "DEPTH", a.depth_text, 1, PERFT_MAX_DEPTH, &depth))
		return CLI_EXIT_USAGE;

	perft_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return cli_fail("perft", "out of memory");
	c->g = g;
	c->depth = (int)depth;
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	c->nacts = (size_t)(most > 0 ? most : 1);
	c->nprobs = (size_t)(g->max_chance > 0 ? g->max_chance : 1);
	c->states = malloc(g->state_size * (size_t)(depth + 1));
	c->acts = malloc(sizeof *c->acts * c->nacts * (size_t)depth);
	c->probs = malloc(sizeof *c->probs * c->nprobs * (size_t)depth);
	qv_err err;
	if (!c->states || !c->acts || !c->probs)
		rc = cli_fail("perft", "out of memory for depth %ld", depth);
	else if (g->init(c->states, &a.params, a.seed, &err))
		rc = cli_usage("perft", "%s", err.msg);
	else
		rc = count(c, &a);
	free(c->states);
	free(c->acts);
	free(c->probs);
	free(c);
	return rc;
}
