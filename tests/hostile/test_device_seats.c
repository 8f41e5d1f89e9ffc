/*
 * test_device_seats.c - a seat played from every device of its account (issue 54, item 1),
 * attacked: only a live session of the seat's account gets a token of it, and a device's token
 * works only with the session it was given to.
 *
 * - Another account, a browser signed out, a client without cookies: asking for the account's
 *   seat by name is 409 ("already taken") and gives no token.
 * - A device's token stolen into another browser (another session, or none) is refused at
 *   hello (1008), as any bad token is.
 * - A session ended by a password change on another device, or by a sign-out: the device's
 *   open socket at the table is closed at once (1008), its token is refused from then on, and
 *   it gets no new one; the same after the account's deletion, and an account made afterwards
 *   gets nothing of the seat.
 * - A seat taken without an account at a rated table never joins the account the browser
 *   signs up to afterwards (its result must not go to whoever signs in: issue 52).
 * - A session ended where this process does not hear of it (another process of a site; here the
 *   database's row deleted under the running server): the device's socket is closed at its next
 *   frame, a ping.
 * - At a rematch, a device's connection hears the new table and seat but not the new seat's
 *   token (which works without a session); it asks for its own there.
 * - What a device sees is its seat's view: the same as the seat's other device, never the other
 *   seat's, and a stranger watching sees neither.
 *
 * Usage: test_device_seats PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>
#include <sqlite3.h>

#include "harness.h"
#include "server/base/token.h"

#define PW "arrows fly far"
#define TWO                                                                                        \
	"{\"game\": \"concardia\", \"params\": {\"max_turns\": 40}, \"seats\": [\"human\", \"human\"]}"

/* th_browser_ask, its reply dropped. */
static void ask(th_browser *b, const char *method, const char *path, const char *body, int status)
{
	tc_reply r;
	th_browser_ask(b, method, path, body, status, &r);
	tc_reply_free(&r);
}

/* A new browser with its key, signed up as name (201), or signed in (200) when `in`. */
static void browser(th_browser *b, const char *name, bool in)
{
	memset(b, 0, sizeof *b);
	th_browser_key(b);
	if (!name)
		return;
	char body[160];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"" PW "\"}", name);
	ask(b, "POST", in ? "/api/session" : "/api/accounts", body, in ? 200 : 201);
}

/* Browser b (NULL: no cookies) asks for seat `seat` of table id by name: `status`; with 200,
 * a device's token into token, else no token is in the answer. */
static void ask_seat(th_browser *b, const char *id, const char *seat, int status, char token[64])
{
	char path[96], body[64];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	snprintf(body, sizeof body, "{\"seat\": \"%s\"}", seat);
	tc_reply r;
	th_browser_ask(b, "POST", path, body, status, &r);
	const char *got = json_string_value(json_object_get(r.json, "token"));
	if (status == 200) {
		assert_true(json_is_true(json_object_get(r.json, "device")));
		snprintf(token, 64, "%s", got);
	} else {
		assert_null(got);
		assert_null(strstr(r.body, "token"));
	}
	tc_reply_free(&r);
}

/* Browser b's hello with token at table id is refused: the socket closes with 1008. */
static void hello_refused(const th_browser *b, const char *id, const char *token)
{
	th_seat s;
	assert_int_equal(th_browser_seat_open(b, &s, id, token), 0);
	th_expect_close(&s.ws, 1008, "bad token");
	th_seat_close(&s);
}

/* Browser b opens seat p of table id with token, its snapshot read. */
static void open_as(const th_browser *b, th_seat *s, const char *id, const char *token)
{
	assert_int_equal(th_browser_seat_open(b, s, id, token), 0);
	th_seat_next(s);
}

/* The seat the connection's snapshot (its first frame) says it is. */
static const char *snapshot_seat(const th_seat *s)
{
	static char seat[16];
	json_t *f = json_loads(json_string_value(json_array_get(s->frames, 0)), 0, NULL);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	snprintf(seat, sizeof seat, "%s", json_string_value(json_object_get(f, "seat")));
	json_decref(f);
	return seat;
}

/* A table of Bob (p1, no account) and Ann (p2, taken on her laptop while signed in). */
static void ann_at_p2(th_browser *laptop, char id[32], char t1[64], char t2[64])
{
	th_create(TWO, id);
	th_join(id, "p1", t1);
	th_browser_join(laptop, id, "{\"seat\": \"p2\"}", t2);
}

