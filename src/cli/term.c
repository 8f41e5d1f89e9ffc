/*
 * term.c - the terminfo wrapper of term.h. <term.h> defines many lower-case macros (lines,
 * columns, ...), so it is included here only.
 */
#include <stdarg.h>
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
			while (i < len &&
			       !((unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e))
				i++;
			continue;
		}
		if ((c & 0xC0) != 0x80)
			w++;
	}
	return w;
}

/* The byte length of the longest prefix of s[0..len) that is at most `cols` columns wide,
 * never ending inside a UTF-8 character or an escape sequence. */
static size_t fit_prefix(const char *s, size_t len, int cols)
{
	size_t at = 0;
	while (at < len) {
		size_t next = at + 1;
		if (s[at] == 0x1b && next < len && s[next] == '[') {
			next++;
			while (next < len &&
			       !((unsigned char)s[next] >= 0x40 && (unsigned char)s[next] <= 0x7e))
				next++;
			next = next < len ? next + 1 : len;
		} else {
			while (next < len && ((unsigned char)s[next] & 0xC0) == 0x80)
				next++;
		}
		if (cli_text_width(s, next) > cols)
			break;
		at = next;
	}
	return at;
}

void cli_print_wrapped(FILE *f, const char *text, int width, int indent)
{
	const char *s = text;
	do {
		size_t len = strcspn(s, "\n");
		const char *line = s;
		size_t left = len, lead = strspn(s, " ");
		int pad = 0;
		while (width > 0 && left > 0 && pad + cli_text_width(line, left) > width) {
			size_t cut = fit_prefix(line, left, width - pad);
			size_t brk = cut;
			while (brk > lead && line[brk] != ' ')
				brk--;
			if (brk <= lead)
				brk = cut > 0 ? cut : 1; /* one word longer than the line: cut it */
			lead = 0;
			fprintf(f, "%*s%.*s\n", pad, "", (int)brk, line);
			line += brk;
			left -= brk;
			while (left > 0 && *line == ' ') {
				line++;
				left--;
			}
			pad = indent < width / 2 ? indent : 0;
		}
		if (left > 0 || line == s)
			fprintf(f, "%*s%.*s\n", pad, "", (int)left, line);
		s += len;
	} while (*s++ == '\n' && *s);
}

void cli_term_status(const cli_term *t, const char *fmt, ...)
{
	if (!t->tty)
		return;
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

void cli_term_status_end(const cli_term *t)
{
	if (t->tty) {
		fputs("\r\033[K", stdout);
		fflush(stdout);
	}
}
