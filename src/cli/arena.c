/*
 * arena.c - `quiver arena`: many games between agents on several threads (the library's
 * qv_arena_run), a progress bar on a terminal, then the statistics as tables on stdout and,
 * with --json, as one JSON document (its schema is in docs/arena.md).
 *
 * Everything the user typed is checked before the first game: the game, the agents, the
 * parameters, the counts, and that the --json file and the --records folder can be written.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "quiver/arena.h"
#include "quiver/variant.h"

static const cli_opt arena_options[] = {
    {"agents", "A B ..."}, {"games", "N"},   {"threads", "T"},   {"seed", "S"},
    {"param", "K=V"},      {"json", "FILE"}, {"records", "DIR"}, {"help", NULL},
    {"variant", "FILE"},   {NULL, NULL},
};

enum {
	OPT_AGENTS,
	OPT_GAMES,
	OPT_THREADS,
	OPT_SEED,
	OPT_PARAM,
	OPT_JSON,
	OPT_RECORDS,
	OPT_HELP,
	OPT_VARIANT
};

#define ARENA_DEFAULT_GAMES 100

/* The text of `quiver arena --help`, with every agent kind and its keys. */
static void arena_help(void)
{
	printf(
	    "usage: quiver arena <game> --agents A B [C D E] [--games N] [--threads T] [--seed S]\n"
	    "                    [--param K=V]... [--variant FILE] [--json FILE] [--records DIR]\n\n"
	    "Plays N games between agents, one agent per seat, and reports for each agent its\n"
	    "wins, draws and losses, mean utility, win rate and Elo difference (with 95%%\n"
	    "intervals), and for the games the first-seat advantage, length, branching factor,\n"
	    "draws and games ended by the turn limit. Seats rotate so that every agent plays\n"
	    "every seat equally often (N is rounded up to a multiple of the number of agents).\n"
	    "The results do not depend on --threads.\n\n"
	    "  --agents A B ...  one agent spec per seat (2-%d; the count sets the game's\n"
	    "                    players parameter); the same spec may be repeated\n"
	    "  --games N         number of games, 1-%d (default %d)\n"
	    "  --threads T       games played at once, 1-%d (default: the number of CPUs)\n"
	    "  --seed S          seed of the run; game i uses a seed derived from S and i\n"
	    "                    (default: random; printed)\n"
	    "  --param K=V       a game parameter (repeatable; see quiver rules <game>)\n"
	    "  --variant FILE    play with the components of a variant file (docs/variants.md)\n"
	    "  --json FILE       also write the statistics as JSON (see docs/arena.md)\n"
	    "  --records DIR     save every game's record as DIR/game-000001.json, ...\n"
	    "  -h, --help        this help\n\n"
	    "Agents:\n",
	    QV_MAX_PLAYERS, QV_ARENA_MAX_GAMES, ARENA_DEFAULT_GAMES, QV_ARENA_MAX_THREADS);
	for (int i = 0; qv_agent_kinds[i]; i++)
		printf("  %s\n", qv_agent_kinds[i]->help);
	printf(
	    "\nexamples: quiver arena three-arrows --agents greedy random --games 200\n"
	    "          quiver arena three-arrows --agents greedy random random --json out.json\n");
}

/* ---- options ---- */

/* Adds the agents of one word after --agents. A word may itself hold several specs separated
 * by commas, as --players of `quiver play` does (qv_agent_split_specs). False after a usage
 * message. */
static bool add_agents(qv_arena_config *cfg, const char *word)
{
	qv_err err;
	if (qv_agent_split_specs(word, cfg->specs, &cfg->nagents, QV_MAX_PLAYERS, &err)) {
		cli_usage(
		    "arena",
		    "--agents: %s (expected one agent per seat, 2-%d, e.g. greedy random or mcts:iterations=500)",
		    err.msg, QV_MAX_PLAYERS);
		return false;
	}
	return true;
}

