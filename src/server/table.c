/*
 * table.c - the tables of `quiver serve`: creation from a client's request, seats and tokens,
 * acts and undo on a version, AI seats and chance, the per-viewer log and the JSON clients
 * receive. No sockets here: the server (server.c, ws.c) calls these functions.
 *
 * Every change follows one pattern under the table's lock: check, change the match, save the
 * change in the store, and, when the store refuses, put the match back as it was. Only after
 * that does the caller tell any client.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/replay.h"
#include "server/table.h"

/* The fields a table request may have. */
static const char *const request_fields[] = {"game",  "params",  "seats", "private",
                                             "clock", "variant", NULL};

/* Longest action text a client may send (notation is far shorter). */
#define ACTION_MAX 1024

const char *qv__status_name(int status)
{
	return status == QV__WAITING ? "waiting" : status == QV__PLAYING ? "playing" : "over";
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void qv__table_lock(qv__table *t) { pthread_mutex_lock(&t->lock); }
void qv__table_unlock(qv__table *t) { pthread_mutex_unlock(&t->lock); }

/* ---- life cycle ---------------------------------------------------------------------------- */

/* The seat kinds as one line for messages: human, invite, then the computer's levels. */
static void kinds_list(char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "human, invite");
	for (int i = 0; qv_agent_levels[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, ", %s", qv_agent_levels[i]);
}

/* Whether text is a seat kind: human or one of the computer's levels (qv_agent_levels). */
static bool is_kind(const char *text)
{
	if (strcmp(text, "human") == 0)
		return true;
	for (int i = 0; qv_agent_levels[i]; i++)
		if (strcmp(text, qv_agent_levels[i]) == 0)
			return true;
	return false;
}

/* The status that follows from the match and the seats (and an end the server gave it: an
 * abandoned table is over). */
static int status_of(const qv__table *t)
{
	if (qv_match_over(t->m) || t->ended[0])
		return QV__OVER;
	for (int i = 0; i < t->nseats; i++)
		if (t->seat[i].human && !t->seat[i].hash[0])
			return QV__WAITING;
	return QV__PLAYING;
}

/* The seats a person plays, as a mask (bit p for seat p). */
static unsigned people(const char *const *kinds, int n)
{
	unsigned mask = 0;
	for (int i = 0; i < n; i++)
		mask |= strcmp(kinds[i], "human") == 0 ? 1u << i : 0u;
	return mask;
}

/* Makes m hold the forced decisions of the seats people play, as `quiver play` does: such a
 * decision waits for its person ("Your only move: ... [Play]") instead of being applied by the
 * match, while AI seats' forced decisions and chance events with one outcome stay automatic.
 * m was made (qv_match_new) or loaded from the first nmoves stored moves before it held
 * anything, so a forced decision of a person may have been applied at the end: then the game
 * is started again holding them and the stored moves are played again, each forced move that
 * follows them applied by the match as before. */
static qv_status hold_people(qv_match *m, unsigned humans, const char *const *moves, int nmoves,
                             qv_err *err)
{
	qv_match_hold_forced(m, humans);
	if (m->nhist <= nmoves)
		return QV_OK;
	qv_status rc = qv_match_restart(m, m->seed, err);
	while (!rc && m->nhist < nmoves)
		rc = qv_match_play_text(m, moves[m->nhist], err);
	return rc;
}

/* ---- clocks ---------------------------------------------------------------------------------- */

/* The seats whose clocks run now: the people's seats that may act (to_move) and have not left
 * (a zombie's decisions are the server's, on no clock). */
static unsigned clock_mask(qv__table *t)
{
	unsigned acting = qv__table_acting_locked(t), mask = 0;
	for (int p = 0; p < t->nseats; p++)
		if (acting >> p & 1u && t->seat[p].human && !qv_match_left(t->m, p))
			mask |= 1u << p;
	return mask;
}

/* The seats with a commitment made ahead of their turn (bit p for seat p). */
static unsigned committed_mask(const qv__table *t)
{
	unsigned mask = 0;
	for (int p = 0; p < t->nseats; p++)
		mask |= *qv_match_committed(t->m, p) ? 1u << p : 0u;
	return mask;
}

static void idle_note_locked(qv__table *t);

/* Brings the clocks up to the table as it is now, and the deadline the server's timer reads.
 * The seats in `decided` made a decision now (for Fischer's increment); so did every seat
 * whose clock stopped on a commitment that is no longer pending (the step was played: a
 * withdrawal or a takeback clears clock.held first, and earns nothing). Done before every save
 * (people_text), so that the clocks are saved with every change. */
static void clock_sync_locked(qv__table *t, unsigned decided)
{
	unsigned pending = committed_mask(t);
	decided |= t->clock.held & ~pending;
	t->clock.held = pending;
	qv__clock_sync(&t->clock, clock_mask(t), decided, now());
	atomic_store(&t->deadline, t->stuck[0] ? 0.0 : qv__clock_deadline(&t->clock));
	idle_note_locked(t);
}

/* Puts the clocks back as kept before a change that could not be saved. */
static void clock_put_back(qv__table *t, const qv__clock *kept)
{
	t->clock = *kept;
	atomic_store(&t->deadline, t->stuck[0] ? 0.0 : qv__clock_deadline(&t->clock));
	idle_note_locked(t);
}

/* The clocks before a change that adds history entries from the current end on, into *mark;
 * false at a table without a clock, which keeps none. */
static bool clock_mark_now(const qv__table *t, qv__clock_mark *mark)
{
	if (!qv__clock_on(&t->clock))
		return false;
	qv__clock_mark_take(&t->clock, t->m->nhist, now(), mark);
	return true;
}

/* Keeps a mark (the oldest dropped when QV__CLOCK_MARKS are kept); false when out of memory,
 * and then nothing changed. */
static bool marks_push(qv__table *t, const qv__clock_mark *mark)
{
	if (!t->marks) {
		t->marks = malloc(sizeof *t->marks * QV__CLOCK_MARKS);
		if (!t->marks)
			return false;
	}
	if (t->nmarks == QV__CLOCK_MARKS) {
		memmove(t->marks, t->marks + 1, sizeof *t->marks * (QV__CLOCK_MARKS - 1));
		t->nmarks--;
	}
	t->marks[t->nmarks++] = *mark;
	return true;
}

/* Drops the marks of changes that began before history entry keep_from, the first a takeback
 * may still reach (the one after a chance outcome). */
static void marks_drop_before(qv__table *t, int keep_from)
{
	int k = 0;
	while (k < t->nmarks && t->marks[k].from < keep_from)
		k++;
	if (k == 0)
		return; /* nothing to drop (and no array yet at a table without a clock) */
	memmove(t->marks, t->marks + k, sizeof *t->marks * (size_t)(t->nmarks - k));
	t->nmarks -= k;
}

/* Drops the marks of changes that no longer happened (a takeback back to history entry n). */
static void marks_drop_after(qv__table *t, int n)
{
	while (t->nmarks > 0 && t->marks[t->nmarks - 1].from >= n)
		t->nmarks--;
}

/* What a takeback of `seat`'s decisions from history entry `from` on does to the clocks:
 * *mark is the mark to set them back to (the one taken before the change that added `from`),
 * *stand the seats whose decisions of that change stay (before `from`: their increments stay
 * too), *charged the seconds since that decision, which count against the seat (up to `asked`,
 * when it asked). Without such a mark (changes older than QV__CLOCK_MARKS, or a table saved
 * by an older quiver), the clocks as they are, the seat's increments for the decisions taken
 * back removed, nothing charged. */
static void takeback_clocks(const qv__table *t, int seat, int from, double asked,
                            qv__clock_mark *mark, unsigned *stand, double *charged)
{
	*stand = 0;
	*charged = 0;
	int k = t->nmarks - 1;
	while (k >= 0 && t->marks[k].from > from)
		k--;
	if (k >= 0) {
		*mark = t->marks[k];
		for (int i = mark->from; i < from; i++) {
			const qv_move *mv = &t->m->hist[i];
			if (mv->who >= 0 && mv->who < t->nseats && !mv->automatic)
				*stand |= 1u << mv->who;
		}
		*charged = asked > mark->at ? asked - mark->at : 0;
		return;
	}
	qv__clock_mark_take(&t->clock, from, now(), mark);
	mark->running = ~0u; /* nobody begins a decision: the clocks carry on */
	for (int i = from; i < t->m->nhist && t->clock.kind == QV__CLOCK_FISCHER; i++) {
		const qv_move *mv = &t->m->hist[i];
		if (mv->who == seat && !mv->automatic)
			mark->left[seat] -= t->clock.increment * 1000;
	}
}

/* What the seat's clock is set back to by that takeback, in ms, before *charged (seconds) is
 * counted against it. */
static long long takeback_had(const qv__table *t, int seat, int from, double asked, double *charged)
{
	qv__clock_mark mark;
	unsigned stand;
	takeback_clocks(t, seat, from, asked, &mark, &stand, charged);
	long long had = mark.left[seat];
	if (stand >> seat & 1u && t->clock.kind == QV__CLOCK_FISCHER)
		had += t->clock.increment * 1000;
	return had;
}

/* Allocates a table around a match, with its seats' kinds and agents. */
static qv_status table_new(qv__table **out, qv__store *store, qv_match *m, const char *const *kinds,
                           qv_err *err)
{
	qv__table *t = calloc(1, sizeof *t);
	if (!t)
		return qv_fail(err, QV_ENOMEM, "out of memory creating a table");
	pthread_mutex_init(&t->lock, NULL);
	atomic_init(&t->refs, 1);
	t->game = m->game;
	t->m = m;
	t->store = store;
	t->offer.by = -1;
	t->nseats = m->game->num_players(m->state);
	for (int i = 0; i < t->nseats; i++) {
		qv__seat *s = &t->seat[i];
		qv_copy(s->kind, sizeof s->kind, kinds[i]);
		s->human = strcmp(kinds[i], "human") == 0;
		t->searches |= qv_agent_level_searches(kinds[i]);
		qv_match_set_name(m, i, kinds[i]);
		if (!s->human) {
			qv_status rc = qv_agent_new(&s->agent, kinds[i], m->game,
			                            qv_seed_mix(m->seed, (uint64_t)i + 1), err);
			if (rc) {
				t->m = NULL; /* the caller still owns m */
				qv__table_free(t);
				return rc;
			}
			/* A table between moves holds no search tree (docs/server.md). */
			qv_agent_set_keep(s->agent, false);
		}
	}
	/* The parameters as the record writes them (numbers and booleans typed). */
	t->params = qv_params_to_json(&m->params, m->game->params, m->game->nparams);
	t->variant = m->game->components ? qv_variant_of_params(m->game, &m->params) : NULL;
	if (!t->params) {
		t->m = NULL; /* the caller still owns m */
		qv__table_free(t);
		return qv_fail(err, QV_ENOMEM, "out of memory creating a table");
	}
	*out = t;
	return QV_OK;
}

void qv__table_free(qv__table *t)
{
	if (!t)
		return;
	for (int i = 0; i < QV_MAX_PLAYERS; i++)
		qv_agent_free(t->seat[i].agent);
	qv__chat_free(&t->chat);
	for (int v = 0; v <= QV_MAX_PLAYERS; v++) {
		for (int i = 0; i < t->log[v].n; i++)
			free(t->log[v].line[i].text);
		free(t->log[v].line);
	}
	json_decref(t->params);
	free(t->marks);
	qv_match_free(t->m);
	pthread_mutex_destroy(&t->lock);
	free(t);
}

/* Reads "seats" into kinds (n of them; an invite seat is "human" there, and its bit is set
 * in *invites); *n = 0 when absent. */
static qv_status read_seats(const json_t *j, const char **kinds, int *n, unsigned *invites,
                            qv_err *err)
{
	*invites = 0;
	char list[128];
	kinds_list(list, sizeof list);
	*n = 0;
	if (!j)
		return QV_OK;
	if (!json_is_array(j) || json_array_size(j) == 0 || json_array_size(j) > QV_MAX_PLAYERS)
		return qv_fail(err, QV_EINVAL,
		               "seats: expected an array of 1 to %d seat kinds (%s)",
		               QV_MAX_PLAYERS, list);
	for (size_t i = 0; i < json_array_size(j); i++) {
		const char *k = json_string_value(json_array_get(j, i));
		if (!k)
			return qv_fail(err, QV_EINVAL, "seats[%zu]: expected a string, one of %s",
			               i, list);
		char quoted[QV_QUOTE_MAX * 4 + 4];
		if (strcmp(k, "invite") == 0) {
			*invites |= 1u << i;
			k = "human";
		}
		if (!is_kind(k))
			return qv_fail(err, QV_EINVAL,
			               "seats[%zu]: '%s' is not a seat kind; expected one of %s", i,
			               qv_shorten(k, QV_QUOTE_MAX, quoted, sizeof quoted), list);
		kinds[(*n)++] = k;
	}
	return QV_OK;
}

/* Reads a request's "variant" (a variant document, absent for the parameter's own value) into
 * params' `variant`, and checks a `variant` the request's params give directly: "base" or a
 * variant this process has loaded. A document is checked by the engine (qv_variant_from_json:
 * every problem named by its JSON path under "variant") and registered in the registry's room
 * for clients, held in *held until the table's match holds it (the caller releases it, the
 * variant leaving the registry when no table plays it); QV_ESTATE when that room is full
 * (HTTP 503). */
static qv_status read_variant(const qv_game *g, const json_t *doc, qv_params *params,
                              const qv_variant **held, qv_err *err)
{
	const char *given = qv_params_get(params, "variant");
	char quoted[QV_QUOTE_MAX * 4 + 4];
	*held = NULL;
	if (!doc) {
		if (!given || strcmp(given, "base") == 0 || qv_variant_find(g, given, NULL))
			return QV_OK;
		return qv_fail(err, QV_EINVAL,
		               "params.variant: '%s' is not a variant this server has loaded; "
		               "expected \"base\" (the built-in set), or send the variant's "
		               "document as \"variant\" instead",
		               qv_shorten(given, QV_QUOTE_MAX, quoted, sizeof quoted));
	}
	const qv_variant *v;
	qv_status rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_SHARED, &v, err);
	if (rc)
		return rc;
	*held = v;
	const char *key = v->builtin ? "base" : v->sha256;
	if (given && strcmp(given, key) != 0)
		return qv_fail(err, QV_EINVAL,
		               "params.variant: '%s' is not the variant sent as \"variant\" "
		               "(%s, sha256 %.12s...); give only one of them",
		               qv_shorten(given, QV_QUOTE_MAX, quoted, sizeof quoted), v->name,
		               v->sha256);
	return qv_params_set(params, "variant", key, err);
}

