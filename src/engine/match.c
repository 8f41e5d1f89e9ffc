/*
 * match.c - a game in progress: state, history with automatic forced moves, undo by replay,
 * and the JSON forms of a match (full state, a player's view, a record).
 *
 * The history starts from `base`, the state right after init or load; the current state is
 * always base with the history applied. Undo therefore rebuilds the state by replaying a
 * shorter history instead of storing a copy per move, which keeps a match small. What the match
 * knew when it applied a move it keeps: the move's notation (notes) and its narration (said),
 * unless it is quiet.
 * Everything that goes over the past (logs, takebacks, agents told the new moves, the server's
 * step-by-step replay) goes through one walk, qv_match_walk, which starts from the nearest of a
 * few positions where walks ended (marks) rather than from base.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "engine/together.h"
#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/match.h"
#include "quiver/variant.h"

/* Stirred into the seed so the match's chance draws differ from any RNG a game seeds with the
 * same seed. */
#define MATCH_RNG_SALT 0x6d617463682d726eull /* "match-rn" */

/* qv_match.who when the player to move is not known (the state changed since it was asked). */
#define WHO_UNKNOWN (-100)

/* Drops what the match keeps of the current position (its count of legal actions, its chance
 * list, the player to move): called whenever the position changes. */
static void forget_position(qv_match *m)
{
	m->noptions = -1;
	m->nchance = -1;
	m->who = WHO_UNKNOWN;
}

/* ---- life cycle ---------------------------------------------------------------------------- */

/* Allocates a match for g with its state buffers and default names, but no state yet. The
 * parameters (some 33 KB of text) are left unwritten but empty: only their first n entries are
 * ever read, so a match for each arena game costs no large memset. */
static qv_match *match_alloc(const qv_game *g, qv_err *err)
{
	qv_match *m = malloc(sizeof *m);
	if (!m) {
		qv_fail(err, QV_ENOMEM, "out of memory creating a match");
		return NULL;
	}
	memset(m, 0, offsetof(qv_match, params));
	m->params.n = 0;
	memset((char *)m + offsetof(qv_match, seed), 0, sizeof *m - offsetof(qv_match, seed));
	int nbuf = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	if (nbuf < 1)
		nbuf = 1;
	m->game = g;
	int nch = g->max_chance > 0 ? g->max_chance : 1;
	forget_position(m);
	m->state = calloc(1, g->state_size);
	m->base = calloc(1, g->state_size);
	/* The scratch lists, each followed by the match's own chance list. */
	m->abuf = malloc((size_t)(nbuf + nch) * sizeof *m->abuf);
	m->pbuf = malloc((size_t)(2 * nch) * sizeof *m->pbuf);
	if (!m->state || !m->base || !m->abuf || !m->pbuf) {
		qv_match_free(m);
		qv_fail(err, QV_ENOMEM, "out of memory creating a match");
		return NULL;
	}
	m->cout = m->abuf + nbuf;
	m->cprob = m->pbuf + nch;
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		m->mark_at[k] = -1;
	for (int i = 0; i < QV_MAX_PLAYERS; i++) /* "p1".."p5" */
		memcpy(m->names[i], (char[]){'p', (char)('1' + i), '\0'}, 3);
	return m;
}

/* Frees the worded moves of the entries from `from` on (none to visit in a quiet match). */
static void free_seen(qv_match *m, int from)
{
	for (int i = from * QV_VIEWERS; m->nseen && i < m->nhist * QV_VIEWERS; i++)
		if (m->seen[i]) {
			free(m->seen[i]);
			m->seen[i] = NULL;
			m->nseen--;
		}
	QV_ASSERT(m->nseen >= 0 && m->nseen <= from * QV_VIEWERS);
}

/* Drops the marks of positions after entry n (all of them for n < 0): an undo cut the entries
 * they were reached by, or a restart the base they were reached from. */
static void forget_marks(qv_match *m, int n)
{
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		if (m->mark_at[k] > n)
			m->mark_at[k] = -1;
}

/* The invariants of the history, checked after every change of it: the counts, one kept
 * notation per entry (the last one ends the notes), the narration offsets in order and within
 * the narration, the worded moves and the marks within the history. */
static void check_history(const qv_match *m)
{
	QV_ASSERT(m->nhist >= 0 && m->nhist <= m->caphist);
	QV_ASSERT(m->nseen >= 0 && m->nseen <= m->nhist * QV_VIEWERS);
	QV_ASSERT(m->nnotes >= 0 && m->nnotes <= m->nhist && (m->quiet || m->nnotes == m->nhist));
	QV_ASSERT(m->notes_len <= m->notes_cap);
	if (m->nnotes == 0) {
		QV_ASSERT(m->notes_len == 0);
	} else {
		QV_ASSERT(m->note_at[m->nnotes - 1] + strlen(m->notes + m->note_at[m->nnotes - 1]) +
		              1 ==
		          m->notes_len);
		QV_ASSERT(m->nnotes < 2 || m->note_at[m->nnotes - 2] < m->note_at[m->nnotes - 1]);
	}
	if (m->nhist > 0) {
		QV_ASSERT(m->said_at[m->nhist - 1] <= m->said.text.len);
		QV_ASSERT(m->nhist < 2 || m->said_at[m->nhist - 2] <= m->said_at[m->nhist - 1]);
	}
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		QV_ASSERT(m->mark_at[k] <= m->nhist);
	(void)m;
}

/* Releases the match and everything it owns; NULL is allowed. */
void qv_match_free(qv_match *m)
{
	if (!m)
		return;
	free(m->state);
	free(m->base);
	free(m->hist);
	free_seen(m, 0);
	free(m->seen);
	free(m->said_at);
	free(m->note_at);
	free(m->notes);
	free(m->marks);
	free(m->scratch);
	qv_events_free(&m->said);
	free(m->abuf);
	free(m->pbuf);
	qv_variant_release(m->variant);
	free(m);
}

/* Runs init with params and seed, then records the completed parameters and seeds the RNG.
 * The variant params name is held first, so that it cannot leave the registry between init
 * finding it and the match holding it; when there is none, init says so. */
static qv_status match_init(qv_match *m, const qv_params *params, uint64_t seed, qv_err *err)
{
	const qv_game *g = m->game;
	if (g->components && !m->variant)
		m->variant =
		    qv_variant_find_held(g, params ? qv_params_get(params, "variant") : NULL, NULL);
	qv_status rc = m->game->init(m->state, params, seed, err);
	if (rc)
		return rc;
	qv_variant_complete(m->game, params, &m->params);
	m->seed = seed;
	return QV_OK;
}

/* Makes room for one more history entry (its move, narration and notation offsets and worded
 * moves). */
static qv_status hist_reserve(qv_match *m, qv_err *err)
{
	int cap = m->caphist ? m->caphist * 2 : 64;
	qv_move *h = realloc(m->hist, (size_t)cap * sizeof *h);
	if (h)
		m->hist = h;
	uint32_t *at = h ? realloc(m->said_at, (size_t)cap * sizeof *at) : NULL;
	if (at)
		m->said_at = at;
	uint32_t *nat = at ? realloc(m->note_at, (size_t)cap * sizeof *nat) : NULL;
	if (nat)
		m->note_at = nat;
	char **seen = nat ? realloc(m->seen, (size_t)cap * QV_VIEWERS * sizeof *seen) : NULL;
	if (!seen)
		return qv_fail(err, QV_ENOMEM, "out of memory growing the history");
	/* Entries past the history have no worded moves: new ones start empty, and free_seen
	 * empties those it cuts off. */
	for (int i = m->caphist * QV_VIEWERS; i < cap * QV_VIEWERS; i++)
		seen[i] = NULL;
	m->seen = seen;
	m->caphist = cap;
	return QV_OK;
}

