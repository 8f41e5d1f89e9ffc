/*
 * fmt.h - snprintf for the texts games write many times an act (a legal action's notation and
 * note, a view's lines): the same bytes and the same result, without printf's machinery for
 * the few conversions they use.
 */
#ifndef QV_CORE_FMT_H
#define QV_CORE_FMT_H

#include <stdarg.h>
#include <stddef.h>

/* snprintf(buf, len, fmt, ...), byte for byte and with its result (the length the whole text
 * has, whether or not it fitted; buf may be NULL when len is 0). %s, %d, %i, %u, %c and %%
 * with no flag, width, precision or length are written here (a NULL string as glibc writes
 * it, "(null)"); a format with any other conversion is given to vsnprintf whole. */
int qv_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int qv_vfmt(char *buf, size_t len, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

#endif
