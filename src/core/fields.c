/*
 * fields.c - the check that a JSON object holds only known fields (fields.h).
 */
#include <stdio.h>
#include <string.h>

#include "core/fields.h"

/* Whether key is one of known (NULL-terminated). */
static bool is_known(const char *key, const char *const *known)
{
	for (int i = 0; known[i]; i++)
		if (strcmp(key, known[i]) == 0)
			return true;
	return false;
}

qv_status qv__json_check_keys(const json_t *o, const char *what, const char *const *known,
                              qv_err *err)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)o, key, v)
	{
		if (is_known(key, known))
			continue;
		char list[256] = "";
		size_t used = 0;
		for (int i = 0; known[i] && used < sizeof list; i++)
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
			                         i ? ", " : "", known[i]);
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted);
		return qv_fail(err, QV_EINVAL, "unknown field '%s'%s%s; accepted: %s", quoted,
		               what ? " in " : "", what ? what : "", list);
	}
	return QV_OK;
}
