/*
 * play.c - `quiver play`: a game in the terminal. Humans type actions in the game's notation;
 * agents answer; chance events are drawn by the match. Every other seat's action and every
 * chance outcome is announced with its consequences, worded so that it tells no more than the
 * listener's view (the narrated log of the match).
 *
 * Secrets stay secret: in a game with hidden information or dice the seed is shown only with
 * the result; with several humans at one keyboard (hot-seat) the game runs on the terminal's
 * alternate screen, the screen and its scrollback are cleared before each human's turn, and the
 * record (which holds everything) is written out of sight until the game ends.
 *
 * A person's forced move is shown before it is played; an action the game flags (one that ends
 * the game or may eliminate the player) is confirmed first. Alone against agents a person may
 * take back any own move (the dice then come out the same: see qv_match_chance).
 *
 * The record is saved after every change, on quit and at the end, so nothing is lost; a saved
 * game resumes with --load. Ctrl-C during an agent's search stops the search (the agent plays
 * its best move so far); at a prompt, or twice within a moment, it saves and quits.
 *
 * This file is the command: its help and options. The parts of the game are play_setup.c
 * (the match, the seats, the record), play_game.c (the loop, the agents' turns, the start and
 * the end), play_prompt.c (a person's turn), play_screen.c (what is shown and saved) and
 * play_sigint.c (Ctrl-C).
 */
#include <stdlib.h>
#include <string.h>

#include "cli/play_setup.h"
#include "cli/play_sigint.h"

static const cli_opt play_opts[] = {
    {"players", "LIST"}, {"param", "K=V"}, {"seed", "S"},
    {"record", "FILE"},  {"load", "FILE"}, {"layout", "compact|full|auto"},
    {"no-color", NULL},  {"help", NULL},   {"variant", "FILE"},
    {"level", "L"},      {NULL, NULL},
};

enum {
	OPT_PLAYERS,
	OPT_PARAM,
	OPT_SEED,
	OPT_RECORD,
	OPT_LOAD,
	OPT_LAYOUT,
	OPT_NO_COLOR,
	OPT_HELP,
	OPT_VARIANT,
	OPT_LEVEL
};

/* The text of `quiver play --help`. */
static void play_help(void)
{
	printf("usage: quiver play <game> [options]\n"
	       "       quiver play --load FILE [options]\n\n"
	       "Plays a game in the terminal. By default you (p1) play against the gentlest\n"
	       "level (" CLI_DEFAULT_AGENT
	       "), one per other seat. At your prompt type an action in\n"
	       "the game's notation (see quiver rules <game>), or: legal, card <name> (also\n"
	       "piece, item, what), undo, resign, show, help, quit.\n\n"
	       "  --level L       every seat but yours plays at level L: beginner (the\n"
	       "                  default), easy, medium or hard (the strongest)\n"
	       "  --players LIST  one entry per seat, in order: human or an agent spec, e.g.\n"
	       "                  human,medium or human,human (hot-seat) or\n"
	       "                  random:seed=3,human. The count sets the game's players\n"
	       "                  parameter unless --param players= is given.\n"
	       "  --param K=V     a game parameter (repeatable; see quiver rules <game>)\n"
	       "  --variant FILE  play with the components of a variant file (docs/variants.md)\n"
	       "  --seed S        seed of the game, its dice and the agents (default: 64 random\n"
	       "                  bits; shown with the result)\n"
	       "  --record FILE   where to save the record (default:\n"
	       "                  records/<game>-<YYYYmmdd-HHMMSS>.json)\n"
	       "  --load FILE     resume a saved record or state; its seats are used when they\n"
	       "                  are human or a level (easy, medium, hard, random, greedy),\n"
	       "                  other agents only when given again with --players\n"
	       "  --layout L      the board: compact (fits 80x24), full, or auto (default:\n"
	       "                  compact when the full one does not fit the terminal)\n"
	       "  --no-color      no colours even on a terminal\n"
	       "  -h, --help      this help\n\n"
	       "Agents: the levels easy, medium and hard (each [:seed=N]; hard answers within\n"
	       "2 s on 2 cores; quiver rules <game> shows what they are), random, greedy,\n"
	       "mcts[:key=value,...] and ismcts[:key=value,...] (keys iterations, time, c,\n"
	       "threads, playout, widen, nodes, blunder, seed; docs/ai.md). Ctrl-C while an\n"
	       "agent thinks makes it answer now; at your prompt (or twice) it saves and quits.\n\n"
	       "examples: quiver play three-arrows\n"
	       "          quiver play three-arrows --players human,easy\n"
	       "          quiver play three-arrows --players human,human,greedy\n"
	       "          quiver play --load records/three-arrows-20250101-120000.json\n");
}

