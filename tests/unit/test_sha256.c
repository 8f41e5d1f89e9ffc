/*
 * test_sha256.c - core's SHA-256 (src/core/sha256.c), which names a variant: FIPS 180-4's
 * examples, libsodium's digest (which named variants before, and still checks this one here)
 * over every length across the padding's edges and long random texts, and every game's
 * built-in set hashed as libsodium hashes its canonical text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sodium.h>

#include "core/sha256.h"
#include "quiver/core.h"
#include "quiver/game.h"
#include "quiver/variant.h"

/* libsodium's digest of data, in hexadecimal. */
static void sodium_hex(const void *data, size_t len, char out[65])
{
	unsigned char d[crypto_hash_sha256_BYTES];
	crypto_hash_sha256(d, data, len);
	sodium_bin2hex(out, 65, d, sizeof d);
}

/* FIPS 180-4's examples (and NIST's one of a million a's). */
static void test_fips_examples(void **state)
{
	(void)state;
	char hex[65];
	qv__sha256_hex("abc", 3, hex);
	assert_string_equal(hex,
	                    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	qv__sha256_hex("", 0, hex);
	assert_string_equal(hex,
	                    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	qv__sha256_hex(two, strlen(two), hex);
	assert_string_equal(hex,
	                    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	char *million = malloc(1000000);
	assert_non_null(million);
	memset(million, 'a', 1000000);
	qv__sha256_hex(million, 1000000, hex);
	assert_string_equal(hex,
	                    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(million);
}

/* Every length from 0 to 300 bytes (the padding's one and two blocks, and their edges at 55,
 * 56, 63 and 64), then long random texts, as libsodium digests them. */
static void test_same_as_libsodium(void **state)
{
	(void)state;
	assert_true(sodium_init() >= 0);
	qv_rng rng;
	qv_rng_seed(&rng, 66);
	static uint8_t data[70000];
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)qv_rng_next(&rng);
	char mine[65], theirs[65];
	for (size_t len = 0; len <= 300; len++) {
		qv__sha256_hex(data, len, mine);
		sodium_hex(data, len, theirs);
		assert_string_equal(mine, theirs);
	}
	for (int k = 0; k < 50; k++) {
		size_t len = (size_t)qv_rng_below(&rng, (uint32_t)sizeof data);
		size_t at = (size_t)qv_rng_below(&rng, (uint32_t)(sizeof data - len + 1));
		qv__sha256_hex(data + at, len, mine);
		sodium_hex(data + at, len, theirs);
		assert_string_equal(mine, theirs);
	}
}

/* A variant's name is the same as before: each built-in set's hash is libsodium's of its
 * canonical text. */
static void test_builtin_sets(void **state)
{
	(void)state;
	assert_true(sodium_init() >= 0);
	int sets = 0;
	for (int i = 0; qv_games[i]; i++) {
		if (!qv_games[i]->components)
			continue;
		qv_err err;
		const qv_variant *v = qv_variant_base(qv_games[i], &err);
		assert_non_null(v);
		char theirs[65];
		sodium_hex(v->text, strlen(v->text), theirs);
		assert_string_equal(v->sha256, theirs);
		sets++;
	}
	assert_int_equal(sets, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fips_examples),
	    cmocka_unit_test(test_same_as_libsodium),
	    cmocka_unit_test(test_builtin_sets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