/* Makes room in the notes for one more notation (QV_ACTION_TEXT bytes). */
static qv_status notes_reserve(qv_match *m, qv_err *err)
{
	if (m->notes_cap - m->notes_len >= QV_ACTION_TEXT)
		return QV_OK;
	size_t cap = m->notes_cap ? m->notes_cap * 2 : 4096;
	char *s = realloc(m->notes, cap);
	if (!s)
		return qv_fail(err, QV_ENOMEM, "out of memory growing the history");
	m->notes = s;
	m->notes_cap = cap;
	return QV_OK;
}

/* The notation of a at st (the state before it) into buf: "#<action>" if the game cannot
 * name it. */
static void notation(const qv_game *g, const void *st, qv_action a, char *buf, size_t len)
{
	if (g->action_to_text(st, a, buf, len) < 0)
		snprintf(buf, len, "#%d", (int)a);
}

/* Writes the notation of a, about to be applied to the current state as entry nhist, into the
 * notes (room reserved). */
static void note(qv_match *m, qv_action a)
{
	QV_ASSERT(m->nnotes == m->nhist);
	notation(m->game, m->state, a, m->notes + m->notes_len, QV_ACTION_TEXT);
	m->note_at[m->nnotes++] = (uint32_t)m->notes_len;
	m->notes_len += strlen(m->notes + m->notes_len) + 1;
}

static int position_at(const qv_match *m, int n, void *st);

/* Checks a (unless the caller has: `checked`), applies it to the current state with its
 * narration, and appends it to the history with its notation. who is the player to move (or
 * QV_CHANCE). Nothing changes on error. */
static qv_status match_apply_as(qv_match *m, int who, qv_action a, bool automatic, bool checked,
                                qv_err *err)
{
	qv_status rc = m->nhist < m->caphist ? QV_OK : hist_reserve(m, err);
	if (!rc && !m->quiet)
		rc = notes_reserve(m, err);
	if (!rc && !checked)
		rc = m->game->check(m->state, a, err);
	if (rc)
		return rc;
	if (!m->quiet)
		note(m, a);
	m->said_at[m->nhist] = (uint32_t)m->said.text.len;
	m->game->apply(m->state, a, m->quiet ? NULL : &m->said);
	forget_position(m);
	if (m->said.text.failed) {
		m->said.text.failed = false;
		m->said.text.len = m->said_at[m->nhist];
		if (m->said.text.s)
			m->said.text.s[m->said.text.len] = '\0';
		if (!m->quiet) {
			m->notes_len = m->note_at[--m->nnotes];
		}
		position_at(m, m->nhist, m->state);
		return qv_fail(err, QV_ENOMEM, "out of memory narrating an action");
	}
	m->hist[m->nhist++] = (qv_move){.action = a, .who = who, .automatic = automatic};
	check_history(m);
	return QV_OK;
}

/* match_apply_as with the check, for a record's action. */
static qv_status match_apply(qv_match *m, qv_action a, bool automatic, qv_err *err)
{
	return match_apply_as(m, qv_match_to_move(m), a, automatic, false, err);
}

/* The outcomes of the pending chance event (who is QV_CHANCE) in the match's own list, listed
 * once per position: the search for forced moves lists them, and the draw reads them again. */
static int chance_list(qv_match *m)
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
static bool only_option(qv_match *m, int who, qv_action *out, int *counted)
{
	*counted = -1;
	if (who == QV_OVER)
		return false;
	if (who == QV_CHANCE) {
		if (chance_list(m) != 1)
			return false;
		*out = m->cout[0];
		return true;
	}
	return qv_only_option(m->game, m->state, m->abuf, counted, out);
}

/* Whether who is a player whose forced decisions a front end shows before they are applied
 * (qv_match_hold_forced). */
static bool held(const qv_match *m, int who)
{
	return who >= 0 && who < QV_MAX_PLAYERS && (m->hold >> who & 1u);
}

/* Whether `who`, now to move, made a commitment ahead of its turn (qv_match_act) that fits:
 * true with its action in *out. One that no longer fits (a takeback changed the step) is
 * withdrawn with the player's others: the player decides again. */
static bool next_pending(qv_match *m, int who, qv_action *out)
{
	if (who < 0 || who >= QV_MAX_PLAYERS || !(m->npending >> who & 1u))
		return false;
	if (qv__together_next(m->game, m->state, m->pending[who], out))
		return true;
	qv_match_withdraw(m, who);
	return false;
}

/* Applies forced moves (a single legal option, a single chance outcome) and the commitments a
 * player made ahead of its turn (qv_match_act) until a real choice, a forced decision of a held
 * player, or the end. Forced moves come from legal() and chance(), and commitments are checked
 * as they are taken, so neither is checked again. A failure (out of memory) stops the loop and
 * is returned: the state and history stay consistent, with the move pending. */
static qv_status apply_forced(qv_match *m)
{
	qv_action a;
	int counted = -1;
	int who;
	for (;;) {
		who = qv_match_to_move(m);
		if (m->npending && next_pending(m, who, &a)) {
			if (match_apply_as(m, who, a, false, true, NULL))
				return QV_ENOMEM;
			qv__together_pop(m->pending[who]);
			if (!m->pending[who][0])
				m->npending &= ~(1u << who);
			continue;
		}
		if (held(m, who) || !only_option(m, who, &a, &counted))
			break;
		if (match_apply_as(m, who, a, true, true, NULL))
			return QV_ENOMEM;
	}
	m->who = who; /* asked once per position: the game's to_move is not free everywhere */
	m->noptions = counted; /* the current state's, when only_option counted them */
	return QV_OK;
}

void qv_match_hold_forced(qv_match *m, unsigned players)
{
	m->hold = players;
	(void)apply_forced(m); /* a decision no longer held is applied now, or stays pending */
}

void qv_match_quiet(qv_match *m) { m->quiet = true; }

int qv_match_count_legal(qv_match *m)
{
	if (m->noptions < 0) {
		int who = qv_match_to_move(m);
		m->noptions = who < 0 ? 0 : qv_count_legal(m->game, m->state, m->abuf);
	}
	return m->noptions;
}

bool qv_match_held(qv_match *m, qv_action *out)
{
	qv_action a;
	int counted, who = qv_match_to_move(m);
	if (!held(m, who) || !only_option(m, who, &a, &counted))
		return false;
	m->noptions = counted;
	if (out)
		*out = a;
	return true;
}

/* ---- leaving a game ------------------------------------------------------------------------- */

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

/* ---- simultaneous secret steps (together.c works them out) ---- */

/* The scratch states (two, side by side), made on first use. */
static char *scratch(qv_match *m)
{
	if (!m->scratch)
		m->scratch = malloc(2 * m->game->state_size);
	return m->scratch;
}

/* Whether `player`, of the current step but not to move, has a decision to make in it, with
 * the position in st (tmp: a second state): together.c's reach, after which commitments
 * that no longer fit are withdrawn and the player decides again. */
