/*
 * term.h - what `quiver play` needs from the terminal, through terminfo (ncursesw): whether
 * stdout is a terminal, whether it shows colours, its size, how to clear it together with its
 * scrollback, and its alternate screen. When stdout is not a terminal or terminfo knows nothing
 * about it, everything falls back to plain text: no colours, a separator line instead of
 * clearing, no alternate screen, 80 columns and an unknown height.
 */
#ifndef QUIVER_CLI_TERM_H
#define QUIVER_CLI_TERM_H

#include <stdbool.h>
#include <stdio.h>

typedef struct cli_term {
	bool tty;       /* stdout is a terminal that terminfo describes */
	bool color;     /* colours wanted and supported */
	int cols;       /* width in columns (80 when unknown) */
	int rows;       /* height in rows (0 when unknown: not a terminal) */
	bool loaded;    /* terminfo was set up and must be released by cli_term_done */
	bool alternate; /* on the alternate screen (cli_term_private) */
} cli_term;

/* Inspects stdout. want_color is false for --no-color. Never fails: on any problem the
 * terminal is treated as plain text. */
void cli_term_setup(cli_term *t, bool want_color);

/* Reads the terminal's size again (it may have been resized): the kernel's window size first,
 * then terminfo, then $COLUMNS / $LINES. */
void cli_term_size(cli_term *t);

/* Clears the screen and the terminal's scrollback, so that nothing shown before can be
 * scrolled back to: terminfo's clear, then its E3 (ESC[3J), which xterm, VTE, the Linux
 * console and tmux honour; a terminal whose terminfo entry lacks E3 (TERM=screen inside tmux)
 * but speaks ANSI gets ESC[3J anyway. On plain output, prints a separator line so the turns
 * stay apart. */
void cli_term_clear(const cli_term *t);

/* Switches to the terminal's alternate screen (smcup), where lines that scroll off are not kept
 * in the scrollback (xterm, VTE, tmux), for play that must leave nothing behind (hot-seat).
 * Does nothing on plain output or when terminfo has no alternate screen. */
void cli_term_private(cli_term *t);

/* Leaves the alternate screen (rmcup) if cli_term_private entered it, restoring what the
 * terminal showed before. Safe to call twice. */
void cli_term_public(cli_term *t);

/* On a terminal, a status (printf's fmt) on the current line, not ended, for the time the
 * player waits, until cli_term_status_end erases the line. Nothing on plain output. */
void cli_term_status(const cli_term *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cli_term_status_end(const cli_term *t);

/* Releases what terminfo allocated (leaving the alternate screen first). */
void cli_term_done(cli_term *t);

/* The width of text on a terminal: UTF-8 characters, not counting ANSI escape sequences
 * (colours). */
int cli_text_width(const char *s, size_t len);

/* Prints text (lines separated by '\n') with every line longer than `width` columns broken at
 * blanks, the continuation lines indented by `indent` spaces, so that nothing wraps on a
 * terminal that wide (a word longer than a line is cut). width <= 0: printed as it is. A final
 * newline is added when text lacks one. */
void cli_print_wrapped(FILE *f, const char *text, int width, int indent);

#endif
