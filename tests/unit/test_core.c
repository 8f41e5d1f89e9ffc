/*
 * test_core.c - unit tests of the core layer: RNG, text buffer, parameters, squares and
 * directions, text helpers, and the rank helpers of game.c.
 */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/fields.h"
#include "core/fmt.h"
#include "core/lncount.h"
#include "core/mathfn.h"
#include "games/deck.h"
#include "gametest.h"
#include "quiver/core.h"
#include "quiver/game.h"
#include "quiver/match.h"

#include <jansson.h>

/* ---- RNG ---- */

/* The same seed gives the same stream; another seed gives another. */
static void test_rng_determinism(void **state)
{
	(void)state;
	qv_rng a, b, c;
	qv_rng_seed(&a, 42);
	qv_rng_seed(&b, 42);
	qv_rng_seed(&c, 43);
	int differ = 0;
	for (int i = 0; i < 1000; i++) {
		uint64_t x = qv_rng_next(&a), y = qv_rng_next(&b), z = qv_rng_next(&c);
		assert_true(x == y);
		differ += x != z;
	}
	assert_true(differ > 990);
	/* Copying an RNG forks the stream: both continue identically. */
	qv_rng d = a;
	for (int i = 0; i < 10; i++)
		assert_true(qv_rng_next(&a) == qv_rng_next(&d));
	assert_true(qv_seed_mix(1, 2) != qv_seed_mix(2, 1));
	assert_true(qv_seed_mix(1, 2) == qv_seed_mix(1, 2));
}

/* qv_rng_below stays in [0, n) for small, odd and huge n; n = 1 always gives 0. */
static void test_rng_below_range(void **state)
{
	(void)state;
	qv_rng r;
	qv_rng_seed(&r, 7);
	const uint32_t ns[] = {1, 2, 3, 7, 1000, 0x80000001u, UINT32_MAX};
	for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
		for (int i = 0; i < 2000; i++)
			assert_true(qv_rng_below(&r, ns[k]) < ns[k]);
	for (int i = 0; i < 100; i++)
		assert_int_equal(qv_rng_below(&r, 1), 0);
	for (int i = 0; i < 10000; i++) {
		double x = qv_rng_double(&r);
		assert_true(x >= 0.0 && x < 1.0);
	}
}

/* Each face of a die comes up about a sixth of the time (a loose bound: about 6.5 standard
 * deviations, so the test never flickers, yet any bias of a few percent fails). */
/* qv_shuffle_bytes keeps the bytes and reaches every order of three about equally often. */
static void test_shuffle_bytes(void **state)
{
	(void)state;
	qv_rng r;
	qv_rng_seed(&r, 5);
	int seen[3][3][3] = {{{0}}};
	for (int k = 0; k < 6000; k++) {
		uint8_t a[3] = {0, 1, 2};
		qv_shuffle_bytes(a, 3, &r);
		assert_int_equal(a[0] + a[1] + a[2], 3);
		assert_true(a[0] != a[1] && a[1] != a[2] && a[0] != a[2]);
		seen[a[0]][a[1]][a[2]]++;
	}
	int orders = 0;
	for (int x = 0; x < 3; x++)
		for (int y = 0; y < 3; y++)
			for (int z = 0; z < 3; z++)
				if (seen[x][y][z]) {
					orders++;
					assert_in_range(seen[x][y][z], 850, 1150);
				}
	assert_int_equal(orders, 6);
	uint8_t one = 7;
	qv_shuffle_bytes(&one, 1, &r);
	qv_shuffle_bytes(&one, 0, &r);
	assert_int_equal(one, 7);
}

static void test_rng_below_uniform(void **state)
{
	(void)state;
	qv_rng r;
	qv_rng_seed(&r, 12345);
	int count[6] = {0};
	for (int i = 0; i < 60000; i++)
		count[qv_rng_below(&r, 6)]++;
	for (int f = 0; f < 6; f++)
		assert_in_range(count[f], 10000 - 600, 10000 + 600);
	/* Both halves of a non-power-of-two range are hit evenly too. */
	int low = 0;
	for (int i = 0; i < 20000; i++)
		low += qv_rng_below(&r, 3000000000u) < 1500000000u;
	assert_in_range(low, 10000 - 700, 10000 + 700);
}

/* ---- errors ---- */

static void test_fail_and_strerror(void **state)
{
	(void)state;
	qv_err err;
	assert_int_equal(qv_fail(&err, QV_EINVAL, "bad %s %d", "thing", 3), QV_EINVAL);
	assert_string_equal(err.msg, "bad thing 3");
	assert_int_equal(qv_fail(NULL, QV_EIO, "ignored"), QV_EIO);
	assert_string_equal(qv_strerror(QV_OK), "ok");
	assert_string_equal(qv_strerror(QV_EILLEGAL), "illegal action");
	assert_string_equal(qv_strerror(-99), "unknown error");
}

/* ---- text buffer ---- */

/* The line's worded text and message for viewer, each into its own buffer. */
static void word_both(const qv_events *ev, int viewer, qv_buf *text, qv_buf *msg)
{
	const char *s = qv_buf_str(&ev->text);
	size_t len = strcspn(s, "\n");
	qv_buf_clear(text);
	qv_buf_clear(msg);
	qv_word_line(s, len, viewer, text);
	qv_word_message(s, len, viewer, msg);
}

/* qv_fmt writes what snprintf writes, and returns what it returns, into every room from none
 * to more than enough: plain conversions (written by qv_fmt) and others (given to vsnprintf). */
#define SAME_AS_SNPRINTF(fmt, ...)                                                                 \
	do {                                                                                       \
		char want[96], got[96];                                                            \
		for (size_t len = 0; len < sizeof want; len++) {                                   \
			memset(want, 'x', sizeof want);                                            \
			memset(got, 'x', sizeof got);                                              \
			int w = snprintf(len ? want : NULL, len, fmt, __VA_ARGS__);                \
			int g = qv_fmt(len ? got : NULL, len, fmt, __VA_ARGS__);                   \
			assert_int_equal(g, w);                                                    \
			assert_memory_equal(got, want, sizeof want);                               \
		}                                                                                  \
	} while (0)

static void test_fmt(void **unused)
{
	(void)unused;
	const char *volatile none = NULL; /* not seen as NULL by the format checks */
	SAME_AS_SNPRINTF("%s", "plain");
	SAME_AS_SNPRINTF("conflict %s %d/%d (%s)", "c5", 3, 12, "falls");
	SAME_AS_SNPRINTF("%d %i %d %d", INT_MIN, INT_MAX, 0, -7);
	SAME_AS_SNPRINTF("%u%u and 100%% %c%c", 0u, UINT_MAX, 'x', '?');
	SAME_AS_SNPRINTF("[%s] %s", "", none);
	SAME_AS_SNPRINTF("%c in the middle", '\0');
	SAME_AS_SNPRINTF("not plain: %02d %-4s| %x %ld %.*s %5.2f", 7, "ab", 255u, -9L, 3, "abcdef",
	                 2.5);
	SAME_AS_SNPRINTF("%s then %03d", "plain", 4);
	SAME_AS_SNPRINTF("%s",
	                 "a text longer than some of the rooms it is written into, to be cut");
	char buf[8];
	assert_int_equal(qv_fmt(buf, sizeof buf, "no conversion"), 13);
	assert_string_equal(buf, "no conv");
}

/* A narration line carries its message: the format and its arguments, those of a secret part
 * told only to whom the text tells it. */
