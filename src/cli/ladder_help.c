/*
 * ladder_help.c - the levels' ladder as `quiver play --help` prints it: each level's Elo against
 * beginner in every game (qv_game.ladder, made by bench/ladder.py), so that a player sees how
 * far apart the levels are before choosing one.
 */
#include <stdio.h>

#include "cli/cli.h"
#include "quiver/agent.h"
#include "quiver/game.h"

/* The levels' strength in every game (qv_game.ladder), a row per game, for --help: how far
 * apart the levels are, in the one unit that compares them. "-" where a game has no figure, "?"
 * where its figure is not settled. */
void cli_ladder_help(void)
{
	static const char *const cols[] = {"random", "beginner", "greedy",
	                                   "easy",   "medium",   "hard"};
	enum { NCOLS = sizeof cols / sizeof cols[0] };
	printf("\nThe levels' strength, Elo against beginner (docs/ai.md has the intervals; 400\n"
	       "more wins about 10 games in 11; ? where too few games were played to say):\n%-14s",
	       "");
	for (int c = 0; c < NCOLS; c++)
		printf("%10s", cols[c]);
	printf("\n");
	for (int i = 0; qv_games[i]; i++) {
		printf("  %-12s", qv_games[i]->name);
		for (int c = 0; c < NCOLS; c++) {
			const qv_level_elo *e = qv_agent_level_elo(qv_games[i], cols[c]);
			char cell[16] = "-";
			if (e && !qv_agent_level_settled(e))
				snprintf(cell, sizeof cell, "?");
			else if (e)
				snprintf(cell, sizeof cell, e->elo ? "%+d" : "0", e->elo);
			printf("%10s", cell);
		}
		printf("\n");
	}
}
