/*
 * table_of.h - a table made in memory from a creation request's JSON, without a store or a
 * server, for the tests of the table's C API (unit/test_table_lock, unit/test_change_value);
 * the test fails, saying why, when the request is refused. Header-only: include it after
 * cmocka.h.
 */
#ifndef QV_TEST_TABLE_OF_H
#define QV_TEST_TABLE_OF_H

#include <jansson.h>

#include "server/table/table.h"

static inline qv__table *table_of(const char *request)
{
	json_t *req = json_loads(request, 0, NULL);
	assert_non_null(req);
	qv__table *t;
	qv_err err;
	qv_status rc = qv__table_create(&t, NULL, req, "", &err);
	json_decref(req);
	if (rc)
		fail_msg("%s", err.msg);
	return t;
}

#endif
