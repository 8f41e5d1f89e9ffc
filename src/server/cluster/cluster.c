/*
 * cluster.c - what one process of a site on PostgreSQL hears from the others and does about it
 * (cluster.h): tables let go on request or when lost, orphans taken by the elected process, and
 * players' news from other processes told to this one's channels. Everything runs on the
 * store's listener thread, one event at a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/base/token.h"
#include "server/cluster/cluster.h"
#include "server/players/follows.h"
#include "server/store/owners.h"
#include "server/ws/channel.h"
#include "server/ws/ws.h"

/* The most orphans looked at, and tables lost, in one tick. */
#define BATCH 64

/* A table seen without a process, since when. */
typedef struct orphan {
	char id[17];
	double since;
} orphan;

/* A table another process asked for, when ("release ID"; QV__WANTED_GRACE). */
typedef struct wanted {
	char id[17];
	double at;
} wanted;

/* A table as this process last published it (qv__store_live_sync). */
typedef struct published {
	char id[17];
	long long iv;
} published;

struct qv__cluster {
	char origin[17];    /* this process in the news it keeps (its boot's random) */
	long long news;     /* the last piece of news read */
	orphan seen[BATCH]; /* the orphans of the last tick */
	int nseen;
	published *pub; /* its tables not over as last published, sorted by id */
	int npub;
	int ticks;          /* since it started */
	wanted want[BATCH]; /* the tables asked for lately, a ring */
	int nwant;
};

/* Lets table id go: out of the registry, its sockets closed with 1012. */
static void let_go(qv__server *srv, const char *id, const char *why)
{
	qv__table *t = qv__server_release(srv, id);
	if (!t)
		return;
	qv__oplog(QV__INFO, "table %s let go: %s", id, why);
	qv__ws_moved(t);
	qv__table_unref(t);
}

/* One piece of another process's news, told to this process's channels of the player. */
static void heard(void *ctx, const char *player, const char *frame)
{
	json_t *f = json_loads(frame, 0, NULL);
	if (f)
		qv__chan_deliver(ctx, player, f);
	json_decref(f);
}

static void read_news(qv__server *srv)
{
	struct qv__cluster *cl = srv->cluster;
	long long last = qv__store_news_since(srv->store, cl->news, cl->origin, heard, srv);
	if (last >= 0)
		cl->news = last;
}

/* Table id was asked for by some process: remembered for QV__WANTED_GRACE s. */
static void want(struct qv__cluster *cl, const char *id)
{
	wanted *w = &cl->want[cl->nwant++ % BATCH];
	qv_copy(w->id, sizeof w->id, id);
	w->at = qv_mono();
}

/* Whether some process asked for table id in the last QV__WANTED_GRACE s. */
static bool wanted_lately(const struct qv__cluster *cl, const char *id, double t0)
{
	for (int i = 0; i < BATCH; i++)
		if (cl->want[i].id[0] && t0 - cl->want[i].at < QV__WANTED_GRACE &&
		    strcmp(cl->want[i].id, id) == 0)
			return true;
	return false;
}

/* The elected process takes the tables that have had no process for QV__ORPHAN_GRACE s, and
 * that no process asked for in the last QV__WANTED_GRACE s. */
static void adopt(qv__server *srv)
{
	struct qv__cluster *cl = srv->cluster;
	char ids[BATCH][17];
	int n = qv__store_elect(srv->store) ? qv__store_orphans(srv->store, ids, BATCH) : 0;
	orphan now[BATCH];
	double t0 = qv_mono();
	for (int i = 0; i < n; i++) {
		qv_copy(now[i].id, sizeof now[i].id, ids[i]);
		now[i].since = t0;
		for (int k = 0; k < cl->nseen; k++)
			if (strcmp(cl->seen[k].id, ids[i]) == 0)
				now[i].since = cl->seen[k].since;
		if (t0 - now[i].since < QV__ORPHAN_GRACE || wanted_lately(cl, ids[i], t0))
			continue;
		qv__table *t = qv__server_adopt(srv, ids[i]);
		if (t)
			qv__oplog(QV__INFO, "table %s taken: no process played it", ids[i]);
		qv__table_unref(t);
	}
	memcpy(cl->seen, now, sizeof *now * (size_t)n);
	cl->nseen = n;
}

static int by_id(const void *a, const void *b)
{
	return strcmp(((const published *)a)->id, ((const published *)b)->id);
}