/* ---- output files ---- */

/* ---- text ---- */

/* A cell holds a label "#5 " and a whole agent spec. */
enum { TABLE_COLS = 11, CELL = 272 };

/* A table of short cells, printed with columns sized to their contents. */
typedef struct table {
	int ncols, nrows;
	bool left[TABLE_COLS]; /* left-aligned columns */
	char cell[1 + QV_MAX_PLAYERS][TABLE_COLS][CELL];
} table;

/* Sets cell (r, c). */
static void cell(table *t, int r, int c, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void cell(table *t, int r, int c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->cell[r][c], CELL, fmt, ap);
	va_end(ap);
}

static void print_table(const table *t)
{
	int w[TABLE_COLS] = {0};
	for (int r = 0; r < t->nrows; r++)
		for (int c = 0; c < t->ncols; c++)
			if ((int)strlen(t->cell[r][c]) > w[c])
				w[c] = (int)strlen(t->cell[r][c]);
	for (int r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			bool last = c == t->ncols - 1;
			if (t->left[c] && last)
				printf("%s", t->cell[r][c]);
			else
				printf(t->left[c] ? "%-*s" : "%*s", w[c], t->cell[r][c]);
			if (!last)
				printf("  ");
		}
		printf("\n");
	}
}

/* An Elo figure: "+191", "0", or ">+800" / "<-800" at the limit. */
static void format_elo(double x, char *buf, size_t len)
{
	if (x >= QV_ELO_LIMIT)
		snprintf(buf, len, ">+%.0f", QV_ELO_LIMIT);
	else if (x <= -QV_ELO_LIMIT)
		snprintf(buf, len, "<-%.0f", QV_ELO_LIMIT);
	else if (fabs(x) < 0.5)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%+.0f", x);
}

/* A utility with its sign and three decimals ("+0.250", "-0.125"), and zero as "0.000" (never
 * "-0.000", which rounding noise or a negative zero would give). Returns buf. */
static const char *signed3(double x, char *buf)
{
	x = qv_clean_zero(x, 3);
	snprintf(buf, 16, x == 0 ? "%.3f" : "%+.3f", x);
	return buf;
}

/* Fills columns c.. of row r with wins, draws, losses, utility and win rate, with intervals. */
static void outcome_cells(table *t, int r, int c, int games, int wins, int draws, int losses,
                          double util, qv_interval uci, double rate, qv_interval rci)
{
	cell(t, r, c, "%d", games);
	cell(t, r, c + 1, "%d", wins);
	cell(t, r, c + 2, "%d", draws);
	cell(t, r, c + 3, "%d", losses);
	char a[16], b[16];
	cell(t, r, c + 4, "%s", signed3(util, a));
	cell(t, r, c + 5, "[%s, %s]", signed3(uci.lo, a), signed3(uci.hi, b));
	cell(t, r, c + 6, "%.1f%%", 100 * rate);
	cell(t, r, c + 7, "[%.1f%%, %.1f%%]", 100 * rci.lo, 100 * rci.hi);
}

/* The header cells that go with outcome_cells. */
static void outcome_header(table *t, int c)
{
	static const char *const h[] = {"games",   "wins",   "draws",    "losses",
	                                "utility", "95% CI", "win rate", "95% CI"};
	for (int k = 0; k < 8; k++)
		cell(t, 0, c + k, "%s", h[k]);
	t->left[c + 5] = t->left[c + 7] = true;
}

/* The label of list position i: "#2 greedy". */
static void agent_label(const qv_arena_config *cfg, int i, char *buf, size_t len)
{
	snprintf(buf, len, "#%d %s", i + 1, cfg->specs[i]);
}

/* The report's first lines: the game, its parameters and seed, the games played, and how the
 * seats rotated. */
