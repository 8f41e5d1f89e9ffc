/*
 * table.c - a table of `quiver serve` as a conductor: its lock, its version and status, its
 * life (made from a request, restored from the store, freed), and the primitives every change
 * is built from (the clocks brought up to now, what the store keeps of the people, the notation
 * of new history entries, a rated result). No sockets here: the server (server.c, ws.c) calls
 * these functions.
 *
 * The negotiations at a table are modules of their own, each with its state, transitions and
 * JSON, that know nothing of the table and never call back into it: the seats, people and
 * invites (seats.c), commitments (commitments.c), offers (offer.c), leaving (leave.c), the
 * rematch (rematch.c), the clock marks of takebacks (marks.c), chat (chat.c), clocks (clock.c)
 * and the viewers' logs (log.c). This file asks each for its part of what the store keeps
 * (people_json) and of a table's info. A change is a transaction (change.c: a draft of the
 * table, saved, then published); the acts that make changes (acts.c, acts_people.c) and the
 * frames and fetches that only read a table (feed.c) are floors above, and table.c never calls
 * them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/fields.h"
#include "engine/feed/commitments.h"
#include "engine/feed/info.h"
#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/base/oplog.h"
#include "server/table/leave.h"
#include "server/table/rated.h"
#include "server/table/replay.h"
#include "server/table/table.h"
#include "server/table/tablespec.h"

const char *qv__status_name(int status)
{
	return status == QV__WAITING ? "waiting" : status == QV__PLAYING ? "playing" : "over";
}

void qv__table_lock(qv__table *t) { qv__mutex_lock(&t->lock); }

bool qv__table_trylock(qv__table *t) { return qv__mutex_trylock(&t->lock); }

/* What the registry sees of t (qv__table_seen), packed: the status in the low two bits, then
 * listed, then searching. */
enum { SEEN_STATUS = 3u, SEEN_LISTED = 4u, SEEN_SEARCHING = 8u };

void qv__table_unlock(qv__table *t)
{
	unsigned seen = (unsigned)t->status & SEEN_STATUS;
	seen |= qv__table_listed_locked(t) ? SEEN_LISTED : 0;
	seen |= qv__table_searches_locked(t) && !t->stuck[0] ? SEEN_SEARCHING : 0;
	atomic_store_explicit(&t->seen, seen, memory_order_release);
	qv__mutex_unlock(&t->lock);
}

struct qv__table_seen qv__table_seen(const qv__table *t)
{
	unsigned seen = atomic_load_explicit(&t->seen, memory_order_acquire);
	return (struct qv__table_seen){.status = (int)(seen & SEEN_STATUS),
	                               .listed = seen & SEEN_LISTED,
	                               .searching = seen & SEEN_SEARCHING};
}

/* ---- life cycle ---------------------------------------------------------------------------- */

/* The status that follows from the match and the seats (and an end the server gave it: an
 * abandoned table is over). */
int qv__table_status_of_locked(const qv__table *t)
{
	QV__TABLE_HELD(t);
	if (qv_match_over(t->m) || t->ended[0])
		return QV__OVER;
	return qv__seats_unclaimed(t->seat, t->nseats) >= 0 ? QV__WAITING : QV__PLAYING;
}

/* ---- clocks ---------------------------------------------------------------------------------- */

unsigned qv__table_clock_mask_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	unsigned acting = qv__table_acting_locked(t), mask = 0;
	for (int p = 0; p < t->nseats; p++)
		if (acting >> p & 1u && t->seat[p].human && !qv_match_left(t->m, p))
			mask |= 1u << p;
	return mask;
}

static void idle_note_locked(qv__table *t);

void qv__table_clock_sync_locked(qv__table *t, unsigned decided)
{
	QV__TABLE_HELD(t);
	unsigned pending = qv__commitments_mask(t->m, t->nseats);
	decided |= t->clock.held & ~pending;
	t->clock.held = pending;
	qv__clock_sync(&t->clock, qv__table_clock_mask_locked(t), decided, qv_wall());
	atomic_store(&t->deadline, t->stuck[0] ? 0.0 : qv__clock_deadline(&t->clock));
	idle_note_locked(t);
}

