/*
 * play_screen.h (cli) - a game of `quiver play` at the terminal (struct play), and what every
 * part of it shows and keeps (play_screen.c): messages to the person, the board, the
 * announced moves, the record on disk. For play.c, play_setup.c, play_prompt.c and
 * play_game.c.
 */
#ifndef QUIVER_CLI_PLAY_SCREEN_H
#define QUIVER_CLI_PLAY_SCREEN_H

#include <stdbool.h>

#include "cli/cli.h"
#include "cli/term.h"

enum { LAYOUT_AUTO, LAYOUT_COMPACT, LAYOUT_FULL };

/* How a turn ended: an action played (or taken back), a quit, or a failure. */
enum { TURN_DONE, TURN_QUIT, TURN_ERROR };

/* The level that plays the seat of a person who resigned in a game of three or more (a
 * "zombie", as Board Game Arena calls it), as the server's tables do. */
#define PLAY_ZOMBIE "medium"

/* A game at the terminal: the match, its seats and agents, the terminal, the record. */
typedef struct play {
	const qv_game *g;
	qv_match *m;
	int n;                                  /* seats */
	char seat[QV_MAX_PLAYERS][QV_NAME_MAX]; /* "human" or an agent spec */
	qv_agent *agent[QV_MAX_PLAYERS];
	int seen[QV_MAX_PLAYERS]; /* history entries each agent has been told about */
	int nhumans;
	cli_term t;
	int layout;
	bool secret_seed;  /* the seed would tell hidden facts or dice: shown only at the end */
	char record[4096]; /* where the record ends up */
	char saving[4200]; /* where it is written during the game (hot-seat: out of sight) */
	bool stayed;       /* the hidden record could not be moved to `record`: it is still there */
	bool save_warned;
	int on_screen;            /* the human whose view may be on screen, or -1 */
	int told[QV_MAX_PLAYERS]; /* hot-seat: history entries each human has been told of */
	unsigned humans;          /* bit p: seat p is a person */
	char *line;
	size_t linecap;
	bool echo;         /* input is not a terminal: echo it so transcripts read well */
	const char *level; /* --level: the level of every other seat of a new game */
} play;

/* True when seat `who` is a person at the keyboard. */
bool play_is_human(const play *P, int who);

/* Prints a message for the person at the terminal: formatted, then broken at blanks to the
 * terminal's width (continuation lines indented by `indent`) so that no line wraps. Plain
 * output (a pipe, a file) gets it as it is. */
void play_say(const play *P, int indent, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Draws the board as `viewer` may see it, in the layout that fits the terminal. */
void play_show_board(play *P, int viewer);
/* Announces history entries from..nhist-1, worded for whoever may be looking at the screen;
 * the move line of entry `typed` (the human just typed it) is left out. */
void play_announce(play *P, int from, int typed);
/* After an undo: the agents forget the game they followed and start again from here. */
void play_forget(play *P);

/* Saves the record where it goes during the game; a failure is reported once. */
bool play_save(play *P);
/* Saves the record for good (hot-seat: moved from its hidden place to where it belongs). */
bool play_save_final(play *P);
/* Where the record is once saved for good. */
const char *play_final_path(const play *P);

#endif
