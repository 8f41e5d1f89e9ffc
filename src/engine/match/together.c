/*
 * together.c - simultaneous secret steps: the position at which a player of a step decides,
 * and the commitments it makes there ahead of its turn.
 *
 * A game asks the players of a secret step one at a time, in seat order (qv_game.together);
 * people at a table choose at once. A match (step.c) lets a player of the step commit ahead
 * of its turn: the choice is checked against the position at which the player would decide,
 * and kept as text until that turn comes, when the match applies it like any decision. The
 * game's outcome is therefore the one of the seat order, whatever order the choices came in.
 *
 * The position of a later player's turn is worked out on a scratch state: the current one, with
 * a placeholder choice for each player before it that has not decided (the first option that
 * ends its part of the step), and the player's own commitments. Never the others' real
 * commitments: the game guarantees that they change nothing of the player's options, and the
 * scratch state is shown to agents.
 *
 * Commitments are kept as notation lines, each ended by a newline, in a buffer per player.
 */
#include <string.h>

#include "engine/match/together.h"

/* Placeholder decisions made on the way to a player's turn before giving up: far more than
 * any step takes (Arrow Party's items phase is the longest, a few uses and `ready` per
 * player). */
#define REACH_STEPS 256

/* Applies to st a placeholder decision of the player to move, `who`: the first legal option
 * after which someone else is to move (ending the player's part of the step: `ready`, a
 * throw), else the first. False when there is none. abuf holds max_actions. */
static bool placeholder(const qv_game *g, void *st, int who, void *tmp, qv_action *abuf)
{
	int n = g->legal(st, abuf);
	if (n <= 0)
		return false;
	for (int i = 0; i < n; i++) {
		memcpy(tmp, st, g->state_size);
		g->apply(tmp, abuf[i], NULL);
		if (g->to_move(tmp) != who) {
			memcpy(st, tmp, g->state_size);
			return true;
		}
	}
	g->apply(st, abuf[0], NULL);
	return true;
}

/* The next line of text (ended by a newline) into buf; returns the text after it. */
static const char *next_line(const char *text, char *buf, size_t len)
{
	const char *end = strchr(text, '\n');
	size_t n = end ? (size_t)(end - text) : strlen(text);
	if (n >= len)
		n = len - 1;
	memcpy(buf, text, n);
	buf[n] = '\0';
	return end ? end + 1 : text + strlen(text);
}

/* Parses and checks one commitment line of the player to move at st. */
static qv_status parse_checked(const qv_game *g, const void *st, const char *text, qv_action *a,
                               qv_err *err)
{
	qv_status rc = g->action_from_text(st, text, a, err);
	return rc ? rc : g->check(st, *a, err);
}

bool qv__together_reach(const qv_game *g, const void *state, int player, const char *mine, void *st,
                        void *tmp, qv_action *abuf, bool *broken)
{
	memcpy(st, state, g->state_size);
	char line[QV_ACTION_TEXT];
	unsigned done, left = g->together(st, &done), players = left | done;
	*broken = false;
	for (int steps = 0; steps < REACH_STEPS; steps++) {
		int who = g->to_move(st);
		/* Past the step (its reveal, a chance event, the next phase: the step's players
		 * change, or those done do not grow), the player has nothing left in it, even
		 * when it is to move again. */
		unsigned now_done = 0, now = who < 0 ? 0 : g->together(st, &now_done);
		if (who < 0 || (now | now_done) != players || (now_done & done) != done ||
		    !(now >> player & 1u)) {
			*broken = *mine != '\0';
			return false;
		}
		done = now_done;
		if (who != player) {
			if (!placeholder(g, st, who, tmp, abuf))
				return false;
			continue;
		}
		if (!*mine)
			return true;
		mine = next_line(mine, line, sizeof line);
		qv_action a;
		if (parse_checked(g, st, line, &a, NULL)) {
			*broken = true;
			return false;
		}
		g->apply(st, a, NULL);
	}
	return false;
}

qv_status qv__together_add(const qv_game *g, const void *st, const char *text, char *mine,
                           size_t cap, qv_err *err)
{
	qv_action a;
	qv_err why;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	qv_status rc = g->action_from_text(st, text, &a, err);
	if (rc)
		return rc;
	if ((rc = g->check(st, a, &why)))
		return qv_fail(err, rc, "illegal action '%s': %s",
		               qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted), why.msg);
	char canon[QV_ACTION_TEXT];
	if (g->action_to_text(st, a, canon, sizeof canon) < 0)
		return qv_fail(err, QV_EINVAL, "'%s' cannot be written back",
		               qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted));
	size_t used = strlen(mine), add = strlen(canon);
	if (used + add + 2 > cap)
		return qv_fail(err, QV_ESTATE, "too many choices made ahead of your turn");
	memcpy(mine + used, canon, add);
	mine[used + add] = '\n';
	mine[used + add + 1] = '\0';
	return QV_OK;
}

bool qv__together_next(const qv_game *g, const void *state, const char *mine, qv_action *out)
{
	char line[QV_ACTION_TEXT];
	next_line(mine, line, sizeof line);
	return parse_checked(g, state, line, out, NULL) == QV_OK;
}

void qv__together_pop(char *mine)
{
	char line[QV_ACTION_TEXT];
	const char *rest = next_line(mine, line, sizeof line);
	memmove(mine, rest, strlen(rest) + 1);
}

int qv__together_count(const char *mine)
{
	int n = 0;
	for (; *mine; mine++)
		n += *mine == '\n';
	return n;
}

int qv__together_line(const char **cursor, char *buf, size_t len)
{
	if (!**cursor)
		return 0;
	*cursor = next_line(*cursor, buf, len);
	return 1;
}
