/*
 * play_game.c - the game loop of `quiver play`: whose turn it is, the agents' turns (a status
 * line while one thinks; Ctrl-C makes it answer now), chance events drawn by the match, and
 * every turn's consequences announced and saved. Says what the game is at the start, and at
 * the end the result with the seed, or after a quit the command that resumes the game.
 */
#include <string.h>

#include "cli/play_game.h"
#include "cli/play_prompt.h"
#include "cli/play_sigint.h"

/* One agent decision, announced; while it thinks a status line (the terminal tests wait for
 * it) says that Ctrl-C makes it answer at once (twice: quits before the answer is played).
 * A failing agent ends the game with a runtime error (the caller saves the record first). */
static int agent_turn(play *P, int who)
{
	qv_action a;
	qv_err err;
	char pn[8];
	int from = P->m->nhist;
	qv_match_tell_agent(P->m, P->agent[who], &P->seen[who]);
	atomic_store(&play_sig_agent, P->agent[who]);
	cli_term_status(&P->t, "%s is thinking (Ctrl-C: it answers now)", qv_player_name(who, pn));
	qv_status rc = qv_agent_choose(P->agent[who], P->m->state, &a, &err);
	atomic_store(&play_sig_agent, NULL);
	cli_term_status_end(&P->t);
	if (play_sig_quit)
		return TURN_QUIT;
	if (rc || qv_match_play(P->m, a, &err)) {
		cli_fail("play", "%s (%s) failed: %s", pn, P->seat[who], err.msg);
		return TURN_ERROR;
	}
	if (play_sig_stopped) {
		play_sig_stopped = 0;
		play_say(
		    P, 3,
		    "  (Ctrl-C: %s answered before its search was done; press Ctrl-C twice to quit)",
		    pn);
	}
	play_announce(P, from, -1);
	play_save(P);
	return TURN_DONE;
}

/* A chance event, drawn by the match and announced. */
static int chance_turn(play *P)
{
	qv_action a;
	qv_err err;
	int from = P->m->nhist;
	if (qv_match_chance(P->m, &a, &err)) {
		cli_fail("play", "drawing a chance outcome failed: %s", err.msg);
		return TURN_ERROR;
	}
	play_announce(P, from, -1);
	play_save(P);
	return TURN_DONE;
}

/* ---- the game ---- */

/* After quitting: the record in its place, and the command that resumes it. */
static bool print_resume(play *P)
{
	bool ok = play_save_final(P);
	cli_term_public(&P->t);
	if (!ok)
		return false;
	qv_buf cmd = {0};
	cli_program(&cmd); /* as the user ran it: build/quiver need not be on PATH */
	qv_buf_puts(&cmd, " play --load ");
	qv_buf_shell_word(&cmd, play_final_path(P));
	printf("Game saved to %s\nResume with: %s\n", play_final_path(P), qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	return true;
}

/* For a new game with a person at the keyboard: where to learn the game, and the key to the
 * codes of its board when the game has one (its reference's entry "legend"), on one screen
 * with the first board. */
static void welcome(play *P)
{
	if (P->nhumans == 0)
		return;
	play_say(P, 2,
	         "New to %s? 'quiver learn %s' teaches it in short lessons; 'quiver rules %s' "
	         "has its rules.",
	         P->g->title, P->g->name, P->g->name);
	qv_buf key = {0};
	qv_err err;
	if (qv_lookup(P->g, P->m->state, "legend", &key, &err) == QV_OK)
		printf("%s", qv_buf_str(&key));
	qv_buf_free(&key);
}

/* The first lines: game, parameters, seats and where the record goes. The seed is left out
 * when it would tell hidden facts or dice (secret_seed); it comes with the result. */
void play_banner(play *P, const char *loaded)
{
	bool resumed = loaded != NULL;
	const qv_match *m = P->m;
	qv_buf desc = {0};
	cli_format_params(m->game, &m->params, &desc);
	if (P->secret_seed)
		play_say(P, 2, "%s (%s): %s", P->g->title, P->g->name, qv_buf_str(&desc));
	else
		play_say(P, 2, "%s (%s): %s, seed %llu", P->g->title, P->g->name, qv_buf_str(&desc),
		         (unsigned long long)m->seed);
	qv_buf_clear(&desc);
	qv_buf_puts(&desc, "Seats:");
	for (int i = 0; i < P->n; i++) {
		char pn[8];
		qv_buf_printf(&desc, " %s %s%s%s", qv_player_name(i, pn), P->seat[i],
		              P->nhumans == 1 && play_is_human(P, i) ? " (you)" : "",
		              i + 1 < P->n ? "," : "");
	}
	play_say(P, 2, "%s", qv_buf_str(&desc));
	qv_buf_free(&desc);
	if (resumed)
		play_say(P, 2, "Resumed %s after %d move%s.", loaded, m->nhist,
		         m->nhist == 1 ? "" : "s");
	if (strcmp(P->saving, P->record) == 0)
		play_say(P, 2, "Saving to %s.", P->record);
	else
		play_say(P, 2, "The record is kept out of sight until the game ends.");
	if (!resumed)
		welcome(P);
	play_say(P, 2, "Type 'help' for the commands.");
}

/* The end of a finished game: the whole final board, the ranking and the seed. */
void play_print_end(play *P)
{
	printf("\nGame over.\n");
	play_show_board(P, QV_VIEW_ALL);
	printf("\nResult:\n");
	cli_print_result(stdout, P->m, (const char(*)[QV_NAME_MAX])P->seat);
	printf("Seed: %llu\n", (unsigned long long)P->m->seed);
}

/* Plays until the game is over, someone quits or something fails. */
int play_run(play *P)
{
	for (;;) {
		int tm = qv_match_to_move(P->m);
		int r;
		if (tm == QV_OVER)
			break;
		if (play_sig_quit)
			r = TURN_QUIT;
		else if (tm == QV_CHANCE)
			r = chance_turn(P);
		else if (play_is_human(P, tm))
			r = play_human_turn(P, tm);
		else
			r = agent_turn(P, tm);
		if (r == TURN_QUIT) {
			if (P->nhumans > 1)
				cli_term_clear(&P->t);
			printf("\n");
			return print_resume(P) ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
		}
		if (r == TURN_ERROR) {
			print_resume(P);
			return CLI_EXIT_RUNTIME;
		}
	}
	if (P->nhumans > 1)
		cli_term_clear(&P->t);
	bool saved = play_save_final(P);
	cli_term_public(&P->t);
	play_print_end(P);
	if (!saved)
		return CLI_EXIT_RUNTIME;
	qv_buf cmd = {0};
	qv_buf_shell_word(&cmd, play_final_path(P));
	printf("\nRecord saved to %s\nReplay it with: quiver replay %s\n", play_final_path(P),
	       qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	return CLI_EXIT_OK;
}
