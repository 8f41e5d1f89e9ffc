/*
 * test_match.c - the match layer on the test game HIGH CARD (tests/support/testgame.c): forced
 * moves, secret commitments, undo, chance, and the JSON forms (state, view, record) with their
 * error messages.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "../support/tmpdir.h"
#include "engine/match/actions.h"
#include "quiver/match.h"
#include "testgame.h"

/* ---- helpers ------------------------------------------------------------------------------- */

/* A new HIGH CARD match with "key=value,..." parameters. */
static qv_match *new_match(const char *params, uint64_t seed)
{
	qv_params p = {0};
	qv_err err;
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, params, &err) ||
	    qv_match_new(&m, &qv_test_game, &p, seed, &err))
		fail_msg("new: %s", err.msg);
	return m;
}

/* Plays notation that must be accepted. */
static void play(qv_match *m, const char *text)
{
	qv_err err;
	if (qv_match_play_text(m, text, &err))
		fail_msg("play '%s': %s", text, err.msg);
}

/* Compact JSON text of j (released); the caller frees the text. */
static char *dump(json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	assert_non_null(s);
	return s;
}

/* The full-state JSON text of a match. */
static char *state_text(const qv_match *m) { return dump(qv_match_state_json(m)); }

/* Loads JSON text for the test game; returns the status and fills *out and err. */
static qv_status load_text(const char *text, qv_match **out, qv_err *err)
{
	json_error_t jerr;
	json_t *j = json_loads(text, 0, &jerr);
	if (!j)
		fail_msg("test JSON is broken: %s", jerr.text);
	qv_status rc = qv_match_load_json_game(out, &qv_test_game, j, err);
	json_decref(j);
	return rc;
}

/* Loads text that must fail; checks *out is NULL and the message contains want. */
static void expect_load_error(const char *text, const char *want)
{
	qv_err err = {{0}};
	qv_match *m = (qv_match *)1;
	qv_status rc = load_text(text, &m, &err);
	if (rc == QV_OK)
		fail_msg("load of %s succeeded; expected an error containing \"%s\"", text, want);
	assert_null(m);
	if (!strstr(err.msg, want))
		fail_msg("load of %s: message \"%s\" lacks \"%s\"", text, err.msg, want);
}

/* A match in the given phase with the given cards, built by editing a saved state. */
static qv_match *position(const char *phase, int card1, int card2, const char *commit1)
{
	qv_match *m = new_match("", 1);
	json_t *j = qv_match_state_json(m);
	json_t *st = json_object_get(j, "state");
	json_object_set_new(st, "phase", json_string(phase));
	json_object_set_new(st, "cards", json_pack("[i, i]", card1, card2));
	json_object_set_new(st, "commits",
	                    json_pack("[o, n]", commit1 ? json_string(commit1) : json_null()));
	qv_match_free(m);
	qv_err err;
	if (qv_match_load_json_game(&m, &qv_test_game, j, &err))
		fail_msg("position: %s", err.msg);
	json_decref(j);
	return m;
}

/* History entry i as text. */
static void assert_move(const qv_match *m, int i, const char *text, int who, bool automatic)
{
	char buf[64];
	assert_true(i < m->nhist);
	qv_match_move_text(m, i, buf, sizeof buf);
	assert_string_equal(buf, text);
	assert_int_equal(m->hist[i].who, who);
	assert_int_equal(m->hist[i].automatic, automatic);
}

/* Plays a whole game with choices drawn from rng. */
static void play_out(qv_match *m, qv_rng *rng)
{
	qv_action buf[8];
	while (!qv_match_over(m)) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, NULL, NULL), QV_OK);
			continue;
		}
		int n;
		qv_action a = qv_sample_legal(m->game, m->state, rng, buf, &n);
		assert_int_equal(qv_match_play(m, a, NULL), QV_OK);
	}
}

/* ---- forced moves, secrets, chance ----------------------------------------------------------- */

/* A new match: p1 to move, no history, parameters completed; a bad parameter fails. */
static void test_new_match(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 7);
	assert_int_equal(qv_match_to_move(m), 0);
	assert_int_equal(m->nhist, 0);
	assert_false(qv_match_over(m));
	assert_string_equal(m->names[0], "p1");
	assert_string_equal(m->names[1], "p2");
	assert_int_equal(m->params.n, 3);
	assert_string_equal(qv_params_get(&m->params, "rounds"), "2");
	assert_string_equal(qv_params_get(&m->params, "coin"), "fair");
	qv_match_free(m);

	qv_params p = {0};
	qv_err err;
	qv_params_set(&p, "rounds", "9", NULL);
	m = (qv_match *)1;
	assert_int_equal(qv_match_new(&m, &qv_test_game, &p, 1, &err), QV_EINVAL);
	assert_null(m);
	assert_string_equal(err.msg, "bad value '9' for rounds: expected 1, 2, 3, 4 or 5");
}

/* A single option and a single chance outcome are applied and marked automatic. */
static void test_forced_moves_are_automatic(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 3);
	play(m, "step 2");
	/* p2's only option was applied; the coin has two outcomes, so it waits. */
	assert_int_equal(m->nhist, 2);
	assert_move(m, 0, "step 2", 0, false);
	assert_move(m, 1, "pass", 1, true);
	assert_int_equal(qv_match_to_move(m), QV_CHANCE);
	play(m, "coin heads");
	/* The bell is a single-outcome chance event: applied at once. */
	assert_int_equal(m->nhist, 4);
	assert_move(m, 2, "coin heads", QV_CHANCE, false);
	assert_move(m, 3, "bell", QV_CHANCE, true);
	assert_int_equal(qv_match_to_move(m), 0);
	qv_match_free(m);
}

/* A forced move pending in a loaded position is applied, and is not undoable. */
static void test_forced_moves_after_load(void **unused)
{
	(void)unused;
	/* A position where p2 must pass: loading applies it at once. */
	qv_match *m = position("pass", 3, 3, NULL);
	assert_int_equal(m->nhist, 1);
	assert_move(m, 0, "pass", 1, true);
	assert_int_equal(qv_match_to_move(m), QV_CHANCE);
	qv_err err;
	assert_int_equal(qv_match_undo(m, &err), QV_ESTATE);
	assert_string_equal(err.msg, "nothing to undo");
	qv_match_free(m);
}

/* A secret commitment with one option is still asked. */
static void test_secret_commitment_always_asked(void **unused)
{
	(void)unused;
	/* Cards 2 and 1: both players have the single option "hold", yet both are asked. */
	qv_match *m = position("commit1", 2, 1, NULL);
	qv_action buf[3];
	assert_int_equal(m->nhist, 0);
	assert_int_equal(qv_match_to_move(m), 0);
	assert_int_equal(m->game->legal(m->state, buf), 1);
	play(m, "hold");
	assert_int_equal(qv_match_to_move(m), 1);
	assert_int_equal(m->nhist, 1);
	play(m, "hold");
	assert_move(m, 1, "hold", 1, false);
	/* Showdown: 2 beats 1; round two starts with p1's real choice. */
	int scores[2];
	m->game->score(m->state, scores);
	assert_int_equal(scores[0], 2);
	assert_int_equal(qv_match_to_move(m), 0);
	qv_match_free(m);
}

/* Malformed and illegal actions leave the state and the history untouched. */
static void test_play_errors_change_nothing(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 5);
	play(m, "step 1");
	char *before = state_text(m);
	int n = m->nhist;
	qv_err err;
	assert_int_equal(qv_match_play_text(m, "step 3", &err), QV_EILLEGAL);
	assert_string_equal(err.msg, "illegal action 'step 3': not possible in phase coin "
	                             "(possible: coin heads, coin tails)");
	assert_int_equal(qv_match_play_text(m, "jump", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "'jump' is not an action: expected"));
	assert_int_equal(qv_match_play(m, QV_TG_BELL, &err), QV_EILLEGAL);
	char *after = state_text(m);
	assert_string_equal(before, after);
	assert_int_equal(m->nhist, n);
	free(before);
	free(after);
	qv_match_free(m);
}

