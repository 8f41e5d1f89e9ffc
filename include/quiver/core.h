/*
 * core.h - the bottom layer of quiver: status codes and error messages, the seeded random
 * number generator, a growable text buffer, game parameters, board directions and squares,
 * and small text helpers.
 *
 * Nothing here does I/O or depends on a third-party library. Functions that may fail return a
 * qv_status (0 on success, a negative QV_E* code on failure) and, when given a qv_err, write a
 * message that names what was wrong and what is accepted. The library never exits or prints.
 */
#ifndef QUIVER_CORE_H
#define QUIVER_CORE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QV_VERSION "0.1.0"

/* The longest seat name or agent spec, with its terminating NUL (records keep them whole). */
#define QV_NAME_MAX 160
/* Room for one action's notation, with its NUL, in every buffer that holds one. */
#define QV_ACTION_TEXT 256
/* Room for what an action would do (qv_game.action_note), with its NUL. */
#define QV_NOTE_TEXT 320

/* QV_ASSERT(cond) states an invariant of the code at a "cannot happen" site (SQLite's
 * discipline): it aborts with the condition, file and line when the build defines QV_CHECKS
 * (the sanitizer build of `make test` does), and costs nothing otherwise. Never for input,
 * which gets an error status instead. */
#ifdef QV_CHECKS
#define QV_ASSERT(cond) ((cond) ? (void)0 : qv__assert_fail(#cond, __FILE__, __LINE__))
void qv__assert_fail(const char *cond, const char *file, int line) __attribute__((noreturn));
#else
#define QV_ASSERT(cond) ((void)0)
#endif

/* ---- status codes and error messages ---------------------------------------------------- */

typedef int qv_status;

enum {
	QV_OK = 0,
	QV_EINVAL = -1,   /* malformed input: notation, JSON, parameter, spec, protocol line */
	QV_EILLEGAL = -2, /* well-formed but not allowed by the rules in this state */
	QV_ENOMEM = -3,   /* an allocation failed */
	QV_EIO = -4,      /* reading or writing a file failed */
	QV_ESTATE = -5 /* the request does not fit the current situation (e.g. nothing to undo) */
};

/* A human-readable name for a status code ("invalid input", "illegal action", ...). */
const char *qv_strerror(qv_status status);

/* An error message buffer owned by the caller. Functions taking a qv_err * accept NULL when the
 * caller does not want the message. */
typedef struct qv_err {
	char msg[512];
} qv_err;

/* Formats a message into err (if not NULL) and returns code, so callers can write
 * `return qv_fail(err, QV_EINVAL, "bad square '%s'", s);`. */
