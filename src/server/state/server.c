/*
 * server.c - the state of `quiver serve` (server.h): the registry of tables, and what follows
 * a change at a table: its connections are told (through the broadcast function the server
 * was opened with), its AI seats and chance events are queued on the worker pool, and a
 * finished table without connections leaves memory. The network layer (net.c) is started in
 * front of it by listen.c.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "quiver/variant.h"
#include "server/base/metrics.h"
#include "server/base/oplog.h"
#include "server/base/token.h"
#include "server/state/reviews.h"
#include "server/state/server.h"
#include "server/state/throttle.h"
#include "server/store/owners.h"

/* Memory: glibc gives threads that contend for malloc arenas of their own, up to 8 per core,
 * and a freed block's pages stay in the process until the top of its heap is free. With
 * hundreds of threads (one per socket) allocating frames, logs and searches, the RSS of a
 * steady load kept growing (137 -> 165 MiB over the last 5 of 10 minutes, no leak:
 * docs/benchmarks.md). So the server keeps MALLOC_ARENAS arenas and hands free pages back to
 * the system every TRIM_EVERY seconds (malloc_trim also releases free pages in the middle of
 * a heap). */
#define MALLOC_ARENAS 2
#define TRIM_EVERY    10

/* How much lower the AI workers' priority is than the threads that answer requests: on a busy
 * machine a search then never delays a person's act (docs/benchmarks.md). */
#define AI_NICE 10

/* ---- references ---------------------------------------------------------------------------- */

void qv__table_ref(qv__table *t) { atomic_fetch_add(&t->refs, 1); }

void qv__table_unref(qv__table *t)
{
	if (!t)
		return;
	int refs = atomic_fetch_sub(&t->refs, 1);
	QV_ASSERT(refs >= 1); /* one unref per reference taken */
	if (refs == 1)
		qv__table_free(t);
}

/* ---- the registry -------------------------------------------------------------------------- */

/* Adds t (taking over the caller's reference) without checks; the caller holds reg_lock. The
 * table gets the server's idle limit: every table in the registry may end idle. */
static qv_status registry_put(qv__server *srv, qv__table *t, qv_err *err)
{
	if (srv->ntables == srv->cap) {
		int cap = srv->cap ? 2 * srv->cap : 64;
		qv__table **grown = realloc(srv->tables, (size_t)cap * sizeof *grown);
		if (!grown)
			return qv_fail(err, QV_ENOMEM, "out of memory adding a table");
		srv->tables = grown;
		srv->cap = cap;
	}
	srv->tables[srv->ntables++] = t;
	qv__table_lock(t);
	qv__table_set_idle_limit_locked(t, srv->cfg.idle_limit);
	t->away_limit = srv->cfg.away_limit;
	qv__table_unlock(t); /* what the registry sees of it (qv__table_seen) */
	return QV_OK;
}

/* The index of the table with this id in the registry, or -1; the caller holds reg_lock. */
static int registry_index(const qv__server *srv, const char *id)
{
	for (int i = 0; i < srv->ntables; i++)
		if (strcmp(srv->tables[i]->id, id) == 0)
			return i;
	return -1;
}

/* What a table read from the database becomes: a restored table. */
static qv_status restore_visit(void *ctx, const qv__stored_table *saved, qv_err *err)
{
	void **slot = ctx;
	qv__table *t;
	qv_status rc = qv__table_restore(&t, ((qv__server *)slot[0])->store, saved, err);
	if (!rc)
		slot[1] = t;
	return rc;
}

/* After a sweep, without the registry's lock: the expired tables (gone, taken out of the
 * registry) deleted from the store and their viewers told, the spectators counted told. */
static void swept(qv__server *srv, qv__table **gone, int ngone, qv__table **counted, int *crowd,
                  int ncounted)
{
	for (int i = 0; i < ngone; i++) {
		qv_err err;
		if (qv__store_delete(srv->store, gone[i]->id, &err))
			qv__oplog(QV__WARN, "%s", err.msg);
		srv->broadcast(srv, gone[i]);
		qv__table_unref(gone[i]); /* the registry's */
	}
	free(gone);
	for (int i = 0; i < ncounted; i++) {
		if (srv->crowd)
			srv->crowd(counted[i], crowd[i]);
		qv__table_unref(counted[i]);
	}
	free(counted);
	free(crowd);
}

