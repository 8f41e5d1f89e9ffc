/*
 * test_writes.c - the writes a player key or a session makes, against made-up keys and floods
 * (issue 65, the third audit's finding 2). `POST /api/tables/ID/mute` took any well-formed
 * made-up `quiver_key` and wrote a row for each: one address wrote about 2,900 rows a second
 * (2 GB of database an hour), and 64 addresses made a bystander's moves 17 to 111 times slower.
 *
 * - Only keys the server issued are keys: one it gave is taken; a made-up one of the right
 *   form, one another site (another database's secret) gave, and an old random one the
 *   database does not know are refused as no key (400, nothing written), and the answer gives
 *   the browser a new one; an old random key the database knows (a seat taken before keys
 *   were signed) is still taken.
 * - Each write (a mute, its end, a report, a block, its end, a follow, its end, a challenge,
 *   a puzzle's attempt) flooded for FLOOD_MS from FLOODERS addresses, each with a key (or a
 *   session) of its own, back to back: each address gets at most QV__WRITE_AHEAD + 1 of its
 *   writes through (an attempt: QV__ATTEMPT_AHEAD + 1, and one more every QV__ATTEMPT_MS),
 *   the rest 429 with Retry-After, answered on the network loop; the database holds no more
 *   rows than those, and a bystander's act and undo round trip keeps its median within
 *   FLOOD_FACTOR times (plus FLOOD_SLACK_MS) the median of a quiet run measured just before,
 *   side by side.
 * - One key from several addresses is bounded as one browser; several browsers at one table
 *   are bounded as that table (QV__WRITE_TABLE_AHEAD + 1, and QV__WRITE_OWN_AHEAD + 1 more
 *   from each address).
 * - Three addresses that spend a table's allowance leave a player seated there the writes of
 *   their own address: their mute and report of the spammer go on (they were answered 429).
 *
 * Usage: test_writes PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "server/base/token.h"
#include "server/net/pace.h"

/* A flood lasts a second in the sanitizer build (TH_ROUNDS, harness.h): its flooders keep
 * both processors busy for as long as it lasts, nine floods a run. */
#define FLOODERS       16
#define FLOOD_MS       TH_ROUNDS(3000, 1000)
#define TRIPS          40
#define FLOOD_FACTOR   4.0
#define FLOOD_SLACK_MS 10.0
#define TABLE          "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

/* A request with the cookie given ("" none) from this thread's address: its status, and the
 * player key a Set-Cookie gave into given ("" none; may be NULL). */
static int ask(const char *cookie, const char *method, const char *path, const char *body,
               char given[80])
{
	char headers[256] = "";
	if (cookie[0])
		snprintf(headers, sizeof headers, "Cookie: %s\r\n", cookie);
	tc_reply r;
	int status =
	    tc_http_with(th_server.port, method, path, headers, body, body ? strlen(body) : 0, &r);
	if (given) {
		given[0] = '\0';
		const char *set = r.headers ? strstr(r.headers, "Set-Cookie: quiver_key=") : NULL;
		if (set)
			snprintf(given, 80, "%.75s", set + 12);
	}
	tc_reply_free(&r);
	return status;
}

/* A key the server gives ("quiver_key=..."), from this thread's address. */
static void issued_key(char cookie[80])
{
	assert_int_equal(ask("", "GET", "/api/games", NULL, cookie), 200);
	assert_int_equal(strlen(cookie), 11 + QV__KEY_LEN);
}

static long long mutes(const char *db) { return th_sql_number(db, "SELECT count(*) FROM mutes"); }

