/*
 * scenario_runner.c - runs a scenario file (a transcript of protocol commands and expected
 * replies) through the engine protocol in-process, with seed 1.
 *
 * Format (docs/protocol.md has the full description):
 *   # comment                    lines starting with '#', and blank lines, are ignored
 *   > command                    sends a command
 *   = p1                         plain lines: the reply must be exactly these lines
 *   %ok | %error [text] | %contains <line> | %lacks <line> | %lines <n>
 *                                directives: checks on the reply instead of the whole text
 * Each command must have an expectation. The runner reports every mismatch as
 * `file:line: command '...': expected ... got ...` with the whole reply, goes on, prints
 * `N passed, N failed` and exits 1 if anything failed (2 if the file itself is malformed).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/protocol.h"

/* One `> command` with its expectation lines. */
typedef struct block {
	int line;      /* line number of the command */
	char *command; /* without the "> " */
	char **expect; /* expectation lines, trailing blanks removed */
	int *expect_line;
	int nexpect;
	bool directives; /* the expectation is made of % directives */
} block;

typedef struct script {
	block *blocks;
	int n, cap;
} script;

/* A reply split into lines (without the final empty line), and its content: the same lines
 * with the "=[id] " or "?[id] " prefix removed from the first. */
typedef struct reply {
	char **lines;
	int n;
	bool ok;
	char *content0; /* the first content line (points into lines[0]), "" if none */
} reply;

/* realloc that ends the program on failure (a test tool has no better option). */
static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fputs("scenario_runner: out of memory\n", stderr);
		exit(2);
	}
	return p;
}

/* strdup through xrealloc. */
static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xrealloc(NULL, n), s, n);
}

/* Removes trailing blanks (and the newline) in place. */
static void rstrip(char *s)
{
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

/* Reads one whole line of any length; NULL at end of file. */
static char *read_line(FILE *f)
{
	size_t cap = 256, len = 0;
	char *s = xrealloc(NULL, cap);
	int c;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (len + 1 >= cap)
			s = xrealloc(s, cap *= 2);
		s[len++] = (char)c;
	}
	if (c == EOF && len == 0) {
		free(s);
		return NULL;
	}
	s[len] = '\0';
	return s;
}

/* Checks one directive line for well-formedness; returns an error text or NULL. */
static const char *check_directive(const char *d)
{
	if (strcmp(d, "%ok") == 0 || strcmp(d, "%error") == 0 || strncmp(d, "%error ", 7) == 0)
		return NULL;
	if (strncmp(d, "%contains ", 10) == 0 || strncmp(d, "%lacks ", 7) == 0)
		return NULL;
	if (strncmp(d, "%lines ", 7) == 0) {
		char *end;
		long n = strtol(d + 7, &end, 10);
		return *end || n < 0 || end == d + 7 ? "%lines needs a whole number" : NULL;
	}
	return "unknown directive (expected %ok, %error [text], %contains <line>, %lacks <line> "
	       "or %lines <n>)";
}

/* Parses the file into blocks; prints format errors and returns their number. */
static int parse(const char *path, FILE *f, script *sc)
{
	int errors = 0, lineno = 0;
	char *s;
	while ((s = read_line(f))) {
		lineno++;
		rstrip(s);
		if (s[0] == '\0' || s[0] == '#') {
			free(s);
			continue;
		}
		if (s[0] == '>') {
			if (sc->n == sc->cap) {
				sc->cap = sc->cap ? sc->cap * 2 : 32;
				sc->blocks =
				    xrealloc(sc->blocks, sizeof *sc->blocks * (size_t)sc->cap);
			}
			const char *cmd = s + 1;
			while (*cmd == ' ' || *cmd == '\t')
				cmd++;
			sc->blocks[sc->n++] = (block){.line = lineno, .command = xstrdup(cmd)};
			free(s);
			continue;
		}
		if (sc->n == 0) {
			fprintf(stderr, "%s:%d: format error: expectation before any '> command'\n",
			        path, lineno);
			errors++;
			free(s);
			continue;
		}
		block *b = &sc->blocks[sc->n - 1];
		bool directive = s[0] == '%';
		const char *why = directive ? check_directive(s) : NULL;
		if (!why && b->nexpect > 0 && directive != b->directives)
			why = "mixes plain reply lines and % directives";
		if (why) {
			fprintf(stderr, "%s:%d: format error: %s\n", path, lineno, why);
			errors++;
			free(s);
			continue;
		}
		b->directives = directive;
		b->expect = xrealloc(b->expect, sizeof *b->expect * (size_t)(b->nexpect + 1));
		b->expect_line =
		    xrealloc(b->expect_line, sizeof *b->expect_line * (size_t)(b->nexpect + 1));
		b->expect[b->nexpect] = s;
		b->expect_line[b->nexpect++] = lineno;
	}
	for (int i = 0; i < sc->n; i++)
		if (sc->blocks[i].nexpect == 0) {
			fprintf(stderr, "%s:%d: format error: command '%s' has no expectation\n",
			        path, sc->blocks[i].line, sc->blocks[i].command);
			errors++;
		}
	return errors;
}

