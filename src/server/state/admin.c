/*
 * admin.c - the running server's side of `quiver admin` (admin.h): the banned addresses kept in
 * memory, and a thread that reads the audit's new lines and does what they ask. On a site of
 * several processes (PostgreSQL), each process says when it has read the bans again ("bans
 * LINE NAME" to the others' listeners: every line up to LINE in force here, NAME its
 * application name), so that `quiver admin ban` answers once every running process refuses the
 * address, or names those that did not.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/addr.h"
#include "server/base/oplog.h"
#include "server/state/admin.h"
#include "server/state/server.h"
#include "server/store/owners.h"
#include "server/store/store.h"
#include "server/table/table.h"

/* A banned address with its reason. */
typedef struct ban {
	char addr[QV__ADDR_TEXT];
	char why[256];
} ban;

/* The lines of the audit read at most at once. */
#define BATCH 64

/* One line of the audit as a server does it. */
typedef struct order {
	long long id;
	char action[16];
	char target[128];
	char reason[QV__ENDED_WHY];
	bool done; /* done already (by another process, or before this one started) */
} order;

struct qv__admin {
	qv__server *srv;
	pthread_mutex_t lock; /* guards bans */
	ban *bans;            /* sorted by addr */
	int nbans;
	long long after; /* the last line of the audit read */
	bool failing;    /* the last poll failed (logged once) */
	pthread_t thread;
	bool running, stop;
	pthread_mutex_t stop_lock;
	pthread_cond_t stop_cond;
};

static int by_addr(const void *a, const void *b)
{
	return strcmp(((const ban *)a)->addr, ((const ban *)b)->addr);
}

/* ---- the bans ---- */

typedef struct ban_list {
	ban *list;
	int n, cap;
	bool nomem;
} ban_list;

static qv_status ban_row(void *ctx, int n, const char *const *v)
{
	ban_list *l = ctx;
	if (n < 2 || !v[0])
		return QV_OK;
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 16;
		ban *grown = realloc(l->list, (size_t)cap * sizeof *grown);
		if (!grown) {
			l->nomem = true;
			return QV_ENOMEM;
		}
		l->list = grown;
		l->cap = cap;
	}
	qv_copy(l->list[l->n].addr, sizeof l->list[l->n].addr, v[0]);
	qv_copy(l->list[l->n].why, sizeof l->list[l->n].why, v[1] ? v[1] : "");
	l->n++;
	return QV_OK;
}

/* Reads the bans again, and puts them in place of those kept; nothing changes on a failure. */
static qv_status load_bans(qv__admin *a, qv_err *err)
{
	ban_list l = {0};
	qv_status rc = qv__store_query(a->srv->store, "SELECT addr, reason FROM bans", 0, NULL,
	                               ban_row, &l, err);
	if (l.nomem)
		rc = qv_fail(err, QV_ENOMEM, "out of memory reading the bans");
	if (rc) {
		free(l.list);
		return rc;
	}
	if (l.n > 1)
		qsort(l.list, (size_t)l.n, sizeof *l.list, by_addr);
	pthread_mutex_lock(&a->lock);
	free(a->bans);
	a->bans = l.list;
	a->nbans = l.n;
	pthread_mutex_unlock(&a->lock);
	return QV_OK;
}

bool qv__admin_banned(qv__admin *a, const char *addr, char *why, size_t len)
{
	if (!a)
		return false;
	ban key;
	qv_copy(key.addr, sizeof key.addr, addr);
	pthread_mutex_lock(&a->lock);
	const ban *found =
	    a->nbans ? bsearch(&key, a->bans, (size_t)a->nbans, sizeof *a->bans, by_addr) : NULL;
	if (found)
		qv_copy(why, len, found->why);
	pthread_mutex_unlock(&a->lock);
	return found != NULL;
}

/* ---- suspensions ---- */

typedef struct first_text {
	bool found;
	char text[QV__ENDED_WHY];
} first_text;

static qv_status first_row(void *ctx, int n, const char *const *v)
{
	first_text *f = ctx;
	if (!f->found && n > 0) {
		f->found = true;
		qv_copy(f->text, sizeof f->text, v[0] ? v[0] : "");
	}
	return QV_OK;
}

int qv__admin_suspended(qv__store *s, long long account, char *why, size_t len)
{
	char id[24];
	snprintf(id, sizeof id, "%lld", account);
	const char *args[] = {id};
	first_text f = {0};
	qv_err err;
	if (qv__store_query(s, "SELECT coalesce(reason, '') FROM suspensions WHERE account = $1", 1,
	                    args, first_row, &f, &err)) {
		qv__oplog(QV__WARN, "reading the suspensions: %s", err.msg);
		return -1;
	}
	qv_copy(why, len, f.found ? f.text : "");
	return f.found ? 1 : 0;
}

/* ---- the audit's lines ---- */

typedef struct order_list {
	order list[BATCH];
	int n;
} order_list;

