/*
 * match.c - a game in progress: state, history with automatic forced moves, undo by replay,
 * and the JSON forms of a match (full state, a player's view, a record).
 *
 * The history starts from `base`, the state right after init or load; the current state is
 * always base with the history applied. Undo therefore rebuilds the state by replaying a
 * shorter history instead of storing a copy per move, which keeps a match small and makes the
 * replay path (records) the same code that undo relies on.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/match.h"

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
	for (int i = 0; i < QV_MAX_PLAYERS; i++) /* "p1".."p5" */
		memcpy(m->names[i], (char[]){'p', (char)('1' + i), '\0'}, 3);
	return m;
}

/* Releases the match and everything it owns; NULL is allowed. */
/* Frees the worded moves of the entries from `from` on (none to visit in a quiet match). */
static void free_seen(qv_match *m, int from)
{
	for (int i = from * QV_VIEWERS; m->nseen && i < m->nhist * QV_VIEWERS; i++)
		if (m->seen[i]) {
			free(m->seen[i]);
			m->seen[i] = NULL;
			m->nseen--;
		}
}

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
	qv_events_free(&m->said);
	free(m->abuf);
	free(m->pbuf);
	free(m);
}

/* Runs init with params and seed, then records the completed parameters and seeds the RNG. */
static qv_status match_init(qv_match *m, const qv_params *params, uint64_t seed, qv_err *err)
{
	qv_status rc = m->game->init(m->state, params, seed, err);
	if (rc)
		return rc;
	qv_params_complete(params, m->game->params, m->game->nparams, &m->params);
	m->seed = seed;
	return QV_OK;
}