/* Drawing chance outcomes: errors, automatic follow-ups, reproducibility, probabilities. */
static void test_chance_and_settle(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 11);
	qv_err err;
	qv_action a, out[4];
	assert_int_equal(qv_match_chance(m, &a, &err), QV_ESTATE);
	assert_string_equal(err.msg, "chance is not to move (p1 is)");
	assert_int_equal(qv_match_settle(m, out, 4), 0);
	play(m, "step 3");
	assert_int_equal(qv_match_chance(m, &a, &err), QV_OK);
	assert_true(a == QV_TG_HEADS || a == QV_TG_TAILS);
	qv_action first = a;
	assert_int_equal(m->hist[2].action, a);
	assert_false(m->hist[2].automatic);
	assert_int_equal(qv_match_to_move(m), 0); /* the bell rang by itself */
	qv_match_undo(m, NULL);
	assert_int_equal(qv_match_settle(m, out, 4), 1);
	assert_true(out[0] == QV_TG_HEADS || out[0] == QV_TG_TAILS);
	assert_int_equal(qv_match_to_move(m), 0);

	/* The same seed draws the same outcomes. */
	qv_match *m2 = new_match("", 11);
	play(m2, "step 3");
	assert_int_equal(qv_match_chance(m2, &a, NULL), QV_OK);
	assert_int_equal(a, first);
	qv_match_free(m2);

	/* Taken back and drawn again at the same point, the coin falls the same way: a draw
	 * depends only on the seed and the length of the history. */
	qv_match *m3 = new_match("coin=loaded", 99);
	play(m3, "step 1");
	qv_action again;
	assert_int_equal(qv_match_chance(m3, &a, NULL), QV_OK);
	for (int i = 0; i < 20; i++) {
		assert_int_equal(qv_match_undo(m3, NULL), QV_OK);
		assert_int_equal(qv_match_chance(m3, &again, NULL), QV_OK);
		assert_int_equal(again, a);
	}
	qv_match_free(m3);

	/* Over many seeds a loaded coin shows heads about three times in four. */
	int heads = 0;
	for (int i = 0; i < 400; i++) {
		qv_match *m4 = new_match("coin=loaded", 1000 + (uint64_t)i);
		play(m4, "step 1");
		assert_int_equal(qv_match_chance(m4, &a, NULL), QV_OK);
		heads += a == QV_TG_HEADS;
		qv_match_free(m4);
	}
	assert_in_range(heads, 260, 340);
	qv_match_free(m);
}

/* ---- undo ---------------------------------------------------------------------------------- */

/* Undo takes back one real decision or outcome with the automatic moves after it. */
static void test_undo(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 3);
	char *start = state_text(m);
	play(m, "step 2");
	char *after_step = state_text(m);
	play(m, "coin tails");
	play(m, "hold");
	qv_err err;
	/* p1's hold, alone. */
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(m->nhist, 4);
	assert_int_equal(qv_match_to_move(m), 0);
	/* The coin together with the automatic bell. */
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(m->nhist, 2);
	char *now = state_text(m);
	assert_string_equal(now, after_step);
	free(now);
	/* The step together with p2's automatic pass. */
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(m->nhist, 0);
	now = state_text(m);
	assert_string_equal(now, start);
	free(now);
	assert_int_equal(qv_match_undo(m, &err), QV_ESTATE);
	assert_string_equal(err.msg, "nothing to undo");
	free(start);
	free(after_step);
	qv_match_free(m);
}

/* With another person at the table a seat takes back only its own last decision, while no
 * other player has decided since, never across a chance outcome and never across a reveal. */
