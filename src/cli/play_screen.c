/*
 * play_screen.c - what a game of `quiver play` shows and keeps: messages broken to the
 * terminal's width, the board in the layout that fits, the narrated log of each move worded
 * for whoever may be looking at the screen (the only person, or in hot-seat play the person
 * whose turn it is, or everyone), and the record saved after every change.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/play_screen.h"

/* Rows the auto layout keeps free under the board: what just happened and the prompt. */
#define PLAY_ROWS_LEFT 7

/* True when seat `who` is a person at the keyboard. */
bool play_is_human(const play *P, int who) { return who >= 0 && P->agent[who] == NULL; }

/* Prints a message for the person at the terminal: formatted, then broken at blanks to the
 * terminal's width (continuation lines indented by `indent`) so that no line wraps. Plain
 * output (a pipe, a file) gets it as it is. */
void play_say(const play *P, int indent, const char *fmt, ...)
{
	char small[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	char *text = small;
	if (n >= (int)sizeof small) {
		text = malloc((size_t)n + 1);
		if (!text)
			return;
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	cli_print_wrapped(stdout, text, P->t.tty ? P->t.cols : 0, indent);
	if (text != small)
		free(text);
}

/* Whether the board is drawn compact: asked for, or (auto) when the full diagram and
 * PLAY_ROWS_LEFT rows do not fit the terminal, or it is wider than the terminal. Plain output
 * (a pipe, a file) gets the full one. */
static bool use_compact(play *P, int viewer)
{
	if (P->layout != LAYOUT_AUTO)
		return P->layout == LAYOUT_COMPACT;
	if (!P->t.tty)
		return false;
	cli_term_size(&P->t);
	qv_buf b = {0};
	qv_match_render(P->m, viewer, 0, &b);
	int rows = 0, width = 0;
	const char *s = qv_buf_str(&b);
	while (*s) {
		size_t len = strcspn(s, "\n");
		int w = cli_text_width(s, len);
		if (w > width)
			width = w;
		rows++;
		s += len + (s[len] == '\n');
	}
	qv_buf_free(&b);
	return width > P->t.cols || (P->t.rows > 0 && rows + PLAY_ROWS_LEFT > P->t.rows);
}

/* The board as `viewer` may see it, in colour on a terminal that has it. */
void play_show_board(play *P, int viewer)
{
	unsigned flags =
	    (P->t.color ? QV_RENDER_COLOR : 0) | (use_compact(P, viewer) ? QV_RENDER_COMPACT : 0);
	qv_buf b = {0};
	qv_match_render(P->m, viewer, flags, &b);
	printf("\n%s", qv_buf_str(&b));
	if (b.len && b.s[b.len - 1] != '\n')
		putchar('\n');
	qv_buf_free(&b);
}

/* Whose view announcements are worded for: the only human, everyone (hot-seat: the public
 * view), or everything when only agents play. */
static int announce_viewer(const play *P)
{
	if (P->nhumans == 0)
		return QV_VIEW_ALL;
	if (P->nhumans > 1)
		return QV_VIEW_PUBLIC;
	for (int i = 0; i < P->n; i++)
		if (play_is_human(P, i))
			return i;
	return QV_VIEW_PUBLIC;
}

/* What announce's log callback needs. */
typedef struct announce_ctx {
	const play *P;
	int skip; /* the entry whose move line is not printed (the human just typed it), or -1 */
} announce_ctx;

/* One line of the narrated log on the screen: "p2 (hard): attack c1 c2", its consequences
 * indented below, each naming whom it is about: none for what the rules did (a capture, a
 * walk), "chance: " for a chance outcome, "p2 (hard): " for a seat's revealed decision. */
static void announce_line(void *ctx, const qv_log_line *l)
{
	const announce_ctx *c = ctx;
	char pn[8];
	const char *pad = l->consequence ? "      " : "  ";
	int indent = l->consequence ? 8 : 6;
	if (!l->consequence && l->entry == c->skip)
		return;
	if (l->consequence && l->about == QV_RULES)
		play_say(c->P, indent, "%s%s", pad, l->text);
	else if (l->about < 0)
		play_say(c->P, indent, "%s%s: %s", pad, qv_player_name(l->about, pn), l->text);
	else
		play_say(c->P, indent, "%s%s (%s): %s", pad, qv_player_name(l->about, pn),
		         c->P->seat[l->about], l->text);
}

/* Announces history entries from..nhist-1, worded for whoever may be looking at the screen:
 * the human at the keyboard, or everyone in a game of agents. The move line of entry `typed`
 * (the human just typed it) is left out. */
void play_announce(play *P, int from, int typed)
{
	int viewer = announce_viewer(P);
	if (P->nhumans > 1)
		viewer = P->on_screen >= 0 ? P->on_screen : QV_VIEW_PUBLIC;
	announce_ctx c = {P, typed};
	qv_match_log(P->m, viewer, from, announce_line, &c);
	if (P->on_screen >= 0)
		P->told[P->on_screen] = P->m->nhist;
	fflush(stdout);
}

/* After an undo: the agents forget the game they followed and start again from here, and
 * nobody needs to be told of moves that no longer exist. */
void play_forget(play *P)
{
	for (int i = 0; i < P->n; i++) {
		if (P->agent[i])
			qv_agent_reset(P->agent[i]);
		P->seen[i] = P->m->nhist;
		if (P->told[i] > P->m->nhist)
			P->told[i] = P->m->nhist;
	}
}

/* Saves the record where it goes during the game; a failure is reported once (the game goes
 * on, and quit says it again). */
bool play_save(play *P)
{
	qv_err err;
	if (qv_match_save_record(P->m, P->saving, &err) == QV_OK)
		return true;
	if (!P->save_warned)
		cli_fail("play", "could not save the record: %s", err.msg);
	P->save_warned = true;
	return false;
}

/* Saves the record for good: written, then (hot-seat) moved from its hidden place to where
 * it belongs. */
bool play_save_final(play *P)
{
	if (!play_save(P))
		return false;
	if (strcmp(P->saving, P->record) != 0 && rename(P->saving, P->record) != 0) {
		cli_fail("play", "could not move the record from %s to %s: %s", P->saving,
		         P->record, strerror(errno));
		P->stayed = true;
	}
	return true;
}

/* Where the record is once saved for good. */
const char *play_final_path(const play *P) { return P->stayed ? P->saving : P->record; }