static bool step_turn(qv_match *m, int player, void *st, void *tmp)
{
	bool broken = false;
	const qv_game *g = m->game;
	if (qv__together_reach(g, m->state, player, m->pending[player], st, tmp, m->abuf, &broken))
		return true;
	if (!broken)
		return false;
	qv_match_withdraw(m, player);
	return qv__together_reach(g, m->state, player, "", st, tmp, m->abuf, &broken);
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
	return player >= 0 && player < QV_MAX_PLAYERS ? m->pending[player] : "";
}

int qv_match_withdraw(qv_match *m, int player)
{
	if (player < 0 || player >= QV_MAX_PLAYERS)
		return 0;
	int n = qv__together_count(m->pending[player]);
	m->pending[player][0] = '\0';
	m->npending &= ~(1u << player);
	return n;
}

qv_status qv_match_act(qv_match *m, int player, const char *text, qv_err *err)
{
	const qv_game *g = m->game;
	char name[8], mover[8];
	int who = qv_match_to_move(m);
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (player < 0 || player >= g->num_players(m->state))
		return qv_fail(err, QV_EINVAL, "no player %d in this game", player + 1);
	if (player == who)
		return qv_match_play_text(m, text, err);
	char *st = in_step(m, player) ? scratch(m) : NULL;
	if (in_step(m, player) && !st)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	if (!st || !step_turn(m, player, st, st + g->state_size)) {
		if (*m->pending[player])
			return qv_fail(err, QV_ESTATE,
			               "%s has made its choice for this step; it is applied when "
			               "the others have made theirs",
			               qv_player_name(player, name));
		return qv_fail(err, QV_ESTATE, "it is not %s's turn: %s is to move",
		               qv_player_name(player, name), qv_player_name(who, mover));
	}
	qv_status rc = qv__together_add(g, st, text, m->pending[player], QV_PENDING_TEXT, err);
	if (!rc)
		m->npending |= 1u << player;
	return rc;
}

/* Creates the match, runs init, remembers the position as the base of the history and
 * applies the forced moves of the opening. */