/* What changed of t since it was last published into put[*nput] (its info's text in *text),
 * and t as it is now into now[*nnow]; nothing for a finished table. */
static void look_at(struct qv__cluster *cl, qv__table *t, published *now, int *nnow,
                    qv__live_row *put, char **text, int *nput)
{
	qv__table_lock(t);
	if (t->status != QV__OVER) {
		published *p = &now[(*nnow)++];
		qv_copy(p->id, sizeof p->id, t->id);
		p->iv = t->iv;
		published *was =
		    cl->npub ? bsearch(p, cl->pub, (size_t)cl->npub, sizeof *p, by_id) : NULL;
		bool changed = !was || was->iv != t->iv;
		json_t *info = changed ? qv__table_info_locked(t) : NULL;
		char *s = info ? json_dumps(info, JSON_COMPACT) : NULL;
		json_decref(info);
		if (s) {
			put[*nput] = (qv__live_row){.listed = qv__table_listed_locked(t),
			                            .created = t->created,
			                            .iv = t->iv,
			                            .info = s};
			qv_copy(put[*nput].id, sizeof put[*nput].id, t->id);
			text[(*nput)++] = s;
		} else if (changed) {
			p->iv = -1; /* out of memory: published again next time */
		}
	}
	qv__table_unlock(t);
}

/* Publishes the tables of this process whose info changed since the last tick, and withdraws
 * those it let go or that ended: the lobby and the players' lists of the other processes. */
static void publish(qv__server *srv)
{
	struct qv__cluster *cl = srv->cluster;
	qv__table **list;
	int n = qv__server_list(srv, &list, true);
	size_t k = (size_t)(n ? n : 1), d = (size_t)(cl->npub ? cl->npub : 1);
	published *now = malloc(sizeof *now * k);
	qv__live_row *put = malloc(sizeof *put * k);
	char **text = malloc(sizeof *text * k), (*drop)[17] = malloc(sizeof *drop * d);
	int nnow = 0, nput = 0, ndrop = 0;
	for (int i = 0; i < n; i++) {
		if (now && put && text && drop)
			look_at(cl, list[i], now, &nnow, put, text, &nput);
		qv__table_unref(list[i]);
	}
	free(list);
	if (now && put && text && drop) {
		qsort(now, (size_t)nnow, sizeof *now, by_id);
		for (int i = 0; i < cl->npub; i++)
			if (!bsearch(&cl->pub[i], now, (size_t)nnow, sizeof *now, by_id))
				qv_copy(drop[ndrop++], 17, cl->pub[i].id);
		qv_err err;
		if (qv__store_live_sync(srv->store, cl->origin, put, nput, (const char(*)[17])drop,
		                        ndrop, &err) == QV_OK) {
			free(cl->pub);
			cl->pub = now;
			cl->npub = nnow;
			now = NULL;
		}
	}
	for (int i = 0; text && i < nput; i++)
		free(text[i]);
	free(now);
	free(put);
	free(text);
	free(drop);
}

/* Another process came back, its id prefix `prefix` ("" for none): the tables this one read
 * back while they were in play (from a process that died, most of them) are let go, their
 * pages connect again, and HAProxy sends each to the process its id hashes to now, the one back
 * among them. So are the tables born at the one back (its prefix), however this one came to
 * hold them: HAProxy sends those to it again, and one asked for while their process was dying
 * (its lock not yet freed, so that the asking looked like HAProxy's choice) would otherwise
 * stay here for good, its page talking to a process HAProxy no longer sends it to. */
static void welcome(qv__server *srv, const char *prefix)
{
	qv__table **list;
	int n = qv__server_list(srv, &list, true);
	size_t np = strlen(prefix);
	for (int i = 0; i < n; i++) {
		qv__table_lock(list[i]);
		char id[QV__ID_LEN + 1];
		qv_copy(id, sizeof id, list[i]->id);
		bool born_there = np > 0 && strncmp(id, prefix, np) == 0;
		bool go = (list[i]->moved_in || born_there) && list[i]->status != QV__OVER;
		qv__table_unlock(list[i]);
		qv__table_unref(list[i]);
		if (go)
			let_go(srv, id, "a process of the site came back");
	}
	free(list);
}