void qv__table_deadlines_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	atomic_store(&t->deadline, t->stuck[0] ? 0.0 : qv__clock_deadline(&t->clock));
	idle_note_locked(t);
}

bool qv__table_clock_mark_locked(const qv__table *t, qv__clock_mark *mark)
{
	QV__TABLE_HELD(t);
	if (!qv__clock_on(&t->clock))
		return false;
	qv__clock_mark_take(&t->clock, t->m->nhist, qv_wall(), mark);
	return true;
}

/* Allocates a table around a match, with its seats' kinds and agents: the seats (as many as
 * the game has players) in the same block, after the struct. */
static qv_status table_new(qv__table **out, qv__store *store, qv_match *m, const char *const *kinds,
                           qv_err *err)
{
	_Static_assert(_Alignof(qv__table) >= _Alignof(qv__seat), "seats right after the table");
	int n = m->game->num_players(m->state);
	qv__table *t = calloc(1, sizeof *t + (size_t)n * sizeof *t->seat);
	if (!t)
		return qv_fail(err, QV_ENOMEM, "out of memory creating a table");
	qv__mutex_init(&t->lock);
	atomic_init(&t->refs, 1);
	t->game = m->game;
	t->m = m;
	t->store = store;
	qv__offer_clear(&t->offer);
	t->seat = (qv__seat *)(t + 1);
	t->nseats = n;
	for (int i = 0; i < t->nseats; i++) {
		qv__seat *s = &t->seat[i];
		qv_copy(s->kind, sizeof s->kind, kinds[i]);
		s->human = strcmp(kinds[i], "human") == 0;
		t->searches |= qv_agent_level_searches(kinds[i]);
		qv_match_set_name(m, i, kinds[i]);
		/* The stream of the zombie that plays a person who leaves (leave.c's seed); an
		 * AI seat's is its agent's, below. */
		qv_rng_seed(&t->rng[i], qv_seed_mix(m->seed, (uint64_t)(QV_MAX_PLAYERS + i + 1)));
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
			t->rng[i] = s->agent->rng;
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
	for (int i = 0; i < t->nseats; i++) {
		qv_agent_free(t->seat[i].agent);
		free(t->seat[i].device);
	}
	qv__chat_free(&t->chat);
	qv__feed_free(&t->feed, t->nseats);
	json_decref(t->params);
	free(t->marks);
	qv_match_free(t->m);
	qv__mutex_destroy(&t->lock);
	free(t);
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
	qv__tablespec spec;
	qv_status rc = qv__tablespec_read(req, &spec, err);
	qv_match *m = NULL;
	int np = 0;
	if (!rc)
		rc = qv__tablespec_match(&spec, &m, &np, err);
	if (rc)
		return rc;
	qv__table *t;
	rc = table_new(&t, store, m, spec.req.kinds, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	/* Nobody else can reach the table yet; it is built under its lock all the same, as the
	 * _locked functions it calls expect (table.h). */
	qv__table_lock(t);
	qv__table_id_new(t->id);
	qv_copy(t->owner, sizeof t->owner, owner ? owner : "");
	/* Shown once, to the creator; the table keeps their hashes, as a token's. */
	qv__seats_invite(t->seat, np, spec.req.invited, invites);
	t->private_ = spec.req.private_;
	t->no_takebacks = spec.req.no_takebacks;
	t->rated = spec.req.rated;
	t->clock = spec.clock;
	t->created = qv_wall();
	t->status = qv__table_status_of_locked(t);
	rc = save_new(t, err);
	qv__table_unlock(t);
	if (rc) {
		qv__table_free(t);
		return rc;
	}
	*out = t;
	return QV_OK;
}

static qv_status people_load(qv__table *t, const json_t *j, qv_err *err);

/* Reads back the people the store kept of table t (saved->people, which may be NULL). */
static qv_status restore_people(qv__table *t, const qv__stored_table *saved, qv_err *err)
{
	if (!saved->people)
		return QV_OK;
	json_error_t jerr;
	json_t *folk;
	qv_err why;
	qv_status rc = qv__json_parse(saved->people, strlen(saved->people), 0, &folk, &jerr);
	if (rc == QV_ENOMEM)
		rc = qv_fail(&why, rc, "out of memory");
	else if (!rc)
		rc = people_load(t, folk, &why);
	else
		rc = qv_fail(&why, QV_EIO, "its stored people are not JSON: %s", jerr.text);
	json_decref(folk);
	if (rc)
		return qv_fail(err, rc == QV_ENOMEM ? rc : QV_EIO, "table %s: %s", saved->id,
		               why.msg);
	return QV_OK;
}

/* A table whose process died during each of its last QV__AI_TRIES searches is stopped (and
 * saved so): searching again would likely kill it again. */
static void restore_stopped(qv__table *t, qv__store *store, int ai_starts)
{
	if (t->stuck[0] || t->status == QV__OVER || ai_starts < QV__AI_TRIES)
		return;
	snprintf(t->stuck, sizeof t->stuck,
	         "the server stopped %d times while an AI seat of this table was "
	         "thinking, so the table was stopped; start a new table",
	         ai_starts);
	qv__oplog(QV__ERROR, "table %s: %s", t->id, t->stuck);
	qv_err failed;
	if (store && qv__store_stop(store, t->id, t->stuck, &failed))
		qv__oplog(QV__WARN, "table %s: %s", t->id, failed.msg);
}

qv_status qv__table_restore(qv__table **out, qv__store *store, const qv__stored_table *saved,
                            qv_err *err)
{
	*out = NULL;
	const char *kinds[QV_MAX_PLAYERS];
	qv_match *m;
	qv_status rc = qv__tablespec_stored(saved, &m, kinds, err);
	if (rc)
		return rc;
	qv__table *t;
	rc = table_new(&t, store, m, kinds, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	qv__table_lock(t); /* as qv__table_create builds a table */
	qv_copy(t->id, sizeof t->id, saved->id);
	for (int i = 0; i < saved->nseats; i++) {
		qv_copy(t->seat[i].hash, sizeof t->seat[i].hash, saved->seats[i].hash);
		qv_copy(t->seat[i].player, sizeof t->seat[i].player, saved->seats[i].player);
	}
	t->private_ = saved->private_;
	t->v = saved->v;
	t->created = saved->created;
	qv_copy(t->owner, sizeof t->owner, saved->creator ? saved->creator : "");
	qv_copy(t->stuck, sizeof t->stuck, saved->stopped ? saved->stopped : "");
	rc = restore_people(t, saved, err);
	if (rc) {
		qv__table_unlock(t);
		qv__table_free(t);
		return rc;
	}
	t->status = qv__table_status_of_locked(t);
	qv__table_foretell_locked(t, store);
	/* Absence and clocks count only while the server is up: from now on. */
	for (int i = 0; i < t->nseats; i++)
		t->seat[i].gone = qv_wall();
	/* Commitments reloaded: their clocks stopped. */
	t->clock.held = qv__commitments_mask(t->m, t->nseats);
	qv__table_clock_sync_locked(t, 0);
	restore_stopped(t, store, saved->ai_starts);
	qv__table_unlock(t);
	*out = t;
	return QV_OK;
}

/* ---- saving -------------------------------------------------------------------------------- */

/* What the table keeps of its people besides the seats' tokens (names, invite codes' hashes,
 * clocks, an offer, zombies, a rematch, chat), as one JSON object that the store saves with
 * every change (the column `people`) and people_load reads back at a restart. Each module
 * writes its own key here and reads it back there. NULL when out of memory. */
static json_t *people_json(const qv__table *t)
{
	double at = qv_wall();
	json_t *j = json_object();
	j = qv__json_put(j, "committed", qv__commitments_json(t->m, t->nseats));
	if (t->offer.by >= 0)
		j = qv__json_put(j, "offer", qv__offer_json(&t->offer, t->nseats, false, at));
	j = qv__json_put(j, "seats", qv__seats_json(t->seat, t->nseats));
	j = qv__json_put(j, "rematch", qv__rematch_json(&t->rematch, t->nseats));
	j = qv__json_put(j, "chat", qv__chat_store_json(&t->chat));
	j = qv__json_put(j, "chat_last", json_integer((json_int_t)t->chat.last));
	j = qv__json_put(j, "clock", qv__clock_save_json(&t->clock, t->nseats, at));
	if (t->nmarks > 0)
		j = qv__json_put(j, "marks", qv__marks_json(t->marks, t->nmarks, t->nseats, at));
	j = qv__json_put(j, "leaves", qv__leaves_json(t->m, qv__table_shell_seats(t), t->nseats));
	j = qv__json_put(j, "active", json_integer((json_int_t)(t->active * 1000)));
	if (t->ended[0])
		j = qv__json_put(j, "ended", json_string(t->ended));
	if (t->ended_why[0])
		j = qv__json_put(j, "ended_why", json_string(t->ended_why));
	if (t->no_takebacks)
		j = qv__json_put(j, "takebacks", json_false());
	if (t->rated)
		j = qv__json_put(j, "rated", json_true());
	return j;
}

/* Reads back when the table was last active and how it ended. A table saved without it (by an
 * older quiver) counts as active from now. */
static qv_status life_load(qv__table *t, const json_t *j, qv_err *err)
{
	const json_t *active = json_object_get(j, "active"), *ended = json_object_get(j, "ended");
	const json_t *takebacks = json_object_get(j, "takebacks"),
	             *rated = json_object_get(j, "rated");
	if ((takebacks && !json_is_boolean(takebacks)) || (rated && !json_is_boolean(rated)))
		return qv_fail(err, QV_EIO,
		               "people: expected \"takebacks\" and \"rated\": true or false");
	t->no_takebacks = json_is_false(takebacks);
	t->rated = json_is_true(rated);
	const char *how = json_string_value(ended);
	const json_t *why = json_object_get(j, "ended_why");
	if ((active && !json_is_integer(active)) || (why && !json_is_string(why)) ||
	    (ended && (!how || (strcmp(how, "abandoned") && strcmp(how, "aborted") &&
	                        strcmp(how, "drawn") && strcmp(how, "closed")))))
		return qv_fail(err, QV_EIO,
		               "people: expected \"active\" (epoch ms), \"ended\": "
		               "\"abandoned\", \"aborted\", \"drawn\" or \"closed\", and "
		               "\"ended_why\": a text");
	t->active = active ? (double)json_integer_value(active) / 1000 : qv_wall();
	if (ended)
		qv_copy(t->ended, sizeof t->ended, how);
	if (why)
		qv_copy(t->ended_why, sizeof t->ended_why, json_string_value(why));
	return QV_OK;
}

/* Reads back what people_json wrote (untrusted: a damaged database names the field). */
static qv_status people_load(qv__table *t, const json_t *j, qv_err *err)
{
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "its stored people are not a JSON object");
	qv_status rc = qv__commitments_load(t->m, t->nseats, json_object_get(j, "committed"),
	                                    "people.committed", err);
	if (!rc)
		rc = qv__offer_load(&t->offer, json_object_get(j, "offer"), t->nseats, qv_wall(),
		                    err);
	if (!rc)
		rc = qv__seats_load(t->seat, t->nseats, json_object_get(j, "seats"), err);
	if (!rc)
		rc = qv__rematch_load(&t->rematch, json_object_get(j, "rematch"), t->nseats, err);
	const json_t *chat = json_object_get(j, "chat"), *last = json_object_get(j, "chat_last");
	if (!rc && last && !json_is_integer(last))
		rc = qv_fail(err, QV_EIO, "people.chat_last: expected an integer");
	if (!rc && chat)
		rc = qv__chat_load(&t->chat, chat, t->nseats,
		                   last ? (long long)json_integer_value(last) : 0, err);
	const json_t *clock = json_object_get(j, "clock");
	if (!rc && clock)
		rc = qv__clock_load_json(&t->clock, clock, t->nseats, qv_wall(), err);
	if (!rc)
		rc = qv__leaves_load(t->m, t->seat, t->nseats, json_object_get(j, "leaves"), err);
	if (!rc)
		rc = qv__marks_load(&t->marks, &t->nmarks, json_object_get(j, "marks"), t->m,
		                    t->nseats, qv_wall(), err);
	if (!rc)
		rc = life_load(t, j, err);
	return rc;
}

static json_t *info_json(qv__table *t, bool stored);

char *qv__table_people_text_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	t->active = qv_wall(); /* every change saved is something that happened */
	qv__table_clock_sync_locked(t, 0);
	json_t *j = people_json(t);
	char *text = j ? qv__json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return text;
}

char *qv__table_stored_info_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	json_t *inf = info_json(t, true);
	char *text = inf ? qv__json_dumps(inf, JSON_COMPACT) : NULL;
	json_decref(inf);
	return text;
}