static qv_status order_row(void *ctx, int n, const char *const *v)
{
	order_list *l = ctx;
	if (n < 5 || l->n == BATCH || !v[0])
		return QV_OK;
	order *o = &l->list[l->n++];
	o->id = atoll(v[0]);
	qv_copy(o->action, sizeof o->action, v[1] ? v[1] : "");
	qv_copy(o->target, sizeof o->target, v[2] ? v[2] : "");
	qv_copy(o->reason, sizeof o->reason, v[3] ? v[3] : "");
	o->done = v[4] != NULL;
	return QV_OK;
}

/* Marks line o done with what it did (unless another process did first). */
static void mark_done(qv__admin *a, const order *o, const char *outcome)
{
	char at[32], id[24];
	snprintf(at, sizeof at, "%.3f", qv_wall());
	snprintf(id, sizeof id, "%lld", o->id);
	const char *args[] = {at, outcome, id};
	qv_err err;
	if (qv__store_run(a->srv->store,
	                  "UPDATE audit SET done = $1, outcome = $2 WHERE id = $3 AND done IS NULL",
	                  3, args, &err))
		qv__oplog(QV__WARN, "admin: line %lld of the audit done, not marked: %s", o->id,
		          err.msg);
}

/* Whether the store has table id: 1, 0, or -1 when the database failed. */
static int table_exists(qv__admin *a, const char *id)
{
	const char *args[] = {id};
	first_text f = {0};
	qv_err err;
	if (qv__store_query(a->srv->store, "SELECT id FROM tables WHERE id = $1", 1, args,
	                    first_row, &f, &err))
		return -1;
	return f.found ? 1 : 0;
}

/* end TABLE and hide "TABLE LINE": done by the process that holds the table. */
static void table_order(qv__admin *a, const order *o)
{
	char id[QV__ID_LEN + 1] = "";
	long long line = 0;
	bool hide = strcmp(o->action, "hide") == 0;
	if (hide)
		sscanf(o->target, "%16s %lld", id, &line);
	else
		qv_copy(id, sizeof id, o->target);
	/* The table this process holds, or may take (one no process holds, on PostgreSQL); a
	 * table another process holds is that one's to do (the line is read again at every
	 * poll until it is done). */
	qv__table *t = qv__table_id_valid(id) ? qv__server_find(a->srv, id, NULL) : NULL;
	if (!t) {
		if (table_exists(a, id) == 0)
			mark_done(a, o, "no such table");
		return;
	}
	qv_err err;
	qv_status rc =
	    hide ? qv__table_hide_chat(t, line, &err) : qv__table_close(t, o->reason, &err);
	if (!rc && hide)
		a->srv->broadcast(a->srv, t);
	else if (!rc)
		qv__server_changed(a->srv, t); /* told, and let go once over */
	const char *outcome = rc ? err.msg : hide ? "hidden" : "ended";
	qv__oplog(QV__INFO, "admin: %s %s: %s", o->action, o->target, outcome);
	qv__table_unref(t);
	mark_done(a, o, outcome);
}

/* suspend USERNAME: its sessions end (again: quiver admin ended them, but a sign-in may have
 * come between), and its players' channels on this process close. */
static void suspend_order(qv__admin *a, const order *o)
{
	const char *args[] = {o->target};
	first_text f = {0};
	qv_err err;
	if (qv__store_query(a->srv->store, "SELECT id FROM accounts WHERE username = $1", 1, args,
	                    first_row, &f, &err)) {
		qv__oplog(QV__WARN, "admin: suspend %s: %s", o->target, err.msg);
		return;
	}
	if (!f.found) {
		mark_done(a, o, "no such account");
		return;
	}
	const char *id[] = {f.text};
	if (qv__store_run(a->srv->store, "DELETE FROM sessions WHERE account = $1", 1, id, &err))
		qv__oplog(QV__WARN, "admin: suspend %s: %s", o->target, err.msg);
	long long account = atoll(f.text);
	if (account > 0) /* 0 would close every account's channels */
		a->srv->chan_close(a->srv, account, NULL,
		                   "the account was suspended by the site's operator");
	mark_done(a, o, "its sessions ended");
}

/* Whether line o bans or unbans an address. */
static bool is_ban(const order *o)
{
	return strcmp(o->action, "ban") == 0 || strcmp(o->action, "unban") == 0;
}

/* Does line o; `starting`: the lines read as the server starts, of which those done already
 * are history. A ban's line comes after the bans were read again. */
static void do_order(qv__admin *a, const order *o, bool starting)
{
	if (is_ban(o)) {
		if (!o->done)
			mark_done(a, o,
			          strcmp(o->action, "ban") == 0 ? "refused from now on"
			                                        : "served again");
	} else if (strcmp(o->action, "suspend") == 0) {
		/* every process closes its channels of the account */
		if (!o->done || !starting)
			suspend_order(a, o);
	} else if (strcmp(o->action, "unsuspend") == 0) {
		if (!o->done)
			mark_done(a, o, "may sign in again");
	} else if ((strcmp(o->action, "end") == 0 || strcmp(o->action, "hide") == 0) && !o->done) {
		table_order(a, o);
	}
}