/* Their viewers are told why (qv__table_expire_locked). */
void qv__server_sweep(qv__server *srv)
{
	double t0 = qv_wall(), s0 = qv_mono();
	if (s0 - atomic_load(&srv->swept) < 1 || pthread_mutex_trylock(&srv->sweeping))
		return;
	qv__table **gone = NULL, **counted = NULL;
	int *crowd = NULL;
	int ngone = 0, ncounted = 0;
	qv__mutex_lock(&srv->reg_lock);
	if (s0 - atomic_load(&srv->swept) >= 1) {
		atomic_store(&srv->swept, s0);
		counted = malloc(sizeof *counted * (size_t)(srv->ntables ? srv->ntables : 1));
		crowd = malloc(sizeof *crowd * (size_t)(srv->ntables ? srv->ntables : 1));
		if (!crowd) {
			free(counted);
			counted = NULL;
		}
		for (int i = 0; i < srv->ntables; i++) {
			qv__table *t = srv->tables[i];
			/* a table whose lock is held is in use (its change may wait for the store):
			 * looked at again at the next sweep, the registry's lock not held waiting
			 */
			if (!qv__table_trylock(t))
				continue;
			bool old =
			    t->status == QV__WAITING && t->created + srv->cfg.waiting_ttl < t0;
			if (old)
				qv__table_expire_locked(t, srv->cfg.waiting_ttl);
			/* Spectators who came or went since the last sweep: one count for all. */
			else if (counted && qv__table_spectators_locked(t, &crowd[ncounted])) {
				qv__table_ref(t);
				counted[ncounted++] = t;
			}
			qv__table_unlock(t);
			if (!old)
				continue;
			qv__table **grown = realloc(gone, (size_t)(ngone + 1) * sizeof *grown);
			if (!grown)
				break;
			gone = grown;
			gone[ngone++] = t;
			srv->tables[i--] = srv->tables[--srv->ntables];
		}
	}
	qv__mutex_unlock(&srv->reg_lock);
	swept(srv, gone, ngone, counted, crowd, ncounted);
	pthread_mutex_unlock(&srv->sweeping);
}

/* A reference taken on a found table; a socket's is counted (t->greeting) under reg_lock,
 * before any eviction may look at the table, without waiting for the table's lock (which a
 * change waiting for the store may hold). */
static void found(qv__table *t, bool socket)
{
	qv__table_ref(t);
	if (socket)
		atomic_fetch_add(&t->greeting, 1);
}

static qv__table *find_resident(qv__server *srv, const char *id, bool socket)
{
	if (!qv__table_id_valid(id))
		return NULL;
	qv__server_sweep(srv);
	qv__mutex_lock(&srv->reg_lock);
	int i = registry_index(srv, id);
	qv__table *t = i >= 0 ? srv->tables[i] : NULL;
	if (t)
		found(t, socket);
	qv__mutex_unlock(&srv->reg_lock);
	return t;
}

qv__table *qv__server_find_resident(qv__server *srv, const char *id)
{
	return find_resident(srv, id, false);
}

/* Takes table id for this process before it is read (store.h: on PostgreSQL another process
 * may hold it); when another does, asks it to let the table go (cluster.c) and says so in
 * *why (QV__ELSEWHERE); when the database did not answer, says that (QV__UNREACHED). why may
 * be NULL: nobody is asked then. */
static bool take(qv__server *srv, const char *id, qv__missing *why)
{
	qv_err err;
	int own = qv__store_own(srv->store, id, &err);
	if (own == -1) {
		qv__oplog(QV__WARN, "%s", err.msg);
		if (why)
			*why = QV__UNREACHED;
	}
	if (own == 0 && why) {
		char payload[40];
		snprintf(payload, sizeof payload, "release %s", id);
		if (qv__store_notify(srv->store, payload, &err))
			qv__oplog(QV__WARN, "%s", err.msg);
		*why = QV__ELSEWHERE;
		qv_copy(srv->asked[srv->nasked++ % QV__ASKED], QV__ID_LEN + 1, id);
	}
	return own == 1;
}

/* Whether this process asked another for table id lately (take): a table it then reads back
 * is one HAProxy sends here, not one it took in another's place. */
static bool asked_for(const qv__server *srv, const char *id)
{
	for (int i = 0; i < QV__ASKED; i++)
		if (strcmp(srv->asked[i], id) == 0)
			return true;
	return false;
}

/* Reads table id back from the database into the registry; *fresh says it was read here (not
 * found there already). The caller holds srv->taking, under which a table is taken, read and
 * put in the registry as one step that no qv__server_release comes between: every table in the
 * registry is one this process holds (store.h). */
static qv__table *read_back(qv__server *srv, const char *id, bool socket, qv__missing *why,
                            bool *fresh)
{
	*fresh = false;
	qv__table *t = find_resident(srv, id, socket); /* read back meanwhile by another request */
	if (t || !take(srv, id, why))
		return t;
	void *slot[2] = {srv, NULL};
	qv_err err;
	qv_status rc = qv__store_load_one(srv->store, id, restore_visit, slot, &err);
	if (rc) {
		if (rc != QV_ESTATE) {
			qv__oplog(QV__WARN, "%s", err.msg);
			if (why)
				*why = QV__UNREACHED;
		}
		qv__store_disown(srv->store, id);
		return NULL;
	}
	t = slot[1];
	/* a table in play read back without asking its process for it: taken in the place of a
	 * process that died (or from before a restart); never one of this process's own ids
	 * (--id-prefix), which the proxy sends here whoever comes back */
	t->moved_in = t->status != QV__OVER && !asked_for(srv, id) && !qv__table_id_home(id);
	qv__mutex_lock(&srv->reg_lock);
	if (registry_put(srv, t, &err) == QV_OK) {
		found(t, socket);
		*fresh = true;
	} else {
		qv__store_disown(srv->store, id);
		qv__table_unref(t);
		t = NULL;
	}
	qv__mutex_unlock(&srv->reg_lock);
	return t;
}