/* The notation of history entries [from, nhist) into texts (each strdup'ed) and moves: the
 * notation the match kept when it applied each entry, so saving a move replays nothing. */
qv_status qv__table_describe_locked(const qv__table *t, int from, qv__store_move *moves,
                                    char **texts, qv_err *err)
{
	QV__TABLE_HELD(t);
	const qv_match *m = t->m;
	double at = qv_wall();
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

static bool has_decided(const qv__table *t, int p);

bool qv__table_rated_result_locked(qv__table *t, qv__store_result *out)
{
	QV__TABLE_HELD(t);
	t->unrated[0] = '\0'; /* the end decides again what its start foretold */
	unsigned decided = 0;
	for (int p = 0; p < t->nseats; p++)
		decided |= has_decided(t, p) ? 1u << p : 0u;
	if (!qv__rated_result(t->m, t->game->name, t->nseats, strcmp(t->ended, "drawn") == 0,
	                      decided, out))
		return false;
	for (int p = 0; p < t->nseats; p++)
		out->account[p] = t->seat[p].account;
	return !t->store ||
	       !qv__rated_farmed(t->store, out, qv_wall(), t->unrated, sizeof t->unrated);
}

void qv__table_foretell_locked(qv__table *t, qv__store *store)
{
	QV__TABLE_HELD(t);
	if (!store || !t->rated || t->status != QV__PLAYING)
		return;
	qv__store_result r = {.game = t->game->name, .nseats = t->nseats};
	for (int p = 0; p < t->nseats; p++)
		r.account[p] = t->seat[p].account;
	qv__rated_farmed(store, &r, qv_wall(), t->unrated, sizeof t->unrated);
	/* a database failing now says nothing of the end, which asks again */
	if (!strncmp(t->unrated, QV__RATED_FAILED, strlen(QV__RATED_FAILED)))
		t->unrated[0] = '\0';
}

void qv__table_row_free(qv__table_row *r)
{
	free(r->params);
	free(r->folk);
	for (int i = 0; r->texts && i < r->n; i++)
		free(r->texts[i]);
	free(r->texts);
	free(r->moves);
	*r = (qv__table_row){0};
}

qv_status qv__table_row_locked(qv__table *t, qv__table_row *r, qv_err *err)
{
	QV__TABLE_HELD(t);
	*r = (qv__table_row){.n = t->m->nhist};
	int n = r->n > 0 ? r->n : 1;
	r->moves = calloc((size_t)n, sizeof *r->moves);
	r->texts = calloc((size_t)n, sizeof *r->texts);
	qv_status rc = r->moves && r->texts
	                   ? qv__table_describe_locked(t, 0, r->moves, r->texts, err)
	                   : qv_fail(err, QV_ENOMEM, "out of memory saving a table");
	r->params = rc ? NULL : qv__json_dumps(t->params, JSON_COMPACT);
	r->folk = rc ? NULL : qv__table_people_text_locked(t);
	if (!rc && (!r->params || !r->folk))
		rc = qv_fail(err, QV_ENOMEM, "out of memory saving a table");
	if (rc) {
		qv__table_row_free(r);
		return rc;
	}
	/* A variant's whole document is kept with the table, so that a restart (which may find
	 * the registry without it) registers it again before replaying the actions. */
	bool doc = t->variant && !t->variant->builtin;
	r->row = (qv__stored_table){.id = t->id,
	                            .game = t->game->name,
	                            .params = r->params,
	                            .seed = t->m->seed,
	                            .private_ = t->private_,
	                            .v = t->v,
	                            .status = qv__status_name(t->status),
	                            .created = t->created,
	                            .creator = t->owner[0] ? t->owner : NULL,
	                            .people = r->folk,
	                            .variant = doc ? t->variant->text : NULL,
	                            .nseats = t->nseats,
	                            .nmoves = r->n};
	for (int i = 0; i < t->nseats; i++) {
		qv__store_seat *seat = &r->row.seats[i];
		qv_copy(seat->kind, sizeof seat->kind, t->seat[i].kind);
		qv_copy(seat->hash, sizeof seat->hash, t->seat[i].hash);
		qv_copy(seat->player, sizeof seat->player, t->seat[i].player);
		seat->name = t->seat[i].name;
	}
	return QV_OK;
}

static qv_status save_new(qv__table *t, qv_err *err)
{
	if (!t->store) {
		qv__table_clock_sync_locked(t, 0);
		return QV_OK;
	}
	qv__table_row r;
	qv_status rc = qv__table_row_locked(t, &r, err);
	if (!rc)
		rc = qv__store_insert_table(t->store, &r.row, r.moves, err);
	qv__table_row_free(&r);
	return rc;
}

/* ---- seats --------------------------------------------------------------------------------- */

int qv__table_auth(qv__table *t, const char *token, size_t len)
{
	char session[QV__HASH_LEN + 1];
	return qv__table_auth_device(t, token, len, session);
}

int qv__table_auth_device(qv__table *t, const char *token, size_t len,
                          char session[QV__HASH_LEN + 1])
{
	int device;
	qv__table_lock(t);
	int found = qv__seats_auth(t->seat, t->nseats, token, len, &device);
	qv_copy(session, QV__HASH_LEN + 1,
	        found >= 0 && device >= 0 ? t->seat[found].device[device].session : "");
	qv__table_unlock(t);
	return found;
}

bool qv__table_seat_holder(qv__table *t, int p, long long *account, char player[QV__HASH_LEN + 1])
{
	qv__table_lock(t);
	bool held = p >= 0 && p < t->nseats && t->seat[p].human && t->seat[p].hash[0];
	*account = held ? t->seat[p].account : 0;
	qv_copy(player, QV__HASH_LEN + 1, held ? t->seat[p].player : "");
	qv__table_unlock(t);
	return held;
}

void qv__table_online_locked(qv__table *t, int seat, int delta)
{
	QV__TABLE_HELD(t);
	if (seat == QV_VIEW_PUBLIC) {
		t->spectators += delta; /* announced by the sweep (qv__table_spectators_locked) */
		t->spectators_moved = true;
		return;
	}
	if (seat < 0 || seat >= t->nseats)
		return;
	qv__seat_online(&t->seat[seat], delta, qv_wall());
	t->iv++;
}

/* Whether seat p has made a decision: one in the history that the match did not make for it,
 * or a commitment ahead of its turn. */
static bool has_decided(const qv__table *t, int p)
{
	if (*qv_match_committed(t->m, p))
		return true;
	for (int i = 0; i < t->m->nhist; i++)
		if (t->m->hist[i].who == p && !t->m->hist[i].automatic)
			return true;
	return false;
}

bool qv__table_abortable_locked(const qv__table *t)
{
	QV__TABLE_HELD(t);
	if (t->status != QV__PLAYING)
		return false;
	for (int p = 0; p < t->nseats; p++)
		if (t->seat[p].human && !qv_match_left(t->m, p) && !has_decided(t, p))
			return true;
	return false;
}

bool qv__table_spectators_locked(qv__table *t, int *n)
{
	QV__TABLE_HELD(t);
	/* Whether anyone came or went, not whether the count differs from the last one announced:
	 * one who came and one who went between two sweeps leave the count as it was, but the
	 * updates sent in between said another one (test_spectators_between_sweeps). */
	if (!t->spectators_moved)
		return false;
	t->spectators_moved = false;
	*n = t->spectators;
	return true;
}

unsigned qv__table_acting_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	return t->status == QV__PLAYING && !t->stuck[0] ? qv_match_acting(t->m) : 0;
}