qv_status qv_match_new(qv_match **out, const qv_game *g, const qv_params *params, uint64_t seed,
                       qv_err *err)
{
	*out = NULL;
	qv_match *m = match_alloc(g, err);
	if (!m)
		return QV_ENOMEM;
	qv_status rc = match_init(m, params, seed, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	memcpy(m->base, m->state, g->state_size);
	if (apply_forced(m)) {
		qv_match_free(m);
		return qv_fail(err, QV_ENOMEM, "out of memory creating a match");
	}
	*out = m;
	return QV_OK;
}

/* ---- playing ------------------------------------------------------------------------------- */

/* Who decides now: the game's answer, kept from when apply_forced last asked it (after every
 * change of the position) until the position changes again. */
int qv_match_to_move(const qv_match *m)
{
	if (m->ended)
		return QV_OVER;
	return m->who != WHO_UNKNOWN ? m->who : m->game->to_move(m->state);
}

/* Whether the game has ended. */
bool qv_match_over(const qv_match *m) { return qv_match_to_move(m) == QV_OVER; }

static void truncate_history(qv_match *m, int n);
static char *scratch(qv_match *m);
static bool step_turn(qv_match *m, int player, void *st, void *tmp);
static bool in_step(const qv_match *m, int player);

/* A decision or chance outcome of who (the one to move), followed by whatever is forced after
 * it; when a forced move cannot be applied (out of memory), the decision is taken back too. */
static qv_status match_play(qv_match *m, int who, qv_action a, bool automatic, bool checked,
                            qv_err *err)
{
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	int old = m->nhist;
	qv_status rc = match_apply_as(m, who, a, automatic, checked, err);
	if (rc)
		return rc;
	if (apply_forced(m)) {
		truncate_history(m, old);
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
		if (!in_step(m, player) || !scratch(m) ||
		    !step_turn(m, player, m->scratch, (char *)m->scratch + g->state_size))
			return qv_fail(err, QV_ESTATE, "%s has no decision to make now",
			               qv_player_name(player, name));
		st = m->scratch;
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
	int n = chance_list(m);
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

/* ---- undo and replay ----------------------------------------------------------------------- */

/* Mark k's state. */
static void *mark(const qv_match *m, int k) { return (char *)m->marks + k * m->game->state_size; }

/* Rebuilds into st the state before entry n (n <= nhist) from the nearest mark at or before n,
 * else from base; returns the mark used, or -1 for base. Every entry was checked when it was
 * played, so the replay trusts them. st may be the current state: nothing reads it. */
static int position_at(const qv_match *m, int n, void *st)
{
	QV_ASSERT(n >= 0 && n <= m->nhist);
	int best = -1, at = 0;
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		if (m->mark_at[k] > at && m->mark_at[k] <= n) {
			best = k;
			at = m->mark_at[k];
		}
	memcpy(st, best >= 0 ? mark(m, best) : m->base, m->game->state_size);
	for (int i = at; i < n; i++)
		m->game->apply(st, m->hist[i].action, NULL);
	return best;
}

/* Keeps st, the state before entry n, as a mark (in a free slot or the least recently used
 * one), unless one is kept there already. Base serves entry 0; without memory for the marks
 * nothing is kept, and walks start further back. */
static void keep_mark(qv_match *m, int n, const void *st)
{
	if (n <= 0)
		return;
	int slot = 0;
	for (int k = 0; k < QV_MATCH_MARKS; k++) {
		if (m->mark_at[k] == n) {
			m->mark_used[k] = ++m->mark_clock;
			return;
		}
		if (m->mark_at[slot] >= 0 &&
		    (m->mark_at[k] < 0 || m->mark_used[k] < m->mark_used[slot]))
			slot = k;
	}
	if (!m->marks && !(m->marks = malloc(QV_MATCH_MARKS * m->game->state_size)))
		return;
	memcpy(mark(m, slot), st, m->game->state_size);
	m->mark_at[slot] = n;
	m->mark_used[slot] = ++m->mark_clock;
}

/* The walk of qv_match_walk. A match given as `keeper` (m itself) has the mark it starts from
 * marked as used and keeps the position where it ends; without one (a const match) the walk
 * changes nothing. */
static qv_status walk(const qv_match *m, int from, qv_walk_fn fn, void *ctx, qv_match *keeper)
{
	if (from < 0)
		from = 0;
	if (from >= m->nhist)
		return QV_OK;
	void *st = malloc(m->game->state_size);
	if (!st)
		return QV_ENOMEM;
	int slot = position_at(m, from, st);
	if (keeper && slot >= 0)
		keeper->mark_used[slot] = ++keeper->mark_clock;
	int n = m->nhist, i = from;
	for (; i < n; i++) {
		if (!fn(ctx, i, st))
			break;
		QV_ASSERT(m->nhist == n); /* fn reads the history, never changes it */
		m->game->apply(st, m->hist[i].action, NULL);
	}
	if (keeper && i == n)
		keep_mark(keeper, n, st); /* where the next walk of this caller will start */
	free(st);
	return QV_OK;
}

qv_status qv_match_walk(qv_match *m, int from, qv_walk_fn fn, void *ctx)
{
	return walk(m, from, fn, ctx, m);
}

/* Cuts the history to its first n entries (with their narration, notation and worded moves)
 * and rebuilds the state; needs no memory, so it cannot fail. */
static void truncate_history(qv_match *m, int n)
{
	QV_ASSERT(n >= 0 && n <= m->nhist);
	position_at(m, n, m->state);
	forget_position(m);
	free_seen(m, n);
	if (n < m->nhist) {
		m->said.text.len = m->said_at[n];
		if (m->said.text.s)
			m->said.text.s[m->said.text.len] = '\0';
	}
	if (n < m->nnotes) {
		m->notes_len = m->note_at[n];
		m->nnotes = n;
	}
	m->nhist = n;
	forget_marks(m, n);
	/* A leave stays (it is no move): it now comes before the entries played after n. */
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		if (m->left[p] && m->left_at[p] > n)
			m->left_at[p] = n;
	check_history(m);
}

/* A new game in the match's memory: init into the current state (which base and the history
 * can rebuild, should init fail), then the history dropped as truncate_history drops it. */
qv_status qv_match_restart(qv_match *m, uint64_t seed, qv_err *err)
{
	qv_status rc = m->game->init(m->state, &m->params, seed, err);
	if (rc) {
		position_at(m, m->nhist, m->state); /* the game m held, unchanged */
		return rc;
	}
	free_seen(m, 0);
	qv_events_clear(&m->said);
	m->nhist = 0;
	m->nnotes = 0;
	m->notes_len = 0;
	forget_marks(m, -1);
	forget_position(m);
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		qv_match_withdraw(m, p);
	memset(m->left, 0, sizeof m->left);
	m->ended = false;
	m->seed = seed;
	memcpy(m->base, m->state, m->game->state_size);
	check_history(m);
	(void)apply_forced(m); /* a forced opening move that cannot be applied stays pending */
	return QV_OK;
}

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
	truncate_history(m, i);
	return QV_OK;
}

static const char *seen_text(qv_match *m, int i, const void *before, int viewer);

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
	const char *text = seen_text(m, i, st, player);
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
	truncate_history(m, tb.from);
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
	truncate_history(m, tb.from);
	return QV_OK;
}

void qv_match_set_name(qv_match *m, int player, const char *name)
{
	if (player < 0 || player >= QV_MAX_PLAYERS)
		return;
	qv_copy(m->names[player], sizeof m->names[player], name);
}

/* The notation kept when entry i was applied (note). */
const char *qv_match_notation(const qv_match *m, int i)
{
	if (i < 0 || i >= m->nnotes)
		return "";
	QV_ASSERT(m->note_at[i] < m->notes_len);
	return m->notes + m->note_at[i];
}

/* What a walk writing notation carries: the text of each entry handed, into a buffer or a JSON
 * array. */
typedef struct notation_walk {
	const qv_match *m;
	char *buf;
	size_t len;
	json_t *arr;
} notation_walk;

/* Writes entry i's notation, at the state before it, into the buffer (and stops there) or
 * appends it to the array. */
static bool notation_step(void *ctx, int i, const void *before)
{
	notation_walk *w = ctx;
	char text[QV_ACTION_TEXT];
	notation(w->m->game, before, w->m->hist[i].action, w->buf ? w->buf : text,
	         w->buf ? w->len : sizeof text);
	if (w->buf)
		return false;
	w->arr = qv__json_push(w->arr, json_string(text));
	return w->arr != NULL;
}

/* The kept notation, or for a quiet match's entry the notation at the state a walk (which keeps
 * nothing: m is const) finds before it. */
void qv_match_move_text(const qv_match *m, int i, char *buf, size_t len)
{
	if (len == 0)
		return;
	qv_copy(buf, len, qv_match_notation(m, i));
	if (i >= m->nnotes && i < m->nhist &&
	    walk(m, i, notation_step, &(notation_walk){.m = m, .buf = buf, .len = len}, NULL))
		snprintf(buf, len, "#%d", (int)m->hist[i].action); /* out of memory */
}

/* The game's diagram of the current state. */
void qv_match_render(const qv_match *m, int viewer, unsigned flags, qv_buf *out)
{
	m->game->render_text(m->state, viewer, flags, out);
}

/* ---- the narrated log ---------------------------------------------------------------------- */

/* The slot of a viewer in an entry's worded moves. */
static int viewer_slot(int viewer)
{
	if (viewer == QV_VIEW_PUBLIC)
		return QV_MAX_PLAYERS;
	if (viewer == QV_VIEW_ALL)
		return QV_MAX_PLAYERS + 1;
	return viewer;
}

/* Entry i's move as viewer may know it, worked out at `before` (the state before it) and kept;
 * "" when the viewer is told nothing. NULL when out of memory, and then nothing is kept. */
static const char *seen_text(qv_match *m, int i, const void *before, int viewer)
{
	QV_ASSERT(i >= 0 && i < m->nhist);
	char **slot = &m->seen[i * QV_VIEWERS + viewer_slot(viewer)];
	if (*slot)
		return *slot;
	char text[QV_ACTION_TEXT + 16];
	int shown =
	    qv_action_seen(m->game, before, m->hist[i].action, viewer, text, QV_ACTION_TEXT, NULL);
	if (shown < 0)
		return NULL;
	if (!shown)
		text[0] = '\0';
	else if (m->hist[i].automatic && (viewer == QV_VIEW_ALL || viewer == m->hist[i].who))
		/* Said only to the mover and the referee: to others, that a player (or chance) had
		 * a single option can tell what that player holds. */
		strcat(text, " (only option)");
	*slot = strdup(text);
	m->nseen += *slot != NULL;
	QV_ASSERT(m->nseen <= m->nhist * QV_VIEWERS);
	return *slot;
}

/* Whether the log can be worded for viewer: a player of the game, QV_VIEW_PUBLIC or
 * QV_VIEW_ALL. */
static bool log_viewer(const qv_match *m, int viewer)
{
	return viewer >= QV_VIEW_PUBLIC && viewer < m->game->num_players(m->state);
}

/* Calls fn with entry i's lines for viewer: its move worded as `text` (none when empty; NULL
 * when it could not be worded), then its consequences, each worded into *line. QV_ENOMEM when
 * a line could not be worded: the lines before it were given, none after. */
static qv_status entry_lines(const qv_match *m, int viewer, int i, const char *text, qv_buf *line,
                             qv_log_fn fn, void *ctx)
{
	const qv_move *mv = &m->hist[i];
	qv_log_line l = {.entry = i, .who = mv->who, .about = mv->who, .automatic = mv->automatic};
	if (!text)
		return QV_ENOMEM;
	if (*text) {
		l.text = text;
		fn(ctx, &l);
	}
	size_t at = m->said_at[i];
	size_t end = i + 1 < m->nhist ? m->said_at[i + 1] : m->said.text.len;
	QV_ASSERT(at <= end && end <= m->said.text.len);
	const char *s = qv_buf_str(&m->said.text);
	while (at < end) {
		const char *nl = memchr(s + at, '\n', end - at);
		size_t len = nl ? (size_t)(nl - (s + at)) : end - at;
		qv_buf_clear(line);
		bool said = qv_word_line(s + at, len, viewer, line);
		if (line->failed)
			return QV_ENOMEM;
		if (said) {
			l.consequence = true;
			l.about = qv_line_about(s + at, len);
			l.text = qv_buf_str(line);
			fn(ctx, &l);
		}
		at += len + 1;
	}
	return QV_OK;
}

void qv_match_log_entry(qv_match *m, int viewer, int i, const void *before, qv_log_fn fn, void *ctx)
{
	if (!log_viewer(m, viewer) || i < 0 || i >= m->nhist)
		return;
	qv_buf line = {0};
	(void)entry_lines(m, viewer, i, seen_text(m, i, before, viewer), &line, fn, ctx);
	qv_buf_free(&line);
}

/* What qv_match_log's walk carries. */
typedef struct log_walk {
	qv_match *m;
	int viewer;
	qv_buf line;
	qv_log_fn fn;
	void *ctx;
	qv_status rc;
} log_walk;

/* An entry not yet worded for the viewer: worded at the state before it, then its lines. */
static bool log_step(void *ctx, int i, const void *before)
{
	log_walk *w = ctx;
	w->rc = entry_lines(w->m, w->viewer, i, seen_text(w->m, i, before, w->viewer), &w->line,
	                    w->fn, w->ctx);
	return w->rc == QV_OK;
}

/* The entries already worded for the viewer are told from what was kept; the walk starts at
 * the first that is not (usually where the previous log of the viewer ended). */
qv_status qv_match_log(qv_match *m, int viewer, int from, qv_log_fn fn, void *ctx)
{
	if (from < 0)
		from = 0;
	if (!log_viewer(m, viewer) || from >= m->nhist)
		return QV_OK;
	log_walk w = {.m = m, .viewer = viewer, .fn = fn, .ctx = ctx};
	int slot = viewer_slot(viewer), i = from;
	for (; i < m->nhist && m->seen[i * QV_VIEWERS + slot] && !w.rc; i++)
		w.rc = entry_lines(m, viewer, i, m->seen[i * QV_VIEWERS + slot], &w.line, fn, ctx);
	if (!w.rc && qv_match_walk(m, i, log_step, &w))
		w.rc = QV_ENOMEM;
	qv_buf_free(&w.line);
	return w.rc;
}

/* What qv_match_tell_agent's walk carries. */
typedef struct tell_walk {
	const qv_match *m;
	qv_agent *a;
} tell_walk;

static bool tell_step(void *ctx, int i, const void *before)
{
	tell_walk *w = ctx;
	qv_agent_observe(w->a, before, w->m->hist[i].action);
	return true;
}

void qv_match_tell_agent(qv_match *m, qv_agent *a, int *seen)
{
	int from = *seen;
	*seen = m->nhist;
	if (from >= m->nhist || !a->kind->observe || a->seat < 0 || a->release)
		return; /* nothing new, or an agent that keeps nothing between decisions */
	if (qv_match_walk(m, from, tell_step, &(tell_walk){.m = m, .a = a}) != QV_OK)
		qv_agent_reset(a); /* it cannot follow the game: it forgets it */
}

/* ---- JSON: writing ------------------------------------------------------------------------- */

json_t *qv_seed_json(uint64_t seed)
{
	char text[24];
	snprintf(text, sizeof text, "%" PRIu64, seed);
	return json_string(text);
}

qv_status qv_seed_from_json(const json_t *j, const char *field, uint64_t *out, qv_err *err)
{
	if (json_is_integer(j)) { /* the older form: the int64 bits of the seed */
		*out = (uint64_t)(int64_t)json_integer_value(j);
		return QV_OK;
	}
	const char *text = json_string_value(j);
	size_t n = text ? strlen(text) : 0;
	bool digits = n >= 1 && n <= 20;
	for (size_t i = 0; digits && i < n; i++)
		digits = text[i] >= '0' && text[i] <= '9';
	uint64_t x = 0;
	for (size_t i = 0; digits && i < n; i++) {
		unsigned d = (unsigned)(text[i] - '0');
		digits = x <= (UINT64_MAX - d) / 10;
		x = x * 10 + d;
	}
	if (!digits)
		return qv_fail(err, QV_EINVAL,
		               "%s: expected a string of decimal digits from \"0\" to "
		               "\"18446744073709551615\" (or a whole number)",
		               field);
	*out = x;
	return QV_OK;
}

/* A player or to_move value as JSON text ("p1", "chance", "over"). */
static json_t *who_json(int who)
{
	char name[8];
	return json_string(qv_player_name(who, name));
}

/* A viewer as JSON: "p1".., "all" or "public" (QV_VIEW_ALL and QV_VIEW_PUBLIC share their
 * values with QV_CHANCE and QV_OVER, so a viewer and a player to move need their own names). */
static json_t *viewer_json(int viewer)
{
	if (viewer == QV_VIEW_ALL)
		return json_string("all");
	if (viewer == QV_VIEW_PUBLIC)
		return json_string("public");
	return who_json(viewer);
}

/* The components a match plays with, for its records and full states: a built-in set's name
 * and hash, or a variant's whole resolved document, so that the record replays anywhere. */
static json_t *variant_json(const qv_match *m)
{
	const qv_variant *v = qv_variant_of_params(m->game, &m->params);
	if (!v)
		return json_null();
	if (v->builtin)
		return json_pack("{s:s, s:s}", "name", v->name, "sha256", v->sha256);
	return qv_variant_json(v);
}

/* Fills a new object with the fields every match JSON starts with: game, params and, for a
 * full state or a record of a game with components, the variant (a view leaves it out: its
 * front end has the catalogue once, and a view is sent after every move). */
static json_t *header_json(const qv_match *m, bool variant)
{
	json_t *j = qv__json_put(json_object(), "game", json_string(m->game->name));
	j = qv__json_put(j, "params",
	                 qv_params_to_json(&m->params, m->game->params, m->game->nparams));
	return variant && m->game->components ? qv__json_put(j, "variant", variant_json(m)) : j;
}

/* Reads a record's or full state's "variant" (absent: the built-in set): loads a variant's
 * document and names it in params, or checks that a built-in set's hash is this quiver's. A
 * variant's document is held in *held (reserved room: a server registers a client's document
 * in the shared room before it loads a record, and this finds it there) until the match that
 * plays it holds it; the caller releases *held either way. */
static qv_status load_variant(const qv_game *g, const json_t *v, qv_params *params,
                              const qv_variant **held, qv_err *err)
{
	*held = NULL;
	if (!v || !g->components)
		return v ? qv_fail(err, QV_EINVAL, "variant: %s has no components to vary", g->name)
		         : QV_OK;
	const qv_variant *var;
	qv_err why;
	if (json_is_object(v) && !json_object_get(v, "quiver_variant")) {
		const char *name = json_string_value(json_object_get(v, "name"));
		const char *sha = json_string_value(json_object_get(v, "sha256"));
		if (!name || strcmp(name, "base") != 0 || !sha || json_object_size(v) != 2)
			return qv_fail(
			    err, QV_EINVAL,
			    "variant: expected {\"name\": \"base\", \"sha256\": \"...\"} "
			    "(the built-in set) or a variant's resolved document");
		var = qv_variant_base(g, &why);
		if (!var)
			return qv_fail(err, QV_ENOMEM, "variant: %s", why.msg);
		if (strcmp(var->sha256, sha) != 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "variant: this was played with another built-in set of %s "
			    "(sha256 %.12s..., this quiver's is %.12s...): it may not replay "
			    "here",
			    g->name, sha, var->sha256);
	} else {
		qv_status rc =
		    qv_variant_from_json_held(v, g, "variant", QV_VARIANT_RESERVED, &var, err);
		if (rc)
			return rc;
		*held = var;
	}
	const char *given = qv_params_get(params, "variant");
	if (given && strcmp(given, var->builtin ? "base" : var->sha256) != 0 &&
	    !(var->builtin && strcmp(given, var->sha256) == 0))
		return qv_fail(
		    err, QV_EINVAL,
		    "params: variant is '%.70s' but the document \"variant\" is %s (%.12s...)",
		    given, var->name, var->sha256);
	return qv_params_set(params, "variant", var->builtin ? "base" : var->sha256, err);
}

/* The wrapper of a full state: game, params, seed, to_move and the game's own object. */
json_t *qv_match_state_json(const qv_match *m)
{
	json_t *j = qv__json_put(header_json(m, true), "seed", qv_seed_json(m->seed));
	j = qv__json_put(j, "to_move", who_json(qv_match_to_move(m)));
	return qv__json_put(j, "state", m->game->state_json(m->state));
}

/* The wrapper of a viewer's view, with the legal actions when the viewer may decide now (at
 * its own turn in a simultaneous step, qv_match_turn_of) and, beside them, what each would do
 * (action_note; "" when the game says nothing) and whether it deserves a confirmation,
 * "forced" when the decision is a held forced one, and the viewer's own commitments made ahead
 * of its turn. The mover knows everything a note may say, and a note depends on nothing the
 * mover cannot see (property 12 of tests/property), so the placeholders of a step's scratch
 * position change none. */
json_t *qv_match_view_json(qv_match *m, int viewer)
{
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	json_t *j = qv__json_put(header_json(m, false), "viewer", viewer_json(viewer));
	j = qv__json_put(j, "to_move", who_json(who));
	j = qv__json_put(j, "view", g->view_json(m->state, viewer));
	bool turn = j && who >= 0 && who == viewer;
	const void *st = m->state;
	if (j && who >= 0 && who != viewer && in_step(m, viewer) && scratch(m)) {
		/* A player of a step deciding before its turn: its options at its turn. */
		st = m->scratch;
		turn = step_turn(m, viewer, m->scratch, (char *)m->scratch + g->state_size);
	}
	if (turn) {
		json_t *legal = json_array(), *what = json_array(), *confirm = json_array();
		int n = g->legal(st, m->abuf);
		for (int i = 0; i < n; i++) {
			char text[QV_ACTION_TEXT], note[QV_NOTE_TEXT] = "";
			bool ask = false;
			if (g->action_to_text(st, m->abuf[i], text, sizeof text) < 0)
				continue;
			if (g->action_note &&
			    g->action_note(st, m->abuf[i], note, sizeof note, &ask) <= 0)
				note[0] = '\0';
			legal = qv__json_push(legal, json_string(text));
			what = qv__json_push(what, json_string(note));
			confirm = qv__json_push(confirm, json_boolean(ask));
		}
		j = qv__json_put(j, "legal", legal);
		j = qv__json_put(j, "what", what);
		j = qv__json_put(j, "confirm", confirm);
		/* A forced decision the match holds for a front end to show (qv_match_hold_forced):
		 * the front end may offer to play it at once. Said to the mover only. */
		if (who == viewer && held(m, who) && qv_decision_forced(g, m->state, n))
			j = qv__json_put(j, "forced", json_true());
	}
	if (j && viewer >= 0 && viewer < QV_MAX_PLAYERS && *m->pending[viewer]) {
		json_t *mine = json_array();
		char line[QV_ACTION_TEXT];
		for (const char *c = m->pending[viewer]; qv__together_line(&c, line, sizeof line);)
			mine = qv__json_push(mine, json_string(line));
		j = qv__json_put(j, "committed", mine);
	}
	return j;
}

/* The notation of every history entry, as kept when it was applied; a quiet match's, which
 * keeps none, by one walk. */
static json_t *actions_json(const qv_match *m)
{
	json_t *arr = json_array();
	for (int i = 0; i < m->nnotes; i++)
		arr = qv__json_push(arr, json_string(qv_match_notation(m, i)));
	notation_walk w = {.m = m, .arr = arr};
	if (arr && walk(m, m->nnotes, notation_step, &w, NULL)) {
		json_decref(w.arr); /* out of memory: no partial list */
		return NULL;
	}
	return w.arr;
}

/* Whether base is the position init gives for the match's parameters and seed, i.e. the
 * match was not loaded from a full state: 1 or 0, QV_ENOMEM when it cannot be told. Compared
 * through state_json, which is exact and immune to padding bytes. */
static int starts_at_init(const qv_match *m)
{
	const qv_game *g = m->game;
	void *st = calloc(1, g->state_size);
	int same = st ? 0 : QV_ENOMEM;
	if (st && g->init(st, &m->params, m->seed, NULL) == QV_OK) {
		json_t *a = g->state_json(st), *b = g->state_json(m->base);
		same = !a || !b ? QV_ENOMEM : json_equal(a, b);
		json_decref(a);
		json_decref(b);
	}
	free(st);
	return same;
}

/* Everything needed to replay the game: game, params, seed, names, the start position
 * when it was loaded, every action in notation, and the result once the game is over. */
json_t *qv_match_record_json(const qv_match *m)
{
	const qv_game *g = m->game;
	int np = g->num_players(m->state);
	json_t *j = qv__json_put(header_json(m, true), "seed", qv_seed_json(m->seed));
	json_t *players = json_array();
	for (int i = 0; i < np; i++)
		players = qv__json_push(players, json_string(m->names[i]));
	j = qv__json_put(j, "players", players);
	int init = j ? starts_at_init(m) : 0;
	if (init < 0) {
		json_decref(j);
		return NULL;
	}
	if (!init)
		j = qv__json_put(j, "start", g->state_json(m->base));
	j = qv__json_put(j, "actions", actions_json(m));
	json_t *left = NULL;
	for (int i = 0; i < np; i++)
		if (m->left[i]) {
			char who[8];
			left = qv__json_push(
			    left ? left : json_array(),
			    json_pack("{s:s, s:s, s:i}", "player", qv_player_name(i, who), "reason",
			              qv_left_name(m->left[i]), "at", m->left_at[i]));
		}
	if (left)
		j = qv__json_put(j, "left", left);
	if (!qv_match_over(m))
		return qv__json_put(j, "result", json_null());
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	char name[8];
	qv_match_ranks(m, ranks);
	g->score(m->state, scores);
	json_t *result = json_array();
	for (int i = 0; i < np; i++) {
		json_t *e = json_pack("{s:s, s:i, s:i}", "player", qv_player_name(i, name), "rank",
		                      ranks[i], "score", scores[i]);
		if (e && m->left[i])
			e = qv__json_put(e, "reason", json_string(qv_left_name(m->left[i])));
		result = qv__json_push(result, e);
	}
	return qv__json_put(j, "result", result);
}

/* ---- JSON: loading ------------------------------------------------------------------------- */

/* Sets the player names from "players" (an array of strings, at most one per seat). */
static qv_status load_names(qv_match *m, const json_t *j, qv_err *err)
{
	if (!j)
		return QV_OK;
	int np = m->game->num_players(m->state);
	if (!json_is_array(j))
		return qv_fail(err, QV_EINVAL, "players: expected an array of names");
	if (json_array_size(j) > (size_t)np)
		return qv_fail(err, QV_EINVAL, "players: %zu names for a %d-player game",
		               json_array_size(j), np);
	for (size_t i = 0; i < json_array_size(j); i++) {
		const char *name = json_string_value(json_array_get(j, i));
		if (!name || !*name || strlen(name) >= sizeof m->names[0])
			return qv_fail(err, QV_EINVAL,
			               "players[%zu]: expected a name of 1 to %zu "
			               "characters",
			               i, sizeof m->names[0] - 1);
		strcpy(m->names[i], name);
	}
	return QV_OK;
}

/* Whether the move about to be replayed was the only option (and not a secret commitment),
 * i.e. one the match would have applied by itself. */
static bool is_forced_now(qv_match *m)
{
	qv_action a;
	int counted;
	return only_option(m, qv_match_to_move(m), &a, &counted);
}

/* Replays a record's "actions", each parsed against the state it is played in. */
/* Reads a record's "left" (NULL: nobody left) into who[], why[] and at[] (-1: not left), each
 * checked against the number of actions. */
static qv_status read_left(const qv_match *m, const json_t *left, size_t nactions, int *at,
                           int *why, qv_err *err)
{
	int np = m->game->num_players(m->state);
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		at[p] = -1;
	if (!left)
		return QV_OK;
	if (!json_is_array(left))
		return qv_fail(err, QV_EINVAL,
		               "left: expected an array of {\"player\", \"reason\", \"at\"}");
	for (size_t i = 0; i < json_array_size(left); i++) {
		const json_t *e = json_array_get(left, i);
		const char *player = json_string_value(json_object_get(e, "player"));
		const char *reason = json_string_value(json_object_get(e, "reason"));
		const json_t *when = json_object_get(e, "at");
		int p = player ? qv_player_parse(player, np) : -1;
		int r = !reason                           ? 0
		        : strcmp(reason, "resigned") == 0 ? QV_LEFT_RESIGNED
		        : strcmp(reason, "timeout") == 0  ? QV_LEFT_TIMEOUT
		                                          : 0;
		if (p < 0 || !r || !json_is_integer(when) || json_integer_value(when) < 0 ||
		    json_integer_value(when) > (json_int_t)nactions || at[p] >= 0)
			return qv_fail(err, QV_EINVAL,
			               "left[%zu]: expected {\"player\": \"p1\".. (once each), "
			               "\"reason\": \"resigned\" or \"timeout\", \"at\": 0 to %zu "
			               "(actions before it)}",
			               i, nactions);
		at[p] = (int)json_integer_value(when);
		why[p] = r;
	}
	return QV_OK;
}

/* Applies the leaves of read_left that come after `done` actions. */
static qv_status replay_leaves(qv_match *m, size_t done, const int *at, const int *why, qv_err *err)
{
	char name[8];
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		qv_err e;
		if (at[p] == (int)done && qv_match_leave(m, p, why[p], &e))
			return qv_fail(err, QV_EINVAL,
			               "left: %s cannot leave after %zu actions: %s",
			               qv_player_name(p, name), done, e.msg);
	}
	return QV_OK;
}

