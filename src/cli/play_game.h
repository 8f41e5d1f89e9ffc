/*
 * play_game.h (cli) - the game loop of `quiver play` and what it says at the start and the end
 * (play_game.c), for play_setup.c.
 */
#ifndef QUIVER_CLI_PLAY_GAME_H
#define QUIVER_CLI_PLAY_GAME_H

#include "cli/play_screen.h"

/* The first lines: game, parameters, seats and where the record goes (the seed only when it
 * tells nothing hidden); for a new game, where to learn it. `loaded` names the file resumed,
 * NULL for a new game. */
void play_banner(play *P, const char *loaded);
/* The end of a finished game: the whole final board, the ranking and the seed. */
void play_print_end(play *P);
/* Plays until the game is over, someone quits or something fails; the command's exit code. */
int play_run(play *P);

#endif