/* Saves a new table with its opening history. */
static qv_status save_new(qv__table *t, qv_err *err);

qv_status qv__table_create(qv__table **out, qv__store *store, const json_t *req, const char *owner,
                           qv_err *err)
{
	qv__invites invites;
	return qv__table_create_invites(out, store, req, owner, &invites, err);
}

qv_status qv__table_create_invites(qv__table **out, qv__store *store, const json_t *req,
                                   const char *owner, qv__invites *invites, qv_err *err)
{
	*out = NULL;
	invites->n = 0;
	if (!json_is_object(req))
		return qv_fail(err, QV_EINVAL,
		               "expected a JSON object {\"game\", \"params\", "
		               "\"seats\", \"private\"}");
	qv_status rc = qv__json_check_keys(req, "a table request", request_fields, err);
	if (rc)
		return rc;
	const json_t *jgame = json_object_get(req, "game");
	if (!json_is_string(jgame))
		return qv_fail(err, QV_EINVAL,
		               "game: expected the name of a game (GET /api/games "
		               "lists them)");
	qv_err why;
	const qv_game *g = qv_game_find(json_string_value(jgame), &why);
	if (!g)
		return qv_fail(err, QV_EINVAL, "game: %s", why.msg);
	const json_t *jpriv = json_object_get(req, "private");
	if (jpriv && !json_is_boolean(jpriv))
		return qv_fail(err, QV_EINVAL, "private: expected true or false");
	qv__clock clock;
	rc = qv__clock_parse(&clock, json_object_get(req, "clock"), err);
	if (rc)
		return rc;
	qv_params params;
	rc = qv_params_from_json(json_object_get(req, "params"), g->params, g->nparams, g->name,
	                         &params, err);
	if (rc)
		return rc;
	const char *kinds[QV_MAX_PLAYERS];
	int nkinds;
	unsigned invited;
	rc = read_seats(json_object_get(req, "seats"), kinds, &nkinds, &invited, err);
	if (rc)
		return rc;
	/* Last of the checks, so that a request refused for another field loads no variant. */
	const qv_variant *held;
	rc = read_variant(g, json_object_get(req, "variant"), &params, &held, err);
	if (rc) {
		qv_variant_release(held);
		return rc;
	}
	/* The number of seats gives the number of players unless the request sets it. */
	if (nkinds > 0 && qv_param_find(g->params, g->nparams, "players") &&
	    !qv_params_get(&params, "players")) {
		char n[16];
		snprintf(n, sizeof n, "%d", nkinds);
		qv_params_set(&params, "players", n, NULL);
	}
	uint64_t seed;
	qv__seed_new(&seed);
	qv_match *m;
	rc = qv_match_new(&m, g, &params, seed, &why);
	qv_variant_release(held); /* the match holds its own */
	if (rc)
		return qv_fail(err, rc, "params: %s", why.msg);
	int np = g->num_players(m->state);
	if (nkinds > 0 && nkinds != np) {
		qv_match_free(m);
		if (nkinds < g->min_players || nkinds > g->max_players)
			return qv_fail(err, QV_EINVAL,
			               "seats: %d given; %s is for %d to %d players", nkinds,
			               g->title, g->min_players, g->max_players);
		return qv_fail(err, QV_EINVAL,
		               "seats: %d given for a %d-player game (params.players "
		               "says %d)",
		               nkinds, np, np);
	}
	for (int i = nkinds; i < np; i++)
		kinds[i] = "human";
	rc = hold_people(m, people(kinds, np), NULL, 0, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	qv__table *t;
	rc = table_new(&t, store, m, kinds, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	qv__table_id_new(t->id);
	qv_copy(t->owner, sizeof t->owner, owner ? owner : "");
	for (int i = 0; i < np; i++) {
		if (!(invited >> i & 1u))
			continue;
		/* Shown once, to the creator; the table keeps its hash, as a token's. */
		t->seat[i].invite = true;
		invites->seat[invites->n] = i;
		qv__token_new(invites->code[invites->n], t->seat[i].invite_hash);
		invites->n++;
	}
	t->private_ = !jpriv || json_is_true(jpriv); /* private unless asked otherwise */
	t->clock = clock;
	t->created = now();
	t->status = status_of(t);
	rc = save_new(t, err);
	if (rc) {
		qv__table_free(t);
		return rc;
	}
	*out = t;
	return QV_OK;
}

static qv_status people_load(qv__table *t, const json_t *j, qv_err *err);

qv_status qv__table_restore(qv__table **out, qv__store *store, const qv__stored_table *saved,
                            qv_err *err)
{
	*out = NULL;
	json_error_t jerr;
	json_t *params;
	if (qv__json_parse(saved->params, strlen(saved->params), 0, &params, &jerr) == QV_ENOMEM)
		return qv_fail(err, QV_ENOMEM, "out of memory restoring table %s", saved->id);
	if (!json_is_object(params)) {
		json_decref(params);
		return qv_fail(err, QV_EIO, "table %s: its stored parameters are not a JSON object",
		               saved->id);
	}
	json_t *actions = json_array();
	for (int i = 0; i < saved->nmoves; i++)
		actions = qv__json_push(actions, json_string(saved->moves[i]));
	json_t *rec = json_pack("{s:s, s:o, s:o, s:o}", "game", saved->game, "params", params,
	                        "seed", qv_seed_json(saved->seed), "actions", actions);
	qv_err why;
	qv_match *m = NULL;
	qv_status rc = rec ? QV_OK : qv_fail(&why, QV_ENOMEM, "out of memory");
	const qv_variant *held = NULL;
	if (!rc && saved->variant) {
		/* The variant's document, registered again in the registry's room for clients
		 * (it came from one), where loading the record finds it. A table that is not over
		 * is restored when the server starts, and was accepted before: it may take any
		 * room. */
		json_t *doc;
		rc = qv__json_parse(saved->variant, strlen(saved->variant), 0, &doc, &jerr);
		if (rc == QV_ENOMEM)
			rc = qv_fail(&why, rc, "out of memory");
		else if (rc || !json_is_object(doc))
			rc = qv_fail(&why, QV_EIO, "its stored variant is not a JSON object");
		const qv_game *g = rc ? NULL : qv_game_find(saved->game, &why);
		if (!rc && !g)
			rc = QV_EIO;
		if (!rc)
			rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_SHARED, &held,
			                               &why);
		if (rc == QV_ESTATE && strcmp(saved->status, "over") != 0)
			rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_RESERVED,
			                               &held, &why);
		if (!rc)
			rec = qv__json_put(rec, "variant", json_incref(doc));
		json_decref(doc);
		if (!rc && !rec)
			rc = qv_fail(&why, QV_ENOMEM, "out of memory");
	}
	if (!rc)
		rc = qv_match_load_json(&m, rec, &why);
	qv_variant_release(held); /* the match holds its own */
	json_decref(rec);
	if (rc)
		return qv_fail(err, rc, "table %s: %s", saved->id, why.msg);
	const char *kinds[QV_MAX_PLAYERS];
	if (saved->nseats != m->game->num_players(m->state)) {
		qv_match_free(m);
		return qv_fail(err, QV_EIO,
		               "table %s: the stored actions do not replay to the "
		               "stored game",
		               saved->id);
	}
	for (int i = 0; i < saved->nseats; i++) {
		if (!is_kind(saved->seats[i].kind)) {
			qv_match_free(m);
			return qv_fail(err, QV_EIO, "table %s: unknown seat kind '%s'", saved->id,
			               saved->seats[i].kind);
		}
		kinds[i] = saved->seats[i].kind;
	}
	rc = hold_people(m, people(kinds, saved->nseats), saved->moves, saved->nmoves, &why);
	if (rc == QV_ENOMEM) {
		qv_match_free(m);
		return qv_fail(err, rc, "table %s: %s", saved->id, why.msg);
	}
	if (rc || m->nhist != saved->nmoves) {
		qv_match_free(m);
		return qv_fail(err, QV_EIO,
		               "table %s: the stored actions do not replay to the "
		               "stored game",
		               saved->id);
	}
	qv__table *t;
	rc = table_new(&t, store, m, kinds, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	qv_copy(t->id, sizeof t->id, saved->id);
	for (int i = 0; i < saved->nseats; i++)
		qv_copy(t->seat[i].hash, sizeof t->seat[i].hash, saved->seats[i].hash);
	t->private_ = saved->private_;
	t->v = saved->v;
	t->created = saved->created;
	qv_copy(t->owner, sizeof t->owner, saved->creator ? saved->creator : "");
	qv_copy(t->stuck, sizeof t->stuck, saved->stopped ? saved->stopped : "");
	if (saved->people) {
		json_t *folk;
		rc = qv__json_parse(saved->people, strlen(saved->people), 0, &folk, &jerr);
		if (rc == QV_ENOMEM)
			rc = qv_fail(&why, rc, "out of memory");
		else if (!rc)
			rc = people_load(t, folk, &why);
		else
			rc = qv_fail(&why, QV_EIO, "its stored people are not JSON: %s", jerr.text);
		json_decref(folk);
		if (rc) {
			qv__table_free(t);
			return qv_fail(err, rc == QV_ENOMEM ? rc : QV_EIO, "table %s: %s",
			               saved->id, why.msg);
		}
	}
	t->status = status_of(t);
	/* Absence and clocks count only while the server is up: from now on. */
	for (int i = 0; i < t->nseats; i++)
		t->seat[i].gone = now();
	t->clock.held = committed_mask(t); /* commitments reloaded: their clocks stopped */
	clock_sync_locked(t, 0);
	if (!t->stuck[0] && t->status != QV__OVER && saved->ai_starts >= QV__AI_TRIES) {
		/* The process died during each of the last searches of this table: searching
		 * again would likely kill it again. */
		snprintf(t->stuck, sizeof t->stuck,
		         "the server stopped %d times while an AI seat of this table was "
		         "thinking, so the table was stopped; start a new table",
		         saved->ai_starts);
		fprintf(stderr, "quiver serve: table %s: %s\n", t->id, t->stuck);
		qv_err failed;
		if (store && qv__store_stop(store, t->id, t->stuck, &failed))
			fprintf(stderr, "quiver serve: table %s: %s\n", t->id, failed.msg);
	}
	*out = t;
	return QV_OK;
}

/* ---- saving -------------------------------------------------------------------------------- */

/* What the table keeps of its people besides the seats' tokens (names, invite codes' hashes,
 * clocks, an offer, zombies, a rematch, chat), as one JSON object that the store saves with
 * every change (the column `people`) and people_load reads back at a restart. Each part of a
 * table between people writes its own key here and reads it back there. NULL when out of
 * memory. */
static json_t *commitments_json(const qv__table *t);
static qv_status commitments_load(qv__table *t, const json_t *j, qv_err *err);

static json_t *offer_json(const qv__table *t, bool info);
static qv_status offer_load(qv__table *t, const json_t *j, qv_err *err);
static json_t *info_json(qv__table *t, bool stored);
static json_t *seats_json(const qv__table *t);
static json_t *rematch_json(const qv__table *t);
static qv_status seats_load(qv__table *t, const json_t *j, qv_err *err);
static json_t *leaves_json(const qv__table *t);
static qv_status leaves_load(qv__table *t, const json_t *j, qv_err *err);

static json_t *people_json(const qv__table *t)
{
	double at = now();
	json_t *j = json_object();
	j = qv__json_put(j, "committed", commitments_json(t));
	if (t->offer.by >= 0)
		j = qv__json_put(j, "offer", offer_json(t, false));
	j = qv__json_put(j, "seats", seats_json(t));
	j = qv__json_put(j, "rematch", rematch_json(t));
	j = qv__json_put(j, "chat", qv__chat_store_json(&t->chat));
	j = qv__json_put(j, "clock", qv__clock_save_json(&t->clock, t->nseats, at));
	if (t->nmarks > 0) {
		json_t *marks = json_array();
		for (int k = 0; k < t->nmarks; k++)
			marks =
			    qv__json_push(marks, qv__clock_mark_json(&t->marks[k], t->nseats, at));
		j = qv__json_put(j, "marks", marks);
	}
	j = qv__json_put(j, "leaves", leaves_json(t));
	j = qv__json_put(j, "active", json_integer((json_int_t)(t->active * 1000)));
	if (t->ended[0])
		j = qv__json_put(j, "ended", json_string(t->ended));
	return j;
}

/* Reads back the clock marks people_json wrote. */
static qv_status marks_load(qv__table *t, const json_t *j, qv_err *err)
{
	if (!j)
		return QV_OK;
	if (!json_is_array(j) || json_array_size(j) > QV__CLOCK_MARKS)
		return qv_fail(err, QV_EIO, "people.marks: expected an array of at most %d marks",
		               QV__CLOCK_MARKS);
	size_t i;
	const json_t *e;
	json_array_foreach(j, i, e)
	{
		qv__clock_mark m;
		qv_status rc = qv__clock_mark_load(&m, e, t->nseats, now(), err);
		if (rc)
			return rc;
		if (m.from > t->m->nhist || (t->nmarks && m.from < t->marks[t->nmarks - 1].from))
			return qv_fail(err, QV_EIO,
			               "people.marks[%zu]: not a change of the history", i);
		if (!marks_push(t, &m))
			return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	return QV_OK;
}

/* Reads back when the table was last active and how it ended. A table saved without it (by an
 * older quiver) counts as active from now. */
static qv_status life_load(qv__table *t, const json_t *j, qv_err *err)
{
	const json_t *active = json_object_get(j, "active"), *ended = json_object_get(j, "ended");
	if ((active && !json_is_integer(active)) ||
	    (ended && (!json_is_string(ended) || strcmp(json_string_value(ended), "abandoned"))))
		return qv_fail(err, QV_EIO,
		               "people: expected \"active\" (epoch ms) and \"ended\": "
		               "\"abandoned\"");
	t->active = active ? (double)json_integer_value(active) / 1000 : now();
	if (ended)
		qv_copy(t->ended, sizeof t->ended, "abandoned");
	return QV_OK;
}

/* Reads back what people_json wrote (untrusted: a damaged database names the field). */
static qv_status people_load(qv__table *t, const json_t *j, qv_err *err)
{
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "its stored people are not a JSON object");
	qv_status rc = commitments_load(t, json_object_get(j, "committed"), err);
	if (!rc)
		rc = offer_load(t, json_object_get(j, "offer"), err);
	if (!rc)
		rc = seats_load(t, j, err);
	const json_t *chat = json_object_get(j, "chat");
	if (!rc && chat)
		rc = qv__chat_load(&t->chat, chat, t->nseats, err);
	const json_t *clock = json_object_get(j, "clock");
	if (!rc && clock)
		rc = qv__clock_load_json(&t->clock, clock, t->nseats, now(), err);
	if (!rc)
		rc = leaves_load(t, json_object_get(j, "leaves"), err);
	if (!rc)
		rc = marks_load(t, json_object_get(j, "marks"), err);
	if (!rc)
		rc = life_load(t, j, err);
	return rc;
}

/* people_json as text (malloc'ed), or NULL when out of memory; the clocks are brought up to
 * the table first, so that they are saved with every change. */
static char *people_text(qv__table *t)
{
	t->active = now(); /* every change saved is something that happened */
	clock_sync_locked(t, 0);
	json_t *j = people_json(t);
	char *text = j ? qv__json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return text;
}

qv_status qv__table_save_people_locked(qv__table *t, qv_err *err)
{
	if (!t->store) {
		clock_sync_locked(t, 0);
		return QV_OK;
	}
	qv__clock kept = t->clock;
	char *text = people_text(t), *info = NULL;
	if (text && t->status == QV__OVER) {
		/* A finished table is answered from its stored info once it leaves memory: the
		 * info keeps what changes after the end (the rematch). */
		json_t *inf = info_json(t, true);
		info = qv__json_dumps(inf, JSON_COMPACT);
		json_decref(inf);
	}
	qv_status rc = !text || (t->status == QV__OVER && !info)
	                   ? qv_fail(err, QV_ENOMEM, "out of memory saving the table")
	               : info ? qv__store_people_over(t->store, t->id, text, info, err)
	                      : qv__store_people(t->store, t->id, text, err);
	free(text);
	free(info);
	if (rc)
		clock_put_back(t, &kept);
	return rc;
}

/* The notation of history entries [from, nhist) into texts (each strdup'ed) and moves: the
 * notation the match kept when it applied each entry, so saving a move replays nothing. */
static qv_status describe(const qv__table *t, int from, qv__store_move *moves, char **texts,
                          qv_err *err)
{
	const qv_match *m = t->m;
	double at = now();
	static const char *const names[] = {"p1", "p2", "p3", "p4", "p5"};
	for (int i = from; i < m->nhist; i++) {
		const qv_move *mv = &m->hist[i];
		texts[i - from] = strdup(qv_match_notation(m, i));
		if (!texts[i - from])
			return qv_fail(err, QV_ENOMEM, "out of memory saving a move");
		moves[i - from] = (qv__store_move){
		    .who = mv->who >= 0 && mv->who < QV_MAX_PLAYERS ? names[mv->who] : "chance",
		    .text = texts[i - from],
		    .automatic = mv->automatic,
		    .at = at};
	}
	return QV_OK;
}

/* Saves the change that kept the first `keep` entries of the history as it was saved and
 * made the rest, at version t->v and the current status; ai_done ends the AI search mark. */
static qv_status save_change(qv__table *t, int keep, bool ai_done, qv_err *err)
{
	if (!t->store) {
		clock_sync_locked(t, 0);
		return QV_OK;
	}
	qv__clock kept = t->clock;
	int n = t->m->nhist - keep;
	qv__store_move *moves = calloc((size_t)(n > 0 ? n : 1), sizeof *moves);
	char **texts = calloc((size_t)(n > 0 ? n : 1), sizeof *texts);
	qv_status rc = moves && texts ? describe(t, keep, moves, texts, err)
	                              : qv_fail(err, QV_ENOMEM, "out of memory saving a move");
	char *record = NULL, *info = NULL, *folk = rc ? NULL : people_text(t);
	if (!rc && !folk)
		rc = qv_fail(err, QV_ENOMEM, "out of memory saving a move");
	if (!rc && t->status == QV__OVER) {
		/* The record and the info are kept from now on: a finished table is answered
		 * from them, never replayed for a GET. */
		json_t *rec = qv_match_record_json(t->m);
		record = qv__json_dumps(rec, JSON_COMPACT);
		json_decref(rec);
		json_t *inf = info_json(t, true);
		info = qv__json_dumps(inf, JSON_COMPACT);
		json_decref(inf);
		if (!record || !info)
			rc = qv_fail(err, QV_ENOMEM, "out of memory saving the record");
	}
	if (!rc)
		rc = qv__store_change(t->store, t->id, t->v, qv__status_name(t->status), keep,
		                      moves, n, ai_done, folk, record, info, err);
	if (rc)
		clock_put_back(t, &kept);
	free(folk);
	free(record);
	free(info);
	for (int i = 0; texts && i < n; i++)
		free(texts[i]);
	free(texts);
	free(moves);
	return rc;
}

static qv_status save_new(qv__table *t, qv_err *err)
{
	if (!t->store) {
		clock_sync_locked(t, 0);
		return QV_OK;
	}
	int n = t->m->nhist;
	qv__store_move *moves = calloc((size_t)(n > 0 ? n : 1), sizeof *moves);
	char **texts = calloc((size_t)(n > 0 ? n : 1), sizeof *texts);
	qv_status rc = moves && texts ? describe(t, 0, moves, texts, err)
	                              : qv_fail(err, QV_ENOMEM, "out of memory saving a table");
	char *params = rc ? NULL : qv__json_dumps(t->params, JSON_COMPACT);
	char *folk = rc ? NULL : people_text(t);
	/* A variant's whole document is kept with the table, so that a restart (which may find
	 * the registry without it) registers it again before replaying the actions. */
	bool doc = t->variant && !t->variant->builtin;
	if (!rc && (!params || !folk))
		rc = qv_fail(err, QV_ENOMEM, "out of memory saving a table");
	if (!rc) {
		qv__stored_table row = {.id = t->id,
		                        .game = t->game->name,
		                        .params = params,
		                        .seed = t->m->seed,
		                        .private_ = t->private_,
		                        .v = t->v,
		                        .status = qv__status_name(t->status),
		                        .created = t->created,
		                        .creator = t->owner[0] ? t->owner : NULL,
		                        .people = folk,
		                        .variant = doc ? t->variant->text : NULL,
		                        .nseats = t->nseats,
		                        .nmoves = n};
		for (int i = 0; i < t->nseats; i++) {
			snprintf(row.seats[i].kind, sizeof row.seats[i].kind, "%s",
			         t->seat[i].kind);
			row.seats[i].hash[0] = '\0';
		}
		rc = qv__store_insert_table(t->store, &row, moves, err);
	}
	free(params);
	free(folk);
	for (int i = 0; texts && i < n; i++)
		free(texts[i]);
	free(texts);
	free(moves);
	return rc;
}

/* After the history changed: the version, the status, and the logs beyond the new history
 * dropped (an undo). */
static void after_change(qv__table *t, long long dv)
{
	t->v += dv;
	t->iv++;
	t->status = status_of(t);
	for (int v = 0; v <= t->nseats; v++) {
		qv__log *log = &t->log[v];
		while (log->n > 0 && log->line[log->n - 1].entry >= t->m->nhist)
			free(log->line[--log->n].text);
		if (log->upto > t->m->nhist)
			log->upto = t->m->nhist;
		QV_ASSERT(log->n == 0 || log->line[log->n - 1].entry < t->m->nhist);
	}
}

/* Saves the change that added history entries [old, nhist) at version +added, with `mark`,
 * the clocks before it (NULL at a table without a clock); when the store refuses, takes them
 * back (the match's own undo removes exactly one decision or outcome with its automatic moves)
 * and restores the version. A chance outcome among the entries ends every mark up to it: no
 * takeback crosses one. */
static qv_status commit_added(qv__table *t, int old, long long old_v, int old_status, bool ai_done,
                              const qv__clock_mark *mark, qv_err *err)
{
	after_change(t, t->m->nhist - old);
	int had = t->nmarks;
	qv__clock_mark dropped = had ? t->marks[0] : (qv__clock_mark){0};
	bool pushed = mark && marks_push(t, mark);
	qv_status rc = mark && !pushed ? qv_fail(err, QV_ENOMEM, "out of memory saving a move")
	                               : save_change(t, old, ai_done, err);
	if (!rc) {
		for (int i = t->m->nhist - 1; i >= old; i--)
			if (t->m->hist[i].who == QV_CHANCE) {
				marks_drop_before(t, i + 1);
				break;
			}
	} else if (pushed) {
		/* The mark pushed is taken back, and the one it pushed out put back. */
		t->nmarks--;
		if (t->nmarks < had) {
			memmove(t->marks + 1, t->marks, sizeof *t->marks * (size_t)t->nmarks);
			t->marks[0] = dropped;
			t->nmarks++;
		}
	}
	if (rc) {
		while (t->m->nhist > old && qv_match_undo(t->m, NULL) == QV_OK)
			;
		t->v = old_v;
		t->status = old_status;
		after_change(t, 0);
		/* The match's undo cannot fail and takes back exactly what was added. */
		QV_ASSERT(t->m->nhist == old && t->v == old_v && t->status == old_status);
	}
	return rc;
}

/* ---- seats --------------------------------------------------------------------------------- */

/* A join refused at a table whose game is over. */
static qv_status over_refusal(const char *id, qv_err *err)
{
	return qv_fail(err, QV_ESTATE, "the game at table %s is over", id);
}

qv_status qv__table_join(qv__table *t, const char *seat, int *seat_out,
                         char token[QV__TOKEN_LEN + 1], qv_err *err)
{
	bool forbidden;
	return qv__table_join_as(t, &(qv__join){.seat = seat}, seat_out, token, &forbidden, err);
}

/* The seat a join request asks for, under the table's lock: *p, or a refusal (*forbidden
 * for an invite seat without its right code). */
static qv_status join_seat(qv__table *t, const qv__join *req, int *p, bool *forbidden, qv_err *err)
{
	char name[8], quoted[QV_QUOTE_MAX * 4 + 4];
	*p = -1;
	if (t->status == QV__OVER)
		return over_refusal(t->id, err);
	if (req->seat) {
		int s = qv_player_parse(req->seat, t->nseats);
		if (s < 0)
			return qv_fail(err, QV_EINVAL,
			               "seat: '%s' is not a seat of this table; expected p1 to p%d",
			               qv_shorten(req->seat, QV_QUOTE_MAX, quoted, sizeof quoted),
			               t->nseats);
		if (!t->seat[s].human)
			return qv_fail(
			    err, QV_EINVAL,
			    "seat: %s is played by the server (%s); only human seats can "
			    "be joined",
			    qv_player_name(s, name), t->seat[s].kind);
		if (t->seat[s].invite &&
		    (!req->invite ||
		     !qv__token_matches(req->invite, req->invite_len, t->seat[s].invite_hash))) {
			*forbidden = true;
			return qv_fail(err, QV_ESTATE,
			               req->invite
			                   ? "invite: that is not the invite code of seat %s"
			                   : "seat %s is for an invited player: join with "
			                     "its invite code, {\"invite\": \"...\"}",
			               qv_player_name(s, name));
		}
		if (!t->seat[s].invite && req->invite)
			return qv_fail(err, QV_EINVAL,
			               "invite: seat %s is an open seat and takes no invite code",
			               qv_player_name(s, name));
		if (t->seat[s].hash[0])
			return qv_fail(err, QV_ESTATE, "seat %s is already taken",
			               qv_player_name(s, name));
		*p = s;
		return QV_OK;
	}
	if (req->invite) {
		/* Every invite seat's hash is compared, in constant time, whichever matches. */
		int found = -1;
		for (int i = 0; i < t->nseats; i++) {
			bool match =
			    t->seat[i].invite &&
			    qv__token_matches(req->invite, req->invite_len, t->seat[i].invite_hash);
			found = match ? i : found;
		}
		if (found < 0) {
			*forbidden = true;
			return qv_fail(err, QV_ESTATE,
			               "invite: that is not the invite code of a seat at table %s",
			               t->id);
		}
		if (t->seat[found].hash[0])
			return qv_fail(err, QV_ESTATE,
			               "seat %s is already taken: an invite code works once",
			               qv_player_name(found, name));
		*p = found;
		return QV_OK;
	}
	bool invited = false;
	for (int i = 0; i < t->nseats && *p < 0; i++) {
		if (t->seat[i].human && !t->seat[i].hash[0] && !t->seat[i].invite)
			*p = i;
		invited |= t->seat[i].human && !t->seat[i].hash[0] && t->seat[i].invite;
	}
	if (*p < 0)
		return qv_fail(err, QV_ESTATE,
		               invited ? "no open seat at table %s: the free seats are for invited "
		                         "players (join with an invite code)"
		                       : "no free seat at table %s: every human seat is taken",
		               t->id);
	return QV_OK;
}

qv_status qv__table_join_as(qv__table *t, const qv__join *req, int *seat_out,
                            char token[QV__TOKEN_LEN + 1], bool *forbidden, qv_err *err)
{
	*forbidden = false;
	char clean[QV__NAME_BYTES] = "";
	if (req->name) {
		qv_status rc =
		    qv__name_clean(req->name, strlen(req->name), clean, sizeof clean, err);
		if (rc)
			return rc;
	}
	qv__table_lock(t);
	int p;
	qv_status rc = join_seat(t, req, &p, forbidden, err);
	if (!rc && t->stuck[0])
		rc = qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck);
	char hash[QV__HASH_LEN + 1];
	if (!rc) {
		qv__token_new(token, hash);
		memcpy(t->seat[p].hash, hash, sizeof hash);
		char old_name[QV__NAME_BYTES];
		memcpy(old_name, t->seat[p].name, sizeof old_name);
		memcpy(t->seat[p].name, clean, sizeof clean);
		int old_status = t->status;
		t->status = status_of(t);
		qv__clock kept = t->clock;
		char *folk = t->store ? people_text(t) : NULL;
		if (!t->store)
			clock_sync_locked(t, 0);
		if (t->store && !folk)
			rc = qv_fail(err, QV_ENOMEM, "out of memory claiming a seat");
		else if (t->store)
			rc = qv__store_claim(t->store, t->id, p, hash, qv__status_name(t->status),
			                     folk, err);
		free(folk);
		if (rc) {
			t->seat[p].hash[0] = '\0';
			memcpy(t->seat[p].name, old_name, sizeof old_name);
			t->status = old_status;
			clock_put_back(t, &kept);
		} else {
			t->iv++;
			t->seat[p].gone = now();
			*seat_out = p;
		}
	}
	qv__table_unlock(t);
	return rc;
}

