/*
 * server.c - starting and stopping `quiver serve`, the registry of tables, and what follows a
 * change at a table: its connections are told, its AI seats and chance events are queued on
 * the worker pool, and a finished table without connections leaves memory.
 */
#include <arpa/inet.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>

#include "server/server.h"

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
	if (t && atomic_fetch_sub(&t->refs, 1) == 1)
		qv__table_free(t);
}

/* ---- the registry -------------------------------------------------------------------------- */

/* Adds t (taking over the caller's reference) without checks; the caller holds reg_lock. */
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

/* Seconds since the epoch. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Their viewers are told why (qv__table_expire_locked). */
void qv__server_sweep(qv__server *srv)
{
	double t0 = now();
	if (t0 - atomic_load(&srv->swept) < 1)
		return;
	qv__table **gone = NULL;
	int ngone = 0;
	pthread_mutex_lock(&srv->reg_lock);
	if (t0 - atomic_load(&srv->swept) >= 1) {
		atomic_store(&srv->swept, t0);
		for (int i = 0; i < srv->ntables; i++) {
			qv__table *t = srv->tables[i];
			qv__table_lock(t);
			bool old =
			    t->status == QV__WAITING && t->created + srv->cfg.waiting_ttl < t0;
			if (old)
				qv__table_expire_locked(t, srv->cfg.waiting_ttl);
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
	pthread_mutex_unlock(&srv->reg_lock);
	for (int i = 0; i < ngone; i++) {
		qv_err err;
		if (qv__store_delete(srv->store, gone[i]->id, &err))
			fprintf(stderr, "quiver serve: %s\n", err.msg);
		qv__ws_broadcast(gone[i]);
		qv__table_unref(gone[i]); /* the registry's */
	}
	free(gone);
}

qv__table *qv__server_find_resident(qv__server *srv, const char *id)
{
	if (!qv__table_id_valid(id))
		return NULL;
	qv__server_sweep(srv);
	pthread_mutex_lock(&srv->reg_lock);
	int i = registry_index(srv, id);
	qv__table *t = i >= 0 ? srv->tables[i] : NULL;
	if (t)
		qv__table_ref(t);
	pthread_mutex_unlock(&srv->reg_lock);
	return t;
}

qv__table *qv__server_find(qv__server *srv, const char *id)
{
	qv__table *t = qv__server_find_resident(srv, id);
	if (!qv__table_id_valid(id) || t)
		return t;

	/* Not in memory: a finished table, read back from the database. */
	void *slot[2] = {srv, NULL};
	qv_err err;
	qv_status rc = qv__store_load_one(srv->store, id, restore_visit, slot, &err);
	if (rc) {
		if (rc != QV_ESTATE)
			fprintf(stderr, "quiver serve: %s\n", err.msg);
		return NULL;
	}
	qv__table *loaded = slot[1];
	pthread_mutex_lock(&srv->reg_lock);
	int i = registry_index(srv, id);
	if (i >= 0) {
		/* Another request read it back first. */
		t = srv->tables[i];
	} else if (registry_put(srv, loaded, &err) == QV_OK) {
		t = loaded;
		loaded = NULL;
	}
	if (t)
		qv__table_ref(t);
	pthread_mutex_unlock(&srv->reg_lock);
	qv__table_unref(loaded);
	if (t)
		qv__server_changed(srv, t); /* queues it if it is not over, lets it go if it is */
	return t;
}

/* Whether the request asks for a seat played by a search. */
static bool asks_search(const json_t *request)
{
	const json_t *seats = json_object_get(request, "seats");
	for (size_t i = 0; i < json_array_size(seats); i++) {
		const char *k = json_string_value(json_array_get(seats, i));
		if (k && qv_agent_level_searches(k))
			return true;
	}
	return false;
}

/* The allowance of addr (the caller holds reg_lock), refilled to the present. */
static qv__rate *rate_of(qv__server *srv, const char *addr, double t0)
{
	qv__rate *r = NULL, *oldest = &srv->rates[0];
	for (int i = 0; i < QV__RATE_SLOTS && !r; i++) {
		qv__rate *x = &srv->rates[i];
		if (strcmp(x->addr, addr) == 0)
			r = x;
		else if (x->at < oldest->at)
			oldest = x;
	}
	double cap = srv->cfg.create_rate;
	if (!r) {
		r = oldest;
		qv_copy(r->addr, sizeof r->addr, addr);
		r->tokens = cap;
		r->at = t0;
	}
	r->tokens += (t0 - r->at) * cap / 60;
	if (r->tokens > cap)
		r->tokens = cap;
	r->at = t0;
	return r;
}

qv_status qv__server_room(qv__server *srv, const char *addr, const json_t *request, int *status,
                          qv_err *err)
{
	qv__server_sweep(srv);
	bool ai = asks_search(request);
	double t0 = now();
	pthread_mutex_lock(&srv->reg_lock);
	int open = 0, mine = 0, mine_ai = 0;
	for (int i = 0; i < srv->ntables; i++) {
		qv__table *t = srv->tables[i];
		qv__table_lock(t);
		bool counts = t->status != QV__OVER;
		bool own = counts && strcmp(t->owner, addr) == 0;
		open += counts;
		mine += own;
		mine_ai += own && t->searches && !t->stuck[0];
		qv__table_unlock(t);
	}
	qv_status rc = QV_OK;
	*status = 429;
	qv__rate *r = rate_of(srv, addr, t0);
	if (open >= srv->cfg.max_tables) {
		*status = 503;
		rc = qv_fail(err, QV_ESTATE,
		             "too many open tables (%d, the server's limit); try again when a "
		             "game has ended",
		             open);
	} else if (mine >= srv->cfg.address_tables) {
		rc = qv_fail(err, QV_ESTATE,
		             "too many open tables from your address: %d of at most %d (the "
		             "server's --address-tables); finish a game or wait for a waiting "
		             "table to expire",
		             mine, srv->cfg.address_tables);
	} else if (ai && mine_ai >= srv->cfg.address_ai_tables) {
		rc = qv_fail(err, QV_ESTATE,
		             "too many tables with AI seats (easy, medium, hard) from your "
		             "address: %d of at most %d (the server's --address-ai-tables); "
		             "finish one first",
		             mine_ai, srv->cfg.address_ai_tables);
	} else if (r->tokens < 1) {
		rc = qv_fail(err, QV_ESTATE,
		             "too many tables created from your address: at most %d a minute "
		             "(the server's --create-rate); try again in %.0f s",
		             srv->cfg.create_rate,
		             (1 - r->tokens) * 60 / srv->cfg.create_rate + 0.5);
	} else {
		r->tokens -= 1;
	}
	pthread_mutex_unlock(&srv->reg_lock);
	return rc;
}

qv_status qv__server_add(qv__server *srv, qv__table *t, qv_err *err)
{
	pthread_mutex_lock(&srv->reg_lock);
	qv_status rc = registry_put(srv, t, err);
	if (!rc)
		qv__table_ref(t); /* the registry's reference; the caller keeps its own */
	pthread_mutex_unlock(&srv->reg_lock);
	return rc;
}

int qv__server_list(qv__server *srv, qv__table ***out)
{
	qv__server_sweep(srv);
	pthread_mutex_lock(&srv->reg_lock);
	qv__table **list = malloc(sizeof *list * (size_t)(srv->ntables ? srv->ntables : 1));
	int n = 0;
	for (int i = 0; list && i < srv->ntables; i++) {
		qv__table *t = srv->tables[i];
		qv__table_lock(t);
		if (!t->private_ && t->status != QV__OVER) {
			qv__table_ref(t);
			list[n++] = t;
		}
		qv__table_unlock(t);
	}
	pthread_mutex_unlock(&srv->reg_lock);
	*out = list;
	return n;
}

/* Returns free memory to the system at most every TRIM_EVERY seconds. */
static void maybe_trim(qv__server *srv)
{
	double t0 = now(), last = atomic_load(&srv->trimmed);
	if (t0 - last >= TRIM_EVERY && atomic_compare_exchange_strong(&srv->trimmed, &last, t0))
		malloc_trim(0);
}

/* Drops a finished table that nobody watches and no worker holds from memory. */
static void maybe_evict(qv__server *srv, qv__table *t)
{
	pthread_mutex_lock(&srv->reg_lock);
	qv__table_lock(t);
	bool go = t->status == QV__OVER && !t->queued && !qv__ws_has_conns_locked(t);
	qv__table_unlock(t);
	int i = go ? registry_index(srv, t->id) : -1;
	if (i >= 0 && srv->tables[i] == t)
		srv->tables[i] = srv->tables[--srv->ntables];
	else
		go = false;
	pthread_mutex_unlock(&srv->reg_lock);
	if (go) {
		qv__table_unref(t);
		maybe_trim(srv);
	}
}

/* ---- the worker pool ------------------------------------------------------------------------ */

/* Queues t on the pool when an AI seat or chance is to move and it is not queued yet. */
static void schedule(qv__server *srv, qv__table *t)
{
	qv__table_lock(t);
	bool go = !t->queued && qv__table_wants_step_locked(t);
	if (go) {
		t->queued = true;
		qv__table_ref(t);
	}
	qv__table_unlock(t);
	if (go)
		qv__pool_push_lane(srv->pool, t, t->owner);
}

/* One step of a queued table on a worker; the table goes back to the end of the queue while
 * it still has AI or chance moves to make, so that tables take turns. */
static void run_step(void *ctx, void *item)
{
	qv__server *srv = ctx;
	qv__table *t = item;
	if (qv__table_step(t))
		qv__ws_broadcast(t);
	qv__table_lock(t);
	bool again = qv__table_wants_step_locked(t);
	if (!again)
		t->queued = false;
	qv__table_unlock(t);
	if (again) {
		qv__pool_push_lane(srv->pool, t, t->owner);
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

void qv__server_changed(qv__server *srv, qv__table *t)
{
	qv__ws_broadcast(t);
	schedule(srv, t);
	maybe_evict(srv, t);
}

/* ---- calls on full-size stacks ------------------------------------------------------------- */

typedef struct call {
	void (*fn)(void *);
	void *arg;
	bool done, ran;
	pthread_mutex_t lock;
	pthread_cond_t cond;
} call;

/* Marks a call finished and wakes its caller. */
static void call_finish(call *k, bool ran)
{
	pthread_mutex_lock(&k->lock);
	k->done = true;
	k->ran = ran;
	pthread_cond_signal(&k->cond);
	pthread_mutex_unlock(&k->lock);
}

static void call_run(void *ctx, void *item)
{
	(void)ctx;
	call *k = item;
	k->fn(k->arg);
	call_finish(k, true);
}

static void call_drop(void *ctx, void *item)
{
	(void)ctx;
	call_finish(item, false);
}

bool qv__server_call(qv__server *srv, void (*fn)(void *arg), void *arg)
{
	call k = {.fn = fn, .arg = arg};
	pthread_mutex_init(&k.lock, NULL);
	pthread_cond_init(&k.cond, NULL);
	qv__pool_push(srv->calls, &k);
	pthread_mutex_lock(&k.lock);
	while (!k.done)
		pthread_cond_wait(&k.cond, &k.lock);
	pthread_mutex_unlock(&k.lock);
	pthread_cond_destroy(&k.cond);
	pthread_mutex_destroy(&k.lock);
	return k.ran;
}

/* ---- start and stop ------------------------------------------------------------------------ */

/* Every unfinished table of the database into the registry. A table that no longer replays
 * (a database from another version of the rules) is left out with a warning. */
static qv_status load_visit(void *ctx, const qv__stored_table *saved, qv_err *err)
{
	qv__server *srv = ctx;
	qv__table *t;
	qv_err why;
	if (qv__table_restore(&t, srv->store, saved, &why)) {
		fprintf(stderr, "quiver serve: left out: %s\n", why.msg);
		return QV_OK;
	}
	qv_status rc = registry_put(srv, t, err);
	if (rc)
		qv__table_unref(t);
	return rc;
}

/* CivetWeb's own messages (a client that hung up, a failed write) are not the server's
 * errors; they are dropped. */
static int quiet_log(const struct mg_connection *c, const char *message)
{
	(void)c;
	(void)message;
	return 1;
}

qv_status qv__server_start(qv__server **out, const qv__server_config *cfg, qv_err *err)
{
	*out = NULL;
	struct in_addr addr;
	if (inet_pton(AF_INET, cfg->host, &addr) != 1)
		return qv_fail(err, QV_EINVAL,
		               "--host: '%s' is not an IPv4 address (e.g. 127.0.0.1, "
		               "or 0.0.0.0 for every interface)",
		               cfg->host);
	qv__server *srv = calloc(1, sizeof *srv);
	if (!srv)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	srv->cfg = *cfg;
	if (srv->cfg.max_sockets_per_address <= 0)
		srv->cfg.max_sockets_per_address = cfg->max_sockets;
	qv_copy(srv->host, sizeof srv->host, cfg->host);
	qv_copy(srv->db, sizeof srv->db, cfg->db);
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
	pthread_mutex_init(&srv->reg_lock, NULL);
	pthread_mutex_init(&srv->conns_lock, NULL);
	atomic_init(&srv->stopping, false);
	mallopt(M_ARENA_MAX, MALLOC_ARENAS);
	atomic_init(&srv->trimmed, 0.0);
	atomic_init(&srv->swept, 0.0);
	atomic_init(&srv->sockets, 0);
	atomic_init(&srv->stopped, false);

	srv->rates = calloc(QV__RATE_SLOTS, sizeof *srv->rates);
	if (!srv->rates) {
		qv__server_stop(srv);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	}
	qv_status rc = qv__store_open(&srv->store, cfg->db, err);
	int expired = 0;
	if (!rc)
		rc = qv__store_delete_waiting(srv->store, now() - srv->cfg.waiting_ttl, &expired,
		                              err);
	if (expired > 0)
		fprintf(stderr, "quiver serve: removed %d waiting table%s older than %.0f s\n",
		        expired, expired == 1 ? "" : "s", srv->cfg.waiting_ttl);
	if (!rc) {
		pthread_mutex_lock(&srv->reg_lock);
		rc = qv__store_load_open(srv->store, load_visit, srv, err);
		pthread_mutex_unlock(&srv->reg_lock);
	}
	if (!rc)
		rc = qv__pool_new(&srv->pool, cfg->threads, AI_NICE, run_step, drop_step, srv, err);
	if (!rc)
		rc = qv__pool_new(&srv->calls, QV__CALL_THREADS, 0, call_run, call_drop, srv, err);
	if (rc) {
		qv__server_stop(srv);
		return rc;
	}
	for (int i = 0; i < srv->ntables; i++)
		schedule(srv, srv->tables[i]);

	char ports[96], threads[16];
	snprintf(ports, sizeof ports, "%s:%d", cfg->host, cfg->port);
	snprintf(threads, sizeof threads, "%d", cfg->max_sockets + QV__HTTP_THREADS);
	const char *options[] = {"listening_ports", ports, "num_threads", threads,
	                         /* Headers, and each read or write of a request (ws.c keeps its
	                          * own deadlines, and http.c the body's). */
	                         "request_timeout_ms", "10000", "enable_keep_alive", "no",
	                         "enable_directory_listing", "no",
	                         /* A frame is written as a header then a payload: without this,
	                          * Nagle holds the payload until the client's delayed ACK of the
	                          * header, 40 ms later on Linux. */
	                         "tcp_nodelay", "1", NULL};
	struct mg_callbacks callbacks = {0};
	callbacks.log_message = quiet_log;
	callbacks.begin_request = qv__ws_check_upgrade;
	callbacks.connection_close = qv__ws_connection_gone;
	struct mg_init_data init = {
	    .callbacks = &callbacks, .user_data = srv, .configuration_options = options};
	char why[256] = "";
	struct mg_error_data error = {.text = why, .text_buffer_size = sizeof why};
	mg_init_library(MG_FEATURES_WEBSOCKET);
	srv->ctx = mg_start2(&init, &error);
	if (!srv->ctx) {
		qv__server_stop(srv);
		return qv_fail(err, QV_EIO, "cannot listen on %s: %s", ports,
		               why[0] ? why : "CivetWeb did not start");
	}
	struct mg_server_port port;
	if (mg_get_server_ports(srv->ctx, 1, &port) != 1) {
		qv__server_stop(srv);
		return qv_fail(err, QV_EIO, "cannot listen on %s", ports);
	}
	srv->port = port.port;
	mg_set_request_handler(srv->ctx, "/", qv__http_handle, srv);
	qv__ws_register(srv);
	*out = srv;
	return QV_OK;
}

int qv__server_port(const qv__server *srv) { return srv->port; }

/* CivetWeb's listening thread waits in poll() for up to two seconds before it sees that
 * mg_stop has asked it to end. This thread knocks on the listening port until the server has
 * stopped, so that the poll returns at once and Ctrl-C (or a test's SIGTERM) ends the server
 * in milliseconds. */
static void *wake_listener(void *arg)
{
	qv__server *srv = arg;
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)srv->port)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (strcmp(srv->host, "0.0.0.0") != 0 && inet_pton(AF_INET, srv->host, &a.sin_addr) != 1)
		return NULL;
	for (int i = 0; i < 200 && !atomic_load(&srv->stopped); i++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd >= 0) {
			(void)connect(fd, (const struct sockaddr *)&a, sizeof a);
			close(fd);
		}
		nanosleep(&(struct timespec){.tv_nsec = 20 * 1000 * 1000}, NULL);
	}
	return NULL;
}

void qv__server_stop(qv__server *srv)
{
	if (!srv)
		return;
	if (srv->ctx) {
		pthread_t waker;
		bool knocking =
		    srv->port > 0 && pthread_create(&waker, NULL, wake_listener, srv) == 0;
		qv__ws_stop_all(srv);
		mg_stop(srv->ctx);
		atomic_store(&srv->stopped, true);
		if (knocking)
			pthread_join(waker, NULL);
		mg_exit_library();
	}
	qv__pool_stop(srv->calls);
	qv__pool_stop(srv->pool);
	for (int i = 0; i < srv->ntables; i++)
		qv__table_unref(srv->tables[i]);
	free(srv->tables);
	free(srv->rates);
	qv__store_close(srv->store);
	pthread_mutex_destroy(&srv->reg_lock);
	pthread_mutex_destroy(&srv->conns_lock);
	free(srv);
}
