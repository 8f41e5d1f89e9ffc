/*
 * room.c - the limits of one client address on new tables (server.h, qv__server_room and
 * qv__server_creation_rate): the tables not over of the server and of the address, those with a
 * searching seat (on several processes, the address's tables on all of them), and the
 * address's allowance of creations a minute (a token bucket in a bounded table of addresses,
 * the longest unused reused; each process keeps its own).
 *
 * The tables are shared fairly when they run short (fewer than half of them free): an
 * address may make another table only while it holds fewer than 1 in QV__TABLE_SHARE of the
 * free ones, so that A addresses holding m each stop where QV__TABLE_SHARE·m reaches the free
 * tables, max/(1 + A/QV__TABLE_SHARE) of them still free (50 addresses at the defaults leave
 * about 74 free, of which a newcomer may take a dozen), and only some thousand addresses at
 * once could fill the site. An address holding none may always make one while one is free.
 * (Before, 50 addresses of 20 tables each filled the 1,000 in 4.9 s, and every newcomer got
 * 503.)
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "quiver/agent.h"
#include "server/state/reviews.h"
#include "server/state/server.h"

/* While tables are short, an address may hold at most 1 in this many of the free ones. */
#define QV__TABLE_SHARE 4

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

/* The tables not over: of the server (*open), of addr (*mine), and of those the ones with a
 * searching seat (*mine_ai); the caller holds reg_lock. site and site_ai: the address's on every
 * process of the site (qv__store_open_by), or site -1 on one process. */
static void count(qv__server *srv, const char *addr, int site, int site_ai, int *open, int *mine,
                  int *mine_ai)
{
	int zombies = 0;
	*open = *mine = *mine_ai = 0;
	for (int i = 0; i < srv->ntables; i++) {
		qv__table *t = srv->tables[i];
		qv__table_lock(t);
		bool counts = t->status != QV__OVER;
		bool own = counts && strcmp(t->owner, addr) == 0;
		*open += counts;
		*mine += own;
		/* A zombie seat is a search too (medium): its table counts as one with AI seats. */
		bool searches = own && qv__table_searches_locked(t) && !t->stuck[0];
		*mine_ai += searches;
		/* (the database knows the seats' levels, not who left) */
		zombies += searches && !t->searches;
		qv__table_unlock(t);
	}
	if (site >= 0) {
		*mine = site > *mine ? site : *mine;
		*mine_ai = site_ai + zombies > *mine_ai ? site_ai + zombies : *mine_ai;
	}
}

qv_status qv__server_room(qv__server *srv, const char *addr, const json_t *request, int *status,
                          qv_err *err)
{
	qv__server_sweep(srv);
	bool ai = asks_search(request);
	double t0 = qv_wall();
	/* Several processes: the address's tables on all of them (a table made here may be
	 * played by another, and the other way round), from the database. */
	int site_ai = 0, site = qv__store_open_by(srv->store, addr, &site_ai);
	int open, mine, mine_ai;
	pthread_mutex_lock(&srv->reg_lock);
	count(srv, addr, site, site_ai, &open, &mine, &mine_ai);
	mine_ai += qv__reviews_making(srv->reviews, addr); /* reviews search too */
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
		             "server's --address-tables); finish, resign or abort one of your "
		             "games (GET /api/me lists them) or wait for a waiting table to "
		             "expire",
		             mine, srv->cfg.address_tables);
	} else if (mine > 0 && 2 * (srv->cfg.max_tables - open) < srv->cfg.max_tables &&
	           mine * QV__TABLE_SHARE >= srv->cfg.max_tables - open) {
		rc =
		    qv_fail(err, QV_ESTATE,
		            "the server is nearly full (%d of its %d tables open) and your address "
		            "holds %d of them: while so few are free, one address may hold at most "
		            "1 in %d of the free ones; finish, resign or abort one of your games "
		            "(GET /api/me lists them) or try again later",
		            open, srv->cfg.max_tables, mine, QV__TABLE_SHARE);
	} else if (ai && mine_ai >= srv->cfg.address_ai_tables) {
		rc = qv_fail(err, QV_ESTATE,
		             "too many tables with AI seats (easy, medium, hard) from your "
		             "address: %d of at most %d (the server's --address-ai-tables); "
		             "finish, resign or abort one first (GET /api/me lists yours)",
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

int qv__server_ai_tables(qv__server *srv, const char *addr)
{
	int site_ai = 0, site = qv__store_open_by(srv->store, addr, &site_ai);
	int open, mine, mine_ai;
	pthread_mutex_lock(&srv->reg_lock);
	count(srv, addr, site, site_ai, &open, &mine, &mine_ai);
	pthread_mutex_unlock(&srv->reg_lock);
	return mine_ai;
}

qv_status qv__server_creation_rate(qv__server *srv, const char *addr, qv_err *err)
{
	pthread_mutex_lock(&srv->reg_lock);
	qv__rate *r = rate_of(srv, addr, qv_wall());
	qv_status rc = QV_OK;
	if (r->tokens < 1)
		rc = qv_fail(
		    err, QV_ESTATE,
		    "too many tables, variant records and accounts made from your address: "
		    "at most %d a minute (the server's --create-rate); try again in %.0f s",
		    srv->cfg.create_rate, (1 - r->tokens) * 60 / srv->cfg.create_rate + 0.5);
	else
		r->tokens -= 1;
	pthread_mutex_unlock(&srv->reg_lock);
	return rc;
}

qv_status qv__server_account_rate(qv__server *srv, long long account, const char *what, qv_err *err)
{
	char key[48];
	snprintf(key, sizeof key, "account %lld", account); /* never an address's text */
	pthread_mutex_lock(&srv->reg_lock);
	qv__rate *r = rate_of(srv, key, qv_wall());
	qv_status rc = QV_OK;
	if (r->tokens < 1)
		rc = qv_fail(err, QV_ESTATE,
		             "too many %s from your account: at most %d a minute (the server's "
		             "--create-rate); try again in %.0f s",
		             what, srv->cfg.create_rate,
		             (1 - r->tokens) * 60 / srv->cfg.create_rate + 0.5);
	else
		r->tokens -= 1;
	pthread_mutex_unlock(&srv->reg_lock);
	return rc;
}