/* Saves the running clocks of this process's tables not saved for QV__CLOCK_KEEP s or more
 * (QV__CLOCK_KEEP_DAYS for a days clock): every save of a table saves its clocks and marks it
 * active (table.c), a move's as well. */
static void keep_clocks(qv__server *srv)
{
	qv__table **list;
	int n = qv__server_list(srv, &list, true);
	for (int i = 0; i < n; i++) {
		qv__table *t = list[i];
		qv__table_lock(t);
		qv_err err;
		double every =
		    t->clock.kind == QV__CLOCK_DAYS ? QV__CLOCK_KEEP_DAYS : QV__CLOCK_KEEP;
		if (t->status == QV__PLAYING && qv__clock_deadline(&t->clock) > 0 &&
		    qv_wall() - t->active >= every && qv__table_keep_clocks_locked(t, &err))
			qv__oplog(QV__WARN, "table %s: %s", t->id, err.msg);
		qv__table_unlock(t);
		qv__table_unref(t);
	}
	free(list);
}

static void tick(qv__server *srv)
{
	struct qv__cluster *cl = srv->cluster;
	/* Back: told twice, once HAProxy may have seen it up (two checks a second apart in
	 * docs/deploy/haproxy-cluster.cfg), and later for a slower check. */
	cl->ticks++;
	if (cl->ticks == QV__BACK_FIRST || cl->ticks == QV__BACK_AGAIN) {
		char payload[32];
		snprintf(payload, sizeof payload, "back %s %s", cl->origin,
		         qv__table_id_own_prefix());
		qv_err err;
		if (qv__store_notify(srv->store, payload, &err))
			qv__oplog(QV__WARN, "%s", err.msg);
	}
	int ended = qv__store_lease(srv->store, QV__LEASE);
	if (ended > 0)
		qv__oplog(QV__WARN,
		          "ended %d database session%s of processes silent for %d s or more: their "
		          "tables are taken once %d s without a process",
		          ended, ended == 1 ? "" : "s", QV__LEASE, QV__ORPHAN_GRACE);
	char ids[BATCH][17];
	int n = qv__store_lost(srv->store, ids, BATCH);
	for (int i = 0; i < n; i++)
		let_go(srv, ids[i], "another process took it");
	adopt(srv);
	publish(srv);
	keep_clocks(srv);
	if (cl->ticks % QV__PRESENCE_EVERY == 1)
		qv__follows_presence(srv);
}

/* "back ORIGIN PREFIX" (PREFIX "" for none; a process of an earlier version says
 * "back ORIGIN"): another process came back, unless ORIGIN is this one. */
static void back(qv__server *srv, const char *said)
{
	size_t n = strlen(srv->cluster->origin);
	if (strncmp(said, srv->cluster->origin, n) == 0 && (said[n] == '\0' || said[n] == ' '))
		return;
	const char *prefix = strchr(said, ' ');
	prefix = prefix ? prefix + 1 : "";
	welcome(srv, strlen(prefix) <= QV__ID_PREFIX_MAX ? prefix : "");
}

static void on_event(void *ctx, const char *payload)
{
	qv__server *srv = ctx;
	if (!payload)
		tick(srv);
	else if (!payload[0] || strncmp(payload, "news ", 5) == 0)
		read_news(srv);
	else if (strncmp(payload, "release ", 8) == 0 && qv__table_id_valid(payload + 8)) {
		want(srv->cluster, payload + 8);
		let_go(srv, payload + 8, "another process was asked for it");
	} else if (strncmp(payload, "back ", 5) == 0)
		back(srv, payload + 5);
}

qv_status qv__cluster_start(qv__server *srv, qv_err *err)
{
	if (!qv__store_shared(srv->store))
		return QV_OK;
	struct qv__cluster *cl = calloc(1, sizeof *cl);
	if (!cl)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	qv__server_origin(srv, cl->origin);
	cl->news = qv__store_news_since(srv->store, -1, cl->origin, heard, srv);
	if (cl->news < 0)
		cl->news = 0;
	srv->cluster = cl;
	qv_status rc = qv__store_listen(srv->store, on_event, srv, err);
	if (rc) {
		srv->cluster = NULL;
		free(cl);
	}
	return rc;
}

void qv__cluster_stop(qv__server *srv)
{
	if (!srv || !srv->cluster)
		return;
	qv__store_listen_stop(srv->store);
	free(srv->cluster->pub);
	free(srv->cluster);
	srv->cluster = NULL;
}