static void test_undo_seat_people(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 3);
	qv_err err;
	assert_int_equal(qv_match_undo_seat(m, 0, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg, "nothing to undo: p1 has not decided anything yet");
	play(m, "step 1");
	/* p2's automatic pass does not block p1's undo. */
	assert_int_equal(qv_match_undo_seat(m, 0, 3u, &err), QV_OK);
	assert_int_equal(m->nhist, 0);
	play(m, "step 1");
	play(m, "coin heads");
	assert_int_equal(qv_match_undo_seat(m, 0, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg,
	                    "the chance outcome 'coin heads' came after your 'step 1', and "
	                    "no undo crosses a chance outcome (it would be known before "
	                    "the move is made again)");
	assert_int_equal(m->nhist, 4);
	play(m, "hold");
	assert_int_equal(qv_match_undo_seat(m, 1, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg, "nothing to undo: p2 has not decided anything yet");
	assert_int_equal(qv_match_undo_seat(m, 0, 3u, &err), QV_OK);
	assert_int_equal(m->nhist, 4);
	assert_int_equal(qv_match_to_move(m), 0);
	/* p2's commitment brings the showdown: p2 saw p1's card, p1 has been answered. */
	play(m, "hold");
	play(m, "hold");
	assert_int_equal(qv_match_undo_seat(m, 1, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg, "your 'hold' showed you something that was hidden, and no "
	                             "undo crosses a reveal");
	assert_int_equal(qv_match_undo_seat(m, 0, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg, "p2 has decided since p1's last move");
	assert_int_equal(m->nhist, 6);
	assert_int_equal(qv_match_undo_seat(m, 2, 3u, &err), QV_EINVAL);
	assert_int_equal(qv_match_undo_seat(m, -1, 3u, &err), QV_EINVAL);
	qv_match_free(m);
}

/* Alone against agents a seat takes back its last decision with the agents' answers after it,
 * but never across a chance outcome (the coin would be known before stepping again: the
 * audit's "a different attack meets the same die") nor across the showdown an agent's
 * commitment brought. */
static void test_undo_seat_alone(void **unused)
{
	(void)unused;
	qv_match *m = new_match("rounds=3", 11);
	qv_err err;
	assert_int_equal(qv_match_undo_seat(m, 0, 1u, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "p1 has not decided anything yet"));
	char *start = state_text(m);
	play(m, "step 1"); /* p2's pass is automatic */
	assert_int_equal(qv_match_undo_seat(m, 0, 1u, &err), QV_OK);
	char *now = state_text(m);
	assert_string_equal(now, start);
	free(now);
	play(m, "step 1");
	qv_action coin;
	assert_int_equal(qv_match_chance(m, &coin, &err), QV_OK);
	assert_int_equal(qv_match_undo_seat(m, 0, 1u, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "came after your 'step 1', and no undo crosses a chance "
	                                "outcome"));
	assert_int_equal(m->nhist, 4);
	/* An unanswered commitment goes back. */
	play(m, "hold");
	assert_int_equal(qv_match_undo_seat(m, 0, 1u, &err), QV_OK);
	assert_int_equal(m->nhist, 4);
	/* The agent's answer shows p1 its card: refused, the history as it was. */
	play(m, "hold");
	play(m, "hold");
	int n = m->nhist;
	assert_int_equal(qv_match_undo_seat(m, 0, 1u, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "after your 'hold' showed you something that was hidden, "
	                                "and no undo crosses a reveal"));
	assert_null(strstr(err.msg, "fold")); /* nothing of p2's choice beyond what p1 saw */
	assert_int_equal(m->nhist, n);
	free(start);
	qv_match_free(m);
}

/* A takeback the other people agreed to goes back whoever has decided since, but never across
 * a chance outcome or a reveal, which no agreement can undo. */
static void test_takeback_agreed(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 3);
	qv_err err;
	assert_int_equal(qv_match_takeback_agreed(m, 0, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg, "nothing to undo: p1 has not decided anything yet");
	play(m, "step 2");
	assert_int_equal(qv_match_takeback_agreed(m, 0, 3u, &err), QV_OK);
	assert_int_equal(m->nhist, 0);
	play(m, "step 2");
	play(m, "coin heads");
	assert_int_equal(qv_match_takeback_agreed(m, 0, 3u, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "no undo crosses a chance outcome"));
	assert_int_equal(m->nhist, 4);
	play(m, "hold");
	play(m, "hold");
	/* p2 decided since p1's hold: the rule of quiver play refuses it for that reason, an
	 * agreement would not do either, since the showdown showed both cards. */
	qv_takeback tb;
	assert_int_equal(qv_match_takeback(m, 0, 3u, &tb, &err), QV_OK);
	assert_string_equal(tb.why.msg, "p2 has decided since p1's last move");
	assert_non_null(strstr(tb.barrier.msg, "no undo crosses a reveal"));
	assert_int_equal(qv_match_takeback_agreed(m, 0, 3u, &err), QV_ESTATE);
	assert_string_equal(err.msg, tb.barrier.msg);
	assert_int_equal(m->nhist, 6);
	assert_int_equal(qv_match_takeback_agreed(m, 7, 3u, &err), QV_EINVAL);
	qv_match_free(m);
}

/* The engine's answer for takeback requests: what would go back, whose decisions, what it
 * crosses. */
static void test_takeback_answer(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 3);
	qv_takeback tb;
	qv_err err;
	play(m, "step 1");
	play(m, "coin tails");
	play(m, "hold");
	play(m, "hold");
	/* entries: step, pass (automatic), coin, bell (automatic), hold, hold */
	assert_int_equal(m->nhist, 6);
	assert_int_equal(qv_match_takeback(m, 0, 1u, &tb, &err), QV_OK);
	assert_false(tb.allowed);
	assert_int_equal(tb.from, 4);
	assert_int_equal(tb.decisions, 2);
	assert_int_equal(tb.seats, 3u);
	assert_int_equal(tb.shown, 3u); /* the showdown p2's commitment brought showed both */
	assert_int_equal(tb.chance, -1);
	assert_int_equal(tb.answered, 5);
	assert_int_equal(tb.reveal, 5);
	assert_int_equal(qv_match_takeback(m, 0, 3u, &tb, &err), QV_OK);
	assert_false(tb.allowed);
	assert_string_equal(tb.why.msg, "p2 has decided since p1's last move");
	qv_match_undo(m, NULL);
	qv_match_undo(m, NULL);
	qv_match_undo(m, NULL); /* the coin, by the referee's undo */
	assert_int_equal(m->nhist, 2);
	play(m, "coin heads");
	assert_int_equal(qv_match_takeback(m, 0, 1u, &tb, &err), QV_OK);
	assert_false(tb.allowed);
	assert_int_equal(tb.from, 0);
	assert_int_equal(tb.decisions, 1);
	assert_int_equal(tb.seats, 3u);
	assert_int_equal(tb.chance, 2);
	assert_int_equal(tb.shown, 0u);
	assert_int_equal(qv_match_takeback(m, 4, 1u, &tb, &err), QV_EINVAL);
	qv_match_free(m);
}

static void test_quiet_and_count(void **unused)
{
	(void)unused;
	qv_match *loud = new_match("", 3), *quiet = new_match("", 3);
	qv_match_quiet(quiet);
	size_t said0 = quiet->said.text.len;
	qv_action buf[64];
	const char *moves[] = {"step 2", "coin tails", "hold"};
	for (int i = 0; i < 3; i++) {
		assert_int_equal(qv_match_count_legal(quiet),
		                 qv_match_to_move(quiet) < 0
		                     ? 0
		                     : qv_count_legal(quiet->game, quiet->state, buf));
		play(loud, moves[i]);
		qv_action a;
		qv_err e;
		assert_int_equal(quiet->game->action_from_text(quiet->state, moves[i], &a, &e),
		                 QV_OK);
		assert_int_equal(qv_match_play_checked(quiet, a, false, &e), QV_OK);
	}
	assert_int_equal(quiet->nhist, loud->nhist);
	assert_memory_equal(quiet->state, loud->state, quiet->game->state_size);
	assert_true(loud->said.text.len > said0);
	assert_int_equal(quiet->said.text.len, said0);
	qv_err err;
	assert_int_equal(qv_match_undo(quiet, &err), QV_OK);
	assert_int_equal(qv_match_to_move(quiet), 0);
	assert_int_equal(qv_match_count_legal(quiet),
	                 qv_count_legal(quiet->game, quiet->state, buf));
	qv_match_free(loud);
	qv_match_free(quiet);
}

/* A held forced decision waits for the front end, is recorded as automatic when played, and
 * undo, the log and records treat it as before; other players' and chance's forced moves are
 * still applied. */
static void test_hold_forced(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 3);
	qv_action a = -1;
	qv_err err;
	/* Holding p1 changes nothing for p2's forced pass. */
	qv_match_hold_forced(m, 1u << 0);
	play(m, "step 2");
	assert_int_equal(m->nhist, 2);
	assert_false(qv_match_held(m, &a));
	qv_match_hold_forced(m, 1u << 1);
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	play(m, "step 2");
	/* p2's pass now waits, offered as the only option. */
	assert_int_equal(m->nhist, 1);
	assert_int_equal(qv_match_to_move(m), 1);
	assert_true(qv_match_held(m, &a));
	assert_true(qv_match_held(m, NULL));
	assert_int_equal(a, QV_TG_PASS);
	/* Another action is refused as before. */
	assert_int_equal(qv_match_play_text(m, "hold", &err), QV_EILLEGAL);
	assert_int_equal(qv_match_play(m, a, &err), QV_OK);
	assert_move(m, 1, "pass", 1, true);
	assert_false(qv_match_held(m, NULL));
	/* The bell (a chance event with one outcome) is not held. */
	play(m, "coin tails");
	assert_move(m, 3, "bell", QV_CHANCE, true);
	/* A commitment with one option is secret: asked, never held or forced. */
	assert_false(qv_match_held(m, NULL));
	/* The record marks the same entries automatic as without holding. */
	json_t *rec = qv_match_record_json(m);
	qv_match *copy = NULL;
	assert_int_equal(qv_match_load_json_game(&copy, &qv_test_game, rec, &err), QV_OK);
	json_decref(rec);
	assert_int_equal(copy->nhist, m->nhist);
	for (int i = 0; i < m->nhist; i++)
		assert_int_equal(copy->hist[i].automatic, m->hist[i].automatic);
	qv_match_free(copy);
	/* Undo takes back the step with the automatic pass after it, held or not. */
	assert_int_equal(qv_match_undo(m, &err), QV_OK); /* the coin and the bell */
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(m->nhist, 0);
	/* Releasing the hold applies a decision it held at once. */
	play(m, "step 3");
	assert_true(qv_match_held(m, NULL));
	qv_match_hold_forced(m, 0);
	assert_int_equal(m->nhist, 2);
	assert_move(m, 1, "pass", 1, true);
	assert_int_equal(qv_match_to_move(m), QV_CHANCE);
	qv_match_free(m);
}

/* A log line counter for qv_match_log. */
static void count_line(void *ctx, const qv_log_line *line)
{
	(void)line;
	(*(int *)ctx)++;
}

/* A restarted match is the new match of its game, parameters and the new seed (its forced
 * opening moves included), in the same memory: the history, the narration and the worded
 * moves are gone; the names and the quiet and held settings stay. */
static void test_restart(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *m = new_match("rounds=3,coin=loaded", 5);
	qv_match_set_name(m, 0, "alice");
	play(m, "step 2");
	play(m, "coin heads");
	int lines = 0;
	qv_match_log(m, 0, 0, count_line, &lines); /* words the moves for p1, kept in m->seen */
	assert_true(lines > 0);
	assert_true(m->nseen > 0);
	qv_match_hold_forced(m, 1u << 1);
	assert_int_equal(qv_match_restart(m, 9, &err), QV_OK);

	qv_match *fresh = new_match("rounds=3,coin=loaded", 9);
	qv_match_set_name(fresh, 0, "alice");
	assert_int_equal(m->nhist, 0);
	assert_int_equal(m->nseen, 0);
	assert_int_equal(m->said.text.len, fresh->said.text.len);
	assert_memory_equal(m->state, fresh->state, qv_test_game.state_size);
	assert_memory_equal(m->base, fresh->base, qv_test_game.state_size);
	char *a = state_text(m), *b = state_text(fresh);
	assert_string_equal(a, b);
	free(a);
	free(b);
	json_t *ra = qv_match_record_json(m), *rb = qv_match_record_json(fresh);
	assert_true(json_equal(ra, rb)); /* the names, the parameters and the seed */
	json_decref(ra);
	json_decref(rb);
	/* p2's forced pass is still held; the fresh match applies it. */
	play(m, "step 1");
	play(fresh, "step 1");
	assert_true(qv_match_held(m, NULL));
	assert_int_equal(m->nhist, 1);
	assert_int_equal(fresh->nhist, 2);
	assert_int_equal(qv_match_play(m, QV_TG_PASS, &err), QV_OK);
	assert_move(m, 1, "pass", 1, true);
	/* The dice of the new seed: the same coin as the fresh match's. */
	qv_action x, y;
	assert_int_equal(qv_match_chance(m, &x, &err), QV_OK);
	assert_int_equal(qv_match_chance(fresh, &y, &err), QV_OK);
	assert_int_equal(x, y);
	/* A quiet match stays quiet. */
	qv_match_quiet(m);
	assert_int_equal(qv_match_restart(m, 9, &err), QV_OK);
	size_t said = m->said.text.len;
	play(m, "step 1");
	assert_int_equal(qv_match_play(m, QV_TG_PASS, &err), QV_OK);
	assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
	assert_int_equal(m->said.text.len, said);
	qv_match_free(fresh);
	qv_match_free(m);
}

/* A fork is the match, with nothing shared: what is played on the fork leaves the original
 * as it was, byte for byte, and the other way round; the fork's history, narration, records
 * and logs are the original's; the words the original found for its moves pass to the fork
 * for the entries they share, and only those. */
static void test_fork(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *m = new_match("rounds=3,coin=loaded", 5);
	qv_match_set_name(m, 0, "alice");
	play(m, "step 2");
	play(m, "coin heads");
	int lines = 0;
	qv_match_log(m, 0, 0, count_line, &lines); /* words the moves for p1, kept in m->seen */
	assert_true(m->nseen > 0);
	char *before = state_text(m);
	json_t *rec = qv_match_record_json(m);
	int nhist = m->nhist, nseen = m->nseen;
	size_t said = m->said.text.len;

	qv_match *f;
	assert_int_equal(qv_match_fork(m, &f, &err), QV_OK);
	assert_int_equal(f->nseen, 0); /* the worded moves are not copied */
	assert_int_equal(qv_match_shared(m, f), nhist);
	json_t *frec = qv_match_record_json(f);
	assert_true(json_equal(rec, frec));
	json_decref(frec);
	int flines = 0;
	qv_match_log(f, 0, 0, count_line, &flines);
	assert_int_equal(flines, lines);
	/* Played on, and taken back past the common history: the original does not move. */
	play(f, "hold");
	assert_int_equal(qv_match_undo(f, NULL), QV_OK); /* the hold */
	assert_int_equal(qv_match_undo(f, NULL), QV_OK); /* the coin, with the bell after it */
	play(f, "coin tails");
	assert_int_equal(m->nhist, nhist);
	assert_int_equal(m->nseen, nseen);
	assert_int_equal(m->said.text.len, said);
	char *after = state_text(m);
	assert_string_equal(before, after);
	json_t *again = qv_match_record_json(m);
	assert_true(json_equal(rec, again));
	json_decref(again);
	/* The words pass for the entries both still share, and no others. */
	int common = qv_match_shared(m, f);
	assert_true(common < nhist);
	qv_match_free(f);
	assert_int_equal(qv_match_fork(m, &f, &err), QV_OK);
	play(f, "hold");
	qv_match_pass_seen(m, f);
	assert_int_equal(f->nseen, nseen);
	assert_int_equal(m->nseen, 0);
	int passed = 0;
	qv_match_log(f, 0, 0, count_line, &passed);
	assert_true(passed > lines);
	qv_match_free(m); /* either may go first */
	play(f, "hold");
	free(before);
	free(after);
	json_decref(rec);
	qv_match_free(f);
}

/* A driver that holds every forced decision finds them itself and says so: the move is then
 * recorded as automatic, and undo takes it back with the decision before it. */
static void test_play_checked_forced(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *m = new_match("", 3);
	qv_match_hold_forced(m, 3u);
	assert_int_equal(qv_match_play_checked(m, QV_TG_STEP2, false, &err), QV_OK);
	assert_int_equal(qv_match_to_move(m), 1);
	assert_int_equal(qv_match_play_checked(m, QV_TG_PASS, true, &err), QV_OK);
	assert_move(m, 0, "step 2", 0, false);
	assert_move(m, 1, "pass", 1, true);
	assert_int_equal(qv_match_to_move(m), QV_CHANCE);
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(m->nhist, 0);
	assert_int_equal(qv_match_to_move(m), 0);
	qv_match_free(m);
}

/* The match draws a chance outcome from its own list of the outcomes, which whatever fills
 * the thread's list of actions (qv__match_actions, shared by every match of the thread)
 * cannot spoil, and which is listed again after every change of the position (undo
 * included). */
static void test_chance_list_is_the_matchs(void **unused)
{
	(void)unused;
	qv_err err;
	for (uint64_t seed = 1; seed <= 8; seed++) {
		qv_match *m = new_match("", seed), *twin = new_match("", seed);
		play(m, "step 1");
		play(twin, "step 1");
		assert_int_equal(qv_match_to_move(m), QV_CHANCE);
		qv_action *list = qv__match_actions(m->game);
		assert_non_null(list);
		for (int i = 0; i < qv_test_game.max_chance; i++)
			list[i] = QV_TG_BELL; /* not a coin at all */
		qv_action x, y;
		assert_int_equal(qv_match_chance(m, &x, &err), QV_OK);
		assert_int_equal(qv_match_chance(twin, &y, &err), QV_OK);
		assert_int_equal(x, y);
		assert_true(x == QV_TG_HEADS || x == QV_TG_TAILS);
		/* Back to the coin: the same draw (the same point in the history), and the bell
		 * after it is applied by the match as before. */
		assert_int_equal(qv_match_undo(m, &err), QV_OK);
		assert_int_equal(qv_match_to_move(m), QV_CHANCE);
		assert_int_equal(qv_match_chance(m, &x, &err), QV_OK);
		assert_int_equal(x, y);
		assert_move(m, 3, "bell", QV_CHANCE, true);
		assert_int_equal(qv_match_to_move(m), qv_match_to_move(twin));
		qv_match_free(m);
		qv_match_free(twin);
	}
}

/* In every game of the registry, with takebacks that often land on a chance event straight
 * after another (a die after a die, Arrow Party's draws and rolls), every outcome the match
 * draws is one of the outcomes listed where it is drawn, and the player to move is the
 * game's: what the match keeps of a position never outlives it. */
static void test_kept_lists_follow_undo(void **unused)
{
	(void)unused;
	qv_err err;
	for (int gi = 0; qv_games[gi]; gi++) {
		const qv_game *g = qv_games[gi];
		qv_action *out = malloc(sizeof *out * (size_t)(g->max_chance + g->max_actions));
		double *prob = malloc(sizeof *prob * (size_t)g->max_chance);
		assert_non_null(out);
		assert_non_null(prob);
		qv_rng rng;
		qv_rng_seed(&rng, 11);
		int undone_at_chance = 0;
		for (uint64_t seed = 1; seed <= 6; seed++) {
			qv_match *m = NULL;
			assert_int_equal(qv_match_new(&m, g, NULL, seed, &err), QV_OK);
			for (int step = 0; step < 400 && !qv_match_over(m); step++) {
				assert_int_equal(qv_match_to_move(m), g->to_move(m->state));
				if (m->nhist > 0 && qv_rng_below(&rng, 4) == 0) {
					assert_int_equal(qv_match_undo(m, &err), QV_OK);
					undone_at_chance += qv_match_to_move(m) == QV_CHANCE;
					continue;
				}
				if (qv_match_to_move(m) != QV_CHANCE) {
					int n;
					qv_action a = qv_sample_legal(g, m->state, &rng, out, &n);
					assert_int_equal(qv_match_play(m, a, &err), QV_OK);
					continue;
				}
				int n = g->chance(m->state, out, prob), i = 0;
				qv_action x;
				assert_int_equal(qv_match_chance(m, &x, &err), QV_OK);
				while (i < n && out[i] != x)
					i++;
				if (i == n)
					fail_msg(
					    "%s, seed %d: the match drew outcome %d, which is not "
					    "one of the %d listed there",
					    g->name, (int)seed, (int)x, n);
			}
			qv_match_free(m);
		}
		if (strcmp(g->name, "arrow-party") == 0)
			assert_true(undone_at_chance > 0); /* the case this test is for */
		free(out);
		free(prob);
	}
}

/* ---- the kept notation and the walk -------------------------------------------------------- */

/* HIGH CARD with its apply counted, to see what a walk costs. */
static int applies;
static void counting_apply(void *st, qv_action a, qv_events *ev)
{
	applies++;
	qv_test_game.apply(st, a, ev);
}
static qv_game counting;

/* A new counting match ("key=value,..." parameters). */
static qv_match *new_counting(const char *params, uint64_t seed)
{
	counting = qv_test_game;
	counting.apply = counting_apply;
	qv_params p = {0};
	qv_err err;
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, params, &err) || qv_match_new(&m, &counting, &p, seed, &err))
		fail_msg("new: %s", err.msg);
	return m;
}

