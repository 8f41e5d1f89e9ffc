/*
 * play_prompt.c - a person's turn in `quiver play`: the prompt and what may be typed at it
 * (an action in the game's notation, legal, card and what, undo, resign, show, help, quit).
 * A forced move is shown and played on Enter; an action the game flags (one that ends the
 * game or may eliminate the player) is confirmed first. In hot-seat play the screen and its
 * scrollback are cleared, and the keyboard handed over, before each person's turn.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/play_prompt.h"
#include "cli/play_sigint.h"

/* The answer to `help` at the prompt, with a legal action as an example. */
static void prompt_help(play *P)
{
	char example[QV_ACTION_TEXT];
	bool any = cli_legal_example(P->m, example, sizeof example);
	printf("Commands:\n"
	       "  <action>     play an action in the game's notation%s%s%s\n"
	       "  legal        list your legal actions, grouped ('legal all': each one;\n"
	       "               'legal WORDS': those that begin with WORDS)\n"
	       "  what <action> what the action would do, as far as you may know\n"
	       "  card <name>  what a card, piece or item is (also: piece, item, what;\n"
	       "               alone: every name)\n",
	       any ? ", e.g. '" : "", any ? example : "", any ? "'" : "");
	if (P->nhumans == 1)
		printf(
		    "  undo         take back your last move and the computer's answers, unless a\n"
		    "               die was rolled or something hidden was shown since\n");
	else
		printf(
		    "  undo         take back your last move while nobody has moved since, unless\n"
		    "               a die was rolled or something hidden was shown since\n");
	printf("  resign       give up: %s\n"
	       "  show         show the board again\n"
	       "  help         this help\n"
	       "  quit         save the game and stop (also end of input, Ctrl-D, or Ctrl-C)\n"
	       "The notation is explained by: quiver rules %s\n",
	       P->n == 2 ? "the other player wins" : "the computer plays on for you; you rank last",
	       P->g->name);
}

/* Hot-seat: clears the screen and its scrollback and waits until the next human has the
 * keyboard, then shows what happened since that human's last turn, worded for that human.
 * False at end of input. */
static bool handoff(play *P, int h)
{
	char pn[8];
	cli_term_clear(&P->t);
	P->on_screen = -1;
	printf("Pass the keyboard to %s and press Enter", qv_player_name(h, pn));
	if (!cli_read_line(&P->line, &P->linecap, P->echo, &play_sig_quit))
		return false;
	cli_term_clear(&P->t);
	P->on_screen = h;
	if (P->told[h] < P->m->nhist) {
		printf("Since your last turn:\n");
		play_announce(P, P->told[h], -1);
	}
	return true;
}

/* `undo` at the prompt: takes back the player's last decision (and, alone against agents,
 * everything after it), naming what was taken back. True when something was. */
static bool undo(play *P, int h)
{
	qv_err err;
	int k = P->m->nhist - 1;
	while (k >= 0 && (P->m->hist[k].who != h || P->m->hist[k].automatic))
		k--;
	char text[QV_ACTION_TEXT] = "";
	if (k >= 0)
		qv_match_move_text(P->m, k, text, sizeof text);
	int before = P->m->nhist;
	if (qv_match_undo_seat(P->m, h, P->humans, &err)) {
		play_say(P, 0, "Not undone: %s.", err.msg);
		if (P->nhumans > 1)
			play_say(
			    P, 0,
			    "(with other people at the table, undo takes back only your own last "
			    "move, and only while nobody has moved since)");
		return false;
	}
	int after = before - P->m->nhist - 1;
	if (after > 0)
		play_say(P, 0, "Took back your move '%s' and the %d move%s after it.", text, after,
		         after == 1 ? "" : "s");
	else
		play_say(P, 0, "Took back your move '%s'.", text);
	play_forget(P);
	play_save(P);
	return true;
}

/* Asks before an action the game flags (it ends the game or may eliminate the player). True
 * to play it. */
static bool confirmed(play *P, const char *text, const char *note)
{
	play_say(P, 2, "%s: %s.", text, note);
	printf("Play it? [y/N] ");
	if (!cli_read_line(&P->line, &P->linecap, P->echo, &play_sig_quit))
		return false;
	char *s = cli_trim(P->line);
	if (qv_streq_nocase(s, "y") || qv_streq_nocase(s, "yes"))
		return true;
	printf("Not played.\n");
	return false;
}

/* The note of action a and whether it asks to be confirmed; "" when the game has none. */
static void note_of(play *P, qv_action a, char *buf, size_t len, bool *confirm)
{
	*confirm = false;
	buf[0] = '\0';
	if (P->g->action_note && P->g->action_note(P->m->state, a, buf, len, confirm) <= 0)
		buf[0] = '\0';
}