static void test_say_message(void **unused)
{
	(void)unused;
	qv_events ev = {0}, *e = &ev;
	qv_buf text = {0}, msg = {0};
	qv_say(e, "turn %d: p%d draws {%x:%s|a card}", 3, 1, 1u, "striker-r");
	assert_string_equal(qv_buf_str(&ev.text), "turn 3: p1 draws {1:striker-r|a card}\x1f"
	                                          "turn %d: p%d draws {%x:%s|a card}\x1e"
	                                          "3\x1e"
	                                          "1\x1e{1:1|}\x1e{1:striker-r|}\n");
	word_both(&ev, 0, &text, &msg);
	assert_string_equal(qv_buf_str(&text), "turn 3: p1 draws striker-r");
	assert_string_equal(qv_buf_str(&msg), "turn %d: p%d draws {%x:%s|a card}\x1e"
	                                      "3\x1e"
	                                      "1\x1e"
	                                      "1\x1estriker-r");
	word_both(&ev, 1, &text, &msg);
	assert_string_equal(qv_buf_str(&text), "turn 3: p1 draws a card");
	assert_string_equal(qv_buf_str(&msg), "turn %d: p%d draws {%x:%s|a card}\x1e"
	                                      "3\x1e"
	                                      "1\x1e\x1e");
	assert_null(strstr(qv_buf_str(&msg), "striker"));
	word_both(&ev, QV_VIEW_ALL, &text, &msg);
	assert_non_null(strstr(qv_buf_str(&msg), "striker-r"));

	/* a public reading's argument, a mark the message does not hold, '%%', '%.*s', and the
	 * bytes that would end a message or a secret part */
	qv_events_clear(&ev);
	qv_say_by(e, 1, "p%d is dealt {%c:%s|%d card%s} at 100%% %.*s", 2, '2', "a|b", 3, "s", 3,
	          "new\nline\x1e");
	const char *s = qv_buf_str(&ev.text);
	assert_int_equal(qv_line_about(s, strlen(s)), 1);
	assert_string_equal(s, "@p2 p2 is dealt {2:a|b|3 cards} at 100% new\x1f"
	                       "p%d is dealt {%c:%s|%d card%s} at 100%% %.*s\x1e"
	                       "2\x1e{2:2|}\x1e{2:a?b|}\x1e{2:|3}\x1e{2:|s}\x1enew\n");
	word_both(&ev, 0, &text, &msg);
	assert_string_equal(qv_buf_str(&msg), "p%d is dealt {%c:%s|%d card%s} at 100%% %.*s\x1e"
	                                      "2\x1e\x1e\x1e"
	                                      "3\x1es\x1enew");
	/* the words of a secret the viewer may not read are not in its format either */
	qv_events_clear(&ev);
	qv_say(e, "p%d {%x:buys %s for 100%%|takes a card}", 1, 1u, "star-s");
	word_both(&ev, 1, &text, &msg);
	assert_string_equal(qv_buf_str(&text), "p1 takes a card");
	assert_string_equal(qv_buf_str(&msg), "p%d {%x:%s|takes a card}\x1e"
	                                      "1\x1e\x1e");
	word_both(&ev, 0, &text, &msg);
	assert_string_equal(qv_buf_str(&msg), "p%d {%x:buys %s for 100%%|takes a card}\x1e"
	                                      "1\x1e"
	                                      "1\x1estar-s");
	qv_events_clear(&ev);
	qv_say(e, "%s",
	       "a\x1f"
	       "b\nc");
	assert_string_equal(qv_buf_str(&ev.text), "a?b?c\x1f%s\x1e"
	                                          "a?b?c\n");
	qv_buf_free(&text);
	qv_buf_free(&msg);
	qv_events_free(&ev);
}

static void test_buf(void **state)
{
	(void)state;
	qv_buf b = {0};
	assert_string_equal(qv_buf_str(&b), "");
	qv_buf_puts(&b, "abc");
	qv_buf_putc(&b, '-');
	qv_buf_printf(&b, "%d/%s", 12, "x");
	assert_string_equal(qv_buf_str(&b), "abc-12/x");
	assert_int_equal(b.len, 8);
	/* Growing well past the first allocation keeps everything. */
	for (int i = 0; i < 1000; i++)
		qv_buf_printf(&b, "%03d", i % 1000);
	assert_int_equal(b.len, 8 + 3000);
	assert_memory_equal(b.s + 8, "000001002", 9);
	assert_false(b.failed);
	/* A text longer than the room left is formatted again once the buffer has grown. */
	char long_text[5000];
	memset(long_text, 'y', sizeof long_text - 1);
	long_text[sizeof long_text - 1] = '\0';
	size_t before = b.len;
	qv_buf_printf(&b, "<%s>", long_text);
	assert_int_equal(b.len, before + 5001);
	assert_int_equal(b.s[before], '<');
	assert_int_equal(b.s[b.len - 1], '>');
	assert_int_equal(b.s[b.len], '\0');
	assert_int_equal(b.s[before + 4999], 'y');
	qv_buf_clear(&b);
	assert_string_equal(qv_buf_str(&b), "");
	assert_int_equal(b.len, 0);
	qv_buf_puts(&b, "again");
	assert_string_equal(qv_buf_str(&b), "again");
	qv_buf_free(&b);
	assert_null(b.s);
	assert_int_equal(b.len, 0);
}

/* ---- parameters ---- */

static const char *const modes[] = {"standard", "tactical", NULL};
static const char *const autos[] = {"auto", NULL};
static const char *const decks[] = {"blaze", "bedrock", NULL};

/* One parameter of every kind, each stated once with its bounds or choices. */
static const qv_param_def defs[] = {
    {.key = "players",
     .def = "2",
     .help = "number of players",
     .kind = QV_PARAM_INT,
     .lo = 2,
     .hi = 4},
    {.key = "mode",
     .def = "standard",
     .help = "rules variant",
     .kind = QV_PARAM_CHOICE,
     .choices = modes},
    {.key = "time", .def = "1.5", .help = "seconds", .kind = QV_PARAM_REAL, .lo = 0, .hi = 60},
    {.key = "rounds",
     .def = "10",
     .help = "rounds",
     .kind = QV_PARAM_INT,
     .lo = 2,
     .hi = 10,
     .step = 2},
    {.key = "max_turns", .def = "400", .help = "cap", .kind = QV_PARAM_INT, .lo = 50, .hi = 5000},
    {.key = "shuffle", .def = "true", .help = "shuffles", .kind = QV_PARAM_BOOL},
    {.key = "stars",
     .def = "auto",
     .help = "stars",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 40,
     .choices = autos},
    {.key = "deck",
     .def = "blaze",
     .allowed = "blaze, bedrock, or a list of card ids",
     .help = "a deck",
     .kind = QV_PARAM_TEXT,
     .choices = decks},
};
enum { NDEFS = (int)(sizeof defs / sizeof defs[0]) };

static void test_params_set_get(void **state)
{
	(void)state;
	qv_params p = {0};
	qv_err err;
	assert_int_equal(qv_params_set(&p, "players", "3", &err), QV_OK);
	assert_int_equal(qv_params_set(&p, "mode", "tactical", &err), QV_OK);
	assert_int_equal(qv_params_set(&p, "players", "4", &err), QV_OK); /* replaces */
	assert_int_equal(p.n, 2);
	assert_string_equal(qv_params_get(&p, "players"), "4");
	assert_null(qv_params_get(&p, "size"));
	assert_null(qv_params_get(NULL, "size"));

	assert_int_equal(qv_params_set(&p, "", "1", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "key=value"));
	assert_int_equal(qv_params_set(&p, "size", "", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "size"));
	char longkey[QV_PARAM_KEY_MAX + 5];
	memset(longkey, 'k', sizeof longkey - 1);
	longkey[sizeof longkey - 1] = '\0';
	assert_int_equal(qv_params_set(&p, longkey, "1", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "too long"));

	qv_params full = {0};
	for (int i = 0; i < QV_MAX_PARAMS; i++) {
		char key[16];
		snprintf(key, sizeof key, "k%d", i);
		assert_int_equal(qv_params_set(&full, key, "v", &err), QV_OK);
	}
	assert_int_equal(qv_params_set(&full, "one_more", "v", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "too many"));
	assert_int_equal(qv_params_set(&full, "k3", "w", &err), QV_OK); /* replacing still works */
}

/* The list keeps its text in 4 KiB: long values (Evons deck lists) fit, replacing a value
 * takes no room, the total is bounded with a message, copies are independent, and every
 * game's defaults fit in the room kept for them. */
