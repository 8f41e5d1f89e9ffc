/*
 * postgres_own.c - the tables a process holds on PostgreSQL (store.h, "several processes"):
 * each by an advisory lock of the owner's connection, keyed by the table id's 64 bits, and by
 * the fencing epoch it took the table at, which every write of the table checks (tables.c,
 * change.c, with the version its change was built on); the tables lost to another process, the
 * orphans that no process holds, the sweeper's election, and the news kept for other processes'
 * channels.
 *
 * A session's advisory locks end with it: when the process dies, at once (PostgreSQL sees its
 * connection close); when the owner's connection is made again after PostgreSQL went away, the
 * store takes each lock again (qv__pg_relock), and a table another process took meanwhile is lost.
 * The lock says who should play a table; the epoch makes sure that nobody else can write it: a
 * process that takes a table raises its epoch, so every write of the process that held it
 * before changes no row and fails, even if that process still believes it holds the table.
 *
 * What is held is kept in memory under pg->mem; the statements run on the owner's connection
 * under pg->lock, taken within the store's timeout (qv__pg_own_lock), and never with pg->mem
 * held, so that a write's epoch (qv__pg_epoch) is read at once while the owner's connection
 * waits for a database that does not answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/store/driver.h"
#include "server/store/postgres_impl.h"

/* The sweeper's lock ("qvsweep!"): the process that holds it takes the orphans. */
#define SWEEP_KEY 0x7176737765657021LL

/* How long a player's news is kept for the channels of other processes, in seconds: a
 * listener that was away longer has lost it (its channels' pages read their tables again when
 * they connect anyway). */
#define NEWS_KEEP 600

/* Pieces of news read at once (PG_NEWS_SINCE's LIMIT). */
#define NEWS_PAGE 500

long long qv__pg_key(const char *id)
{
	unsigned long long k = 0;
	for (int i = 0; i < 16 && id[i]; i++) {
		char c = id[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : 0;
		k = k << 4 | (unsigned)d;
	}
	return (long long)k;
}

static int held_cmp(const void *a, const void *b)
{
	return strcmp(((const qv__pg_held *)a)->id, ((const qv__pg_held *)b)->id);
}

qv__pg_held *qv__pg_held_find(qv__store *s, const char *id)
{
	struct qv__pg *pg = qv__pg_of(s);
	qv__pg_held key;
	qv_copy(key.id, sizeof key.id, id);
	return pg->nheld ? bsearch(&key, pg->held, (size_t)pg->nheld, sizeof key, held_cmp) : NULL;
}

bool qv__pg_held_add(qv__store *s, const char *id, long long epoch, long long v)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (pg->nheld == pg->capheld) {
		int cap = pg->capheld ? pg->capheld * 2 : 64;
		qv__pg_held *grown = realloc(pg->held, sizeof *grown * (size_t)cap);
		if (!grown)
			return false;
		pg->held = grown;
		pg->capheld = cap;
	}
	int i = pg->nheld;
	while (i > 0 && strcmp(pg->held[i - 1].id, id) > 0)
		i--;
	memmove(&pg->held[i + 1], &pg->held[i], sizeof *pg->held * (size_t)(pg->nheld - i));
	qv_copy(pg->held[i].id, sizeof pg->held[i].id, id);
	pg->held[i].epoch = epoch;
	pg->held[i].v = v;
	pg->held[i].relock = false; /* taken in this session */
	pg->nheld++;
	return true;
}

/* Removes id from the held tables; whether it was there. */
static bool held_remove(qv__store *s, const char *id)
{
	struct qv__pg *pg = qv__pg_of(s);
	qv__pg_held *h = qv__pg_held_find(s, id);
	if (!h)
		return false;
	size_t i = (size_t)(h - pg->held);
	memmove(h, h + 1, sizeof *h * ((size_t)pg->nheld - i - 1));
	pg->nheld--;
	return true;
}

/* Remembers that id was lost, for qv__store_lost (nothing when out of memory: its next write
 * fails again and says so). */
static void lost_add(qv__store *s, const char *id)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (pg->nlost == pg->caplost) {
		int cap = pg->caplost ? pg->caplost * 2 : 16;
		char(*grown)[17] = realloc(pg->lost, sizeof *grown * (size_t)cap);
		if (!grown)
			return;
		pg->lost = grown;
		pg->caplost = cap;
	}
	qv_copy(pg->lost[pg->nlost++], 17, id);
}

