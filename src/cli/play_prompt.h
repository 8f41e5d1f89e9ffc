/*
 * play_prompt.h (cli) - a person's turn in `quiver play` (play_prompt.c), for the game loop
 * of play_game.c.
 */
#ifndef QUIVER_CLI_PLAY_PROMPT_H
#define QUIVER_CLI_PLAY_PROMPT_H

#include "cli/play_screen.h"

/* One decision of the person at seat h: reads commands until an action is played, the own
 * last move is taken back, or the person quits. TURN_DONE, TURN_QUIT or TURN_ERROR. */
int play_human_turn(play *P, int h);

#endif
