/*
 * test_admin.c - `quiver admin` on the database of a running `quiver serve` (127.0.0.1, port
 * 0), from the outside: the tables listed and filtered; a table ended with a reason that both
 * players' sockets receive, and refused again; a chat line hidden from every socket's next
 * snapshot, from a new one and from the store; an address banned (403 for it, others served),
 * a socket open from it closed (1008), a ban made while no server ran in force at the next
 * start, the IPv6 /64 form, and unbanned; an account suspended (signed out, its channel
 * closed, its sign-in refused with the reason) and unsuspended; the audit of all of it with the OS
 * user, or the moderator's name (--as NAME, or sudo's SUDO_USER) beside it; every bad argument
 * refused naming the form expected; players' reports of a chat line and of a player, listed for the
 * moderators, a flood of them refused; a seat's chat muted for a key and for an account. Run
 * against PostgreSQL too (tests/cluster, pg_run.sh).
 *
 * Usage: test_admin PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <pwd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

static char out[16384]; /* the last command's output */

/* th_admin into out. */
#define admin(db, ...) th_admin(db, out, sizeof out, __VA_ARGS__)

/* The command must exit with code and say words. */
static void says(int code, int got, const char *words)
{
	if (got != code || !strstr(out, words))
		fail_msg("expected exit %d and '%s', got exit %d: %s", code, words, got, out);
}

/* Reads s's frames until one of type `type` whose table (a snapshot's or update's) or body
 * passes check; returns it (caller frees). */
static json_t *frame_until(th_seat *s, const char *type, bool (*check)(const json_t *f))
{
	for (;;) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		if (!f)
			fail_msg("no %s frame within the wait", type);
		if (!strcmp(json_string_value(json_object_get(f, "type")), type) && check(f))
			return f;
		json_decref(f);
	}
}

static bool closed(const json_t *f)
{
	const char *ended =
	    json_string_value(json_object_get(json_object_get(f, "table"), "ended"));
	return ended && !strcmp(ended, "closed");
}

static bool any(const json_t *f)
{
	(void)f;
	return true;
}

static void test_tables_end(void **state)
{
	(void)state;
	char db[128], id[32], waiting[32], t1[64], t2[64];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_create("{\"game\": \"evons\", \"seats\": [\"human\", \"easy\"]}", waiting);
	/* the list, its filters */
	says(0, admin(db, "tables"), id);
	assert_non_null(strstr(out, waiting));
	assert_non_null(strstr(out, "playing"));
	assert_non_null(strstr(out, "p2 easy"));
	says(0, admin(db, "tables --status waiting"), waiting);
	assert_null(strstr(out, id));
	says(0, admin(db, "tables --game three-arrows --limit 5"), id);
	assert_null(strstr(out, waiting));
	says(0, admin(db, "tables --game concardia"), "no tables");
	says(2, admin(db, "tables --status done"), "expected waiting, playing or over, got 'done'");
	says(2, admin(db, "tables --limit 0"), "--limit: expected a count from 1 to 100000");
	says(2, admin(db, "tables --reason x"), "tables takes no --reason");
	/* the end: both players' sockets hear it with the reason */
	says(2, admin(db, "end %s", id), "end needs --reason TEXT");
	says(0, admin(db, "end %s --reason 'abuse in the chat'", id), "ended");
	th_seat *both[] = {&p1, &p2};
	for (int i = 0; i < 2; i++) {
		json_t *f = frame_until(both[i], "update", closed);
		const json_t *table = json_object_get(f, "table");
		assert_string_equal(json_string_value(json_object_get(table, "status")), "over");
		assert_string_equal(json_string_value(json_object_get(table, "ended_why")),
		                    "abuse in the chat");
		json_decref(f);
	}
	json_t *info = th_info(id);
	assert_string_equal(json_string_value(json_object_get(info, "ended")), "closed");
	json_decref(info);
	says(1, admin(db, "end %s --reason again", id), "is over already");
	says(1, admin(db, "end 0123456789abcdef --reason x"), "no table '0123456789abcdef'");
	says(2, admin(db, "end 12zz --reason x"), "16 hexadecimal digits");
	says(2, admin(db, "end %s %s --reason x", id, id), "one argument too many");
	/* the audit: who (the OS user), what, why, what the server did */
	const struct passwd *pw = getpwuid(geteuid());
	says(0, admin(db, "audit"), pw->pw_name);
	char line[128];
	snprintf(line, sizeof line, "end %s (reason: abuse in the chat)  [ended]", id);
	assert_non_null(strstr(out, line));
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* A list as text: each string as "s|", each chat line as "n:text|". */
static void joined(const json_t *list, char *text, size_t len)
{
	text[0] = '\0';
	size_t i;
	const json_t *e;
	json_array_foreach(list, i, e)
	{
		size_t at = strlen(text);
		if (json_is_string(e))
			snprintf(text + at, len - at, "%s|", json_string_value(e));
		else
			snprintf(text + at, len - at, "%lld:%s|",
			         (long long)json_integer_value(json_object_get(e, "n")),
			         json_string_value(json_object_get(e, "text")));
	}
}

static void test_hide(void **state)
{
	(void)state;
	char db[128], id[32], t1[64], t2[64], text[512];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat_send(&p1, "{\"type\": \"chat\", \"text\": \"good luck\"}");
	th_seat_send(&p1, "{\"type\": \"chat\", \"text\": \"something rude\"}");
	for (int i = 0; i < 2; i++) {
		json_t *f = frame_until(&p2, "chat", any);
		assert_int_equal(json_integer_value(json_object_get(f, "n")), i + 1);
		json_decref(f);
	}
	says(0, admin(db, "chat %s", id), "   2  ");
	assert_non_null(strstr(out, "something rude"));
	says(0, admin(db, "hide %s 2 --reason rude", id), "hidden");
	th_seat *both[] = {&p1, &p2};
	for (int i = 0; i < 2; i++) {
		json_t *f = frame_until(both[i], "snapshot", any);
		joined(json_object_get(f, "chat"), text, sizeof text);
		assert_string_equal(text, "1:good luck|");
		json_decref(f);
	}
	th_seat late;
	th_seat_open(&late, id, NULL);
	assert_true(th_seat_heard(&late, "good luck"));
	assert_false(th_seat_heard(&late, "something rude"));
	th_seat_close(&late);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tables WHERE people LIKE "
	                                   "'%something rude%'"),
	                 0);
	says(0, admin(db, "chat %s", id), "good luck");
	assert_null(strstr(out, "something rude"));
	/* the next line's number is not the hidden one's */
	th_seat_send(&p2, "{\"type\": \"chat\", \"text\": \"thanks\"}");
	json_t *f = frame_until(&p1, "chat", any);
	assert_int_equal(json_integer_value(json_object_get(f, "n")), 3);
	json_decref(f);
	says(1, admin(db, "hide %s 2", id), "has no chat line 2");
	says(2, admin(db, "hide %s first", id), "LINE: expected a chat line's number");
	says(2, admin(db, "hide %s", id), "hide takes TABLE LINE");
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

