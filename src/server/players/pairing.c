/*
 * pairing.c - a table made for accounts the server seats together (pairing.h).
 */
#define _DEFAULT_SOURCE /* explicit_bzero */
#include <string.h>

#include "server/base/oplog.h"
#include "server/players/blocks.h"
#include "server/players/pairing.h"
#include "server/table/rated.h"

/* Seats person p at its invite seat of t with its code: QV_OK, or the join's refusal. */
static qv_status seat(qv__server *srv, qv__table *t, const qv__pair_person *p, int at,
                      const char *code, qv_err *err)
{
	char name[8], token[QV__TOKEN_LEN + 1];
	qv__blocks_joiner who = {.store = srv->store, .account = p->account, .player = p->player};
	qv__join join = {.seat = qv_player_name(at, name),
	                 .invite = code,
	                 .invite_len = strlen(code),
	                 .player = p->player && p->player[0] ? p->player : NULL,
	                 .account = p->account,
	                 .username = p->username,
	                 .check = qv__blocks_join_check,
	                 .check_ctx = &who};
	if (t->rated && !qv__rated_rating_of(srv->store, p->account, t->game->name, t->nseats,
	                                     &join.rating, &join.deviation))
		join.rating = join.deviation = 0;
	bool forbidden;
	int got;
	qv_status rc = qv__table_join_as(t, &join, &got, token, &forbidden, err);
	explicit_bzero(token, sizeof token); /* each device asks for its own */
	return rc;
}

/* Deleted from the store first, while this process still holds it (released first, it would
 * no longer be this process's to delete where several share the database). */
void qv__pairing_unmake(qv__server *srv, const char *id)
{
	qv_err gone;
	if (qv__store_delete(srv->store, id, &gone))
		qv__oplog(QV__WARN, "table %s: %s", id, gone.msg);
	qv__table *held = qv__server_release(srv, id);
	qv__table_unref(held);
}

/* Makes the table of `request` (its seats set) and registers it: 0, or the refusal's status. */
static int made(qv__server *srv, json_t *request, const char *addr, qv__table **t, qv__invites *inv,
                qv_err *err)
{
	int status = 0;
	if (addr && qv__server_room(srv, addr, request, &status, err))
		return status;
	qv_status rc = qv__table_create_invites(t, srv->store, request, addr ? addr : "", inv, err);
	if (rc)
		return rc == QV_EINVAL || rc == QV_EILLEGAL ? 400 : 503;
	int added;
	if (qv__server_add_new(srv, *t, &added, err)) {
		qv__table_unref(*t);
		return added;
	}
	return 0;
}

int qv__pairing_make(qv__server *srv, json_t *request, const qv__pair_person *people, int n,
                     const char *addr, char id[QV__ID_LEN + 1], qv_err *err)
{
	json_t *seats = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(seats, json_string("invite"));
	json_object_set_new(request, "seats", seats);
	qv__table *t;
	qv__invites inv;
	int st = made(srv, request, addr, &t, &inv, err);
	if (st)
		return st;
	qv_status rc = QV_OK;
	for (int i = 0; i < inv.n && !rc; i++)
		rc = seat(srv, t, &people[inv.seat[i]], inv.seat[i], inv.code[i], err);
	explicit_bzero(&inv, sizeof inv);
	if (rc) {
		qv__pairing_unmake(srv, t->id);
		qv__table_unref(t);
		return rc == QV_ESTATE ? 403 : rc == QV_EIO ? 503 : 400;
	}
	qv_copy(id, QV__ID_LEN + 1, t->id);
	for (int i = 0; i < n; i++)
		srv->joined(srv, t, i);
	qv__server_changed(srv, t);
	qv__table_unref(t);
	return 0;
}