static void print_header(const qv_arena_config *cfg, const qv_params *all, const qv_arena_result *r,
                         const qv_arena_summary *S, long requested)
{
	int n = cfg->nagents;
	qv_buf desc = {0};
	cli_format_params(cfg->game, all, &desc);
	printf("arena %s (%s), seed %llu\n", cfg->game->name, qv_buf_str(&desc),
	       (unsigned long long)cfg->seed);
	qv_buf_free(&desc);
	printf("%d games", S->games);
	if (requested != S->games)
		printf(" (--games %ld rounded up to a multiple of the %d agents)", requested, n);
	printf(" on %d thread%s in %.2f s (%.1f games/s)\n", cfg->threads,
	       cfg->threads == 1 ? "" : "s", r->seconds,
	       r->seconds > 0 ? S->games / r->seconds : 0);
	bool even = true;
	for (int k = 0; k < n; k++)
		for (int s = 0; s < n; s++)
			even &= S->agent[k].seat_games[s] == S->agent[0].seat_games[0];
	if (even)
		printf("Seats rotate: every agent played every seat %d times.\n",
		       S->agent[0].seat_games[0]);
	else
		printf(
		    "Seats rotate; the games are not a multiple of %d, so seat counts differ by one.\n",
		    n);
}

/* The table of the agents (outcomes, Elo) and what their Elo is measured against. */
static void print_agents(table *t, const qv_arena_config *cfg, const qv_arena_summary *S)
{
	int n = cfg->nagents;
	t->ncols = 11;
	t->nrows = 1 + n;
	t->left[0] = t->left[10] = true;
	cell(t, 0, 0, "agent");
	outcome_header(t, 1);
	cell(t, 0, 9, "Elo");
	cell(t, 0, 10, "%s", "95% CI");
	for (int k = 0; k < n; k++) {
		const qv_arena_agent_stats *a = &S->agent[k];
		char label[CELL], e[16], lo[16], hi[16];
		agent_label(cfg, k, label, sizeof label);
		cell(t, 1 + k, 0, "%s", label);
		outcome_cells(t, 1 + k, 1, a->games, a->wins, a->draws, a->losses, a->mean_utility,
		              a->utility_ci, a->win_rate, a->win_rate_ci);
		format_elo(a->elo, e, sizeof e);
		format_elo(a->elo_ci.lo, lo, sizeof lo);
		format_elo(a->elo_ci.hi, hi, sizeof hi);
		cell(t, 1 + k, 9, "%s", e);
		cell(t, 1 + k, 10, "[%s, %s]", lo, hi);
	}
	printf("\n");
	print_table(t);
	if (n == 2)
		printf("Elo: against the other agent, from the score (wins + draws/2) / games.\n");
	else
		printf("Elo: against the field, from the score (utility + 1) / 2.\n");
}

/* The table of the seats' outcomes. */
static void print_seats(table *t, const qv_arena_summary *S, int n)
{
	t->ncols = 9;
	t->nrows = 1 + n;
	t->left[0] = true;
	cell(t, 0, 0, "seat");
	outcome_header(t, 1);
	for (int s = 0; s < n; s++) {
		const qv_arena_seat_stats *st = &S->seat[s];
		char pn[8];
		cell(t, 1 + s, 0, "%s", qv_player_name(s, pn));
		outcome_cells(t, 1 + s, 1, st->games, st->wins, st->draws, st->losses,
		              st->mean_utility, st->utility_ci, st->win_rate, st->win_rate_ci);
	}
	printf("\n");
	print_table(t);
}

