/*
 * chat.h - what people type at a table, checked as text: players' names and chat lines, and a
 * table's chat kept as lines (the last QV__CHAT_KEEP of the seats' and of the spectators'),
 * with the JSON the frames carry and the store keeps. No sockets and no lock here: the table
 * (table.c) owns a qv__chat under its lock, the connection (ws.c) sends the lines.
 *
 * Text is only ever text: the server keeps and sends the characters as they were typed
 * (trimmed), never reads markup in them; the client shows them as text. Refused in both:
 * control characters (U+0000 to U+001F, U+007F to U+009F, so no tab and no line break), the
 * line and paragraph separators, and the direction controls U+202A to U+202E and U+2066 to
 * U+2069, which would turn the text around it. A chat line may hold anything else (letters of
 * any script, symbols, emoji). A name, which stands for a person wherever the table shows
 * who did what, has rules of its own (qv__name_clean).
 */
#ifndef QUIVER_SERVER_TABLE_CHAT_H
#define QUIVER_SERVER_TABLE_CHAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "quiver/core.h"

#define QV__NAME_MAX       24                     /* characters of a name */
#define QV__NAME_BYTES     (QV__NAME_MAX * 4 + 1) /* its UTF-8 bytes at most, with the NUL */
#define QV__CHAT_MAX       500                    /* characters of a chat line */
#define QV__CHAT_KEEP      100                    /* lines of each kind kept and sent */
#define QV__CHAT_RATE      5                      /* lines a connection may send ... */
#define QV__CHAT_PER_MS    10000                  /* ... within this many milliseconds */
#define QV__CHAT_FROM_SIZE 12                     /* "p1" ... "p5" or "spectator" */

/* Trims text (len bytes, UTF-8) of white space at both ends and checks what is left: 1 to max
 * characters (code points, not bytes), valid UTF-8, none of the characters refused above.
 * Copies it into out (size bytes, room for max * 4 + 1). QV_EINVAL with a message that begins
 * with `what` (the field: "name", "text") and says the rule. */
qv_status qv__text_clean(const char *text, size_t len, int max, const char *what, char *out,
                         size_t size, qv_err *err);

/* Characters a name may hold in a row that are combining marks (Mn, Me): enough for any
 * script's letter with its accents, not for a column of marks over the names around it. */
#define QV__NAME_MARKS 2

/* A player's name (join, and a rematch's seats): trimmed and checked as qv__text_clean checks
 * text with at most QV__NAME_MAX characters, and then:
 * - no format character (Unicode's Cf: the direction marks U+200E, U+200F and U+061C, the
 *   zero-width U+200B to U+200D, U+2060 to U+2064, U+FEFF, the soft hyphen), no tag
 *   (U+E0000 to U+E007F);
 * - no invisible filler: U+115F, U+1160, U+3164 and U+FFA0 (the Hangul fillers), U+2800 (the
 *   blank Braille pattern), U+17B4 and U+17B5 (Khmer's invisible vowels), which are letters,
 *   symbols or marks that show nothing;
 * - at most QV__NAME_MARKS combining marks (Mn, Me) in a row;
 * - at least one letter or digit (Unicode's L* and N*, unicode.h);
 * - not, in any case, a word the table shows for something else: a seat (p1 to p5), a level
 *   or agent (qv_agent_levels, the agents' kinds), human, invite, spectator, chance, game.
 * Writes the trimmed name into out (size bytes, room for QV__NAME_BYTES). QV_EINVAL with a
 * message that begins "name: " and says the rule broken. */
qv_status qv__name_clean(const char *text, size_t len, char *out, size_t size, qv_err *err);

/* The highest number a stored line may have (a damaged database's is refused, never wrapped). */
#define QV__CHAT_LAST_MAX (1LL << 50)

/* One line said at a table. Each has a number, 1 for the table's first line and one more for
 * each line after it (kept in the store, sent in its frame as "n"), by which an operator hides
 * it (`quiver admin hide TABLE LINE`). */
typedef struct qv__chat_line {
	long long n;                   /* its number at the table */
	char from[QV__CHAT_FROM_SIZE]; /* "p1"... or "spectator" */
	char name[QV__NAME_BYTES];     /* the sayer's name then ("spectator" for a spectator) */
	char *text;                    /* malloc'ed */
	long long at;                  /* epoch ms */
} qv__chat_line;

typedef struct qv__chat {
	qv__chat_line *line; /* oldest first */
	int n, cap;
	long long last; /* the number of the last line said (0: none), hidden or trimmed or not */
} qv__chat;

void qv__chat_free(qv__chat *c);
/* A copy of `from` into `to` that shares no memory with it (a draft's, change.h); false when
 * out of memory, and then `to` is empty. */
bool qv__chat_copy(qv__chat *to, const qv__chat *from);

/* Appends a line (text copied), numbered last + 1. QV_ENOMEM, and then nothing changed. */
qv_status qv__chat_push(qv__chat *c, const char *from, const char *name, const char *text,
                        long long at, qv_err *err);
/* Removes the last line (a push whose saving failed). */
void qv__chat_pop(qv__chat *c);
/* Removes line number n (an operator hid it); false when no kept line has that number. */
bool qv__chat_hide(qv__chat *c, long long n);
/* Forgets, of the seats' lines and of the spectators', all but the last QV__CHAT_KEEP. */
void qv__chat_trim(qv__chat *c);

/* {"type": "chat", "n", "from", "name", "text", "at"}: the frame of one line. NULL out of memory.
 */
json_t *qv__chat_line_json(const qv__chat_line *l);
/* The last QV__CHAT_KEEP lines a viewer may see, oldest first, each as its frame: a seat sees
 * the seats' lines, a spectator every line. NULL out of memory. */
json_t *qv__chat_json(const qv__chat *c, bool spectator);
/* What the store keeps: the lines qv__chat_trim would keep. NULL out of memory. */
json_t *qv__chat_store_json(const qv__chat *c);
/* Reads back what qv__chat_store_json wrote into an empty c (untrusted: QV_EIO names the bad
 * entry; QV_ENOMEM). nseats bounds the seats a line may be from. A line stored without its
 * number (by an older quiver) is given the next one; the numbers given after are above
 * `last` (the table's people keep it: a hidden last line's number is never given again). */
qv_status qv__chat_load(qv__chat *c, const json_t *j, int nseats, long long last, qv_err *err);

/* The code point at s (n bytes left) and its length in *len; -1 when the bytes are not UTF-8
 * (overlong forms, surrogates and values past U+10FFFF included). */
int32_t qv__utf8_next(const unsigned char *s, size_t n, size_t *len);

/* Whether the len bytes of text are well-formed UTF-8 (no overlong form, surrogate or value
 * past U+10FFFF). */
bool qv__utf8_valid(const char *text, size_t len);

#endif
