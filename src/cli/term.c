/*
 * term.c - the terminfo wrapper of term.h. <term.h> defines many lower-case macros (lines,
 * columns, ...), so it is included here only.
 */
#include <stdlib.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "cli/term.h"

/* tputs wants a function that writes one character. */
static int put_stdout(int c) { return putchar(c); }

/* A string capability, or NULL when the terminal lacks it (tigetstr returns (char *)-1 for a
 * name that is not a string capability). */
static const char *cap_str(const char *name)
{
	const char *s = tigetstr(name);
	return s == (const char *)-1 ? NULL : s;
}

void cli_term_setup(cli_term *t, bool want_color)
{
	*t = (cli_term){.tty = false, .color = false, .cols = 80, .loaded = false};
	if (!isatty(STDOUT_FILENO))
		return;
	int status = 0;
	if (setupterm(NULL, STDOUT_FILENO, &status) != OK || status != 1)
		return;
	t->loaded = true;
	t->tty = cap_str("clear") != NULL;
	int colors = tigetnum("colors");
	t->color = want_color && colors >= 8;
	int cols = tigetnum("cols");
	if (cols > 0)
		t->cols = cols;
	const char *env = getenv("COLUMNS");
	if (env && atoi(env) > 0)
		t->cols = atoi(env);
}

void cli_term_clear(const cli_term *t)
{
	fflush(stdout);
	const char *clear = t->loaded ? cap_str("clear") : NULL;
	if (t->tty && clear) {
		tputs(clear, 1, put_stdout);
		fflush(stdout);
		return;
	}
	puts("\n----------------------------------------------------------------\n");
}

void cli_term_done(cli_term *t)
{
	if (t->loaded) {
		del_curterm(cur_term);
		cur_term = NULL;
	}
	t->loaded = false;
}