/* What the options ask for besides the game's arguments (play_args). */
typedef struct play_options {
	const char *level; /* --level, or NULL */
	int layout;        /* LAYOUT_* */
	bool no_color;
	bool seeded; /* --seed was given */
} play_options;

/* --layout's value as a LAYOUT_*, or -1 after a usage message. */
static int layout_of(const char *v)
{
	if (strcmp(v, "compact") == 0)
		return LAYOUT_COMPACT;
	if (strcmp(v, "full") == 0)
		return LAYOUT_FULL;
	if (strcmp(v, "auto") == 0)
		return LAYOUT_AUTO;
	cli_usage("play", "bad value '%s' for --layout: expected compact, full or auto", v);
	return -1;
}

/* One option (cli_next's `opt`, with its value v) into a and o: -1 to go on, else the
 * command's exit code (after --help, or a usage message). */
static int option(play_args *a, play_options *o, int opt, const char *v)
{
	switch (opt) {
	case OPT_PLAYERS: a->players = v; break;
	case OPT_PARAM:
		if (!cli_param("play", &a->params, v))
			return CLI_EXIT_USAGE;
		a->params_given = true;
		break;
	case OPT_SEED:
		if (!cli_seed("play", "seed", v, &a->seed))
			return CLI_EXIT_USAGE;
		o->seeded = true;
		break;
	case OPT_RECORD: a->record = v; break;
	case OPT_LOAD: a->load = v; break;
	case OPT_VARIANT: a->variant = v; break;
	case OPT_LEVEL: o->level = v; break;
	case OPT_LAYOUT:
		if ((o->layout = layout_of(v)) < 0)
			return CLI_EXIT_USAGE;
		break;
	case OPT_NO_COLOR: o->no_color = true; break;
	case OPT_HELP: play_help(), cli_ladder_help(); return CLI_EXIT_OK;
	case CLI_OPT_POSITIONAL:
		if (a->game)
			return cli_usage(
			    "play",
			    "unexpected argument '%s': expected quiver play <game> [options]", v);
		a->game = v;
		break;
	default: return CLI_EXIT_USAGE;
	}
	return -1;
}

/* Parses the options into a and o: -1 when the game is to be played, else the command's exit
 * code. --level goes only with a new game whose other seats it sets. */
static int parse(int argc, char **argv, play_args *a, play_options *o)
{
	cli_parser p;
	cli_parser_init(&p, "play", argc, argv);
	const char *v;
	int opt, rc;
	while ((opt = cli_next(&p, play_opts, &v)) != CLI_OPT_END)
		if ((rc = option(a, o, opt, v)) >= 0)
			return rc;
	if (o->level && (a->players || a->load))
		return cli_usage("play",
		                 "--level sets the other seats of a new game: give it without "
		                 "--%s (or give every seat with --players)",
		                 a->players ? "players" : "load");
	if (o->level && (!qv_agent_level_searches(o->level) && strcmp(o->level, "beginner") != 0))
		return cli_usage("play",
		                 "bad value '%s' for --level: expected beginner, easy, medium "
		                 "or hard",
		                 o->level);
	return -1;
}

/* Parses the options, then runs the game (play_start) and releases everything it made. */
int cli_play(int argc, char **argv)
{
	play_args a = {0};
	play_options o = {.layout = LAYOUT_AUTO};
	int rc = parse(argc, argv, &a, &o);
	if (rc >= 0)
		return rc;
	if (!o.seeded)
		a.seed = cli_random_seed();
	play *P = calloc(1, sizeof *P);
	if (!P)
		return cli_fail("play", "out of memory");
	P->layout = o.layout;
	P->level = o.level;
	cli_term_setup(&P->t, !o.no_color);
	play_catch_sigint();
	rc = play_start(P, &a);
	signal(SIGINT, SIG_DFL);
	cli_term_done(&P->t);
	for (int i = 0; i < QV_MAX_PLAYERS; i++)
		qv_agent_free(P->agent[i]);
	if (P->m)
		qv_match_free(P->m);
	free(P->line);
	free(P);
	return rc;
}