static qv__table *find(qv__server *srv, const char *id, bool socket, qv__missing *why)
{
	if (why)
		*why = QV__NONE;
	qv__table *t = find_resident(srv, id, socket);
	if (!qv__table_id_valid(id) || t)
		return t;
	/* Not in memory: a finished table, or (several processes) one another process played,
	 * read back from the database. */
	bool fresh;
	pthread_mutex_lock(&srv->taking);
	t = read_back(srv, id, socket, why, &fresh);
	pthread_mutex_unlock(&srv->taking);
	if (fresh)
		qv__server_changed(srv, t); /* queues it if it is not over, lets it go if it is */
	return t;
}

qv__table *qv__server_find(qv__server *srv, const char *id, qv__missing *why)
{
	return find(srv, id, false, why);
}

qv__table *qv__server_find_for_socket(qv__server *srv, const char *id, qv__missing *why)
{
	return find(srv, id, true, why);
}

qv__table *qv__server_adopt(qv__server *srv, const char *id) { return find(srv, id, false, NULL); }

qv__table *qv__server_release(qv__server *srv, const char *id)
{
	pthread_mutex_lock(&srv->taking);
	qv__mutex_lock(&srv->reg_lock);
	int i = registry_index(srv, id);
	qv__table *t = i >= 0 ? srv->tables[i] : NULL;
	if (t) {
		srv->tables[i] = srv->tables[--srv->ntables];
		/* Running clocks saved as they are now: the process that reads the table next
		 * resumes them from there, and nobody gains the time since the last change. */
		qv__table_lock(t);
		qv_err err;
		if (qv__clock_deadline(&t->clock) > 0 && qv__table_keep_clocks_locked(t, &err))
			qv__oplog(QV__WARN, "%s", err.msg);
		t->released = true; /* nothing of this copy is written from now on (change.c) */
		qv__table_unlock(t);
		/* Its writes fail from now on (a request or an AI step under way changes
		 * nothing); under the registry's lock, so that no request reads it back in
		 * between. A table not in memory is not held (srv->taking). */
		qv__store_disown(srv->store, id);
	}
	qv__mutex_unlock(&srv->reg_lock);
	pthread_mutex_unlock(&srv->taking);
	return t;
}

qv_status qv__server_add(qv__server *srv, qv__table *t, qv_err *err)
{
	qv__mutex_lock(&srv->reg_lock);
	qv_status rc = registry_put(srv, t, err);
	if (!rc)
		qv__table_ref(t); /* the registry's reference; the caller keeps its own */
	qv__mutex_unlock(&srv->reg_lock);
	return rc;
}

/* Whether the open tables of t's address play room for t's variant: it is a built-in set,
 * one of theirs already, or they play fewer than QV__ADDRESS_VARIANTS. *n: how many they play
 * (up to that limit). The caller holds reg_lock. */
static bool variant_room_locked(qv__server *srv, const qv__table *t, int *n)
{
	QV__HELD(qv__mutex_held(&srv->reg_lock));
	*n = 0;
	const qv_variant *v = t->variant;
	if (!v || v->builtin)
		return true;
	const qv_variant *seen[QV__ADDRESS_VARIANTS];
	for (int i = 0; i < srv->ntables; i++) {
		qv__table *o = srv->tables[i];
		bool mine = qv__table_seen(o).status != QV__OVER && strcmp(o->owner, t->owner) == 0;
		const qv_variant *ov = mine ? o->variant : NULL; /* fixed at creation */
		if (!ov || ov->builtin)
			continue;
		if (ov == v)
			return true;
		bool known = false;
		for (int k = 0; k < *n; k++)
			known = known || seen[k] == ov;
		if (!known && *n == QV__ADDRESS_VARIANTS)
			return false;
		if (!known)
			seen[(*n)++] = ov;
	}
	return *n < QV__ADDRESS_VARIANTS;
}

qv_status qv__server_add_new(qv__server *srv, qv__table *t, int *status, qv_err *err)
{
	*status = 503;
	qv__mutex_lock(&srv->reg_lock);
	int n;
	bool room = variant_room_locked(srv, t, &n);
	qv_status rc = room ? registry_put(srv, t, err) : QV_ESTATE;
	if (!rc)
		qv__table_ref(t); /* the registry's reference; the caller keeps its own */
	qv__mutex_unlock(&srv->reg_lock);
	if (room)
		return rc;
	*status = 429;
	qv_err gone;
	if (qv__store_delete(srv->store, t->id, &gone))
		qv__oplog(QV__WARN, "table %s: %s", t->id, gone.msg);
	return qv_fail(err, QV_ESTATE,
	               "too many variants from your address: its open tables play %d variants, "
	               "the most one address may at once (the server's limit); play one of "
	               "those or a built-in set, or finish a game that plays one first",
	               n);
}