static qv_status replay_actions(qv_match *m, const json_t *actions, const json_t *left, qv_err *err)
{
	if (!json_is_array(actions))
		return qv_fail(err, QV_EINVAL, "actions: expected an array of action strings");
	int at[QV_MAX_PLAYERS], reason[QV_MAX_PLAYERS];
	qv_status rc0 = read_left(m, left, json_array_size(actions), at, reason, err);
	if (rc0)
		return rc0;
	for (size_t i = 0; i < json_array_size(actions); i++) {
		if ((rc0 = replay_leaves(m, i, at, reason, err)))
			return rc0;
		const char *text = json_string_value(json_array_get(actions, i));
		if (!text)
			return qv_fail(err, QV_EINVAL, "actions[%zu]: expected a string", i);
		qv_err why;
		qv_action a;
		qv_status rc;
		if (qv_match_over(m)) {
			rc = qv_fail(&why, QV_EILLEGAL, "the game is already over");
		} else {
			rc = m->game->action_from_text(m->state, text, &a, &why);
			if (!rc)
				rc = match_apply(m, a, is_forced_now(m), &why);
		}
		char quoted[QV_QUOTE_MAX * 4 + 4];
		if (rc)
			return qv_fail(err, rc, "action %zu ('%s'): %s", i + 1,
			               qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted),
			               why.msg);
	}
	return replay_leaves(m, json_array_size(actions), at, reason, err);
}

