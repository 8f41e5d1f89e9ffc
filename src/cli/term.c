/*
 * term.c - the terminfo wrapper of term.h. <term.h> defines many lower-case macros (lines,
 * columns, ...), so it is included here only.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
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

/* A positive number from the environment variable name, or 0. */
static int env_number(const char *name)
{
	const char *env = getenv(name);
	int n = env ? atoi(env) : 0;
	return n > 0 ? n : 0;
}

void cli_term_size(cli_term *t)
{
	if (!t->tty)
		return;
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
		t->cols = ws.ws_col;
		t->rows = ws.ws_row;
		return;
	}
	int cols = tigetnum("cols"), rows = tigetnum("lines");
	if (cols > 0)
		t->cols = cols;
	if (rows > 0)
		t->rows = rows;
	if (env_number("COLUMNS"))
		t->cols = env_number("COLUMNS");
	if (env_number("LINES"))
		t->rows = env_number("LINES");
}

void cli_term_setup(cli_term *t, bool want_color)
{
	*t = (cli_term){.tty = false, .color = false, .cols = 80, .rows = 0, .loaded = false};
	if (!isatty(STDOUT_FILENO))
		return;
	int status = 0;
	if (setupterm(NULL, STDOUT_FILENO, &status) != OK || status != 1)
		return;
	t->loaded = true;
	t->tty = cap_str("clear") != NULL;
	int colors = tigetnum("colors");
	t->color = want_color && colors >= 8;
	cli_term_size(t);
}

void cli_term_clear(const cli_term *t)
{
	fflush(stdout);
	const char *clear = t->loaded ? cap_str("clear") : NULL;
	if (t->tty && clear) {
		tputs(clear, 1, put_stdout);
		const char *e3 = cap_str("E3");
		if (e3)
			tputs(e3, 1, put_stdout);
		else if (strncmp(clear, "\033[", 2) == 0)
			fputs("\033[3J", stdout);
		fflush(stdout);
		return;
	}
	puts("\n----------------------------------------------------------------\n");
}

void cli_term_private(cli_term *t)
{
	const char *smcup = t->tty && t->loaded ? cap_str("smcup") : NULL;
	if (!smcup || t->alternate)
		return;
	tputs(smcup, 1, put_stdout);
	fflush(stdout);
	t->alternate = true;
}

void cli_term_public(cli_term *t)
{
	if (!t->alternate)
		return;
	const char *rmcup = cap_str("rmcup");
	if (rmcup)
		tputs(rmcup, 1, put_stdout);
	fflush(stdout);
	t->alternate = false;
}

void cli_term_done(cli_term *t)
{
	cli_term_public(t);
	if (t->loaded) {
		del_curterm(cur_term);
		cur_term = NULL;
	}
	t->loaded = false;
}

int cli_text_width(const char *s, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == 0x1b && i + 1 < len && s[i + 1] == '[') {
			/* CSI: parameters and intermediates up to a final byte 0x40-0x7e. */
			i += 2;
			while (i < len && !((unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e))
				i++;
			continue;
		}
		if ((c & 0xC0) != 0x80)
			w++;
	}
	return w;
}