int qv__server_list(qv__server *srv, qv__table ***out, bool all)
{
	qv__server_sweep(srv);
	qv__mutex_lock(&srv->reg_lock);
	qv__table **list = malloc(sizeof *list * (size_t)(srv->ntables ? srv->ntables : 1));
	int n = 0;
	for (int i = 0; list && i < srv->ntables; i++) {
		qv__table *t = srv->tables[i];
		if (all || qv__table_seen(t).listed) {
			qv__table_ref(t);
			list[n++] = t;
		}
	}
	qv__mutex_unlock(&srv->reg_lock);
	*out = list;
	return n;
}

/* Returns free memory to the system at most every TRIM_EVERY seconds. */
static void maybe_trim(qv__server *srv)
{
	double t0 = qv_mono(), last = atomic_load(&srv->trimmed);
	if (t0 - last >= TRIM_EVERY && atomic_compare_exchange_strong(&srv->trimmed, &last, t0))
		malloc_trim(0);
}

/* Drops a finished table that nobody watches and no worker holds from memory. */
static void maybe_evict(qv__server *srv, qv__table *t)
{
	qv__mutex_lock(&srv->reg_lock);
	qv__table_lock(t);
	bool go = t->status == QV__OVER && !t->queued && !t->conns && !t->greeting;
	qv__table_unlock(t);
	int i = go ? registry_index(srv, t->id) : -1;
	if (i >= 0 && srv->tables[i] == t)
		srv->tables[i] = srv->tables[--srv->ntables];
	else
		go = false;
	if (go) /* under the lock: a request reading it back takes it again after */
		qv__store_disown(srv->store, t->id);
	qv__mutex_unlock(&srv->reg_lock);
	if (go) {
		qv__table_unref(t);
		maybe_trim(srv);
	}
}

/* ---- the clocks' timer ----------------------------------------------------------------------- */

/* The first time the timer has to look at t: its clocks' deadline, when it may end idle, or
 * when a days clock runs low (ws/channel.c); 0 for none. */
static double table_due(qv__table *t)
{
	double d = atomic_load(&t->deadline), idle = atomic_load(&t->idle_at);
	double due = d > 0 && (idle <= 0 || d < idle) ? d : idle > 0 ? idle : 0;
	double low = atomic_load(&t->low_at);
	due = low > 0 && (due <= 0 || low < due) ? low : due;
	double step = atomic_load(&t->step_at);
	return step > 0 && (due <= 0 || step < due) ? step : due;
}

/* Wakes the timer when t's clocks run out, or t may end idle, before the timer means to wake
 * (timer_next; 0 while it scans or has no deadline, so that a deadline set during a scan is
 * never missed). */
static void timer_note(qv__server *srv, qv__table *t)
{
	double d = table_due(t);
	if (d <= 0)
		return;
	pthread_mutex_lock(&srv->timer_lock);
	if (srv->timer_next <= 0 || d < srv->timer_next) {
		srv->timer_poked = true;
		pthread_cond_signal(&srv->timer_cond);
	}
	pthread_mutex_unlock(&srv->timer_lock);
}

/* The timer thread: finds the tables whose deadline has passed and times their seats out
 * (qv__table_timeout, saved before anyone hears of it), and those that may have been idle for
 * --idle-limit (qv__table_idle, which ends them), then sleeps until the earliest deadline of
 * any table, or until timer_note says a sooner one was set. Tables that play are never out of
 * memory (maybe_evict lets only finished tables go), so the registry holds every deadline. A
 * timeout or an end the store refuses is tried again a second later. */
static void schedule(qv__server *srv, qv__table *t);

/* What the timer does for table t, whose time (table_due) has come at t0: a clock run out
 * times its seat out, an idle table ends, a days clock running low is told, a step the store
 * refused is made again. false when the store refused a timeout (tried again a second later). */
static bool timer_due(qv__server *srv, qv__table *t, double t0)
{
	double d = atomic_load(&t->deadline), idle = atomic_load(&t->idle_at);
	if (d > 0 && d <= t0) {
		if (srv->zombie_room) /* a seat timed out may become a zombie */
			srv->zombie_room(srv, t);
		if (qv__table_timeout(t))
			qv__server_changed(srv, t);
		else if (atomic_load(&t->deadline) > 0)
			return false;
	} else if (idle > 0 && idle <= t0 && qv__table_idle(t)) {
		qv__server_changed(srv, t);
	} else if (atomic_load(&t->low_at) > 0 && atomic_load(&t->low_at) <= t0) {
		atomic_store(&t->low_at, 0);
		srv->broadcast(srv, t); /* the players' channels hear of it */
	} else if (atomic_load(&t->step_at) > 0 && atomic_load(&t->step_at) <= t0) {
		atomic_store(&t->step_at, 0);
		schedule(srv, t); /* a step the store refused, tried again */
	}
	return true;
}