/* Plays typed text: parsed and checked first, so that a flagged action can be confirmed
 * before anything changes. TURN_DONE when played, -1 when not (explained). */
static int play_typed(play *P, const char *s)
{
	const qv_game *g = P->g;
	qv_err err, why;
	qv_action a;
	if (g->action_from_text(P->m->state, s, &a, &err)) {
		cli_legal_nearest(P->m, &P->t, s, &err);
		return -1;
	}
	if (g->check(P->m->state, a, &why)) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv_fail(&err, QV_EILLEGAL, "illegal action '%s': %s",
		        qv_shorten(s, QV_QUOTE_MAX, quoted, sizeof quoted), why.msg);
		cli_legal_nearest(P->m, &P->t, s, &err);
		return -1;
	}
	char note[QV_NOTE_TEXT], text[QV_ACTION_TEXT];
	bool confirm;
	note_of(P, a, note, sizeof note, &confirm);
	if (confirm) {
		if (g->action_to_text(P->m->state, a, text, sizeof text) < 0)
			qv_copy(text, sizeof text, s);
		if (!confirmed(P, text, note))
			return play_sig_quit ? TURN_QUIT : -1;
	}
	int from = P->m->nhist;
	if (qv_match_play(P->m, a, &err)) {
		cli_legal_nearest(P->m, &P->t, s, &err);
		return -1;
	}
	play_announce(P, from, from);
	play_save(P);
	return TURN_DONE;
}

/* `card <name>`, `piece <code>`, `item <name>`, `what <name>` (the same lookup under the word
 * the game's players use): the game's reference entry, or why there is none with the nearest
 * names; alone, every name the game knows. `what <action>`, with an action of the mover's in
 * the game's notation, says what it would do instead (qv_match_what, the text `legal` gives). */
static void lookup(play *P, const char *what, const char *name)
{
	qv_buf b = {0};
	qv_err err;
	qv_action a;
	if (*name && qv_streq_nocase(what, "what") &&
	    P->g->action_from_text(P->m->state, name, &a, NULL) == QV_OK) {
		char text[QV_NOTE_TEXT];
		bool confirm;
		if (qv_match_what(P->m, name, text, sizeof text, &confirm, &err))
			play_say(P, 2, "%s.", err.msg);
		else
			play_say(P, 2, "%s: %s%s.", name, text,
			         confirm ? " (it asks to be confirmed)" : "");
		return;
	}
	if (!*name) {
		int n = qv_reference_names(P->g, P->m->state, &b);
		char **names = n > 0 ? malloc(sizeof *names * (size_t)n) : NULL;
		char *s = b.s;
		for (int i = 0; names && i < n; i++) {
			names[i] = s;
			s += strcspn(s, "\n");
			*s++ = '\0';
		}
		if (names) {
			play_say(P, 2, "usage: %s <name>, e.g. '%s %s'. %s knows:", what, what,
			         names[0], P->g->title);
			cli_print_columns(stdout, names, n, P->t.cols);
		} else {
			printf(
			    "%s has no reference of its pieces, cards or items yet;\n'quiver rules "
			    "%s' explains the game.\n",
			    P->g->title, P->g->name);
		}
		free(names);
	} else if (qv_lookup(P->g, P->m->state, name, &b, &err)) {
		play_say(P, 2, "%s.", err.msg);
		if (!P->g->reference)
			printf("'quiver rules %s' explains the game.\n", P->g->name);
	} else {
		fputs(qv_buf_str(&b), stdout);
		if (b.len && b.s[b.len - 1] != '\n')
			putchar('\n');
	}
	qv_buf_free(&b);
}

/* Words for the lookup commands at the prompt. */
static bool is_lookup(const char *word)
{
	return qv_streq_nocase(word, "card") || qv_streq_nocase(word, "piece") ||
	       qv_streq_nocase(word, "item") || qv_streq_nocase(word, "what");
}

/* `resign` at the prompt: after a confirmation, the player leaves the game (qv_match_leave):
 * with two players the other wins at once; with more, the computer plays the seat from now on
 * and the player ranks last. True when the player resigned. */