bool qv__table_zombie_locked(const qv__table *t, int p)
{
	QV__TABLE_HELD(t);
	return qv__leave_zombie(t->m, qv__table_shell_seats(t), t->nseats, p);
}

/* ---- AI seats and chance ------------------------------------------------------------------- */

/* Who the server plays now: chance or the AI seat to move; else, in a simultaneous step, the
 * first AI seat of it that has not chosen (it commits ahead of its turn, so that the people
 * of the step wait only for each other). QV__NOBODY for nobody. */
int qv__table_server_turn_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	if (t->status != QV__PLAYING || t->stuck[0])
		return QV__NOBODY;
	int who = qv_match_to_move(t->m);
	if (who == QV_CHANCE || (who >= 0 && who < t->nseats &&
	                         (!t->seat[who].human || qv__table_zombie_locked(t, who))))
		return who;
	if (who < 0 || !t->game->together)
		return QV__NOBODY;
	unsigned acting = qv_match_acting(t->m);
	for (int p = 0; p < t->nseats; p++)
		if (acting >> p & 1u && (!t->seat[p].human || qv__table_zombie_locked(t, p)))
			return p;
	return QV__NOBODY;
}

bool qv__table_wants_step_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	double at = atomic_load(&t->step_at);
	return (at <= 0 || at <= qv_wall()) && qv__table_server_turn_locked(t) != QV__NOBODY;
}

