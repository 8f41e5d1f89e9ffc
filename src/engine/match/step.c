/*
 * step.c - a match's simultaneous secret steps (qv_game.together): who may decide now, the
 * position at which a player of a step decides before its turn, and the commitments it makes
 * there, kept until its turn comes (together.c works positions and commitments out on states).
 *
 * A game asks the players of a step one at a time, in seat order; people at a table choose at
 * once. So a player of the step who is not to move may commit ahead of its turn
 * (qv_match_act): its choice is checked against the position of that turn and kept, and the
 * forced-move loop (play.c) applies it when the turn comes, exactly as if it had been made
 * then. A commitment that no longer fits (a takeback changed the step) is withdrawn with the
 * player's others, and the player decides again.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/match/actions.h"
#include "engine/match/position.h"
#include "engine/match/step.h"
#include "engine/match/together.h"

/* The scratch states (two, side by side), made on first use; NULL when they, or the thread's
 * list of actions that step_turn lists into, cannot be had (out of memory). */
static char *scratch(qv_match *m)
{
	if (!m->scratch)
		m->scratch = malloc(2 * m->game->state_size);
	return m->scratch && qv__match_actions(m->game) ? m->scratch : NULL;
}

/* Whether `player`, of the current step but not to move, has a decision to make in it, with
 * the position in st (tmp: a second state): together.c's reach, after which commitments
 * that no longer fit are withdrawn and the player decides again. Called once scratch() had
 * both states and the thread's list. */
static bool step_turn(qv_match *m, int player, void *st, void *tmp)
{
	bool broken = false;
	const qv_game *g = m->game;
	qv_action *list = qv__match_actions(g);
	if (qv__together_reach(g, m->state, player, qv_match_committed(m, player), st, tmp, list,
	                       &broken))
		return true;
	if (!broken)
		return false;
	qv_match_withdraw(m, player);
	return qv__together_reach(g, m->state, player, "", st, tmp, list, &broken);
}

/* Whether player is one of the current step's players who have not committed in the state. */
static bool in_step(const qv_match *m, int player)
{
	unsigned done;
	return m->game->together && player >= 0 && player < QV_MAX_PLAYERS &&
	       (m->game->together(m->state, &done) >> player & 1u);
}

unsigned qv_match_acting(qv_match *m)
{
	int who = qv_match_to_move(m);
	if (who < 0)
		return 0;
	unsigned mask = 1u << who;
	char *st = m->game->together ? scratch(m) : NULL;
	for (int p = 0; st && p < QV_MAX_PLAYERS; p++)
		if (p != who && in_step(m, p) && step_turn(m, p, st, st + m->game->state_size))
			mask |= 1u << p;
	return mask;
}

bool qv_match_turn_of(qv_match *m, int player, void *st)
{
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	if (who < 0 || player < 0 || player >= g->num_players(m->state))
		return false;
	if (player == who) {
		memcpy(st, m->state, g->state_size);
		return true;
	}
	char *tmp = in_step(m, player) ? scratch(m) : NULL;
	return tmp && step_turn(m, player, st, tmp + g->state_size);
}

const char *qv_match_committed(const qv_match *m, int player)
{
	return m->pending && player >= 0 && player < QV_MAX_PLAYERS ? m->pending[player] : "";
}

int qv_match_withdraw(qv_match *m, int player)
{
	if (!m->pending || player < 0 || player >= QV_MAX_PLAYERS)
		return 0;
	int n = qv__together_count(m->pending[player]);
	m->pending[player][0] = '\0';
	m->npending &= ~(1u << player);
	return n;
}

/* Whether `who`, now to move, made a commitment ahead of its turn (qv_match_act) that fits:
 * true with its action in *out. One that no longer fits (a takeback changed the step) is
 * withdrawn with the player's others: the player decides again. */
bool qv__match_next_pending(qv_match *m, int who, qv_action *out)
{
	if (who < 0 || who >= QV_MAX_PLAYERS || !(m->npending >> who & 1u))
		return false;
	if (qv__together_next(m->game, m->state, m->pending[who], out))
		return true;
	qv_match_withdraw(m, who);
	return false;
}

/* Drops who's first commitment, and who's bit of npending when it was the last. */
void qv__match_pop_pending(qv_match *m, int who)
{
	qv__together_pop(m->pending[who]);
	if (!m->pending[who][0])
		m->npending &= ~(1u << who);
}

/* A player of the step deciding before its turn: its position at that turn, in the scratch
 * state. */
const void *qv__match_step_position(qv_match *m, int player)
{
	if (!in_step(m, player) || !scratch(m) ||
	    !step_turn(m, player, m->scratch, (char *)m->scratch + m->game->state_size))
		return NULL;
	return m->scratch;
}

/* The refusals name why the player may not decide: its part of the step is committed already,
 * or it is simply not its turn. */
qv_status qv__match_commit(qv_match *m, int player, int who, const char *text, qv_err *err)
{
	const qv_game *g = m->game;
	char name[8], mover[8];
	char *st = in_step(m, player) ? scratch(m) : NULL;
	if (in_step(m, player) && !st)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	if (!st || !step_turn(m, player, st, st + g->state_size)) {
		if (*qv_match_committed(m, player))
			return qv_fail(err, QV_ESTATE,
			               "%s has made its choice for this step; it is applied when "
			               "the others have made theirs",
			               qv_player_name(player, name));
		return qv_fail(err, QV_ESTATE, "it is not %s's turn: %s is to move",
		               qv_player_name(player, name), qv_player_name(who, mover));
	}
	/* The room for commitments, made with the first (most matches never need it). */
	if (!m->pending && !(m->pending = calloc(QV_MAX_PLAYERS, sizeof *m->pending)))
		return qv_fail(err, QV_ENOMEM, "out of memory keeping a commitment");
	qv_status rc = qv__together_add(g, st, text, m->pending[player], QV_PENDING_TEXT, err);
	if (!rc)
		m->npending |= 1u << player;
	return rc;
}
