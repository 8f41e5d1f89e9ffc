/*
 * play_setup.h (cli) - a game of `quiver play` set up from its options and started
 * (play_setup.c), for play.c.
 */
#ifndef QUIVER_CLI_PLAY_SETUP_H
#define QUIVER_CLI_PLAY_SETUP_H

#include "cli/play_screen.h"

/* What the options of `quiver play` ask for (the layout, the colours and --level are in the
 * play itself). */
typedef struct play_args {
	const char *game;    /* the positional <game>, or NULL */
	const char *players; /* --players LIST, or NULL */
	const char *record;  /* --record FILE, or NULL */
	const char *load;    /* --load FILE, or NULL */
	const char *variant; /* --variant FILE, or NULL */
	qv_params params;    /* --param K=V, each */
	bool params_given;
	uint64_t seed; /* --seed, or a random one */
} play_args;

/* Everything after option parsing: the match (new or loaded), the seats, the record path,
 * then the game itself; the command's exit code. */
int play_start(play *P, play_args *a);

#endif
