/*
 * play_setup.c - a game of `quiver play` set up: a new match of the named game (its
 * parameters, a variant's components, the players parameter from --players) or a loaded one,
 * the seats (a record seats by itself only people and the levels, whose budgets are bounded),
 * the agents, and the record's path, written once before the first move. Then the game.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/play_game.h"
#include "cli/play_setup.h"
#include "core/clock.h"

/* Splits --players at commas into at most QV_MAX_PLAYERS seats (qv_agent_split_specs: `human`
 * is one more spec there). Returns the count, or -1 after a usage message. */
static int split_players(const char *list, char (*seat)[QV_NAME_MAX])
{
	int n = 0;
	qv_err err;
	if (qv_agent_split_specs(list, seat, &n, QV_MAX_PLAYERS, &err)) {
		cli_usage(
		    "play",
		    "--players: %s (expected human or an agent spec for each seat, e.g. human,greedy)",
		    err.msg);
		return -1;
	}
	return n;
}

/* Creates the agents for the non-human seats. A bad spec is a usage error. */
static int make_agents(play *P, uint64_t seed)
{
	P->nhumans = 0;
	for (int i = 0; i < P->n; i++) {
		/* A person who resigned from a game that goes on (a loaded record): the
		 * computer plays on for them. */
		const char *spec = P->seat[i];
		if (strcmp(spec, "human") == 0 && qv_match_left(P->m, i))
			spec = PLAY_ZOMBIE;
		if (strcmp(spec, "human") == 0) {
			P->nhumans++;
			P->humans |= 1u << i;
			continue;
		}
		qv_err err;
		if (qv_agent_new(&P->agent[i], spec, P->g, qv_seed_mix(seed, (uint64_t)i + 1),
		                 &err)) {
			char pn[8];
			return cli_usage("play", "seat %s is human or an agent: %s",
			                 qv_player_name(i, pn), err.msg);
		}
	}
	return CLI_EXIT_OK;
}

/* The agent kind a spec names ("hard" for "hard:seed=3"), or NULL when it names none. */
static const qv_agent_kind *spec_kind(const char *spec)
{
	size_t len = strcspn(spec, ":");
	for (int i = 0; qv_agent_kinds[i]; i++)
		if (strlen(qv_agent_kinds[i]->name) == len &&
		    strncmp(qv_agent_kinds[i]->name, spec, len) == 0)
			return qv_agent_kinds[i];
	return NULL;
}

/* Whether a record may seat this agent by itself: the levels (qv_agent_levels), whose budgets
 * are fixed and bounded. Any other spec could search for minutes with gigabytes, so it must be
 * asked for with --players. */
static bool loadable(const qv_agent_kind *kind)
{
	for (int i = 0; qv_agent_levels[i]; i++)
		if (strcmp(kind->name, qv_agent_levels[i]) == 0)
			return true;
	return false;
}

/* The seating of a loaded game without --players: the record's when every seat is `human` or
 * a level with a valid spec; the defaults when its names are not seats at all (a record of
 * the protocol, or names of people). A record that names another agent is refused: a file
 * must not start a search of its own choosing. */
static int loaded_seats(play *P, const char *load)
{
	bool usable = true;
	for (int i = 0; i < P->n; i++) {
		const char *name = P->m->names[i];
		if (strcmp(name, "human") == 0)
			continue;
		const qv_agent_kind *kind = spec_kind(name);
		if (kind && !loadable(kind)) {
			char pn[8];
			qv_buf q = {0};
			qv_buf_shell_word(&q, name);
			int rc = cli_usage(
			    "play",
			    "%s seats %s as the agent '%.60s%s': a record may seat "
			    "only human, easy, medium, hard, random and greedy by itself; "
			    "to run other agents, give every seat with --players (e.g. "
			    "--players human,%.60s)",
			    load, qv_player_name(i, pn), name, strlen(name) > 60 ? "..." : "",
			    qv_buf_str(&q));
			qv_buf_free(&q);
			return rc;
		}
		qv_agent *a = NULL;
		if (!kind || qv_agent_new(&a, name, P->g, 0, NULL))
			usable = false;
		qv_agent_free(a);
	}
	for (int i = 0; i < P->n; i++)
		snprintf(P->seat[i], sizeof P->seat[i], "%s",
		         usable   ? P->m->names[i]
		         : i == 0 ? "human"
		                  : CLI_DEFAULT_AGENT);
	return CLI_EXIT_OK;
}