static void test_ban(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	/* a socket open from the address before the ban is closed by it */
	char id[32];
	th_create("{\"game\": \"evons\", \"seats\": [\"human\", \"easy\"]}", id);
	th_seat open;
	tc_set_source("127.0.0.9");
	th_seat_open(&open, id, NULL);
	tc_set_source(NULL);
	says(0, admin(db, "ban 127.0.0.9 --reason 'a flood of tables'"), "refused from now on");
	th_expect_close(&open.ws, 1008, "banned from this site");
	th_seat_close(&open);
	tc_set_source("127.0.0.9");
	th_refused("GET", "/api/games", NULL, 403,
	           "banned from this site by its operator: a flood");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\"}", 403, "(127.0.0.9) is banned");
	tc_set_source("127.0.0.10");
	json_decref(th_http("GET", "/api/games", NULL, 200));
	tc_set_source(NULL);
	json_decref(th_http("GET", "/api/games", NULL, 200));
	says(1, admin(db, "ban 127.0.0.9"), "127.0.0.9 is banned already");
	says(0, admin(db, "--as 'Ann B' unban 127.0.0.9"), "served again");
	tc_set_source("127.0.0.9");
	json_decref(th_http("GET", "/api/games", NULL, 200));
	tc_set_source(NULL);
	says(1, admin(db, "unban 127.0.0.9"), "127.0.0.9 is not banned");
	/* the moderator in the audit: --as NAME, or the user sudo names, with the OS user
	 * (before: the OS user alone, root for every moderator working through sudo) */
	const struct passwd *pw = getpwuid(geteuid());
	char who[160];
	snprintf(who, sizeof who, "Ann B (OS user %s)", pw->pw_name);
	says(0, admin(db, "audit --limit 1"), who);
	says(2, admin(db, "--as"), "--as needs a value");
	if (geteuid() == 0) {
		setenv("SUDO_USER", "bob", 1);
		says(0, admin(db, "ban 127.0.0.12"), "refused from now on");
		unsetenv("SUDO_USER");
		snprintf(who, sizeof who, "bob (OS user %s)", pw->pw_name);
		says(0, admin(db, "audit --limit 1"), who);
		says(0, admin(db, "unban 127.0.0.12 --as bob"), "served again");
	}
	/* the forms of an address */
	says(2, admin(db, "ban 300.1.2.3"), "expected an IPv4 address (203.0.113.7)");
	says(2, admin(db, "ban example.com"),
	     "or an IPv6 /64 (2001:db8:1:2::/64); got 'example.com'");
	says(2, admin(db, "ban 2001:db8::/48"), "got '2001:db8::/48'");
	says(2, admin(db, "ban 10.0.0.0/8"), "got '10.0.0.0/8'");
	says(0, admin(db, "ban 2001:db8:1:2:aaaa::5"),
	     "ban 2001:db8:1:2::/64: refused from now on");
	says(1, admin(db, "ban 2001:db8:1:2::/64"), "2001:db8:1:2::/64 is banned already");
	says(0, admin(db, "unban 2001:DB8:1:2:ffff::1"), "unban 2001:db8:1:2::/64: served again");
	says(0, admin(db, "ban ::ffff:127.0.0.9"), "ban 127.0.0.9:");
	/* a ban made while no server runs is in force from its start */
	th_stop();
	says(0, admin(db, "ban 127.0.0.11 --wait 0"), "no running server did its part");
	th_start(db, NULL);
	tc_set_source("127.0.0.11");
	th_refused("GET", "/api/games", NULL, 403, "banned");
	tc_set_source("127.0.0.9");
	th_refused("GET", "/api/games", NULL, 403, "banned");
	tc_set_source(NULL);
	json_decref(th_http("GET", "/api/games", NULL, 200));
	th_stop();
}