int qv__table_auth(qv__table *t, const char *token, size_t len)
{
	qv__table_lock(t);
	int found = -1;
	for (int i = 0; i < t->nseats; i++) {
		bool match = t->seat[i].hash[0] && qv__token_matches(token, len, t->seat[i].hash);
		found = match ? i : found;
	}
	qv__table_unlock(t);
	return found;
}

void qv__table_online_locked(qv__table *t, int seat, int delta)
{
	if (seat < 0 || seat >= t->nseats)
		return;
	t->seat[seat].online += delta;
	if (t->seat[seat].online == 0)
		t->seat[seat].gone = now();
	t->iv++;
}

/* ---- acting -------------------------------------------------------------------------------- */

/* The checks every act and undo share: the table plays, the version is current. */
static qv_status check_turn_base(const qv__table *t, long long v, qv_err *err)
{
	char name[8];
	if (t->status == QV__OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (t->status == QV__WAITING) {
		for (int i = 0; i < t->nseats; i++)
			if (t->seat[i].human && !t->seat[i].hash[0])
				return qv_fail(err, QV_ESTATE,
				               "the table is waiting for players: "
				               "seat %s is not taken yet",
				               qv_player_name(i, name));
	}
	if (t->stuck[0])
		return qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck);
	if (v != t->v)
		return qv_fail(err, QV_ESTATE,
		               "stale version %lld: the table is at version %lld "
		               "(act on the latest update)",
		               v, t->v);
	return QV_OK;
}

