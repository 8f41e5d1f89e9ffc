/*
 * play.c - playing a match: a decision or a chance outcome applied, then whatever is forced
 * after it; notation read against the position; a player's act, played now or committed ahead
 * of its turn in a simultaneous step; what a move would do; chance draws from the match's seed.
 *
 * After every change the match applies, at once, a decision with exactly one legal option and
 * a chance event with exactly one outcome (they stay in the history, marked automatic), and the
 * commitments of a player whose turn has come, so that players and agents are asked only real
 * choices. A front end may hold a person's forced decisions back to show them first
 * (qv_match_hold_forced). A play changes nothing when it fails: a decision whose forced moves
 * cannot follow (out of memory) is taken back with them.
 */
#include <stdio.h>

#include "engine/match/history.h"
#include "engine/match/play.h"
#include "engine/match/position.h"
#include "engine/match/step.h"

/* Stirred into the seed so the match's chance draws differ from any RNG a game seeds with the
 * same seed. */
#define MATCH_RNG_SALT 0x6d617463682d726eull /* "match-rn" */

/* Applies forced moves (a single legal option, a single chance outcome) and the commitments a
 * player made ahead of its turn (qv_match_act) until a real choice, a forced decision of a held
 * player, or the end. Forced moves come from legal() and chance(), and commitments are checked
 * as they are taken, so neither is checked again. A failure (out of memory) stops the loop and
 * is returned: the state and history stay consistent, with the move pending. */
qv_status qv__match_apply_forced(qv_match *m)
{
	qv_action a;
	int counted = -1;
	int who;
	for (;;) {
		who = qv_match_to_move(m);
		if (m->npending && qv__match_next_pending(m, who, &a)) {
			if (qv__match_append(m, who, a, false, true, NULL))
				return QV_ENOMEM;
			qv__match_pop_pending(m, who);
			continue;
		}
		if (qv__match_holds(m, who) || !qv__match_only_option(m, who, &a, &counted))
			break;
		if (qv__match_append(m, who, a, true, true, NULL))
			return QV_ENOMEM;
	}
	m->who = who; /* asked once per position: the game's to_move is not free everywhere */
	m->noptions = counted; /* the current state's, when they were counted */
	return QV_OK;
}

void qv_match_hold_forced(qv_match *m, unsigned players)
{
	m->hold = players;
	/* A decision no longer held is applied now, or stays pending. */
	(void)qv__match_apply_forced(m);
}

/* A decision or chance outcome of who (the one to move), followed by whatever is forced after
 * it; when a forced move cannot be applied (out of memory), the decision is taken back too. */
static qv_status match_play(qv_match *m, int who, qv_action a, bool automatic, bool checked,
                            qv_err *err)
{
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	int old = m->nhist;
	qv_status rc = qv__match_append(m, who, a, automatic, checked, err);
	if (rc)
		return rc;
	if (qv__match_apply_forced(m)) {
		qv__match_truncate(m, old);
		return qv_fail(err, QV_ENOMEM, "out of memory applying the forced moves");
	}
	return QV_OK;
}

/* A held forced decision is recorded as automatic, exactly as if the match had applied it by
 * itself. */
qv_status qv_match_play(qv_match *m, qv_action a, qv_err *err)
{
	qv_action only;
	bool automatic = qv_match_held(m, &only) && only == a;
	return match_play(m, qv_match_to_move(m), a, automatic, false, err);
}

qv_status qv_match_play_checked(qv_match *m, qv_action a, bool forced, qv_err *err)
{
	return match_play(m, qv_match_to_move(m), a, forced, true, err);
}

/* Parses notation against the current state and plays it. Malformed text keeps the
 * game's own message (it names the expected form); an illegal action is prefixed with the text,
 * so the reply says which action was refused. */
