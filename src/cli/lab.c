/*
 * lab.c - `quiver lab`: the designer's lab (docs/lab.md). `lab run` plans a study of a game's
 * variant (src/lab/lab.h), plays it on several threads with a progress bar, and writes
 * its report (report.html, report.json, games.csv); with --shard it plays one slice and
 * writes the slice's lines instead. `lab merge` reads the slices back, checks that they are
 * of one study and tile it, and writes the same report one machine would have.
 *
 * A run computes its report from its games' lines read back, exactly as a merge does, so the
 * two give the same bytes by construction.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "games/json_util.h"
#include "lab/lab.h"
#include "lab/sweep.h"

#define LAB_DEFAULT_GAMES           200
#define LAB_DEFAULT_SWEEP_GAMES     100
#define LAB_DEFAULT_COMPONENT_GAMES 100
#define LAB_DEFAULT_LADDER_GAMES    20
#define LAB_DEFAULT_LUCK_GAMES      20
#define LAB_DEFAULT_AGENT           "medium"
#define LAB_MAX_SHARDS              10000
#define LAB_DEFAULT_SETTLE_CAP      1600

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
    {"vary", "PATH=LO..HI"},
    {"help", NULL},
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
	OPT_VARY,
	OPT_HELP
};

static const cli_opt merge_options[] = {
    {"out", "DIR"}, {"help", NULL}, {"force", NULL}, {NULL, NULL}};

/* A study's report is not written over another's by accident: a folder that holds
 * report.json or games.csv is refused, naming them, unless --force. */
static int refuse_other_study(const char *dir, bool force)
{
	static const char *const files[] = {"report.json", "games.csv", "report.html"};
	for (size_t i = 0; !force && i < sizeof files / sizeof files[0]; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		if (access(path, F_OK) == 0)
			return cli_fail("lab",
			                "'%s' holds a study's report already (%s): give another "
			                "--out folder, or --force to write over it",
			                dir, files[i]);
	}
	return CLI_EXIT_OK;
}

static void lab_help(void)
{
	printf("usage: quiver lab run <game> [--variant FILE] [--baseline FILE]\n"
	       "                      [--agents A,B...] [--players N,M...]\n"
	       "                      [--games N | --precision P] [--component-games M]\n"
	       "                      [--ladder-games L] [--ladder LO-HI] [--luck-games L]\n"
	       "                      [--paired] [--fixed-sides] [--components ID,ID...]\n"
	       "                      [--until-settled W [--settle-cap M]] [--seed S]\n"
	       "                      [--threads T] [--param K=V]... --out DIR [--force]\n"
	       "                      [--shard k/K]\n"
	       "       quiver lab sweep <game> --vary PATH=LO..HI[:STEP] [--variant FILE]\n"
	       "                      [--agents A,B...] [--players N,M...] [--games N]\n"
	       "                      [--paired] [--fixed-sides] [--seed S] [--threads T]\n"
	       "                      [--param K=V]... --out DIR [--force] [--shard k/K]\n"
	       "       quiver lab merge SHARD... --out DIR [--force]\n\n"
	       "Studies a game's variant by self-play and writes one report: whether the game is\n"
	       "fair for every seat at every player count, how long, drawish and lucky it is,\n"
	       "how tense, and which components (cards, pieces, items, abilities) cause that,\n"
	       "with 95%% intervals. DIR/report.html is one self-contained page (no network),\n"
	       "DIR/report.json the same figures, DIR/games.csv one row per game. docs/lab.md\n"
	       "explains every figure.\n\n"
	       "  --variant FILE      the components studied (docs/variants.md; default: the\n"
	       "                      built-in set)\n"
	       "  --baseline FILE     a variant to compare with: every figure side by side, with\n"
	       "                      its difference and interval\n"
	       "  --agents A,B...     the players, agent specs (quiver arena --help); seats\n"
	       "                      rotate among them (default: %s, self-play)\n"
	       "  --players N,M...    the player counts studied (default: every count the game\n"
	       "                      allows)\n"
	       "  --games N           games per player count (default %d)\n"
	       "  --precision P       instead of --games: enough games for each seat's score\n"
	       "                      to be known within +-P (95%%), e.g. 0.02\n"
	       "  --component-games M games per component and player count for its ablation\n"
	       "                      (the variant without it, and the variant itself on the\n"
	       "                      same seeds) and its restricted play (one seat may not\n"
	       "                      use it); 0 leaves components out (default %d)\n"
	       "  --ladder-games L    games per rung of the skill ladder (ismcts with 2^(k+1)\n"
	       "                      against 2^k iterations); 0 leaves it out (default %d)\n"
	       "  --ladder LO-HI      the ladder's rungs k (default %d-%d)\n"
	       "  --luck-games L      games of random against the study's first agent (the\n"
	       "                      luck floor); 0 leaves them out (default %d)\n"
	       "  --paired            the games of one seat rotation share their dice and deals\n"
	       "  --fixed-sides       each seat keeps its own deck (deck1, deck2); by default the\n"
	       "                      decks swap seats in every other rotation, and the report\n"
	       "                      tells a deck's effect from a seat's\n"
	       "  --components ID,... study only these components by ablation and restricted\n"
	       "                      play (ids, or the words entries and abilities); the\n"
	       "                      others keep their play rates (default: all)\n"
	       "  --until-settled W   play the study again with twice the component games\n"
	       "                      until every component's intervals are at most W wide\n"
	       "                      (e.g. 0.2, 20 pp) or it is flagged; the report is the\n"
	       "                      last round's, a plain study with those component games\n"
	       "  --settle-cap M      the most component games --until-settled may reach\n"
	       "                      (default %d)\n"
	       "  --seed S            seed of the study; game i uses a seed mixed from S and i\n"
	       "                      (default: random; printed)\n"
	       "  --threads T         games played at once (default: the number of CPUs); the\n"
	       "                      results do not depend on it\n"
	       "  --param K=V         a game parameter (repeatable; quiver rules <game>)\n"
	       "  --out DIR           where the report goes (created if needed); a folder that\n"
	       "                      holds a report already is refused\n"
	       "  --force             write over the report a folder holds\n"
	       "  --shard k/K         play only slice k of K (0 <= k < K) and write\n"
	       "                      DIR/shard-k-of-K.lab; `quiver lab merge` makes the report,\n"
	       "                      the same bytes as one machine's (scripts/lab-slurm.sh runs\n"
	       "                      the slices as a Slurm job array)\n"
	       "  -h, --help          this help\n\n"
	       "A sweep takes one number through a range, a game parameter (max_turns) or a\n"
	       "number of the variant by its path (cards.scout-r.strength, die.faces.0), plays\n"
	       "--games games (default %d) per value and player count, every value on the same\n"
	       "seed, and writes one report of curves: each seat's score, the fairness gap and\n"
	       "the mean length, with their intervals. It shards and merges like a study.\n\n"
	       "examples: quiver lab run concardia --games 400 --out study\n"
	       "          quiver lab sweep concardia --vary cards.scout-r.strength=1..9 --out s\n"
	       "          quiver lab run evons --variant my.json --baseline base.json --out cmp\n"
	       "          quiver lab run three-arrows --shard 0/4 --seed 7 --out shards\n"
	       "          quiver lab merge shards/*.lab --out study\n",
	       LAB_DEFAULT_AGENT, LAB_DEFAULT_GAMES, LAB_DEFAULT_COMPONENT_GAMES,
	       LAB_DEFAULT_LADDER_GAMES, QV_LAB_LADDER_LO, QV_LAB_LADDER_HI, LAB_DEFAULT_LUCK_GAMES,
	       LAB_DEFAULT_SETTLE_CAP, LAB_DEFAULT_SWEEP_GAMES);
}