/* Makes room for one more history entry (its move, narration offset and worded moves). */
static qv_status hist_reserve(qv_match *m, qv_err *err)
{
	int cap = m->caphist ? m->caphist * 2 : 64;
	qv_move *h = realloc(m->hist, (size_t)cap * sizeof *h);
	if (h)
		m->hist = h;
	uint32_t *at = h ? realloc(m->said_at, (size_t)cap * sizeof *at) : NULL;
	if (at)
		m->said_at = at;
	char **seen = at ? realloc(m->seen, (size_t)cap * QV_VIEWERS * sizeof *seen) : NULL;
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

static void replay(const qv_match *m, int n, void *st);

/* Checks a (unless the caller has: `checked`), applies it to the current state with its
 * narration, and appends it to the history. who is the player to move (or QV_CHANCE). Nothing
 * changes on error: a narration that could not be kept in full (out of memory) is cut off
 * and the state rebuilt from the history, as if a had never been applied. */
static qv_status match_apply_as(qv_match *m, int who, qv_action a, bool automatic, bool checked,
                                qv_err *err)
{
	qv_status rc = m->nhist < m->caphist ? QV_OK : hist_reserve(m, err);
	if (!rc && !checked)
		rc = m->game->check(m->state, a, err);
	if (rc)
		return rc;
	m->said_at[m->nhist] = (uint32_t)m->said.text.len;
	m->game->apply(m->state, a, m->quiet ? NULL : &m->said);
	forget_position(m);
	if (m->said.text.failed) {
		m->said.text.failed = false;
		m->said.text.len = m->said_at[m->nhist];
		if (m->said.text.s)
			m->said.text.s[m->said.text.len] = '\0';
		replay(m, m->nhist, m->state);
		return qv_fail(err, QV_ENOMEM, "out of memory narrating an action");
	}
	m->hist[m->nhist++] = (qv_move){.action = a, .who = who, .automatic = automatic};
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

/* Applies forced moves (a single legal option, a single chance outcome) until a real choice,
 * a forced decision of a held player, or the end. They come from legal() and chance(), so they
 * are not checked again. A failure (out of memory) stops the loop and is returned: the state
 * and history stay consistent, with the forced move pending. */
static qv_status apply_forced(qv_match *m)
{
	qv_action a;
	int counted = -1;
	int who;
	for (;;) {
		who = qv_match_to_move(m);
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
	return m->who != WHO_UNKNOWN ? m->who : m->game->to_move(m->state);
}

/* Whether the game has ended. */
bool qv_match_over(const qv_match *m) { return qv_match_to_move(m) == QV_OVER; }

static qv_status truncate_history(qv_match *m, int n, qv_err *err);

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
		truncate_history(m, old, NULL);
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

/* Rebuilds the state from base with the first n history entries into st. Every entry was
 * checked when it was played, so the replay trusts them. */
static void replay(const qv_match *m, int n, void *st)
{
	memcpy(st, m->base, m->game->state_size);
	for (int i = 0; i < n; i++)
		m->game->apply(st, m->hist[i].action, NULL);
}

/* Cuts the history to its first n entries (with their narration) and rebuilds the state in
 * place from base, so that it needs no memory and cannot fail. */
static qv_status truncate_history(qv_match *m, int n, qv_err *err)
{
	(void)err;
	replay(m, n, m->state);
	forget_position(m);
	free_seen(m, n);
	if (n < m->nhist) {
		m->said.text.len = m->said_at[n];
		if (m->said.text.s)
			m->said.text.s[m->said.text.len] = '\0';
	}
	m->nhist = n;
	return QV_OK;
}

/* A new game in the match's memory: init into the current state (which base and the history
 * can rebuild, should init fail), then the history dropped as truncate_history drops it. */
qv_status qv_match_restart(qv_match *m, uint64_t seed, qv_err *err)
{
	qv_status rc = m->game->init(m->state, &m->params, seed, err);
	if (rc) {
		replay(m, m->nhist, m->state); /* the game m held, unchanged */
		return rc;
	}
	free_seen(m, 0);
	qv_events_clear(&m->said);
	m->nhist = 0;
	forget_position(m);
	m->seed = seed;
	memcpy(m->base, m->state, m->game->state_size);
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
	return truncate_history(m, i, err);
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

/* One pass over the entries a takeback would undo, from the state before the first: who
 * decided, the first chance outcome, who was shown something (the game's reveals, asked for
 * every player at every decision), the first other player's decision. Then the rule, with the
 * reason for a refusal worded for the player. */
qv_status qv_match_takeback(qv_match *m, int player, unsigned humans, qv_takeback *out, qv_err *err)
{
	const qv_game *g = m->game;
	int np = g->num_players(m->state);
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
	void *st = malloc(g->state_size);
	if (!st)
		return qv_fail(err, QV_ENOMEM, "out of memory working out an undo");
	replay(m, from, st);
	char what[2 * QV_ACTION_TEXT + 64], mover[2 * QV_ACTION_TEXT + 64];
	unsigned reveal_to = 0; /* the people entry out->reveal showed something */
	entry_words(m, from, st, player, mover, sizeof mover);
	for (int i = from; i < m->nhist; i++) {
		const qv_move *mv = &m->hist[i];
		if (mv->who == QV_CHANCE) {
			if (out->chance < 0) {
				out->chance = i;
				entry_words(m, i, st, player, what, sizeof what);
			}
		} else if (mv->who >= 0) {
			out->seats |= 1u << mv->who;
			out->decisions += !mv->automatic;
			if (mv->who != player && !mv->automatic && out->answered < 0)
				out->answered = i;
			unsigned to = 0;
			for (int p = 0; p < np; p++)
				to |= shows(g, st, mv->action, p) ? 1u << p : 0;
			out->shown |= to;
			if ((to & humans) && out->reveal < 0) {
				out->reveal = i;
				reveal_to = to & humans;
			}
		}
		g->apply(st, mv->action, NULL);
	}
	if (!alone && out->answered >= 0) {
		qv_fail(&out->why, QV_ESTATE, "%s has decided since %s's last move",
		        qv_player_name(m->hist[out->answered].who, name),
		        qv_player_name(player, mine));
	} else if (out->chance >= 0) {
		qv_fail(&out->why, QV_ESTATE,
		        "%s came after %s, and no undo crosses a chance outcome (it would be known "
		        "before the move is made again)",
		        what, mover);
	} else if (out->reveal >= 0) {
		int r = out->reveal;
		int to = reveal_to >> player & 1 ? player : __builtin_ctz(reveal_to);
		char whom[8] = "you";
		if (to != player)
			qv_player_name(to, whom);
		if (r == from) {
			qv_fail(
			    &out->why, QV_ESTATE,
			    "%s showed %s something that was hidden, and no undo crosses a reveal",
			    mover, whom);
		} else {
			replay(m, r, st);
			entry_words(m, r, st, player, what, sizeof what);
			qv_fail(
			    &out->why, QV_ESTATE,
			    "%s after %s showed %s something that was hidden, and no undo crosses "
			    "a reveal",
			    what, mover, whom);
		}
	} else {
		out->allowed = true;
	}
	free(st);
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
	return truncate_history(m, tb.from, err);
}

void qv_match_set_name(qv_match *m, int player, const char *name)
{
	if (player < 0 || player >= QV_MAX_PLAYERS)
		return;
	qv_copy(m->names[player], sizeof m->names[player], name);
}

/* Notation of entry i, which needs the state before it: rebuilt by replay (histories are
 * short and this is not a hot path). Falls back to "#<action>" if the game cannot name it. */
void qv_match_move_text(const qv_match *m, int i, char *buf, size_t len)
{
	if (len == 0)
		return;
	buf[0] = '\0';
	if (i < 0 || i >= m->nhist)
		return;
	void *st = malloc(m->game->state_size);
	if (st) {
		replay(m, i, st);
		int rc = m->game->action_to_text(st, m->hist[i].action, buf, len);
		free(st);
		if (rc >= 0)
			return;
	}
	snprintf(buf, len, "#%d", (int)m->hist[i].action);
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
	return *slot;
}

qv_status qv_match_log(qv_match *m, int viewer, int from, qv_log_fn fn, void *ctx)
{
	const qv_game *g = m->game;
	if (from < 0)
		from = 0;
	if (viewer < QV_VIEW_PUBLIC || viewer >= g->num_players(m->state) || from >= m->nhist)
		return QV_OK;
	/* The state before an entry is needed only for moves not yet worded for this viewer. */
	int slot = viewer_slot(viewer), first = from;
	while (first < m->nhist && m->seen[first * QV_VIEWERS + slot])
		first++;
	void *st = NULL;
	if (first < m->nhist) {
		st = malloc(g->state_size);
		if (!st)
			return QV_ENOMEM;
		replay(m, first, st);
	}
	qv_buf line = {0};
	qv_status rc = QV_OK;
	for (int i = from; i < m->nhist && !rc; i++) {
		const qv_move *mv = &m->hist[i];
		const char *text =
		    i < first ? m->seen[i * QV_VIEWERS + slot] : seen_text(m, i, st, viewer);
		qv_log_line l = {.entry = i, .who = mv->who, .automatic = mv->automatic};
		if (!text)
			rc = QV_ENOMEM;
		else if (*text) {
			l.text = text;
			fn(ctx, &l);
		}
		/* Its consequences, one line each. */
		size_t at = m->said_at[i];
		size_t end = i + 1 < m->nhist ? m->said_at[i + 1] : m->said.text.len;
		const char *s = qv_buf_str(&m->said.text);
		while (at < end && !rc) {
			const char *nl = memchr(s + at, '\n', end - at);
			size_t len = nl ? (size_t)(nl - (s + at)) : end - at;
			qv_buf_clear(&line);
			bool said = qv_word_line(s + at, len, viewer, &line);
			if (line.failed)
				rc = QV_ENOMEM;
			else if (said) {
				l.consequence = true;
				l.text = qv_buf_str(&line);
				fn(ctx, &l);
			}
			at += len + 1;
		}
		if (st && i >= first)
			g->apply(st, mv->action, NULL);
	}
	qv_buf_free(&line);
	free(st);
	return rc;
}

void qv_match_tell_agent(const qv_match *m, qv_agent *a, int *seen)
{
	int from = *seen;
	*seen = m->nhist;
	if (from >= m->nhist || !a->kind->observe || a->seat < 0 || a->release)
		return; /* nothing new, or an agent that keeps nothing between decisions */
	void *st = malloc(m->game->state_size);
	if (!st) {
		qv_agent_reset(a); /* it cannot follow the game: it forgets it */
		return;
	}
	memcpy(st, m->base, m->game->state_size);
	for (int k = 0; k < m->nhist; k++) {
		if (k >= from)
			qv_agent_observe(a, st, m->hist[k].action);
		m->game->apply(st, m->hist[k].action, NULL);
	}
	free(st);
}

/* ---- JSON: writing ------------------------------------------------------------------------- */

/* Text of a parameter value as JSON: a canonical whole number becomes an integer, "true" and
 * "false" booleans, anything else a string, so records read naturally and round-trip. */
static json_t *param_value_json(const char *v)
{
	long x;
	char canon[32];
	if (qv_parse_long(v, &x)) {
		snprintf(canon, sizeof canon, "%ld", x);
		if (strcmp(canon, v) == 0)
			return json_integer(x);
	}
	if (strcmp(v, "true") == 0)
		return json_true();
	if (strcmp(v, "false") == 0)
		return json_false();
	return json_string(v);
}

/* All parameters as one JSON object, in the game's order. */
static json_t *params_json(const qv_params *p)
{
	json_t *o = json_object();
	for (int i = 0; i < p->n; i++)
		o = qv__json_put(o, p->kv[i].key, param_value_json(p->kv[i].value));
	return o;
}

/* Seeds are unsigned 64-bit; JSON integers are signed, so they travel through int64. */
static json_t *seed_json(uint64_t seed) { return json_integer((json_int_t)(int64_t)seed); }

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

/* Fills a new object with the fields every match JSON starts with: game and params. */
static json_t *header_json(const qv_match *m)
{
	json_t *j = qv__json_put(json_object(), "game", json_string(m->game->name));
	return qv__json_put(j, "params", params_json(&m->params));
}

/* The wrapper of a full state: game, params, seed, to_move and the game's own object. */
json_t *qv_match_state_json(const qv_match *m)
{
	json_t *j = qv__json_put(header_json(m), "seed", seed_json(m->seed));
	j = qv__json_put(j, "to_move", who_json(qv_match_to_move(m)));
	return qv__json_put(j, "state", m->game->state_json(m->state));
}

/* The wrapper of a viewer's view, with the legal actions when the viewer is to move. */
json_t *qv_match_view_json(const qv_match *m, int viewer)
{
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	json_t *j = qv__json_put(header_json(m), "viewer", viewer_json(viewer));
	j = qv__json_put(j, "to_move", who_json(who));
	j = qv__json_put(j, "view", g->view_json(m->state, viewer));
	if (j && who >= 0 && who == viewer) {
		json_t *legal = json_array();
		int n = g->legal(m->state, m->abuf);
		for (int i = 0; i < n; i++) {
			char text[QV_ACTION_TEXT];
			if (g->action_to_text(m->state, m->abuf[i], text, sizeof text) >= 0)
				legal = qv__json_push(legal, json_string(text));
		}
		j = qv__json_put(j, "legal", legal);
	}
	return j;
}

/* The notation of every history entry, by one replay from base. */
static json_t *actions_json(const qv_match *m)
{
	json_t *arr = json_array();
	void *st = arr ? malloc(m->game->state_size) : NULL;
	if (!st) {
		json_decref(arr);
		return NULL;
	}
	memcpy(st, m->base, m->game->state_size);
	for (int i = 0; i < m->nhist; i++) {
		char text[QV_ACTION_TEXT];
		if (m->game->action_to_text(st, m->hist[i].action, text, sizeof text) < 0)
			snprintf(text, sizeof text, "#%d", (int)m->hist[i].action);
		arr = qv__json_push(arr, json_string(text));
		m->game->apply(st, m->hist[i].action, NULL);
	}
	free(st);
	return arr;
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
	json_t *j = qv__json_put(header_json(m), "seed", seed_json(m->seed));
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
	if (!qv_match_over(m))
		return qv__json_put(j, "result", json_null());
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	char name[8];
	g->ranks(m->state, ranks);
	g->score(m->state, scores);
	json_t *result = json_array();
	for (int i = 0; i < np; i++)
		result = qv__json_push(result, json_pack("{s:s, s:i, s:i}", "player",
		                                         qv_player_name(i, name), "rank", ranks[i],
		                                         "score", scores[i]));
	return qv__json_put(j, "result", result);
}

/* ---- JSON: loading ------------------------------------------------------------------------- */

/* Converts the "params" object back to key=value text (see param_value_json). */
static qv_status load_params(const json_t *j, qv_params *out, qv_err *err)
{
	memset(out, 0, sizeof *out);
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "params: expected an object of key: value");
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)j, key, v)
	{
		char text[64];
		const char *value = text;
		if (json_is_string(v))
			value = json_string_value(v);
		else if (json_is_integer(v))
			snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		else if (json_is_boolean(v))
			value = json_is_true(v) ? "true" : "false";
		else if (json_is_real(v))
			snprintf(text, sizeof text, "%.17g", json_real_value(v));
		else
			return qv_fail(err, QV_EINVAL,
			               "params.%s: expected a string, a number "
			               "or true/false",
			               qv_shorten(key, QV_QUOTE_MAX, text, sizeof text));
		qv_err why;
		if (qv_params_set(out, key, value, &why))
			return qv_fail(err, QV_EINVAL, "params: %s", why.msg);
	}
	return QV_OK;
}

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
static qv_status replay_actions(qv_match *m, const json_t *actions, qv_err *err)
{
	if (!json_is_array(actions))
		return qv_fail(err, QV_EINVAL, "actions: expected an array of action strings");
	for (size_t i = 0; i < json_array_size(actions); i++) {
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
	return QV_OK;
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
		m->game->ranks(m->state, ranks);
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
	if (seed && !json_is_integer(seed))
		return qv_fail(err, QV_EINVAL, "seed: expected a whole number");
	if (seed)
		s = (uint64_t)(int64_t)json_integer_value(seed);
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
		rc = replay_actions(m, actions, err);
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
	qv_status rc = load_params(json_object_get(j, "params"), &params, err);
	if (rc)
		return rc;
	qv_match *m = match_alloc(g, err);
	if (!m)
		return QV_ENOMEM;
	rc = load_into(m, j, &params, err);
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
	qv_status rc = qv__json_loads(text, JSON_REJECT_DUPLICATES, &j, &jerr);
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "out of memory reading JSON");
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