/* Splits the reply text into lines, dropping the final empty line. */
static void split_reply(const char *text, reply *r)
{
	*r = (reply){0};
	char *copy = xstrdup(text);
	size_t n = strlen(copy);
	if (n >= 2 && copy[n - 1] == '\n' && copy[n - 2] == '\n')
		copy[n - 2] = '\0';
	else if (n >= 1 && copy[n - 1] == '\n')
		copy[n - 1] = '\0';
	char *p = copy;
	for (;;) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		r->lines = xrealloc(r->lines, sizeof *r->lines * (size_t)(r->n + 1));
		r->lines[r->n++] = xstrdup(p);
		if (!nl)
			break;
		p = nl + 1;
	}
	free(copy);
	for (int i = 0; i < r->n; i++)
		rstrip(r->lines[i]);
	r->ok = r->lines[0][0] == '=';
	char *c = r->lines[0] + (r->lines[0][0] == '=' || r->lines[0][0] == '?');
	while (isdigit((unsigned char)*c))
		c++;
	if (*c == ' ')
		c++;
	r->content0 = c;
}

/* Releases the lines of a reply. */
static void free_reply(reply *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->lines[i]);
	free(r->lines);
}

/* Content line i (0-based); content lines are the reply lines with the prefix stripped from
 * the first, and an empty first line does not count. */
static int content_count(const reply *r) { return r->n - (r->content0[0] == '\0'); }

static const char *content_line(const reply *r, int i)
{
	if (r->content0[0] == '\0')
		return r->lines[i + 1];
	return i == 0 ? r->content0 : r->lines[i];
}

/* Whether some content line equals line exactly. */
static bool has_content_line(const reply *r, const char *line)
{
	for (int i = 0; i < content_count(r); i++)
		if (strcmp(content_line(r, i), line) == 0)
			return true;
	return false;
}

/* Checks one directive; on failure writes what was expected into why. */
static bool check(const block *b, const char *d, const reply *r, char *why, size_t len)
{
	bool error_expected = false;
	for (int i = 0; i < b->nexpect; i++)
		error_expected = error_expected || strncmp(b->expect[i], "%error", 6) == 0;
	if (strcmp(d, "%ok") == 0) {
		snprintf(why, len, "a success reply");
		return r->ok;
	}
	if (strncmp(d, "%error", 6) == 0) {
		const char *text = d[6] ? d + 7 : "";
		snprintf(why, len, "an error reply%s%s%s", *text ? " containing '" : "", text,
		         *text ? "'" : "");
		return !r->ok && strstr(r->content0, text);
	}
	/* The content checks also require success unless the block expects an error. */
	if (!error_expected && !r->ok) {
		snprintf(why, len, "a success reply (for %s)", d);
		return false;
	}
	if (strncmp(d, "%contains ", 10) == 0) {
		snprintf(why, len, "a line '%s'", d + 10);
		return has_content_line(r, d + 10);
	}
	if (strncmp(d, "%lacks ", 7) == 0) {
		snprintf(why, len, "no line '%s'", d + 7);
		return !has_content_line(r, d + 7);
	}
	long n = strtol(d + 7, NULL, 10);
	snprintf(why, len, "%ld content line%s", n, n == 1 ? "" : "s");
	return content_count(r) == n;
}

/* Prints the reply indented, for failure reports. */
static void print_reply(const reply *r)
{
	for (int i = 0; i < r->n; i++)
		fprintf(stderr, "    %s\n", r->lines[i]);
}

/* Runs one block; returns true when the reply matches its expectation. */
static bool run_block(const char *path, qv_protocol *p, const block *b)
{
	qv_buf out = {0};
	qv_protocol_handle(p, b->command, &out);
	reply r;
	split_reply(qv_buf_str(&out), &r);
	bool pass = true;
	if (!b->directives) {
		pass = r.n == b->nexpect;
		for (int i = 0; pass && i < r.n; i++)
			pass = strcmp(r.lines[i], b->expect[i]) == 0;
		if (!pass) {
			fprintf(stderr, "%s:%d: command '%s': expected\n", path, b->line,
			        b->command);
			for (int i = 0; i < b->nexpect; i++)
				fprintf(stderr, "    %s\n", b->expect[i]);
			fprintf(stderr, "  got\n");
			print_reply(&r);
		}
	} else {
		for (int i = 0; i < b->nexpect; i++) {
			char why[1024];
			if (check(b, b->expect[i], &r, why, sizeof why))
				continue;
			fprintf(stderr, "%s:%d: command '%s': expected %s, got\n", path,
			        b->expect_line[i], b->command, why);
			print_reply(&r);
			pass = false;
		}
	}
	free_reply(&r);
	qv_buf_free(&out);
	return pass;
}

/* Parses the whole file first (a malformed file runs nothing), then runs every block. */
int main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: scenario_runner <file.txt>\n", stderr);
		return 2;
	}
	const char *path = argv[1];
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return 2;
	}
	script sc = {0};
	int errors = parse(path, f, &sc);
	fclose(f);
	int passed = 0, failed = 0;
	if (errors == 0) {
		qv_protocol *p = qv_protocol_new(1);
		if (!p) {
			fputs("scenario_runner: out of memory\n", stderr);
			return 2;
		}
		for (int i = 0; i < sc.n; i++) {
			if (run_block(path, p, &sc.blocks[i]))
				passed++;
			else
				failed++;
		}
		qv_protocol_free(p);
		printf("%d passed, %d failed\n", passed, failed);
	}
	for (int i = 0; i < sc.n; i++) {
		for (int j = 0; j < sc.blocks[i].nexpect; j++)
			free(sc.blocks[i].expect[j]);
		free(sc.blocks[i].expect);
		free(sc.blocks[i].expect_line);
		free(sc.blocks[i].command);
	}
	free(sc.blocks);
	if (errors) {
		printf("%s: %d format error%s, nothing run\n", path, errors,
		       errors == 1 ? "" : "s");
		return 2;
	}
	return failed ? 1 : 0;
}