static void test_issued_keys(void **state)
{
	(void)state;
	char db[128], other[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	snprintf(other, sizeof other, "%s", th_new_db());
	/* a key of another site: another database, another secret */
	char foreign[80];
	th_start(other, NULL);
	issued_key(foreign);
	th_stop();
	th_start(db, NULL);
	char id[32], path[96], mine[80], again[80];
	th_create(TABLE, id);
	snprintf(path, sizeof path, "/api/tables/%s/mute", id);
	const char *body = "{\"seat\": \"p1\", \"mute\": true}";
	issued_key(mine);
	assert_int_equal(ask(mine, "POST", path, body, again), 200);
	assert_string_equal(again, ""); /* kept */
	/* made up, of the right form; another site's */
	char made[80] = "quiver_key=";
	for (int i = 0; i < QV__KEY_LEN; i++)
		made[11 + i] = "0123456789abcdef"[rand() % 16];
	const char *const refused[] = {made, foreign};
	for (int i = 0; i < 2; i++) {
		assert_int_equal(ask(refused[i], "POST", path, body, again), 400);
		assert_int_equal(strlen(again), 11 + QV__KEY_LEN); /* a new key given */
		assert_string_not_equal(again, refused[i]);
		assert_int_equal(ask(refused[i], "GET", "/api/me", NULL, again), 200);
		assert_int_equal(strlen(again), 11 + QV__KEY_LEN);
	}
	th_stop();
	assert_int_equal(mutes(db), 1);
	/* An old random key the database knows (it took a seat before keys were signed) is a key;
	 * one it does not know is not. */
	char old[QV__KEY_LEN + 1], hash[QV__HASH_LEN + 1], sql[256], cookie[80];
	qv__key_new(old, hash);
	snprintf(sql, sizeof sql,
	         "INSERT INTO players (hash, name, created, seen) VALUES ('%s', 'Old', 1, 1)",
	         hash);
	th_sql(db, sql);
	th_start(db, NULL);
	snprintf(cookie, sizeof cookie, "quiver_key=%s", old);
	assert_int_equal(ask(cookie, "POST", path, body, again), 200);
	assert_string_equal(again, "");
	qv__key_new(old, hash);
	snprintf(cookie, sizeof cookie, "quiver_key=%s", old);
	assert_int_equal(ask(cookie, "POST", path, body, again), 400);
	th_stop();
	assert_int_equal(mutes(db), 2);
}

/* ---- floods ---- */

/* What a flood sends: a mute, its end, a report, a block, a block's end in turn with the block,
 * a follow, a follow's end in turn with the follow, a challenge, and a puzzle's attempt. */
enum { MUTE, UNMUTE, REPORT, BLOCK, UNBLOCK, FOLLOW, UNFOLLOW, CHALLENGE, ATTEMPT, KINDS };
static const char *const kind_name[] = {"mute",   "unmute",   "report",    "block",  "unblock",
                                        "follow", "unfollow", "challenge", "attempt"};
/* The answer of a write that went on past the pace to its route, which refused it: a
 * challenge to an account already challenged (409), an attempt at a puzzle there is not
 * (404). */
static const int refused_through[KINDS] = {[CHALLENGE] = 409, [ATTEMPT] = 404};
/* Whether kind needs a session (an account of the flooder's own). */
static bool signed_in(int kind) { return kind >= BLOCK && kind <= CHALLENGE; }

/* One flooding client: its address, its key or session, what it sends, until stop. */
typedef struct flooder {
	int kind, index;
	const char *table; /* its table's id */
	const char *address;
	char cookie[200];
	atomic_bool *stop;
	long sent, through, paced; /* paced: 429 with Retry-After */
	char trouble[384];         /* the first answer that was none of those */
} flooder;

/* The request of a flood of an account list's (blocks or follows: `list`): an addition (when
 * `add`, or in turn with the end of one) or an end, at Target0 or Target1. */
static void list_request(const flooder *f, const char *list, bool add, const char **method,
                         char path[128], char body[160])
{
	/* an end in turn with the addition, so that each is a write */
	bool adds = add || f->sent % 2 == 0;
	int target = (int)(add ? f->sent % 2 : f->sent / 2 % 2);
	*method = adds ? "POST" : "DELETE";
	if (adds) {
		snprintf(path, 128, "/api/account/%s", list);
		snprintf(body, 160, "{\"username\": \"Target%d\"}", target);
	} else {
		snprintf(path, 128, "/api/account/%s/Target%d", list, target);
	}
}

/* The request of flooder f's kind: method, path and body. */
static void request_of(const flooder *f, const char **method, char path[128], char body[160])
{
	*method = "POST";
	body[0] = '\0';
	if (f->kind == BLOCK || f->kind == UNBLOCK)
		list_request(f, "blocks", f->kind == BLOCK, method, path, body);
	else if (f->kind == FOLLOW || f->kind == UNFOLLOW)
		list_request(f, "follows", f->kind == FOLLOW, method, path, body);
	else if (f->kind == CHALLENGE)
		snprintf(path, 128, "/api/challenges");
	else if (f->kind == ATTEMPT)
		snprintf(path, 128, "/api/puzzles/nopuzzle%ld/attempt", f->sent);
	if (f->kind == CHALLENGE)
		snprintf(body, 160, "{\"username\": \"Target%d\", \"game\": \"three-arrows\"}",
		         (int)(f->sent % 2));
	else if (f->kind == ATTEMPT)
		snprintf(body, 160, "{\"action\": \"a1\"}");
	if (f->kind == MUTE || f->kind == UNMUTE) {
		snprintf(path, 128, "/api/tables/%s/mute", f->table);
		snprintf(body, 160, "{\"seat\": \"p%d\", \"mute\": %s}", 1 + (int)(f->sent % 2),
		         f->kind == MUTE ? "true" : "false");
	} else if (f->kind == REPORT) {
		snprintf(path, 128, "/api/tables/%s/report", f->table);
		snprintf(body, 160, "{\"seat\": \"p1\", \"reason\": \"flood %ld\"}", f->sent);
	}
}

static void *flood_main(void *arg)
{
	flooder *f = arg;
	tc_set_source(f->address);
	while (!atomic_load(f->stop)) {
		const char *method;
		char path[128], body[160];
		request_of(f, &method, path, body);
		tc_reply r;
		char headers[256];
		snprintf(headers, sizeof headers, "Cookie: %s\r\n", f->cookie);
		int status = tc_http_with(th_server.port, method, path, headers,
		                          body[0] ? body : NULL, strlen(body), &r);
		char retry[16];
		f->sent++;
		if (status == 200 || status == 201 || status == refused_through[f->kind])
			f->through++;
		else if (status == 429 && tc_header(&r, "Retry-After", retry, sizeof retry))
			f->paced++;
		else if (!f->trouble[0])
			snprintf(f->trouble, sizeof f->trouble, "%s %s: %d %.150s", method, path,
			         status, r.body ? r.body : "");
		tc_reply_free(&r);
	}
	return NULL;
}

/* Signs up username from this thread's address; its session's cookie into cookie (may be
 * NULL). */
static void sign_up(const char *username, char *cookie)
{
	th_browser b = {0};
	char body[160];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"arrows fly far\"}",
	         username);
	tc_reply r;
	th_browser_ask(&b, "POST", "/api/accounts", body, 201, &r);
	tc_reply_free(&r);
	if (cookie)
		snprintf(cookie, 200, "%s", b.session);
}