static bool resign(play *P, int h)
{
	char pn[8];
	qv_player_name(h, pn);
	bool two = P->n == 2;
	printf("Resign? %s [y/N] ", two ? "The other player wins."
	                                : "The computer plays your seat from now on, and "
	                                  "you rank below everyone who plays on.");
	fflush(stdout);
	if (!cli_read_line(&P->line, &P->linecap, P->echo, &play_sig_quit)) {
		printf("\n");
		return false;
	}
	char *a = cli_trim(P->line);
	if (!qv_streq_nocase(a, "y") && !qv_streq_nocase(a, "yes")) {
		play_say(P, 0, "Not resigned.");
		return false;
	}
	qv_err err;
	if (qv_match_leave(P->m, h, QV_LEFT_RESIGNED, &err)) {
		play_say(P, 0, "Not resigned: %s.", err.msg);
		return false;
	}
	play_say(P, 0, "%s resigns.", pn);
	if (!qv_match_over(P->m)) {
		if (qv_agent_new(&P->agent[h], PLAY_ZOMBIE, P->g,
		                 qv_seed_mix(P->m->seed, 77u + (uint64_t)h), &err)) {
			cli_fail("play", "the computer cannot take %s's seat: %s", pn, err.msg);
			return false;
		}
		P->seen[h] = 0;
		P->humans &= ~(1u << h);
		P->nhumans--;
		play_say(P, 0, "The computer (%s) plays %s's seat from now on.", PLAY_ZOMBIE, pn);
	}
	play_save(P);
	return true;
}

/* The forced move the match holds for the person, shown before it is played (its text in
 * only_text): its note, if any, and that Enter plays it. */
static void show_only_move(play *P, qv_action only, char *only_text, size_t len)
{
	char note[QV_NOTE_TEXT];
	bool confirm;
	if (P->g->action_to_text(P->m->state, only, only_text, len) < 0)
		snprintf(only_text, len, "#%d", (int)only);
	note_of(P, only, note, sizeof note, &confirm);
	play_say(P, 2, "Your only move is '%s'%s%s%s; press Enter to play it.", only_text,
	         note[0] ? " (" : "", note, note[0] ? ")" : "");
}

/* Plays the forced move the match holds, on Enter or when its text is typed. */
static int play_only(play *P, qv_action only, const char *only_text)
{
	int from = P->m->nhist;
	qv_err err;
	if (qv_match_play(P->m, only, &err)) {
		cli_fail("play", "the only move '%s' failed: %s", only_text, err.msg);
		return TURN_ERROR;
	}
	play_announce(P, from, from);
	play_save(P);
	return TURN_DONE;
}

/* One line typed at seat h's prompt (trimmed, not empty unless a move is held): the turn's
 * end (TURN_DONE, TURN_QUIT, TURN_ERROR), or -1 to prompt again. `only` and only_text are
 * the held move and its text when one is held. */
static int command(play *P, int h, char *s, bool held, qv_action only, const char *only_text)
{
	char word[16];
	size_t wl = strcspn(s, " \t");
	snprintf(word, sizeof word, "%.*s", (int)(wl < sizeof word ? wl : sizeof word - 1), s);
	if (!*s || (held && strcmp(s, only_text) == 0))
		return play_only(P, only, only_text);
	if (qv_streq_nocase(s, "quit") || qv_streq_nocase(s, "exit"))
		return TURN_QUIT;
	if (qv_streq_nocase(s, "help") || strcmp(s, "?") == 0) {
		prompt_help(P);
	} else if (qv_streq_nocase(s, "show")) {
		play_show_board(P, h);
	} else if (strncasecmp(s, "legal", 5) == 0 && (!s[5] || isspace((unsigned char)s[5]))) {
		cli_legal(P->m, &P->t, cli_trim(s + 5));
	} else if (is_lookup(word) && wl == strlen(word)) {
		const char *name = s + wl;
		while (isspace((unsigned char)*name))
			name++;
		lookup(P, word, name);
	} else if (qv_streq_nocase(s, "undo")) {
		return undo(P, h) ? TURN_DONE : -1;
	} else if (qv_streq_nocase(s, "resign")) {
		return resign(P, h) ? TURN_DONE : -1;
	} else if (held) {
		play_say(P, 2,
		         "Your only move is '%s': press Enter to play it (or: undo, show, "
		         "legal, help, quit).",
		         only_text);
	} else {
		return play_typed(P, s);
	}
	return -1;
}

/* One human decision: reads commands until an action is played, the own last move is taken
 * back, or the human quits. A forced decision (held by the match) is shown and played on
 * Enter. */
int play_human_turn(play *P, int h)
{
	char pn[8];
	qv_player_name(h, pn);
	if (P->nhumans > 1 && P->on_screen != h && !handoff(P, h))
		return TURN_QUIT;
	P->on_screen = h;
	P->told[h] = P->m->nhist;
	play_show_board(P, h);
	qv_action only = -1;
	bool held = qv_match_held(P->m, &only);
	char only_text[QV_ACTION_TEXT] = "";
	if (held)
		show_only_move(P, only, only_text, sizeof only_text);
	for (;;) {
		printf("%s> ", pn);
		if (!cli_read_line(&P->line, &P->linecap, P->echo, &play_sig_quit)) {
			printf("\n");
			return TURN_QUIT;
		}
		char *s = cli_trim(P->line);
		if (!*s && !held)
			continue;
		int r = command(P, h, s, held, only, only_text);
		if (r >= 0)
			return r;
	}
}
