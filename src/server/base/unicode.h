/*
 * unicode.h - the Unicode class of a character, for the rule of players' names (chat.c): a
 * letter or digit, a combining mark, a format character, or none of these. The tables are
 * generated once by scripts/unicode_tables.py from the machine's Unicode data; unicode.c says
 * which version. No dependency, no allocation, thread-safe.
 */
#ifndef QUIVER_SERVER_BASE_UNICODE_H
#define QUIVER_SERVER_BASE_UNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum qv__uclass {
	QV__U_OTHER,  /* anything else: spaces, punctuation, symbols, controls, unassigned */
	QV__U_ALNUM,  /* a letter or a digit (general categories L* and N*) */
	QV__U_MARK,   /* a combining mark drawn on what comes before it (Mn, Me) */
	QV__U_FORMAT, /* a format character, which shows nothing itself (Cf) */
} qv__uclass;

/* The class of code point c (any value: outside Unicode is QV__U_OTHER). */
qv__uclass qv__unicode_class(int32_t c);

/* The Unicode version of the tables ("14.0.0"). */
const char *qv__unicode_version(void);

#endif