/* Strangers get nothing; a stolen device token is refused; each view is its seat's own. */
static void test_strangers(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser laptop, phone, cy, out;
	browser(&laptop, "Ann", false);
	browser(&phone, "Ann", true);
	browser(&cy, "Cy", false);
	browser(&out, NULL, false);
	char id[32], t1[64], t2[64], t2b[64], none[64];
	ann_at_p2(&laptop, id, t1, t2);
	ask_seat(&cy, id, "p2", 409, none);
	ask_seat(&out, id, "p2", 409, none);
	ask_seat(NULL, id, "p2", 409, none);
	ask_seat(&cy, id, "p1", 409, none); /* Bob's seat, taken without an account */
	ask_seat(&phone, id, "p1", 409, none);
	ask_seat(&phone, id, "p2", 200, t2b);
	/* the phone's token in another browser, or with no cookies, opens nothing */
	hello_refused(&cy, id, t2b);
	hello_refused(&out, id, t2b);
	hello_refused(NULL, id, t2b);
	/* each device sees p2's view; Bob sees p1's; Cy watching sees the public one */
	th_seat bob, lap, ph, watch;
	th_seat_open(&bob, id, t1);
	open_as(&laptop, &lap, id, t2);
	open_as(&phone, &ph, id, t2b);
	th_seat_open(&watch, id, NULL);
	th_seat *all[] = {&bob, &lap, &ph, &watch};
	for (int i = 0; i < 4; i++)
		th_seat_wait_to_move(all[i], "p1 p2"); /* both choose their start at once */
	assert_true(json_equal(lap.view, ph.view));
	assert_false(json_equal(bob.view, ph.view));
	assert_false(json_equal(watch.view, ph.view));
	/* the phone chooses: the laptop sees the choice, Bob and the watcher never do */
	char chosen[128];
	snprintf(chosen, sizeof chosen, "%s", th_seat_first(&ph));
	th_seat_act(&ph, chosen);
	for (int i = 0; i < 4; i++)
		th_seat_wait_to_move(all[i], "p1");
	assert_true(json_equal(lap.view, ph.view));
	assert_true(th_seat_heard(&lap, chosen));
	assert_false(th_seat_heard(&bob, chosen));
	assert_false(th_seat_heard(&watch, chosen));
	assert_string_equal(snapshot_seat(&ph), "p2");
	for (int i = 0; i < 4; i++)
		th_seat_close(all[i]);
	th_stop();
}

/* A password change on the laptop ends the phone's session: its socket at the table closes,
 * its token and its asking are refused; signed in again it gets a new token, the old one
 * still refused. A sign-out does the same. */
static void test_session_ended(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser laptop, phone;
	browser(&laptop, "Ann", false);
	browser(&phone, "Ann", true);
	char id[32], t1[64], t2[64], t2b[64], t2c[64], none[64];
	ann_at_p2(&laptop, id, t1, t2);
	ask_seat(&phone, id, "p2", 200, t2b);
	th_seat ph;
	open_as(&phone, &ph, id, t2b);
	ask(&laptop, "POST", "/api/account/password",
	    "{\"old\": \"" PW "\", \"new\": \"another long one\"}", 200);
	th_expect_close(&ph.ws, 1008, "session ended");
	th_seat_close(&ph);
	hello_refused(&phone, id, t2b);
	ask_seat(&phone, id, "p2", 409, none);
	/* the laptop's own seat token is the seat's, whatever the sessions */
	th_seat lap;
	th_seat_open(&lap, id, t2);
	th_seat_close(&lap);
	/* signed in again: a new token; the old one stays refused */
	ask(&phone, "POST", "/api/session",
	    "{\"username\": \"Ann\", \"password\": \"another long one\"}", 200);
	ask_seat(&phone, id, "p2", 200, t2c);
	hello_refused(&phone, id, t2b);
	open_as(&phone, &ph, id, t2c);
	ask(&phone, "DELETE", "/api/session", NULL, 204);
	th_expect_close(&ph.ws, 1008, "session ended");
	th_seat_close(&ph);
	hello_refused(&phone, id, t2c);
	ask_seat(&phone, id, "p2", 409, none);
	th_stop();
}

/* The phone's session ends in the database alone, as another process of a site would end it:
 * the phone's socket at the table is closed at its next frame (a ping), and the laptop's, opened
 * with the seat's own token, plays on. */
static void test_session_ended_elsewhere(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_browser laptop, phone;
	browser(&laptop, "Ann", false);
	browser(&phone, "Ann", true);
	char id[32], t1[64], t2[64], t2b[64], hash[QV__HASH_LEN + 1], sql[256];
	ann_at_p2(&laptop, id, t1, t2);
	ask_seat(&phone, id, "p2", 200, t2b);
	th_seat ph, lap;
	open_as(&phone, &ph, id, t2b);
	open_as(&laptop, &lap, id, t2);
	const char *cookie = strchr(phone.session, '=') + 1;
	qv__token_hash(cookie, strlen(cookie), hash);
	snprintf(sql, sizeof sql, "DELETE FROM sessions WHERE hash = '%s'", hash);
	sqlite3 *h;
	assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
	sqlite3_busy_timeout(h, 20000);
	assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_changes(h), 1);
	sqlite3_close(h);
	th_seat_send(&ph, "{\"type\": \"ping\"}");
	th_expect_close(&ph.ws, 1008, "session ended");
	th_seat_close(&ph);
	th_seat_send(&lap, "{\"type\": \"ping\"}");
	bool pong = false; /* updates (the phone gone offline) may come first */
	for (int i = 0; i < 20 && !pong; i++) {
		json_t *f = tc_ws_recv_json(&lap.ws, TH_WAIT_MS);
		assert_non_null(f);
		pong = !strcmp(json_string_value(json_object_get(f, "type")), "pong");
		json_decref(f);
	}
	assert_true(pong);
	th_seat_close(&lap);
	th_stop();
}