/* The state before entry i as JSON text, by a replay from base of the test's own. */
static char *replayed(const qv_match *m, int i)
{
	void *st = malloc(qv_test_game.state_size);
	assert_non_null(st);
	memcpy(st, m->base, qv_test_game.state_size);
	for (int k = 0; k < i; k++)
		qv_test_game.apply(st, m->hist[k].action, NULL);
	char *text = dump(qv_test_game.state_json(st));
	free(st);
	return text;
}

/* What check_step saw of a walk. */
typedef struct walk_seen {
	const qv_match *m;
	int first, n; /* the first entry handed, and how many */
	int stop;     /* the walk stops after handing this entry (-1: never) */
} walk_seen;

/* Checks that the walk hands the entries in order, each with the state a replay gives. */
static bool check_step(void *ctx, int i, const void *before)
{
	walk_seen *w = ctx;
	if (w->n == 0)
		w->first = i;
	assert_int_equal(i, w->first + w->n);
	char *want = replayed(w->m, i), *got = dump(qv_test_game.state_json(before));
	assert_string_equal(got, want);
	free(want);
	free(got);
	w->n++;
	return i != w->stop;
}

/* Walks m from `from`, checking every state; returns how many entries were handed. */
static int walk_checked(qv_match *m, int from, int *first)
{
	walk_seen w = {.m = m, .first = -1, .stop = -1};
	assert_int_equal(qv_match_walk(m, from, check_step, &w), QV_OK);
	if (first)
		*first = w.first;
	return w.n;
}

/* The walk hands the state before every entry from `from` on, as a replay from base gives it,
 * in one pass; it may stop early; past the end it hands nothing. */
static void test_walk_hands_each_state(void **unused)
{
	(void)unused;
	qv_match *m = new_counting("rounds=5", 21);
	qv_rng rng;
	qv_rng_seed(&rng, 4);
	play_out(m, &rng);
	int n = m->nhist, first;
	assert_true(n >= 30);
	assert_int_equal(walk_checked(m, 0, &first), n);
	assert_int_equal(first, 0);
	assert_int_equal(walk_checked(m, -4, &first), n);
	assert_int_equal(first, 0);
	int from[] = {1, 7, n / 2, n - 1};
	for (int k = 0; k < 4; k++) {
		assert_int_equal(walk_checked(m, from[k], &first), n - from[k]);
		assert_int_equal(first, from[k]);
	}
	assert_int_equal(walk_checked(m, n, NULL), 0);
	assert_int_equal(walk_checked(m, n + 3, NULL), 0);
	/* Stopped after entry 5: entries 3, 4 and 5. */
	walk_seen w = {.m = m, .first = -1, .stop = 5};
	assert_int_equal(qv_match_walk(m, 3, check_step, &w), QV_OK);
	assert_int_equal(w.n, 3);
	/* One pass: a walk over k entries from where an earlier walk ended applies k moves. */
	qv_match *fresh = new_counting("rounds=5", 21);
	qv_rng_seed(&rng, 4);
	play_out(fresh, &rng);
	applies = 0;
	assert_int_equal(walk_checked(fresh, 0, NULL), n);
	assert_int_equal(applies, n);
	qv_match_free(fresh);
	qv_match_free(m);
}

