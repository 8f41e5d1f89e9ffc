/*
 * counts.c - what the limits of an address count (server.h): the tables not over, of the
 * server, of an address and of its network, and of the address's the ones with a searching
 * seat (a zombie that searches included; on several processes, the address's tables on all of
 * them), for qv__server_room (room.c), a review's room (api/review.c) and a zombie's
 * (qv__server_zombie_room, asked by the sockets before a seat may leave, and by the timer
 * through its hook, set by listen.c, so that server.c never calls this file, which reads the
 * server's tables back).
 */
#include <string.h>

#include "server/base/addr.h"
#include "server/state/reviews.h"
#include "server/state/server.h"
#include "server/store/owners.h"

/* (server.h) */
void qv__server_count(qv__server *srv, const char *addr, const char *net, int site, int site_ai,
                      qv__holding *h)
{
	int zombies = 0;
	*h = (qv__holding){0};
	for (int i = 0; i < srv->ntables; i++) {
		qv__table *t = srv->tables[i];
		/* as its last change left it: never waiting for a table under reg_lock */
		struct qv__table_seen seen = qv__table_seen(t);
		bool counts = seen.status != QV__OVER;
		bool own = counts && strcmp(t->owner, addr) == 0;
		if (counts && net) {
			char theirs[QV__ADDR_TEXT];
			qv__addr_network(t->owner, theirs, sizeof theirs);
			h->network += strcmp(theirs, net) == 0;
		}
		h->open += counts;
		h->mine += own;
		/* A zombie seat that searches (medium) is a search too: its table counts as one
		 * with AI seats (past the cap a zombie is beginner, which does not search:
		 * leave.h). */
		bool searches = own && seen.searching;
		h->mine_ai += searches;
		/* (the database knows the seats' levels, not who left) */
		zombies += searches && !t->searches;
	}
	if (site >= 0) {
		h->network += site > h->mine ? site - h->mine : 0;
		h->mine = site > h->mine ? site : h->mine;
		h->mine_ai = site_ai + zombies > h->mine_ai ? site_ai + zombies : h->mine_ai;
	}
}

bool qv__server_zombie_room(qv__server *srv, qv__table *t)
{
	char owner[sizeof t->owner];
	qv__table_lock(t);
	bool counted = qv__table_searches_locked(t) && !t->stuck[0];
	int seats = t->nseats;
	qv_copy(owner, sizeof owner, t->owner);
	qv__table_unlock(t);
	/* A seat that leaves a game of two ends it: no zombie, nothing to count (the timer asks
	 * at every clock run out, and counting reads every table and the database). */
	if (seats < 3)
		return true;
	/* a table counted already adds nothing; another with a searching zombie would be one more
	 * table with searching seats for its creator */
	bool room =
	    counted || qv__server_ai_tables(srv, owner) + qv__reviews_making(srv->reviews, owner) <
	                   srv->cfg.address_ai_tables;
	qv__table_zombie_search(t, room);
	return room;
}

int qv__server_ai_tables(qv__server *srv, const char *addr)
{
	int site_ai = 0, site = qv__store_open_by(srv->store, addr, &site_ai);
	qv__holding h;
	qv__mutex_lock(&srv->reg_lock);
	qv__server_count(srv, addr, NULL, site, site_ai, &h);
	qv__mutex_unlock(&srv->reg_lock);
	return h.mine_ai;
}