/* The account deleted from the laptop: the phone's socket closes, its token is refused, and an
 * account made afterwards (whatever its id) gets nothing of the seat. */
static void test_account_deleted(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser laptop, phone, next;
	browser(&laptop, "Ann", false);
	browser(&phone, "Ann", true);
	char id[32], t1[64], t2[64], t2b[64], none[64];
	ann_at_p2(&laptop, id, t1, t2);
	ask_seat(&phone, id, "p2", 200, t2b);
	th_seat ph;
	open_as(&phone, &ph, id, t2b);
	ask(&laptop, "DELETE", "/api/account", "{\"password\": \"" PW "\"}", 204);
	th_expect_close(&ph.ws, 1008, "session ended");
	th_seat_close(&ph);
	hello_refused(&phone, id, t2b);
	ask_seat(&phone, id, "p2", 409, none);
	browser(&next, "Ann", false); /* the name again, a new account */
	ask_seat(&next, id, "p2", 409, none);
	hello_refused(&next, id, t2b);
	th_stop();
}

#define RATED                                                                                      \
	"{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"rated\": true, "        \
	"\"takebacks\": false, \"clock\": {\"kind\": \"move\", \"seconds\": 60}}"

/* At a rated table, a seat taken signed out stays without an account when its browser signs
 * up: another device of that account gets no token of it (nor does the browser itself by
 * asking); a seat taken signed in is played from the account's other device as anywhere. */
static void test_rated_seat(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann, ann2, bob, bob2;
	browser(&ann, "Ann", false);
	browser(&ann2, "Ann", true);
	browser(&bob, NULL, false);
	char id[32], t1[64], t2[64], t1b[64], none[64];
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/tables", RATED, 201, &r);
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	th_browser_join(&ann, id, "{\"seat\": \"p1\"}", t1);
	th_browser_join(&bob, id, "{\"seat\": \"p2\"}", t2);
	ask(&bob, "POST", "/api/accounts", "{\"username\": \"Bob\", \"password\": \"" PW "\"}",
	    201);
	browser(&bob2, "Bob", true);
	ask_seat(&bob2, id, "p2", 409, none);
	ask_seat(&bob, id, "p2", 409, none);
	ask_seat(&ann2, id, "p2", 409, none);
	ask_seat(&ann2, id, "p1", 200, t1b);
	th_seat a2;
	open_as(&ann2, &a2, id, t1b);
	assert_string_equal(snapshot_seat(&a2), "p1");
	th_seat_close(&a2);
	th_stop();
}

/* The next rematch frame s hears (other frames passed over). */
static json_t *rematch_frame(th_seat *s)
{
	for (int i = 0; i < 50; i++) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		assert_non_null(f);
		if (!strcmp(json_string_value(json_object_get(f, "type")), "rematch"))
			return f;
		json_decref(f);
	}
	fail_msg("no rematch frame");
	return NULL;
}

/* Bob resigns; Bob and Ann's phone ask for a rematch: the laptop hears the new seat's token,
 * the phone only the table and seat, and gets its own token there by asking. */
static void test_rematch(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser laptop, phone;
	browser(&laptop, "Ann", false);
	browser(&phone, "Ann", true);
	char id[32], t1[64], t2[64], t2b[64], mine[64];
	ann_at_p2(&laptop, id, t1, t2);
	ask_seat(&phone, id, "p2", 200, t2b);
	th_seat bob, lap, ph;
	th_seat_open(&bob, id, t1);
	open_as(&laptop, &lap, id, t2);
	open_as(&phone, &ph, id, t2b);
	th_seat_send(&bob, "{\"type\": \"resign\", \"v\": %lld}", bob.v);
	th_seat_wait_to_move(&bob, ""); /* over: a rematch may be asked */
	th_seat_wait_to_move(&ph, "");
	th_seat_send(&bob, "{\"type\": \"rematch\"}");
	th_seat_send(&ph, "{\"type\": \"rematch\"}");
	json_t *fl = rematch_frame(&lap), *fp = rematch_frame(&ph);
	assert_non_null(json_object_get(fl, "token"));
	assert_null(json_object_get(fp, "token"));
	const char *next = json_string_value(json_object_get(fp, "table"));
	assert_string_equal(next, json_string_value(json_object_get(fl, "table")));
	const char *seat = json_string_value(json_object_get(fp, "seat"));
	ask_seat(&phone, next, seat, 200, mine);
	th_seat nph;
	open_as(&phone, &nph, next, mine);
	assert_string_equal(snapshot_seat(&nph), seat);
	json_decref(fl);
	json_decref(fp);
	th_seat_close(&nph);
	th_seat_close(&bob);
	th_seat_close(&lap);
	th_seat_close(&ph);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "device_seats", 600))
		return 1;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_strangers),       T(test_session_ended), T(test_session_ended_elsewhere),
	    T(test_account_deleted), T(test_rated_seat),    T(test_rematch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