/* A walk that resumes where the previous one stopped (a log, an agent told the new moves)
 * costs the new entries only: it starts where the previous one ended, not from base. */
static void test_walk_resumes(void **unused)
{
	(void)unused;
	qv_match *m = new_counting("rounds=5", 3);
	const char *moves[] = {"step 1", "coin tails", "hold", "hold",
	                       "step 3", "coin heads", "hold", "hold",
	                       "step 2", "coin tails", "hold", "hold"};
	int lines = 0, cost[12];
	for (int k = 0; k < 12; k++) {
		int old = m->nhist;
		play(m, moves[k]);
		/* The logs of the new entries: what they cost (their walk, and the wording, for
		 * which qv_action_seen applies each option) is the same for the same act later in
		 * the game (the acts repeat every 4 with the same cards), not growing with it. */
		applies = 0;
		qv_match_log(m, 0, old, count_line, &lines);
		qv_match_log(m, 1, old, count_line, &lines);
		qv_match_log(m, QV_VIEW_PUBLIC, old, count_line, &lines);
		cost[k] = applies;
		if (k >= 8 && cost[k] != cost[k - 4])
			fail_msg("the logs of act %d cost %d applies, of act %d %d", k, cost[k],
			         k - 4, cost[k - 4]);
		/* A walk of the new entries alone: one apply each. */
		applies = 0;
		assert_int_equal(walk_checked(m, old, NULL), m->nhist - old);
		if (applies != m->nhist - old)
			fail_msg("after '%s': %d applies for %d new entries", moves[k], applies,
			         m->nhist - old);
	}
	/* A log already worded is told from what was kept: no walk at all. */
	applies = 0;
	qv_match_log(m, 0, 0, count_line, &lines);
	assert_int_equal(applies, 0);
	assert_int_equal(walk_checked(m, 0, NULL), m->nhist);
	qv_match_free(m);
}

/* Each entry keeps the notation it had when it was applied (the state before it); an undo
 * or a takeback drops the notation of what it takes back, and a walk after it never starts
 * from a position of the history taken back. */
static void test_walk_and_notation_after_undo(void **unused)
{
	(void)unused;
	qv_match *m = new_counting("rounds=5", 3);
	const char *moves[] = {"step 1", "coin tails", "hold", "hold", "step 1"};
	for (int k = 0; k < 5; k++)
		play(m, moves[k]);
	assert_int_equal(m->nhist, 8);
	const char *want[] = {"step 1", "pass", "coin tails", "bell",
	                      "hold",   "hold", "step 1",     "pass"};
	for (int i = 0; i < 8; i++)
		assert_string_equal(qv_match_notation(m, i), want[i]);
	assert_string_equal(qv_match_notation(m, 8), "");
	assert_string_equal(qv_match_notation(m, -1), "");
	assert_int_equal(walk_checked(m, 0, NULL), 8); /* a position kept at entry 8 */
	/* The referee's undo: "step 1" and its pass go; "step 3" makes another entry 8. */
	qv_err err;
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(m->nhist, 6);
	assert_string_equal(qv_match_notation(m, 6), "");
	play(m, "step 3");
	play(m, "coin heads");
	assert_string_equal(qv_match_notation(m, 6), "step 3");
	assert_string_equal(qv_match_notation(m, 8), "coin heads");
	int first;
	assert_int_equal(walk_checked(m, 8, &first), m->nhist - 8);
	assert_int_equal(first, 8);
	assert_int_equal(walk_checked(m, 0, NULL), m->nhist);
	/* A seat's takeback: p1's hold goes, and "fold" is not possible with every card, so
	 * p1 holds again after walking the history to its end. */
	int n = m->nhist;
	play(m, "hold");
	assert_int_equal(walk_checked(m, n, NULL), 1);
	assert_int_equal(qv_match_undo_seat(m, 0, 1u, &err), QV_OK);
	assert_int_equal(m->nhist, n);
	assert_string_equal(qv_match_notation(m, n), "");
	play(m, "hold");
	play(m, "hold");
	assert_string_equal(qv_match_notation(m, n), "hold");
	assert_int_equal(walk_checked(m, n, NULL), m->nhist - n);
	assert_int_equal(walk_checked(m, n + 1, NULL), m->nhist - n - 1);
	/* The notes end with the last entry's: nothing is left of what was taken back. */
	const char *last = qv_match_notation(m, m->nhist - 1);
	assert_int_equal(last + strlen(last) + 1 - m->notes, (long)m->notes_len);
	/* A restart drops every kept position: the new game's states are handed. */
	assert_int_equal(qv_match_restart(m, 77, &err), QV_OK);
	assert_int_equal(m->nhist, 0);
	assert_int_equal(m->notes_len, 0);
	play(m, "step 1");
	assert_int_equal(walk_checked(m, 0, NULL), 2); /* a position kept at entry 2 */
	assert_int_equal(qv_match_restart(m, 78, &err), QV_OK);
	play(m, "step 3");
	play(m, "coin heads");
	assert_string_equal(qv_match_notation(m, 0), "step 3");
	assert_int_equal(walk_checked(m, 2, NULL), m->nhist - 2);
	assert_int_equal(walk_checked(m, 0, NULL), m->nhist);
	qv_match_free(m);
}

/* A loaded record keeps the notation of its actions and walks from its base, also when the
 * game began from a loaded position ("start"). */
static void test_walk_after_load(void **unused)
{
	(void)unused;
	qv_match *m = new_counting("rounds=3,coin=loaded", 8);
	qv_rng rng;
	qv_rng_seed(&rng, 9);
	play_out(m, &rng);
	json_t *rec = qv_match_record_json(m);
	qv_match *copy = NULL;
	qv_err err;
	assert_int_equal(qv_match_load_json_game(&copy, &counting, rec, &err), QV_OK);
	assert_int_equal(copy->nhist, m->nhist);
	json_t *actions = json_object_get(rec, "actions");
	for (int i = 0; i < copy->nhist; i++)
		assert_string_equal(qv_match_notation(copy, i),
		                    json_string_value(json_array_get(actions, (size_t)i)));
	assert_int_equal(walk_checked(copy, 0, NULL), copy->nhist);
	assert_int_equal(walk_checked(copy, 5, NULL), copy->nhist - 5);
	json_decref(rec);
	qv_match_free(copy);
	qv_match_free(m);

	/* From a full state in the second round, then a record of that game. */
	m = position("step", 2, 5, NULL);
	play(m, "step 2");
	play(m, "coin heads");
	rec = qv_match_record_json(m);
	assert_non_null(json_object_get(rec, "start"));
	assert_int_equal(qv_match_load_json_game(&copy, &qv_test_game, rec, &err), QV_OK);
	for (int i = 0; i < m->nhist; i++)
		assert_string_equal(qv_match_notation(copy, i), qv_match_notation(m, i));
	assert_int_equal(walk_checked(copy, 0, NULL), m->nhist);
	assert_int_equal(walk_checked(m, 1, NULL), m->nhist - 1);
	json_decref(rec);
	qv_match_free(copy);
	qv_match_free(m);
}

/* A quiet match keeps no notation (the arena's, where writing it would cost more than the
 * rules), yet its records and move texts are those of a match that narrates, worked out by a
 * walk; one that turns quiet keeps what it had. */
static void test_quiet_keeps_no_notation(void **unused)
{
	(void)unused;
	qv_match *loud = new_match("rounds=3", 12), *quiet = new_match("rounds=3", 12);
	qv_match_quiet(quiet);
	qv_rng a, b;
	qv_rng_seed(&a, 5);
	qv_rng_seed(&b, 5);
	play_out(loud, &a);
	play_out(quiet, &b);
	assert_int_equal(quiet->nhist, loud->nhist);
	assert_int_equal(quiet->nnotes, 0);
	assert_int_equal(quiet->notes_len, 0);
	assert_int_equal(loud->nnotes, loud->nhist);
	for (int i = 0; i < loud->nhist; i++) {
		char text[64];
		assert_string_equal(qv_match_notation(quiet, i), "");
		qv_match_move_text(quiet, i, text, sizeof text);
		assert_string_equal(text, qv_match_notation(loud, i));
	}
	char *ra = dump(qv_match_record_json(loud)), *rb = dump(qv_match_record_json(quiet));
	assert_string_equal(ra, rb);
	free(rb);
	/* Turning quiet halfway: the notation kept so far stays, the rest is walked. */
	qv_match *half = new_match("rounds=3", 12);
	play(half, "step 1");
	play(half, "coin tails");
	int kept = half->nhist;
	assert_int_equal(kept, 4);
	qv_match_quiet(half);
	play(half, "hold");
	play(half, "hold");
	assert_int_equal(half->nnotes, kept);
	char text[64];
	qv_match_move_text(half, kept, text, sizeof text);
	assert_string_equal(text, "hold");
	assert_string_equal(qv_match_notation(half, kept - 1), "bell");
	json_t *rec = qv_match_record_json(half);
	json_t *actions = json_object_get(rec, "actions");
	assert_int_equal(json_array_size(actions), half->nhist);
	assert_string_equal(json_string_value(json_array_get(actions, (size_t)kept + 1)), "hold");
	json_decref(rec);
	/* An undo cuts the kept notation too. */
	qv_err err;
	assert_int_equal(qv_match_undo(half, &err), QV_OK);
	assert_int_equal(qv_match_undo(half, &err), QV_OK);
	assert_int_equal(qv_match_undo(half, &err), QV_OK);
	assert_int_equal(half->nhist, 2);
	assert_int_equal(half->nnotes, 2);
	assert_string_equal(qv_match_notation(half, 1), "pass");
	free(ra);
	qv_match_free(half);
	qv_match_free(loud);
	qv_match_free(quiet);
}