/* ---- the output folder ---- */

/* The last component of a path. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ---- the study's report, from lines ---- */

/* Parses the lines of games [0, total) (text: one line each, in index order) and writes the
 * report into dir. */
static int report_from_lines(const qv_lab_plan *plan, const char *const *lines, const size_t *lens,
                             const char *dir, bool quiet)
{
	qv_lab_game *games = calloc((size_t)plan->total, sizeof *games);
	if (!games)
		return cli_fail("lab", "out of memory for %d games", plan->total);
	int rc = CLI_EXIT_OK;
	int read = 0;
	qv_err err;
	for (; read < plan->total; read++) {
		if (qv_lab_line_read(lines[read], lens[read], &games[read], &err)) {
			rc = cli_fail("lab", "game %d: %s", read, err.msg);
			break;
		}
		if (games[read].index != read ||
		    games[read].players != qv_lab_arm_of(plan, read)->players) {
			rc = cli_fail("lab", "game line %d is not game %d of this study", read,
			              read);
			qv_lab_game_free(&games[read]);
			break;
		}
	}
	qv_lab_report rep = {0};
	bool computed = false;
	if (!rc) {
		if (qv_lab_compute(plan, games, &rep, &err))
			rc = cli_fail("lab", "%s", err.msg);
		else
			computed = true;
	}
	if (!rc && qv_lab_write(&rep, games, dir, &err))
		rc = cli_fail("lab", "%s", err.msg);
	if (!rc && !quiet) {
		for (int s = 0; s < rep.nsections; s++) {
			const qv_lab_section *S = &rep.section[s];
			printf("%d players: fairness gap %.3f, draws %.1f%%, timeouts %.1f%%, mean "
			       "length %.1f decisions",
			       S->players, S->outcomes.fairness_gap,
			       100 * S->outcomes.drawishness.v, 100 * S->outcomes.timeouts.v,
			       S->length.turns.v);
			int shown = 0;
			for (int i = 0; i < plan->ncomponents && shown < 3; i++) {
				const qv_lab_component *c = &S->component[S->order[i]];
				if (!c->flagged)
					continue;
				printf("%s%s", shown ? ", " : "; flagged: ", c->id);
				shown++;
			}
			printf("\n");
		}
		printf("wrote %s/report.html, %s/report.json and %s/games.csv\n", dir, dir, dir);
	}
	if (computed)
		qv_lab_report_free(&rep);
	for (int i = 0; i < read; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	return rc;
}

/* ---- run ---- */

typedef struct run_opts {
	const char *game, *variant, *baseline, *out;
	bool force;       /* --force: a report in --out may be written over */
	bool fixed_sides; /* --fixed-sides: each seat keeps its own deck */
	qv_params params;
	long games, component_games, ladder_games, luck_games, threads, ladder_lo, ladder_hi;
	long shard, shards;
	double precision;
	double settle_width; /* --until-settled; 0: one round */
	long settle_cap;
	const char *vary;        /* lab sweep: --vary */
	bool sweep;              /* lab sweep rather than lab run */
	unsigned long long seen; /* bit k: option k was given */
	bool games_given, paired, seeded;
	uint64_t seed;
	qv_lab_config cfg;
} run_opts;

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

static int parse_run(int argc, char **argv, run_opts *o)
{
	cli_parser p;
	cli_parser_init(&p, "lab", argc, argv);
	const char *v;
	int opt;
	while ((opt = cli_next(&p, run_options, &v)) != CLI_OPT_END) {
		if (opt >= 0 && opt < 64)
			o->seen |= 1ull << opt;
		switch (opt) {
		case CLI_OPT_BAD: return CLI_EXIT_USAGE;
		case CLI_OPT_POSITIONAL:
			if (o->game)
				return cli_usage("lab",
				                 "unexpected argument '%s' (expected quiver lab "
				                 "run <game> --out DIR [options])",
				                 v);
			o->game = v;
			break;
		case OPT_HELP: lab_help(); return CLI_EXIT_OK;
		case OPT_VARY: o->vary = v; break;
		case OPT_VARIANT: o->variant = v; break;
		case OPT_BASELINE: o->baseline = v; break;
		case OPT_AGENTS: {
			qv_err err;
			if (qv_agent_split_specs(v, o->cfg.agents, &o->cfg.nagents, QV_MAX_PLAYERS,
			                         &err))
				return cli_usage(
				    "lab",
				    "--agents: %s (expected 1-%d agent specs separated by "
				    "commas, e.g. medium or hard,medium)",
				    err.msg, QV_MAX_PLAYERS);
			break;
		}
		case OPT_PLAYERS:
			if (!parse_players(v, &o->cfg))
				return cli_usage("lab",
				                 "--players '%s': expected player counts 1-%d in "
				                 "ascending order, as 2,3,4 or 2-4",
				                 v, QV_MAX_PLAYERS);
			break;
		case OPT_GAMES:
			if (!cli_long("lab", "--games", v, 1, 1000000, &o->games))
				return CLI_EXIT_USAGE;
			o->games_given = true;
			break;
		case OPT_COMPONENT_GAMES:
			if (!cli_long("lab", "--component-games", v, 0, 1000000,
			              &o->component_games))
				return CLI_EXIT_USAGE;
			break;
		case OPT_LADDER_GAMES:
			if (!cli_long("lab", "--ladder-games", v, 0, 1000000, &o->ladder_games))
				return CLI_EXIT_USAGE;
			break;
		case OPT_LUCK_GAMES:
			if (!cli_long("lab", "--luck-games", v, 0, 1000000, &o->luck_games))
				return CLI_EXIT_USAGE;
			break;
		case OPT_LADDER: {
			char *end;
			o->ladder_lo = strtol(v, &end, 10);
			if (end == v || *end != '-' ||
			    (o->ladder_hi = strtol(end + 1, &end, 10), *end) || o->ladder_lo < 1 ||
			    o->ladder_hi > 16 || o->ladder_lo > o->ladder_hi)
				return cli_usage(
				    "lab",
				    "--ladder '%s': expected LO-HI, rungs within 1-16 "
				    "(rung k plays 2^(k+1) against 2^k iterations), e.g. 4-10",
				    v);
			break;
		}
		case OPT_PRECISION:
			if (!cli_double("lab", "--precision", v, 0.002, 0.5, &o->precision))
				return CLI_EXIT_USAGE;
			break;
		case OPT_PAIRED: o->paired = true; break;
		case OPT_FORCE: o->force = true; break;
		case OPT_FIXED_SIDES: o->fixed_sides = true; break;
		case OPT_COMPONENTS:
			if (strlen(v) >= sizeof o->cfg.components)
				return cli_usage("lab",
				                 "--components is too long (expected component ids "
				                 "separated by commas, at most %zu characters)",
				                 sizeof o->cfg.components - 1);
			qv_copy(o->cfg.components, sizeof o->cfg.components, v);
			break;
		case OPT_UNTIL_SETTLED:
			if (!cli_double("lab", "--until-settled", v, 0.005, 2.0, &o->settle_width))
				return CLI_EXIT_USAGE;
			break;
		case OPT_SETTLE_CAP:
			if (!cli_long("lab", "--settle-cap", v, 1, 1000000, &o->settle_cap))
				return CLI_EXIT_USAGE;
			break;
		case OPT_SEED:
			if (!cli_seed("lab", "--seed", v, &o->seed))
				return CLI_EXIT_USAGE;
			o->seeded = true;
			break;
		case OPT_THREADS:
			if (!cli_long("lab", "--threads", v, 1, 256, &o->threads))
				return CLI_EXIT_USAGE;
			break;
		case OPT_PARAM:
			if (!cli_param("lab", &o->params, v))
				return CLI_EXIT_USAGE;
			break;
		case OPT_OUT: o->out = v; break;
		case OPT_SHARD:
			if (!parse_shard(v, &o->shard, &o->shards))
				return cli_usage(
				    "lab",
				    "--shard '%s': expected k/K with 0 <= k < K <= %d, e.g. "
				    "0/4 for the first of four slices",
				    v, LAB_MAX_SHARDS);
			break;
		}
	}
	if (!o->game)
		return cli_usage("lab", "no game: expected quiver lab %s <game> %s--out DIR",
		                 o->sweep ? "sweep" : "run", o->sweep ? "--vary PATH=LO..HI " : "");
	if (o->sweep) {
		/* A sweep's value is a study of the main arm alone. */
		static const int study_only[] = {
		    OPT_BASELINE,   OPT_COMPONENT_GAMES, OPT_LADDER_GAMES,  OPT_LADDER,
		    OPT_LUCK_GAMES, OPT_COMPONENTS,      OPT_UNTIL_SETTLED, OPT_SETTLE_CAP};
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
	if (!o->out)
		return cli_usage("lab", "no --out DIR: the folder the report goes to");
	if (o->games_given && o->precision > 0)
		return cli_usage("lab", "--games and --precision both given: give one");
	if (o->settle_width > 0 && o->shards)
		return cli_usage("lab", "--until-settled decides the study's size as it plays: it "
		                        "cannot play one shard of it (run it on one machine, or "
		                        "give --component-games)");
	if (o->settle_width > 0 && o->component_games == 0)
		return cli_usage("lab", "--until-settled with --component-games 0: no component "
		                        "to settle (expected a first round of at least 1)");
	if (o->settle_width > 0 && o->component_games > o->settle_cap)
		return cli_usage("lab",
		                 "--component-games %ld is over --settle-cap %ld: the first "
		                 "round plays the component games, the cap bounds the last",
		                 o->component_games, o->settle_cap);
	return -1;
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

/* Writes the shard file DIR/shard-k-of-K.lab: the header line, then games [lo, hi) of a
 * study of total games. A sweep's lines carry their index in the sweep (lo + i), not in their
 * value's study (reindex). */
static int write_shard(const run_opts *o, const char *header, int lo, int hi, int total,
                       qv_lab_game *games, bool reindex)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/shard-%ld-of-%ld.lab", o->out, o->shard, o->shards);
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.part", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return cli_fail("lab", "cannot write '%s': %s", tmp, strerror(errno));
	qv_buf b = {0};
	fputs(header, f);
	fputc('\n', f);
	for (int i = 0; i < hi - lo; i++) {
		qv_buf_clear(&b);
		int own = games[i].index;
		if (reindex)
			games[i].index = lo + i;
		qv_lab_line_write(&games[i], &b);
		games[i].index = own;
		qv_buf_putc(&b, '\n');
		fputs(qv_buf_str(&b), f);
	}
	qv_buf_free(&b);
	bool ok = !ferror(f);
	ok &= fclose(f) == 0;
	/* A shard appears under its name only once complete: a failed job leaves no half file
	 * for the merge to take. */
	if (!ok || rename(tmp, path) != 0) {
		remove(tmp);
		return cli_fail("lab", "cannot write '%s': %s", path, strerror(errno));
	}
	printf("wrote %s (games %d-%d of %d)\n", path, lo, hi - 1, total);
	return CLI_EXIT_OK;
}

/* ---- playing ---- */

/* The games [*lo, *hi) of a study or sweep of total games that this run plays: all of them, or
 * the slice of --shard. */
static void shard_range(const run_opts *o, int total, int *lo, int *hi)
{
	*lo = 0;
	*hi = total;
	if (o->shards) {
		*lo = (int)((long long)o->shard * total / o->shards);
		*hi = (int)((long long)(o->shard + 1) * total / o->shards);
	}
}

/* Ends the line the caller began (what is played, its games) with the slice, and plays games
 * [lo, hi) of the plan, or of the sweep when it is given, into *games (a new array), with a
 * progress bar on a terminal. */
static int play_games(const run_opts *o, const qv_lab_plan *plan, const qv_lab_sweep *sweep, int lo,
                      int hi, qv_lab_game **games)
{
	if (o->shards)
		printf(", slice %ld of %ld: games %d-%d", o->shard, o->shards, lo, hi - 1);
	printf("\n");
	fflush(stdout);
	*games = calloc((size_t)(hi - lo) + 1, sizeof **games);
	if (!*games)
		return cli_fail("lab", "out of memory for %d games", hi - lo);
	cli_progress prog = {false};
	qv_lab_progress show = isatty(STDERR_FILENO) ? cli_show_progress : NULL;
	qv_err err;
	qv_status st =
	    sweep ? qv_lab_sweep_play(sweep, lo, hi, (int)o->threads, *games, show, &prog, &err)
	          : qv_lab_play(plan, lo, hi, (int)o->threads, *games, show, &prog, &err);
	if (st) {
		if (prog.shown)
			fputc('\n', stderr);
		return cli_fail("lab", "%s", err.msg);
	}
	return CLI_EXIT_OK;
}

/* ---- sweeps ---- */

/* Parses the lines of sweep games [0, total), each game's index its index in the sweep, and
 * writes the sweep's report into dir. */
static int sweep_report_from_lines(const qv_lab_sweep *s, const char *const *lines,
                                   const size_t *lens, const char *dir)
{
	qv_lab_game *games = calloc((size_t)s->total + 1, sizeof *games);
	if (!games)
		return cli_fail("lab", "out of memory for %d games", s->total);
	int rc = CLI_EXIT_OK, read = 0;
	qv_err err;
	for (; read < s->total; read++) {
		if (qv_lab_line_read(lines[read], lens[read], &games[read], &err)) {
			rc = cli_fail("lab", "game %d: %s", read, err.msg);
			break;
		}
		int k = qv_lab_sweep_point(s, read), own = read - s->first[k];
		if (games[read].index != read ||
		    games[read].players != qv_lab_arm_of(&s->plan[k], own)->players) {
			rc = cli_fail("lab", "game line %d is not game %d of this sweep", read,
			              read);
			qv_lab_game_free(&games[read]);
			break;
		}
		games[read].index = own;
	}
	if (!rc && qv_lab_sweep_write(s, games, dir, &err))
		rc = cli_fail("lab", "%s", err.msg);
	if (!rc)
		printf("wrote %s/report.html, %s/report.json and %s/games.csv\n", dir, dir, dir);
	for (int i = 0; i < read; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	return rc;
}

/* The lines of games (played, in index order; each line's index its place among them), one
 * after another in text, and where each starts. false when memory is short. */
static bool lines_of(qv_lab_game *games, int n, qv_buf *text, const char ***lines, size_t **lens)
{
	size_t *off = calloc((size_t)n + 1, sizeof *off);
	*lines = calloc((size_t)n + 1, sizeof **lines);
	*lens = calloc((size_t)n + 1, sizeof **lens);
	bool ok = off && *lines && *lens;
	for (int i = 0; ok && i < n; i++) {
		off[i] = text->len;
		int own = games[i].index;
		games[i].index = i;
		qv_lab_line_write(&games[i], text);
		games[i].index = own;
		qv_buf_putc(text, '\n');
	}
	ok = ok && !text->failed;
	for (int i = 0; ok && i < n; i++) {
		(*lines)[i] = text->s + off[i];
		(*lens)[i] = (i + 1 < n ? off[i + 1] : text->len) - off[i] - 1;
	}
	free(off);
	return ok;
}

/* quiver lab sweep, once the configuration is made: plays the sweep (or one shard of it) and
 * writes its report (or the shard). */
static int run_sweep(run_opts *o)
{
	qv_lab_sweep *s = calloc(1, sizeof *s);
	if (!s)
		return cli_fail("lab", "out of memory");
	qv_err err;
	qv_status st = qv_lab_sweep_make(&o->cfg, o->vary, s, &err);
	if (st) {
		free(s);
		return st == QV_ENOMEM ? cli_fail("lab", "%s", err.msg)
		                       : cli_usage("lab", "%s", err.msg);
	}
	qv_lab_game *games = NULL;
	int played = 0, rc;
	if ((rc = cli_prepare_dir("lab", "--out", o->out)) ||
	    (!o->shards && (rc = refuse_other_study(o->out, o->force))))
		goto done;
	int lo, hi;
	shard_range(o, s->total, &lo, &hi);
	printf("lab sweep %s, %s: %d values, variant %s (%.12s), seed %llu: %d games",
	       o->cfg.game->name, o->vary, s->nvalues, o->cfg.variant->name, o->cfg.variant->sha256,
	       (unsigned long long)o->cfg.seed, s->total);
	if ((rc = play_games(o, NULL, s, lo, hi, &games)))
		goto done;
	played = hi - lo;
	qv_buf text = {0};
	if (o->shards) {
		qv_lab_sweep_header_write(s, lo, hi, &text);
		rc = text.failed ? cli_fail("lab", "out of memory")
		                 : write_shard(o, qv_buf_str(&text), lo, hi, s->total, games, true);
		qv_buf_free(&text);
		goto done;
	}
	/* As for a study: the report from the lines read back, as a merge makes it. */
	const char **lines = NULL;
	size_t *lens = NULL;
	if (!lines_of(games, played, &text, &lines, &lens))
		rc = cli_fail("lab", "out of memory for the lines of %d games", played);
	else
		rc = sweep_report_from_lines(s, lines, lens, o->out);
	qv_buf_free(&text);
	free(lines);
	free(lens);
done:
	for (int i = 0; i < played; i++)
		qv_lab_game_free(&games[i]);
	free(games);
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

/* After a round of --until-settled: the component games of the next round, or 0 when every
 * studied component is flagged or has intervals at most the width asked (or the cap is
 * reached), saying which. *rc is set when the games cannot be computed. */
static int next_round(run_opts *o, const qv_lab_plan *plan, const qv_lab_game *games, int *rc)
{
	qv_lab_report rep;
	qv_err err;
	if (qv_lab_compute(plan, games, &rep, &err)) {
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
			if (c->flagged || w <= o->settle_width)
				continue;
			unsettled++;
			if (w > widest) {
				widest = w;
				worst = plan->component[k];
			}
		}
	int games_now = plan->cfg.component_games;
	long next = 2L * games_now > o->settle_cap ? o->settle_cap : 2L * games_now;
	if (!unsettled)
		printf("settled: every one of %d components is flagged or within %.1f pp, at "
		       "%d component games\n",
		       studied, 100 * o->settle_width, games_now);
	else if (next <= games_now)
		printf("not settled at the cap of %d component games: %d of %d components "
		       "wider than %.1f pp (the widest %.1f pp, %s); the report says so in its "
		       "intervals\n",
		       games_now, unsettled, studied, 100 * o->settle_width, 100 * widest, worst);
	else
		printf("%d of %d components wider than %.1f pp (the widest %.1f pp, %s) at "
		       "%d component games\n",
		       unsettled, studied, 100 * o->settle_width, 100 * widest, worst, games_now);
	qv_lab_report_free(&rep);
	return unsettled && next > games_now ? (int)next : 0;
}

static int lab_run(int argc, char **argv, bool sweep)
{
	run_opts *o = calloc(1, sizeof *o);
	if (!o)
		return cli_fail("lab", "out of memory");
	o->sweep = sweep;
	o->games = sweep ? LAB_DEFAULT_SWEEP_GAMES : LAB_DEFAULT_GAMES;
	o->component_games = LAB_DEFAULT_COMPONENT_GAMES;
	o->ladder_games = LAB_DEFAULT_LADDER_GAMES;
	o->luck_games = LAB_DEFAULT_LUCK_GAMES;
	o->settle_cap = LAB_DEFAULT_SETTLE_CAP;
	o->ladder_lo = QV_LAB_LADDER_LO;
	o->ladder_hi = QV_LAB_LADDER_HI;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	o->threads = cpus < 1 ? 1 : cpus > 256 ? 256 : cpus;
	qv_lab_plan plan = {0};
	bool planned = false;
	qv_lab_game *games = NULL;
	int played = 0;
	int rc = parse_run(argc, argv, o);
	if (rc >= 0)
		goto done;
	rc = CLI_EXIT_OK;
	qv_lab_config *cfg = &o->cfg;
	cfg->game = cli_game("lab", o->game);
	if (!cfg->game) {
		rc = CLI_EXIT_USAGE;
		goto done;
	}
	const qv_game *g = cfg->game;
	if (qv_params_get(&o->params, "players") || qv_params_get(&o->params, "variant")) {
		rc = cli_usage("lab", "give the player counts with --players and the components "
		                      "with --variant, not as --param");
		goto done;
	}
	if ((rc = load_variant(g, "--variant", o->variant, &cfg->variant)))
		goto done;
	if (o->baseline && (rc = load_variant(g, "--baseline", o->baseline, &cfg->baseline)))
		goto done;
	if (o->variant)
		qv_copy(cfg->variant_file, sizeof cfg->variant_file, base_name(o->variant));
	if (o->baseline)
		qv_copy(cfg->baseline_file, sizeof cfg->baseline_file, base_name(o->baseline));
	if (cfg->nagents == 0) {
		qv_copy(cfg->agents[0], QV_NAME_MAX, LAB_DEFAULT_AGENT);
		cfg->nagents = 1;
	}
	if (cfg->nplayers == 0) {
		for (int n = g->min_players; n <= g->max_players && n <= QV_MAX_PLAYERS; n++)
			cfg->players[cfg->nplayers++] = n;
	}
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
	qv_copy(cfg->version, sizeof cfg->version, QV_VERSION);
	if (o->sweep) {
		rc = run_sweep(o);
		goto done;
	}
	qv_err err;
	for (int round = 1;; round++) {
		qv_status st = qv_lab_plan_make(cfg, &plan, &err);
		if (st) {
			rc = st == QV_ENOMEM ? cli_fail("lab", "%s", err.msg)
			                     : cli_usage("lab", "%s", err.msg);
			goto done;
		}
		planned = true;
		if (round == 1 && ((rc = cli_prepare_dir("lab", "--out", o->out)) ||
		                   (!o->shards && (rc = refuse_other_study(o->out, o->force)))))
			goto done;
		int lo, hi;
		shard_range(o, plan.total, &lo, &hi);
		if (round == 1)
			printf("lab %s, variant %s (%.12s), seed %llu: %d games", g->name,
			       cfg->variant->name, cfg->variant->sha256,
			       (unsigned long long)cfg->seed, plan.total);
		else
			printf("round %d, %d component games: %d games", round,
			       cfg->component_games, plan.total);
		if ((rc = play_games(o, &plan, NULL, lo, hi, &games)))
			goto done;
		played = hi - lo;
		if (o->shards) {
			qv_buf header = {0};
			qv_lab_header_write(&plan, lo, hi, &header);
			rc = header.failed ? cli_fail("lab", "out of memory")
			                   : write_shard(o, qv_buf_str(&header), lo, hi, plan.total,
			                                 games, false);
			qv_buf_free(&header);
			goto done;
		}
		int next = o->settle_width > 0 ? next_round(o, &plan, games, &rc) : 0;
		if (rc)
			goto done;
		if (!next)
			break;
		for (int i = 0; i < played; i++)
			qv_lab_game_free(&games[i]);
		free(games);
		games = NULL;
		played = 0;
		qv_lab_plan_free(&plan);
		planned = false;
		cfg->component_games = next;
	}
	/* The report is made from the games' lines, read back, as a merge makes it. The lines
	 * are written one after another into one buffer (a line is a few hundred bytes: a buffer
	 * each would cost an allocation per game). */
	qv_buf text = {0};
	const char **lines = NULL;
	size_t *lens = NULL;
	if (!lines_of(games, plan.total, &text, &lines, &lens))
		rc = cli_fail("lab", "out of memory for the lines of %d games", plan.total);
	else
		rc = report_from_lines(&plan, lines, lens, o->out, false);
	qv_buf_free(&text);
	free(lines);
	free(lens);
done:
	for (int i = 0; i < played; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	if (planned)
		qv_lab_plan_free(&plan);
	free(o);
	return rc;
}

/* ---- merge ---- */

typedef struct shard {
	const char *path;
	char *data; /* the whole file */
	size_t size;
	json_t *header; /* without its range */
	qv_lab_config cfg;
	int lo, hi;
	char **line; /* [hi - lo], into data */
	size_t *len;
} shard;

static char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 1 << 20;
			char *b = realloc(buf, cap);
			if (!b) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = b;
		}
		size_t r = fread(buf + n, 1, 65536, f);
		n += r;
		if (r < 65536)
			break;
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[n] = '\0';
	*size = n;
	return buf;
}

/* Reads one shard: its header and its lines, each game's index in order. */
static int read_shard(shard *s)
{
	s->data = read_file(s->path, &s->size);
	if (!s->data)
		return cli_fail("lab", "cannot read the shard '%s': %s", s->path, strerror(errno));
	char *nl = strchr(s->data, '\n');
	if (!nl)
		return cli_fail("lab",
		                "%s: no header line: is it a shard written by quiver lab "
		                "run --shard?",
		                s->path);
	*nl = '\0';
	qv_err err;
	if (qv_lab_header_read(s->data, &s->cfg, &s->lo, &s->hi, &err))
		return cli_fail("lab", "%s: %s", s->path, err.msg);
	/* The header again, whole, for the merged shard's (qv_lab_header_read checked it, so only
	 * memory can be short now). */
	json_error_t je;
	if (qv__json_parse(s->data, strlen(s->data), 0, &s->header, &je))
		return cli_fail("lab", "%s: reading its header again: %s", s->path, je.text);
	json_object_del(s->header, "range");
	int want = s->hi - s->lo;
	s->line = calloc((size_t)want + 1, sizeof *s->line);
	s->len = calloc((size_t)want + 1, sizeof *s->len);
	if (!s->line || !s->len)
		return cli_fail("lab", "out of memory for the lines of '%s'", s->path);
	char *p = nl + 1, *end = s->data + s->size;
	int n = 0;
	while (p < end) {
		char *e = memchr(p, '\n', (size_t)(end - p));
		if (!e)
			return cli_fail("lab",
			                "%s: the last line is cut short (no newline after game "
			                "%d): was the shard truncated?",
			                s->path, s->lo + n);
		if (n == want)
			return cli_fail("lab",
			                "%s: more lines than the %d games of its range %d-%d",
			                s->path, want, s->lo, s->hi - 1);
		s->line[n] = p;
		s->len[n] = (size_t)(e - p);
		char *q;
		long idx = strtol(p, &q, 10);
		if (q == p || idx != s->lo + n)
			return cli_fail("lab", "%s: line %d is not game %d of its range", s->path,
			                n + 2, s->lo + n);
		n++;
		p = e + 1;
	}
	if (n != want)
		return cli_fail("lab",
		                "%s: %d of its %d games (range %d-%d): was the shard "
		                "truncated?",
		                s->path, n, want, s->lo, s->hi - 1);
	return CLI_EXIT_OK;
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

static int lab_merge(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "lab", argc, argv);
	const char *v, *out = NULL;
	bool force = false;
	int opt, n = 0;
	shard *sh = calloc((size_t)argc + 1, sizeof *sh);
	shard **order = calloc((size_t)argc + 1, sizeof *order);
	if (!sh || !order) {
		free(sh);
		free(order);
		return cli_fail("lab", "out of memory");
	}
	int rc = -1;
	while (rc < 0 && (opt = cli_next(&p, merge_options, &v)) != CLI_OPT_END) {
		if (opt == CLI_OPT_BAD)
			rc = CLI_EXIT_USAGE;
		else if (opt == 1) {
			lab_help();
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
	for (int i = 1; rc < 0 && i < n; i++) {
		const char *key = differing_key(sh[0].header, sh[i].header);
		if (key)
			rc = cli_fail(
			    "lab",
			    "%s is not of the same study as %s: their \"%s\" differ (the "
			    "shards of one study share the variant, seed, agents, counts and "
			    "version)",
			    sh[i].path, sh[0].path, key);
	}
	if (rc < 0 && strcmp(sh[0].cfg.version, QV_VERSION) != 0)
		rc = cli_fail("lab",
		              "%s was written by quiver %s; this is quiver %s, which may "
		              "compute otherwise: merge with the same version",
		              sh[0].path, sh[0].cfg.version, QV_VERSION);
	qv_lab_plan plan = {0};
	bool planned = false;
	/* A sweep's shards name what varies: the sweep is made from their study's configuration. */
	qv_lab_sweep *sweep = NULL;
	int total = 0;
	if (rc < 0) {
		qv_err err;
		if (sh[0].cfg.sweep[0]) {
			sweep = calloc(1, sizeof *sweep);
			if (!sweep)
				rc = cli_fail("lab", "out of memory");
			else if (qv_lab_sweep_make(&sh[0].cfg, sh[0].cfg.sweep, sweep, &err)) {
				rc = cli_fail("lab", "%s: %s", sh[0].path, err.msg);
				free(sweep);
				sweep = NULL;
			} else
				total = sweep->total;
		} else if (qv_lab_plan_make(&sh[0].cfg, &plan, &err)) {
			rc = cli_fail("lab", "%s: %s", sh[0].path, err.msg);
		} else {
			planned = true;
			total = plan.total;
		}
	}
	if (rc < 0) {
		for (int i = 0; i < n; i++)
			order[i] = &sh[i];
		qsort(order, (size_t)n, sizeof *order, by_range);
		int at = 0;
		for (int i = 0; rc < 0 && i < n; i++) {
			const shard *s = order[i];
			if (s->lo > at)
				rc = cli_fail("lab",
				              "games %d-%d are in no shard: a shard is missing "
				              "(before %s)",
				              at, s->lo - 1, s->path);
			else if (s->lo < at)
				rc = cli_fail("lab", "%s (games %d-%d) overlaps %s", s->path, s->lo,
				              s->hi - 1, order[i - 1]->path);
			at = s->hi;
		}
		if (rc < 0 && at != total)
			rc = cli_fail("lab",
			              "games %d-%d are in no shard: a shard is missing (after "
			              "%s)",
			              at, total - 1, order[n - 1]->path);
	}
	if (rc < 0 && (rc = cli_prepare_dir("lab", "--out", out)) == CLI_EXIT_OK &&
	    (rc = refuse_other_study(out, force)) == CLI_EXIT_OK) {
		const char **lines = calloc((size_t)total + 1, sizeof *lines);
		size_t *lens = calloc((size_t)total + 1, sizeof *lens);
		if (!lines || !lens) {
			rc = cli_fail("lab", "out of memory");
		} else {
			for (int i = 0; i < n; i++)
				for (int k = 0; k < sh[i].hi - sh[i].lo; k++) {
					lines[sh[i].lo + k] = sh[i].line[k];
					lens[sh[i].lo + k] = sh[i].len[k];
				}
			rc = sweep ? sweep_report_from_lines(sweep, lines, lens, out)
			           : report_from_lines(&plan, lines, lens, out, false);
		}
		free(lines);
		free(lens);
	}
	if (planned)
		qv_lab_plan_free(&plan);
	if (sweep)
		qv_lab_sweep_free(sweep);
	free(sweep);
	for (int i = 0; i < n; i++) {
		free(sh[i].data);
		json_decref(sh[i].header);
		free(sh[i].line);
		free(sh[i].len);
	}
	free(sh);
	free(order);
	return rc < 0 ? CLI_EXIT_OK : rc;
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
		lab_help();
		return CLI_EXIT_OK;
	}
	if (strcmp(argv[1], "run") == 0)
		return lab_run(argc - 1, argv + 1, false);
	if (strcmp(argv[1], "sweep") == 0)
		return lab_run(argc - 1, argv + 1, true);
	if (strcmp(argv[1], "merge") == 0)
		return lab_merge(argc - 1, argv + 1);
	return cli_usage("lab", "unknown lab command '%s' (expected run, sweep or merge)", argv[1]);
}