qv_status qv_match_play_text(qv_match *m, const char *text, qv_err *err)
{
	if (qv_match_over(m))
		return qv_fail(err, QV_ESTATE, "the game is over");
	qv_action a;
	qv_status rc = m->game->action_from_text(m->state, text, &a, err);
	if (rc)
		return rc;
	qv_err why;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	rc = qv_match_play(m, a, &why);
	if (rc == QV_EILLEGAL)
		return qv_fail(err, rc, "illegal action '%s': %s",
		               qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted), why.msg);
	if (rc && err)
		*err = why;
	return rc;
}

/* The player to move plays at once; a player of a simultaneous step who is not to move
 * commits ahead of its turn (step.c). */
qv_status qv_match_act(qv_match *m, int player, const char *text, qv_err *err)
{
	int who = qv_match_to_move(m);
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (player < 0 || player >= m->game->num_players(m->state))
		return qv_fail(err, QV_EINVAL, "no player %d in this game", player + 1);
	if (player == who)
		return qv_match_play_text(m, text, err);
	return qv__match_commit(m, player, who, text, err);
}

qv_status qv_match_what(qv_match *m, const char *text, char *buf, size_t len, bool *confirm,
                        qv_err *err)
{
	return qv_match_what_as(m, qv_match_to_move(m), text, buf, len, confirm, err);
}

qv_status qv_match_what_as(qv_match *m, int player, const char *text, char *buf, size_t len,
                           bool *confirm, qv_err *err)
{
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	char name[8];
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (who == QV_CHANCE)
		return qv_fail(err, QV_ESTATE, "chance is to move: no player chooses now");
	const void *st = m->state;
	if (player != who) {
		/* A player of a simultaneous step, at its own turn in it. */
		st = qv__match_step_position(m, player);
		if (!st)
			return qv_fail(err, QV_ESTATE, "%s has no decision to make now",
			               qv_player_name(player, name));
	}
	qv_action a;
	qv_status rc = g->action_from_text(st, text, &a, err);
	if (rc)
		return rc;
	qv_err why;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	if ((rc = g->check(st, a, &why)))
		return qv_fail(err, rc, "illegal action '%s': %s",
		               qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted), why.msg);
	bool ask = false;
	if (len > 0)
		buf[0] = '\0';
	if (!g->action_note || g->action_note(st, a, buf, len, &ask) <= 0)
		snprintf(buf, len, "nothing more than the move itself");
	if (confirm)
		*confirm = ask;
	return QV_OK;
}

/* Draws the pending chance event's outcome from a generator seeded by the match's seed and the
 * length of the history, and plays it. A seat's takeback never crosses a chance outcome
 * (qv_match_takeback), so in play no index's outcome is shown and then met again from before
 * it: the draw at an index stays unknown until it is made. */
qv_status qv_match_chance(qv_match *m, qv_action *out, qv_err *err)
{
	int who = qv_match_to_move(m);
	char name[8];
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (who != QV_CHANCE)
		return qv_fail(err, QV_ESTATE, "chance is not to move (%s is)",
		               qv_player_name(who, name));
	qv_rng rng;
	qv_rng_seed(&rng, qv_seed_mix(qv_seed_mix(m->seed, MATCH_RNG_SALT), (uint64_t)m->nhist));
	int n = qv__match_chance_list(m);
	if (n <= 0)
		return qv_fail(err, QV_ESTATE, "the pending chance event has no outcome");
	qv_action a = qv_pick_chance(&rng, m->cout, m->cprob, n);
	qv_status rc = match_play(m, QV_CHANCE, a, false, true, err); /* listed by chance() */
	if (rc)
		return rc;
	if (out)
		*out = a;
	return QV_OK;
}

/* Rolls every pending chance event until a player must decide; single-outcome events
 * are applied by the forced-move loop and are not counted. */
int qv_match_settle(qv_match *m, qv_action *outcomes, int max)
{
	int n = 0;
	qv_action a = -1;
	while (qv_match_to_move(m) == QV_CHANCE) {
		if (qv_match_chance(m, &a, NULL))
			break;
		if (outcomes && n < max)
			outcomes[n] = a;
		n++;
	}
	return n;
}