bool qv__table_wants_chance_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	return qv__table_server_turn_locked(t) == QV_CHANCE;
}

bool qv__table_searches_locked(const qv__table *t)
{
	QV__TABLE_HELD(t);
	for (int p = 0; !t->searches && p < t->nseats; p++)
		if (qv__table_zombie_locked(t, p) && qv__leave_zombie_searches(t->seat, p))
			return true;
	return t->searches;
}

/* ---- idleness ------------------------------------------------------------------------------ */

/* Whether a table may end idle now: it plays, no clock of it runs (a table whose clock runs
 * ends by its clock), and the server has no step of its own to make there (the table waits for
 * people, or has stopped). */
bool qv__table_idle_applies_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	return t->idle_limit > 0 && t->status == QV__PLAYING && atomic_load(&t->deadline) == 0 &&
	       !qv__table_wants_step_locked(t);
}

/* When the server's timer should look at the table: idle_limit after it was last active, when
 * the rule applies. */
static void idle_note_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	atomic_store(&t->idle_at,
	             qv__table_idle_applies_locked(t) ? t->active + t->idle_limit : 0.0);
}

void qv__table_set_idle_limit_locked(qv__table *t, double limit)
{
	QV__TABLE_HELD(t);
	t->idle_limit = limit;
	idle_note_locked(t);
}