/* The bystander: p1 of a table of two people, whose turn it is. */
typedef struct bystander {
	th_seat p1;
	char action[128];
} bystander;

static void bystander_open(bystander *b)
{
	char id[32], t1[64], t2[64];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "
	          "[\"human\", \"human\"]}",
	          id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat_open(&b->p1, id, t1);
	th_seat_wait_to_move(&b->p1, "p1");
	snprintf(b->action, sizeof b->action, "%s", th_seat_first(&b->p1));
}

/* Floods kind from the flooders fl[0..n) while the bystander is timed: the quiet median before,
 * the median during; checks the bound of what went through (through_most, and one more for
 * each flooder every refill_ms the flood lasted: 0, none) and of the bystander's time. */
static void flood(bystander *b, flooder *fl, int n, int kind, long through_most, double refill_ms)
{
	long long v = b->p1.v;
	double quiet = th_act_undo_median(&b->p1.ws, &v, b->action, TRIPS, 0);
	double started = tc_now_ms();
	atomic_bool stop = false;
	pthread_t th[FLOODERS];
	for (int k = 0; k < n; k++) {
		fl[k].stop = &stop;
		assert_int_equal(pthread_create(&th[k], NULL, flood_main, &fl[k]), 0);
	}
	double end = tc_now_ms() + TH_WAIT_MS;
	for (int k = 0; k < n; k++)
		while (fl[k].sent < 2 && !fl[k].trouble[0] && tc_now_ms() < end)
			usleep(10000);
	double during = th_act_undo_median(&b->p1.ws, &v, b->action, TRIPS, FLOOD_MS);
	atomic_store(&stop, true);
	long sent = 0, through = 0, paced = 0;
	for (int k = 0; k < n; k++) {
		pthread_join(th[k], NULL);
		if (fl[k].trouble[0])
			fail_msg("%s flood: %s", kind_name[kind], fl[k].trouble);
		sent += fl[k].sent;
		through += fl[k].through;
		paced += fl[k].paced;
	}
	b->p1.v = v;
	if (refill_ms > 0)
		through_most += n * (long)((tc_now_ms() - started) / refill_ms);
	printf("%s: %ld sent from %d addresses, %ld through, %ld answered 429; the bystander's "
	       "act and undo median %.2f ms quiet, %.2f ms during the flood\n",
	       kind_name[kind], sent, n, through, paced, quiet, during);
	if (through > through_most)
		fail_msg("%s flood: %ld writes went through, more than %ld", kind_name[kind],
		         through, through_most);
	if (during > FLOOD_FACTOR * quiet + FLOOD_SLACK_MS)
		fail_msg(
		    "the %s flood slowed a bystander's acts from %.2f to %.2f ms (median), past "
		    "%.1f times plus %.0f ms",
		    kind_name[kind], quiet, during, FLOOD_FACTOR, FLOOD_SLACK_MS);
}

/* Flooders fl[0..n) of kind from addresses 127.0.third.10 and on, each with a key the server
 * gave it (a session of an account of its own for a block, a follow or a challenge), all at
 * `table`, or (NULL) each at
 * a table of its own that it makes. */