/* The move lines of a viewer's log, by entry (room for 256 entries of 64 bytes). */
static void keep_move_line(void *ctx, const qv_log_line *line)
{
	char(*lines)[64] = ctx;
	if (!line->consequence && line->entry < 256)
		qv_copy(lines[line->entry], 64, line->text);
}

/* What check_seen compares. */
typedef struct seen_check {
	const qv_match *m;
	int viewer;
	char (*lines)[64];
	int differ; /* entries whose kept notation the viewer may not read */
} seen_check;

/* Entry i in the viewer's log is what qv_action_seen tells the viewer at the state before it,
 * whatever notation the match kept. */
static bool check_seen(void *ctx, int i, const void *before)
{
	seen_check *c = ctx;
	const qv_move *mv = &c->m->hist[i];
	char want[QV_ACTION_TEXT + 16] = "";
	if (qv_action_seen(c->m->game, before, mv->action, c->viewer, want, QV_ACTION_TEXT, NULL) &&
	    mv->automatic && mv->who == c->viewer)
		strcat(want, " (only option)");
	assert_string_equal(c->lines[i], want);
	const char *note = qv_match_notation(c->m, i);
	c->differ += strncmp(want, note, strlen(note)) != 0;
	return true;
}

/* The kept notation is the full-knowledge text: each viewer's log still tells that viewer only
 * what qv_action_seen says (a covered placement of THREE ARROWS has no kind for the
 * opponent). */
static void test_notation_is_not_a_viewers(void **unused)
{
	(void)unused;
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	assert_non_null(g);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, g, NULL, 5, &err), QV_OK);
	qv_action *buf = malloc((size_t)g->max_actions * sizeof *buf);
	assert_non_null(buf);
	qv_rng rng;
	qv_rng_seed(&rng, 6);
	while (!qv_match_over(m) && m->nhist < 200) {
		int n;
		if (qv_match_to_move(m) == QV_CHANCE)
			assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
		else
			assert_int_equal(
			    qv_match_play(m, qv_sample_legal(g, m->state, &rng, buf, &n), &err),
			    QV_OK);
	}
	static char lines[256][64];
	int differ = 0;
	for (int viewer = 0; viewer < 2; viewer++) {
		memset(lines, 0, sizeof lines);
		qv_match_log(m, viewer, 0, keep_move_line, lines);
		seen_check c = {.m = m, .viewer = viewer, .lines = lines};
		assert_int_equal(qv_match_walk(m, 0, check_seen, &c), QV_OK);
		differ += c.differ != 0;
	}
	assert_int_equal(differ, 2); /* each player was kept from some of the other's moves */
	free(buf);
	qv_match_free(m);
}

/* ---- JSON ---------------------------------------------------------------------------------- */

/* state_json -> load -> state_json gives the same bytes, all through random games. */
static void test_state_json_round_trip(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 42);
	qv_action buf[8];
	for (uint64_t seed = 0; seed < 20; seed++) {
		qv_match *m = new_match(seed % 2 ? "rounds=3,folding=false" : "coin=loaded", seed);
		for (;;) {
			char *text = state_text(m);
			qv_match *copy;
			qv_err err;
			if (load_text(text, &copy, &err))
				fail_msg("reload of %s: %s", text, err.msg);
			char *again = state_text(copy);
			assert_string_equal(text, again);
			assert_int_equal(copy->nhist, 0);
			free(again);
			free(text);
			qv_match_free(copy);
			if (qv_match_over(m))
				break;
			int n;
			if (qv_match_to_move(m) == QV_CHANCE)
				assert_int_equal(qv_match_chance(m, NULL, NULL), QV_OK);
			else
				assert_int_equal(
				    qv_match_play(
				        m, qv_sample_legal(m->game, m->state, &rng, buf, &n), NULL),
				    QV_OK);
		}
		qv_match_free(m);
	}
}

/* The wrapper fields, typed parameters, and a seed above 2^63. */
static void test_state_json_wrapper(void **unused)
{
	(void)unused;
	qv_match *m = new_match("rounds=3,folding=false", (uint64_t)-5);
	json_t *j = qv_match_state_json(m);
	assert_string_equal(json_string_value(json_object_get(j, "game")), "high-card");
	json_t *params = json_object_get(j, "params");
	assert_true(json_is_integer(json_object_get(params, "rounds")));
	assert_int_equal(json_integer_value(json_object_get(params, "rounds")), 3);
	assert_true(json_is_false(json_object_get(params, "folding")));
	assert_string_equal(json_string_value(json_object_get(params, "coin")), "fair");
	assert_string_equal(json_string_value(json_object_get(j, "seed")), "18446744073709551611");
	assert_string_equal(json_string_value(json_object_get(j, "to_move")), "p1");
	assert_true(json_is_object(json_object_get(j, "state")));
	/* A seed above 2^63 comes back whole. */
	qv_match *copy;
	assert_int_equal(qv_match_load_json_game(&copy, &qv_test_game, j, NULL), QV_OK);
	assert_true(copy->seed == (uint64_t)-5);
	assert_string_equal(qv_params_get(&copy->params, "folding"), "false");
	assert_string_equal(qv_params_get(&copy->params, "rounds"), "3");
	qv_match_free(copy);
	json_decref(j);
	qv_match_free(m);
}

/* A seed reads back from the string qv_seed_json writes, and from the older JSON integer (the
 * int64 bits); every other form is refused naming the field and the expected form. */
static void test_seed_json_forms(void **unused)
{
	(void)unused;
	static const uint64_t seeds[] = {0, 1, 9007199254740993u, 4964684089417609551u,
	                                 18446744073709551615u};
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		json_t *j = qv_seed_json(seeds[i]);
		uint64_t back = 7;
		assert_int_equal(qv_seed_from_json(j, "seed", &back, NULL), QV_OK);
		assert_true(back == seeds[i]);
		json_decref(j);
	}
	json_t *text = qv_seed_json(4964684089417609551u);
	assert_string_equal(json_string_value(text), "4964684089417609551");
	json_decref(text);
	uint64_t s = 0;
	json_t *old = json_integer(-5); /* the int64 bits of 2^64 - 5 */
	assert_int_equal(qv_seed_from_json(old, "seed", &s, NULL), QV_OK);
	assert_true(s == (uint64_t)-5);
	json_decref(old);
	static const char *const bad[] = {"",
	                                  "-1",
	                                  "+1",
	                                  " 1",
	                                  "1 ",
	                                  "0x10",
	                                  "1e3",
	                                  "1.0",
	                                  "18446744073709551616",
	                                  "99999999999999999999",
	                                  "123456789012345678901"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		json_t *j = json_string(bad[i]);
		qv_err err;
		s = 3;
		assert_int_equal(qv_seed_from_json(j, "seed", &s, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "seed: expected a string of decimal digits"));
		assert_true(s == 3);
		json_decref(j);
	}
	json_t *others[] = {json_real(1.5), json_true(), json_null(), json_array(), json_object()};
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		qv_err err;
		assert_int_equal(qv_seed_from_json(others[i], "record.seed", &s, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "record.seed: expected"));
		json_decref(others[i]);
	}
}

/* "to_move" names chance and the end as "chance" and "over", and a viewer as "all" or "public":
 * the two pairs share their integer values (QV_CHANCE = QV_VIEW_ALL, QV_OVER = QV_VIEW_PUBLIC). */
static void test_json_to_move_names(void **unused)
{
	(void)unused;
	static const char *const cases[][2] = {{"coin", "chance"}, {"over", "over"}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		qv_match *m = new_match("", 1);
		json_t *j = qv_match_state_json(m);
		json_t *st = json_object_get(j, "state");
		json_object_set_new(st, "phase", json_string(cases[i][0]));
		json_object_set_new(st, "played", json_integer(i ? 2 : 0)); /* 2 rounds: over */
		qv_match_free(m);
		qv_err err;
		if (qv_match_load_json_game(&m, &qv_test_game, j, &err))
			fail_msg("load: %s", err.msg);
		json_decref(j);
		j = qv_match_state_json(m);
		assert_string_equal(json_string_value(json_object_get(j, "to_move")), cases[i][1]);
		json_decref(j);
		j = qv_match_view_json(m, QV_VIEW_ALL);
		assert_string_equal(json_string_value(json_object_get(j, "viewer")), "all");
		assert_string_equal(json_string_value(json_object_get(j, "to_move")), cases[i][1]);
		json_decref(j);
		j = qv_match_view_json(m, QV_VIEW_PUBLIC);
		assert_string_equal(json_string_value(json_object_get(j, "viewer")), "public");
		assert_string_equal(json_string_value(json_object_get(j, "to_move")), cases[i][1]);
		json_decref(j);
		qv_match_free(m);
	}
}