/* The figures of the games: the first seat's edge, length, branching, draws, caps, records. */
static void print_figures(const qv_arena_config *cfg, const qv_params *all,
                          const qv_arena_summary *S)
{
	const qv_arena_seat_stats *p1 = &S->seat[0];
	char u[16], lo[16], hi[16];
	printf("\nfirst seat (p1)  utility %s [%s, %s], win rate %.1f%% [%.1f%%, %.1f%%]\n",
	       signed3(p1->mean_utility, u), signed3(p1->utility_ci.lo, lo),
	       signed3(p1->utility_ci.hi, hi), 100 * p1->win_rate, 100 * p1->win_rate_ci.lo,
	       100 * p1->win_rate_ci.hi);
	printf("length           %.1f turns, sd %.1f (a turn is a decision asked of a player)\n",
	       S->length_mean, S->length_sd);
	printf("branching        %.1f legal actions per decision\n", S->branching);
	printf("draws            %d of %d (%.1f%% [%.1f%%, %.1f%%])\n", S->draws, S->games,
	       100 * S->draw_rate, 100 * S->draw_rate_ci.lo, 100 * S->draw_rate_ci.hi);
	const char *cap = qv_params_get(all, "max_turns");
	if (!cfg->game->capped)
		printf("capped           0 (the game has no turn limit)\n");
	else if (cap)
		printf("capped           %d of %d (ended by the turn limit, max_turns=%s)\n",
		       S->capped, S->games, cap);
	else
		printf("capped           %d of %d (ended by the turn limit)\n", S->capped,
		       S->games);
	if (cfg->records_dir)
		printf("records          %s/game-%06d.json ... game-%06d.json\n", cfg->records_dir,
		       1, S->games);
}

/* The report on stdout: header, agents table, seats table, the figures of the games. */
static void print_summary(const qv_arena_config *cfg, const qv_params *all,
                          const qv_arena_result *r, const qv_arena_summary *S, long requested)
{
	print_header(cfg, all, r, S, requested);
	table *t = calloc(1, sizeof *t);
	if (!t) {
		printf("(out of memory for the tables)\n");
		return;
	}
	print_agents(t, cfg, S);
	memset(t, 0, sizeof *t);
	print_seats(t, S, cfg->nagents);
	free(t);
	print_figures(cfg, all, S);
}

/* ---- JSON ---- */

/* [lo, hi] */
static json_t *interval_json(qv_interval ci)
{
	return json_pack("[f, f]", qv_clean_zero(ci.lo, 12), qv_clean_zero(ci.hi, 12));
}

/* The fields that agents and seats share. */
static void outcome_json(json_t *o, int games, int wins, int draws, int losses, double util,
                         qv_interval uci, double rate, qv_interval rci)
{
	json_object_set_new(o, "games", json_integer(games));
	json_object_set_new(o, "wins", json_integer(wins));
	json_object_set_new(o, "draws", json_integer(draws));
	json_object_set_new(o, "losses", json_integer(losses));
	json_object_set_new(o, "mean_utility", json_real(qv_clean_zero(util, 12)));
	json_object_set_new(o, "utility_ci", interval_json(uci));
	json_object_set_new(o, "win_rate", json_real(rate));
	json_object_set_new(o, "win_rate_wilson", interval_json(rci));
}

/* Each agent's outcomes, score, Elo and games per seat, in the order of --agents. */
static json_t *agents_json(const qv_arena_config *cfg, const qv_arena_summary *S)
{
	int n = cfg->nagents;
	json_t *agents = json_array();
	for (int k = 0; k < n; k++) {
		const qv_arena_agent_stats *a = &S->agent[k];
		char label[CELL];
		agent_label(cfg, k, label, sizeof label);
		json_t *o = json_object();
		json_object_set_new(o, "spec", json_string(cfg->specs[k]));
		json_object_set_new(o, "position", json_integer(k + 1));
		json_object_set_new(o, "label", json_string(label));
		outcome_json(o, a->games, a->wins, a->draws, a->losses, a->mean_utility,
		             a->utility_ci, a->win_rate, a->win_rate_ci);
		json_object_set_new(o, "score", json_real(a->score));
		json_object_set_new(o, "score_ci", interval_json(a->score_ci));
		json_object_set_new(o, "elo", json_real(qv_clean_zero(a->elo, 12)));
		json_object_set_new(o, "elo_ci", interval_json(a->elo_ci));
		json_t *seats = json_array();
		for (int s = 0; s < n; s++)
			json_array_append_new(seats, json_integer(a->seat_games[s]));
		json_object_set_new(o, "seat_games", seats);
		json_array_append_new(agents, o);
	}
	return agents;
}