/* Compares a record's "result" with the replayed game's, when both exist. */
static qv_status check_result(const qv_match *m, const json_t *result, qv_err *err)
{
	if (!result || json_is_null(result))
		return QV_OK;
	int np = m->game->num_players(m->state);
	if (!json_is_array(result) || json_array_size(result) != (size_t)np)
		return qv_fail(err, QV_EINVAL,
		               "result: expected null or an array of %d "
		               "{\"player\", \"rank\", \"score\"} objects",
		               np);
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	bool over = qv_match_over(m);
	if (over) {
		qv_match_ranks(m, ranks);
		m->game->score(m->state, scores);
	}
	for (int i = 0; i < np; i++) {
		const json_t *e = json_array_get(result, (size_t)i);
		const char *player = json_string_value(json_object_get(e, "player"));
		const json_t *rank = json_object_get(e, "rank");
		const json_t *score = json_object_get(e, "score");
		int p = player ? qv_player_parse(player, np) : -1;
		if (!json_is_object(e) || p < 0 || !json_is_integer(rank) ||
		    !json_is_integer(score))
			return qv_fail(err, QV_EINVAL,
			               "result[%d]: expected {\"player\": \"p1\".., \"rank\": "
			               "whole number, \"score\": whole number}",
			               i);
		if (over && (json_integer_value(rank) != ranks[p] ||
		             json_integer_value(score) != scores[p]))
			return qv_fail(err, QV_EINVAL,
			               "result: the record says %s has rank %" JSON_INTEGER_FORMAT
			               " and score %" JSON_INTEGER_FORMAT
			               ", but the replayed game gives rank %d and score %d",
			               player, json_integer_value(rank), json_integer_value(score),
			               ranks[p], scores[p]);
	}
	return QV_OK;
}

