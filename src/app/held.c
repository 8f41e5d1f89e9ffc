/*
 * held.c - the local tables a worker holds (ops.h): a few, the newest first; the browser keeps
 * every table anyway (web/engine/keep.js), and a page loads one again when it is not held.
 */
#include <string.h>

#include "app/ops.h"

/* Tables a worker holds at once: a page plays one, looks at another; more than this and the
 * oldest goes. */
#define TABLES_MAX 8

static qv__local *tables[TABLES_MAX];

qv__local *qv__app_table(const json_t *req, qv_err *err)
{
	const char *id = qv__app_string(req, "id", err);
	for (int i = 0; id && i < TABLES_MAX; i++)
		if (tables[i] && strcmp(qv__local_id(tables[i]), id) == 0)
			return tables[i];
	if (id)
		qv_fail(err, QV_EINVAL, "id: no table '%s' is open here (load it first)", id);
	return NULL;
}

qv_status qv__app_hold(qv__local *t, qv_err *err)
{
	(void)err;
	/* the slot of a table of the same id, else the first free, else the oldest */
	int slot = -1;
	for (int i = 0; slot < 0 && i < TABLES_MAX; i++)
		if (tables[i] && strcmp(qv__local_id(tables[i]), qv__local_id(t)) == 0)
			slot = i;
	for (int i = 0; slot < 0 && i < TABLES_MAX; i++)
		if (!tables[i])
			slot = i;
	if (slot < 0)
		slot = TABLES_MAX - 1;
	qv__local_free(tables[slot]);
	/* the newest first: the one dropped when all are held is the oldest */
	memmove(&tables[1], &tables[0], (size_t)slot * sizeof tables[0]);
	tables[0] = t;
	return QV_OK;
}

void qv__app_drop(qv__local *t)
{
	for (int i = 0; i < TABLES_MAX; i++)
		if (tables[i] == t) {
			qv__local_free(t);
			memmove(&tables[i], &tables[i + 1],
			        (size_t)(TABLES_MAX - 1 - i) * sizeof t);
			tables[TABLES_MAX - 1] = NULL;
		}
}
