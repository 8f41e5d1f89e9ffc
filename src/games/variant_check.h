/*
 * variant_check.h (games) - where a problem of a variant is, the list of problems the checker
 * collects, and the check of values against a game's declaration (variant_check.c): what the
 * steps of reading a variant (variant_edit.c, variant_resolve.c) and the registry (variant.c)
 * share. Internal to those files.
 *
 * A message always names where the problem is as a JSON pointer into the document given
 * ("/cards/add/0/arrows/1"), the value received and what is accepted. Loading stops at the
 * first problem; the checker (a qv__where with a list) goes on past each one after which
 * something is left to check.
 */
#ifndef QUIVER_GAMES_VARIANT_CHECK_H
#define QUIVER_GAMES_VARIANT_CHECK_H

#include "quiver/variant.h"

/* The room a value quoted in a message takes (qv__variant_shown). */
#define QV__SHOWN_MAX (QV_QUOTE_MAX * 4 + 4)

/* ---- where a problem is (variant_check.c) ---- */

/* The context of one check: the file (NULL for a document from a client or a record) or the
 * prefix of its paths, the path being checked, grown and cut as the check descends, and the
 * list of problems when the checker collects them all. */
typedef struct qv__where {
	const char *file; /* the file's name as given, after the files extending it, or NULL */
	const char *what; /* prefix of paths when file is NULL ("variant") */
	/* Every problem, for the checker (qv_variant_check); NULL: stop at the first. */
	qv_variant_problems *list;
	/* The set this document extends could not be read (its problem listed): the built-in set
	 * stands in for it, and nothing that names its entries is checked. */
	bool blind;
	char path[256];
	size_t len;
} qv__where;

/* Appends one step to the path (an object key, escaped as JSON Pointer says, or an index);
 * returns the length before it, for qv__where_cut. */
size_t qv__where_key(qv__where *w, const char *key);
size_t qv__where_index(qv__where *w, size_t i);
void qv__where_cut(qv__where *w, size_t at);
/* The problem fmt at w's path: into err, and into w's list for the checker; returns code. */
qv_status qv__where_fail(qv_err *err, const qv__where *w, qv_status code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* After a check that failed with rc: whether to go on to the next, which only the checker does
 * (w->list), and never once memory ran out. The first failure is kept in *bad, what the
 * check returns when it ends. */
bool qv__where_go_on(const qv__where *w, qv_status rc, qv_status *bad);
/* Adds the problem one to the checker's list while it has room; n counts every problem. */
void qv__variant_problem(qv_variant_problems *list, const qv_err *one);
/* Copies the problem one to err (when not NULL, nor one itself) and adds it to list (when not
 * NULL, and the problem is not memory running out, which qv__variant_load lists once, at the
 * end); returns code. */
qv_status qv__variant_note(qv_variant_problems *list, const qv_err *one, qv_err *err,
                           qv_status code);

/* ---- values (variant_check.c) ---- */

/* A value as a message quotes it: compact JSON, cut to a readable length, into buf (at least
 * QV__SHOWN_MAX bytes). */
const char *qv__variant_shown(const struct json_t *v, char *buf, size_t len);
/* "a, b or c" of a NULL-terminated list, into buf. */
const char *qv__variant_one_of(const char *const *list, char *buf, size_t len);
/* Printable text of at most longest bytes (0: 200), no control characters. */
bool qv__variant_text_ok(const char *s, long longest);
/* Checks the object o against fields: every key known and every value checked; when complete,
 * every field that is not optional present. noun names o in messages ("card"). */
qv_status qv__variant_check_entry(const struct json_t *o, const qv_vfield *fields, int n,
                                  bool complete, const char *noun, qv__where *w, qv_err *err);

#endif