/* Views hide the other card and the RNG, and list legal actions only for the mover. */
static void test_view_json(void **unused)
{
	(void)unused;
	qv_match *m = position("step", 5, 6, NULL);
	json_t *v = qv_match_view_json(m, 1);
	assert_string_equal(json_string_value(json_object_get(v, "viewer")), "p2");
	assert_string_equal(json_string_value(json_object_get(v, "to_move")), "p1");
	assert_null(json_object_get(v, "legal"));
	json_t *cards = json_object_get(json_object_get(v, "view"), "cards");
	assert_true(json_is_null(json_array_get(cards, 0)));
	assert_int_equal(json_integer_value(json_array_get(cards, 1)), 6);
	char *text = dump(v);
	assert_null(strstr(text, "rng"));
	free(text);

	v = qv_match_view_json(m, 0);
	json_t *legal = json_object_get(v, "legal");
	assert_int_equal(json_array_size(legal), 3);
	assert_string_equal(json_string_value(json_array_get(legal, 0)), "step 1");
	assert_string_equal(json_string_value(json_array_get(legal, 2)), "step 3");
	json_decref(v);

	v = qv_match_view_json(m, QV_VIEW_PUBLIC);
	assert_string_equal(json_string_value(json_object_get(v, "viewer")), "public");
	cards = json_object_get(json_object_get(v, "view"), "cards");
	assert_true(json_is_null(json_array_get(cards, 1)));
	json_decref(v);
	qv_match_free(m);
}

/* A record reloads to the same state, history (automatic flags included) and names. */
static void test_record_round_trip(void **unused)
{
	(void)unused;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		qv_rng rng;
		qv_rng_seed(&rng, seed);
		qv_match *m = new_match(seed % 2 ? "rounds=4" : "folding=false", seed);
		snprintf(m->names[1], sizeof m->names[1], "random:seed=%u", (unsigned)seed);
		if (seed % 3)
			play_out(m, &rng);
		char *rec = dump(qv_match_record_json(m));
		qv_match *copy;
		qv_err err;
		if (load_text(rec, &copy, &err))
			fail_msg("reload of record %s: %s", rec, err.msg);
		char *s1 = state_text(m), *s2 = state_text(copy);
		assert_string_equal(s1, s2);
		assert_int_equal(copy->nhist, m->nhist);
		for (int i = 0; i < m->nhist; i++) {
			assert_int_equal(copy->hist[i].action, m->hist[i].action);
			assert_int_equal(copy->hist[i].who, m->hist[i].who);
			assert_int_equal(copy->hist[i].automatic, m->hist[i].automatic);
		}
		assert_string_equal(copy->names[1], m->names[1]);
		char *rec2 = dump(qv_match_record_json(copy));
		assert_string_equal(rec, rec2);
		/* Undo works on a loaded record exactly as on the original. */
		if (m->nhist > 0) {
			assert_int_equal(qv_match_undo(m, NULL), QV_OK);
			assert_int_equal(qv_match_undo(copy, NULL), QV_OK);
			free(s1);
			free(s2);
			s1 = state_text(m);
			s2 = state_text(copy);
			assert_string_equal(s1, s2);
		}
		free(s1);
		free(s2);
		free(rec);
		free(rec2);
		qv_match_free(copy);
		qv_match_free(m);
	}
}

/* A game begun from a loaded state records its "start" and replays from it. */
static void test_record_from_loaded_state(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 8);
	json_t *rec = qv_match_record_json(m);
	assert_null(json_object_get(rec, "start"));
	json_decref(rec);
	qv_match_free(m);

	/* A game that began from a loaded position records it as "start" and replays from it. */
	m = position("commit1", 6, 5, NULL);
	play(m, "fold");
	play(m, "hold");
	rec = qv_match_record_json(m);
	json_t *start = json_object_get(rec, "start");
	assert_true(json_is_object(start));
	assert_string_equal(json_string_value(json_object_get(start, "phase")), "commit1");
	qv_match *copy;
	qv_err err;
	if (qv_match_load_json_game(&copy, &qv_test_game, rec, &err))
		fail_msg("reload: %s", err.msg);
	char *s1 = state_text(m), *s2 = state_text(copy);
	assert_string_equal(s1, s2);
	assert_int_equal(copy->nhist, 2);
	char *r2 = dump(qv_match_record_json(copy));
	char *r1 = dump(rec);
	assert_string_equal(r1, r2);
	free(r1);
	free(r2);
	free(s1);
	free(s2);
	qv_match_free(copy);
	qv_match_free(m);
	expect_load_error("{\"game\":\"high-card\",\"start\":{},\"state\":{}}",
	                  "start: only a record");
	expect_load_error("{\"game\":\"high-card\",\"start\":3,\"actions\":[]}",
	                  "start: expected an object");
	expect_load_error("{\"game\":\"high-card\",\"start\":{\"played\":9},\"actions\":[]}",
	                  "start: played: expected a whole number from 0 to 2");
}

/* The result block, and a record whose result the replay contradicts. */
static void test_record_result(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 5);
	qv_match *m = new_match("rounds=1", 5);
	json_t *rec = qv_match_record_json(m);
	assert_true(json_is_null(json_object_get(rec, "result")));
	json_decref(rec);
	play_out(m, &rng);
	rec = qv_match_record_json(m);
	json_t *result = json_object_get(rec, "result");
	assert_int_equal(json_array_size(result), 2);
	json_t *r1 = json_array_get(result, 0);
	assert_string_equal(json_string_value(json_object_get(r1, "player")), "p1");
	int scores[2], ranks[2];
	m->game->score(m->state, scores);
	m->game->ranks(m->state, ranks);
	assert_int_equal(json_integer_value(json_object_get(r1, "score")), scores[0]);
	assert_int_equal(json_integer_value(json_object_get(r1, "rank")), ranks[0]);
	/* A result that the replay does not give is refused. */
	json_object_set_new(r1, "score", json_integer(scores[0] + 100));
	qv_match *copy = (qv_match *)1;
	qv_err err;
	assert_int_equal(qv_match_load_json_game(&copy, &qv_test_game, rec, &err), QV_EINVAL);
	assert_null(copy);
	assert_non_null(strstr(err.msg, "result: the record says p1 has rank"));
	assert_non_null(strstr(err.msg, "but the replayed game gives"));
	json_decref(rec);
	qv_match_free(m);
}

/* The first failing action of a record is named by index and text. */
static void test_record_bad_action(void **unused)
{
	(void)unused;
	expect_load_error("{\"game\":\"high-card\",\"actions\":[\"step 1\",\"pass\",\"step 2\"]}",
	                  "action 3 ('step 2'): not possible in phase coin");
	expect_load_error("{\"game\":\"high-card\",\"actions\":[\"step 1\",\"dance\"]}",
	                  "action 2 ('dance'): 'dance' is not an action: expected");
	expect_load_error("{\"game\":\"high-card\",\"actions\":[\"step 1\", 7]}",
	                  "actions[1]: expected a string");
	expect_load_error("{\"game\":\"high-card\",\"actions\":\"step 1\"}",
	                  "actions: expected an array of action strings");
	expect_load_error("{\"game\":\"high-card\",\"params\":{\"rounds\":1},\"actions\":["
	                  "\"step 1\",\"pass\",\"coin heads\",\"bell\",\"hold\",\"hold\","
	                  "\"step 1\"]}",
	                  "action 7 ('step 1'): the game is already over");
	/* A hand-written record with the forced moves marked as such. */
	qv_match *m;
	qv_err err;
	assert_int_equal(load_text("{\"game\":\"high-card\",\"actions\":[\"step 1\",\"pass\","
	                           "\"coin heads\",\"bell\"]}",
	                           &m, &err),
	                 QV_OK);
	assert_move(m, 0, "step 1", 0, false);
	assert_move(m, 1, "pass", 1, true);
	assert_move(m, 2, "coin heads", QV_CHANCE, false);
	assert_move(m, 3, "bell", QV_CHANCE, true);
	assert_string_equal(m->names[0], "p1");
	qv_match_free(m);
}