static void sign_up(th_browser *b, const char *name)
{
	char body[256];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"correct horse\"}",
	         name);
	tc_reply r;
	th_browser_ask(b, "POST", "/api/accounts", body, 201, &r);
	tc_reply_free(&r);
}

/* The username GET /api/me gives b ("" when signed out). */
static void me(th_browser *b, char name[64])
{
	tc_reply r;
	th_browser_ask(b, "GET", "/api/me", NULL, 200, &r);
	const json_t *a = json_object_get(r.json, "account");
	snprintf(name, 64, "%s",
	         json_is_null(a) ? "" : json_string_value(json_object_get(a, "username")));
	tc_reply_free(&r);
}

static void test_suspend(void **state)
{
	(void)state;
	char db[128], name[64];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0};
	sign_up(&ann, "Ann");
	sign_up(&bob, "Bob");
	tc_ws w;
	assert_int_equal(th_channel_open(&ann, &w), 0);
	th_browser old = ann; /* its session's cookie, replayed after */
	says(0, admin(db, "suspend ann --reason 'spam in every chat'"),
	     "suspend Ann: its sessions ended");
	th_expect_close(&w, 1008, "suspended by the site's operator");
	tc_ws_close(&w);
	me(&ann, name);
	assert_string_equal(name, "");
	me(&old, name);
	assert_string_equal(name, "");
	me(&bob, name);
	assert_string_equal(name, "Bob");
	const char *in = "{\"username\": \"Ann\", \"password\": \"correct horse\"}";
	th_browser_refused(&ann, "POST", "/api/session", in, 403,
	                   "this account is suspended by the site's operator: spam in every chat");
	th_browser_refused(&ann, "POST", "/api/session",
	                   "{\"username\": \"Ann\", \"password\": \"wrong horse\"}", 401,
	                   "wrong username or password");
	says(1, admin(db, "suspend Ann"), "Ann is suspended already");
	says(1, admin(db, "suspend Nobody"), "no account 'Nobody'");
	says(0, admin(db, "unsuspend ANN"), "unsuspend Ann: may sign in again");
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/session", in, 200, &r);
	tc_reply_free(&r);
	me(&ann, name);
	assert_string_equal(name, "Ann");
	says(1, admin(db, "unsuspend Ann"), "Ann is not suspended");
	says(0, admin(db, "audit --limit 2"), "suspend Ann (reason: spam in every chat)");
	assert_non_null(strstr(out, "unsuspend Ann  [may sign in again]"));
	th_stop();
}

/* Reports (issue 54): a player reports another's chat line and the player; bad fields refused
 * by name; the moderators read them (quiver admin reports) and act (hide); an address
 * flooding reports is refused past 20 an hour. */
