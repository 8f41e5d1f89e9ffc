/*
 * room.c - the limits of one client address on new tables (server.h, qv__server_room and
 * qv__server_creation_rate): the tables not over of the server, of the address and of its
 * network, those with a searching seat (on several processes, the address's tables on all of
 * them), and the address's allowance of creations a minute (a token bucket in a bounded table
 * of addresses, the longest unused reused; each process keeps its own).
 *
 * The tables are shared so that a few addresses cannot take them all (the third audit: 70
 * addresses took the 1,000 in about a second; before the share, 50 addresses of 20 tables each
 * filled them in 4.9 s, and every newcomer got 503). Three rules, once fewer than half of the
 * tables are free (a small site's few tables are its people's to take):
 * - a reserve: 1 in QV__TABLE_RESERVE of the tables goes only to an address that holds none
 *   (a newcomer), so that an address that holds some shares only the free tables above it;
 * - an address's share: one that holds m may make another only while QV__TABLE_SHARE·m is
 *   below the free tables above the reserve, so that no early address takes its 20 once
 *   tables run short, and the free ones shrink by a fifth with each greedy address after;
 * - a network's share (addr.h: an IPv4 /24, an IPv6 /48): the addresses of one network holding
 *   n together may make another only while QV__TABLE_SHARE·n is below the free tables, so
 *   that one who has many addresses of one network (a hosting block, an IPv6 /48 of 65,536
 *   /64s) takes a fifth of what is free and no more, its newcomers' first tables included.
 * At the defaults (1,000 tables, 20 per address) greedy addresses of as many networks stop
 * with 57 free at 100 of them and fill the server at about 160; 1,000 addresses of four /24s
 * leave about 250 free; a newcomer of another network gets a table in both.
 * (tests/hostile/test_slots.c; on several processes the network's tables are this process's.)
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "quiver/agent.h"
#include "server/base/addr.h"
#include "server/state/reviews.h"
#include "server/state/server.h"
#include "server/store/owners.h"

/* An address (a network) may hold at most 1 in this many of the free tables (above the
 * reserve). */
#define QV__TABLE_SHARE 4
/* 1 in this many of the tables is a reserve only an address holding none may take. */
#define QV__TABLE_RESERVE 10

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

/* The share's refusal of a new table to addr (of network net) holding h, or QV_OK. */
static qv_status shared(const qv__server *srv, const char *net, const qv__holding *h, qv_err *err)
{
	int max = srv->cfg.max_tables, free = max - h->open, reserve = max / QV__TABLE_RESERVE;
	if (2 * free >= max)
		return QV_OK; /* half of them free: nobody is short */
	if (h->mine > 0 && h->mine * QV__TABLE_SHARE >= free - reserve)
		return qv_fail(
		    err, QV_ESTATE,
		    "the server is nearly full (%d of its %d tables open) and your address "
		    "holds %d of them: an address that holds some may hold at most 1 in %d "
		    "of the free ones, and the last %d are kept for newcomers; finish, "
		    "resign or abort one of your games (GET /api/me lists them) or try "
		    "again later",
		    h->open, max, h->mine, QV__TABLE_SHARE, reserve);
	if (h->network > 0 && h->network * QV__TABLE_SHARE >= free)
		return qv_fail(
		    err, QV_ESTATE,
		    "the server is nearly full (%d of its %d tables open) and the addresses "
		    "of your network (%s) hold %d of them: one network may hold at most 1 "
		    "in %d of the free ones; try again later",
		    h->open, max, net, h->network, QV__TABLE_SHARE);
	return QV_OK;
}

/* The refusal (*status 503 or 429) of a new table to addr (of network net) holding h, or QV_OK;
 * the caller holds reg_lock. */
static qv_status room_for(qv__server *srv, const char *net, const qv__holding *h, int *status,
                          qv_err *err)
{
	*status = 429;
	if (h->open >= srv->cfg.max_tables) {
		*status = 503;
		return qv_fail(err, QV_ESTATE,
		               "too many open tables (%d, the server's limit); try again when a "
		               "game has ended",
		               h->open);
	}
	if (h->mine >= srv->cfg.address_tables)
		return qv_fail(err, QV_ESTATE,
		               "too many open tables from your address: %d of at most %d (the "
		               "server's --address-tables); finish, resign or abort one of your "
		               "games (GET /api/me lists them) or wait for a waiting table to "
		               "expire",
		               h->mine, srv->cfg.address_tables);
	return shared(srv, net, h, err);
}

qv_status qv__server_room(qv__server *srv, const char *addr, const json_t *request, int *status,
                          qv_err *err)
{
	qv__server_sweep(srv);
	bool ai = asks_search(request);
	double t0 = qv_wall();
	char net[QV__ADDR_TEXT];
	qv__addr_network(addr, net, sizeof net);
	/* Several processes: the address's tables on all of them (a table made here may be
	 * played by another, and the other way round), from the database. */
	int site_ai = 0, site = qv__store_open_by(srv->store, addr, &site_ai);
	qv__holding h;
	qv__mutex_lock(&srv->reg_lock);
	qv__server_count(srv, addr, net, site, site_ai, &h);
	h.mine_ai += qv__reviews_making(srv->reviews, addr); /* reviews search too */
	qv__rate *r = rate_of(srv, addr, t0);
	qv_status rc = room_for(srv, net, &h, status, err);
	if (!rc && ai && h.mine_ai >= srv->cfg.address_ai_tables)
		rc = qv_fail(err, QV_ESTATE,
		             "too many tables with AI seats (easy, medium, hard) from your "
		             "address: %d of at most %d (the server's --address-ai-tables); "
		             "finish, resign or abort one first (GET /api/me lists yours)",
		             h.mine_ai, srv->cfg.address_ai_tables);
	else if (!rc && r->tokens < 1)
		rc = qv_fail(err, QV_ESTATE,
		             "too many tables created from your address: at most %d a minute "
		             "(the server's --create-rate); try again in %.0f s",
		             srv->cfg.create_rate,
		             (1 - r->tokens) * 60 / srv->cfg.create_rate + 0.5);
	else if (!rc)
		r->tokens -= 1;
	qv__mutex_unlock(&srv->reg_lock);
	return rc;
}

qv_status qv__server_creation_rate(qv__server *srv, const char *addr, qv_err *err)
{
	qv__mutex_lock(&srv->reg_lock);
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
	qv__mutex_unlock(&srv->reg_lock);
	return rc;
}

qv_status qv__server_account_rate(qv__server *srv, long long account, const char *what, qv_err *err)
{
	char key[48];
	snprintf(key, sizeof key, "account %lld", account); /* never an address's text */
	qv__mutex_lock(&srv->reg_lock);
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
	qv__mutex_unlock(&srv->reg_lock);
	return rc;
}
