/*
 * takeback.c - taking moves back: the referee's undo (the last decision or chance outcome
 * that was not automatic, with the automatic moves after it, whatever it showed) and a seat's
 * takeback at a table, under one rule for `quiver play`, the protocol's `undo pN` and the
 * server (match.h, qv_takeback): a seat takes back its own last decision and everything after
 * it, never across a chance outcome nor a decision that showed a person at the table something
 * hidden, so no one keeps knowledge of a position beyond its view and no one meets a die
 * already seen from before it.
 *
 * The rule is decided by one walk over the entries a takeback would undo (walk.c), and its
 * reasons name the moves as the player asking may know them (log.c), never anything hidden
 * from that player. Taking back cuts the history (history.c), which rebuilds the state.
 */
#include <stdio.h>

#include "engine/match/history.h"
#include "engine/match/log.h"

/* The index of the last entry that was not automatic, or -1. */
static int last_decision(const qv_match *m)
{
	int i = m->nhist - 1;
	while (i >= 0 && m->hist[i].automatic)
		i--;
	return i;
}

/* Drops trailing automatic entries and the real decision or outcome before them. */
qv_status qv_match_undo(qv_match *m, qv_err *err)
{
	int i = last_decision(m);
	if (i < 0)
		return qv_fail(err, QV_ESTATE, "nothing to undo");
	qv__match_truncate(m, i);
	return QV_OK;
}

/* Whether the decision a of the player to move at st shows viewer something hidden: the
 * game's answer, and for a game with hidden information that has none, always. */
static bool shows(const qv_game *g, const void *st, qv_action a, int viewer)
{
	if (g->reveals)
		return g->reveals(st, a, viewer);
	return g->determinize != NULL;
}

/* The seat's last decision that was not automatic, or -1. */
static int last_own_decision(const qv_match *m, int player)
{
	int i = m->nhist - 1;
	while (i >= 0 && (m->hist[i].who != player || m->hist[i].automatic))
		i--;
	return i;
}

/* Entry i as `player` may know it, quoted, into buf: "p2's 'uncover c5'", "your 'attack c3
 * c4'", "a chance outcome ('die +1')"; st is the state before entry i. */
static const char *entry_words(qv_match *m, int i, const void *st, int player, char *buf,
                               size_t len)
{
	const char *text = qv__match_seen_text(m, i, st, player);
	int who = m->hist[i].who;
	char name[8];
	if (who == QV_CHANCE)
		snprintf(buf, len, text && *text ? "the chance outcome '%s'" : "a chance outcome",
		         text);
	else if (who == player)
		snprintf(buf, len, "your '%s'", text ? text : "?");
	else if (text && *text)
		snprintf(buf, len, "%s's '%s'", qv_player_name(who, name), text);
	else
		snprintf(buf, len, "a move of %s", qv_player_name(who, name));
	return buf;
}

/* What the walk of a takeback gathers (see qv_match_takeback). */
typedef struct takeback_walk {
	qv_match *m;
	qv_takeback *out;
	int player, np;
	unsigned humans;
	unsigned reveal_to;                   /* the people entry out->reveal showed something */
	char mover[2 * QV_ACTION_TEXT + 64];  /* the entry taken back first, for the player */
	char chance[2 * QV_ACTION_TEXT + 64]; /* the first chance outcome among them */
	char reveal[2 * QV_ACTION_TEXT + 64]; /* the first entry that showed a person something */
} takeback_walk;

/* One entry a takeback would undo, at the state before it: who decided, the first chance
 * outcome, who was shown something (the game's reveals, asked for every player at every
 * decision), the first other player's decision. */