static void test_params_text(void **state)
{
	(void)state;
	assert_true(sizeof(qv_params) <= QV_PARAMS_TEXT + 128);
	qv_err err;
	/* Two decks of 60 of the longest card ids, as typed with ", " between them. */
	char deck[60 * 16];
	size_t n = 0;
	for (int i = 0; i < 60; i++)
		n += (size_t)snprintf(deck + n, sizeof deck - n, "%s%s", i ? ", " : "",
		                      "mountain-titan");
	qv_params p = {0};
	assert_int_equal(qv_params_set(&p, "deck1", deck, &err), QV_OK);
	assert_int_equal(qv_params_set(&p, "deck2", deck, &err), QV_OK);
	assert_int_equal(qv_params_set(&p, "shuffle", "false", &err), QV_OK);
	assert_string_equal(qv_params_get(&p, "deck1"), deck);
	assert_string_equal(qv_params_get(&p, "deck2"), deck);
	/* Replacing values over and over takes no more room. */
	for (int i = 0; i < 200; i++)
		assert_int_equal(qv_params_set(&p, "deck1", i % 2 ? "blaze" : deck, &err), QV_OK);
	assert_string_equal(qv_params_get(&p, "deck1"), "blaze");
	assert_string_equal(qv_params_get(&p, "deck2"), deck);
	assert_string_equal(qv_params_get(&p, "shuffle"), "false");
	assert_string_equal(qv_params_key(&p, 0), "deck1");
	assert_string_equal(qv_params_key(&p, 2), "shuffle");
	/* A copy is a value of its own. */
	qv_params copy = p;
	assert_int_equal(qv_params_set(&p, "shuffle", "true", &err), QV_OK);
	assert_string_equal(qv_params_get(&copy, "shuffle"), "false");
	assert_string_equal(qv_params_get(&copy, "deck2"), deck);

	/* One value at its limit fits; one more character does not. */
	char *big = malloc(QV_PARAM_VALUE_MAX + 1);
	assert_non_null(big);
	memset(big, 'x', QV_PARAM_VALUE_MAX);
	big[QV_PARAM_VALUE_MAX] = '\0';
	qv_params q = {0};
	assert_int_equal(qv_params_set(&q, "a", big, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "too long (at most 2047 characters)"));
	big[QV_PARAM_VALUE_MAX - 1] = '\0';
	assert_int_equal(qv_params_set(&q, "a", big, &err), QV_OK);
	/* The keys and values of a list together are bounded: refused, the list unchanged. */
	assert_int_equal(qv_params_set(&q, "b", big, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "'b' does not fit"));
	assert_non_null(strstr(err.msg, "3584 characters in all"));
	assert_int_equal(q.n, 1);
	assert_string_equal(qv_params_get(&q, "a"), big);
	assert_int_equal(qv_params_set(&q, "b", deck, &err), QV_OK);
	/* Emptied by n = 0, the whole room is there again. */
	q.n = 0;
	assert_int_equal(qv_params_set(&q, "mode", big, &err), QV_OK);
	assert_int_equal(qv_params_set(&q, "players", deck, &err), QV_OK);
	assert_null(qv_params_get(&q, "a"));
	/* Completed with defaults, a full list keeps every given value. */
	qv_params all;
	qv_params_complete(&q, defs, NDEFS, &all);
	assert_int_equal(all.n, NDEFS);
	assert_string_equal(qv_params_get(&all, "mode"), big);
	assert_string_equal(qv_params_get(&all, "players"), deck);
	assert_string_equal(qv_params_get(&all, "time"), "1.5");
	free(big);

	/* Every game's keys and defaults fit in the room kept for them. */
	for (int g = 0; qv_games[g]; g++) {
		size_t need = 0;
		for (int i = 0; i < qv_games[g]->nparams; i++)
			need +=
			    strlen(qv_games[g]->params[i].key) + 1 +
			    strlen(qv_games[g]->params[i].def ? qv_games[g]->params[i].def : "") +
			    1;
		if (need > QV_PARAMS_SPARE)
			fail_msg("%s: defaults take %zu bytes, more than QV_PARAMS_SPARE",
			         qv_games[g]->name, need);
	}
}

static void test_params_parse(void **state)
{
	(void)state;
	qv_params p = {0};
	qv_err err;
	assert_int_equal(qv_params_parse_kv(&p, "size=7", &err), QV_OK);
	assert_string_equal(qv_params_get(&p, "size"), "7");
	assert_int_equal(qv_params_parse_kv(&p, "a=b=c", &err), QV_OK);
	assert_string_equal(qv_params_get(&p, "a"), "b=c");
	assert_int_equal(qv_params_parse_kv(&p, "size", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "key=value"));
	assert_int_equal(qv_params_parse_kv(&p, "=3", &err), QV_EINVAL);

	qv_params q = {0};
	assert_int_equal(qv_params_parse_list(&q, "", &err), QV_OK);
	assert_int_equal(q.n, 0);
	assert_int_equal(qv_params_parse_list(&q, "seed=5,time=2", &err), QV_OK);
	assert_int_equal(q.n, 2);
	assert_string_equal(qv_params_get(&q, "seed"), "5");
	assert_string_equal(qv_params_get(&q, "time"), "2");
	qv_params r = {0};
	assert_int_equal(qv_params_parse_list(&r, "seed=5,", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "trailing"));
	r.n = 0;
	assert_int_equal(qv_params_parse_list(&r, "seed=5,,x=1", &err), QV_EINVAL);
	r.n = 0;
	assert_int_equal(qv_params_parse_list(&r, "seed", &err), QV_EINVAL);

	/* A key typed twice is refused, naming it and both values; the first value stays. */
	assert_int_equal(qv_params_parse_kv(&p, "size=8", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "'size' is given twice"));
	assert_non_null(strstr(err.msg, "size=7 and size=8"));
	assert_string_equal(qv_params_get(&p, "size"), "7");
	qv_params s = {0};
	assert_int_equal(qv_params_parse_list(&s, "seed=1,time=2,seed=2", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "'seed' is given twice"));
	/* Setting by program still replaces. */
	assert_int_equal(qv_params_set(&p, "size", "8", &err), QV_OK);
	assert_string_equal(qv_params_get(&p, "size"), "8");
}

static void test_params_typed(void **state)
{
	(void)state;
	qv_params p = {0};
	qv_err err;
	long n;
	double d;
	int c;
	bool b;

	/* Defaults when absent. */
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "players", &n, &err), QV_OK);
	assert_int_equal(n, 2);
	assert_int_equal(qv_param_double(&p, defs, NDEFS, "time", &d, &err), QV_OK);
	assert_true(d == 1.5);
	assert_int_equal(qv_param_choice(&p, defs, NDEFS, "mode", &c, &err), QV_OK);
	assert_int_equal(c, 0);
	assert_int_equal(qv_param_bool(&p, defs, NDEFS, "shuffle", &b, &err), QV_OK);
	assert_true(b);

	/* Given values. */
	qv_params_set(&p, "players", "4", NULL);
	qv_params_set(&p, "mode", "tactical", NULL);
	qv_params_set(&p, "time", "0.25", NULL);
	qv_params_set(&p, "shuffle", "false", NULL);
	qv_params_set(&p, "rounds", "6", NULL);
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "players", &n, &err), QV_OK);
	assert_int_equal(n, 4);
	assert_int_equal(qv_param_choice(&p, defs, NDEFS, "mode", &c, &err), QV_OK);
	assert_int_equal(c, 1);
	assert_int_equal(qv_param_double(&p, defs, NDEFS, "time", &d, &err), QV_OK);
	assert_true(d == 0.25);
	assert_int_equal(qv_param_bool(&p, defs, NDEFS, "shuffle", &b, &err), QV_OK);
	assert_false(b);
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "rounds", &n, &err), QV_OK);
	assert_int_equal(n, 6);

	/* Bad values: the bounds come from the definition; the message names the key, the value
	 * and what is allowed, worded from the kind and bounds. */
	qv_params_set(&p, "players", "5", NULL);
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "players", &n, &err), QV_EINVAL);
	assert_string_equal(err.msg, "bad value '5' for players: expected 2, 3 or 4");
	qv_params_set(&p, "players", "1", NULL);
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "players", &n, &err), QV_EINVAL);
	qv_params_set(&p, "players", "3x", NULL);
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "players", &n, &err), QV_EINVAL);
	qv_params_set(&p, "rounds", "7", NULL); /* within the bounds, off the step */
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "rounds", &n, &err), QV_EINVAL);
	assert_string_equal(err.msg, "bad value '7' for rounds: expected 2, 4, 6, 8 or 10");
	qv_params_set(&p, "max_turns", "49", NULL);
	assert_int_equal(qv_param_int(&p, defs, NDEFS, "max_turns", &n, &err), QV_EINVAL);
	assert_string_equal(
	    err.msg, "bad value '49' for max_turns: expected a whole number from 50 to 5000");
	qv_params_set(&p, "mode", "blitz", NULL);
	assert_int_equal(qv_param_choice(&p, defs, NDEFS, "mode", &c, &err), QV_EINVAL);
	assert_string_equal(err.msg, "bad value 'blitz' for mode: expected standard or tactical");
	qv_params_set(&p, "time", "-1", NULL);
	assert_int_equal(qv_param_double(&p, defs, NDEFS, "time", &d, &err), QV_EINVAL);
	assert_string_equal(err.msg, "bad value '-1' for time: expected a number from 0 to 60");
	qv_params_set(&p, "time", "1.5s", NULL);
	assert_int_equal(qv_param_double(&p, defs, NDEFS, "time", &d, &err), QV_EINVAL);
	qv_params_set(&p, "time", "nan", NULL);
	assert_int_equal(qv_param_double(&p, defs, NDEFS, "time", &d, &err), QV_EINVAL);
	qv_params_set(&p, "shuffle", "yes", NULL);
	assert_int_equal(qv_param_bool(&p, defs, NDEFS, "shuffle", &b, &err), QV_EINVAL);
	assert_string_equal(err.msg, "bad value 'yes' for shuffle: expected true or false");
}