/* Every wrapper field is type-checked with a message naming it. */
static void test_bad_fields(void **unused)
{
	(void)unused;
	expect_load_error("[1, 2]", "expected a JSON object with \"game\"");
	expect_load_error("{\"state\":{}}", "game: missing");
	expect_load_error("{\"game\":3,\"state\":{}}", "game: expected a string");
	expect_load_error("{\"game\":\"chess\",\"state\":{}}", "game: 'chess' where 'high-card'");
	expect_load_error("{\"game\":\"high-card\",\"params\":[1],\"actions\":[]}",
	                  "params: expected an object");
	expect_load_error("{\"game\":\"high-card\",\"params\":{\"rounds\":[3]},\"actions\":[]}",
	                  "params.rounds: expected 1, 2, 3, 4 or 5, not an array");
	expect_load_error("{\"game\":\"high-card\",\"params\":{\"rounds\":8},\"actions\":[]}",
	                  "params: bad value '8' for rounds: expected 1, 2, 3, 4 or 5");
	expect_load_error("{\"game\":\"high-card\",\"params\":{\"speed\":8},\"actions\":[]}",
	                  "params: unknown parameter 'speed' for high-card (known: rounds, "
	                  "folding, coin)");
	expect_load_error("{\"game\":\"high-card\",\"seed\":\"7x\",\"actions\":[]}",
	                  "seed: expected a string of decimal digits");
	expect_load_error("{\"game\":\"high-card\",\"seed\":1.5,\"actions\":[]}",
	                  "seed: expected a string of decimal digits");
	expect_load_error("{\"game\":\"high-card\",\"to_move\":1,\"actions\":[]}",
	                  "to_move: expected a string");
	expect_load_error("{\"game\":\"high-card\",\"players\":\"ann\",\"actions\":[]}",
	                  "players: expected an array of names");
	expect_load_error("{\"game\":\"high-card\",\"players\":[\"a\",\"b\",\"c\"],\"actions\":[]}",
	                  "players: 3 names for a 2-player game");
	expect_load_error("{\"game\":\"high-card\",\"players\":[\"a\",\"\"],\"actions\":[]}",
	                  "players[1]: expected a name");
	expect_load_error("{\"game\":\"high-card\"}",
	                  "expected a \"state\" (full-state JSON) or an \"actions\" list (record)");
	expect_load_error("{\"game\":\"high-card\",\"state\":{},\"actions\":[]}",
	                  "both \"state\" and \"actions\"");
	expect_load_error("{\"game\":\"high-card\",\"state\":[]}", "state: expected an object");
	expect_load_error("{\"game\":\"high-card\",\"state\":{\"played\":0,\"phase\":\"nap\"}}",
	                  "state: phase: expected step, pass");
	expect_load_error("{\"game\":\"high-card\",\"actions\":[],\"result\":7}",
	                  "result: expected null or an array of 2");
}

/* Errors inside the game's state object are prefixed with "state: ". */
static void test_bad_state_fields(void **unused)
{
	(void)unused;
	qv_match *m = new_match("", 1);
	json_t *j = qv_match_state_json(m);
	json_t *st = json_object_get(j, "state");
	json_object_set_new(st, "cards", json_pack("[i, i]", 3, 9));
	qv_match *out = (qv_match *)1;
	qv_err err;
	assert_int_equal(qv_match_load_json_game(&out, &qv_test_game, j, &err), QV_EINVAL);
	assert_null(out);
	assert_string_equal(err.msg, "state: cards[1]: expected a whole number from 1 to 6");
	json_object_set_new(st, "cards", json_pack("[i, i]", 3, 4));
	json_object_set_new(st, "rng", json_pack("[s, s, s, s]", "00", "0", "0", "0"));
	assert_int_equal(qv_match_load_json_game(&out, &qv_test_game, j, &err), QV_EINVAL);
	assert_string_equal(err.msg, "state: rng[0]: expected 16 hexadecimal digits");
	json_decref(j);
	qv_match_free(m);
}

/* Broken, truncated and duplicate-key JSON, and an unknown game. */
static void test_broken_json(void **unused)
{
	(void)unused;
	qv_match *m = (qv_match *)1;
	qv_err err;
	assert_int_equal(qv_match_load_text(&m, "{\"game\": \"high-card\",\n \"state\": {", &err),
	                 QV_EINVAL);
	assert_null(m);
	assert_non_null(strstr(err.msg, "broken JSON at line 2, column"));
	assert_int_equal(qv_match_load_text(&m, "", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "broken JSON at line"));
	assert_int_equal(qv_match_load_text(&m, "{\"game\":1,\"game\":2}", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "duplicate"));
	/* Through the registry: the test game is not in it. */
	assert_int_equal(qv_match_load_text(&m, "{\"game\":\"high-card\",\"actions\":[]}", &err),
	                 QV_EINVAL);
	assert_non_null(strstr(err.msg, "unknown game 'high-card'"));
	assert_null(m);
}

/* Saving records and loading files: messages name the path. */
static void test_files(void **unused)
{
	(void)unused;
	qv_match *m = (qv_match *)1;
	qv_err err;
	assert_int_equal(qv_match_load_file(&m, "/nonexistent/dir/game.json", &err), QV_EIO);
	assert_null(m);
	assert_non_null(strstr(err.msg, "/nonexistent/dir/game.json"));

	char path[48];
	int fd = qv_test_mkstemp(path, sizeof path, "qv_test_match_");
	assert_true(fd >= 0);
	m = new_match("rounds=1", 3);
	play(m, "step 2");
	assert_int_equal(qv_match_save_record(m, path, &err), QV_OK);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char text[4096];
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	assert_true(strncmp(text, "{\n  \"game\": \"high-card\",\n", 25) == 0);
	assert_true(text[n - 1] == '\n');
	/* Loading it needs the registry, which does not know the test game. */
	qv_match *copy = (qv_match *)1;
	assert_int_equal(qv_match_load_file(&copy, path, &err), QV_EINVAL);
	assert_null(copy);
	assert_true(strncmp(err.msg, path, strlen(path)) == 0);
	f = fopen(path, "w");
	fputs("{\"game\": \"high-card\", \"actions\": [", f);
	fclose(f);
	assert_int_equal(qv_match_load_file(&copy, path, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, ": broken JSON at line 1, column"));
	assert_int_equal(qv_match_save_record(m, "/nonexistent/dir/rec.json", &err), QV_EIO);
	assert_non_null(strstr(err.msg, "cannot write '/nonexistent/dir/rec.json'"));
	/* Over 4 MiB: refused before it is parsed, as a file and as text. */
	f = fopen(path, "w");
	fputs("{\"game\": \"high-card\", \"actions\": [", f);
	for (unsigned i = 0; i < QV_RECORD_MAX / 9 + 1; i++)
		fputs("\"step 1\", ", f);
	fputs("\"step 1\"]}", f);
	fclose(f);
	assert_int_equal(qv_match_load_file(&copy, path, &err), QV_EINVAL);
	assert_null(copy);
	assert_non_null(strstr(err.msg, "is too big"));
	assert_non_null(strstr(err.msg, "4 MiB"));
	size_t big = (size_t)QV_RECORD_MAX + 1;
	char *huge = malloc(big + 1);
	assert_non_null(huge);
	memset(huge, ' ', big);
	huge[big] = '\0';
	huge[0] = '{'; /* not even valid JSON: the size is checked first */
	assert_int_equal(qv_match_load_text(&copy, huge, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "not parsed"));
	free(huge);
	remove(path);
	close(fd);
	qv_match_free(m);
}

/* Runs every test. */
int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_new_match),
	    cmocka_unit_test(test_forced_moves_are_automatic),
	    cmocka_unit_test(test_forced_moves_after_load),
	    cmocka_unit_test(test_secret_commitment_always_asked),
	    cmocka_unit_test(test_play_errors_change_nothing),
	    cmocka_unit_test(test_chance_and_settle),
	    cmocka_unit_test(test_undo),
	    cmocka_unit_test(test_undo_seat_people),
	    cmocka_unit_test(test_undo_seat_alone),
	    cmocka_unit_test(test_takeback_answer),
	    cmocka_unit_test(test_takeback_agreed),
	    cmocka_unit_test(test_hold_forced),
	    cmocka_unit_test(test_quiet_and_count),
	    cmocka_unit_test(test_restart),
	    cmocka_unit_test(test_play_checked_forced),
	    cmocka_unit_test(test_chance_list_is_the_matchs),
	    cmocka_unit_test(test_kept_lists_follow_undo),
	    cmocka_unit_test(test_walk_hands_each_state),
	    cmocka_unit_test(test_walk_resumes),
	    cmocka_unit_test(test_walk_and_notation_after_undo),
	    cmocka_unit_test(test_walk_after_load),
	    cmocka_unit_test(test_quiet_keeps_no_notation),
	    cmocka_unit_test(test_notation_is_not_a_viewers),
	    cmocka_unit_test(test_state_json_round_trip),
	    cmocka_unit_test(test_state_json_wrapper),
	    cmocka_unit_test(test_seed_json_forms),
	    cmocka_unit_test(test_view_json),
	    cmocka_unit_test(test_json_to_move_names),
	    cmocka_unit_test(test_record_round_trip),
	    cmocka_unit_test(test_record_from_loaded_state),
	    cmocka_unit_test(test_record_result),
	    cmocka_unit_test(test_record_bad_action),
	    cmocka_unit_test(test_bad_fields),
	    cmocka_unit_test(test_bad_state_fields),
	    cmocka_unit_test(test_broken_json),
	    cmocka_unit_test(test_files),
	    cmocka_unit_test(test_fork),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
