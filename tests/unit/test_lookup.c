/*
 * test_lookup.c - what things are (src/games/lookup.c) on the test game HIGH CARD and on a game
 * without a reference: the names of the entries, a lookup, an unknown name with the nearest
 * names, and the messages.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "quiver/game.h"
#include "testgame.h"

/* The names come from the entries' first lines, in the reference's order, not from a
 * continuation line ("the" of hold's second line is indented and no name). */
static void test_names(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	assert_int_equal(qv_reference_names(&qv_test_game, NULL, &b), 4);
	assert_string_equal(qv_buf_str(&b), "coin\nhold\nfold\nbell\n");
	qv_buf_free(&b);
	/* A game without a reference has no names. */
	qv_game bare = qv_test_game;
	bare.reference = NULL;
	assert_int_equal(qv_reference_names(&bare, NULL, &b), 0);
	assert_string_equal(qv_buf_str(&b), "");
	qv_buf_free(&b);
}

/* A known name (any case) gives its whole entry; an unknown one leaves out unchanged and names
 * the nearest names; a game without a reference says so. */
static void test_lookup(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	qv_err err;
	assert_int_equal(qv_lookup(&qv_test_game, NULL, "HOLD", &b, &err), QV_OK);
	assert_string_equal(qv_buf_str(&b),
	                    "hold: keep the card for the showdown\n  the higher card scores 2\n");
	qv_buf_clear(&b);
	qv_buf_puts(&b, "kept ");
	assert_int_equal(qv_lookup(&qv_test_game, NULL, "folt", &b, &err), QV_EINVAL);
	assert_string_equal(qv_buf_str(&b), "kept ");
	assert_string_equal(err.msg,
	                    "HIGH CARD has nothing called 'folt'; nearest: fold, hold, coin, bell");
	assert_int_equal(qv_lookup(&qv_test_game, NULL, "", &b, &err), QV_EINVAL);
	assert_string_equal(err.msg, "expected a name");
	/* A pasted page is quoted shortened. */
	char junk[300];
	memset(junk, 'z', sizeof junk - 1);
	junk[sizeof junk - 1] = '\0';
	assert_int_equal(qv_lookup(&qv_test_game, NULL, junk, &b, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "zzz\xE2\x80\xA6'"));
	assert_true(strlen(err.msg) < 200);
	qv_game bare = qv_test_game;
	bare.reference = NULL;
	assert_int_equal(qv_lookup(&bare, NULL, "hold", &b, &err), QV_EINVAL);
	assert_string_equal(err.msg,
	                    "HIGH CARD has no reference of its pieces, cards or items yet");
	qv_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_lookup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