static void test_params_kinds(void **state)
{
	(void)state;
	char buf[256];
	qv_err err;
	/* The words made from kind and bounds, and a definition's own words kept. */
	assert_string_equal(qv_param_allowed(&defs[0], buf, sizeof buf), "2, 3 or 4");
	assert_string_equal(qv_param_allowed(&defs[1], buf, sizeof buf), "standard or tactical");
	assert_string_equal(qv_param_allowed(&defs[6], buf, sizeof buf),
	                    "a whole number from 0 to 40 or auto");
	assert_string_equal(qv_param_allowed(&defs[7], buf, sizeof buf),
	                    "blaze, bedrock, or a list of card ids");
	assert_string_equal(qv_param_kind_name(defs[0].kind), "integer");
	assert_string_equal(qv_param_kind_name(defs[2].kind), "real");
	assert_string_equal(qv_param_kind_name(defs[5].kind), "boolean");
	assert_string_equal(qv_param_kind_name(defs[1].kind), "choice");
	assert_string_equal(qv_param_kind_name(defs[7].kind), "text");

	/* An integer's names are accepted in any case; text is its owner's to check. */
	assert_int_equal(qv_param_check(&defs[6], "AUTO", &err), QV_OK);
	assert_int_equal(qv_param_check(&defs[6], "40", &err), QV_OK);
	assert_int_equal(qv_param_check(&defs[6], "41", &err), QV_EINVAL);
	assert_int_equal(qv_param_check(&defs[7], "anything", &err), QV_OK);
	/* A long value is quoted shortened. */
	char junk[400];
	memset(junk, 'x', sizeof junk - 1);
	junk[sizeof junk - 1] = '\0';
	assert_int_equal(qv_param_check(&defs[1], junk, &err), QV_EINVAL);
	assert_null(strstr(err.msg, junk));
	assert_non_null(strstr(err.msg, "expected standard or tactical"));

	assert_ptr_equal(qv_param_find(defs, NDEFS, "mode"), &defs[1]);
	assert_null(qv_param_find(defs, NDEFS, "colour"));
}

/* Reads text as JSON into params; the status, with the message in err. */
static qv_status from_json(const char *text, qv_params *out, qv_err *err)
{
	json_error_t jerr;
	json_t *j = json_loads(text, 0, &jerr);
	assert_non_null(j);
	qv_status rc = qv_params_from_json(j, defs, NDEFS, "the test game", out, err);
	json_decref(j);
	return rc;
}