static void *timer_main(void *arg)
{
	qv__server *srv = arg;
	pthread_mutex_lock(&srv->timer_lock);
	while (!srv->timer_stop) {
		srv->timer_next = 0;
		srv->timer_poked = false;
		pthread_mutex_unlock(&srv->timer_lock);
		double t0 = qv_wall(), next = 0;
		int ndue = 0;
		bool failed = false;
		qv__mutex_lock(&srv->reg_lock);
		qv__table **due = malloc(sizeof *due * (size_t)(srv->ntables ? srv->ntables : 1));
		for (int i = 0; i < srv->ntables; i++) {
			qv__table *t = srv->tables[i];
			double d = table_due(t);
			if (d > 0 && d <= t0 && due) {
				qv__table_ref(t);
				due[ndue++] = t;
			} else if (d > 0 && (next == 0 || d < next)) {
				next = d;
			}
		}
		qv__mutex_unlock(&srv->reg_lock);
		for (int i = 0; i < ndue; i++) {
			failed = !timer_due(srv, due[i], t0) || failed;
			qv__table_unref(due[i]);
		}
		free(due);
		if (!due || failed) /* out of memory, or a store that refused: again in a second */
			next = next == 0 || next > t0 + 1 ? t0 + 1 : next;
		pthread_mutex_lock(&srv->timer_lock);
		if (srv->timer_poked || srv->timer_stop || (ndue && !failed))
			continue;
		srv->timer_next = next;
		if (next == 0) {
			pthread_cond_wait(&srv->timer_cond, &srv->timer_lock);
		} else {
			struct timespec ts = {.tv_sec = (time_t)next,
			                      .tv_nsec =
			                          (long)((next - (double)(time_t)next) * 1e9)};
			pthread_cond_timedwait(&srv->timer_cond, &srv->timer_lock, &ts);
		}
	}
	pthread_mutex_unlock(&srv->timer_lock);
	return NULL;
}

/* ---- the worker pool ------------------------------------------------------------------------ */

/* Queues t on the pool: in the lane of the address that created it (the tables of one address
 * take one turn among the addresses, whatever their number), or ahead of every lane when its
 * next step is a chance draw, which takes no search: a person who waits for a die then waits
 * for a free worker, not for every address's turn. */
static void queue_step(qv__server *srv, qv__table *t, bool chance)
{
	if (chance)
		qv__pool_push_first(srv->pool, t);
	else
		qv__pool_push_lane(srv->pool, t, t->owner);
}

/* Queues t on the pool when an AI seat or chance is to move and it is not queued yet. */
static void schedule(qv__server *srv, qv__table *t)
{
	qv__table_lock(t);
	bool go = !t->queued && qv__table_wants_step_locked(t);
	bool chance = go && qv__table_wants_chance_locked(t);
	if (go) {
		t->queued = true;
		qv__table_ref(t);
	}
	qv__table_unlock(t);
	if (go)
		queue_step(srv, t, chance);
}

/* Chance draws made at once after a step, at most (a game's draws between two decisions are
 * a few dice; the bound keeps a worker from being held by a table that draws on and on). */
#define CHANCE_RUN 16

/* Whether t's next step is a chance draw. */
static bool wants_chance(qv__table *t)
{
	qv__table_lock(t);
	bool chance = qv__table_wants_chance_locked(t);
	qv__table_unlock(t);
	return chance;
}

/* One step of a queued table on a worker, with the chance draws that follow it; the table goes
 * back to the end of its lane while it still has AI moves to make, so that tables take turns
 * one search at a time. The flight recorder names the table while its steps run. */
static void run_step(void *ctx, void *item)
{
	qv__server *srv = ctx;
	qv__table *t = item;
	int slot = qv__flight_step_begin(srv->flight, t->id);
	bool changed = qv__table_step(t);
	for (int k = 0; changed && k < CHANCE_RUN && wants_chance(t); k++)
		qv__table_step(t);
	qv__flight_step_end(srv->flight, slot);
	if (changed)
		srv->broadcast(srv, t);
	/* A person's turn may have begun; or the store refused the step, which the timer makes
	 * again at the table's step_at. */
	timer_note(srv, t);
	qv__table_lock(t);
	bool again = qv__table_wants_step_locked(t);
	bool chance = again && qv__table_wants_chance_locked(t);
	if (!again)
		t->queued = false;
	qv__table_unlock(t);
	if (again) {
		queue_step(srv, t, chance);
		return;
	}
	maybe_evict(srv, t);
	qv__table_unref(t);
}

/* A table left in the queue when the pool stops. */
static void drop_step(void *ctx, void *item)
{
	(void)ctx;
	qv__table *t = item;
	qv__table_lock(t);
	t->queued = false;
	qv__table_unlock(t);
	qv__table_unref(t);
}

void qv__server_busy(qv__server *srv, int delta) { qv__flight_request(srv->flight, delta); }

void qv__server_changed(qv__server *srv, qv__table *t)
{
	/* A change, or a connection that came or went: the table is not idle from now. */
	qv__table_lock(t);
	qv__table_touch_locked(t);
	qv__table_unlock(t);
	srv->broadcast(srv, t);
	schedule(srv, t);
	timer_note(srv, t);
	maybe_evict(srv, t);
}