/* records/<game>-<YYYYmmdd-HHMMSS>[-N].json, creating records/ if needed. The name holds no
 * seed: the seed tells the deal and the dice. */
static int default_record(play *P)
{
	if (mkdir("records", 0777) != 0 && errno != EEXIST)
		return cli_fail(
		    "play",
		    "cannot create the folder records/: %s (choose a file with --record FILE)",
		    strerror(errno));
	struct tm tmv;
	localtime_r(&(time_t){(time_t)qv_wall()}, &tmv); /* core's clock: the one time source */
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
	for (int k = 1; k < 1000; k++) {
		char suffix[16] = "";
		if (k > 1)
			snprintf(suffix, sizeof suffix, "-%d", k);
		snprintf(P->record, sizeof P->record, "records/%s-%s%s.json", P->g->name, stamp,
		         suffix);
		if (access(P->record, F_OK) != 0)
			return CLI_EXIT_OK;
	}
	return CLI_EXIT_OK; /* a thousand games in one second: the last name is reused */
}

/* Where the record is written while the game goes on: the record itself, or in hot-seat play
 * a hidden file beside it, `.<name>.in-progress`, which the screen never names, so the next
 * player is not pointed to a file that holds the previous player's secrets. */
static void set_saving(play *P)
{
	if (P->nhumans < 2) {
		qv_copy(P->saving, sizeof P->saving, P->record);
		return;
	}
	const char *slash = strrchr(P->record, '/');
	size_t dir = slash ? (size_t)(slash - P->record) + 1 : 0;
	snprintf(P->saving, sizeof P->saving, "%.*s.%s.in-progress", (int)dir, P->record,
	         P->record + dir);
}

/* A saved record or state loaded as the match; its game must be `game` when one is named. */
static int load_match(play *P, const play_args *a)
{
	qv_err err;
	if (a->params_given || a->variant)
		return cli_usage("play",
		                 "--%s cannot be used with --load: the saved game keeps "
		                 "its parameters and components",
		                 a->variant ? "variant" : "param");
	if (qv_match_load_file(&P->m, a->load, &err))
		return cli_fail("play", "%s", err.msg);
	P->g = P->m->game;
	if (a->game && strcmp(a->game, P->g->name) != 0)
		return cli_usage("play", "%s holds a game of %s, not %s", a->load, P->g->name,
		                 a->game);
	return CLI_EXIT_OK;
}

/* A new match of the named game, with the variant's components and the parameters; the
 * players parameter is the count of --players (nlisted) unless given. */
static int new_match(play *P, play_args *a, int nlisted)
{
	qv_err err;
	if (!a->game)
		return cli_usage(
		    "play", "expected quiver play <game> [options] or quiver play --load FILE");
	P->g = cli_game("play", a->game);
	if (!P->g)
		return CLI_EXIT_USAGE;
	int rc = cli_variant_param("play", P->g, a->variant, &a->params);
	if (rc)
		return rc;
	if (a->players && (nlisted < P->g->min_players || nlisted > P->g->max_players))
		return cli_usage("play", "--players lists %d seat%s, but %s is for %d-%d players",
		                 nlisted, nlisted == 1 ? "" : "s", P->g->name, P->g->min_players,
		                 P->g->max_players);
	if (a->players && qv_param_find(P->g->params, P->g->nparams, "players") &&
	    !qv_params_get(&a->params, "players")) {
		char count[16];
		snprintf(count, sizeof count, "%d", nlisted);
		if (qv_params_set(&a->params, "players", count, &err))
			return cli_usage("play", "%s", err.msg);
	}
	if (qv_match_new(&P->m, P->g, &a->params, a->seed, &err))
		return cli_usage("play", "%s", err.msg);
	return CLI_EXIT_OK;
}