unsigned qv__table_acting_locked(qv__table *t)
{
	return t->status == QV__PLAYING && !t->stuck[0] ? qv_match_acting(t->m) : 0;
}

/* A seat that left, or whose clock has run out (the server's timer is about to time it out),
 * decides nothing more. */
static qv_status check_present(qv__table *t, int seat, qv_err *err)
{
	int left = qv_match_left(t->m, seat);
	if (left == QV_LEFT_RESIGNED)
		return qv_fail(err, QV_ESTATE, "you resigned: the server plays your seat");
	if (left)
		return qv_fail(err, QV_ESTATE,
		               "you ran out of time: the server plays your seat; send {\"type\": "
		               "\"return\"} to play again");
	if (qv__clock_on(&t->clock) && t->clock.running >> seat & 1u &&
	    qv__clock_left(&t->clock, seat, now()) <= 0)
		return qv_fail(err, QV_ESTATE, "your clock has run out");
	return QV_OK;
}

/* The checks of an act and a what: the table plays, the version is current, the seat may
 * decide now (the player to move, or one of a simultaneous step who has not chosen), the
 * action is not too long. The caller holds the table's lock. */
static qv_status check_mover(qv__table *t, int seat, long long v, const char *action, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	char name[8], mine[8];
	int who = qv_match_to_move(t->m);
	if (!rc && who != seat && !(qv_match_acting(t->m) >> seat & 1u))
		rc = who == QV_CHANCE
		         ? qv_fail(err, QV_ESTATE, "not your turn: a chance event is being drawn")
		     : *qv_match_committed(t->m, seat)
		         ? qv_fail(err, QV_ESTATE,
		                   "you have made your choice for this step; it is played when "
		                   "everyone has chosen")
		         : qv_fail(err, QV_ESTATE, "not your turn: %s is to move, and you are %s",
		                   qv_player_name(who, name), qv_player_name(seat, mine));
	if (!rc && strlen(action) > ACTION_MAX)
		rc = qv_fail(err, QV_EINVAL, "action: %zu characters; at most %d", strlen(action),
		             ACTION_MAX);
	if (!rc)
		rc = check_present(t, seat, err);
	return rc;
}

qv_status qv__table_what(qv__table *t, int seat, long long v, const char *action, char *text,
                         size_t len, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_mover(t, seat, v, action, err);
	if (!rc)
		rc = qv_match_what_as(t->m, seat, action, text, len, NULL, err);
	qv__table_unlock(t);
	return rc;
}

/* ---- names, invites and the rematch as the store keeps them ---------------------------------- */

/* {"p2": {"name": "Ann", "invite": hash}, ...}: what each seat keeps besides its token (a
 * seat with neither is left out). */
static json_t *seats_json(const qv__table *t)
{
	json_t *j = json_object();
	char name[8];
	for (int p = 0; j && p < t->nseats; p++) {
		const qv__seat *s = &t->seat[p];
		if (!s->name[0] && !s->invite)
			continue;
		json_t *e = json_object();
		if (s->name[0])
			e = qv__json_put(e, "name", json_string(s->name));
		if (s->invite)
			e = qv__json_put(e, "invite", json_string(s->invite_hash));
		j = qv__json_put(j, qv_player_name(p, name), e);
	}
	return j;
}

/* {"asked": ["p1"], "table": ID or null}: a finished table's rematch, as info gives it. */
static json_t *rematch_json(const qv__table *t)
{
	json_t *asked = json_array();
	char name[8];
	for (int p = 0; p < t->nseats; p++)
		if (t->rematch_asked >> p & 1u)
			asked = qv__json_push(asked, json_string(qv_player_name(p, name)));
	return json_pack("{s:o, s:o}", "asked", asked, "table",
	                 t->rematch_table[0] ? json_string(t->rematch_table) : json_null());
}

/* Reads back the seats and the rematch of what people_json wrote. */
static qv_status seats_load(qv__table *t, const json_t *j, qv_err *err)
{
	const json_t *seats = json_object_get(j, "seats");
	if (seats && !json_is_object(seats))
		return qv_fail(err, QV_EIO, "people.seats: expected an object of seats");
	const char *key;
	json_t *e;
	json_object_foreach((json_t *)seats, key, e)
	{
		int p = qv_player_parse(key, t->nseats);
		const json_t *name = json_object_get(e, "name"),
		             *hash = json_object_get(e, "invite");
		if (p < 0 || !json_is_object(e) || (name && !json_is_string(name)) ||
		    (name && json_string_length(name) >= QV__NAME_BYTES) ||
		    (hash && (!json_is_string(hash) || json_string_length(hash) != QV__HASH_LEN)))
			return qv_fail(err, QV_EIO,
			               "people.seats.%s: expected {\"name\", \"invite\"} of a seat",
			               key);
		if (name)
			qv_copy(t->seat[p].name, sizeof t->seat[p].name, json_string_value(name));
		if (hash) {
			t->seat[p].invite = true;
			qv_copy(t->seat[p].invite_hash, sizeof t->seat[p].invite_hash,
			        json_string_value(hash));
		}
	}
	const json_t *rematch = json_object_get(j, "rematch");
	if (!rematch)
		return QV_OK;
	const json_t *asked = json_object_get(rematch, "asked");
	const json_t *table = json_object_get(rematch, "table");
	if (!json_is_array(asked) ||
	    !(json_is_null(table) ||
	      (json_is_string(table) && qv__table_id_valid(json_string_value(table)))))
		return qv_fail(err, QV_EIO, "people.rematch: expected {\"asked\", \"table\"}");
	size_t i;
	json_array_foreach(asked, i, e)
	{
		int p = qv_player_parse(json_is_string(e) ? json_string_value(e) : "", t->nseats);
		if (p < 0)
			return qv_fail(err, QV_EIO, "people.rematch.asked[%zu]: expected a seat",
			               i);
		t->rematch_asked |= 1u << p;
	}
	if (json_is_string(table))
		qv_copy(t->rematch_table, sizeof t->rematch_table, json_string_value(table));
	return QV_OK;
}

/* ---- commitments ahead of a turn ----------------------------------------------------------- */

/* The seats' commitments made ahead of their turn in a simultaneous step (qv_match_act), kept
 * with the table so that a restart loses none: {"p2": ["start sentinel-s"], ...}. */
static json_t *commitments_json(const qv__table *t)
{
	json_t *j = json_object();
	char name[8], line[QV_ACTION_TEXT];
	for (int p = 0; j && p < t->nseats; p++) {
		const char *c = qv_match_committed(t->m, p);
		if (!*c)
			continue;
		json_t *list = json_array();
		while (*c) {
			const char *end = strchr(c, '\n');
			size_t n = end ? (size_t)(end - c) : strlen(c);
			snprintf(line, sizeof line, "%.*s", (int)n, c);
			list = qv__json_push(list, json_string(line));
			c += n + (end ? 1 : 0);
		}
		j = qv__json_put(j, qv_player_name(p, name), list);
	}
	return j;
}

/* Makes the stored commitments again, each checked as when it was made. */
static qv_status commitments_load(qv__table *t, const json_t *j, qv_err *err)
{
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "people.committed: expected an object of seats");
	const char *key;
	json_t *list;
	json_object_foreach((json_t *)j, key, list)
	{
		int p = qv_player_parse(key, t->nseats);
		if (p < 0 || !json_is_array(list))
			return qv_fail(err, QV_EIO, "people.committed: bad seat '%s'", key);
		size_t i;
		json_t *text;
		json_array_foreach(list, i, text)
		{
			qv_err why;
			if (!json_is_string(text) ||
			    qv_match_act(t->m, p, json_string_value(text), &why))
				return qv_fail(err, QV_EIO, "people.committed.%s[%zu]: %s", key, i,
				               json_is_string(text) ? why.msg
				                                    : "expected notation");
		}
	}
	return QV_OK;
}

/* Every seat's commitments, to put back after a change that could not be saved. NULL when
 * out of memory. */
static char *commitments_copy(const qv__table *t)
{
	char *copy = malloc((size_t)QV_MAX_PLAYERS * QV_PENDING_TEXT);
	for (int p = 0; copy && p < QV_MAX_PLAYERS; p++)
		memcpy(copy + p * QV_PENDING_TEXT, qv_match_committed(t->m, p), QV_PENDING_TEXT);
	return copy;
}

/* Puts back what commitments_copy kept (their texts were checked when they were made). */
static void commitments_restore(qv__table *t, const char *copy)
{
	char line[QV_ACTION_TEXT];
	for (int p = 0; p < t->nseats; p++) {
		qv_match_withdraw(t->m, p);
		for (const char *c = copy + p * QV_PENDING_TEXT; *c;) {
			const char *end = strchr(c, '\n');
			size_t n = end ? (size_t)(end - c) : strlen(c);
			snprintf(line, sizeof line, "%.*s", (int)n, c);
			(void)qv_match_act(t->m, p, line, NULL);
			c += n + (end ? 1 : 0);
		}
	}
}