/* ---- open and close ------------------------------------------------------------------------ */

/* The crash-loop guard. Before each AI search a table's count of searches begun is saved, and
 * cleared with the search's move (store.h, qv__store_ai_start): a process that dies during a
 * search leaves it counted, and a table counted QV__AI_TRIES times in a row is stopped at the
 * next start (qv__table_restore), so that a search that kills the process cannot do so at
 * every restart. But a process dies for many reasons: another client's request (the audit's
 * deep JSON killed it while other people's `hard` seats were thinking, and two such deaths
 * stopped their tables for good), an operator's kill -9, another table's search. So a death
 * counts against a table only when the flight recorder (flight.h) says that table's step was
 * the only work in flight: no request or message being handled, no other step under way. Every
 * other table whose search was under way has the death taken back from its count. Without a
 * record (a first start on a database, one left by an older quiver), no death is counted. A
 * client that keeps a request in flight at every moment therefore keeps a crashing search from
 * being stopped; it would have to do so at every restart, and all it gains is the crashes. */
static qv_status crash_guard(qv__server *srv, qv_err *err)
{
	if (strcmp(srv->cfg.db, ":memory:") == 0)
		return QV_OK;
	qv__flight_last *last = malloc(sizeof *last);
	if (!last)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	char base[1024];
	qv__store_flight_base(srv->cfg.db, base, sizeof base);
	/* Processes on one PostgreSQL database in one folder: a record each, by its port. */
	if (qv__store_shared(srv->store) && srv->cfg.port > 0)
		snprintf(base + strlen(base), sizeof base - strlen(base), "-%d", srv->cfg.port);
	qv_status rc = qv__flight_open(&srv->flight, base, last, err);
	bool alone = last->known && last->requests == 0 && last->unnamed == 0 && last->nsteps == 1;
	if (!rc && !last->known) {
		rc = qv__store_ai_forgive(srv->store, NULL, err);
	} else if (!rc && !alone) {
		for (int i = 0; !rc && i < last->nsteps; i++)
			rc = qv__store_ai_forgive(srv->store, last->step[i], err);
	} else if (!rc) {
		qv__oplog(QV__WARN,
		          "the last process ended during a step of table %s, the only "
		          "work it was doing: an AI search of that table under way is counted",
		          last->step[0]);
	}
	free(last);
	return rc;
}

/* Every unfinished table of the database into the registry. A table that no longer replays
 * (a database from another version of the rules) is left out with a warning. */
static qv_status load_visit(void *ctx, const qv__stored_table *saved, qv_err *err)
{
	qv__server *srv = ctx;
	qv__table *t;
	qv_err why;
	if (qv__table_restore(&t, srv->store, saved, &why)) {
		qv__oplog(QV__INFO, "left out: %s", why.msg);
		return QV_OK;
	}
	qv_status rc = registry_put(srv, t, err);
	if (rc)
		qv__table_unref(t);
	return rc;
}

/* The tables not over of a store several processes share: each that no process holds taken
 * and read as it is now, one by one, each read its own operation under a deadline of its own
 * (a process starting on a busy site read every table of the site with its actions under one,
 * and gave up). A table another process holds, or that could not be read, is left to the
 * process asked for it next, or to the elected one (cluster.c). */
static qv_status load_shared(qv__server *srv, qv_err *err)
{
	char(*ids)[17];
	int n;
	qv_status rc = qv__store_open_ids(srv->store, &ids, &n, err);
	for (int i = 0; !rc && i < n; i++) {
		qv_err why;
		int own = qv__store_own(srv->store, ids[i], &why);
		if (own == -1)
			qv__oplog(QV__INFO, "left out: %s", why.msg);
		if (own != 1)
			continue;
		void *slot[2] = {srv, NULL};
		if (qv__store_load_one(srv->store, ids[i], restore_visit, slot, &why)) {
			qv__oplog(QV__INFO, "left out: %s", why.msg);
			qv__store_disown(srv->store, ids[i]);
			continue;
		}
		rc = registry_put(srv, slot[1], err);
		if (rc)
			qv__table_unref(slot[1]);
	}
	free(ids);
	return rc;
}

/* The tables not over into the registry, as the store is: this process's alone, or shared. */
static qv_status load_tables(qv__server *srv, qv_err *err)
{
	qv__mutex_lock(&srv->reg_lock);
	qv_status rc = qv__store_shared(srv->store)
	                   ? load_shared(srv, err)
	                   : qv__store_load_open(srv->store, load_visit, srv, err);
	qv__mutex_unlock(&srv->reg_lock);
	return rc;
}

/* The server's copy of its configuration: the strings copied into srv, every limit left at 0
 * given its default. */