static bool takeback_entry(void *ctx, int i, const void *st)
{
	takeback_walk *w = ctx;
	qv_takeback *out = w->out;
	const qv_move *mv = &w->m->hist[i];
	if (i == out->from)
		entry_words(w->m, i, st, w->player, w->mover, sizeof w->mover);
	if (mv->who == QV_CHANCE) {
		if (out->chance < 0) {
			out->chance = i;
			entry_words(w->m, i, st, w->player, w->chance, sizeof w->chance);
		}
	} else if (mv->who >= 0) {
		out->seats |= 1u << mv->who;
		out->decisions += !mv->automatic;
		if (mv->who != w->player && !mv->automatic && out->answered < 0)
			out->answered = i;
		unsigned to = 0;
		for (int p = 0; p < w->np; p++)
			to |= shows(w->m->game, st, mv->action, p) ? 1u << p : 0;
		out->shown |= to;
		if ((to & w->humans) && out->reveal < 0) {
			out->reveal = i;
			w->reveal_to = to & w->humans;
			entry_words(w->m, i, st, w->player, w->reveal, sizeof w->reveal);
		}
	}
	return true;
}

/* One walk over the entries a takeback would undo (takeback_entry), then the rule, with the
 * reason for a refusal worded for the player. */
qv_status qv_match_takeback(qv_match *m, int player, unsigned humans, qv_takeback *out, qv_err *err)
{
	int np = m->game->num_players(m->state);
	char name[8], mine[8];
	*out = (qv_takeback){.from = -1, .chance = -1, .reveal = -1, .answered = -1};
	if (player < 0 || player >= np)
		return qv_fail(err, QV_EINVAL, "no player %d in this game", player + 1);
	humans |= 1u << player;
	bool alone = !(humans & ~(1u << player));
	int from = last_own_decision(m, player);
	if (from < 0) {
		qv_fail(&out->why, QV_ESTATE, "nothing to undo: %s has not decided anything yet",
		        qv_player_name(player, name));
		return QV_OK;
	}
	out->from = from;
	takeback_walk w = {.m = m, .out = out, .player = player, .np = np, .humans = humans};
	if (qv_match_walk(m, from, takeback_entry, &w) != QV_OK) {
		*out = (qv_takeback){.from = -1, .chance = -1, .reveal = -1, .answered = -1};
		return qv_fail(err, QV_ENOMEM, "out of memory working out an undo");
	}
	if (out->chance >= 0) {
		qv_fail(&out->barrier, QV_ESTATE,
		        "%s came after %s, and no undo crosses a chance outcome (it would be known "
		        "before the move is made again)",
		        w.chance, w.mover);
	} else if (out->reveal >= 0) {
		int to = w.reveal_to >> player & 1 ? player : __builtin_ctz(w.reveal_to);
		char whom[8] = "you";
		if (to != player)
			qv_player_name(to, whom);
		if (out->reveal == from)
			qv_fail(
			    &out->barrier, QV_ESTATE,
			    "%s showed %s something that was hidden, and no undo crosses a reveal",
			    w.mover, whom);
		else
			qv_fail(
			    &out->barrier, QV_ESTATE,
			    "%s after %s showed %s something that was hidden, and no undo crosses "
			    "a reveal",
			    w.reveal, w.mover, whom);
	}
	if (!alone && out->answered >= 0)
		qv_fail(&out->why, QV_ESTATE, "%s has decided since %s's last move",
		        qv_player_name(m->hist[out->answered].who, name),
		        qv_player_name(player, mine));
	else if (out->chance >= 0 || out->reveal >= 0)
		out->why = out->barrier;
	else
		out->allowed = true;
	return QV_OK;
}

qv_status qv_match_undo_seat(qv_match *m, int player, unsigned humans, qv_err *err)
{
	qv_takeback tb;
	qv_status rc = qv_match_takeback(m, player, humans, &tb, err);
	if (rc)
		return rc;
	if (!tb.allowed) {
		if (err)
			*err = tb.why;
		return QV_ESTATE;
	}
	qv__match_truncate(m, tb.from);
	return QV_OK;
}

qv_status qv_match_takeback_agreed(qv_match *m, int player, unsigned humans, qv_err *err)
{
	qv_takeback tb;
	qv_status rc = qv_match_takeback(m, player, humans, &tb, err);
	if (rc)
		return rc;
	if (tb.from < 0 || tb.chance >= 0 || tb.reveal >= 0) {
		if (err)
			*err = tb.from < 0 ? tb.why : tb.barrier;
		return QV_ESTATE;
	}
	qv__match_truncate(m, tb.from);
	return QV_OK;
}