void qv__table_touch_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	t->active = qv_wall();
	idle_note_locked(t);
}
json_t *qv__table_players_locked(const qv__table *t)
{
	QV__TABLE_HELD(t);
	json_t *players = json_array();
	for (int i = 0; i < t->nseats; i++) {
		const qv__seat *s = &t->seat[i];
		players = qv__json_push(players, json_string(s->name[0] ? s->name : s->kind));
	}
	return players;
}

json_t *qv__table_record_locked(const qv__table *t)
{
	QV__TABLE_HELD(t);
	json_t *rec =
	    qv__json_put(qv_match_record_json(t->m), "players", qv__table_players_locked(t));
	if (!strcmp(t->ended, "aborted") || !strcmp(t->ended, "drawn") ||
	    !strcmp(t->ended, "closed"))
		rec = qv__json_put(rec, "ended", json_string(t->ended));
	if (t->ended_why[0])
		rec = qv__json_put(rec, "ended_why", json_string(t->ended_why));
	return rec;
}

/* ---- what clients receive ------------------------------------------------------------------ */

/* The seats' entries of the table's info (qv__seat_info_json, with "zombie", a zombie's
 * "zombie_level", and "turn_since": since when, epoch ms, the seat has kept the game waiting (its
 * turn running; null when it does not), which with away_since and away_limit tells a page when a
 * claim is accepted). */
