/*
 * commitments.c - commitments made ahead of a turn, kept and read back (commitments.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/feed/commitments.h"
#include "games/json_util.h"

/* Copies the line at *c (up to a line break or the end) into line, and moves *c past it: a
 * seat's commitments are kept as one text, a line each. */
static void take_line(const char **c, char *line, size_t size)
{
	const char *end = strchr(*c, '\n');
	size_t n = end ? (size_t)(end - *c) : strlen(*c);
	snprintf(line, size, "%.*s", (int)n, *c);
	*c += n + (end ? 1 : 0);
}

json_t *qv__commitments_json(const qv_match *m, int nseats)
{
	json_t *j = json_object();
	char name[8], line[QV_ACTION_TEXT];
	for (int p = 0; j && p < nseats; p++) {
		const char *c = qv_match_committed(m, p);
		if (!*c)
			continue;
		json_t *list = json_array();
		while (*c) {
			take_line(&c, line, sizeof line);
			list = qv__json_push(list, json_string(line));
		}
		j = qv__json_put(j, qv_player_name(p, name), list);
	}
	return j;
}

qv_status qv__commitments_load(qv_match *m, int nseats, const json_t *j, const char *where,
                               qv_err *err)
{
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "%s: expected an object of seats", where);
	const char *key;
	json_t *list;
	json_object_foreach((json_t *)j, key, list)
	{
		int p = qv_player_parse(key, nseats);
		if (p < 0 || !json_is_array(list))
			return qv_fail(err, QV_EIO, "%s: bad seat '%s'", where, key);
		size_t i;
		json_t *text;
		json_array_foreach(list, i, text)
		{
			qv_err why;
			if (!json_is_string(text) ||
			    qv_match_act(m, p, json_string_value(text), &why))
				return qv_fail(err, QV_EIO, "%s.%s[%zu]: %s", where, key, i,
				               json_is_string(text) ? why.msg
				                                    : "expected notation");
		}
	}
	return QV_OK;
}

unsigned qv__commitments_mask(const qv_match *m, int nseats)
{
	unsigned mask = 0;
	for (int p = 0; p < nseats; p++)
		mask |= *qv_match_committed(m, p) ? 1u << p : 0u;
	return mask;
}
