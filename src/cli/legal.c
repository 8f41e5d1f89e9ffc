/*
 * legal.c - the legal actions at `quiver play`'s prompt (cli.h): `legal` lists them grouped
 * (each action the game has a note for on its own line with its note, the others folded by
 * cli_compact_actions), `legal all` each one, and `legal WORDS` those that begin with those
 * words. At a terminal a list longer than the screen is not printed past it: the actions are
 * counted by their first words instead (by piece, in THREE ARROWS: "place A (128)"), each group
 * named as the words to type next ("legal place A"), so that every list shown fits the screen
 * with the prompt under it. Also the nearest legal actions to a mistyped one.
 */
#define _GNU_SOURCE /* open_memstream */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/term.h"

/* The legal actions with their notations and notes, in the game's order. */
typedef struct legal_list {
	int n;
	qv_action *acts;
	char **texts; /* texts[i] and notes[i] point into one block */
	char **notes; /* "" when the game says nothing */
	bool *confirm;
} legal_list;

static void legal_free(legal_list *L)
{
	free(L->acts);
	free(L->texts);
	free(L->notes);
	free(L->confirm);
	*L = (legal_list){0};
}

/* Fills L for the current state of m; false (L empty) when out of memory. */
static bool legal_make(const qv_match *m, legal_list *L)
{
	const qv_game *g = m->game;
	enum { W = 96, NW = QV_NOTE_TEXT };
	size_t most = (size_t)(g->max_actions > 0 ? g->max_actions : 1);
	*L = (legal_list){0};
	L->acts = malloc(sizeof *L->acts * most);
	L->texts = malloc(most * (sizeof(char *) + W));
	L->notes = malloc(most * (sizeof(char *) + NW));
	L->confirm = calloc(most, sizeof *L->confirm);
	if (!L->acts || !L->texts || !L->notes || !L->confirm) {
		legal_free(L);
		return false;
	}
	int k = g->legal(m->state, L->acts);
	char *text = (char *)(L->texts + most), *note = (char *)(L->notes + most);
	for (int i = 0; i < k; i++) {
		L->texts[i] = text + (size_t)i * W;
		L->notes[i] = note + (size_t)i * NW;
		if (g->action_to_text(m->state, L->acts[i], L->texts[i], W) < 0)
			snprintf(L->texts[i], W, "#%d", (int)L->acts[i]);
		L->notes[i][0] = '\0';
		if (g->action_note &&
		    g->action_note(m->state, L->acts[i], L->notes[i], NW, &L->confirm[i]) <= 0)
			L->notes[i][0] = '\0';
	}
	L->n = k;
	return true;
}

/* Prints text to f broken at the terminal's width (continuation lines indented by `indent`);
 * plain output gets it as it is. */
