/*
 * leave.c - players leaving a game: a resignation, or a player out of time at a table, as
 * Board Game Arena and lichess treat them. A leave is no move: it is kept beside the history
 * (who left, why, and after how many entries), so a record carries and replays it, and a
 * takeback past it leaves it standing. With at most one player left the game is over; with
 * more it goes on, the seat played by someone else, and the final ranks put every player who
 * left below every player who did not. A player who ran out of time may come back.
 */
#include "quiver/match.h"

const char *qv_left_name(int reason)
{
	return reason == QV_LEFT_RESIGNED  ? "resigned"
	       : reason == QV_LEFT_TIMEOUT ? "timeout"
	                                   : NULL;
}

int qv_match_left(const qv_match *m, int player)
{
	return player >= 0 && player < QV_MAX_PLAYERS ? m->left[player] : 0;
}

qv_status qv_match_leave(qv_match *m, int player, int reason, qv_err *err)
{
	char name[8];
	int np = m->game->num_players(m->state);
	if (player < 0 || player >= np)
		return qv_fail(err, QV_EINVAL, "no player %d in this game", player + 1);
	if (!qv_left_name(reason))
		return qv_fail(err, QV_EINVAL, "no such reason to leave (%d)", reason);
	if (qv_match_over(m))
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (m->left[player])
		return qv_fail(err, QV_ESTATE, "%s has left the game already",
		               qv_player_name(player, name));
	m->left[player] = (unsigned char)reason;
	m->left_at[player] = m->nhist;
	int playing = 0;
	for (int p = 0; p < np; p++)
		playing += !m->left[p];
	m->ended = playing <= 1;
	return QV_OK;
}

qv_status qv_match_return(qv_match *m, int player, qv_err *err)
{
	char name[8];
	if (qv_match_over(m))
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (qv_match_left(m, player) != QV_LEFT_TIMEOUT)
		return qv_fail(err, QV_ESTATE, "%s did not leave by running out of time",
		               qv_player_name(player, name));
	m->left[player] = 0;
	return QV_OK;
}

void qv_match_ranks(const qv_match *m, int *out)
{
	int np = m->game->num_players(m->state), game[QV_MAX_PLAYERS];
	m->game->ranks(m->state, game);
	for (int p = 0; p < np; p++) {
		out[p] = 1;
		for (int q = 0; q < np; q++)
			if ((m->left[q] != 0) < (m->left[p] != 0) ||
			    ((m->left[q] != 0) == (m->left[p] != 0) && game[q] < game[p]))
				out[p]++;
	}
}
