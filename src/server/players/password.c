/*
 * password.c - the rules of new passwords, and their hashing at most qv__password_hashes() at
 * once (password.h).
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "core/clock.h"
#include "server/players/password.h"

/* The most common passwords of 8 characters or more (from the lists of leaked passwords most
 * often published: SecLists' top ones, NCSC's 100k), compared in lowercase. Shorter common ones
 * are refused by the length already. */
static const char *const common[] = {
    "password",  "12345678",   "123456789",  "1234567890",  "qwertyui",   "qwertyuiop",
    "iloveyou",  "password1",  "password12", "password123", "11111111",   "00000000",
    "87654321",  "88888888",   "12341234",   "11223344",    "123123123",  "1q2w3e4r",
    "1qaz2wsx",  "qwerty123",  "qwerty12",   "abc12345",    "abcd1234",   "sunshine",
    "princess",  "football",   "baseball",   "welcome1",    "welcome123", "trustno1",
    "superman",  "starwars",   "whatever",   "computer",    "michelle",   "jennifer",
    "corvette",  "mercedes",   "liverpool",  "chocolate",   "butterfly",  "passw0rd",
    "p@ssw0rd",  "p@ssword",   "letmein1",   "letmein123",  "changeme",   "asdfghjk",
    "asdfghjkl", "zxcvbnm1",   "zaq12wsx",   "q1w2e3r4",    "q1w2e3r4t5", "1q2w3e4r5t",
    "qazwsxedc", "123qweasd",  "qweasdzxc",  "aaaaaaaa",    "iloveyou1",  "loveyou1",
    "lovelove",  "babygirl",   "jordan23",   "michael1",    "jessica1",   "charlie1",
    "maverick",  "midnight",   "samantha",   "danielle",    "victoria",   "internet",
    "dragon12",  "monkey12",   "master12",   "shadow12",    "admin123",   "administrator",
    "test1234",  "testtest",   "12344321",   "147258369",   "987654321",  "123456789a",
    "a1234567",  "1234qwer",   "qwer1234",   "1234abcd",    "password!",  "Password1!",
    "football1", "baseball1",  "superman1",  "sunshine1",   "princess1",  "basketball",
    "blink182",  "spiderman",  "pokemon1",   "minecraft",   "starwars1",  "secret123",
    "unknown1",  "zxcvbnm123", "q2w3e4r5",   "66666666",    "99999999",   "12121212",
};

/* The number of UTF-8 characters of valid text (bytes that are not continuation bytes). */
static size_t chars(const char *text, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)text[i] & 0xc0) != 0x80;
	return n;
}

/* Whether a and b (b NUL-terminated) are the same text in any case of A to Z. */
static bool same_text(const char *a, size_t len, const char *b)
{
	if (strlen(b) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
			return false;
	return true;
}

qv_status qv__password_check(const char *pw, size_t len, const char *username, const char *field,
                             qv_err *err)
{
	size_t n = chars(pw, len);
	if (n < QV__PASSWORD_MIN || n > QV__PASSWORD_MAX || len > QV__PASSWORD_BYTES)
		return qv_fail(err, QV_EINVAL,
		               "%s: expected %d to %d characters (at most %d bytes), got %zu "
		               "characters",
		               field, QV__PASSWORD_MIN, QV__PASSWORD_MAX, QV__PASSWORD_BYTES, n);
	if (memchr(pw, '\0', len))
		return qv_fail(err, QV_EINVAL, "%s: must not hold the character U+0000", field);
	if (username && same_text(pw, len, username))
		return qv_fail(err, QV_EINVAL, "%s: must not be the username", field);
	for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
		if (same_text(pw, len, common[i]))
			return qv_fail(err, QV_EINVAL,
			               "%s: one of the most common passwords, the first ones tried "
			               "against any account; choose another",
			               field);
	return QV_OK;
}

static pthread_once_t hashes_once = PTHREAD_ONCE_INIT;
static int hashes = QV__PASSWORD_HASHES;

static void count_hashes(void)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	hashes = cores > 0 && cores <= 2 ? 1 : QV__PASSWORD_HASHES;
}

