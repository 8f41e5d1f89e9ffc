/*
 * fields.h - the one check that a JSON object holds only the fields its reader knows, for
 * every layer that reads untrusted JSON (the games' loaders, lessons, the server's requests
 * and frames). Internal to quiver: not a public header.
 */
#ifndef QUIVER_CORE_FIELDS_H
#define QUIVER_CORE_FIELDS_H

#include <jansson.h>

#include "quiver/core.h"

/* Fails with QV_EINVAL when object o has a key that the NULL-terminated list `known` does not
 * hold, naming the first such key and every known one:
 * "unknown field 'KEY' in WHAT; accepted: A, B, C" (without " in WHAT" when what is NULL).
 * The key is quoted with qv_shorten, so the message is valid UTF-8 whatever the key's bytes. */
qv_status qv__json_check_keys(const json_t *o, const char *what, const char *const *known,
                              qv_err *err);

#endif