static void test_params_json(void **state)
{
	(void)state;
	qv_params p = {0}, q;
	qv_err err;
	/* Each value typed by its kind: a whole number as an integer (a name as a string), a
	 * real as a number, a boolean as true/false, choices and text as strings. */
	qv_params_set(&p, "players", "3", NULL);
	qv_params_set(&p, "mode", "tactical", NULL);
	qv_params_set(&p, "time", "0.5", NULL);
	qv_params_set(&p, "shuffle", "false", NULL);
	qv_params_set(&p, "stars", "auto", NULL);
	qv_params_set(&p, "deck", "12", NULL);
	json_t *j = qv_params_to_json(&p, defs, NDEFS);
	char *text = json_dumps(j, JSON_COMPACT);
	assert_string_equal(text, "{\"players\":3,\"mode\":\"tactical\",\"time\":0.5,"
	                          "\"shuffle\":false,\"stars\":\"auto\",\"deck\":\"12\"}");
	free(text);
	/* and back: the same parameters */
	assert_int_equal(qv_params_from_json(j, defs, NDEFS, "the test game", &q, &err), QV_OK);
	json_decref(j);
	assert_int_equal(q.n, p.n);
	for (int i = 0; i < p.n; i++) {
		assert_string_equal(qv_params_key(&q, i), qv_params_key(&p, i));
		assert_string_equal(qv_params_value(&q, i), qv_params_value(&p, i));
	}
	/* Strings are the text form of any kind; NULL is no parameters. */
	assert_int_equal(
	    from_json("{\"players\": \"4\", \"shuffle\": \"true\", \"time\": 2}", &q, &err), QV_OK);
	assert_string_equal(qv_params_get(&q, "players"), "4");
	assert_string_equal(qv_params_get(&q, "time"), "2");
	assert_int_equal(qv_params_from_json(NULL, defs, NDEFS, "x", &q, &err), QV_OK);
	assert_int_equal(q.n, 0);

	/* Wrong types, out of bounds, unknown keys: refused, naming the key and the form. */
	assert_int_equal(from_json("{\"players\": true}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg, "params.players: expected 2, 3 or 4, not true/false");
	assert_int_equal(from_json("{\"shuffle\": 1}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg, "params.shuffle: expected true or false, not a number");
	assert_int_equal(from_json("{\"mode\": [\"standard\"]}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg, "params.mode: expected standard or tactical, not an array");
	assert_int_equal(from_json("{\"deck\": null}", &q, &err), QV_EINVAL);
	assert_string_equal(
	    err.msg, "params.deck: expected blaze, bedrock, or a list of card ids, not null");
	assert_int_equal(from_json("{\"players\": 9}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg, "params: bad value '9' for players: expected 2, 3 or 4");
	assert_int_equal(from_json("{\"time\": 60.5}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg,
	                    "params: bad value '60.5' for time: expected a number from 0 to 60");
	assert_int_equal(from_json("{\"rounds\": \"5\"}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg, "params: bad value '5' for rounds: expected 2, 4, 6, 8 or 10");
	assert_int_equal(from_json("{\"mode\": \"standard\", \"colour\": 1}", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg,
	                    "params: unknown parameter 'colour' for the test game (known: "
	                    "players, mode, time, rounds, max_turns, shuffle, stars, deck)");
	assert_int_equal(from_json("[1]", &q, &err), QV_EINVAL);
	assert_string_equal(err.msg, "params: expected an object of key: value");
}

static void test_params_check_and_complete(void **state)
{
	(void)state;
	qv_params p = {0};
	qv_err err;
	qv_params_set(&p, "mode", "tactical", NULL);
	assert_int_equal(qv_params_check_keys(&p, defs, NDEFS, "three-arrows", &err), QV_OK);
	assert_int_equal(qv_params_check_keys(NULL, defs, NDEFS, "x", &err), QV_OK);
	qv_params_set(&p, "colour", "red", NULL);
	assert_int_equal(qv_params_check_keys(&p, defs, NDEFS, "three-arrows", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "colour"));
	assert_non_null(strstr(err.msg, "players, mode, time, rounds"));
	assert_int_equal(qv_params_check_keys(&p, defs, 0, "random", &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "no parameters"));

	qv_params all;
	qv_params_complete(&p, defs, NDEFS, &all);
	assert_int_equal(all.n, NDEFS);
	assert_string_equal(qv_params_key(&all, 0), "players");
	assert_string_equal(qv_params_value(&all, 0), "2");
	assert_string_equal(qv_params_value(&all, 1), "tactical");
	assert_string_equal(qv_params_value(&all, 2), "1.5");
}

/* ---- squares and directions ---- */

static void test_squares(void **state)
{
	(void)state;
	int f, r;
	qv_err err;
	assert_int_equal(qv_sq_parse("a1", 6, 6, &f, &r, &err), QV_OK);
	assert_int_equal(f, 0);
	assert_int_equal(r, 0);
	assert_int_equal(qv_sq_parse("F6", 6, 6, &f, &r, &err), QV_OK);
	assert_int_equal(f, 5);
	assert_int_equal(r, 5);
	assert_int_equal(qv_sq_parse("h8", 8, 8, &f, &r, &err), QV_OK);
	assert_int_equal(f, 7);
	assert_int_equal(r, 7);

	const char *bad_form[] = {"", "a", "1a", "aa1", "a1x", "a+1", "a 1", "a-1"};
	for (size_t i = 0; i < sizeof bad_form / sizeof bad_form[0]; i++) {
		assert_int_equal(qv_sq_parse(bad_form[i], 6, 6, &f, &r, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "a1-f6"));
	}
	const char *off[] = {"g1", "a7", "a0", "z9"};
	for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
		assert_int_equal(qv_sq_parse(off[i], 6, 6, &f, &r, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "a1-f6"));
	}

	char name[4];
	qv_sq_name(2, 3, name);
	assert_string_equal(name, "c4");
	qv_sq_name(7, 7, name);
	assert_string_equal(name, "h8");
	qv_sq_name(14, 14, name); /* two-digit ranks (Arrow Party's 15x15) */
	assert_string_equal(name, "o15");
	qv_sq_name(0, 9, name);
	assert_string_equal(name, "a10");
	qv_sq_name(0, 0, name);
	assert_string_equal(name, "a1");
}

static void test_dirs(void **state)
{
	(void)state;
	assert_int_equal(qv_dir_parse("N"), QV_N);
	assert_int_equal(qv_dir_parse("ne"), QV_NE);
	assert_int_equal(qv_dir_parse("sW"), QV_SW);
	assert_int_equal(qv_dir_parse("x"), -1);
	assert_int_equal(qv_dir_parse("NNE"), -1);
	assert_int_equal(qv_dir_parse(""), -1);
	assert_int_equal(qv_dir_rot(QV_N, 2), QV_E);
	assert_int_equal(qv_dir_rot(QV_N, -1), QV_NW);
	assert_int_equal(qv_dir_rot(QV_W, 10), QV_N);
	assert_int_equal(qv_dir_rot(QV_E, -10), QV_N);
	for (int d = 0; d < QV_NDIRS; d++) {
		qv_dir o = qv_dir_opp((qv_dir)d);
		assert_int_equal(qv_dir_dx[d], -qv_dir_dx[o]);
		assert_int_equal(qv_dir_dy[d], -qv_dir_dy[o]);
		assert_int_equal(qv_dir_parse(qv_dir_names[d]), d);
	}
	assert_int_equal(qv_dir_dy[QV_N], 1);
	assert_int_equal(qv_dir_dx[QV_E], 1);
}

/* ---- text helpers ---- */

/* Comma lists: items trimmed, empty items kept, long items cut with their length told. */
/* qv_action_split: tokens of an action, and the two messages every game gives. */
static void test_action_split(void **state)
{
	(void)state;
	char line[16], *tok[4];
	int n = -1;
	qv_err err;
	assert_int_equal(
	    qv_action_split("  go  NE ", line, sizeof line, tok, 3, "go <dir>", &n, &err), QV_OK);
	assert_int_equal(n, 2);
	assert_string_equal(tok[0], "go");
	assert_string_equal(tok[1], "NE");
	assert_int_equal(qv_action_split("a b c d", line, sizeof line, tok, 3, "x", &n, &err),
	                 QV_OK);
	assert_int_equal(n, 4);
	assert_int_equal(qv_action_split(" \t", line, sizeof line, tok, 3, "go <dir>", &n, &err),
	                 QV_EINVAL);
	assert_string_equal(err.msg, "empty action: expected one of go <dir>");
	assert_int_equal(
	    qv_action_split("0123456789abcdef", line, sizeof line, tok, 3, "go <dir>", &n, &err),
	    QV_EINVAL);
	assert_string_equal(err.msg, "action too long: expected one of go <dir>");
}

static void test_list_next(void **state)
{
	(void)state;
	const char *p = " a , bb,,ccccccc ";
	char tok[5];
	size_t len;
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_string_equal(tok, "a");
	assert_int_equal(len, 1);
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_string_equal(tok, "bb");
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_int_equal(len, 0);
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_string_equal(tok, "cccc");
	assert_int_equal(len, 7);
	assert_false(qv_list_next(&p, tok, sizeof tok, &len));
	p = "";
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_int_equal(len, 0);
	assert_false(qv_list_next(&p, tok, sizeof tok, &len));
	p = "x,";
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_true(qv_list_next(&p, tok, sizeof tok, &len));
	assert_int_equal(len, 0);
	assert_false(qv_list_next(&p, tok, sizeof tok, &len));
}

static void test_split(void **state)
{
	(void)state;
	char line[] = "  place  Y c1\tN ";
	char *tok[8];
	assert_int_equal(qv_split(line, tok, 8), 4);
	assert_string_equal(tok[0], "place");
	assert_string_equal(tok[1], "Y");
	assert_string_equal(tok[2], "c1");
	assert_string_equal(tok[3], "N");
	char empty[] = "   ";
	assert_int_equal(qv_split(empty, tok, 8), 0);
	char many[] = "a b c d";
	assert_int_equal(qv_split(many, tok, 3), 4); /* max + 1: too many */
	char exact[] = "a b c";
	assert_int_equal(qv_split(exact, tok, 3), 3);
}

/* qv_join writes what snprintf("%s %s ...") would: the whole text's length returned, the text
 * cut to the buffer with its NUL, nothing written into a buffer of length 0. */
static void test_join(void **state)
{
	(void)state;
	const char *const w[] = {"place", "Y", "c1", "N"};
	for (size_t len = 0; len <= 16; len++) {
		char want[16] = "", got[16] = "";
		memset(got, 'x', sizeof got - 1);
		memset(want, 'x', sizeof want - 1);
		int n = snprintf(want, len, "%s %s %s %s", w[0], w[1], w[2], w[3]);
		assert_int_equal(qv_join(got, len, 4, w), n);
		assert_memory_equal(got, want, sizeof got);
	}
	char one[4];
	assert_int_equal(qv_join(one, sizeof one, 1, (const char *const[]){"ready"}), 5);
	assert_string_equal(one, "rea");
}

/* Quoting typed input: whole when short, else cut at a character boundary with an ellipsis. */
static void test_shorten(void **state)
{
	(void)state;
	char buf[QV_QUOTE_MAX * 4 + 4];
	assert_string_equal(qv_shorten("place Y c1 N", QV_QUOTE_MAX, buf, sizeof buf),
	                    "place Y c1 N");
	assert_string_equal(qv_shorten("", 5, buf, sizeof buf), "");
	assert_string_equal(qv_shorten("abcdef", 6, buf, sizeof buf), "abcdef");
	assert_string_equal(qv_shorten("abcdefg", 6, buf, sizeof buf), "abcdef\xE2\x80\xA6");
	/* Multi-byte characters count as one and are never split. */
	assert_string_equal(qv_shorten("\xC3\xA9\xC3\xA9\xC3\xA9", 2, buf, sizeof buf),
	                    "\xC3\xA9\xC3\xA9\xE2\x80\xA6");
	char longer[1000];
	memset(longer, 'x', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	qv_shorten(longer, QV_QUOTE_MAX, buf, sizeof buf);
	assert_int_equal(strlen(buf), QV_QUOTE_MAX + 3);
	/* A buffer too small for the cut still gets a terminated prefix. */
	char small[8];
	qv_shorten(longer, QV_QUOTE_MAX, small, sizeof small);
	assert_int_equal(strlen(small), 7);
	assert_memory_equal(small, "xxxx\xE2\x80\xA6", 7);
	/* A buffer too small never splits a character either. */
	char tiny[9];
	assert_string_equal(
	    qv_shorten("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", QV_QUOTE_MAX, tiny, sizeof tiny),
	    "\xC3\xA9\xC3\xA9\xE2\x80\xA6");
	/* What is not UTF-8 becomes U+FFFD, one per byte: a stray continuation byte, a lead byte
	 * cut short, an overlong '/', a surrogate, a byte no character starts with. */
	assert_string_equal(qv_shorten("a\x80"
	                               "b",
	                               10, buf, sizeof buf),
	                    "a\xEF\xBF\xBD"
	                    "b");
	assert_string_equal(qv_shorten("\xC3", 10, buf, sizeof buf), "\xEF\xBF\xBD");
	assert_string_equal(qv_shorten("\xC0\xAF", 10, buf, sizeof buf),
	                    "\xEF\xBF\xBD\xEF\xBF\xBD");
	assert_string_equal(qv_shorten("\xED\xA0\x80", 1, buf, sizeof buf),
	                    "\xEF\xBF\xBD\xE2\x80\xA6");
	assert_string_equal(qv_shorten("\xFFz", 10, buf, sizeof buf), "\xEF\xBF\xBDz");
	/* Four-byte characters are kept whole. */
	assert_string_equal(qv_shorten("\xF0\x9F\x8F\xB9!", 10, buf, sizeof buf),
	                    "\xF0\x9F\x8F\xB9!");
}

/* Negative zeros and rounding noise print as 0, never "-0.000"; real values are kept. */
static void test_clean_zero(void **state)
{
	(void)state;
	char buf[32];
	snprintf(buf, sizeof buf, "%.3f", qv_clean_zero(-0.0, 3));
	assert_string_equal(buf, "0.000");
	snprintf(buf, sizeof buf, "%.3f", qv_clean_zero(-0.0004, 3));
	assert_string_equal(buf, "0.000");
	snprintf(buf, sizeof buf, "%.6g", qv_clean_zero(-5.55e-17, 6));
	assert_string_equal(buf, "0");
	assert_true(qv_clean_zero(-0.0006, 3) == -0.0006);
	assert_true(qv_clean_zero(0.25, 3) == 0.25);
	assert_true(qv_clean_zero(-1, 0) == -1);
}

static void test_edit_distance(void **state)
{
	(void)state;
	assert_int_equal(qv_edit_distance("", ""), 0);
	assert_int_equal(qv_edit_distance("", "abc"), 3);
	assert_int_equal(qv_edit_distance("abc", ""), 3);
	assert_int_equal(qv_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(qv_edit_distance("Place Y C1 n", "place y c1 N"), 0);
	assert_int_equal(qv_edit_distance("plac Y c1 N", "place Y c1 N"), 1);
	assert_int_equal(qv_edit_distance("place Y c1 N", "place Y c2 N"), 1);
	char a[400], b[400];
	memset(a, 'a', sizeof a - 1);
	a[sizeof a - 1] = '\0';
	memset(b, 'b', sizeof b - 1);
	b[sizeof b - 1] = '\0';
	int d = qv_edit_distance(a, b);
	assert_true(d <= 255 && d > 100);
}

/* The nearest kept in order of distance, the first offered of equals first, the farthest
 * dropped past the room. */
static void test_nearest_keep(void **state)
{
	(void)state;
	const int d[] = {5, 2, 7, 2, 0, 9, 2};
	int item[3], dist[3], n = 0;
	for (int i = 0; i < 7; i++)
		qv_nearest_keep(item, dist, &n, 3, i, d[i]);
	assert_int_equal(n, 3);
	assert_int_equal(item[0], 4); /* distance 0 */
	assert_int_equal(item[1], 1); /* the first of the three at 2 */
	assert_int_equal(item[2], 3);
	assert_int_equal(dist[2], 2);
	n = 0;
	qv_nearest_keep(item, dist, &n, 3, 8, 4);
	assert_int_equal(n, 1);
	assert_int_equal(item[0], 8);
}

/* qv_copy: whole when it fits, cut and terminated when not, NULL as "", nothing for size 0. */
static void test_copy(void **state)
{
	(void)state;
	char b[6];
	qv_copy(b, sizeof b, "hello");
	assert_string_equal(b, "hello");
	qv_copy(b, sizeof b, "hello, world");
	assert_string_equal(b, "hello");
	qv_copy(b, sizeof b, NULL);
	assert_string_equal(b, "");
	b[0] = 'x';
	qv_copy(b, 0, "abc");
	assert_int_equal(b[0], 'x');
	qv_copy(b, 1, "abc");
	assert_string_equal(b, "");
}

/* The card games' decks: list[0] on top, drawn into a hand counted by id, an empty deck drawn
 * from gives -1; a pool holds each id as often as counted (negative: none), cut at max; a deal
 * fills the hand, then the deck, and stops when the pool runs out. */
/* The one "only these fields" check: the first unknown key named (quoted as valid UTF-8), every
 * known one listed, the object's name optional. */
static void test_json_check_keys(void **state)
{
	(void)state;
	static const char *const known[] = {"step", "action", NULL};
	qv_err err;
	json_t *ok = json_pack("{s:i, s:s}", "step", 1, "action", "x");
	assert_int_equal(qv__json_check_keys(ok, "a try", known, &err), QV_OK);
	json_t *none = json_object();
	assert_int_equal(qv__json_check_keys(none, "a try", known, &err), QV_OK);
	json_t *bad = json_pack("{s:i, s:i}", "step", 1, "why", 2);
	assert_int_equal(qv__json_check_keys(bad, "a try request", known, &err), QV_EINVAL);
	assert_string_equal(err.msg,
	                    "unknown field 'why' in a try request; accepted: step, action");
	assert_int_equal(qv__json_check_keys(bad, NULL, known, &err), QV_EINVAL);
	assert_string_equal(err.msg, "unknown field 'why'; accepted: step, action");
	json_t *odd = json_object();
	json_object_set_new_nocheck(odd, "\xff\xfe", json_true());
	assert_int_equal(qv__json_check_keys(odd, "it", known, &err), QV_EINVAL);
	assert_string_equal(
	    err.msg, "unknown field '\xEF\xBF\xBD\xEF\xBF\xBD' in it; accepted: step, action");
	static const char *const nothing[] = {NULL};
	assert_int_equal(qv__json_check_keys(ok, "x", nothing, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "accepted: "));
	json_decref(ok);
	json_decref(none);
	json_decref(bad);
	json_decref(odd);
}

static void test_deck(void **state)
{
	(void)state;
	uint8_t list[] = {3, 1, 3}, owned[4] = {0}, deck[5] = {9, 9, 9, 9, 9}, hand[4] = {0};
	uint8_t ndeck, nhand = 0;
	qv__deck_setup(list, 3, owned, deck, &ndeck, NULL);
	assert_int_equal(ndeck, 3);
	assert_int_equal(owned[3], 2);
	assert_int_equal(owned[1], 1);
	assert_int_equal(qv__deck_draw(deck, &ndeck, hand, &nhand), 3);
	assert_int_equal(qv__deck_draw(deck, &ndeck, hand, &nhand), 1);
	assert_int_equal(deck[1], 0);
	assert_int_equal(qv__deck_draw(deck, &ndeck, hand, &nhand), 3);
	assert_int_equal(qv__deck_draw(deck, &ndeck, hand, &nhand), -1);
	assert_int_equal(nhand, 3);
	assert_int_equal(hand[3], 2);

	uint8_t big[40];
	for (int i = 0; i < 40; i++)
		big[i] = (uint8_t)(i % 4);
	uint8_t owned2[4] = {0}, deck2[40], nd;
	qv_rng r;
	qv_rng_seed(&r, 5);
	qv__deck_setup(big, 40, owned2, deck2, &nd, &r);
	for (int id = 0; id < 4; id++)
		assert_int_equal(owned2[id], 10);
	assert_int_equal(deck2[39], big[0]);

	int count[4] = {2, -1, 0, 3};
	uint8_t pool[8];
	assert_int_equal(qv__deck_pool(count, 4, pool, 8), 5);
	assert_memory_equal(pool, ((uint8_t[]){0, 0, 3, 3, 3}), 5);
	assert_int_equal(qv__deck_pool(count, 4, pool, 3), 3);
	uint8_t h[4] = {7, 7, 7, 7}, d[4] = {7, 7, 7, 7};
	int at = 0;
	qv__deck_deal_hand((uint8_t[]){0, 0, 3, 3, 3}, 5, &at, h, 4, 2);
	assert_memory_equal(h, ((uint8_t[]){2, 0, 0, 0}), 4);
	qv__deck_deal_deck((uint8_t[]){0, 0, 3, 3, 3}, 5, &at, d, 4, 4);
	assert_int_equal(at, 5);
	assert_memory_equal(d, ((uint8_t[]){3, 3, 3, 0}), 4);
}

/* A card game's name of an id, for test_card_state_json. */
static const char *letter(const void *ctx, int id)
{
	(void)ctx;
	static const char *const names[] = {"a", "b", "c", "d"};
	return names[id];
}

/* A square "s<n>" (n 0-63) read for qv__json_get_mask. */
static qv_status get_square(const json_t *v, const char *what, int *at, qv_err *err)
{
	const char *t = json_string_value(v);
	*at = t && t[0] == 's' ? atoi(t + 1) : -1;
	if (*at < 0 || *at > 63)
		return qv_fail(err, QV_EINVAL, "%s must be a square s0-s63", what);
	return QV_OK;
}

/* Counts the players qv__deck_read_players hands to its reader, refusing p2's "x". */
static qv_status read_one(void *s, int p, const json_t *o, bool *deck_given, qv_err *err)
{
	(*(int *)s)++;
	*deck_given = json_object_get(o, "deck") != NULL;
	if (p == 1 && json_object_get(o, "x"))
		return qv_fail(err, QV_EINVAL, "players[1].x refused");
	return QV_OK;
}

/* The card games' state JSON written once (games/deck.h, json_util.h): a hand by id, a deck
 * top first, what a view hides left out; the head of the state; a list of squares as a mask
 * with the messages each game gave; the players' array. */
static void test_card_state_json(void **state)
{
	(void)state;
	uint8_t hand[4] = {1, 0, 2, 0}, deck[3] = {3, 1, 0};
	json_t *o = qv__deck_put_cards(json_object(), hand, 4, true, deck, 2, true, letter, NULL);
	char *t = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	assert_string_equal(t, "{\"hand\":[\"a\",\"c\",\"c\"],\"deck\":[\"b\",\"d\"]}");
	free(t);
	json_decref(o);
	/* the text writers write what the tree's would, byte for byte */
	qv_buf b = {0};
	qv__jw w = {.b = &b, .ok = true};
	qv__jw_open(&w, NULL, '{');
	qv__deck_text_cards(&w, hand, 4, true, deck, 2, true, letter, NULL);
	qv__jw_turn(&w, "coin", 1, false, 0, 0);
	qv__jw_close(&w, '}');
	assert_true(qv__jw_done(&w));
	assert_string_equal(b.s, "{\"hand\":[\"a\",\"c\",\"c\"],\"deck\":[\"b\",\"d\"],\"phase\":"
	                         "\"coin\",\"active\":\"p2\",\"first\":null,\"turns\":0}");
	qv_buf_free(&b);
	o = qv__deck_put_cards(json_object(), hand, 4, false, deck, 2, false, letter, NULL);
	assert_int_equal(json_object_size(o), 0);
	o = qv__json_put_turn(o, "coin", 1, false, 0, 0);
	o = qv__json_put_turn(o, "main", 0, true, 1, 7);
	t = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	assert_string_equal(t,
	                    "{\"phase\":\"main\",\"active\":\"p1\",\"first\":\"p2\",\"turns\":7}");
	free(t);
	static const char *const phases[] = {"coin", "main"};
	uint8_t phase, active;
	int first;
	qv_err err;
	assert_int_equal(qv__json_get_turn(o, phases, 2, 0, &phase, &active, &first, &err), QV_OK);
	assert_true(phase == 1 && active == 0 && first == 1);
	json_decref(o);
	o = json_pack("{s:s}", "phase", "end");
	assert_int_equal(qv__json_get_turn(o, phases, 2, 0, &phase, &active, &first, &err),
	                 QV_EINVAL);
	assert_string_equal(err.msg, "state.phase must be coin or main");
	json_decref(o);

	uint64_t m = 9;
	assert_int_equal(qv__json_get_mask(NULL, 4, get_square, "w", "squares", NULL, &m, &err),
	                 QV_OK);
	assert_true(m == 0);
	json_t *a = json_pack("[s,s]", "s3", "s40");
	assert_int_equal(qv__json_get_mask(a, 4, get_square, "w", "squares", NULL, &m, &err),
	                 QV_OK);
	assert_true(m == (1ull << 3 | 1ull << 40));
	assert_int_equal(qv__json_get_mask(a, 1, get_square, "c.w", "cells", NULL, &m, &err),
	                 QV_EINVAL);
	assert_string_equal(err.msg, "c.w must be an array of cells");
	json_array_append_new(a, json_string("q"));
	assert_int_equal(qv__json_get_mask(a, 4, get_square, "c.w", "cells", NULL, &m, &err),
	                 QV_EINVAL);
	assert_string_equal(err.msg, "c.w[2] must be a square s0-s63");
	assert_int_equal(qv__json_get_mask(a, 4, get_square, "c.w", "cells", "a square", &m, &err),
	                 QV_EINVAL);
	assert_string_equal(err.msg, "a square must be a square s0-s63");
	json_decref(a);

	int read = 0;
	bool given[2] = {true, true};
	o = json_pack("{s:[{s:[]},{}]}", "players", "deck");
	assert_int_equal(qv__deck_read_players(o, read_one, &read, given, &err), QV_OK);
	assert_true(read == 2 && given[0] && !given[1]);
	json_decref(o);
	o = json_pack("{s:[{}]}", "players");
	assert_int_equal(qv__deck_read_players(o, read_one, &read, given, &err), QV_EINVAL);
	assert_string_equal(err.msg, "state.players must be an array of 2 players");
	json_decref(o);
	o = json_pack("{s:[{},{s:b}]}", "players", "x", 1);
	assert_int_equal(qv__deck_read_players(o, read_one, &read, given, &err), QV_EINVAL);
	json_decref(o);
	o = json_object();
	assert_int_equal(qv__deck_read_players(o, read_one, &read, given, &err), QV_OK);
	assert_true(read == 4 && !given[0] && !given[1]);
	json_decref(o);
	assert_int_equal(qv__json_check_state(json_null(), NULL, &err), QV_EINVAL);
	assert_string_equal(err.msg, "state must be a JSON object");
}

/* The units in the last place between two positive doubles. */
static int64_t ulps_apart(double a, double b)
{
	int64_t x, y;
	memcpy(&x, &a, sizeof x);
	memcpy(&y, &b, sizeof y);
	return x > y ? x - y : y - x;
}

/* The card games' boards read entry by entry through the one loader of a state's array
 * (qv__json_each_object), with the messages each game gave: the array, each entry an object,
 * and an entry's own failure naming its index. */
static void test_card_boards(void **state)
{
	(void)state;
	static const struct {
		const char *game, *board, *says;
	} cases[] = {
	    {"concardia", "3", "state.board must be an array of cards"},
	    {"concardia", "[1]", "board[0] must be an object with sq, card and owner"},
	    {"concardia", "[{'sq':'a1','card':'striker-p','owner':'p1'},{'zz':1}]",
	     "unknown field 'zz' in board[1]; accepted: sq, card, owner, counters, boost, "
	     "strength, defense"},
	    {"evons", "{}", "state.board must be an array of cards"},
	    {"evons", "[{'cell':'x0','card':'cinder-pup','owner':'p1'},[]]",
	     "board[1] must be an object with cell, card and owner"},
	    {"evons", "[{'zz':1}]",
	     "unknown field 'zz' in board[0]; accepted: cell, card, owner, controller, inst, "
	     "covered, growth, damage, atk, def, moved, reactivated"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const qv_game *g = qv_game_find(cases[k].game, NULL);
		assert_non_null(g);
		void *st = calloc(1, g->state_size);
		assert_non_null(st);
		qv_test_init(g, st, "", 1);
		char text[256];
		snprintf(text, sizeof text, "{'board':%s}", cases[k].board);
		for (char *c = text; *c; c++)
			if (*c == '\'')
				*c = '"';
		qv_err err = {{0}};
		assert_int_equal(qv_test_load_json(g, st, text, &err), QV_EINVAL);
		assert_string_equal(err.msg, cases[k].says);
		free(st);
	}
}

/* qv__exp within 2 units in the last place of the C library's over its whole range (each of
 * the 32 entries of its table of 2^(j/32) reached, both sides of the reduction's split, the
 * subnormal results), and exact where e^x is: a constant of the table or of ln 2 / 32 wrong in
 * more than its last bits moves some results by far more. */
static void test_exp(void **state)
{
	(void)state;
	assert_true(qv__exp(0) == 1);
	assert_true(qv__exp(-800) == 0);
	assert_true(isinf(qv__exp(710)));
	uint64_t s = 0x9e3779b97f4a7c15u;
	for (int i = 0; i < 200000; i++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		double u = (double)(s >> 11) / 9007199254740992.0;
		double x =
		    i % 4 ? u * 1450 - 744 : u * 8 - 4; /* a quarter where the search's are */
		double a = qv__exp(x), b = exp(x);
		if (b < 0x1p-1022) /* subnormal: an absolute bound */
			assert_true(fabs(a - b) <= 0x1p-1074 * 2);
		else if (ulps_apart(a, b) > 2)
			fail_msg("qv__exp(%a) = %a, the C library's %a", x, a, b);
	}
	for (int j = 0; j < 32; j++) /* each entry at its own point: x = j ln 2 / 32 */
		assert_true(ulps_apart(qv__exp(j * 0.69314718055994530942 / 32), exp2(j / 32.0)) <=
		            2);
}

/* qv__ln_count within 2 units in the last place of the C library's log at every count below
 * 2^22 (the table below 4,096, then the series over the table's top half from 4,096 on, the
 * search's long searches at the root) and at counts drawn up to 2^32 - 1, and never smaller for
 * a larger count: UCB's order of two children must not turn on the seam between the table and
 * the series, or between two powers of two. A term of the series dropped or a wrong ln 2 moves
 * the counts past the table by far more. */
static void test_ln_count(void **state)
{
	(void)state;
	qv__ln_init();
	assert_true(qv__ln_count(1) == 0);
	double prev = 0;
	for (uint32_t n = 1; n < 1u << 22; n++) {
		double a = qv__ln_count(n), b = log((double)n);
		if (ulps_apart(a, b) > 2)
			fail_msg("qv__ln_count(%u) = %a, the C library's log %a", n, a, b);
		if (a < prev)
			fail_msg("qv__ln_count(%u) = %a below ln(%u) = %a", n, a, n - 1, prev);
		prev = a;
	}
	uint64_t s = 0x9e3779b97f4a7c15u;
	for (int i = 0; i < 200000; i++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		uint32_t n = (uint32_t)(s >> 32) | 1u << 22;
		double a = qv__ln_count(n), b = log((double)n);
		if (ulps_apart(a, b) > 2)
			fail_msg("qv__ln_count(%u) = %a, the C library's log %a", n, a, b);
	}
	assert_true(ulps_apart(qv__ln_count(UINT32_MAX), log(4294967295.0)) <= 2);
}

static void test_streq_and_parse_long(void **state)
{
	(void)state;
	assert_true(qv_streq_nocase("Defend", "dEFEND"));
	assert_false(qv_streq_nocase("defend", "defends"));
	assert_false(qv_streq_nocase("", "x"));
	assert_true(qv_streq_nocase("", ""));
	long v;
	assert_true(qv_parse_long("42", &v));
	assert_int_equal(v, 42);
	assert_true(qv_parse_long("-7", &v));
	assert_int_equal(v, -7);
	assert_true(qv_parse_long("+3", &v));
	assert_int_equal(v, 3);
	assert_false(qv_parse_long("", &v));
	assert_false(qv_parse_long(" 4", &v));
	assert_false(qv_parse_long("4 ", &v));
	assert_false(qv_parse_long("4x", &v));
	assert_false(qv_parse_long("99999999999999999999999", &v));
	assert_false(qv_parse_long(NULL, &v));
	/* what strtol takes, written out: the ends of a long, a sign alone, leading zeros */
	char text[32];
	snprintf(text, sizeof text, "%ld", LONG_MAX);
	assert_true(qv_parse_long(text, &v));
	assert_true(v == LONG_MAX);
	snprintf(text, sizeof text, "%ld", LONG_MIN);
	assert_true(qv_parse_long(text, &v));
	assert_true(v == LONG_MIN);
	snprintf(text, sizeof text, "%lu", (unsigned long)LONG_MAX + 1);
	assert_false(qv_parse_long(text, &v));
	snprintf(text, sizeof text, "-%lu", (unsigned long)LONG_MAX + 2);
	assert_false(qv_parse_long(text, &v));
	assert_false(qv_parse_long("-", &v));
	assert_false(qv_parse_long("+", &v));
	assert_false(qv_parse_long("--1", &v));
	assert_false(qv_parse_long("- 1", &v));
	assert_false(qv_parse_long("0x10", &v));
	assert_true(qv_parse_long("-007", &v));
	assert_int_equal(v, -7);
	assert_true(qv_streq_nocase("Expedition", "eXPEDITION"));
	assert_false(qv_streq_nocase("expedition", "foundry"));
	assert_false(qv_streq_nocase("[", "{")); /* not letters: only A-Z take a case */
}

/* ---- ranks and utilities (game.c) ---- */

static void test_utilities_from_ranks(void **state)
{
	(void)state;
	double u[QV_MAX_PLAYERS];
	int two[] = {2, 1};
	qv_utilities_from_ranks(two, 2, u);
	assert_true(u[0] == -1.0 && u[1] == 1.0);
	int tie2[] = {1, 1};
	qv_utilities_from_ranks(tie2, 2, u);
	assert_true(u[0] == 0.0 && u[1] == 0.0);
	int three[] = {1, 1, 3};
	qv_utilities_from_ranks(three, 3, u);
	assert_true(u[0] == 0.5 && u[1] == 0.5 && u[2] == -1.0);
	int four[] = {1, 2, 2, 4};
	qv_utilities_from_ranks(four, 4, u);
	assert_true(u[0] == 1.0 && u[3] == -1.0);
	assert_true(u[1] > -1e-12 && u[1] < 1e-12 && u[1] == u[2]);
	int four_linear[] = {3, 1, 4, 2};
	qv_utilities_from_ranks(four_linear, 4, u);
	assert_true(u[1] == 1.0 && u[2] == -1.0);
	assert_true(u[3] > 1.0 / 3 - 1e-12 && u[3] < 1.0 / 3 + 1e-12);
	assert_true(u[0] > -1.0 / 3 - 1e-12 && u[0] < -1.0 / 3 + 1e-12);
	int all_tied[] = {1, 1, 1, 1, 1};
	qv_utilities_from_ranks(all_tied, 5, u);
	for (int i = 0; i < 5; i++)
		assert_true(u[i] > -1e-12 && u[i] < 1e-12);
	int one[] = {1};
	qv_utilities_from_ranks(one, 1, u);
	assert_true(u[0] == 0.0);
}

static int cmp_keys(const void *ctx, int a, int b)
{
	const int *k = ctx;
	return (k[a] > k[b]) - (k[a] < k[b]);
}

static void test_ranks_from_order(void **state)
{
	(void)state;
	int keys[] = {5, 3, 5, 1};
	int ranks[4];
	qv_ranks_from_order(4, cmp_keys, keys, ranks);
	assert_int_equal(ranks[0], 1);
	assert_int_equal(ranks[1], 3);
	assert_int_equal(ranks[2], 1);
	assert_int_equal(ranks[3], 4);
	int distinct[] = {1, 2, 3};
	qv_ranks_from_order(3, cmp_keys, distinct, ranks);
	assert_int_equal(ranks[0], 3);
	assert_int_equal(ranks[1], 2);
	assert_int_equal(ranks[2], 1);
}

static void test_player_names(void **state)
{
	(void)state;
	char buf[8];
	assert_string_equal(qv_player_name(0, buf), "p1");
	assert_string_equal(qv_player_name(4, buf), "p5");
	assert_string_equal(qv_player_name(QV_CHANCE, buf), "chance");
	assert_string_equal(qv_player_name(QV_OVER, buf), "over");
	assert_int_equal(qv_player_parse("p1", 2), 0);
	assert_int_equal(qv_player_parse("P2", 2), 1);
	assert_int_equal(qv_player_parse("p3", 2), -1);
	assert_int_equal(qv_player_parse("p0", 2), -1);
	assert_int_equal(qv_player_parse("p12", 5), -1);
	assert_int_equal(qv_player_parse("x1", 5), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rng_determinism),
	    cmocka_unit_test(test_rng_below_range),
	    cmocka_unit_test(test_rng_below_uniform),
	    cmocka_unit_test(test_shuffle_bytes),
	    cmocka_unit_test(test_fail_and_strerror),
	    cmocka_unit_test(test_buf),
	    cmocka_unit_test(test_say_message),
	    cmocka_unit_test(test_fmt),
	    cmocka_unit_test(test_params_set_get),
	    cmocka_unit_test(test_params_text),
	    cmocka_unit_test(test_params_parse),
	    cmocka_unit_test(test_params_typed),
	    cmocka_unit_test(test_params_kinds),
	    cmocka_unit_test(test_params_json),
	    cmocka_unit_test(test_params_check_and_complete),
	    cmocka_unit_test(test_squares),
	    cmocka_unit_test(test_dirs),
	    cmocka_unit_test(test_split),
	    cmocka_unit_test(test_join),
	    cmocka_unit_test(test_list_next),
	    cmocka_unit_test(test_action_split),
	    cmocka_unit_test(test_edit_distance),
	    cmocka_unit_test(test_nearest_keep),
	    cmocka_unit_test(test_shorten),
	    cmocka_unit_test(test_clean_zero),
	    cmocka_unit_test(test_streq_and_parse_long),
	    cmocka_unit_test(test_exp),
	    cmocka_unit_test(test_ln_count),
	    cmocka_unit_test(test_copy),
	    cmocka_unit_test(test_deck),
	    cmocka_unit_test(test_card_state_json),
	    cmocka_unit_test(test_card_boards),
	    cmocka_unit_test(test_json_check_keys),
	    cmocka_unit_test(test_utilities_from_ranks),
	    cmocka_unit_test(test_ranks_from_order),
	    cmocka_unit_test(test_player_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