static json_t *seats_info(const qv__table *t, bool stored, double at)
{
	json_t *seats = json_array();
	for (int i = 0; i < t->nseats; i++) {
		json_t *e = qv__seat_info_json(&t->seat[i], i, t->status == QV__OVER, stored, at);
		bool zombie = qv__table_zombie_locked(t, i);
		e = qv__json_put(e, "zombie", json_boolean(zombie));
		if (zombie) /* medium, or beginner past its creator's cap (leave.h) */
			e = qv__json_put(
			    e, "zombie_level",
			    json_string(qv__leave_zombie_searches(qv__table_shell_seats(t), i)
			                    ? "medium"
			                    : "beginner"));
		bool waits = !stored && t->status == QV__PLAYING && t->clock.running >> i & 1u;
		e = qv__json_put(e, "turn_since",
		                 waits ? json_integer((json_int_t)(t->clock.since[i] * 1000))
		                       : json_null());
		seats = qv__json_push(seats, e);
	}
	return seats;
}

/* Info's "result": each seat's rank, score and why it left, null until the game is over (and
 * for a table that ended without one); a draw agreed ranks every seat first. */
static json_t *result_json(const qv__table *t)
{
	if (t->status != QV__OVER)
		return json_null();
	return qv__info_result_json(t->m, t->nseats, strcmp(t->ended, "drawn") == 0);
}