qv_status qv__table_act(qv__table *t, int seat, long long v, const char *action, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_mover(t, seat, v, action, err);
	char *kept = rc ? NULL : commitments_copy(t);
	if (!rc && !kept)
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	if (!rc) {
		int old = t->m->nhist, old_status = t->status;
		long long old_v = t->v;
		qv__clock clock = t->clock;
		qv__clock_mark mark;
		bool marked = clock_mark_now(t, &mark);
		qv__offer offer = t->offer;
		t->offer.by = -1; /* a new move ends a takeback request */
		rc = qv_match_act(t->m, seat, action, err);
		/* The seat decided: its clock stops, with Fischer's increment when the decision is
		 * played; a commitment (nothing played yet) earns it when the step is played. */
		if (!rc)
			clock_sync_locked(t, t->m->nhist == old ? 0 : 1u << seat);
		if (!rc && t->m->nhist == old) {
			/* A commitment ahead of the seat's turn: nothing is played yet, so the
			 * version stays (the others' choices in the step are as valid as before),
			 * but what clients hear of changes (to_move, the seat's view). */
			rc = qv__table_save_people_locked(t, err);
			if (rc)
				commitments_restore(t, kept);
			else
				t->iv++;
		} else if (!rc) {
			rc = commit_added(t, old, old_v, old_status, false, marked ? &mark : NULL,
			                  err);
			if (rc)
				commitments_restore(t, kept);
		}
		if (rc) {
			clock_put_back(t, &clock);
			t->offer = offer;
		}
	}
	free(kept);
	qv__table_unlock(t);
	return rc;
}

/* Takes back the seat's commitments made ahead of its turn, which nobody has seen: at once,
 * whoever else is at the table. QV_ESTATE when it has none. */
static qv_status withdraw_locked(qv__table *t, int seat, qv_err *err)
{
	char *kept = commitments_copy(t);
	if (!kept)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv__clock clock = t->clock;
	qv_status rc = QV_OK;
	if (qv_match_withdraw(t->m, seat) > 0) {
		/* The seat's clock runs on as though it had never committed: the time since
		 * counts, no increment, no new allowance (the commitment changed no clock). */
		qv__clock_resume(&t->clock, seat);
		rc = qv__table_save_people_locked(t, err);
	} else {
		rc = qv_fail(err, QV_ESTATE, "no choice of yours to take back");
	}
	if (rc) {
		commitments_restore(t, kept);
		clock_put_back(t, &clock);
	} else {
		t->iv++;
	}
	free(kept);
	return rc;
}

/* The seats people play, as a mask (bit p for seat p): whose decisions a takeback asks for.
 * A seat whose person left (a zombie the server plays) is not asked: its decisions are the
 * server's. */
static unsigned people_at(const qv__table *t)
{
	unsigned humans = 0;
	for (int i = 0; i < t->nseats; i++)
		humans |= t->seat[i].human && !qv_match_left(t->m, i) ? 1u << i : 0;
	return humans;
}

/* Takes back `seat`'s last decision and everything after it, which the engine allows with
 * every other person concerned agreeing (qv_match_takeback_agreed), saves it, and tells every
 * connection the whole log again (takebacks). The request, if any, is cleared with it. The
 * clocks go back to what they held before the decision taken back, the seat charged the time
 * from it to `asked` (when it asked: takeback_clocks). */
static qv_status take_back_locked(qv__table *t, int seat, double asked, qv_err *err)
{
	int old = t->m->nhist;
	qv_move *saved = malloc(sizeof *saved * (size_t)(old > 0 ? old : 1));
	if (!saved)
		return qv_fail(err, QV_ENOMEM, "out of memory during undo");
	if (old > 0)
		memcpy(saved, t->m->hist, sizeof *saved * (size_t)old);
	qv__offer offer = t->offer;
	qv__clock clock = t->clock;
	int nmarks = t->nmarks;
	qv_takeback tb;
	qv_status rc = qv_match_takeback(t->m, seat, people_at(t), &tb, err);
	qv__clock_mark mark;
	unsigned stand = 0;
	double charged = 0;
	bool clocked = !rc && tb.from >= 0 && qv__clock_on(&t->clock);
	if (clocked)
		takeback_clocks(t, seat, tb.from, asked, &mark, &stand, &charged);
	if (!rc)
		rc = qv_match_takeback_agreed(t->m, seat, people_at(t), err);
	if (!rc) {
		t->clock.held = committed_mask(t); /* commitments taken back earn nothing */
		if (clocked) {
			qv__clock_rewind(&t->clock, &mark, stand, seat, charged, clock_mask(t),
			                 now());
			marks_drop_after(t, t->m->nhist);
		}
		/* Saved before the logs are cut, so that a refusal leaves them as they were. */
		int old_status = t->status;
		t->v += 1;
		t->status = status_of(t);
		t->offer.by = -1;
		rc = save_change(t, t->m->nhist, false, err);
		if (rc) {
			clock_put_back(t, &clock);
			t->nmarks = nmarks;
			/* Put the taken-back moves back, each entry not brought back by the one
			 * before it (a decision brings the forced moves the match applies; a held
			 * forced decision of a person is played as it was). */
			for (int k = 0; k < old && t->m->nhist < old; k++)
				if (qv_match_play(t->m, saved[t->m->nhist].action, NULL))
					break;
			t->v -= 1;
			t->status = old_status;
			t->offer = offer;
			QV_ASSERT(t->m->nhist == old && t->status == old_status);
		} else {
			after_change(t, 0);
			t->takebacks++;
			for (int i = 0; i < t->nseats; i++)
				if (t->seat[i].agent)
					t->seat[i].forget = true;
		}
	}
	free(saved);
	return rc;
}

/* The seats of a mask as a JSON array of names. */
static json_t *seat_list(const qv__table *t, unsigned mask)
{
	json_t *list = json_array();
	char name[8];
	for (int p = 0; p < t->nseats; p++)
		if (mask >> p & 1u)
			list = qv__json_push(list, json_string(qv_player_name(p, name)));
	return list;
}

/* The request as info shows it, {"kind": "takeback", "by", "to", "waiting"}, or as the store
 * keeps it (info false: "asked" too, and "ago_ms", how long ago it was asked; no "kind"). */
static json_t *offer_json(const qv__table *t, bool info)
{
	char name[8];
	json_t *j = json_pack("{s:s, s:I, s:o}", "by", qv_player_name(t->offer.by, name), "to",
	                      (json_int_t)t->offer.to, "waiting", seat_list(t, t->offer.waiting));
	if (info) {
		j = qv__json_put(j, "kind", json_string("takeback"));
	} else {
		double ago = now() - t->offer.at;
		j = qv__json_put(j, "asked", seat_list(t, t->offer.asked));
		j = qv__json_put(j, "ago_ms", json_integer((json_int_t)(ago > 0 ? ago * 1000 : 0)));
	}
	return j;
}

/* A mask of seats from a stored array of names; false when it is not one. */
static bool seat_mask(const qv__table *t, const json_t *list, unsigned *mask)
{
	*mask = 0;
	if (!json_is_array(list))
		return false;
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	{
		int p = json_is_string(e) ? qv_player_parse(json_string_value(e), t->nseats) : -1;
		if (p < 0)
			return false;
		*mask |= 1u << p;
	}
	return true;
}

/* Reads back a stored request (offer_json without info). */
static qv_status offer_load(qv__table *t, const json_t *j, qv_err *err)
{
	t->offer.by = -1;
	if (!j)
		return QV_OK;
	const char *by = json_string_value(json_object_get(j, "by"));
	const json_t *to = json_object_get(j, "to"), *ago = json_object_get(j, "ago_ms");
	/* A request saved without its time (by an older quiver) counts as asked now; a restart
	 * counts no time while the server was down. */
	qv__offer o = {.by = by ? qv_player_parse(by, t->nseats) : -1,
	               .at = now() -
	                     (json_is_integer(ago) ? (double)json_integer_value(ago) / 1000 : 0)};
	if (o.by < 0 || !json_is_integer(to) || (ago && !json_is_integer(ago)) ||
	    !seat_mask(t, json_object_get(j, "asked"), &o.asked) ||
	    !seat_mask(t, json_object_get(j, "waiting"), &o.waiting) || !o.waiting ||
	    (o.waiting & ~o.asked))
		return qv_fail(err, QV_EIO,
		               "people.offer: expected {\"by\", \"to\", \"asked\", \"waiting\"} "
		               "naming seats of the table");
	o.to = json_integer_value(to);
	t->offer = o;
	return QV_OK;
}

/* Saves a change of the request alone, or puts the old one back when the store refuses. */
static qv_status offer_change_locked(qv__table *t, const qv__offer *old, qv_err *err)
{
	qv_status rc = qv__table_save_people_locked(t, err);
	if (rc)
		t->offer = *old;
	else
		t->iv++;
	return rc;
}