/* Each seat's outcomes. */
static json_t *seats_json(const qv_arena_summary *S, int n)
{
	json_t *seats = json_array();
	for (int s = 0; s < n; s++) {
		const qv_arena_seat_stats *st = &S->seat[s];
		char pn[8];
		json_t *o = json_object();
		json_object_set_new(o, "seat", json_string(qv_player_name(s, pn)));
		outcome_json(o, st->games, st->wins, st->draws, st->losses, st->mean_utility,
		             st->utility_ci, st->win_rate, st->win_rate_ci);
		json_array_append_new(seats, o);
	}
	return seats;
}

/* The whole report as one JSON object (docs/arena.md). */
static json_t *summary_json(const qv_arena_config *cfg, const qv_params *all,
                            const qv_arena_result *r, const qv_arena_summary *S, long requested)
{
	int n = cfg->nagents;
	json_t *j = json_object();
	json_object_set_new(j, "game", json_string(cfg->game->name));
	json_object_set_new(j, "params",
	                    qv_params_to_json(all, cfg->game->params, cfg->game->nparams));
	json_object_set_new(j, "seed", qv_seed_json(cfg->seed));
	json_object_set_new(j, "games", json_integer(S->games));
	json_object_set_new(j, "games_requested", json_integer(requested));
	json_object_set_new(j, "threads", json_integer(cfg->threads));
	json_object_set_new(j, "seconds", json_real(r->seconds));
	json_object_set_new(j, "elo_basis", json_string(n == 2 ? "pair" : "field"));
	json_object_set_new(j, "agents", agents_json(cfg, S));
	json_object_set_new(j, "seats", seats_json(S, n));
	const qv_arena_seat_stats *p1 = &S->seat[0];
	json_object_set_new(j, "first_seat",
	                    json_pack("{s:f, s:o, s:f, s:o}", "mean_utility",
	                              qv_clean_zero(p1->mean_utility, 12), "utility_ci",
	                              interval_json(p1->utility_ci), "win_rate", p1->win_rate,
	                              "win_rate_wilson", interval_json(p1->win_rate_ci)));
	json_object_set_new(j, "length",
	                    json_pack("{s:f, s:f}", "mean", S->length_mean, "sd", S->length_sd));
	json_object_set_new(j, "branching", json_real(S->branching));
	json_object_set_new(j, "draws", json_integer(S->draws));
	json_object_set_new(j, "draw_rate", json_real(S->draw_rate));
	json_object_set_new(j, "draw_rate_wilson", interval_json(S->draw_rate_ci));
	json_object_set_new(j, "capped", json_integer(S->capped));
	json_object_set_new(j, "records",
	                    cfg->records_dir ? json_string(cfg->records_dir) : json_null());
	qv_buf cmd = {0};
	cli_command_line(&cmd);
	json_object_set_new(j, "command", json_string(qv_buf_str(&cmd)));
	qv_buf_free(&cmd);
	return j;
}

/* Checks at the start that the --json file can be written, without truncating a file that
 * is there (a run that fails leaves it as it was). *created tells whether the check made it. */
static int probe_json(const char *path, bool *created)
{
	*created = access(path, F_OK) != 0;
	FILE *f = fopen(path, "a");
	if (!f)
		return cli_fail(
		    "arena",
		    "cannot write the --json file '%s': %s (expected --json FILE, a file that can be created or overwritten)",
		    path, strerror(errno));
	fclose(f);
	return CLI_EXIT_OK;
}

