/*
 * owners.c - the store among several processes (owners.h): each function a call through the
 * backend's table of these operations (backend.h's qv__store_owners_ops), or, where the
 * backend has none (SQLite: one process, every table its own, nobody to hear), one process's
 * answer.
 */
#include "server/store/owners.h"
#include "server/store/backend.h"

/* The backend's operations among processes; NULL: a backend of one process. */
static const qv__store_owners_ops *owners(const qv__store *s) { return s->ops->owners; }

bool qv__store_shared(const qv__store *s) { return owners(s) != NULL; }

int qv__store_held(qv__store *s) { return owners(s) ? owners(s)->held(s) : -1; }

bool qv__store_holds(qv__store *s, const char *id) { return !owners(s) || owners(s)->holds(s, id); }

int qv__store_own(qv__store *s, const char *id, qv_err *err)
{
	return owners(s) ? owners(s)->own(s, id, err) : 1;
}

void qv__store_disown(qv__store *s, const char *id)
{
	if (owners(s))
		owners(s)->disown(s, id);
}

int qv__store_lost(qv__store *s, char (*ids)[17], int max)
{
	return owners(s) ? owners(s)->lost(s, ids, max) : 0;
}

int qv__store_orphans(qv__store *s, char (*ids)[17], int max)
{
	return owners(s) ? owners(s)->orphans(s, ids, max) : 0;
}

bool qv__store_elect(qv__store *s) { return owners(s) && owners(s)->elect(s); }

int qv__store_lease(qv__store *s, double lapse)
{
	return owners(s) ? owners(s)->lease(s, lapse) : 0;
}

int qv__store_open_by(qv__store *s, const char *creator, int *searching)
{
	return owners(s) ? owners(s)->open_by(s, creator, searching) : -1;
}

qv_status qv__store_notify(qv__store *s, const char *payload, qv_err *err)
{
	return owners(s) ? owners(s)->notify(s, payload, err) : QV_OK;
}

qv_status qv__store_listen(qv__store *s, void (*fn)(void *ctx, const char *payload), void *ctx,
                           qv_err *err)
{
	return owners(s) ? owners(s)->listen(s, fn, ctx, err) : QV_OK;
}

void qv__store_listen_stop(qv__store *s)
{
	if (s && owners(s))
		owners(s)->listen_stop(s);
}

long long qv__store_news_add(qv__store *s, const char *player, const char *frame,
                             const char *origin)
{
	return owners(s) ? owners(s)->news_add(s, player, frame, origin) : 0;
}

long long qv__store_news_since(qv__store *s, long long after, const char *origin,
                               void (*fn)(void *ctx, const char *player, const char *frame),
                               void *ctx)
{
	return owners(s) ? owners(s)->news_since(s, after, origin, fn, ctx) : after;
}

qv_status qv__store_live_sync(qv__store *s, const char *origin, const qv__live_row *put, int nput,
                              const char (*drop)[17], int ndrop, qv_err *err)
{
	return owners(s) ? owners(s)->live_sync(s, origin, put, nput, drop, ndrop, err) : QV_OK;
}

int qv__store_live_list(qv__store *s, void (*fn)(void *ctx, const qv__live_row *row), void *ctx)
{
	return owners(s) ? owners(s)->live_list(s, fn, ctx) : -1;
}

char *qv__store_live_info(qv__store *s, const char *id)
{
	return owners(s) ? owners(s)->live_info(s, id) : NULL;
}