/* Runs statement `which` (PG_LOCK or PG_UNLOCK) on key: its boolean result, 1 or 0, or -1
 * when it failed (with why). */
static int lock_call(qv__store *s, int which, long long key, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, key);
	PGresult *r = NULL;
	if (qv__pg_run(&qv__pg_of(s)->own, which, &a, &r, NULL, "locking a table", err))
		return -1;
	int yes = PQntuples(r) == 1 && strcmp(qv__pg_str(r, 0, 0), "t") == 0;
	PQclear(r);
	return yes;
}

qv_status qv__pg_not_held(qv__store *s, const char *id, qv_err *err)
{
	/* a table in memory here that this process does not hold: the server lets it go */
	lost_add(s, id);
	return qv_fail(err, QV_ESTATE,
	               "table %s is played by another process now: connect again to reach it", id);
}

qv_status qv__pg_fenced(qv__store *s, const char *id, qv_err *err)
{
	held_remove(s, id);
	return qv__pg_not_held(s, id, err);
}

long long qv__pg_epoch(qv__store *s, const char *id, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	pthread_mutex_lock(&pg->mem);
	const qv__pg_held *held = qv__pg_held_find(s, id);
	long long epoch = held ? held->epoch : 0;
	if (!held)
		qv__pg_not_held(s, id, err);
	pthread_mutex_unlock(&pg->mem);
	return epoch;
}

qv_status qv__pg_lose(qv__store *s, const char *id, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	pthread_mutex_lock(&pg->mem);
	qv_status rc = qv__pg_fenced(s, id, err);
	pthread_mutex_unlock(&pg->mem);
	return rc;
}

/* The first held table after `after` ("": the first) still to be locked again in this session,
 * into id; false when none is left. Under pg->mem. */
static bool next_to_relock(qv__store *s, const char *after, char id[17])
{
	struct qv__pg *pg = qv__pg_of(s);
	for (int i = 0; i < pg->nheld; i++)
		if (pg->held[i].relock && strcmp(pg->held[i].id, after) > 0) {
			qv_copy(id, 17, pg->held[i].id);
			return true;
		}
	return false;
}

void qv__pg_relock(qv__store *s)
{
	struct qv__pg *pg = qv__pg_of(s);
	qv_err why;
	/* a connection found dead is made again at once: its session's locks went with it */
	if (PQstatus(pg->own.conn) != CONNECTION_OK && qv__pg_ready(&pg->own, &why))
		return;
	pthread_mutex_lock(&pg->mem);
	bool relock = pg->relock;
	pthread_mutex_unlock(&pg->mem);
	if (!relock || qv__pg_ready(&pg->own, &why))
		return;
	pthread_mutex_lock(&pg->mem);
	pg->relock = false;
	pg->sweeper = false;
	char id[17] = "";
	while (next_to_relock(s, id, id)) {
		/* the statement without pg->mem: a write's epoch is read meanwhile */
		pthread_mutex_unlock(&pg->mem);
		qv_err err;
		int got = lock_call(s, PG_LOCK, qv__pg_key(id), &err);
		pthread_mutex_lock(&pg->mem);
		qv__pg_held *h = qv__pg_held_find(s, id);
		if (got == -1) {
			/* no answer: the table is still this process's; again at the next call */
			pg->relock = true;
			break;
		}
		if (got == 1 && h) {
			h->relock = false;
		} else if (h) {
			qv__pg_fenced(s, id, &err); /* another process took it meanwhile: lost */
		} else if (got == 1) {
			/* let go meanwhile: its lock is not this session's to keep */
			pthread_mutex_unlock(&pg->mem);
			lock_call(s, PG_UNLOCK, qv__pg_key(id), &err);
			pthread_mutex_lock(&pg->mem);
		}
	}
	pthread_mutex_unlock(&pg->mem);
}

/* Under the lock: the table's lock taken, its epoch raised; 1, 0 (held elsewhere), -2 (no such
 * table) or -1. */