/* Says to the other processes (and `quiver admin`) that every line of the audit up to the last
 * read is in force here: "bans LINE NAME" (nothing on a store of one process). */
static void say_applied(qv__admin *a)
{
	if (!qv__store_shared(a->srv->store))
		return;
	char payload[128];
	snprintf(payload, sizeof payload, "bans %lld %s", a->after, qv__store_application_name());
	qv_err err;
	if (qv__store_notify(a->srv->store, payload, &err))
		qv__oplog(QV__WARN, "admin: telling that the bans are read: %s", err.msg);
}

/* Reads the audit's lines after the last read into l: the new lines, and those of tables not
 * done yet (held by another process, which does them, or by none: one of the processes takes
 * the table). The bans are read again first when a line bans or unbans (*bans), so that
 * `quiver admin`, told it is done, finds it in force here. */
static qv_status read_lines(qv__admin *a, order_list *l, bool *bans, qv_err *err)
{
	char after[24];
	snprintf(after, sizeof after, "%lld", a->after);
	const char *args[] = {after};
	qv_status rc =
	    qv__store_query(a->srv->store,
	                    "SELECT id, action, target, reason, done FROM audit WHERE id > $1 OR "
	                    "(done IS NULL AND action IN ('end', 'hide')) ORDER BY id LIMIT 64",
	                    1, args, order_row, l, err);
	*bans = false;
	for (int i = 0; !rc && i < l->n; i++)
		*bans = *bans || is_ban(&l->list[i]);
	if (rc || !*bans || (rc = load_bans(a, err)) != QV_OK)
		return rc;
	if (a->srv->close_banned)
		a->srv->close_banned(a->srv); /* its open sockets too */
	return QV_OK;
}

/* Reads and does the audit's lines after the last read; says so when it read the bans again
 * (or starts, having read them). A database that fails is logged once, until it answers again
 * (every line is then read again). */
static void poll_audit(qv__admin *a, bool starting)
{
	bool said = !starting;
	for (;;) {
		order_list *l = calloc(1, sizeof *l);
		qv_err err;
		if (!l)
			return;
		long long before = a->after;
		bool bans = false;
		qv_status rc = read_lines(a, l, &bans, &err);
		said = said && !bans;
		if (rc && !a->failing)
			qv__oplog(QV__WARN, "admin: reading the audit: %s", err.msg);
		else if (!rc && a->failing)
			qv__oplog(QV__INFO, "admin: the audit is read again");
		a->failing = rc != QV_OK;
		for (int i = 0; !rc && i < l->n; i++)
			do_order(a, &l->list[i], starting);
		if (!rc && l->n > 0 && l->list[l->n - 1].id > a->after)
			a->after = l->list[l->n - 1].id;
		int n = rc ? 0 : l->n;
		free(l);
		if (n < BATCH || a->after <= before)
			break;
	}
	if (!said)
		say_applied(a);
}

static void *admin_main(void *arg)
{
	qv__admin *a = arg;
	pthread_mutex_lock(&a->stop_lock);
	while (!a->stop) {
		struct timespec ts = qv_deadline(false, QV__ADMIN_POLL_MS / 1000.0);
		pthread_cond_timedwait(&a->stop_cond, &a->stop_lock, &ts);
		if (a->stop)
			break;
		pthread_mutex_unlock(&a->stop_lock);
		poll_audit(a, false);
		pthread_mutex_lock(&a->stop_lock);
	}
	pthread_mutex_unlock(&a->stop_lock);
	return NULL;
}

qv_status qv__admin_start(qv__server *srv, qv__admin **out, qv_err *err)
{
	*out = NULL;
	qv__admin *a = calloc(1, sizeof *a);
	if (!a)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the operator's tools");
	a->srv = srv;
	pthread_mutex_init(&a->lock, NULL);
	pthread_mutex_init(&a->stop_lock, NULL);
	pthread_cond_init(&a->stop_cond, NULL);
	qv_status rc = load_bans(a, err);
	if (!rc) {
		poll_audit(a, true);
		int e = pthread_create(&a->thread, NULL, admin_main, a);
		if (e)
			rc = qv_fail(err, QV_EIO, "cannot start the operator's tools' thread: %s",
			             strerror(e));
		a->running = e == 0;
	}
	if (rc) {
		qv__admin_stop(a);
		return rc;
	}
	*out = a;
	return QV_OK;
}

void qv__admin_stop(qv__admin *a)
{
	if (!a)
		return;
	if (a->running) {
		pthread_mutex_lock(&a->stop_lock);
		a->stop = true;
		pthread_cond_signal(&a->stop_cond);
		pthread_mutex_unlock(&a->stop_lock);
		pthread_join(a->thread, NULL);
	}
	free(a->bans);
	pthread_mutex_destroy(&a->lock);
	pthread_mutex_destroy(&a->stop_lock);
	pthread_cond_destroy(&a->stop_cond);
	free(a);
}
