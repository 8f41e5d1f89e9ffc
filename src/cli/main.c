/*
 * main.c - the `quiver` command: finds the subcommand and runs it. Each subcommand lives in
 * its own file and answers --help itself.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "server/base/build.h"

static const cli_command commands[] = {
    {"play", "<game> [options]", "play in the terminal, against agents or friends", cli_play},
    {"engine", "[--seed S]", "the engine protocol on stdin/stdout", cli_engine},
    {"replay", "FILE [options]", "show a saved game move by move", cli_replay},
    {"review", "RECORD [options]", "the computer's review of a game: marks, accuracy", cli_review},
    {"puzzles", "RECORD... | --db DB", "puzzles from reviewed games, as JSON lines", cli_puzzles},
    {"perft", "<game> DEPTH [options]", "count action sequences (checks the rules)", cli_perft},
    {"arena", "<game> --agents A B ...", "many games between agents, with statistics", cli_arena},
    {"bench", "<game> [options]", "measure random playouts per second", cli_bench},
    {"rules", "[<game> [--full]]", "list the games; one's parameters, or its full rules",
     cli_rules},
    {"learn", "[<game> [<lesson>]]", "interactive lessons: learn a game by playing", cli_learn},
    {"serve", "[--port P] [--db DB]", "serve online play: browser client, HTTP, WebSocket",
     cli_serve},
    {"db", "copy FROM TO", "copy the server's database: SQLite to PostgreSQL and back", cli_db},
    {"admin", "COMMAND [--db DB]", "the site operator's tools on a running server", cli_admin},
    {"variant", "dump|check|show ...", "a game's components as a JSON file; check a variant",
     cli_variant},
    {"lab", "run|merge ...", "study a variant by self-play: fairness, length, luck, causes",
     cli_lab},
    {NULL, NULL, NULL, NULL},
};

/* The overview printed by `quiver --help` (to stdout) and after a usage error (to stderr). */
static void overview(FILE *f)
{
	fprintf(f, "usage: quiver <command> [arguments]\n"
	           "       quiver --help | --version\n\n"
	           "quiver plays arrow-placement board games. Commands:\n");
	for (int i = 0; commands[i].name; i++)
		fprintf(f, "  %-7s %-23s %s\n", commands[i].name, commands[i].synopsis,
		        commands[i].summary);
	fprintf(f,
	        "\nRun 'quiver <command> --help' for a command's options, 'quiver rules' for the "
	        "games.\n");
}

/* The closest command name to a mistyped one, or NULL when none is close. */
static const char *nearest_command(const char *name)
{
	const char *best = NULL;
	int bestd = 3;
	for (int i = 0; commands[i].name; i++) {
		int d = qv_edit_distance(name, commands[i].name);
		if (d < bestd) {
			bestd = d;
			best = commands[i].name;
		}
	}
	return best;
}

/* Dispatches to the subcommand; --help, --version and `help <command>` are answered here,
 * and an unknown command is a usage error that suggests the closest name. */
int main(int argc, char **argv)
{
	cli_init(argc, argv);
	if (argc < 2) {
		overview(stderr);
		return CLI_EXIT_USAGE;
	}
	const char *cmd = argv[1];
	char list[200] = "";
	size_t used = 0;
	for (int i = 0; commands[i].name; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
		                         commands[i].name);
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		if (strcmp(cmd, "help") == 0 && argc > 2) {
			/* `quiver help play` is `quiver play --help`. */
			for (int i = 0; commands[i].name; i++)
				if (strcmp(commands[i].name, argv[2]) == 0) {
					char *sub[] = {argv[2], "--help", NULL};
					return commands[i].run(2, sub);
				}
			return cli_usage(NULL, "unknown command '%s' (commands: %s)", argv[2],
			                 list);
		}
		overview(stdout);
		return CLI_EXIT_OK;
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		printf("quiver %s\n", qv__build_version);
		return CLI_EXIT_OK;
	}
	for (int i = 0; commands[i].name; i++)
		if (strcmp(commands[i].name, cmd) == 0)
			return commands[i].run(argc - 1, argv + 1);
	const char *near = nearest_command(cmd);
	if (cmd[0] == '-')
		return cli_usage(NULL,
		                 "unknown option '%s' (options: --help, --version; commands: %s)",
		                 cmd, list);
	if (near)
		return cli_usage(NULL, "unknown command '%s' - did you mean '%s'? (commands: %s)",
		                 cmd, near, list);
	return cli_usage(NULL, "unknown command '%s' (commands: %s)", cmd, list);
}