static void flooders(flooder *fl, int n, int third, int kind, const char *table)
{
	static char address[FLOODERS][32], ids[FLOODERS][32];
	for (int k = 0; k < n; k++) {
		char *a = address[k];
		snprintf(a, 32, "127.0.%d.%d", third, 10 + k);
		fl[k] = (flooder){.index = k, .kind = kind, .address = a, .table = table};
		assert_int_equal(tc_set_source(a), 0);
		if (!table) {
			th_create(TABLE, ids[k]);
			fl[k].table = ids[k];
		}
		if (signed_in(kind)) {
			char name[32];
			snprintf(name, sizeof name, "F%d_%d", third, k);
			sign_up(name, fl[k].cookie);
		} else {
			issued_key(fl[k].cookie);
		}
	}
	assert_int_equal(tc_set_source(NULL), 0);
}

static void test_floods(void **state)
{
	(void)state;
	static const char *const extra[] = {"--create-rate", "1000", NULL};
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, extra);
	bystander b;
	bystander_open(&b);
	sign_up("Target0", NULL);
	sign_up("Target1", NULL);
	/* each flooder at a table of its own: its address's and key's bounds are what binds */
	static flooder fl[FLOODERS];
	long per_address = QV__WRITE_AHEAD + 1;
	for (int kind = 0; kind < KINDS; kind++) {
		flooders(fl, FLOODERS, 10 + kind, kind, NULL);
		if (kind == ATTEMPT)
			flood(&b, fl, FLOODERS, kind, FLOODERS * (QV__ATTEMPT_AHEAD + 1),
			      QV__ATTEMPT_MS);
		else
			flood(&b, fl, FLOODERS, kind, FLOODERS * per_address, 0);
	}
	th_seat_close(&b.p1);
	th_stop();
	/* what the floods wrote: a mute per key and seat at most, the reports that went on */
	assert_true(mutes(db) <= 2 * FLOODERS);
	assert_true(th_sql_number(db, "SELECT count(*) FROM reports") <= FLOODERS * per_address);
}

/* One key copied to several addresses is one browser; several browsers at one table are that
 * table. */
static void test_key_and_table(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	bystander b;
	bystander_open(&b);
	char id[32], key[80];
	th_create(TABLE, id);
	issued_key(key);
	static flooder fl[FLOODERS];
	flooders(fl, 4, 20, MUTE, id);
	for (int k = 0; k < 4; k++)
		snprintf(fl[k].cookie, sizeof fl[k].cookie, "%s", key);
	flood(&b, fl, 4, MUTE, QV__WRITE_AHEAD + 1, 0);
	/* at another table, each address a key of its own */
	th_create(TABLE, id);
	flooders(fl, FLOODERS, 21, MUTE, id);
	flood(&b, fl, FLOODERS, MUTE,
	      QV__WRITE_TABLE_AHEAD + 1 + FLOODERS * (QV__WRITE_OWN_AHEAD + 1), 0);
	th_seat_close(&b.p1);
	th_stop();
}

/* Three addresses flooding mutes at a table spend its shared allowance (3 times 21 writes, of
 * 41) and would keep it spent with one a minute each: a player seated there still mutes the
 * spammer and reports them, from an address of their own (its own allowance at the table). */
static void test_flooded_table(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	bystander b;
	bystander_open(&b);
	char id[32], key[80], path[96];
	th_create(TABLE, id);
	assert_int_equal(tc_set_source("127.0.30.1"), 0);
	issued_key(key);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	assert_int_equal(ask(key, "POST", path, "{\"seat\": \"p1\"}", NULL), 200);
	static flooder fl[FLOODERS];
	flooders(fl, 3, 31, MUTE, id);
	flood(&b, fl, 3, MUTE, QV__WRITE_TABLE_AHEAD + 1 + 3 * (QV__WRITE_OWN_AHEAD + 1), 0);
	assert_int_equal(tc_set_source("127.0.30.1"), 0);
	snprintf(path, sizeof path, "/api/tables/%s/mute", id);
	assert_int_equal(ask(key, "POST", path, "{\"seat\": \"p2\", \"mute\": true}", NULL), 200);
	snprintf(path, sizeof path, "/api/tables/%s/report", id);
	assert_int_equal(ask(key, "POST", path, "{\"seat\": \"p2\", \"reason\": \"spam\"}", NULL),
	                 201);
	assert_int_equal(tc_set_source(NULL), 0);
	th_seat_close(&b.p1);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "writes", 850))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_issued_keys), T(test_floods),
	                                   T(test_key_and_table), T(test_flooded_table)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