/* Does the work of qv_match_load_json on a match that the caller frees on failure. */
static qv_status load_into(qv_match *m, const json_t *j, const qv_params *params, qv_err *err)
{
	const json_t *seed = json_object_get(j, "seed");
	const json_t *state = json_object_get(j, "state");
	const json_t *actions = json_object_get(j, "actions");
	const json_t *start = json_object_get(j, "start");
	const json_t *to_move = json_object_get(j, "to_move");
	uint64_t s = 0;
	if (seed && qv_seed_from_json(seed, "seed", &s, err))
		return QV_EINVAL;
	if (to_move && !json_is_string(to_move))
		return qv_fail(err, QV_EINVAL,
		               "to_move: expected a string (\"p1\".., \"chance\" "
		               "or \"over\")");
	if (state && actions)
		return qv_fail(err, QV_EINVAL,
		               "both \"state\" and \"actions\": expected a full "
		               "state or a record, not both");
	if (!state && !actions)
		return qv_fail(err, QV_EINVAL,
		               "expected a \"state\" (full-state JSON) or an "
		               "\"actions\" list (record)");
	qv_err why;
	qv_status rc = match_init(m, params, s, &why);
	if (rc)
		return qv_fail(err, rc, "params: %s", why.msg);
	if (start && !actions)
		return qv_fail(err, QV_EINVAL,
		               "start: only a record (with \"actions\") has a start position; a "
		               "full state has \"state\"");
	/* A record of a game that began from a loaded position carries it as "start". */
	const char *field = state ? "state" : "start";
	const json_t *position = state ? state : start;
	if (position && !json_is_object(position))
		return qv_fail(err, QV_EINVAL, "%s: expected an object", field);
	if (position) {
		rc = m->game->load_json(m->state, position, &why);
		if (rc)
			return qv_fail(err, rc, "%s: %s", field, why.msg);
	}
	memcpy(m->base, m->state, m->game->state_size);
	rc = load_names(m, json_object_get(j, "players"), err);
	if (!rc && actions)
		rc = replay_actions(m, actions, json_object_get(j, "left"), err);
	if (rc)
		return rc;
	if (apply_forced(m))
		return qv_fail(err, QV_ENOMEM, "out of memory applying the forced moves");
	return actions ? check_result(m, json_object_get(j, "result"), err) : QV_OK;
}