/* The table's info; `stored` is the copy kept once the game is over, which says no human is
 * online (as the table read back later would), and holds the catalogue (it answers
 * GET /api/tables/ID once the table left memory). */
static json_t *info_json(qv__table *t, bool stored)
{
	double at = qv_wall();
	json_t *to_move = qv__info_to_move_json(stored ? 0 : qv__table_acting_locked(t), t->nseats);
	json_t *info =
	    json_pack("{s:s, s:s, s:s, s:O, s:o, s:s, s:I, s:b, s:o}", "id", t->id, "game",
	              t->game->name, "title", t->game->title, "params", t->params, "seats",
	              seats_info(t, stored, at), "status", qv__status_name(t->status), "v",
	              (json_int_t)t->v, "private", t->private_, "result", result_json(t));
	info = qv__json_put(info, "variant", qv__info_variant_json(t->variant));
	info = qv__json_put(info, "to_move", to_move);
	info = qv__json_put(info, "offer",
	                    !stored && t->offer.by >= 0
	                        ? qv__offer_json(&t->offer, t->nseats, true, at)
	                        : json_null());
	info = qv__json_put(info, "rematch",
	                    t->status == QV__OVER ? qv__rematch_json(&t->rematch, t->nseats)
	                                          : json_null());
	/* The clocks of the claimed people's seats. */
	unsigned shown = 0;
	for (int p = 0; p < t->nseats; p++)
		shown |= t->seat[p].human && t->seat[p].hash[0] ? 1u << p : 0u;
	info = qv__json_put(info, "clock", qv__clock_info_json(&t->clock, shown, stored, at));
	info =
	    qv__json_put(info, "away_limit",
	                 t->away_limit > 0 ? json_integer((json_int_t)t->away_limit) : json_null());
	if (t->stuck[0] && t->status != QV__OVER)
		info = qv__json_put(info, "stopped", json_string(t->stuck));
	if (t->ended[0])
		info = qv__json_put(info, "ended", json_string(t->ended));
	if (t->ended_why[0])
		info = qv__json_put(info, "ended_why", json_string(t->ended_why));
	info = qv__json_put(info, "spectators", json_integer(stored ? 0 : t->spectators));
	info = qv__json_put(info, "takebacks", json_boolean(!t->no_takebacks));
	info = qv__json_put(info, "rated", json_boolean(t->rated));
	if (t->unrated[0])
		info = qv__json_put(info, "unrated", json_string(t->unrated));
	info =
	    qv__json_put(info, "abortable", json_boolean(!stored && qv__table_abortable_locked(t)));
	if (stored)
		info = qv__json_put(info, "catalogue", qv__catalogue_json(t->m));
	return info;
}

json_t *qv__table_info_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	return info_json(t, false);
}

json_t *qv__table_info_full_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	return qv__json_put(info_json(t, false), "catalogue", qv__catalogue_json(t->m));
}

bool qv__table_listed_locked(qv__table *t)
{
	QV__TABLE_HELD(t);
	if (t->status == QV__OVER)
		return false;
	return (t->status == QV__PLAYING && !t->private_) || qv__seats_open(t->seat, t->nseats);
}

void qv__table_expire_locked(qv__table *t, double ttl)
{
	QV__TABLE_HELD(t);
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

/* ---- chat ---------------------------------------------------------------------------------- */

const char *qv__table_name_locked(const qv__table *t, int viewer)
{
	QV__TABLE_HELD(t);
	if (viewer < 0 || viewer >= t->nseats)
		return "spectator";
	return qv__seat_name(&t->seat[viewer], viewer);
}