static void settle_config(qv__server *srv, const qv__server_config *cfg)
{
	if (srv->cfg.max_sockets <= 0)
		srv->cfg.max_sockets = QV__MAX_SOCKETS;
	if (srv->cfg.max_sockets_per_address <= 0)
		srv->cfg.max_sockets_per_address = srv->cfg.max_sockets;
	if (srv->cfg.max_connections_per_address <= 0)
		srv->cfg.max_connections_per_address = QV__CONNECTIONS_PER_ADDRESS;
	qv_copy(srv->host, sizeof srv->host, cfg->host);
	qv_copy(srv->db, sizeof srv->db, cfg->db);
	qv__store_name(cfg->db, srv->db_name, sizeof srv->db_name);
	qv_copy(srv->web_dir, sizeof srv->web_dir, cfg->web_dir ? cfg->web_dir : "");
	qv_copy(srv->rules_dir, sizeof srv->rules_dir, cfg->rules_dir ? cfg->rules_dir : "");
	snprintf(srv->tutorials_dir, sizeof srv->tutorials_dir, "%s",
	         cfg->tutorials_dir ? cfg->tutorials_dir : "");
	srv->cfg.host = srv->host;
	srv->cfg.db = srv->db;
	srv->cfg.web_dir = srv->web_dir[0] ? srv->web_dir : NULL;
	srv->cfg.rules_dir = srv->rules_dir[0] ? srv->rules_dir : NULL;
	srv->cfg.tutorials_dir = srv->tutorials_dir[0] ? srv->tutorials_dir : NULL;
	if (srv->cfg.waiting_ttl <= 0)
		srv->cfg.waiting_ttl = QV__WAITING_TTL;
	if (srv->cfg.create_rate <= 0)
		srv->cfg.create_rate = QV__CREATE_RATE;
	if (srv->cfg.address_tables <= 0)
		srv->cfg.address_tables = QV__ADDRESS_TABLES;
	if (srv->cfg.address_ai_tables <= 0)
		srv->cfg.address_ai_tables = QV__ADDRESS_AI_TABLES;
	if (srv->cfg.away_limit <= 0)
		srv->cfg.away_limit = QV__AWAY_LIMIT;
	if (srv->cfg.idle_limit <= 0)
		srv->cfg.idle_limit = QV__IDLE_LIMIT;
	if (srv->cfg.challenge_ttl <= 0)
		srv->cfg.challenge_ttl = QV__CHALLENGE_TTL;
	if (srv->cfg.db_timeout_ms <= 0)
		srv->cfg.db_timeout_ms = QV__STORE_TIMEOUT_MS;
	if (srv->cfg.db_connections <= 0)
		srv->cfg.db_connections = QV__STORE_CONNECTIONS;
}

/* Loads every game's built-in set of components. */
static qv_status load_sets(qv_err *err)
{
	qv_status rc = QV_OK;
	/* Every built-in set is loaded before any variant a client sends: the variants a process
	 * holds are bounded (QV_VARIANT_MAX), and clients filling the registry must not keep
	 * anyone from playing the games as printed. */
	for (int i = 0; !rc && qv_games[i]; i++) {
		qv_err why;
		if (qv_games[i]->components && !qv_variant_base(qv_games[i], &why))
			rc = qv_fail(err, QV_ENOMEM, "the components of %s: %s", qv_games[i]->name,
			             why.msg);
	}
	return rc;
}

/* Starts the server's threads: the pool of workers (AI and chance steps), the gate of
 * replays, and the timer of clocks and idleness. */
static qv_status start_workers(qv__server *srv, qv_err *err)
{
	int threads = srv->cfg.threads;
	qv_status rc = qv__pool_new(&srv->pool, threads, AI_NICE, run_step, drop_step, srv, err);
	/* As many replays at once as workers: a replay is a search's worth of work. */
	if (!rc)
		rc = qv__replay_gate_new(&srv->replays, threads > 0 ? threads : 1, QV__REPLAY_QUEUE,
		                         QV__REPLAY_PER_ADDRESS, QV__REPLAY_WAIT_MS, err);
	if (!rc) {
		int e = pthread_create(&srv->timer, NULL, timer_main, srv);
		if (e)
			rc = qv_fail(err, QV_ENOMEM, "cannot start the clocks' timer thread (%d)",
			             e);
		srv->timer_running = e == 0;
	}
	return rc;
}

/* The tables restored, once the timer and the workers run: those idle past the limit ended,
 * and every other one's work (an AI's or chance's step, a clock) scheduled. */
static void start_tables(qv__server *srv)
{
	/* Tables that were idle past the limit when the server stopped end before anyone can ask
	 * for a table (by their stored last activity), rather than at the timer's first turn. The
	 * registry is read under its lock (the timer and the workers already run, and maybe_evict
	 * moves tables in it); each table is ended outside it, with a reference. */
	qv__mutex_lock(&srv->reg_lock);
	qv__table **ended = malloc(sizeof *ended * (size_t)(srv->ntables ? srv->ntables : 1));
	int nended = 0;
	for (int i = 0; ended && i < srv->ntables; i++) {
		qv__table *t = srv->tables[i];
		double idle = atomic_load(&t->idle_at);
		if (idle > 0 && idle <= qv_wall()) {
			qv__table_ref(t);
			ended[nended++] = t;
		}
	}
	qv__mutex_unlock(&srv->reg_lock);
	for (int i = 0; i < nended; i++) {
		if (qv__table_idle(ended[i]))
			maybe_evict(srv, ended[i]); /* nobody watches it yet */
		qv__table_unref(ended[i]);
	}
	free(ended);
	/* Under the registry's lock: a worker may finish a table queued by this loop and let it
	 * go (maybe_evict moves the registry's last table into its place), and a table passed
	 * over so would never be queued, an AI table then waiting for ever. */
	qv__mutex_lock(&srv->reg_lock);
	for (int i = 0; i < srv->ntables; i++) {
		/* Before anyone listens: the channels' record of the table (whose turn it is, when
		 * a days clock runs low) starts from it as it is, so a restart tells no turn again
		 * and the timer knows when to say a clock runs low. */
		srv->broadcast(srv, srv->tables[i]);
		timer_note(srv, srv->tables[i]);
		schedule(srv, srv->tables[i]);
	}
	qv__mutex_unlock(&srv->reg_lock);
}