int qv__password_hashes(void)
{
	pthread_once(&hashes_once, count_hashes);
	return hashes;
}

/* The hashes running, at most qv__password_hashes(): a bound on the process's memory (64 MiB
 * a hash) and on its memory traffic, so it is the process's, whatever number of servers it
 * runs (the tests run several). */
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int running;

static void gate_enter(void)
{
	int most = qv__password_hashes();
	pthread_mutex_lock(&gate_lock);
	while (running >= most)
		pthread_cond_wait(&gate_cond, &gate_lock);
	running++;
	pthread_mutex_unlock(&gate_lock);
}

static void gate_leave(void)
{
	pthread_mutex_lock(&gate_lock);
	running--;
	pthread_cond_signal(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
}

/* Hashes without the gate (the caller holds a place). */
static bool hash_in_gate(const char *pw, size_t len, char out[QV__STORE_PWHASH])
{
	_Static_assert(QV__STORE_PWHASH >= crypto_pwhash_STRBYTES, "room for a hash");
	return crypto_pwhash_str_alg(out, pw, len, crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                             crypto_pwhash_MEMLIMIT_INTERACTIVE,
	                             crypto_pwhash_ALG_ARGON2ID13) == 0;
}

bool qv__password_hash(const char *pw, size_t len, char out[QV__STORE_PWHASH])
{
	gate_enter();
	bool ok = hash_in_gate(pw, len, out);
	gate_leave();
	return ok;
}

/* The dummy hash: of 32 random bytes, made at the first check that needs it. */
static pthread_mutex_t dummy_lock = PTHREAD_MUTEX_INITIALIZER;
static char dummy[QV__STORE_PWHASH];
/* How long the last check against a hash took, in microseconds (0: none yet). */
static atomic_llong check_us;

/* Checks pw against hash in the process's gate, its time kept in check_us. */
static bool check(const char *hash, const char *pw, size_t len)
{
	gate_enter();
	long long t0 = (long long)(qv_mono() * 1e6);
	bool ok = crypto_pwhash_str_verify(hash, pw, len) == 0;
	atomic_store(&check_us, (long long)(qv_mono() * 1e6) - t0);
	gate_leave();
	return ok;
}

/* An unknown username's check: as long as the last real one took, without its work. Usernames
 * are no secret (a sign-up says which are taken, and the players' pages list them), but a
 * sign-in's answer should not say it more easily; the dummy hash did so with 64 MiB and a core
 * for each, and a flood of unknown usernames kept the gate hashing them, whose memory traffic
 * slowed every other request of a small machine about fivefold at the 99th percentile (even
 * at the lowest priority: docs/history/benchmarks-6.md, "Sign-ins in flight"). So the dummy hash is
 * checked once, to know the time, and then waited for. */
static void check_nobody(const char *pw, size_t len)
{
	long long us = atomic_load(&check_us);
	if (us > 0) {
		struct timespec ts = {.tv_sec = us / 1000000, .tv_nsec = (us % 1000000) * 1000};
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
		return;
	}
	pthread_mutex_lock(&dummy_lock);
	if (!dummy[0]) {
		unsigned char r[32];
		randombytes_buf(r, sizeof r);
		gate_enter();
		if (!hash_in_gate((const char *)r, sizeof r, dummy))
			dummy[0] = '\0';
		gate_leave();
	}
	pthread_mutex_unlock(&dummy_lock);
	if (dummy[0])
		check(dummy, pw, len);
}

bool qv__password_verify(const char *hash, const char *pw, size_t len, bool *rehash)
{
	*rehash = false;
	if (!hash) {
		check_nobody(pw, len);
		return false;
	}
	bool ok = check(hash, pw, len);
	if (ok)
		*rehash = crypto_pwhash_str_needs_rehash(hash, crypto_pwhash_OPSLIMIT_INTERACTIVE,
		                                         crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0;
	return ok;
}