qv_status qv__table_undo(qv__table *t, int seat, long long v, qv_err *err)
{
	qv__table_lock(t);
	char name[8];
	qv_status rc = check_turn_base(t, v, err);
	if (!rc && qv_match_left(t->m, seat))
		rc = check_present(t, seat, err);
	if (!rc && *qv_match_committed(t->m, seat)) {
		rc = withdraw_locked(t, seat, err);
		qv__table_unlock(t);
		return rc;
	}
	if (!rc && t->offer.by == seat)
		rc = qv_fail(err, QV_ESTATE,
		             "you have asked for a takeback already; it waits for %s to answer",
		             qv_player_name(__builtin_ctz(t->offer.waiting), name));
	else if (!rc && t->offer.by >= 0)
		rc = qv_fail(err, QV_ESTATE,
		             "%s asks to take back a move: answer that first with {\"type\": "
		             "\"answer\", \"v\": %lld, \"accept\": true or false}",
		             qv_player_name(t->offer.by, name), t->v);
	qv_takeback tb;
	if (!rc)
		rc = qv_match_takeback(t->m, seat, people_at(t), &tb, err);
	if (!rc && (tb.from < 0 || tb.chance >= 0 || tb.reveal >= 0)) {
		if (err)
			*err = tb.from < 0 ? tb.why : tb.barrier;
		rc = QV_ESTATE;
	}
	/* The clocks go back to before the seat's move and the time since counts against it: a
	 * takeback that would leave it no time is refused rather than lose it the game. */
	double at = now(), since = 0;
	long long had =
	    !rc && qv__clock_on(&t->clock) ? takeback_had(t, seat, tb.from, at, &since) : LLONG_MAX;
	if (had != LLONG_MAX && had - (long long)floor(since * 1000) <= 0)
		rc = qv_fail(err, QV_ESTATE,
		             "cannot take back: your clock would run out: a takeback sets every "
		             "clock back to before your move, and the %.1f s since then count "
		             "against you, who had %.1f s left then",
		             since, (double)had / 1000);
	unsigned others = rc ? 0 : tb.seats & people_at(t) & ~(1u << seat);
	if (!rc && !others) {
		rc = take_back_locked(t, seat, at, err);
	} else if (!rc) {
		qv__offer old = t->offer;
		t->offer = (qv__offer){
		    .by = seat, .to = t->v + 1, .asked = others, .waiting = others, .at = at};
		rc = offer_change_locked(t, &old, err);
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_answer(qv__table *t, int seat, long long v, bool accept, qv_err *err)
{
	qv__table_lock(t);
	char name[8];
	qv_status rc = check_turn_base(t, v, err);
	if (!rc && qv_match_left(t->m, seat))
		rc = check_present(t, seat, err);
	else if (!rc && t->offer.by < 0)
		rc = qv_fail(err, QV_ESTATE, "there is no takeback request to answer");
	else if (!rc && t->offer.by == seat)
		rc = qv_fail(err, QV_ESTATE, "the takeback request is yours: the others answer it");
	else if (!rc && !(t->offer.asked >> seat & 1u))
		rc = qv_fail(err, QV_ESTATE,
		             "%s's takeback does not take back any move of yours, so you are not "
		             "asked",
		             qv_player_name(t->offer.by, name));
	else if (!rc && !(t->offer.waiting >> seat & 1u))
		rc = qv_fail(err, QV_ESTATE, "you have answered this takeback request already");
	if (!rc) {
		qv__offer old = t->offer;
		if (!accept) {
			t->offer.by = -1;
			rc = offer_change_locked(t, &old, err);
		} else if (t->offer.waiting & ~(1u << seat)) {
			t->offer.waiting &= ~(1u << seat);
			rc = offer_change_locked(t, &old, err);
		} else {
			rc = take_back_locked(t, old.by, old.at, err);
		}
	}
	qv__table_unlock(t);
	return rc;
}

/* ---- leaving: timeouts, claims, resignations, returns -------------------------------------- */

bool qv__table_zombie_locked(const qv__table *t, int p)
{
	return p >= 0 && p < t->nseats && t->seat[p].human && qv_match_left(t->m, p) &&
	       !qv_match_over(t->m) && t->seat[p].agent;
}

/* The players who left, kept with the table: {"p2": {"reason": "timeout", "at": 12}}. */
static json_t *leaves_json(const qv__table *t)
{
	json_t *j = json_object();
	char name[8];
	for (int p = 0; j && p < t->nseats; p++) {
		int left = qv_match_left(t->m, p);
		if (left)
			j = qv__json_put(j, qv_player_name(p, name),
			                 json_pack("{s:s, s:i}", "reason", qv_left_name(left), "at",
			                           t->m->left_at[p]));
	}
	return j;
}

/* The agent (medium, as `quiver play` uses) that plays seat p of a person who left a game
 * that goes on; kept once made, reset before its next use when it is used again. */
static qv_status zombie_agent(qv__table *t, int p, qv_err *err)
{
	qv__seat *s = &t->seat[p];
	if (s->agent)
		return QV_OK;
	qv_status rc =
	    qv_agent_new(&s->agent, "medium", t->game,
	                 qv_seed_mix(t->m->seed, (uint64_t)(QV_MAX_PLAYERS + p + 1)), err);
	if (rc)
		return rc;
	qv_agent_set_keep(s->agent, false);
	s->seen = 0;
	s->forget = false;
	return QV_OK;
}

/* Leaves again what leaves_json kept (untrusted: a damaged database names the field). */
static qv_status leaves_load(qv__table *t, const json_t *j, qv_err *err)
{
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "people.leaves: expected an object of seats");
	const char *key;
	json_t *e;
	json_object_foreach((json_t *)j, key, e)
	{
		int p = qv_player_parse(key, t->nseats);
		const char *reason = json_string_value(json_object_get(e, "reason"));
		const json_t *at = json_object_get(e, "at");
		int why = !reason                           ? 0
		          : strcmp(reason, "resigned") == 0 ? QV_LEFT_RESIGNED
		          : strcmp(reason, "timeout") == 0  ? QV_LEFT_TIMEOUT
		                                            : 0;
		if (p < 0 || !why || !json_is_integer(at) || json_integer_value(at) < 0 ||
		    json_integer_value(at) > t->m->nhist)
			return qv_fail(err, QV_EIO, "people.leaves: bad entry '%s'", key);
		qv_err why_not;
		if (qv_match_leave(t->m, p, why, &why_not))
			return qv_fail(err, QV_EIO, "people.leaves.%s: %s", key, why_not.msg);
		t->m->left_at[p] = (int)json_integer_value(at);
	}
	for (int p = 0; p < t->nseats; p++) {
		if (!qv_match_left(t->m, p) || qv_match_over(t->m) || !t->seat[p].human)
			continue;
		qv_status rc = zombie_agent(t, p, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* Seat p leaves the game now (QV_LEFT_*), saved with a new version before anyone hears of
 * it; when the store refuses, nothing changed. The caller made every check but the match's. */
static qv_status leave_locked(qv__table *t, int p, int reason, qv_err *err)
{
	int playing = 0;
	for (int i = 0; i < t->nseats; i++)
		playing += !qv_match_left(t->m, i);
	/* With two or more left after it, the game goes on and the server plays the seat. */
	qv_status rc = playing > 2 ? zombie_agent(t, p, err) : QV_OK;
	if (!rc)
		rc = qv_match_leave(t->m, p, reason, err);
	if (rc)
		return rc;
	int old_status = t->status;
	long long old_v = t->v;
	qv__offer offer = t->offer;
	t->offer.by = -1; /* a leave ends a takeback request, as a move does */
	t->v += 1;
	t->status = status_of(t);
	rc = save_change(t, t->m->nhist, false, err);
	if (rc) {
		t->m->left[p] = 0;
		t->m->ended = false; /* qv_match_leave refuses at a game over */
		t->v = old_v;
		t->status = old_status;
		t->offer = offer;
		return rc;
	}
	t->iv++;
	return QV_OK;
}

bool qv__table_timeout(qv__table *t)
{
	qv__table_lock(t);
	bool changed = false;
	double at = now();
	unsigned out = t->status == QV__PLAYING && !t->stuck[0]
	                   ? qv__clock_out(&t->clock, at) & clock_mask(t)
	                   : 0;
	for (int p = 0; p < t->nseats; p++) {
		if (!(out >> p & 1u) || qv_match_over(t->m))
			continue;
		qv_err err;
		qv_status rc = leave_locked(t, p, QV_LEFT_TIMEOUT, &err);
		if (rc) {
			/* Tried again by the timer (the deadline stays); a store that keeps
			 * refusing is logged each time. */
			fprintf(stderr,
			        "quiver serve: table %s: a timeout could not be saved: %s\n", t->id,
			        err.msg);
			break;
		}
		changed = true;
	}
	if (!changed)
		atomic_store(&t->deadline, t->status == QV__PLAYING && !t->stuck[0]
		                               ? qv__clock_deadline(&t->clock)
		                               : 0.0);
	qv__table_unlock(t);
	return changed;
}

/* The checks of a resignation or a claim by seat `by`: the table plays on version v and the
 * seat has not left. */
static qv_status check_leaver(qv__table *t, int by, long long v, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	if (rc)
		return rc;
	int left = qv_match_left(t->m, by);
	if (left == QV_LEFT_RESIGNED)
		return qv_fail(err, QV_ESTATE, "you have resigned already");
	if (left)
		return qv_fail(err, QV_ESTATE,
		               "you ran out of time and the server plays your seat: send "
		               "{\"type\": \"return\"} first");
	return QV_OK;
}

qv_status qv__table_claim(qv__table *t, int by, long long v, const char *seat, double limit,
                          qv_err *err)
{
	qv__table_lock(t);
	char name[8], quoted[QV_QUOTE_MAX * 4 + 4];
	int p = qv_player_parse(seat, t->nseats);
	qv_status rc = check_leaver(t, by, v, err);
	double at = now();
	if (rc) {
		/* refused above */
	} else if (p < 0) {
		rc = qv_fail(err, QV_EINVAL,
		             "seat: '%s' is not a seat of this table; expected the absent seat, "
		             "p1 to p%d, in {\"type\": \"claim\", \"v\": N, \"seat\": \"p2\"}",
		             qv_shorten(seat, QV_QUOTE_MAX, quoted, sizeof quoted), t->nseats);
	} else if (p == by) {
		rc = qv_fail(err, QV_EINVAL, "seat: %s is your own seat; claim an absent one",
		             qv_player_name(p, name));
	} else if (!t->seat[p].human) {
		rc = qv_fail(err, QV_ESTATE, "seat %s is played by the server (%s)",
		             qv_player_name(p, name), t->seat[p].kind);
	} else if (qv__clock_on(&t->clock)) {
		rc = qv_fail(err, QV_ESTATE,
		             "this table has a clock: %s times out when its clock runs out, "
		             "without a claim",
		             qv_player_name(p, name));
	} else if (qv_match_left(t->m, p)) {
		rc = qv_fail(err, QV_ESTATE, "%s has left the game already",
		             qv_player_name(p, name));
	} else if (t->seat[p].online > 0) {
		rc = qv_fail(err, QV_ESTATE, "%s is online: only an absent seat may be claimed",
		             qv_player_name(p, name));
	} else if (!(clock_mask(t) >> p & 1u)) {
		rc = qv_fail(err, QV_ESTATE,
		             "%s is not to move: only a seat that keeps the game waiting may be "
		             "claimed",
		             qv_player_name(p, name));
	} else {
		/* Away and to move both: the shorter of the two counts. */
		double away = at - t->seat[p].gone, turn = qv__clock_running_for(&t->clock, p, at);
		double waited = away < turn ? away : turn;
		if (waited < limit)
			rc = qv_fail(
			    err, QV_ESTATE,
			    "too early: %s has been away and to move for %.0f s; it may be "
			    "claimed after %.0f s (the server's --away-limit), in %.0f s",
			    qv_player_name(p, name), floor(waited), limit, ceil(limit - waited));
	}
	if (!rc)
		rc = leave_locked(t, p, QV_LEFT_TIMEOUT, err);
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_resign(qv__table *t, int seat, long long v, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_leaver(t, seat, v, err);
	if (!rc)
		rc = leave_locked(t, seat, QV_LEFT_RESIGNED, err);
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_return(qv__table *t, int seat, qv_err *err)
{
	qv__table_lock(t);
	int left = qv_match_left(t->m, seat);
	qv_status rc = QV_OK;
	if (t->status == QV__OVER)
		rc = qv_fail(err, QV_ESTATE, "the game is over");
	else if (t->stuck[0])
		rc = qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck);
	else if (left == QV_LEFT_RESIGNED)
		rc = qv_fail(err, QV_ESTATE, "you resigned: a resignation is final");
	else if (!left)
		rc = qv_fail(err, QV_ESTATE,
		             "you are playing: return is for a seat the server plays after its "
		             "time ran out");
	if (rc) {
		qv__table_unlock(t);
		return rc;
	}
	qv__clock kept = t->clock;
	int at = t->m->left_at[seat];
	long long old_v = t->v;
	qv__clock_returned(&t->clock, seat);
	rc = qv_match_return(t->m, seat, err);
	if (!rc) {
		/* A new version: a search the server began for the seat is dropped. */
		t->v += 1;
		rc = save_change(t, t->m->nhist, false, err);
		if (rc) {
			t->m->left[seat] = QV_LEFT_TIMEOUT;
			t->m->left_at[seat] = at;
			t->v = old_v;
		}
	}
	if (rc) {
		clock_put_back(t, &kept);
	} else {
		t->iv++;
		t->seat[seat].forget = true; /* if it plays the seat again, from the start */
	}
	qv__table_unlock(t);
	return rc;
}

/* ---- AI seats and chance ------------------------------------------------------------------- */

/* Who the server plays now: chance or the AI seat to move; else, in a simultaneous step, the
 * first AI seat of it that has not chosen (it commits ahead of its turn, so that the people
 * of the step wait only for each other). -100 for nobody. */
static int server_turn(qv__table *t)
{
	if (t->status != QV__PLAYING || t->stuck[0])
		return -100;
	int who = qv_match_to_move(t->m);
	if (who == QV_CHANCE || (who >= 0 && who < t->nseats &&
	                         (!t->seat[who].human || qv__table_zombie_locked(t, who))))
		return who;
	if (who < 0 || !t->game->together)
		return -100;
	unsigned acting = qv_match_acting(t->m);
	for (int p = 0; p < t->nseats; p++)
		if (acting >> p & 1u && (!t->seat[p].human || qv__table_zombie_locked(t, p)))
			return p;
	return -100;
}

bool qv__table_wants_step_locked(qv__table *t) { return server_turn(t) != -100; }

bool qv__table_wants_chance_locked(qv__table *t) { return server_turn(t) == QV_CHANCE; }

bool qv__table_searches_locked(const qv__table *t)
{
	for (int p = 0; !t->searches && p < t->nseats; p++)
		if (qv__table_zombie_locked(t, p))
			return true;
	return t->searches;
}

/* ---- idleness ------------------------------------------------------------------------------ */

/* Whether a table may end idle now: it plays, no clock of it runs (a table whose clock runs
 * ends by its clock), and the server has no step of its own to make there (the table waits for
 * people, or has stopped). */
static bool idle_applies(qv__table *t)
{
	return t->idle_limit > 0 && t->status == QV__PLAYING && atomic_load(&t->deadline) == 0 &&
	       !qv__table_wants_step_locked(t);
}

/* When the server's timer should look at the table: idle_limit after it was last active, when
 * the rule applies. */
static void idle_note_locked(qv__table *t)
{
	atomic_store(&t->idle_at, idle_applies(t) ? t->active + t->idle_limit : 0.0);
}

void qv__table_set_idle_limit_locked(qv__table *t, double limit)
{
	t->idle_limit = limit;
	idle_note_locked(t);
}

void qv__table_touch_locked(qv__table *t)
{
	t->active = now();
	idle_note_locked(t);
}

/* A watched table's last activity is saved at most this often, as a part of its idle limit: a
 * restart after a kill then judges it by a time at most that old. */
#define IDLE_SAVE_PART 0.5

bool qv__table_idle(qv__table *t)
{
	qv__table_lock(t);
	double at = now();
	bool ended = false;
	qv_err err;
	if (!idle_applies(t)) {
		atomic_store(&t->idle_at, 0.0);
	} else if (t->conns || t->greeting > 0) {
		/* Someone is at the table: idleness counts from now, and the time is saved now and
		 * then, so that a restart after a kill does not end a table people were at. */
		if (t->store && qv__table_save_people_locked(t, &err))
			fprintf(stderr, "quiver serve: table %s: %s\n", t->id, err.msg);
		t->active = at;
		atomic_store(&t->idle_at, at + t->idle_limit * IDLE_SAVE_PART);
	} else if (t->active + t->idle_limit > at) {
		idle_note_locked(t); /* something happened since the timer planned to look */
	} else {
		int old_status = t->status;
		long long old_v = t->v;
		qv__offer offer = t->offer;
		qv_copy(t->ended, sizeof t->ended, "abandoned");
		t->offer.by = -1;
		t->v += 1; /* a new version: a search begun is dropped, a late act is stale */
		t->status = status_of(t);
		qv_status rc = save_change(t, t->m->nhist, false, &err);
		if (rc) {
			/* Tried again a second later; a store that keeps refusing is logged. */
			fprintf(stderr, "quiver serve: table %s: its end could not be saved: %s\n",
			        t->id, err.msg);
			t->ended[0] = '\0';
			t->v = old_v;
			t->status = old_status;
			t->offer = offer;
			clock_sync_locked(t, 0);
			atomic_store(&t->idle_at, at + 1);
		} else {
			t->iv++;
			atomic_store(&t->idle_at, 0.0);
			ended = true;
		}
	}
	qv__table_unlock(t);
	return ended;
}

/* Stops the table playing itself after an AI or chance failure, saying why, and saves that,
 * so that a restart does not try again. */
static void stop_locked(qv__table *t, const char *what, const qv_err *why)
{
	snprintf(t->stuck, sizeof t->stuck, "%.60s: %.180s", what, why->msg);
	t->iv++;
	fprintf(stderr, "quiver serve: table %s: %s\n", t->id, t->stuck);
	qv_err err;
	if (t->store && qv__store_stop(t->store, t->id, t->stuck, &err))
		fprintf(stderr, "quiver serve: table %s: %s\n", t->id, err.msg);
}

bool qv__table_step(qv__table *t)
{
	qv__table_lock(t);
	int who = server_turn(t);
	if (who == -100) {
		qv__table_unlock(t);
		return false;
	}
	int old = t->m->nhist, old_status = t->status;
	long long old_v = t->v;
	qv_err err;
	/* Out of memory, a step is not made and the table stays as it was (the pool tries it
	 * again); any other failure stops the table, which would fail the same way again. */
	qv__offer offer = t->offer;
	if (who == QV_CHANCE) {
		t->offer.by = -1; /* a new move ends a takeback request */
		qv_status rc = qv_match_chance(t->m, NULL, &err);
		if (!rc) /* no mark: no takeback crosses a chance outcome */
			rc = commit_added(t, old, old_v, old_status, false, NULL, &err);
		if (rc)
			t->offer = offer;
		if (rc && rc != QV_ENOMEM)
			stop_locked(t, "drawing a chance outcome failed", &err);
		qv__table_unlock(t);
		return rc == QV_OK;
	}
	/* Saved before the search begins and cleared with its move: if the search kills the
	 * process, the restart knows (qv__table_restore, QV__AI_TRIES). */
	qv_status began = t->store ? qv__store_ai_start(t->store, t->id, &err) : QV_OK;
	if (began) {
		if (began != QV_ENOMEM)
			stop_locked(t, "the AI seat could not begin", &err);
		qv__table_unlock(t);
		return false;
	}
	qv__seat *s = &t->seat[who];
	if (s->forget) {
		qv_agent_reset(s->agent);
		s->seen = t->m->nhist;
		s->forget = false;
	}
	qv_match_tell_agent(t->m, s->agent, &s->seen);
	void *st = malloc(t->game->state_size);
	if (!st) {
		if (t->store && qv__store_ai_end(t->store, t->id, &err))
			fprintf(stderr, "quiver serve: table %s: %s\n", t->id, err.msg);
		qv__table_unlock(t);
		return false;
	}
	/* The position at which the seat decides: the current one, or its own turn in a
	 * simultaneous step when it chooses ahead of it (qv_match_turn_of). */
	bool ahead = who != qv_match_to_move(t->m);
	if (!qv_match_turn_of(t->m, who, st))
		memcpy(st, t->m->state, t->game->state_size); /* cannot be: server_turn said so */
	qv__table_unlock(t);

	qv_action a;
	qv_rng drawn = s->agent->rng; /* put back when the step is not made for memory */
	qv_status rc = qv_agent_choose(s->agent, st, &a, &err);
	char text[QV_ACTION_TEXT] = "";
	if (!rc && t->game->action_to_text(st, a, text, sizeof text) < 0)
		rc = qv_fail(&err, QV_EINVAL, "the AI's choice has no notation");
	free(st);

	qv__table_lock(t);
	offer = t->offer; /* as it is now: a request may have come during the search */
	bool changed = false, marked = t->store != NULL;
	qv__clock_mark mark;
	bool clocked = clock_mark_now(t, &mark);
	if (rc == QV_ENOMEM) {
		/* not stopped: the mark is cleared below */
	} else if (rc) {
		stop_locked(t, "the AI seat failed", &err);
		marked = false;
	} else if (t->v == old_v && t->status == QV__PLAYING && ahead &&
	           qv_match_acting(t->m) >> who & 1u) {
		/* A commitment ahead of the seat's turn, as a person's (qv__table_act). */
		t->offer.by = -1; /* a new move ends a takeback request */
		rc = qv_match_act(t->m, who, text, &err);
		if (!rc && t->m->nhist == old) {
			rc = qv__table_save_people_locked(t, &err);
			if (rc)
				qv_match_withdraw(t->m, who);
			else
				t->iv++;
		} else if (!rc) {
			rc = commit_added(t, old, old_v, old_status, true, clocked ? &mark : NULL,
			                  &err);
		}
		if (rc && rc != QV_ENOMEM)
			stop_locked(t, "the AI seat's choice could not be kept", &err);
		changed = rc == QV_OK;
		marked = rc == QV_ENOMEM && marked;
	} else if (t->v == old_v && t->status == QV__PLAYING && !ahead &&
	           qv_match_to_move(t->m) == who) {
		t->offer.by = -1;
		rc = qv_match_play(t->m, a, &err);
		if (!rc)
			rc = commit_added(t, old, old_v, old_status, true, clocked ? &mark : NULL,
			                  &err);
		if (rc && rc != QV_ENOMEM)
			stop_locked(t, "the AI seat's move could not be played", &err);
		changed = rc == QV_OK;
		marked = rc == QV_ENOMEM && marked; /* a saved move or a stop clears the mark */
	}
	if (rc)
		t->offer = offer;
	if (rc == QV_ENOMEM) /* the step made again chooses as this one would have */
		s->agent->rng = drawn;
	if (marked && qv__store_ai_end(t->store, t->id, &err))
		fprintf(stderr, "quiver serve: table %s: %s\n", t->id, err.msg);
	qv__table_unlock(t);
	return changed;
}

/* ---- what clients receive ------------------------------------------------------------------ */

/* A seat's info entry e gains "away_ms" (how long a claimed person's seat has had no
 * connection; 0 online, for AI seats and unclaimed ones) and "zombie". */
static json_t *away_json(const qv__table *t, json_t *e, int p, bool stored)
{
	const qv__seat *s = &t->seat[p];
	long long away = 0;
	if (!stored && s->human && s->hash[0] && s->online == 0)
		away = (long long)((now() - s->gone) * 1000);
	e = qv__json_put(e, "away_ms", json_integer(away > 0 ? away : 0));
	return qv__json_put(e, "zombie", json_boolean(qv__table_zombie_locked(t, p)));
}

/* Info's "clock": the settings, "left" (ms, claimed people's seats), "running" and "now"
 * (epoch ms), so that a client counts down from what the server says. */
static json_t *clock_json(qv__table *t, bool stored)
{
	json_t *j = qv__clock_settings_json(&t->clock), *left = json_object(),
	       *running = json_array();
	double at = now();
	char name[8];
	bool on = qv__clock_on(&t->clock);
	for (int p = 0; on && p < t->nseats; p++) {
		if (!t->seat[p].human || !t->seat[p].hash[0])
			continue;
		long long ms = qv__clock_left(&t->clock, p, at);
		left = qv__json_put(left, qv_player_name(p, name), json_integer(ms > 0 ? ms : 0));
		if (!stored && t->clock.running >> p & 1u)
			running = qv__json_push(running, json_string(name));
	}
	j = qv__json_put(j, "left", left);
	j = qv__json_put(j, "running", running);
	return qv__json_put(j, "now", json_integer((json_int_t)(at * 1000)));
}

/* Info's "variant": which components the table plays with, null for a game without any. */
static json_t *variant_json(const qv_variant *v)
{
	if (!v)
		return json_null();
	return json_pack("{s:s, s:s, s:b}", "name", v->name, "sha256", v->sha256, "builtin",
	                 v->builtin);
}

/* The table's info; `stored` is the copy kept once the game is over, which says no human is
 * online (as the table read back later would), and holds the catalogue (it answers
 * GET /api/tables/ID once the table left memory). */
static json_t *info_json(qv__table *t, bool stored)
{
	json_t *seats = json_array();
	char name[8];
	for (int i = 0; i < t->nseats; i++) {
		const qv__seat *s = &t->seat[i];
		bool online = !s->human || (!stored && s->online > 0);
		bool open = s->human && !s->invite && !s->hash[0] && t->status != QV__OVER;
		json_t *e =
		    json_pack("{s:s, s:s, s:b, s:b, s:s, s:b}", "seat", qv_player_name(i, name),
		              "kind", s->kind, "claimed", !s->human || s->hash[0], "online", online,
		              "name", qv__table_name_locked(t, i), "open", open);
		e = away_json(t, e, i, stored);
		seats = qv__json_push(seats, e);
	}
	json_t *result = json_null();
	if (t->status == QV__OVER && qv_match_over(t->m)) {
		int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
		qv_match_ranks(t->m, ranks);
		t->game->score(t->m->state, scores);
		result = json_array();
		for (int i = 0; i < t->nseats; i++) {
			json_t *e = json_pack("{s:s, s:i, s:i}", "seat", qv_player_name(i, name),
			                      "rank", ranks[i], "score", scores[i]);
			int left = qv_match_left(t->m, i);
			if (e && left)
				e = qv__json_put(e, "reason", json_string(qv_left_name(left)));
			result = qv__json_push(result, e);
		}
	}
	json_t *to_move = json_array();
	unsigned acting = stored ? 0 : qv__table_acting_locked(t);
	for (int i = 0; i < t->nseats; i++)
		if (acting >> i & 1u)
			to_move = qv__json_push(to_move, json_string(qv_player_name(i, name)));
	json_t *info = json_pack("{s:s, s:s, s:s, s:O, s:o, s:s, s:I, s:b, s:o}", "id", t->id,
	                         "game", t->game->name, "title", t->game->title, "params",
	                         t->params, "seats", seats, "status", qv__status_name(t->status),
	                         "v", (json_int_t)t->v, "private", t->private_, "result", result);
	info = qv__json_put(info, "variant", variant_json(t->variant));
	info = qv__json_put(info, "to_move", to_move);
	info = qv__json_put(info, "offer",
	                    !stored && t->offer.by >= 0 ? offer_json(t, true) : json_null());
	info = qv__json_put(info, "rematch", t->status == QV__OVER ? rematch_json(t) : json_null());
	info = qv__json_put(info, "clock", clock_json(t, stored));
	if (t->stuck[0] && t->status != QV__OVER)
		info = qv__json_put(info, "stopped", json_string(t->stuck));
	if (t->ended[0])
		info = qv__json_put(info, "ended", json_string(t->ended));
	if (stored)
		info = qv__json_put(info, "catalogue", qv__catalogue_json(t->m));
	return info;
}

json_t *qv__table_info_locked(qv__table *t) { return info_json(t, false); }

json_t *qv__table_info_full_locked(qv__table *t)
{
	return qv__json_put(info_json(t, false), "catalogue", qv__catalogue_json(t->m));
}

bool qv__table_listed_locked(qv__table *t)
{
	if (t->status == QV__OVER)
		return false;
	if (t->status == QV__PLAYING && !t->private_)
		return true;
	for (int i = 0; i < t->nseats; i++)
		if (t->seat[i].human && !t->seat[i].invite && !t->seat[i].hash[0])
			return true;
	return false;
}

void qv__table_expire_locked(qv__table *t, double ttl)
{
	bool minutes = ttl >= 120;
	double n = minutes ? ttl / 60 : ttl;
	snprintf(t->stuck, sizeof t->stuck,
	         "expired: no game began within %.0f %s of the table's creation; start a new "
	         "table",
	         n,
	         minutes   ? "minutes"
	         : n < 1.5 ? "second"
	                   : "seconds");
	t->iv++;
}

/* Appends one worded line to the log being filled (ctx). */
typedef struct log_fill {
	qv__table *t;
	qv__log *log;
	bool failed;
} log_fill;

static void add_line(void *ctx, const qv_log_line *line)
{
	log_fill *f = ctx;
	qv__log *log = f->log;
	if (f->failed)
		return;
	if (log->n == log->cap) {
		int cap = log->cap ? 2 * log->cap : 64;
		qv__logline *grown = realloc(log->line, (size_t)cap * sizeof *grown);
		if (!grown) {
			f->failed = true;
			return;
		}
		log->line = grown;
		log->cap = cap;
	}
	qv__logline *l = &log->line[log->n];
	l->text = strdup(line->text);
	if (!l->text) {
		f->failed = true;
		return;
	}
	l->entry = line->entry;
	l->serial = ++f->t->serial;
	qv_player_name(line->about, l->who);
	log->n++;
}

/* Puts a log back to its first n lines, worded up to entry upto. */
static void log_cut(qv__log *log, int n, int upto)
{
	while (log->n > n)
		free(log->line[--log->n].text);
	log->upto = upto;
}

/* The log of viewer, worded up to the end of the history; NULL when out of memory, and then
 * none of the new lines is kept (the next frame words them again). */
static qv__log *viewer_log(qv__table *t, int viewer)
{
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	if (log->upto < t->m->nhist) {
		log_fill f = {.t = t, .log = log};
		int had = log->n;
		if (qv_match_log(t->m, viewer, log->upto, add_line, &f) || f.failed) {
			log_cut(log, had, log->upto);
			return NULL;
		}
		log->upto = t->m->nhist;
	}
	QV_ASSERT(log->upto == t->m->nhist);
	QV_ASSERT(log->n == 0 || log->line[log->n - 1].entry < t->m->nhist);
	return log;
}

json_t *qv__table_frame_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos)
{
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	int had = log->n, upto = log->upto;
	if (!viewer_log(t, viewer))
		return NULL;
	int keep = 0;
	if (!snapshot) {
		/* The lines the connection holds that are still in the log: serials grow, and lines
		 * are only appended or cut from the end. */
		keep = log->n;
		while (keep > 0 && log->line[keep - 1].serial > pos->serial)
			keep--;
		if (keep > pos->n)
			keep = pos->n;
		/* After a takeback the whole log again: a client then replaces what it shows, and
		 * never keeps a line of a move that no longer exists. */
		if (keep < pos->n || pos->takebacks != t->takebacks) {
			snapshot = true;
			keep = 0;
		}
	}
	QV_ASSERT(keep >= 0 && keep <= log->n);
	json_t *lines = json_array();
	for (int i = keep; i < log->n; i++)
		lines = qv__json_push(lines, json_pack("{s:s, s:s}", "who", log->line[i].who,
		                                       "text", log->line[i].text));
	json_t *frame = json_pack("{s:s, s:I}", "type", snapshot ? "snapshot" : "update", "v",
	                          (json_int_t)t->v);
	char name[8];
	if (snapshot)
		frame = qv__json_put(
		    frame, "seat",
		    json_string(viewer >= 0 ? qv_player_name(viewer, name) : "public"));
	/* The catalogue comes once, with the snapshot; updates carry only what changes. */
	frame = qv__json_put(frame, "table",
	                     snapshot ? qv__table_info_full_locked(t) : qv__table_info_locked(t));
	frame = qv__json_put(frame, "view", qv_match_view_json(t->m, viewer));
	frame = qv__json_put(frame, "log", lines);
	if (snapshot)
		frame = qv__json_put(frame, "chat", qv__chat_json(&t->chat, viewer < 0));
	if (!frame) {
		log_cut(log, had, upto); /* worded again for the next frame */
		return NULL;
	}
	pos->n = log->n;
	pos->serial = log->n ? log->line[log->n - 1].serial : 0;
	pos->takebacks = t->takebacks;
	return frame;
}

/* ---- looking back -----------------------------------------------------------------------------
 */

/* What the walk to a past position carries. */
typedef struct past_walk {
	qv__table *t;
	int viewer;
	json_t *view;
} past_walk;

/* The View JSON of viewer at st, a position of t's game, as the frames carry it but without
 * legal actions: a past position is only looked at. */
static json_t *past_view(qv__table *t, int viewer, const void *st)
{
	const qv_game *g = t->game;
	char who[8], seat[8];
	json_t *view = g->view_json(st, viewer);
	if (!view)
		return NULL;
	return json_pack("{s:s, s:O, s:s, s:s, s:o}", "game", g->name, "params", t->params,
	                 "viewer", viewer >= 0 ? qv_player_name(viewer, seat) : "public", "to_move",
	                 qv_player_name(g->to_move(st), who), "view", view);
}

/* The first state the walk hands is the one wanted: the view of it, and no more. */
static bool past_step(void *ctx, int entry, const void *before)
{
	(void)entry;
	past_walk *w = ctx;
	w->view = past_view(w->t, w->viewer, before);
	return false;
}

json_t *qv__table_history_locked(qv__table *t, int viewer, long long line, const qv__log_pos *pos,
                                 qv_err *err)
{
	QV_ASSERT(viewer == QV_VIEW_PUBLIC || (viewer >= 0 && viewer < t->nseats));
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	if (pos->takebacks != t->takebacks) {
		qv_fail(err, QV_ESTATE,
		        "history: the log changed with an undo; the whole log follows in a "
		        "snapshot, ask again with a line of it");
		return NULL;
	}
	QV_ASSERT(pos->n <= log->n);
	if (line < 0 || line >= pos->n) {
		qv_fail(err, QV_EINVAL,
		        "history: line %lld is not in your log, which has %d lines: expected "
		        "{\"type\": \"history\", \"line\": N} with N from 0 to %d",
		        line, pos->n, pos->n - 1);
		return NULL;
	}
	/* The lines of the entry that line tells: an entry's lines are worded together. */
	int entry = log->line[line].entry, from = (int)line, to = (int)line + 1;
	while (from > 0 && log->line[from - 1].entry == entry)
		from--;
	while (to < log->n && log->line[to].entry == entry)
		to++;
	past_walk w = {.t = t, .viewer = viewer};
	if (entry + 1 < t->m->nhist) {
		if (qv_match_walk(t->m, entry + 1, past_step, &w)) {
			qv_fail(err, QV_ENOMEM, "out of memory");
			return NULL;
		}
	} else {
		w.view = past_view(t, viewer, t->m->state);
	}
	json_t *frame = w.view ? json_pack("{s:s, s:I, s:I, s:i, s:i, s:o}", "type", "history", "v",
	                                   (json_int_t)t->v, "line", (json_int_t)line, "from", from,
	                                   "to", to, "view", w.view)
	                       : NULL;
	if (!frame)
		qv_fail(err, QV_ENOMEM, "out of memory");
	return frame;
}

/* ---- chat ---------------------------------------------------------------------------------- */

const char *qv__table_name_locked(const qv__table *t, int viewer)
{
	static const char *const seats[] = {"p1", "p2", "p3", "p4", "p5"};
	_Static_assert(sizeof seats / sizeof seats[0] == QV_MAX_PLAYERS, "a name for every seat");
	if (viewer < 0 || viewer >= t->nseats)
		return "spectator";
	const qv__seat *s = &t->seat[viewer];
	return s->name[0] ? s->name : s->human ? seats[viewer] : s->kind;
}

qv_status qv__table_chat_locked(qv__table *t, int viewer, const char *text, json_t **line,
                                qv_err *err)
{
	char from[8];
	*line = NULL;
	qv_status rc =
	    qv__chat_push(&t->chat, viewer >= 0 ? qv_player_name(viewer, from) : "spectator",
	                  qv__table_name_locked(t, viewer), text, (long long)(now() * 1000), err);
	if (rc)
		return rc;
	*line = qv__chat_line_json(&t->chat.line[t->chat.n - 1]);
	rc = *line ? qv__table_save_people_locked(t, err)
	           : qv_fail(err, QV_ENOMEM, "out of memory sending a chat line");
	if (rc) {
		qv__chat_pop(&t->chat);
		json_decref(*line);
		*line = NULL;
	} else {
		qv__chat_trim(&t->chat);
	}
	return rc;
}

/* ---- rematch ------------------------------------------------------------------------------- */

/* The seats people play, as a mask (bit p for seat p). */
static unsigned human_seats(const qv__table *t)
{
	unsigned mask = 0;
	for (int i = 0; i < t->nseats; i++)
		mask |= t->seat[i].human ? 1u << i : 0u;
	return mask;
}

/* The request that makes the rematch of t, the one place that decides what a rematch keeps:
 * the same game, params, privacy and clock settings, every seat moved one place on (the
 * person or level at p1 now sits at p2, ..., the last at p1; an invite seat becomes a human
 * one, claimed at once for its person). NULL when out of memory. */
static json_t *rematch_request(const qv__table *t)
{
	json_t *seats = json_array();
	for (int i = 0; i < t->nseats; i++)
		seats = qv__json_push(seats,
		                      json_string(t->seat[(i + t->nseats - 1) % t->nseats].kind));
	return json_pack("{s:s, s:O, s:o, s:b, s:o}", "game", t->game->name, "params", t->params,
	                 "seats", seats, "private", t->private_, "clock",
	                 qv__clock_settings_json(&t->clock));
}

qv_status qv__table_rematch_ask(qv__table *t, int seat, json_t **request, qv_err *err)
{
	*request = NULL;
	qv__table_lock(t);
	qv_status rc = QV_OK;
	QV_ASSERT(seat >= 0 && seat < t->nseats);
	if (t->status != QV__OVER)
		rc = qv_fail(err, QV_ESTATE,
		             "rematch: the game is not over; a rematch is asked for at its end");
	else if (t->rematch_table[0])
		rc = qv_fail(err, QV_ESTATE, "rematch: the rematch is made already: table %s",
		             t->rematch_table);
	else if (t->rematch_asked >> seat & 1u)
		rc = qv_fail(err, QV_ESTATE,
		             "rematch: you have asked for it already; it begins when every player "
		             "has");
	else if (t->rematch_making)
		rc = qv_fail(err, QV_ESTATE, "rematch: the new table is being made");
	if (rc) {
		qv__table_unlock(t);
		return rc;
	}
	unsigned humans = human_seats(t), asked = t->rematch_asked | 1u << seat;
	if ((asked & humans) == humans) {
		*request = rematch_request(t);
		if (*request)
			t->rematch_making = true;
		else
			rc = qv_fail(err, QV_ENOMEM, "out of memory making the rematch");
	} else {
		unsigned old = t->rematch_asked;
		t->rematch_asked = asked;
		rc = qv__table_save_people_locked(t, err);
		if (rc)
			t->rematch_asked = old;
		else
			t->iv++;
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_rematch_make(qv__table *t, const json_t *request, qv__table **out,
                                 char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1], qv_err *err)
{
	*out = NULL;
	char owner[sizeof t->owner], names[QV_MAX_PLAYERS][QV__NAME_BYTES];
	qv__table_lock(t);
	int n = t->nseats;
	unsigned humans = human_seats(t);
	qv_copy(owner, sizeof owner, t->owner);
	for (int p = 0; p < n; p++)
		memcpy(names[p], t->seat[p].name, sizeof names[p]);
	qv__table_unlock(t);
	qv__table *nt;
	qv_status rc = qv__table_create(&nt, t->store, request, owner, err);
	if (rc)
		return rc;
	char seat[8];
	bool forbidden;
	for (int p = 0; !rc && p < n; p++) {
		tokens[p][0] = '\0';
		if (!(humans >> p & 1u))
			continue;
		/* A name kept by a quiver whose rule was looser (one now refused) is left
		 * behind: the person plays on under the seat's name rather than not at all. */
		int q = (p + 1) % n, got;
		char clean[QV__NAME_BYTES];
		qv_err why;
		bool named = names[p][0] &&
		             !qv__name_clean(names[p], strlen(names[p]), clean, sizeof clean, &why);
		qv__join req = {.seat = qv_player_name(q, seat), .name = named ? names[p] : NULL};
		rc = qv__table_join_as(nt, &req, &got, tokens[p], &forbidden, err);
	}
	if (rc) {
		qv_err gone;
		if (nt->store && qv__store_delete(nt->store, nt->id, &gone))
			fprintf(stderr, "quiver serve: table %s: %s\n", nt->id, gone.msg);
		qv__table_free(nt);
		return rc;
	}
	*out = nt;
	return QV_OK;
}

qv_status qv__table_rematch_done(qv__table *t, int seat, const char *id,
                                 char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1], qv_err *err)
{
	qv__table_lock(t);
	unsigned old = t->rematch_asked;
	t->rematch_asked |= 1u << seat;
	qv_copy(t->rematch_table, sizeof t->rematch_table, id);
	qv_status rc = qv__table_save_people_locked(t, err);
	if (rc) {
		t->rematch_asked = old;
		t->rematch_table[0] = '\0';
	} else {
		memcpy(t->rematch_token, tokens, sizeof t->rematch_token);
		t->iv++;
	}
	t->rematch_making = false;
	qv__table_unlock(t);
	return rc;
}

void qv__table_rematch_failed(qv__table *t)
{
	qv__table_lock(t);
	t->rematch_making = false;
	qv__table_unlock(t);
}

json_t *qv__table_rematch_frame_locked(qv__table *t, int viewer)
{
	if (viewer < 0 || viewer >= t->nseats || !t->rematch_table[0] ||
	    !t->rematch_token[viewer][0])
		return NULL;
	char seat[8];
	return json_pack("{s:s, s:s, s:s, s:s}", "type", "rematch", "table", t->rematch_table,
	                 "seat", qv_player_name((viewer + 1) % t->nseats, seat), "token",
	                 t->rematch_token[viewer]);
}

/* ---- what a client may fetch ---------------------------------------------------------------- */

/* A record or a replay holds every hidden thing (hands, decks, secret choices): refused
 * before the game is over. The lock is held. */
static qv_status secret_refused_locked(const qv__table *t, qv__fetch what, qv_err *err)
{
	return qv_fail(err, QV_ESTATE,
	               "the game at table %s is not over: a %s everything hidden, so it is "
	               "given only at the end",
	               t->id, what == QV__FETCH_RECORD ? "record holds" : "replay shows");
}

qv_status qv__table_fetch(qv__table *t, qv__fetch what, json_t **out, qv_err *err)
{
	*out = NULL;
	qv_status rc = QV_OK;
	qv__table_lock(t);
	if (what == QV__FETCH_INFO)
		*out = qv__table_info_full_locked(t);
	else if (t->status != QV__OVER)
		rc = secret_refused_locked(t, what, err);
	else if (what == QV__FETCH_RECORD)
		*out = qv_match_record_json(t->m);
	else /* a programmer's error: a replay is text (qv__table_replay) */
		rc = qv_fail(err, QV_EINVAL, "a replay is fetched with qv__table_replay");
	qv__table_unlock(t);
	if (!rc && !*out)
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	return rc;
}

qv_status qv__table_replay(qv__table *t, qv_buf *out, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = t->status != QV__OVER ? secret_refused_locked(t, QV__FETCH_REPLAY, err)
	                                     : qv__replay_text(t->m, 0, out, NULL, err);
	qv__table_unlock(t);
	return rc;
}

int qv__table_fetch_stored(qv__store *s, const char *id, qv__fetch what, char **text)
{
	*text = NULL;
	if (what == QV__FETCH_REPLAY || !s || !qv__table_id_valid(id))
		return 0;
	char *info, *record;
	bool rec = what == QV__FETCH_RECORD;
	if (qv__store_get_over(s, id, &info, rec ? &record : NULL) != 1)
		return 0;
	if (rec) {
		free(info);
		*text = record;
	} else {
		*text = info;
	}
	return 1;
}

qv_status qv__table_join_stored(qv__store *s, const char *id, qv_err *err)
{
	char *info;
	if (qv__table_fetch_stored(s, id, QV__FETCH_INFO, &info) != 1)
		return QV_OK;
	free(info);
	return over_refusal(id, err);
}