static void say(FILE *f, const cli_term *t, int indent, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void say(FILE *f, const cli_term *t, int indent, const char *fmt, ...)
{
	char text[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	cli_print_wrapped(f, text, t->tty ? t->cols : 0, indent);
}

/* Beyond this many notes, `legal` puts the actions of one note on the same lines, and beyond
 * this many different notes it says only those that ask for a confirmation and groups the
 * other actions with the plain ones: THREE ARROWS notes every placement (the squares its
 * arrows reach), and its opening has hundreds of them; Evons' 31 mulligans keep a line each. */
#define LEGAL_NOTES_MAX 40

/* Whether the note of action i was said by an earlier action of L with the same confirmation. */
static bool note_seen(const legal_list *L, int i)
{
	for (int j = 0; j < i; j++)
		if (L->confirm[j] == L->confirm[i] && strcmp(L->notes[j], L->notes[i]) == 0)
			return true;
	return false;
}

/* The actions the game has a note for, one a line with the note ("attack c1 c2 - 3 against 1
 * before the die"), past LEGAL_NOTES_MAX notes those of one note on the same lines ("place
 * D/R b1/c1 S - points off the board (S); ..."), whose notes are then cleared so that each is
 * said once. plain (room for L->n more after its nplain) holds the others. */
static void put_noted(FILE *f, const cli_term *t, legal_list *L, char **plain, int nplain,
                      bool many)
{
	int n = L->n;
	for (int i = 0; i < n; i++) {
		if (!L->notes[i][0])
			continue;
		int k = 0;
		for (int j = i; j < n && many; j++)
			if (strcmp(L->notes[j], L->notes[i]) == 0 && L->confirm[j] == L->confirm[i])
				plain[nplain + k++] = L->texts[j];
		char **same = NULL;
		int nsame = k > 1 ? cli_compact_actions(plain + nplain, k, &same) : -1;
		for (int j = 0; j < (nsame >= 0 ? nsame : 1); j++)
			say(f, t, 4, "  %s \xE2\x80\x94 %s%s", nsame >= 0 ? same[j] : L->texts[i],
			    L->notes[i], L->confirm[i] ? " (asks to confirm)" : "");
		cli_free_items(same, nsame > 0 ? nsame : 0);
		for (int j = n - 1; nsame >= 0 && j > i; j--)
			if (strcmp(L->notes[j], L->notes[i]) == 0 && L->confirm[j] == L->confirm[i])
				L->notes[j][0] = '\0';
	}
}

/* The list of L to f: grouped (cli_compact_actions), or each action with `all`. */
static void put_list(FILE *f, const cli_term *t, legal_list *L, bool all)
{
	int n = L->n, nnoted = 0;
	char **plain = malloc(sizeof *plain * (size_t)n * 2);
	if (!plain)
		return;
	int nplain = 0;
	for (int i = 0; i < n; i++)
		nnoted += L->notes[i][0] != '\0';
	bool many = !all && nnoted > LEGAL_NOTES_MAX, hide = false;
	for (int i = 0, kinds = 0; many && i < n && !hide; i++)
		hide = L->notes[i][0] && !note_seen(L, i) && ++kinds > LEGAL_NOTES_MAX;
	for (int i = 0; i < n; i++)
		if (!L->notes[i][0] || (hide && !L->confirm[i])) {
			L->notes[i][0] = '\0'; /* grouped: its note is left to `what` */
			plain[nplain++] = L->texts[i];
		}
	char **items = NULL;
	int nitems = all || nplain == 0 ? -1 : cli_compact_actions(plain, nplain, &items);
	fprintf(f, "%d legal action%s%s%s:\n", n, n == 1 ? "" : "s",
	        nitems >= 0 && nitems < nplain
	            ? " (a/b: one of them, [word]: optional; 'legal all' lists each)"
	            : "",
	        hide ? "; 'what <action>' says what one would do" : "");
	put_noted(f, t, L, plain, nplain, many);
	char *const *shown = nitems >= 0 ? items : plain;
	int nshown = nitems >= 0 ? nitems : nplain;
	/* An item wider than the screen gets a line of its own, broken at its blanks. */
	int widest = 0;
	for (int i = 0; i < nshown; i++)
		widest = (int)strlen(shown[i]) > widest ? (int)strlen(shown[i]) : widest;
	if (t->tty && widest + 2 > t->cols)
		for (int i = 0; i < nshown; i++)
			say(f, t, 4, "  %s", shown[i]);
	else
		cli_print_columns(f, shown, nshown, t->cols);
	cli_free_items(items, nitems > 0 ? nitems : 0);
	free(plain);
}

/* The number of words of text (separated by blanks). */
static int count_words(const char *text)
{
	int n = 0;
	for (const char *s = text; *s;) {
		s += strspn(s, " \t");
		if (!*s)
			break;
		n++;
		s += strcspn(s, " \t");
	}
	return n;
}

/* The length of text's first k words (with the blanks between them). */
static size_t words_len(const char *text, int k)
{
	const char *s = text;
	for (int i = 0; i < k && *s; i++) {
		s += strspn(s, " \t");
		s += strcspn(s, " \t");
	}
	return (size_t)(s - text);
}

/* Keeps in L the actions whose first words are those of prefix (in any case); returns how
 * many. */
static int keep_prefix(legal_list *L, const char *prefix)
{
	int k = 0, words = count_words(prefix);
	for (int i = 0; i < L->n; i++) {
		const char *a = L->texts[i], *p = prefix;
		bool same = count_words(a) >= words;
		for (int w = 0; same && w < words; w++) {
			a += strspn(a, " \t");
			p += strspn(p, " \t");
			size_t la = strcspn(a, " \t"), lp = strcspn(p, " \t");
			same = la == lp && strncasecmp(a, p, la) == 0;
			a += la;
			p += lp;
		}
		if (!same)
			continue;
		L->acts[k] = L->acts[i];
		L->texts[k] = L->texts[i];
		L->notes[k] = L->notes[i];
		L->confirm[k] = L->confirm[i];
		k++;
	}
	return L->n = k;
}

/* Rows the text takes on a terminal `cols` wide. */
static int rows_of(const char *text, int cols)
{
	int rows = 0;
	for (const char *s = text; *s;) {
		size_t len = strcspn(s, "\n");
		int w = cli_text_width(s, len);
		rows += w > cols && cols > 0 ? (w + cols - 1) / cols : 1;
		s += len + (s[len] == '\n');
	}
	return rows;
}

/* The groups of L by its first words, `depth` of them at least (the words typed), more while
 * one group would hold them all: names[g] (malloc'ed, "place A") and counts[g]; returns how
 * many, -1 when out of memory. */
static int groups_make(const legal_list *L, int depth, char ***names, int **counts)
{
	*names = calloc((size_t)L->n, sizeof **names);
	*counts = calloc((size_t)L->n, sizeof **counts);
	int n = 0, most = 0;
	for (int i = 0; i < L->n; i++)
		most = count_words(L->texts[i]) > most ? count_words(L->texts[i]) : most;
	for (int d = depth + 1; *names && *counts && d <= most; d++) {
		for (int g = 0; g < n; g++) {
			free((*names)[g]);
			(*names)[g] = NULL;
		}
		n = 0;
		for (int i = 0; i < L->n && n >= 0; i++) {
			size_t len = words_len(L->texts[i], d);
			int g = 0;
			while (g < n && !(strlen((*names)[g]) == len &&
			                  strncmp((*names)[g], L->texts[i], len) == 0))
				g++;
			if (g == n && !((*names)[n] = strndup(L->texts[i], len)))
				n = -1;
			else if (g == n)
				(*counts)[n++] = 0;
			if (n >= 0)
				(*counts)[g]++;
		}
		if (n != 1)
			break;
	}
	if (!*names || !*counts || n < 0) {
		for (int g = 0; *names && g < L->n && (*names)[g]; g++)
			free((*names)[g]);
		free(*names);
		free(*counts);
		*names = NULL;
		*counts = NULL;
		return -1;
	}
	return n;
}

/* L counted by its first words (groups_make), with how to list a group: "place A (128)" in
 * columns, after a line naming the first group as the words to type. */
static void put_groups(const cli_term *t, const legal_list *L, const char *arg)
{
	char **names;
	int *counts, n = groups_make(L, count_words(arg), &names, &counts);
	if (n < 0)
		return;
	say(stdout, t, 2,
	    "%d legal action%s%s%s, more than the screen holds; by their first words (type "
	    "'legal' and the words of one to list those, as 'legal %s'; 'legal all' lists "
	    "every one):",
	    L->n, L->n == 1 ? "" : "s", *arg ? " beginning with " : "", arg, n ? names[0] : "");
	for (int g = 0; g < n; g++) {
		char *item;
		if (asprintf(&item, "%s (%d)", names[g], counts[g]) >= 0) {
			free(names[g]);
			names[g] = item;
		}
	}
	cli_print_columns(stdout, names, n, t->cols);
	cli_free_items(names, n);
	free(counts);
}

void cli_legal(const qv_match *m, const cli_term *t, const char *arg)
{
	legal_list L;
	bool all = qv_streq_nocase(arg, "all");
	if (!legal_make(m, &L) || L.n == 0) {
		printf("No legal actions.\n");
		legal_free(&L);
		return;
	}
	if (!all && *arg && keep_prefix(&L, arg) == 0) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		say(stdout, t, 2, "No legal action begins with '%s' ('legal' lists them all).",
		    qv_shorten(arg, QV_QUOTE_MAX, quoted, sizeof quoted));
		legal_free(&L);
		return;
	}
	/* Written apart first, to count the rows it would take. */
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (f) {
		put_list(f, t, &L, all);
		fclose(f);
	}
	int room = t->tty && t->rows > 0 ? t->rows - 2 : 0;
	if (text && (all || room <= 0 || rows_of(text, t->cols) <= room))
		fputs(text, stdout);
	else if (text)
		put_groups(t, &L, all ? "" : arg);
	free(text);
	legal_free(&L);
}

/* How many nearest legal actions are suggested after a rejected input. */
#define NEAREST 5

void cli_legal_nearest(const qv_match *m, const cli_term *t, const char *input, const qv_err *err)
{
	char quoted[QV_QUOTE_MAX * 4 + 4];
	say(stdout, t, 2, "'%s' was not played: %s",
	    qv_shorten(input, QV_QUOTE_MAX, quoted, sizeof quoted), err->msg);
	legal_list L;
	if (!legal_make(m, &L) || L.n == 0) {
		legal_free(&L);
		return;
	}
	/* By edit distance on the notation, stable for equal distances (the game's order). */
	int best[NEAREST], bestd[NEAREST], nb = 0;
	for (int i = 0; i < L.n; i++)
		qv_nearest_keep(best, bestd, &nb, NEAREST, i, qv_edit_distance(input, L.texts[i]));
	printf("Nearest legal action%s:\n", nb == 1 ? "" : "s");
	for (int i = 0; i < nb; i++)
		printf("  %s\n", L.texts[best[i]]);
	printf("(type 'legal' for all %d, 'help' for the commands)\n", L.n);
	legal_free(&L);
}

bool cli_legal_example(const qv_match *m, char *buf, size_t len)
{
	legal_list L;
	bool any = legal_make(m, &L) && L.n > 0;
	if (any)
		qv_copy(buf, len, L.texts[0]);
	legal_free(&L);
	return any;
}