/* Checks that j is an object naming a game and returns that name (or NULL with a message). */
static const char *game_name(const json_t *j, qv_err *err)
{
	if (!json_is_object(j)) {
		qv_fail(err, QV_EINVAL, "expected a JSON object with \"game\"");
		return NULL;
	}
	const json_t *game = json_object_get(j, "game");
	if (!game)
		qv_fail(err, QV_EINVAL, "game: missing (expected the game's name)");
	else if (!json_is_string(game))
		qv_fail(err, QV_EINVAL, "game: expected a string (the game's name)");
	return json_string_value(game);
}

/* Loads a state or record for the given game; the match is only handed out when all of
 * it loaded, so a failure leaves nothing half-made. */
qv_status qv_match_load_json_game(qv_match **out, const qv_game *g, const json_t *j, qv_err *err)
{
	*out = NULL;
	const char *name = game_name(j, err);
	if (!name)
		return QV_EINVAL;
	if (strcmp(name, g->name) != 0) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		return qv_fail(err, QV_EINVAL, "game: '%s' where '%s' was expected",
		               qv_shorten(name, QV_QUOTE_MAX, quoted, sizeof quoted), g->name);
	}
	qv_params params;
	qv_status rc = qv_params_from_json(json_object_get(j, "params"), g->params, g->nparams,
	                                   g->name, &params, err);
	const qv_variant *held = NULL;
	if (!rc)
		rc = load_variant(g, json_object_get(j, "variant"), &params, &held, err);
	qv_match *m = rc ? NULL : match_alloc(g, err);
	if (!rc && !m)
		rc = QV_ENOMEM;
	if (!rc)
		rc = load_into(m, j, &params, err);
	qv_variant_release(held); /* the match holds its own */
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	*out = m;
	return QV_OK;
}

/* Finds the game named by "game" in the registry and loads the document for it. */
qv_status qv_match_load_json(qv_match **out, const json_t *j, qv_err *err)
{
	*out = NULL;
	const char *name = game_name(j, err);
	if (!name)
		return QV_EINVAL;
	const qv_game *g = qv_game_find(name, err);
	if (!g)
		return QV_EINVAL;
	return qv_match_load_json_game(out, g, j, err);
}

/* Parses the text (duplicate keys refused) and loads it; JSON syntax errors carry their
 * line and column. */
qv_status qv_match_load_text(qv_match **out, const char *text, qv_err *err)
{
	*out = NULL;
	size_t len = strnlen(text, (size_t)QV_RECORD_MAX + 1);
	if (len > QV_RECORD_MAX)
		return qv_fail(err, QV_EINVAL,
		               "more than %u bytes (4 MiB): no record or state of a "
		               "real game comes near that, so it is not parsed",
		               QV_RECORD_MAX);
	json_error_t jerr;
	json_t *j;
	qv_status rc = qv__json_parse(text, len, JSON_REJECT_DUPLICATES, &j, &jerr);
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "out of memory reading the JSON (%zu bytes)", len);
	if (rc)
		return qv_fail(err, rc, "broken JSON at line %d, column %d: %s", jerr.line,
		               jerr.column, jerr.text);
	rc = qv_match_load_json(out, j, err);
	json_decref(j);
	return rc;
}

/* Reads a whole file, refusing more than QV_RECORD_MAX bytes even when the size is not known
 * in advance (pipes), and loads it; every message starts with the path. */
qv_status qv_match_load_file(qv_match **out, const char *path, qv_err *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return qv_fail(err, QV_EIO, "cannot open '%s': %s", path, strerror(errno));
	struct stat sb;
	if (fstat(fileno(f), &sb) == 0 && (long long)sb.st_size > (long long)QV_RECORD_MAX) {
		fclose(f);
		return qv_fail(err, QV_EINVAL,
		               "'%s' is too big (%lld bytes; a record or state has "
		               "at most %u bytes, 4 MiB)",
		               path, (long long)sb.st_size, QV_RECORD_MAX);
	}
	/* Read in chunks up to the limit, so pipes and files that grow are bounded too. */
	size_t cap = 1 << 16, len = 0;
	const size_t most = (size_t)QV_RECORD_MAX + 2;
	char *text = malloc(cap);
	while (text) {
		if (len + 1 >= cap) {
			if (cap >= most) {
				free(text);
				fclose(f);
				return qv_fail(err, QV_EINVAL,
				               "'%s' is too big (a record or state "
				               "has at most %u bytes, 4 MiB)",
				               path, QV_RECORD_MAX);
			}
			size_t grown = cap * 2 < most ? cap * 2 : most;
			char *t = realloc(text, grown);
			if (!t) {
				free(text);
				text = NULL;
				break;
			}
			text = t;
			cap = grown;
		}
		size_t n = fread(text + len, 1, cap - 1 - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (!text) {
		fclose(f);
		return qv_fail(err, QV_ENOMEM, "out of memory reading '%s'", path);
	}
	bool failed = ferror(f) != 0;
	fclose(f);
	if (failed) {
		free(text);
		return qv_fail(err, QV_EIO, "cannot read '%s'", path);
	}
	text[len] = '\0';
	if (strlen(text) != len) {
		free(text);
		return qv_fail(err, QV_EINVAL, "%s: contains a NUL byte, not JSON text", path);
	}
	qv_err why;
	qv_status rc = qv_match_load_text(out, text, &why);
	free(text);
	if (rc)
		return qv_fail(err, rc, "%s: %s", path, why.msg);
	return QV_OK;
}

/* Writes the record indented, with a final newline; a write or close error is reported. */
qv_status qv_match_save_record(const qv_match *m, const char *path, qv_err *err)
{
	json_t *j = qv_match_record_json(m);
	char *text = qv__json_dumps(j, JSON_INDENT(2));
	json_decref(j);
	if (!text)
		return qv_fail(err, QV_ENOMEM, "out of memory writing the record for '%s'", path);
	FILE *f = fopen(path, "w");
	if (!f) {
		int e = errno;
		free(text);
		return qv_fail(err, QV_EIO, "cannot write '%s': %s", path, strerror(e));
	}
	bool ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
	free(text);
	if (fclose(f) != 0 || !ok)
		return qv_fail(err, QV_EIO, "cannot write '%s': %s", path, strerror(errno));
	return QV_OK;
}
