/*
 * term.h - what `quiver play` needs from the terminal, through terminfo (ncursesw): whether
 * stdout is a terminal, whether it shows colours, how wide it is, and how to clear it. When
 * stdout is not a terminal or terminfo knows nothing about it, everything falls back to plain
 * text: no colours, a separator line instead of clearing.
 */
#ifndef QUIVER_CLI_TERM_H
#define QUIVER_CLI_TERM_H

#include <stdbool.h>
#include <stdio.h>

typedef struct cli_term {
	bool tty;       /* stdout is a terminal that terminfo describes */
	bool color;     /* colours wanted and supported */
	int cols;       /* width in columns (80 when unknown) */
	bool loaded;    /* terminfo was set up and must be released by cli_term_done */
} cli_term;

/* Inspects stdout. want_color is false for --no-color. Never fails: on any problem the
 * terminal is treated as plain text. */
void cli_term_setup(cli_term *t, bool want_color);

/* Clears the screen (or, on plain output, prints a separator line so the turns stay apart). */
void cli_term_clear(const cli_term *t);

/* Releases what terminfo allocated. */
void cli_term_done(cli_term *t);

#endif