/* The seats of the match: the --players list (nlisted of them), or without it a loaded
 * game's own (loaded_seats), or a person against the level of every other seat. */
static int seat(play *P, const play_args *a, int nlisted)
{
	P->n = P->g->num_players(P->m->state);
	P->secret_seed = P->g->determinize != NULL || P->g->max_chance > 0;
	if (a->players && nlisted != P->n)
		return cli_usage("play",
		                 "--players lists %d seat%s but this game of %s has %d players",
		                 nlisted, nlisted == 1 ? "" : "s", P->g->name, P->n);
	if (a->players)
		return CLI_EXIT_OK;
	if (a->load)
		return loaded_seats(P, a->load);
	for (int i = 0; i < P->n; i++)
		snprintf(P->seat[i], sizeof P->seat[i], "%s",
		         i == 0     ? "human"
		         : P->level ? P->level
		                    : CLI_DEFAULT_AGENT);
	return CLI_EXIT_OK;
}

/* A loaded game that is over: nothing to play, so how it ended is shown and nothing is
 * written. */
static int show_finished(play *P, const play_args *a)
{
	for (int i = 0; i < P->n; i++)
		if (!a->players)
			qv_copy(P->seat[i], sizeof P->seat[i], P->m->names[i]);
	printf("%s holds a finished game of %s (%d moves); no new record is written.\n", a->load,
	       P->g->title, P->m->nhist);
	play_print_end(P);
	return CLI_EXIT_OK;
}

/* The agents made and the seats named in the match, then the record's path, written once now:
 * a record that cannot be written is found out now, not after an hour of play. */
static int open_record(play *P, const play_args *a)
{
	qv_err err;
	int rc;
	if ((rc = make_agents(P, a->seed)))
		return rc;
	for (int i = 0; i < P->n; i++)
		qv_match_set_name(P->m, i, P->seat[i]);
	if (a->record)
		qv_copy(P->record, sizeof P->record, a->record);
	else if ((rc = default_record(P)))
		return rc;
	set_saving(P);
	if (qv_match_save_record(P->m, P->saving, &err))
		return cli_fail("play",
		                "cannot save the game: %s (choose another file with --record FILE)",
		                err.msg);
	return CLI_EXIT_OK;
}

/* Everything after option parsing: the match (new or loaded), the seats, the record path,
 * then the game itself. */
int play_start(play *P, play_args *a)
{
	int nlisted = 0, rc;
	if (a->players && (nlisted = split_players(a->players, P->seat)) < 0)
		return CLI_EXIT_USAGE;
	if ((rc = a->load ? load_match(P, a) : new_match(P, a, nlisted)))
		return rc;
	if ((rc = seat(P, a, nlisted)))
		return rc;
	if (a->load && qv_match_over(P->m))
		return show_finished(P, a);
	if ((rc = open_record(P, a)))
		return rc;
	for (int i = 0; i < P->n; i++)
		P->seen[i] = P->told[i] = P->m->nhist;
	P->echo = !isatty(STDIN_FILENO);
	P->on_screen = -1;
	qv_match_hold_forced(P->m, P->humans);
	if (P->nhumans > 1)
		cli_term_private(&P->t);
	play_banner(P, a->load);
	/* Forced moves the match applied at the start, or (resuming) at the end of the loaded
	 * history, where loading may just have applied one that was waiting. */
	int first = P->m->nhist;
	while (first > 0 && P->m->hist[first - 1].automatic)
		first--;
	if (!a->load)
		first = 0;
	if (first < P->m->nhist)
		play_announce(P, first, -1);
	return play_run(P);
}