static void test_reports(void **state)
{
	(void)state;
	char db[128], id[32], t1[64], t2[64], path[96], body[256];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat_send(&p2, "{\"type\": \"chat\", \"text\": \"you play like a potato\"}");
	json_decref(frame_until(&p1, "chat", any));
	snprintf(path, sizeof path, "/api/tables/%s/report", id);
	json_t *got =
	    th_http("POST", path, "{\"seat\": \"p2\", \"line\": 1, \"reason\": \"insult\"}", 201);
	assert_int_equal(json_integer_value(json_object_get(got, "report")), 1);
	json_decref(got);
	json_decref(
	    th_http("POST", path, "{\"seat\": \"p2\", \"reason\": \"rude all game\"}", 201));
	th_refused("POST", path, "{\"seat\": \"p2\", \"line\": 7, \"reason\": \"x\"}", 400,
	           "the table keeps no chat line 7 of p2");
	th_refused("POST", path, "{\"seat\": \"p1\", \"line\": 1, \"reason\": \"x\"}", 400,
	           "no chat line 1 of p1");
	th_refused("POST", path, "{\"seat\": \"p9\", \"reason\": \"x\"}", 400,
	           "'p9' is not a seat of this table");
	th_refused("POST", path, "{\"seat\": \"p2\"}", 400, "reason: expected a text");
	th_refused("POST", path, "{\"seat\": \"p2\", \"reason\": \"x\", \"why\": 1}", 400,
	           "unknown field 'why'");
	th_refused("POST", "/api/tables/0123456789abcdef/report",
	           "{\"seat\": \"p2\", \"reason\": \"x\"}", 404, "no table");
	says(0, admin(db, "reports"), "line 1: you play like a potato");
	assert_non_null(strstr(out, "reason: insult"));
	assert_non_null(strstr(out, "reason: rude all game"));
	assert_non_null(strstr(out, "by 127.0.0.1"));
	says(0, admin(db, "hide %s 1 --reason 'report 1'", id), "hidden");
	/* a flood of reports from one address: 20 an hour, then 429 */
	tc_set_source("127.0.0.20");
	for (int i = 0; i < 20; i++) {
		snprintf(body, sizeof body, "{\"seat\": \"p1\", \"reason\": \"flood %d\"}", i);
		json_decref(th_http("POST", path, body, 201));
	}
	th_refused("POST", path, "{\"seat\": \"p1\", \"reason\": \"one more\"}", 429,
	           "at most 20 reports an hour");
	tc_set_source(NULL);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* Browser b's request to path must answer 200 with the muted seats `want`. */
static void mutes_are(th_browser *b, const char *method, const char *path, const char *body,
                      const char *want)
{
	char text[64];
	tc_reply r;
	th_browser_ask(b, method, path, body, 200, &r);
	joined(json_object_get(r.json, "muted"), text, sizeof text);
	assert_string_equal(text, want);
	tc_reply_free(&r);
}

/* Mutes (issue 54): kept for the player key, for the account once signed in (another device
 * signed in to it sees them), not for anyone else; undone; bad fields refused. */
static void test_mutes(void **state)
{
	(void)state;
	char db[128], id[32], path[96];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(path, sizeof path, "/api/tables/%s/mute", id);
	th_browser phone = {0}, laptop = {0}, other = {0};
	th_browser_key(&phone);
	th_browser_key(&laptop);
	th_browser_key(&other);
	mutes_are(&phone, "POST", path, "{\"seat\": \"p2\", \"mute\": true}", "p2|");
	mutes_are(&phone, "POST", path, "{\"seat\": \"p2\", \"mute\": true}", "p2|");
	mutes_are(&other, "GET", path, NULL, "");
	/* signed in: the account's, on every device; the key's from before still count */
	sign_up(&phone, "Ann");
	mutes_are(&phone, "POST", path, "{\"seat\": \"p1\", \"mute\": true}", "p1|p2|");
	tc_reply r;
	th_browser_ask(&laptop, "POST", "/api/session",
	               "{\"username\": \"Ann\", \"password\": \"correct horse\"}", 200, &r);
	tc_reply_free(&r);
	mutes_are(&laptop, "GET", path, NULL, "p1|");
	mutes_are(&phone, "POST", path, "{\"seat\": \"p2\", \"mute\": false}", "p1|");
	th_browser_refused(&other, "POST", path, "{\"seat\": \"p3\", \"mute\": true}", 400,
	                   "'p3' is not a seat of this table");
	th_browser_refused(&other, "POST", path, "{\"seat\": \"p2\", \"mute\": \"yes\"}", 400,
	                   "\"mute\": true or false");
	th_browser_refused(&other, "POST", "/api/tables/0123456789abcdef/mute",
	                   "{\"seat\": \"p2\", \"mute\": true}", 404, "no table");
	th_browser_refused(NULL, "POST", path, "{\"seat\": \"p2\", \"mute\": true}", 400,
	                   "no player key");
	th_stop();
}

static void test_usage(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	says(0, admin(db, "--help"), "quiver admin COMMAND");
	says(0, admin(db, "end --help"), "--reason TEXT");
	says(0, admin(db, "ban -h"), "bans its whole /64");
	says(2, admin(db, "close"), "unknown command 'close' (expected tables, chat, end");
	says(2, admin(db, "tables --wait soon"), "--wait: expected seconds");
	if (!th_pg())
		says(1, admin("/nonexistent/quiver.db", "tables"),
		     "no database at '/nonexistent/quiver.db'");
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "admin", 900))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_usage), T(test_tables_end), T(test_hide),
	                                   T(test_ban),   T(test_suspend),    T(test_reports),
	                                   T(test_mutes)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