qv_status qv_fail(qv_err *err, qv_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- random numbers ---------------------------------------------------------------------- */

/* xoshiro256** seeded through splitmix64. A plain value: copying it forks the stream. Not
 * thread-safe; give each thread its own. */
typedef struct qv_rng {
	uint64_t s[4];
} qv_rng;

void qv_rng_seed(qv_rng *r, uint64_t seed);
uint64_t qv_rng_next(qv_rng *r);
/* Uniform integer in [0, n) for n >= 1, without modulo bias. */
uint32_t qv_rng_below(qv_rng *r, uint32_t n);
/* Uniform double in [0, 1). */
double qv_rng_double(qv_rng *r);
/* Shuffles n bytes in place (Fisher-Yates, from the last), every order equally likely: the
 * one shuffle of every deck, bag and hand. */
void qv_shuffle_bytes(uint8_t *a, int n, qv_rng *r);
/* Mixes two 64-bit values into a well-spread seed (for per-game or per-seat seeds). */
uint64_t qv_seed_mix(uint64_t a, uint64_t b);

/* ---- growable text buffer ----------------------------------------------------------------- */

/* A NUL-terminated string that grows on demand. Zero-initialise it (`qv_buf b = {0};`) and
 * release it with qv_buf_free. On allocation failure the buffer stops growing and sets
 * `failed`; the text stays NUL-terminated. Not for hot paths. */
typedef struct qv_buf {
	char *s;
	size_t len, cap;
	bool failed;
} qv_buf;

void qv_buf_puts(qv_buf *b, const char *s);
/* Appends the n bytes at s (no NUL among them). */
void qv_buf_putn(qv_buf *b, const char *s, size_t n);
/* Appends v in decimal, the bytes "%lld" prints, without printf's cost (a line per game). */
void qv_buf_putd(qv_buf *b, long long v);
/* Appends text as one shell word: as it is when it is made of letters, digits and -_=.,:/+@%
 * only, else in single quotes (a quote written '\''). For commands a person may paste. */
void qv_buf_shell_word(qv_buf *b, const char *text);
void qv_buf_putc(qv_buf *b, char c);
void qv_buf_printf(qv_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void qv_buf_clear(qv_buf *b);
void qv_buf_free(qv_buf *b);
/* Returns the text, or "" for a buffer that never grew. */
const char *qv_buf_str(const qv_buf *b);

/* ---- narration ---------------------------------------------------------------------------- */

/* What an action did, as lines for people. A game's apply appends the consequences of an action
 * (captures, die rolls, flips, draws, walks...) when it is given a qv_events; the engine keeps
 * them with the move and words them for each viewer (qv_word_line in game.h).
 *
 * A line may hold secret parts written {M:secret|public}, where M is the hexadecimal mask of the
 * players who may know the secret (bit p for player p): those players and the referee read
 * `secret`, every other viewer reads `public`, which may be empty. So one line serves every
 * viewer: "p1 draws {1:striker-r|a card}". A line that reads empty for a viewer is not shown to
 * that viewer. Braces and '|' appear nowhere else in a line.
 *
 * A line is a consequence the rules apply (a capture, a score, a walk), which the log names
 * "game", unless it starts with a mark saying whom else it is about: "@p2 " for a line that
 * states player p2's decision (Arrow Party's throws, told once every player has thrown), or
 * "@chance " for a line that states a chance outcome (the die's roll). The mark is never shown;
 * games write it with qv_say_by (game.h). '@' appears nowhere else at the start of a line. */
typedef struct qv_events {
	qv_buf text; /* the lines, each ended by a newline */
	int n;       /* how many */
} qv_events;

/* Each line carries its message too, for a page that words it in another language: after the
 * text, QV_SAY_MSG, the line's format (printf's, which qv_say was given: its English and its
 * id in the catalogs, docs/web.md), then each argument as the format wrote it, after
 * QV_SAY_ARG. An argument in a secret part of the format is made a secret part of its own, so
 * that wording the message for a viewer (qv_word_message) tells it no more than the text: the
 * part's mask becomes {M:M|} (read as the mask by who knows the secret, empty by the others),
 * an argument of the secret {M:value|}, one of the public reading {M:|value}. Neither byte
 * appears in a line otherwise; an argument that holds one, or a newline, has it as '?'. */
#define QV_SAY_MSG '\x1f'
#define QV_SAY_ARG '\x1e'
/* A phrase (qv_phrase) is a piece of a line that says something of its own ("p2's covered
 * card on b4", "passing between c3 and c4"): its text, then QV_SAY_PHRASE, its format and
 * each argument after QV_SAY_PART, as a line's message holds them. Given as an argument of a
 * line, it is a part of the line's text by its text, and an argument of its message whole,
 * which a page words by the phrase's own format. Not within a phrase (there it is its text),
 * nor within a secret part. */
#define QV_SAY_PHRASE '\x1d'
#define QV_SAY_PART   '\x1c'

/* Appends one line (fmt without a newline). Does nothing when ev is NULL, so a game can narrate
 * unconditionally: the macro tests ev before the call, so that an apply given no qv_events (the
 * search, random playouts) neither builds the arguments nor calls (it cost a tactical THREE
 * ARROWS playout 23 instructions an action). ev is read twice: pass a plain variable. */
void qv_say(qv_events *ev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define qv_say(ev, ...) ((ev) ? qv_say((ev), __VA_ARGS__) : (void)0)
/* Writes the phrase fmt says into buf (len bytes with its '\0'), its message after its text
 * when there is room for both, else its text alone: an argument for a line of narration
 * (qv_say) or another phrase. Returns the length written. */
int qv_phrase(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* qv_say of a line that starts with mark (core.h's "@p2 ", game.h's qv_say_by), which its
 * message does not hold. */
void qv_vsay(qv_events *ev, const char *mark, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
/* Empties ev for the next action (keeps its memory). */
void qv_events_clear(qv_events *ev);
void qv_events_free(qv_events *ev);

/* ---- game parameters ----------------------------------------------------------------------- */

#define QV_MAX_PARAMS      16
#define QV_PARAM_KEY_MAX   32   /* one key, with its NUL */
#define QV_PARAM_VALUE_MAX 2048 /* one value, with its NUL */
#define QV_PARAMS_TEXT     4096 /* every key and value of a list, with their NULs */
/* Of QV_PARAMS_TEXT, what given parameters may not fill: the room qv_params_complete needs for
 * the defaults of the parameters not given (the keys and defaults of any game or agent kind
 * take less; test_core checks every one). */
#define QV_PARAMS_SPARE 512

/* What values a parameter takes. The readers below check a value against its kind and bounds,
 * GET /api/games sends both (a form is built from them), and the JSON of parameters
 * (qv_params_to_json) types each value by its kind. */
typedef enum qv_param_kind {
	QV_PARAM_TEXT,   /* text its owner parses (a deck list, a layout); `allowed` describes it */
	QV_PARAM_INT,    /* a whole number in [lo, hi]: lo, lo + step, ... */
	QV_PARAM_REAL,   /* a number in [lo, hi] */
	QV_PARAM_BOOL,   /* true or false */
	QV_PARAM_CHOICE, /* one of `choices` */
} qv_param_kind;

/* One parameter a game (or an agent) accepts, stated once: its kind and bounds or choices, from
 * which the readers check values and qv_param_allowed words them. `allowed` is a short human
 * description of the accepted values used in messages and help, for the parameters whose kind
 * and bounds do not say it all ("0-40 or auto (2 x players)", a deck list); NULL has it
 * generated ("2, 3 or 4", "a whole number from 50 to 5000", "standard or tactical"). */
typedef struct qv_param_def {
	const char *key;
	const char *def;
	const char *allowed;
	const char *help;
	qv_param_kind kind;
	/* INT and REAL: the bounds, both included. An INT whose bounds pass the range of a long
	 * (an agent's seed=, read by its own parser) states its own `allowed`. */
	double lo, hi;
	int step; /* INT: the values are lo, lo + step, ... (0 counts as 1) */
	/* NULL-terminated. CHOICE: the values. INT and TEXT: names accepted besides the numbers
	 * or the form (`auto`, a starter deck), or NULL. */
	const char *const *choices;
} qv_param_def;

/* A list of key=value pairs, as given by the user, kept as text. A plain value (no pointers):
 * copied by assignment, emptied by `= {0}` or setting n to 0. The keys and values lie one after
 * the other in `text`, so a list is 4 KiB whatever the length of one value (an Evons deck list
 * is up to about a thousand characters, most values a few): small enough for the stacks of the
 * server's request threads (docs/benchmarks.md, "The stack of a request"). Read entry i with
 * qv_params_key and qv_params_value. */
typedef struct qv_params {
	int n;
	int used; /* bytes of text taken (meaningless when n is 0) */
	struct {
		uint16_t key_at, value_at; /* offsets in text */
	} kv[QV_MAX_PARAMS];
	char text[QV_PARAMS_TEXT];
} qv_params;

/* The key and the value of entry i (0 <= i < p->n). */
const char *qv_params_key(const qv_params *p, int i);
const char *qv_params_value(const qv_params *p, int i);

/* Sets key to value, replacing an earlier value of the same key. Fails on an empty or too
 * long key or value, or when the list is full (QV_MAX_PARAMS keys, or QV_PARAMS_TEXT less
 * QV_PARAMS_SPARE characters of keys and values with a NUL each). */
qv_status qv_params_set(qv_params *p, const char *key, const char *value, qv_err *err);
/* Parses one "key=value" item, as typed by a person, and adds it. A key that p already holds
 * is refused, naming it (`size=7 size=8`, `--param` twice): typed input never replaces. */
qv_status qv_params_parse_kv(qv_params *p, const char *item, qv_err *err);
/* Parses "key=value,key=value,..." (as in agent specs) item by item as qv_params_parse_kv does,
 * so a key given twice is refused; an empty string is no parameters. */
qv_status qv_params_parse_list(qv_params *p, const char *list, qv_err *err);
/* The value of key, or NULL when it was not given. */
const char *qv_params_get(const qv_params *p, const char *key);
/* The definition of key in defs, or NULL when defs has none (so whether a game or an agent
 * kind takes a parameter: qv_param_find(g->params, g->nparams, "players")). */
const qv_param_def *qv_param_find(const qv_param_def *defs, int ndefs, const char *key);
/* Fails with "unknown parameter 'KEY' for WHAT (known: ...)", naming the keys of defs. */
qv_status qv_param_unknown(const qv_param_def *defs, int ndefs, const char *key, const char *what,
                           qv_err *err);
/* Fails, naming the key and the known keys, when p holds a key that defs does not list. */
qv_status qv_params_check_keys(const qv_params *p, const qv_param_def *defs, int ndefs,
                               const char *what, qv_err *err);
/* The human description of d's values: d->allowed, or words made from its kind and bounds
 * into buf (len bytes; 256 is always enough). */
const char *qv_param_allowed(const qv_param_def *d, char *buf, size_t len);
/* The kind's name as GET /api/games sends it: "integer", "real", "boolean", "choice", "text". */
const char *qv_param_kind_name(qv_param_kind kind);
/* Checks value against d's kind, bounds and choices (a TEXT value is its owner's to check);
 * fails with "bad value 'V' for KEY: expected ALLOWED". */
qv_status qv_param_check(const qv_param_def *d, const char *value, qv_err *err);
/* The typed readers: key's value in p, or its default from defs when p lacks it, checked by
 * qv_param_check against the definition of key in defs, which must be of the reader's kind. */
/* An INT parameter (not one of its names: its caller reads those first). */
qv_status qv_param_int(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                       long *out, qv_err *err);
/* A REAL parameter. */
qv_status qv_param_double(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                          double *out, qv_err *err);
/* A BOOL parameter. */
qv_status qv_param_bool(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                        bool *out, qv_err *err);
/* A CHOICE parameter; *out is the index of its value in the definition's choices. */
qv_status qv_param_choice(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                          int *out, qv_err *err);
/* Fills out with every parameter of defs: the given value or the default, in defs order. */
void qv_params_complete(const qv_params *p, const qv_param_def *defs, int ndefs, qv_params *out);

/* ---- directions and squares ----------------------------------------------------------------- */

/* The eight board directions, clockwise from north. N is towards the top rank. */
typedef enum qv_dir { QV_N, QV_NE, QV_E, QV_SE, QV_S, QV_SW, QV_W, QV_NW, QV_NDIRS } qv_dir;

extern const int qv_dir_dx[QV_NDIRS];            /* file step: +1 east */
extern const int qv_dir_dy[QV_NDIRS];            /* rank step: +1 north */
extern const char *const qv_dir_names[QV_NDIRS]; /* "N", "NE", ... */

/* d turned clockwise by `steps` eighths of a turn (steps may be negative). */
static inline qv_dir qv_dir_rot(qv_dir d, int steps)
{
	return (qv_dir)((((int)d + steps) % 8 + 8) % 8);
}
static inline qv_dir qv_dir_opp(qv_dir d) { return qv_dir_rot(d, 4); }
/* Parses "N", "ne", ... (case-insensitive); returns -1 if text is not a direction. */
int qv_dir_parse(const char *text);

/* A square named chess-like: file letter then rank number from 1 ("a1" is south-west).
 * Writes the name of (file, rank), 0-based, into buf (at least 4 bytes). */
void qv_sq_name(int file, int rank, char *buf);
/* Parses a square on a width x height board (case-insensitive). Returns QV_OK or QV_EINVAL
 * with a message naming the accepted range, e.g. "a1-f6". */
qv_status qv_sq_parse(const char *text, int width, int height, int *file, int *rank, qv_err *err);

/* ---- text helpers --------------------------------------------------------------------------- */

/* Splits line in place at blanks into at most max tokens; returns the count, or max + 1 when
 * there were more tokens than max. */
int qv_split(char *line, char **tok, int max);
/* The n words w joined by single spaces into buf, as snprintf would write them (cut to len
 * bytes with its NUL; the whole text's length returned): for notation asked in hot loops (the
 * legal actions of every view), where snprintf's reading of its format cost more than the
 * rest of the text. */
int qv_join(char *buf, size_t len, int n, const char *const *w);
/* The first step of a game's action_from_text: copies text into line (len bytes) and splits it
 * into at most max tokens (*n gets qv_split's count). A text too long for line, or an empty
 * one, fails with QV_EINVAL and a message ending "expected one of <forms>". */
qv_status qv_action_split(const char *text, char *line, size_t len, char **tok, int max,
                          const char *forms, int *n, qv_err *err);
/* The next item of a comma-separated list (as in a parameter value "a, b,c"): reads from *p,
 * copies the item without its surrounding spaces into tok (cut to size - 1 characters; *len
 * gets its whole length, 0 for an empty item) and moves *p past the comma. Returns false when
 * the list is done; an empty string is one empty item. Start with *p at the list's text. */
bool qv_list_next(const char **p, char *tok, size_t size, size_t *len);
/* Levenshtein distance between a and b, case-insensitive, capped at 255. */
int qv_edit_distance(const char *a, const char *b);
/* The nearest of candidates offered one by one ("did you mean"): candidate, at distance d,
 * joins item[] and dist[] (room for cap, *n kept so far) in order of distance, after those
 * already kept at the same distance, so that the first offered of equals comes first; past cap
 * the farthest is dropped. */
void qv_nearest_keep(int *item, int *dist, int *n, int cap, int candidate, int d);
/* Case-insensitive ASCII equality. */
bool qv_streq_nocase(const char *a, const char *b);
/* Copies src into dst, which has room for size bytes: cut to fit, always terminated (when
 * size > 0); NULL copies as "". snprintf(dst, size, "%s", src) without the formatting. */
void qv_copy(char *dst, size_t size, const char *src);
/* Parses a whole decimal integer (optional sign); false on junk or overflow. */
bool qv_parse_long(const char *text, long *out);
/* Text as a message may quote it: whole when it has at most max characters (UTF-8), otherwise
 * its first max characters and "…", so a pasted page of junk is not echoed back whole.
 * Writes into buf (len bytes; max * 4 + 4 is always enough) and returns buf. */
const char *qv_shorten(const char *text, size_t max, char *buf, size_t len);
/* The length messages quote typed input to (qv_shorten). */
#define QV_QUOTE_MAX 60
/* x, or a plain zero when x would print as zero with `decimals` digits after the point, so that
 * a negative zero or a tiny negative (rounding noise) prints "0.000", never "-0.000". */
double qv_clean_zero(double x, int decimals);

#endif