/* Writes the JSON report to path. */
static int write_json(const char *path, json_t *j)
{
	char *text =
	    j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))
	      : NULL;
	if (!text)
		return cli_fail("arena", "out of memory writing %s", path);
	FILE *f = fopen(path, "w");
	if (!f) {
		int e = errno;
		free(text);
		return cli_fail("arena", "cannot write '%s': %s", path, strerror(e));
	}
	bool ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
	free(text);
	if (fclose(f) != 0 || !ok)
		return cli_fail("arena", "cannot write '%s': %s", path, strerror(errno));
	return CLI_EXIT_OK;
}

/* ---- the command ---- */

typedef struct arena_opts {
	const char *game;
	qv_params params;
	uint64_t seed;
	bool seeded;
	long games;
	long threads;
	const char *json;
	const char *records;
	const char *variant;
} arena_opts;

/* What the whole command line must hold: the game, then the agents; -1 when it does, else
 * the usage error's exit code. */
static int parsed(const qv_arena_config *cfg, const arena_opts *o, bool agents_given)
{
	if (!o->game) {
		/* `--agents A B <game>` takes the game for an agent. */
		for (int i = 0; i < cfg->nagents; i++)
			if (qv_game_find(cfg->specs[i], NULL))
				return cli_usage(
				    "arena",
				    "'%s' after --agents is taken for an agent: give the game first, as in quiver arena %s --agents A B ...",
				    cfg->specs[i], cfg->specs[i]);
		return cli_usage("arena",
		                 "expected quiver arena <game> --agents A B ... [--games N]");
	}
	if (!agents_given)
		return cli_usage(
		    "arena",
		    "no agents: expected --agents A B ..., one agent spec per seat, e.g. --agents greedy random");
	return -1;
}

/* An argument that is no option: one more agent after --agents, else the game; false after a
 * usage message. */
static bool positional(qv_arena_config *cfg, arena_opts *o, const char *v, bool in_agents)
{
	if (in_agents)
		return add_agents(cfg, v);
	if (o->game) {
		cli_usage("arena",
		          "unexpected argument '%s': expected quiver arena <game> --agents A B ...",
		          v);
		return false;
	}
	o->game = v;
	return true;
}