static int take(qv__store *s, const char *id, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (qv__pg_ready(&pg->own, err))
		return -1;
	long long key = qv__pg_key(id);
	int locked = lock_call(s, PG_LOCK, key, err);
	if (locked != 1)
		return locked;
	qv__pg_args a = {0};
	qv__pg_text(&a, id);
	PGresult *r = NULL;
	qv_status rc = qv__pg_run(&pg->own, PG_TAKE, &a, &r, NULL, "taking a table", err);
	bool none = !rc && PQntuples(r) != 1;
	if (none)
		rc = qv_fail(err, QV_ESTATE, "no table %s", id);
	pthread_mutex_lock(&pg->mem);
	if (!rc && !qv__pg_held_add(s, id, qv__pg_ll(r, 0, 0), qv__pg_ll(r, 0, 1)))
		rc = qv_fail(err, QV_ENOMEM, "out of memory taking a table");
	pthread_mutex_unlock(&pg->mem);
	PQclear(r);
	if (rc) {
		qv_err why;
		lock_call(s, PG_UNLOCK, key, &why);
		return none ? -2 : -1;
	}
	return 1;
}

/* Whether this process holds table id (pg->mem). */
static bool held_now(qv__store *s, const char *id)
{
	struct qv__pg *pg = qv__pg_of(s);
	pthread_mutex_lock(&pg->mem);
	bool yes = qv__pg_held_find(s, id) != NULL;
	pthread_mutex_unlock(&pg->mem);
	return yes;
}

int qv__pg_own(qv__store *s, const char *id, qv_err *err)
{
	if (held_now(s, id))
		return 1;
	if (!qv__pg_own_lock(s)) {
		qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
		return -1;
	}
	qv__pg_relock(s);
	int got = held_now(s, id) ? 1 : take(s, id, err);
	pthread_mutex_unlock(&qv__pg_of(s)->lock);
	return got;
}

int qv__pg_nheld(qv__store *s)
{
	struct qv__pg *pg = qv__pg_of(s);
	pthread_mutex_lock(&pg->mem);
	int n = pg->nheld;
	pthread_mutex_unlock(&pg->mem);
	return n;
}

bool qv__pg_holds(qv__store *s, const char *id) { return held_now(s, id); }

void qv__pg_let_go(qv__store *s, const char *id)
{
	struct qv__pg *pg = qv__pg_of(s);
	qv_err err;
	/* Let go even when it was lost: its lock may still be this session's. */
	pthread_mutex_lock(&pg->mem);
	held_remove(s, id);
	pthread_mutex_unlock(&pg->mem);
	if (PQstatus(pg->own.conn) == CONNECTION_OK && !qv__pg_ready(&pg->own, &err))
		lock_call(s, PG_UNLOCK, qv__pg_key(id), &err);
}

void qv__pg_disown(qv__store *s, const char *id)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (qv__pg_own_lock(s)) {
		qv__pg_let_go(s, id);
		pthread_mutex_unlock(&pg->lock);
		return;
	}
	/* the owner's connection busy past the timeout (a database that hangs): forgotten here
	 * at once, its lock given back when that session ends or is made again (relock takes only
	 * what is held) */
	pthread_mutex_lock(&pg->mem);
	held_remove(s, id);
	pthread_mutex_unlock(&pg->mem);
}

int qv__pg_lost(qv__store *s, char (*ids)[17], int max)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (qv__pg_own_lock(s)) {
		qv__pg_relock(s);
		pthread_mutex_unlock(&pg->lock);
	}
	pthread_mutex_lock(&pg->mem);
	int n = pg->nlost < max ? pg->nlost : max;
	if (n > 0) {
		memcpy(ids, pg->lost, sizeof *ids * (size_t)n);
		memmove(pg->lost, pg->lost + n, sizeof *ids * (size_t)(pg->nlost - n));
		pg->nlost -= n;
	}
	pthread_mutex_unlock(&pg->mem);
	return n;
}

int qv__pg_orphans(qv__store *s, char (*ids)[17], int max)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (!qv__pg_own_lock(s))
		return 0;
	qv_err err;
	int n = 0;
	if (!qv__pg_ready(&pg->own, &err)) {
		qv__pg_args a = {0};
		qv__pg_int(&a, max);
		PGresult *r = NULL;
		if (!qv__pg_run(&pg->own, PG_ORPHANS, &a, &r, NULL, "finding tables nobody plays",
		                &err)) {
			for (int i = 0; i < PQntuples(r) && n < max; i++)
				qv_copy(ids[n++], 17, qv__pg_str(r, i, 0));
			PQclear(r);
		}
		/* the sweeper also forgets old news, and what was published of tables that ended
		 * or are gone (their process died before it withdrew them) */
		qv__pg_args b = {0};
		qv__pg_real(&b, qv_wall() - NEWS_KEEP);
		qv__pg_run(&pg->own, PG_NEWS_EXPIRE, &b, NULL, NULL, "forgetting old news", &err);
		qv__pg_run(&pg->own, PG_LIVE_EXPIRE, NULL, NULL, NULL, "forgetting ended tables",
		           &err);
	}
	pthread_mutex_unlock(&pg->lock);
	return n;
}