/* The server's locks and counters, before anything uses them. */
static void init_locks(qv__server *srv)
{
	qv__mutex_init(&srv->reg_lock);
	pthread_mutex_init(&srv->taking, NULL);
	pthread_mutex_init(&srv->sweeping, NULL);
	pthread_mutex_init(&srv->timer_lock, NULL);
	pthread_cond_init(&srv->timer_cond, NULL);
	pthread_mutex_init(&srv->conns_lock, NULL);
	pthread_mutex_init(&srv->poke_lock, NULL);
	atomic_init(&srv->stopping, false);
	atomic_init(&srv->trimmed, 0.0);
	atomic_init(&srv->swept, 0.0);
	atomic_init(&srv->sockets, 0);
}

qv_status qv__server_open(qv__server **out, const qv__server_config *cfg,
                          void (*broadcast)(qv__server *srv, qv__table *t), struct qv__chans *chans,
                          qv_err *err)
{
	*out = NULL;
	qv_status rc = qv__crypto_init(err);
	if (rc)
		return rc;
	qv__server *srv = calloc(1, sizeof *srv);
	if (!srv)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	srv->cfg = *cfg;
	qv__table_id_prefix(cfg->id_prefix);
	srv->broadcast = broadcast;
	srv->chans = chans;
	qv__seed_new(&srv->boot);
	srv->started = qv_wall();
	settle_config(srv, cfg);
	init_locks(srv);
	mallopt(M_ARENA_MAX, MALLOC_ARENAS);
	srv->rates = calloc(QV__RATE_SLOTS, sizeof *srv->rates);
	srv->throttle = qv__throttle_new();
	srv->metrics = qv__metrics_new();
	srv->reviews = qv__reviews_new();
	if (!srv->rates || !srv->throttle || !srv->metrics || !srv->reviews) {
		qv__server_close(srv);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	}
	if (!rc)
		rc = load_sets(err);
	if (!rc)
		rc = qv__store_open_limits(&srv->store, cfg->db, srv->cfg.db_timeout_ms,
		                           srv->cfg.db_connections, err);
	if (!rc)
		qv__store_time(srv->store, &srv->metrics->store);
	if (!rc)
		rc = crash_guard(srv, err);
	int expired = 0;
	if (!rc)
		rc = qv__store_delete_waiting(srv->store, qv_wall() - srv->cfg.waiting_ttl,
		                              &expired, err);
	if (expired > 0)
		qv__oplog(QV__INFO, "removed %d waiting table%s older than %.0f s", expired,
		          expired == 1 ? "" : "s", srv->cfg.waiting_ttl);
	if (!rc)
		rc = load_tables(srv, err);
	if (!rc)
		rc = start_workers(srv, err);
	if (rc) {
		qv__server_close(srv);
		return rc;
	}
	start_tables(srv);
	*out = srv;
	return QV_OK;
}

void qv__server_close(qv__server *srv)
{
	if (!srv)
		return;
	if (srv->timer_running) {
		pthread_mutex_lock(&srv->timer_lock);
		srv->timer_stop = true;
		pthread_cond_signal(&srv->timer_cond);
		pthread_mutex_unlock(&srv->timer_lock);
		pthread_join(srv->timer, NULL);
	}
	qv__pool_stop(srv->pool);
	qv__reviews_free(srv->reviews); /* after the pool: no review is being made now */
	qv__replay_gate_free(srv->replays);
	qv__flight_close(srv->flight);
	for (int i = 0; i < srv->ntables; i++)
		qv__table_unref(srv->tables[i]);
	free(srv->tables);
	free(srv->rates);
	qv__throttle_free(srv->throttle);
	qv__metrics_free(srv->metrics);
	qv__store_close(srv->store);
	qv__mutex_destroy(&srv->reg_lock);
	pthread_mutex_destroy(&srv->taking);
	pthread_mutex_destroy(&srv->sweeping);
	pthread_mutex_destroy(&srv->conns_lock);
	pthread_mutex_destroy(&srv->poke_lock);
	pthread_mutex_destroy(&srv->timer_lock);
	pthread_cond_destroy(&srv->timer_cond);
	free(srv);
}
