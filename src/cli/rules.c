/*
 * rules.c - `quiver rules`: the list of games, or one game's players, parameters, summary and
 * AI levels.
 */
#include <string.h>

#include "cli/cli.h"

static const cli_opt rules_opts[] = {
	{"help", NULL},
	{NULL, NULL},
};

/* The text of `quiver rules --help`. */
static void rules_help(void)
{
	printf("usage: quiver rules [<game>]\n\n"
	       "Without a game, lists the games. With one, prints its title, the number of\n"
	       "players, its parameters (key, default, allowed values, meaning; set them with\n"
	       "--param key=value in play, perft and bench) and a summary of the rules and the\n"
	       "notation.\n\n"
	       "  -h, --help   this help\n\n"
	       "example: quiver rules three-arrows\n");
}

/* One line per game: name, title and player range. */
static void list_games(void)
{
	printf("Games (quiver rules <game> for details):\n");
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		char range[16];
		if (g->min_players == g->max_players)
			snprintf(range, sizeof range, "%d", g->min_players);
		else
			snprintf(range, sizeof range, "%d-%d", g->min_players, g->max_players);
		printf("  %-16s %-24s %s players\n", g->name, g->title, range);
	}
}

/* Title, players, a parameter table sized to its contents, and the summary. */
static void show_game(const qv_game *g)
{
	printf("%s (%s)\n", g->title, g->name);
	if (g->min_players == g->max_players)
		printf("Players: %d\n", g->min_players);
	else
		printf("Players: %d-%d\n", g->min_players, g->max_players);
	if (g->nparams > 0) {
		int kw = 3, dw = 7, aw = 7;
		for (int i = 0; i < g->nparams; i++) {
			const qv_param_def *d = &g->params[i];
			if ((int)strlen(d->key) > kw)
				kw = (int)strlen(d->key);
			if (d->def && (int)strlen(d->def) > dw)
				dw = (int)strlen(d->def);
			if (d->allowed && (int)strlen(d->allowed) > aw)
				aw = (int)strlen(d->allowed);
		}
		printf("\nParameters (--param key=value):\n");
		printf("  %-*s  %-*s  %-*s  %s\n", kw, "key", dw, "default", aw, "allowed", "meaning");
		for (int i = 0; i < g->nparams; i++) {
			const qv_param_def *d = &g->params[i];
			printf("  %-*s  %-*s  %-*s  %s\n", kw, d->key, dw, d->def ? d->def : "-", aw,
			       d->allowed ? d->allowed : "-", d->help ? d->help : "");
		}
	} else {
		printf("\nNo parameters.\n");
	}
	if (g->summary && *g->summary) {
		printf("\n%s", g->summary);
		if (g->summary[strlen(g->summary) - 1] != '\n')
			putchar('\n');
	}
	printf("\nAI levels (agents easy, medium, hard; docs/ai.md):\n");
	static const char *const levels[] = {"easy", "medium", "hard"};
	for (int k = 0; k < 3; k++)
		printf("  %-6s  ismcts:%s\n", levels[k], qv_agent_level_options(g, levels[k]));
}

/* Lists the games, or describes the one named. */
int cli_rules(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "rules", argc, argv);
	const char *name = NULL, *v;
	int o;
	while ((o = cli_next(&p, rules_opts, &v)) != CLI_OPT_END) {
		if (o == CLI_OPT_BAD)
			return CLI_EXIT_USAGE;
		if (o == 0) {
			rules_help();
			return CLI_EXIT_OK;
		}
		if (name)
			return cli_usage("rules", "unexpected argument '%s': expected quiver rules [<game>]",
					 v);
		name = v;
	}
	if (!name) {
		list_games();
		return CLI_EXIT_OK;
	}
	const qv_game *g = cli_game("rules", name);
	if (!g)
		return CLI_EXIT_USAGE;
	show_game(g);
	return CLI_EXIT_OK;
}