int qv__pg_lease(qv__store *s, double lapse)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (!qv__pg_own_lock(s))
		return -1;
	qv_err err;
	int ended = -1;
	qv__pg_relock(s);
	if (!qv__pg_ready(&pg->own, &err)) {
		qv__pg_args a = {0};
		qv__pg_real(&a, lapse);
		PGresult *r = NULL;
		if (!qv__pg_run(&pg->own, PG_LEASE, &a, &r, NULL, "keeping this process's lease",
		                &err)) {
			ended = (int)qv__pg_ll(r, 0, 0);
			PQclear(r);
		}
	}
	pthread_mutex_unlock(&pg->lock);
	return ended;
}

bool qv__pg_elect(qv__store *s)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (!qv__pg_own_lock(s))
		return false;
	qv_err err;
	qv__pg_relock(s);
	pthread_mutex_lock(&pg->mem);
	bool was = pg->sweeper;
	pthread_mutex_unlock(&pg->mem);
	bool yes =
	    was || (!qv__pg_ready(&pg->own, &err) && lock_call(s, PG_LOCK, SWEEP_KEY, &err) == 1);
	pthread_mutex_lock(&pg->mem);
	pg->sweeper = yes;
	pthread_mutex_unlock(&pg->mem);
	pthread_mutex_unlock(&pg->lock);
	return yes;
}

qv_status qv__pg_notify(qv__store *s, const char *payload, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	qv__pg_args a = {0};
	qv__pg_text(&a, payload);
	if (!qv__pg_own_lock(s))
		return qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
	qv_status rc = qv__pg_ready(&pg->own, err);
	if (!rc)
		rc = qv__pg_run(&pg->own, PG_NOTIFY, &a, NULL, NULL, "telling the other processes",
		                err);
	pthread_mutex_unlock(&pg->lock);
	return rc;
}

long long qv__pg_news_add(qv__store *s, const char *player, const char *frame, const char *origin)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, player);
	qv__pg_text(&a, frame);
	qv__pg_text(&a, origin);
	qv__pg_real(&a, qv_wall());
	long long id = 0;
	qv__pg_conn *c = qv__pg_take(s);
	qv_err err;
	PGresult *r = NULL;
	if (!qv__pg_ready(c, &err) &&
	    !qv__pg_run(c, PG_NEWS_ADD, &a, &r, NULL, "keeping a player's news", &err)) {
		id = PQntuples(r) == 1 ? qv__pg_ll(r, 0, 0) : 0;
		PQclear(r);
	}
	qv__pg_give(c);
	return id;
}

/* One page of news after `after` (after < 0: the last id there is), read on a connection of the
 * pool: the result, or NULL when the database failed. */
static PGresult *news_page(qv__store *s, long long after, const char *origin)
{
	qv_err err;
	qv__pg_args a = {0};
	qv__pg_int(&a, after);
	qv__pg_text(&a, origin);
	PGresult *r = NULL;
	qv__pg_conn *c = qv__pg_take(s);
	if (qv__pg_ready(c, &err) ||
	    qv__pg_run(c, after < 0 ? PG_NEWS_LAST : PG_NEWS_SINCE, after < 0 ? NULL : &a, &r, NULL,
	               "reading the players' news", &err))
		r = NULL;
	qv__pg_give(c);
	return r;
}

long long qv__pg_news_since(qv__store *s, long long after, const char *origin,
                            void (*fn)(void *ctx, const char *player, const char *frame), void *ctx)
{
	long long last = after;
	int rows;
	do {
		PGresult *r = news_page(s, last, origin);
		if (!r)
			return -1;
		rows = PQntuples(r);
		if (after < 0) {
			last = rows == 1 ? qv__pg_ll(r, 0, 0) : 0;
			rows = 0;
		}
		/* with no connection taken: fn may call the store */
		for (int i = 0; i < rows; i++) {
			last = qv__pg_ll(r, i, 0);
			fn(ctx, qv__pg_str(r, i, 1), qv__pg_str(r, i, 2));
		}
		PQclear(r);
	} while (rows == NEWS_PAGE);
	return last;
}
