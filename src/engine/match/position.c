/*
 * position.c - what a match knows of its current position: who is to move, how many legal
 * actions the player to move has, the pending chance event's outcomes, and whether the
 * decision is forced (a single option the engine may take by itself) or held for a front end.
 *
 * Each is worked out at most once per position and kept in the match (who, noptions, nchance,
 * cout and cprob) until the position changes: the game's to_move is not free everywhere, the
 * search for forced moves has usually counted the legal actions already, and the chance draw
 * reads the outcomes that search listed. Whatever changes the position (history.c, life.c)
 * forgets them first.
 */
#include "engine/match/position.h"
#include "engine/match/actions.h"

/* qv_match.who when the player to move is not known (the state changed since it was asked). */
#define WHO_UNKNOWN (-100)

/* Drops what the match keeps of the current position (its count of legal actions, its chance
 * list, the player to move): called whenever the position changes. */
void qv__match_forget_position(qv_match *m)
{
	m->noptions = -1;
	m->nchance = -1;
	m->who = WHO_UNKNOWN;
}

/* The outcomes of the pending chance event (who is QV_CHANCE) in the match's own list, listed
 * once per position: the search for forced moves lists them, and the draw reads them again. */
int qv__match_chance_list(qv_match *m)
{
	if (m->nchance < 0)
		m->nchance = m->game->chance(m->state, m->cout, m->cprob);
	return m->nchance;
}

/* The only option of the current state, for who (the player to move, QV_CHANCE or QV_OVER), if
 * there is exactly one and the engine may take it by itself (qv_decision_forced: a secret
 * commitment is always asked): returns true and sets *out. Whether a front end holds it back
 * (qv_match_hold_forced) does not matter here. *counted is the number of legal actions of the
 * player to move when they were counted, else -1. */
bool qv__match_only_option(qv_match *m, int who, qv_action *out, int *counted)
{
	*counted = -1;
	if (who == QV_OVER)
		return false;
	if (who == QV_CHANCE) {
		if (qv__match_chance_list(m) != 1)
			return false;
		*out = m->cout[0];
		return true;
	}
	qv_action *list = qv__match_actions(m->game);
	return list && qv_only_option(m->game, m->state, list, counted, out);
}

/* Whether who is a player whose forced decisions a front end shows before they are applied
 * (qv_match_hold_forced). */
bool qv__match_holds(const qv_match *m, int who)
{
	return who >= 0 && who < QV_MAX_PLAYERS && (m->hold >> who & 1u);
}

/* Who decides now: the game's answer, kept from when the forced-move loop (play.c) last asked it
 * (after every change of the position) until the position changes again. */
int qv_match_to_move(const qv_match *m)
{
	if (m->ended)
		return QV_OVER;
	return m->who != WHO_UNKNOWN ? m->who : m->game->to_move(m->state);
}

/* Whether the game has ended. */
bool qv_match_over(const qv_match *m) { return qv_match_to_move(m) == QV_OVER; }

int qv_match_count_legal(qv_match *m)
{
	if (m->noptions < 0) {
		int who = qv_match_to_move(m);
		qv_action *list = who < 0 || m->game->count ? NULL : qv__match_actions(m->game);
		if (who >= 0 && !m->game->count && !list)
			return -1;
		m->noptions = who < 0 ? 0 : qv_count_legal(m->game, m->state, list);
	}
	return m->noptions;
}

bool qv_match_held(qv_match *m, qv_action *out)
{
	qv_action a;
	int counted, who = qv_match_to_move(m);
	if (!qv__match_holds(m, who) || !qv__match_only_option(m, who, &a, &counted))
		return false;
	m->noptions = counted;
	if (out)
		*out = a;
	return true;
}

/* The game's diagram of the current state. */
void qv_match_render(const qv_match *m, int viewer, unsigned flags, qv_buf *out)
{
	m->game->render_text(m->state, viewer, flags, out);
}