/* Parses the command line into cfg and o. Returns -1 to go on, or an exit status. */
static int parse(int argc, char **argv, qv_arena_config *cfg, arena_opts *o)
{
	cli_parser p;
	cli_parser_init(&p, "arena", argc, argv);
	const char *v;
	bool in_agents = false, agents_given = false;
	int opt;
	while ((opt = cli_next(&p, arena_options, &v)) != CLI_OPT_END) {
		if (opt != CLI_OPT_POSITIONAL)
			in_agents = false;
		switch (opt) {
		case OPT_AGENTS:
			if (agents_given)
				return cli_usage(
				    "arena",
				    "--agents given twice: list every agent after one --agents, e.g. --agents greedy random");
			agents_given = in_agents = true;
			if (!add_agents(cfg, v))
				return CLI_EXIT_USAGE;
			break;
		case OPT_GAMES:
			if (!cli_long("arena", "--games", v, 1, QV_ARENA_MAX_GAMES, &o->games))
				return CLI_EXIT_USAGE;
			break;
		case OPT_THREADS:
			if (!cli_long("arena", "--threads", v, 1, QV_ARENA_MAX_THREADS,
			              &o->threads))
				return CLI_EXIT_USAGE;
			break;
		case OPT_SEED:
			if (!cli_seed("arena", "seed", v, &o->seed))
				return CLI_EXIT_USAGE;
			o->seeded = true;
			break;
		case OPT_PARAM:
			if (!cli_param("arena", &o->params, v))
				return CLI_EXIT_USAGE;
			break;
		case OPT_JSON: o->json = v; break;
		case OPT_RECORDS: o->records = v; break;
		case OPT_VARIANT: o->variant = v; break;
		case OPT_HELP: arena_help(); return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (!positional(cfg, o, v, in_agents))
				return CLI_EXIT_USAGE;
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	return parsed(cfg, o, agents_given);
}

/* Checks the agents and parameters: a problem is a usage error. */
static int check(qv_arena_config *cfg)
{
	qv_err err;
	qv_status st = qv_arena_check(cfg, &err);
	if (st == QV_OK)
		return CLI_EXIT_OK;
	if (st == QV_ENOMEM)
		return cli_fail("arena", "%s", err.msg);
	return cli_usage("arena", "%s", err.msg);
}

/* The study from the options into cfg: the game, the variant, the players count from the
 * agents, the seed, the games (a multiple of the agents) and threads, all checked. 0 or the
 * exit code of the error. */
static int configure(qv_arena_config *cfg, arena_opts *o)
{
	int rc;
	cfg->game = cli_game("arena", o->game);
	if (!cfg->game)
		return CLI_EXIT_USAGE;
	if ((rc = cli_variant_param("arena", cfg->game, o->variant, &o->params)))
		return rc;
	int n = cfg->nagents;
	if (qv_param_find(cfg->game->params, cfg->game->nparams, "players") &&
	    !qv_params_get(&o->params, "players") && n >= 1) {
		char count[16];
		qv_err err;
		snprintf(count, sizeof count, "%d", n);
		if (qv_params_set(&o->params, "players", count, &err))
			return cli_usage("arena", "%s", err.msg);
	}
	if (!o->seeded)
		o->seed = cli_random_seed();
	/* Every agent plays every seat equally often only over a multiple of n games. */
	long games = n > 0 ? (o->games + n - 1) / n * n : o->games;
	if (games > QV_ARENA_MAX_GAMES)
		games -= n;
	cfg->params = o->params;
	cfg->seed = o->seed;
	cfg->games = (int)games;
	cfg->threads = (int)(o->threads < games ? o->threads : games);
	return check(cfg);
}

/* quiver arena: the options, the study, the games, and the report on stdout (and --json). */
int cli_arena(int argc, char **argv)
{
	qv_arena_config *cfg = calloc(1, sizeof *cfg);
	arena_opts o = {.games = ARENA_DEFAULT_GAMES};
	if (!cfg)
		return cli_fail("arena", "out of memory");
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	o.threads = cpus < 1 ? 1 : cpus > QV_ARENA_MAX_THREADS ? QV_ARENA_MAX_THREADS : cpus;
	int rc = parse(argc, argv, cfg, &o);
	bool json_created = false, played = false;
	qv_arena_result res = {0};
	if (rc >= 0)
		goto done;
	if ((rc = configure(cfg, &o)))
		goto done;
	if (o.json && (rc = probe_json(o.json, &json_created)))
		goto done;
	if (o.records && (rc = cli_prepare_dir("arena", "--records", o.records)))
		goto done;
	cfg->records_dir = o.records;
	cli_progress prog = {false};
	if (isatty(STDERR_FILENO)) {
		cfg->progress = cli_show_progress;
		cfg->progress_ctx = &prog;
	}
	qv_err err;
	if (qv_arena_run(cfg, &res, &err)) {
		if (prog.shown)
			fputc('\n', stderr);
		rc = cli_fail("arena", "%s", err.msg);
		goto done;
	}
	qv_arena_summary S;
	qv_arena_summarize(&res, &S);
	qv_params all;
	qv_variant_complete(cfg->game, &cfg->params, &all);
	played = true;
	print_summary(cfg, &all, &res, &S, o.games);
	fflush(stdout);
	if (o.json) {
		json_t *j = summary_json(cfg, &all, &res, &S, o.games);
		rc = write_json(o.json, j);
		json_decref(j);
	}
done:
	/* A run that failed leaves no empty --json file behind. */
	if (json_created && !played)
		remove(o.json);
	qv_arena_result_free(&res);
	free(cfg);
	return rc;
}
